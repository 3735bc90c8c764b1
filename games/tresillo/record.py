"""A deal of Tresillo or L'Ombre as recorded: the Hombre, the bid (Tresillo) or the passes and cards taken in
(L'Ombre), each player's tricks, the extras, or a misdeal. The dealer is Tapete's to know (a client may send it
to have it checked).

Tricks come as ``{"Ana": 5, "Bea": 3}``, as rows ``[{"player": "Ana", "tricks": 5}, ...]`` (the form's), or a
number per seat (``[5, 3, None]``). One of the three players dealt in may be left blank: the rules fill it in
(nine tricks in all). :func:`parse_tresillo` and :func:`parse_ombre` read syntax only, a message per field.

>>> table = ("Ana", "Bea", "Carl")
>>> record = parse_tresillo(table, {"hombre": "ana", "bid": "Solo", "tricks": {"Ana": 6, "Bea": "2"}})
>>> record.bid, record.counts(3), record.hombre.name
('solo', (6, 2, None), 'Ana')
>>> parse_tresillo(table, record.to_json()) == record
True
>>> parse_ombre(table, {"hombre": "Eve", "taken_in": 12})
Traceback (most recent call last):
...
referee.parse.InvalidRecord: hombre: Eve is not playing at this table.; tricks: How many tricks did each player \
take?; taken_in: Must be between 0 and 9.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee import parse
from referee.cards import Card, DeckKind
from referee.game import RecordWithCards
from referee.parse import Errors, InvalidRecord
from referee.text import _
from referee.values import Seat, Values

BIDS = ("juego", "vuelta", "solo")
PASS = "pass"
TRESILLO_FIELDS = ("dealer", "bids", "hombre", "bid", "tricks", "estuche", "primeras", "bola", "void", "plays")
OMBRE_FIELDS = ("dealer", "hombre", "passed", "taken_in", "tricks", "matadors", "first_five", "voll", "void",
                "plays")
SUITS = ("O", "C", "E", "B")  # oros, copas, espadas, bastos
PLAYS_KEYS = frozenset({"leader", "trump", "cards"})
MOST_CARDS = 27  # nine tricks of three cards
ROW_KEYS = frozenset({"player", "tricks"})
BID_KEYS = frozenset({"player", "bid"})


@dataclass(frozen=True)
class Taken(Values):
    """A player's tricks (``None``: left blank, to be worked out)."""

    player: Seat
    tricks: int | None = None


@dataclass(frozen=True)
class Bid(Values):
    """What a player said in the bidding: a bid (juego, vuelta, solo) or ``pass``."""

    player: Seat
    bid: str


@dataclass(frozen=True)
class HombrePlays(Values):
    """The cards of a deal entered card by card, kept with the record they made (:mod:`games.tresillo.cards`):
    who led the first trick, the trump suit, and every card in the order played (each trick's winner leads the
    next; 15 cards when the deal stopped after the first five tricks)."""

    leader: Seat
    trump: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class HandRecord(RecordWithCards):
    hombre: Seat | None = None
    tricks: tuple[Taken, ...] = ()
    dealer: Seat | None = None
    void: bool = False
    plays: HombrePlays | None = None  # the cards, when the deal was entered card by card

    def counts(self, seats: int) -> tuple[int | None, ...]:
        """Tricks per seat (``None`` where not given)."""
        found: dict[int, int | None] = {t.player.index: t.tricks for t in self.tricks}
        return tuple(found.get(seat) for seat in range(seats))


@dataclass(frozen=True)
class TresilloRecord(HandRecord):
    """``bids``: the bidding in the order of speaking, if given (it makes or checks the Hombre and the bid).
    A bidding of passes only is the deal all three passed: void, said as such, not as a misdeal (its stored
    form is the bidding alone)."""

    bid: str = "juego"
    bids: tuple[Bid, ...] = ()
    estuche: bool = False
    primeras: bool = False
    bola: bool = False

    def __post_init__(self) -> None:
        if self.all_passed:
            object.__setattr__(self, "void", True)

    @property
    def all_passed(self) -> bool:
        return bool(self.bids) and all(said.bid == PASS for said in self.bids)

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if self.all_passed:
            data.pop("void")  # the passes say it: the history shows the bidding, not "Void deal (misdeal)"
        return data


@dataclass(frozen=True)
class OmbreRecord(HandRecord):
    passed: tuple[Seat, ...] = ()
    taken_in: int = 0
    matadors: int = 0
    first_five: Seat | None = None
    voll: bool = False


def _tricks(players: Sequence[str], raw: Any, errors: Errors) -> tuple[Taken, ...]:
    if parse.is_blank(raw):
        return ()
    wrong = _("Give each player's tricks: a whole number from 0 to 9.")
    items: list[tuple[Any, Any]] = []
    if isinstance(raw, Mapping):
        items = list(raw.items())
    elif isinstance(raw, list | tuple):
        if raw and all(not isinstance(v, Mapping) for v in raw):
            if len(raw) != len(players):
                errors.add("tricks", _("Give one number per player, in the order of play (%(n)s).", n=len(players)))
                return ()
            items = [(seat, value) for seat, value in enumerate(raw)]
        else:
            for row in raw:
                if not isinstance(row, Mapping) or set(row) - ROW_KEYS:
                    errors.add("tricks", _("Each row names a player and their tricks."))
                    return ()
                items.append((row.get("player"), row.get("tricks")))
    else:
        errors.add("tricks", wrong)
        return ()
    found: dict[int, Taken] = {}
    for who, value in items:
        seat = parse.seat(players, who, "tricks", errors, blank=_("Each row names a player and their tricks."))
        count = parse.whole_number(value, "tricks", errors, minimum=0, maximum=9, wrong=wrong)
        if seat is None or "tricks" in errors:
            return ()
        if seat.index in found:
            errors.add("tricks", _("%(name)s is given twice.", name=seat.name))
            return ()
        found[seat.index] = Taken(seat, count)
    return tuple(found[seat] for seat in sorted(found))


def _common(players: Sequence[str], raw: Any, known: Sequence[str], game: str,
            errors: Errors, hombre_known: bool = False) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise InvalidRecord({"__all__": _("A deal record is a set of fields.")})
    parse.unknown_fields(raw, known, errors, game)
    void = parse.yes_no(raw.get("void"), "void", errors)
    dealer = parse.seat(players, raw.get("dealer"), "dealer", errors)
    if void:
        return {"void": True, "dealer": dealer}
    hombre = parse.seat(players, raw.get("hombre"), "hombre", errors,
                        blank=None if hombre_known else _("Who is the Hombre? Tap a name."))
    tricks = _tricks(players, raw.get("tricks"), errors)
    if not tricks and "tricks" not in errors:
        errors.add("tricks", _("How many tricks did each player take?"))
    return {"void": False, "dealer": dealer, "hombre": hombre, "tricks": tricks}


def _plays(players: Sequence[str], raw: Any, errors: Errors) -> HombrePlays | None:
    """The cards kept with a deal entered card by card: who led, the trump suit, the cards in order (at most
    27). Their shape only: what they make is :mod:`games.tresillo.cards`' to say."""
    if parse.is_blank(raw):
        return None
    if not isinstance(raw, Mapping) or any(k not in PLAYS_KEYS for k in raw):
        errors.add("plays", _("The cards of a deal are {leader, trump, cards}."))
        return None
    leader = parse.seat(players, raw.get("leader"), "plays", errors, blank=_("Say who led the first trick."))
    trump = parse.choice(raw.get("trump"), SUITS, "plays", errors, blank=_("Which suit is trumps? Tap it."),
                         wrong=_("Trumps are oros (O), copas (C), espadas (E) or bastos (B)."))
    cards = parse.cards(raw.get("cards") or [], DeckKind.SPANISH40, "plays", errors, unique=False)
    if len(cards) > MOST_CARDS:
        errors.add("plays", _("A deal has %(n)s cards played.", n=MOST_CARDS))
        return None
    if leader is None or trump is None or "plays" in errors:
        return None
    return HombrePlays(leader, str(trump), cards)


def _bids(players: Sequence[str], raw: Any, errors: Errors) -> tuple[Bid, ...]:
    """The bidding as rows ``[{"player": "Bea", "bid": "juego"}, {"player": "Carl", "bid": "pass"}, ...]``."""
    if parse.is_blank(raw) or raw == []:
        return ()
    if not isinstance(raw, list | tuple):
        errors.add("bids", _("Give the bidding as rows, each a player and a bid or pass, in the order of speaking."))
        return ()
    found: list[Bid] = []
    for row in raw:
        if not isinstance(row, Mapping) or set(row) - BID_KEYS:
            errors.add("bids", _("Each row of the bidding names a player and a bid or pass."))
            return ()
        seat = parse.seat(players, row.get("player"), "bids", errors,
                          blank=_("Each row of the bidding names a player and a bid or pass."))
        said = parse.choice(row.get("bid"), (*BIDS, PASS), "bids", errors,
                            blank=_("Each row of the bidding names a player and a bid or pass."),
                            wrong=_("A bid is juego, vuelta or solo, or pass."))
        if seat is None or said is None:
            return ()
        found.append(Bid(seat, str(said)))
    return tuple(found)


PLAYING = 3  # three play each deal (a fourth deals and sits out): three passes end a bidding nobody won


def _all_passed(players: Sequence[str], raw: Mapping[str, Any], bids: tuple[Bid, ...],
                errors: Errors) -> TresilloRecord:
    """The bidding given as passes only: the deal all passed, void; the rules check the passes (all three dealt
    in, each once, in turn). What only a deal played has (a Hombre, tricks taken, estuche, primeras or bola, its
    cards) is refused beside its field: three passes tapped by mistake on a deal played must not throw its money
    away unseen. (The bid is not read: the form always sends one.)"""
    parse.unknown_fields(raw, TRESILLO_FIELDS, errors, "Tresillo")
    dealer = parse.seat(players, raw.get("dealer"), "dealer", errors)
    parse.yes_no(raw.get("void"), "void", errors)  # void or not, three passes are the void deal; unreadable: said
    if len(bids) < PLAYING:  # not over yet, as the rules will say: nothing is thrown away
        errors.raise_if_any()
        return TresilloRecord(dealer=dealer, bid="", bids=bids)
    if not parse.is_blank(raw.get("hombre")):
        errors.add("hombre", _("All three passed: nobody is the Hombre. Clear the Hombre, or correct the bidding."))
    if any(taken.tricks for taken in _tricks(players, raw.get("tricks"), errors)):
        errors.add("tricks", _("All three passed: no trick was played. Clear the tricks, or correct the bidding."))
    for flag in ("estuche", "primeras", "bola"):
        if parse.yes_no(raw.get(flag), flag, errors):
            errors.add(flag, _("All three passed: nothing was played. Turn this off, or correct the bidding."))
    if not parse.is_blank(raw.get("plays")):
        errors.add("plays", _("All three passed: no card was played. Correct the bidding."))
    errors.raise_if_any()
    return TresilloRecord(dealer=dealer, bid="", bids=bids)


def parse_tresillo(players: Sequence[str], raw: Mapping[str, Any]) -> TresilloRecord:
    """The Hombre and the bid may be left out when the bidding is given: the rules work them out."""
    errors = Errors()
    bids = _bids(players, raw.get("bids"), errors) if isinstance(raw, Mapping) else ()
    if bids and all(said.bid == PASS for said in bids):
        return _all_passed(players, raw, bids, errors)
    common = _common(players, raw, TRESILLO_FIELDS, "Tresillo", errors, hombre_known=bool(bids))
    flags = {name: parse.yes_no(raw.get(name), name, errors) for name in ("estuche", "primeras", "bola")}
    plays = _plays(players, raw.get("plays"), errors) if not common["void"] else None
    if common["void"]:
        errors.errors.pop("bids", None)
        errors.raise_if_any()
        return TresilloRecord(dealer=common["dealer"], void=True)
    bid = parse.choice(raw.get("bid"), BIDS, "bid", errors,
                       blank=None if bids else _("Which bid won: juego, vuelta or solo?"),
                       wrong=_("The bid is juego, vuelta or solo."))
    errors.raise_if_any()
    return TresilloRecord(hombre=common["hombre"], tricks=common["tricks"], dealer=common["dealer"],
                          bid=str(bid) if bid is not None else "", bids=bids, estuche=flags["estuche"],
                          primeras=flags["primeras"], bola=flags["bola"], plays=plays)


def parse_ombre(players: Sequence[str], raw: Mapping[str, Any]) -> OmbreRecord:
    errors = Errors()
    common = _common(players, raw, OMBRE_FIELDS, "L'Ombre", errors)
    passed = parse.seats(players, raw.get("passed"), "passed", errors)
    taken_in = parse.whole_number(raw.get("taken_in"), "taken_in", errors, minimum=0, maximum=9,
                                  blank=_("How many cards did the Hombre take in? 0 if none."))
    matadors = parse.whole_number(raw.get("matadors"), "matadors", errors, minimum=0, maximum=9)
    first_five = parse.seat(players, raw.get("first_five"), "first_five", errors)
    voll = parse.yes_no(raw.get("voll"), "voll", errors)
    plays = _plays(players, raw.get("plays"), errors) if not common["void"] else None
    if common["void"]:
        errors.errors.pop("taken_in", None)
        errors.raise_if_any()
        return OmbreRecord(dealer=common["dealer"], void=True)
    errors.raise_if_any()
    return OmbreRecord(hombre=common["hombre"], tricks=common["tricks"], dealer=common["dealer"], passed=passed,
                       taken_in=taken_in or 0, matadors=matadors or 0, first_five=first_five, voll=voll,
                       plays=plays)
