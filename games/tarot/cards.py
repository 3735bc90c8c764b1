"""French Tarot derived from its cards: a deal played card by card gives the record's card-dependent fields.

Given the contract as the record holds it (taker, contract, called card, poignées, a chelem announced, misère)
and the deal played card by card (:class:`~referee.played.PlayedDeal`, made by :func:`new_deal`), with the
chien and the écart where they are known, :func:`derive` finds:

- who took each trick (the game's own referee, :class:`~games.tarot.play.TarotTrickRules`), the partner at
  five players (whoever played the called card; the taker alone when he played it or it lay in the chien);
- the card points of the taker's side, exact in half points (:data:`~games.tarot.numbers.TOTAL_HALVES` = 182
  between the sides), and the bouts it holds: its tricks, with the cards left out of play (the écart in a
  Prise or Garde, the chien in a Garde sans) or without them (the chien counts for the defence in a Garde
  contre);
- the Excuse's exchange: played before the last trick it stays with its owner's side, which gives the trick's
  winner a ½-point card in exchange (when the winner is of the other side). A side that took no trick still
  owes that ½ point, so the defence keeping its Excuse against a chelem holds 4 points and the attack 87
  (RULINGS.md). Played to the last trick it goes to the side that took that trick, unless it was led to finish
  a chelem, where it wins the trick (the referee's ``chelem`` flag);
- the petit au bout (the Petit in the last trick, to the side that took it), and the chelem (the attack took
  every trick: made, announced or not; announced and not made: failed; the defence took every trick).

It gives back a :class:`~games.tarot.record.TarotRecord` that the game's own ``parse``, ``check`` and
``score`` accept, so the score is the game's own.

>>> from games.tarot.rules import GAME
>>> table = GAME.table(["N", "E", "S", "W"])
>>> deal = new_deal(table, taker=table.seat(2), first_leader=table.seat(0))
>>> deal.next_seat.name, deal.tricks_in_deal
('N', 18)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.tarot.check import check_record
from games.tarot.numbers import CHIEN_SIZE, HAND_SIZE, POIGNEE_TRUMPS, TOTAL_HALVES, points_of
from games.tarot.options import TarotOptions
from games.tarot.play import RULE_ECART, TarotTrickRules, chips, ecart_ruling, the_card, the_cards
from games.tarot.record import Chelem, Contract, PetitAuBout, PoigneeSize, Side, TarotRecord, parse_record
from games.tarot.rules_text import RULE_CALLED_KING, RULE_CHIEN, RULE_POIGNEE
from referee.cards import Card, DeckKind, full_deck, tarot_points_halves
from referee.game import TableSpec
from referee.parse import Errors, InvalidRecord
from referee.played import Course, PlayedDeal, PlayedTrick, require_sound_cards
from referee.text import Text, _, and_join, ngettext
from referee.tricks import Play, Situation, Trick
from referee.values import Seat

TRICK_RULES = TarotTrickRules()
PETIT = Card("T", "1")
EXCUSE = Card("EX", "0")
CARD_FIELDS = ("bouts", "points", "points_side", "petit_au_bout")  # what the cards say, not the person


@dataclass(frozen=True)
class TarotCourse(Course):
    """Tarot's course of a deal: the usual one, and the referee's ``chelem`` flag for the last trick (the side
    of its leader took every trick before it), which lets a led Excuse win there."""

    taker: Seat | None = None
    called: Card | None = None
    partner: Seat | None = None  # the record's, when no called card is given (five players)

    def attack(self, plays: Iterable[Play]) -> frozenset[Seat]:
        """The taker's side as the plays show it: the taker, and at five whoever played the called card."""
        side = {self.taker} if self.taker is not None else set()
        if self.called is not None:
            side |= {p.seat for p in plays if p.card == self.called and p.seat is not None}
        elif self.partner is not None:
            side.add(self.partner)
        return frozenset(s for s in side if s is not None)

    def situation(self, deal: PlayedDeal, number: int, leader: Seat, trick: Trick,
                  earlier: Sequence[PlayedTrick]) -> Situation:
        context = super().situation(deal, number, leader, trick, earlier)
        if number != deal.tricks_in_deal or not earlier:
            return context
        attack = self.attack([p for t in earlier for p in t.trick.plays] + list(trick.plays))
        ours = leader in attack
        chelem = all(t.winner is not None and (t.winner in attack) == ours for t in earlier)
        return dataclasses.replace(context, flags={**context.flags, "chelem": chelem})


def new_deal(table: TableSpec[TarotOptions], taker: Seat, first_leader: Seat, called: Card | None = None,
             partner: Seat | None = None, known: Mapping[int, Iterable[Card]] | None = None,
             aside: Iterable[Card] = ()) -> PlayedDeal:
    """A Tarot deal about to be played card by card: 18 tricks at four players (24 at three, 15 at five);
    ``aside``, the cards known to be out of play (the écart put down, or the chien of a garde sans or contre)."""
    context = Situation(table, called=called)
    return PlayedDeal.new(TRICK_RULES, context, first_leader, tricks=HAND_SIZE[table.size], known=known,
                          course=TarotCourse(taker, called, partner), aside=aside)


def put_aside(contract: Contract | None, chien: Iterable[Card], ecart: Iterable[Card]) -> frozenset[Card]:
    """The cards no one plays, of those said before the first card: the écart the taker put down, or in a garde
    sans or contre the chien nobody picked up."""
    if contract in (Contract.GARDE_SANS, Contract.GARDE_CONTRE):
        return frozenset(chien)
    return frozenset(ecart)


def partner(deal: PlayedDeal) -> Seat | None:
    """At five players, the called card's holder once it is played (None before, or if it lies in the chien;
    the taker himself when he called his own card)."""
    course = deal.course
    if not isinstance(course, TarotCourse) or course.called is None:
        return None
    return next((p.seat for p in deal.seated if p.card == course.called), None)


def contract_record(table: TableSpec[TarotOptions], raw: Mapping[str, Any]) -> TarotRecord:
    """The contract as a person sends it (taker, contract, called card or partner, poignées, chelem announced
    as ``"announced_made"`` or ``"announced_failed"``, misère): a record whose card fields the cards will set.
    Card fields sent are ignored (the cards say them); a message per field as :func:`parse_record` gives."""
    given = {k: v for k, v in raw.items() if k not in CARD_FIELDS}
    if table.size == 5 and given.get("partner") in (None, ""):
        given["partner"] = given.get("taker")  # the cards will say who the partner is
    return parse_record(table, {**given, "bouts": 0, "points": 0})


@dataclass(frozen=True)
class ExcuseExchange:
    """Where the Excuse went: who played it, in which trick, who took that trick, and what became of it."""

    owner: Seat
    trick: int
    winner: Seat
    kept: bool  # its owner's side keeps it
    half_point: bool  # and gives the other side a ½-point card for it


@dataclass(frozen=True)
class TarotCards:
    """What the cards of a deal say, and the record they make."""

    record: TarotRecord
    winners: tuple[Seat, ...]  # who took each trick
    attack: tuple[Seat, ...]  # the taker, and the partner at five (in seat order)
    attack_halves: int
    defence_halves: int
    bouts: int
    petit_au_bout: PetitAuBout
    chelem: Chelem
    excuse: ExcuseExchange | None
    aside: tuple[Card, ...]  # the cards not played: the écart, or the chien in a garde sans or contre


def derive(table: TableSpec[TarotOptions], contract: TarotRecord, deal: PlayedDeal, chien: Sequence[Card] = (),
           ecart: Sequence[Card] = ()) -> TarotCards:
    """The record's card fields from the cards of a complete deal; :class:`InvalidRecord` (a message per
    field, citing the rule) when the deal is not over, has a card played twice or not of the deck, or the
    chien or écart given do not fit the cards played."""
    if contract.void or contract.taker is None or contract.contract is None:
        raise InvalidRecord({"contract": _("A void deal has no cards to count.")})
    errors = Errors()
    n = table.size
    total = HAND_SIZE[n] * n
    if not deal.complete:
        errors.add("plays", _("%(played)s of the %(total)s cards have been played: the deal is not over.",
                              played=len(deal.plays), total=total))
    require_sound_cards(deal, errors)
    errors.raise_if_any()

    taker, kind = contract.taker, contract.contract
    seated = deal.seated
    played = {p.card for p in seated}
    aside = tuple(c for c in full_deck(DeckKind.TAROT) if c not in played)
    mate = _partner(table, contract, seated, errors)
    _check_chien(table, kind, taker, seated, aside, chien, ecart, errors)
    errors.raise_if_any()

    attack = frozenset({taker} | ({mate} if mate is not None else set()))
    held = _held(deal.seats, seated)
    _check_called(table, contract, held, errors)
    _check_poignees(table, contract, attack, held, errors)
    errors.raise_if_any()
    tricks = deal.tricks
    winners = tuple(t.winner for t in tricks if t.winner is not None)
    assert len(winners) == len(tricks)
    last = tricks[-1]
    halves = {True: 0, False: 0}  # by "is the attack"
    bouts = {True: 0, False: 0}
    excuse: ExcuseExchange | None = None
    for done in tricks:
        winner = done.winner
        assert winner is not None
        to_attack = winner in attack
        for play in done.trick.plays:
            assert play.seat is not None
            side = to_attack
            if play.card == EXCUSE and done.winning_card != EXCUSE and done is not last:
                side = play.seat in attack  # its owner's side keeps it ...
                owes = side != to_attack
                if owes:  # ... and gives the winner's side a ½-point card for it
                    halves[side] -= 1
                    halves[to_attack] += 1
                excuse = ExcuseExchange(play.seat, done.number, winner, True, owes)
            elif play.card == EXCUSE:
                excuse = ExcuseExchange(play.seat, done.number, winner, (play.seat in attack) == to_attack, False)
            halves[side] += tarot_points_halves(play.card)
            bouts[side] += play.card.is_bout
    aside_to_attack = kind is not Contract.GARDE_CONTRE
    halves[aside_to_attack] += sum(tarot_points_halves(c) for c in aside)
    bouts[aside_to_attack] += sum(c.is_bout for c in aside)
    assert halves[True] + halves[False] == TOTAL_HALVES

    petit = PetitAuBout.NONE
    # "If winning all the tricks and taking the last one with the Fool, petit au bout is scored by playing the
    # 1 of Trumps in the next-to-last trick" (seed 003).
    au_bout = tricks[-2] if last.winning_card == EXCUSE and len(tricks) > 1 else last
    if PETIT in au_bout.trick.cards():
        petit = PetitAuBout.ATTACK if last.winner in attack else PetitAuBout.DEFENCE
    announced = contract.chelem in (Chelem.ANNOUNCED_MADE, Chelem.ANNOUNCED_FAILED)
    if all(w in attack for w in winners):
        chelem = Chelem.ANNOUNCED_MADE if announced else Chelem.UNANNOUNCED_MADE
    elif announced:
        chelem = Chelem.ANNOUNCED_FAILED
    elif not any(w in attack for w in winners):
        chelem = Chelem.DEFENCE
    else:
        chelem = Chelem.NONE
    record = dataclasses.replace(
        contract, partner=(mate or taker) if n == 5 else None, bouts=bouts[True],
        points=points_of(halves[True]), points_side=Side.ATTACK, petit_au_bout=petit, chelem=chelem)
    check_record(table, record)
    return TarotCards(record, winners, tuple(sorted(attack)), halves[True], halves[False], bouts[True], petit,
                      chelem, excuse, aside)


def _partner(table: TableSpec[TarotOptions], contract: TarotRecord, seated: Sequence[Play],
             errors: Errors) -> Seat | None:
    """At five players: whoever played the called card (None: the taker plays alone); else nobody."""
    if table.size != 5:
        return None
    called = contract.called_card
    if called is None:
        if contract.partner is None:
            errors.add("called_card", _("Which card did the taker call? Its holder is the partner."),
                       rule=RULE_CALLED_KING)
            return None
        return None if contract.partner == contract.taker else contract.partner
    holder = next((p.seat for p in seated if p.card == called), None)
    return None if holder is None or holder == contract.taker else holder


def _held(seats: Sequence[Seat], seated: Sequence[Play]) -> dict[Seat, frozenset[Card]]:
    """The cards each player held once the écart was made, in a deal that is over: those it played. That is when
    a poignée is shown ("before playing a card to the first trick", seed 003: a trump discarded is not in it) and
    when the taker names the called card ("After the discard", seed 003: the chien's Kings he took up are his,
    and a King never goes in the écart)."""
    held: dict[Seat, set[Card]] = {seat: set() for seat in seats}
    for play in seated:
        if play.seat is not None:
            held.setdefault(play.seat, set()).add(play.card)
    return {seat: frozenset(cards) for seat, cards in held.items()}


# A called card other than a King, and the ranks the taker must hold all four of to call it (RULINGS.md: "a Queen
# if he holds all four Kings, then Knight, then Jack").
HIGHER_RANKS: dict[str, tuple[str, ...]] = {"K": (), "Q": ("K",), "C": ("K", "Q"), "J": ("K", "Q", "C")}
CALLED_WITHOUT = {
    "Q": _("%(taker)s called %(called)s, but a Queen is called only by a taker holding all four Kings, and "
           "%(taker)s lacked %(missing)s."),
    "C": _("%(taker)s called %(called)s, but a Knight is called only by a taker holding all four Kings and all "
           "four Queens, and %(taker)s lacked %(missing)s."),
    "J": _("%(taker)s called %(called)s, but a Jack is called only by a taker holding all four Kings, Queens and "
           "Knights, and %(taker)s lacked %(missing)s."),
}


def _check_called(table: TableSpec[TarotOptions], contract: TarotRecord, held: Mapping[Seat, frozenset[Card]],
                  errors: Errors) -> None:
    """At five players, a Queen, Knight or Jack called by a taker the cards show did not hold every card above it
    (a King another player played, or one left in the chien of a garde sans or contre): the call could not be."""
    called, taker = contract.called_card, contract.taker
    if table.size != 5 or called is None or taker is None or called.rank not in CALLED_WITHOUT:
        return
    needed = [Card(suit, rank) for rank in HIGHER_RANKS[called.rank] for suit in "SHDC"]
    missing = [card for card in needed if card not in held.get(taker, frozenset())]
    if missing:
        said = {"taker": taker.name, "called": the_card(called), "missing": the_cards(missing)}
        errors.add("called_card", Text(CALLED_WITHOUT[called.rank].template, said),
                   rule=RULE_CALLED_KING)


POIGNEE_SAID: dict[PoigneeSize, Text] = {
    PoigneeSize.SIMPLE: _("a simple poignée"),
    PoigneeSize.DOUBLE: _("a double poignée"),
    PoigneeSize.TRIPLE: _("a triple poignée"),
}


def trumps_to_show(cards: Iterable[Card]) -> int:
    """The most trumps a hand of ``cards`` can show in a poignée: its trumps, and the Excuse, which stands in for
    a trump when the hand has no other trump left out (RULINGS.md), as when every trump is shown."""
    return sum(1 for c in cards if c.is_trump or c.is_excuse)


def _check_poignees(table: TableSpec[TarotOptions], contract: TarotRecord, attack: frozenset[Seat],
                    held: Mapping[Seat, frozenset[Card]], errors: Errors) -> None:
    """Each poignée a side showed needs a player of that side who held its trumps, each player showing one: the
    record says which side showed it, not who, so it cannot be only when no such players are found. The largest
    poignée goes to the player who held the most trumps, the next to the next, and so on."""
    n = table.size
    for side in Side:
        shown = sorted((p.size for p in contract.poignees if p.side is side),
                       key=lambda size: POIGNEE_TRUMPS[n][size], reverse=True)
        if not shown:
            continue
        players = sorted((seat for seat in held if (seat in attack) == (side is Side.ATTACK)),
                         key=lambda seat: (-trumps_to_show(held[seat]), seat.index))
        counts = [trumps_to_show(held[seat]) for seat in players]
        if all(i < len(counts) and POIGNEE_TRUMPS[n][size] <= counts[i] for i, size in enumerate(shown)):
            continue
        said = {"poignees": and_join([POIGNEE_SAID[size] for size in shown]),
                "trumps": and_join([str(POIGNEE_TRUMPS[n][size]) for size in shown]), "players": n}
        most = counts[0] if counts else 0
        if len(players) == 1:
            message = ngettext(
                "The attack showed %(poignees)s (%(trumps)s trumps at %(players)s players), but %(name)s, alone "
                "in the attack, held only %(n)s trump in this deal, the Excuse counted.",
                "The attack showed %(poignees)s (%(trumps)s trumps at %(players)s players), but %(name)s, alone "
                "in the attack, held only %(n)s trumps in this deal, the Excuse counted.",
                most, name=players[0].name, **said)
        else:
            each = and_join([f"{count} ({seat.name})" for seat, count in zip(players, counts, strict=True)])
            message = ngettext(
                "The attack showed %(poignees)s (%(trumps)s trumps at %(players)s players), but its players held "
                "only %(each)s trump in this deal, the Excuse counted.",
                "The attack showed %(poignees)s (%(trumps)s trumps at %(players)s players), but its players held "
                "only %(each)s trumps in this deal, the Excuse counted.",
                most, each=each, **said) if side is Side.ATTACK else ngettext(
                "The defence showed %(poignees)s (%(trumps)s trumps at %(players)s players), but its players held "
                "only %(each)s trump in this deal, the Excuse counted.",
                "The defence showed %(poignees)s (%(trumps)s trumps at %(players)s players), but its players held "
                "only %(each)s trumps in this deal, the Excuse counted.",
                most, each=each, **said)
        errors.add("poignees", message, rule=RULE_POIGNEE)
        return


def _check_chien(table: TableSpec[TarotOptions], kind: Contract, taker: Seat, seated: Sequence[Play],
                 aside: tuple[Card, ...], chien: Sequence[Card], ecart: Sequence[Card], errors: Errors) -> None:
    """The chien and the écart, where known, fit the cards played: the écart is the cards left out of play
    (and a legal one), the chien what the taker took up with his hand; in a garde sans or contre nobody takes
    the chien up, so it is the cards left out, and there is no écart."""
    n = table.size
    size = CHIEN_SIZE[n]
    left = set(aside)
    if chien:
        if len(chien) != size or len(set(chien)) != size:
            errors.add("chien", _("The chien is %(size)s cards at %(n)s players.", size=size, n=n), rule=RULE_CHIEN)
        elif kind in (Contract.GARDE_SANS, Contract.GARDE_CONTRE):
            if set(chien) != left:
                errors.add("chien", _("Nobody takes the chien up in a garde sans or contre, so it is the cards "
                                      "nobody played (%(cards)s).", cards=chips(aside)),
                           rule=RULE_CHIEN)
        else:
            taken = left | {p.card for p in seated if p.seat == taker}
            stray = [c for c in chien if c not in taken]
            if stray:
                errors.add("chien", _("%(cards)s went to another player: the chien goes to the taker's hand.",
                                      cards=chips(stray)), rule=RULE_CHIEN)
    if not ecart:
        return
    if kind in (Contract.GARDE_SANS, Contract.GARDE_CONTRE):
        errors.add("ecart", _("There is no écart in a garde sans or contre: nobody takes the chien up."),
                   rule=RULE_CHIEN)
        return
    if set(ecart) != left or len(ecart) != len(left):
        errors.add("ecart", _("The écart is the cards nobody played (%(cards)s).",
                              cards=chips(aside)), rule=RULE_ECART)
        return
    hand = [p.card for p in seated if p.seat == taker] + list(ecart)
    ruling = ecart_ruling(n, hand, ecart)
    if not ruling.legal:
        errors.add("ecart", ruling.explanation, rule=RULE_ECART)


__all__ = ["ExcuseExchange", "TarotCards", "TarotCourse", "contract_record", "derive", "new_deal", "partner",
           "put_aside"]
