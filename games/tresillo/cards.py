"""Tresillo and L'Ombre derived from their cards: a deal played card by card gives each player's tricks and
the extras the cards decide.

Given the contract as the record holds it (Tresillo: the Hombre or the bidding, the bid; L'Ombre: the Hombre,
the passes, the cards taken in, the voll declared) and the deal played card by card
(:class:`~referee.played.PlayedDeal`, made by :func:`new_deal`: the three dealt in from the eldest, who leads
the first trick; at four the dealer sits out), :func:`derive_tresillo` and :func:`derive_ombre` find, with the
family's referee (:class:`~games.tresillo.play.HombreReferee`):

- who took each trick, and so each player's tricks;
- Tresillo: **estuche** (the Hombre held the three matadors: he played them), **primeras** (the Hombre won the
  first five tricks and the deal stopped there: he is recorded with 5, the four unplayed tricks split two and two
  between the opponents, RULINGS.md), **bola** (all nine tricks to the Hombre);
- L'Ombre: the **matadors** the Hombre counts (the three and the unbroken run below them, from the cards he
  played), who won the **first five** tricks (a player who won them may stop there: the four unplayed tricks are
  split two and two between the others, as in Tresillo).

Where the deal stopped after five tricks the cards left in the Hombre's hand are unseen: an estuche or a count of
matadors given with the contract stands if the cards played do not contradict it (another player played a
matador, or a trump of the run).

They give back the game's own record, which its ``parse``, ``check`` and ``score`` accept.

For card-by-card entry (the games' ``play_fields``, ``played_deal``, ``record_from_plays``, ``plays_of``),
:func:`read_contract` reads what is said before the first card (the record's part and the trump suit, a message
per field), :func:`contract_deal` makes the deal it is played under (at four the dealer, given or the seat
before the first leader, sits out), and :func:`tresillo_lines` and :func:`ombre_lines` say what the cards said.

>>> from games.tresillo.tresillo import TRESILLO
>>> table = TRESILLO.table(["Ana", "Bea", "Carl", "Dani"])
>>> deal = new_deal(table, "O", dealer=table.seat(1))
>>> [s.name for s in deal.seats], deal.next_seat.name, deal.tricks_in_deal
(['Carl', 'Dani', 'Ana'], 'Carl', 9)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from referee import parse
from referee.cards import Card
from referee.game import Field, TableSpec
from referee.parse import Errors, InvalidRecord
from referee.played import Course, PlayedDeal, PlayedTrick, require_sound_cards
from referee.text import Text, _, join, ngettext
from referee.tricks import Situation
from referee.values import Seat

from .bidding import hombre_of_bids
from .family import TRICKS
from .play import REFEREE, matador_words
from .ranking import SUIT_WORDS, matador_count, matadors, trump_order
from .record import MOST_CARDS, SUITS, HandRecord, OmbreRecord, Taken, TresilloRecord, parse_ombre, parse_tresillo
from .rules_text import RULE_BONUSES, RULE_FIRST_FIVE, RULE_MATADORS, RULE_PLAYERS, RULE_RECORD

FIVE = 5  # the first five tricks
TRESILLO_CARD_FIELDS = ("tricks", "primeras", "bola")  # estuche: the cards say it, or the contract when unseen
OMBRE_CARD_FIELDS = ("tricks", "first_five")


@dataclass(frozen=True)
class HombreCourse(Course):
    """The family's course: the usual one (the winner leads), and the deal may stop after five tricks won by
    one player: in Tresillo by the Hombre (primeras), in L'Ombre by anyone who does not play for the voll."""

    hombre: Seat | None = None  # Tresillo: only the Hombre's first five stop the deal
    anyone: bool = False  # L'Ombre: anyone's first five

    def may_end(self, deal: PlayedDeal, tricks: Sequence[PlayedTrick]) -> bool:
        five = first_five(tricks)
        if len(tricks) != FIVE or five is None:
            return False
        return self.anyone or five == self.hombre


    def referee_fields(self, deal: PlayedDeal) -> Mapping[str, str | list[str]]:
        """At a table of four the dealer sits the deal out: the referee is told who dealt (the seat before the
        eldest, who leads the first trick)."""
        table = deal.context.table
        if len(deal.seats) == table.size:
            return {}
        return {"dealer": table.players[table.after(deal.seats[0].index, table.size - 1)]}


def first_five(tricks: Sequence[PlayedTrick]) -> Seat | None:
    """Who won each of the first five tricks, if one player did."""
    winners = {t.winner for t in tricks[:FIVE]}
    if len(tricks) < FIVE or len(winners) != 1:
        return None
    return next(iter(winners))


def dealt_in(table: TableSpec[Any], dealer: Seat) -> tuple[Seat, ...]:
    """The three dealt in, from the eldest: at four the dealer sits out."""
    return tuple(table.seat(table.after(dealer.index, k)) for k in range(1, 4))


def new_deal(table: TableSpec[Any], trump: str, dealer: Seat, hombre: Seat | None = None, ombre: bool = False,
             known: Mapping[int, Iterable[Card]] | None = None) -> PlayedDeal:
    """A deal about to be played card by card: the eldest leads, nine tricks of three cards (``hombre`` lets a
    Tresillo deal stop at his primeras; ``ombre`` lets anyone's first five stop a L'Ombre deal)."""
    seats = dealt_in(table, dealer)
    context = Situation(table, trump=trump, players_in=3 if table.size == 4 else None)
    return PlayedDeal.new(REFEREE, context, seats[0], tricks=TRICKS, seats=seats, known=known,
                          course=HombreCourse(hombre, ombre))


def _contract(parse: Any, table: TableSpec[Any], raw: Mapping[str, Any], card_fields: Sequence[str]) -> Any:
    given = {k: v for k, v in raw.items() if k not in card_fields}
    if given.get("void"):
        return parse(table.players, given)
    return dataclasses.replace(parse(table.players, {**given, "tricks": [0] * table.size}), tricks=())


def tresillo_contract(table: TableSpec[Any], raw: Mapping[str, Any]) -> TresilloRecord:
    """A Tresillo contract as a person sends it (Hombre or bidding, bid, estuche where unseen): the tricks,
    primeras and bola are the cards'; a message per field as :func:`parse_tresillo` gives."""
    record: TresilloRecord = _contract(parse_tresillo, table, raw, TRESILLO_CARD_FIELDS)
    won = hombre_of_bids(record.bids)
    if won is not None and not record.void:
        if record.hombre is None:
            record = dataclasses.replace(record, hombre=table.seat(won[0]))
        if not record.bid:
            record = dataclasses.replace(record, bid=won[1])
    return record


def ombre_contract(table: TableSpec[Any], raw: Mapping[str, Any]) -> OmbreRecord:
    """A L'Ombre contract as a person sends it (Hombre, passes, cards taken in, voll declared, matadors where
    unseen): the tricks and the first five are the cards'."""
    record: OmbreRecord = _contract(parse_ombre, table, raw, OMBRE_CARD_FIELDS)
    return record


@dataclass(frozen=True)
class HombreCards:
    """What the cards of a deal say: who took each trick, each player's tricks, whether the deal stopped after
    five, who won the first five, what the Hombre played."""

    winners: tuple[Seat, ...]
    tricks: dict[Seat, int]  # the three dealt in, the unplayed tricks split when the deal stopped after five
    stopped: bool
    first_five: Seat | None
    hombre_cards: tuple[Card, ...]
    others_played: frozenset[Card]


@dataclass(frozen=True)
class TresilloCards:
    record: TresilloRecord
    cards: HombreCards


@dataclass(frozen=True)
class OmbreCards:
    record: OmbreRecord
    cards: HombreCards


def _count(contract: HandRecord, deal: PlayedDeal) -> HombreCards:
    """The tricks; :class:`InvalidRecord` when the deal is not over or a card is wrong."""
    if contract.void:
        raise InvalidRecord({"void": _("A void deal has no cards to count.")})
    errors = Errors()
    hombre = contract.hombre
    if hombre is None:
        errors.add("hombre", _("Who is the Hombre? Tap a name."))
    elif hombre not in deal.seats:
        errors.add("hombre", _("%(name)s is not dealt in.", name=hombre.name))
    require_sound_cards(deal, errors)
    if not deal.over:
        done = len([t for t in deal.tricks if t.complete])
        errors.add("plays", _("%(played)s of the 9 tricks have been played: the deal is not over.", played=done))
    errors.raise_if_any()
    assert hombre is not None
    played = deal.tricks
    winners = tuple(t.winner for t in played if t.winner is not None)
    tricks = {seat: winners.count(seat) for seat in deal.seats}
    stopped = len(played) < TRICKS
    five = first_five(played)
    if stopped:
        assert five is not None
        for seat in deal.seats:
            if seat != five:
                tricks[seat] += (TRICKS - FIVE) // 2
    mine = tuple(p.card for p in deal.seated if p.seat == hombre)
    others = frozenset(p.card for p in deal.seated if p.seat != hombre)
    return HombreCards(winners, tricks, stopped, five, mine, others)


def _taken(table: TableSpec[Any], counts: Mapping[Seat, int]) -> tuple[Taken, ...]:
    return tuple(Taken(seat, counts[seat]) for seat in sorted(counts, key=lambda s: s.index))


def derive_tresillo(table: TableSpec[Any], contract: TresilloRecord, deal: PlayedDeal) -> TresilloCards:
    """Tresillo's tricks, estuche, primeras and bola from the cards."""
    found = _count(contract, deal)
    hombre = contract.hombre
    assert hombre is not None
    trump = deal.context.trump or ""
    three = set(matadors(trump))
    if found.stopped and found.first_five != hombre:
        raise InvalidRecord({"plays": _("Only the Hombre's first five tricks end the deal (primeras): play on.")},
                            {"plays": RULE_BONUSES})
    held = three <= set(found.hombre_cards)
    if found.stopped and contract.estuche and not held:
        if three & found.others_played:
            raise InvalidRecord({"estuche": _("An opponent played a matador: the Hombre did not hold the three.")},
                                {"estuche": RULE_BONUSES})
        held = True  # the Hombre's last four cards are unseen: the contract says
    won = found.tricks[hombre]
    record = dataclasses.replace(contract, tricks=_taken(table, found.tricks), estuche=held, primeras=found.stopped,
                                 bola=won == TRICKS)
    return TresilloCards(record, found)


def derive_ombre(table: TableSpec[Any], contract: OmbreRecord, deal: PlayedDeal) -> OmbreCards:
    """L'Ombre's tricks, matadors and first five from the cards."""
    found = _count(contract, deal)
    trump = deal.context.trump or ""
    if found.stopped and contract.voll:
        raise InvalidRecord({"voll": _("%(name)s played for the voll: all nine tricks are played.",
                                       name=found.first_five.name if found.first_five else "")},
                            {"voll": RULE_FIRST_FIVE})
    count = matador_count(found.hombre_cards, trump)
    if found.stopped and contract.matadors > count:
        run = 0
        for card in trump_order(trump):
            if card in found.others_played:
                break
            run += 1
        if contract.matadors > run:
            raise InvalidRecord({"matadors": _("The others played trumps of the run: the Hombre counts at most "
                                               "%(n)s.", n=run if run >= 3 else 0)}, {"matadors": RULE_MATADORS})
        count = contract.matadors  # his last cards are unseen: the contract says
    record = dataclasses.replace(contract, tricks=_taken(table, found.tricks), matadors=count,
                                 first_five=found.first_five)
    return OmbreCards(record, found)


# -- a deal entered card by card ----------------------------------------------------------------------------

TRUMP_FIELD = Field("trump", _("Trumps"), "choice", choices=tuple((s, SUIT_WORDS[s]) for s in SUITS))
ASIDE = ("trump", "plays")  # in a contract, what is not the record's
H = TypeVar("H", bound=HandRecord)


def read_contract(read: Callable[[TableSpec[Any], Mapping[str, Any]], H], table: TableSpec[Any],
                  raw: Mapping[str, Any]) -> tuple[H, str]:
    """A contract as the game's ``play_fields`` ask it: the record's part, read by ``read`` (the game's
    :func:`tresillo_contract` or :func:`ombre_contract`), and the trump suit; :class:`InvalidRecord` with a
    message per field.

    >>> from games.tresillo.tresillo import TRESILLO
    >>> table = TRESILLO.table(["Ana", "Bea", "Carl"])
    >>> record, trump = read_contract(tresillo_contract, table, {"hombre": "Bea", "bid": "solo", "trump": "c"})
    >>> record.hombre.name, record.bid, trump
    ('Bea', 'solo', 'C')
    >>> read_contract(tresillo_contract, table, {"bid": "solo"})
    Traceback (most recent call last):
    ...
    referee.parse.InvalidRecord: trump: Which suit is trumps? Tap it.; hombre: Who is the Hombre? Tap a name.
    """
    if not isinstance(raw, Mapping):
        raise InvalidRecord({"__all__": _("A deal record is a set of fields.")})
    errors = Errors()
    found = parse.choice(raw.get("trump"), SUITS, "trump", errors, blank=_("Which suit is trumps? Tap it."),
                         wrong=_("Trumps are oros (O), copas (C), espadas (E) or bastos (B)."))
    given = {k: v for k, v in raw.items() if k not in ASIDE}
    if parse.yes_no(given.get("void"), "void", errors):
        errors.add("void", _("A void deal has no cards to enter: record it from the table page."))
        errors.raise_if_any()
    record: H | None = None
    try:
        record = read(table, given)
    except InvalidRecord as exc:
        errors.add_all(exc)
    if record is not None and record.void:  # a bidding all three passed
        errors.add("bids", _("A void deal has no cards to enter: record it from the table page."))
    elif record is not None and record.hombre is None and "bids" not in errors:
        errors.add("hombre", _("Who is the Hombre? Tap a name."), rule=RULE_RECORD)
    errors.raise_if_any()
    assert record is not None and found is not None
    return record, str(found)


def contract_deal(table: TableSpec[Any], contract: HandRecord, trump: str, first_leader: Seat,
                  ombre: bool) -> PlayedDeal:
    """The deal played under ``contract``: the three dealt in (the dealer given, else the seat before
    ``first_leader``, sits out at four), ``first_leader`` leading; :class:`InvalidRecord` when the leader or
    the Hombre sits the deal out.

    >>> from games.tresillo.tresillo import TRESILLO
    >>> four = TRESILLO.table(["Ana", "Bea", "Carl", "Dani"])
    >>> record, trump = read_contract(tresillo_contract, four, {"hombre": "Carl", "bid": "juego", "trump": "E"})
    >>> deal = contract_deal(four, record, trump, four.seat(1), ombre=False)
    >>> [s.name for s in deal.seats], deal.next_seat.name, deal.context.trump
    (['Bea', 'Carl', 'Dani'], 'Bea', 'E')
    >>> contract_deal(four, dataclasses.replace(record, hombre=four.seat(0)), trump, four.seat(1), ombre=False)
    Traceback (most recent call last):
    ...
    referee.parse.InvalidRecord: hombre: Ana deals this deal and sits it out: the Hombre is one of Bea, Carl, Dani.
    """
    errors = Errors()
    dealer = contract.dealer or table.seat(table.after(first_leader.index, -1))
    seats = dealt_in(table, dealer)
    names = join([s.name for s in seats])
    if first_leader not in seats:
        errors.add("leader", _("%(name)s deals and sits this deal out: the leader is one of %(names)s.",
                               name=first_leader.name, names=names), rule=RULE_PLAYERS)
    hombre = contract.hombre
    if hombre is not None and hombre not in seats:
        errors.add("hombre", _("%(name)s deals this deal and sits it out: the Hombre is one of %(names)s.",
                               name=hombre.name, names=names), rule=RULE_PLAYERS)
    errors.raise_if_any()
    deal = new_deal(table, trump, dealer, hombre=None if ombre else hombre, ombre=ombre)
    return dataclasses.replace(deal, first_leader=seats[seats.index(first_leader)])


def too_many(deal: PlayedDeal) -> None:
    """:class:`InvalidRecord` when more cards were sent than nine tricks hold."""
    if len(deal.plays) > TRICKS * len(deal.seats):
        raise InvalidRecord({"plays": _("A deal has %(n)s cards played.", n=MOST_CARDS)})


def _tricks_line(found: HombreCards) -> Text:
    parts = [Text("%(p)s %(n)s", {"p": seat.name, "n": n}) for seat, n in found.tricks.items()]
    return _("Tricks taken: %(tricks)s.", tricks=join(parts))


def _others(found: HombreCards, seat: Seat | None) -> Text:
    return join([s.name for s in found.tricks if s != seat])


def tresillo_lines(contract: TresilloRecord, found: TresilloCards, trump: str) -> tuple[Text, ...]:
    """What the cards said: each player's tricks, primeras (and who the unplayed tricks go to), estuche (the
    three matadors the Hombre played, or given for cards left unplayed), bola."""
    record, cards = found.record, found.cards
    assert record.hombre is not None
    hombre = record.hombre.name
    lines = [_tricks_line(cards)]
    if record.primeras:
        lines.append(_("Primeras: %(hombre)s won the first five tricks and stopped; the four tricks not played "
                       "go two and two to %(others)s.", hombre=hombre, others=_others(cards, record.hombre)))
    three = matadors(trump)
    if record.estuche and set(three) <= set(cards.hombre_cards):
        lines.append(_("Estuche: %(hombre)s played the three matadors (%(cards)s).", hombre=hombre,
                       cards=join([matador_words(c, trump) for c in three])))
    elif record.estuche:
        lines.append(_("Estuche as given: %(hombre)s stopped before playing every matador, and nobody else "
                       "played one.", hombre=hombre))
    elif contract.estuche:
        lines.append(_("No estuche: %(hombre)s did not play the three matadors.", hombre=hombre))
    if record.bola:
        lines.append(_("Bola: %(hombre)s took all nine tricks.", hombre=hombre))
    return tuple(lines)


def ombre_lines(contract: OmbreRecord, found: OmbreCards, trump: str) -> tuple[Text, ...]:
    """What the cards said: each player's tricks, who won the first five (and whether the deal stopped there),
    the matadors the Hombre counts (played, or given for cards left unplayed)."""
    record, cards = found.record, found.cards
    assert record.hombre is not None
    hombre = record.hombre.name
    lines = [_tricks_line(cards)]
    five = record.first_five
    if five is not None and cards.stopped:
        lines.append(_("%(name)s won the first five tricks and stopped there; the four tricks not played go two "
                       "and two to %(others)s.", name=five.name, others=_others(cards, five)))
    elif five is not None:
        lines.append(_("First five tricks: %(name)s.", name=five.name))
    played = matador_count(cards.hombre_cards, trump)
    if record.matadors and record.matadors == played:
        lines.append(ngettext("%(hombre)s played %(n)s matador: %(cards)s.", "%(hombre)s played %(n)s matadors: "
                              "%(cards)s.", played, hombre=hombre,
                              cards=join([matador_words(c, trump) for c in trump_order(trump)[:played]])))
    elif record.matadors:
        lines.append(_("Matadors as given, %(n)s: %(hombre)s stopped before playing them all, and nobody else "
                       "played a trump of the run.", n=record.matadors, hombre=hombre))
    elif contract.matadors:
        lines.append(_("No matadors: %(hombre)s did not play the three.", hombre=hombre))
    return tuple(lines)


__all__ = ["ASIDE", "HombreCards", "HombreCourse", "OmbreCards", "TRUMP_FIELD", "TresilloCards", "contract_deal",
           "dealt_in", "derive_ombre", "derive_tresillo", "first_five", "new_deal", "ombre_contract", "ombre_lines",
           "read_contract", "too_many", "tresillo_contract", "tresillo_lines"]
