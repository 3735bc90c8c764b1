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

>>> from games.tresillo.tresillo import TRESILLO
>>> table = TRESILLO.table(["Ana", "Bea", "Carl", "Dani"])
>>> deal = new_deal(table, "O", dealer=table.seat(1))
>>> [s.name for s in deal.seats], deal.next_seat.name, deal.tricks_in_deal
(['Carl', 'Dani', 'Ana'], 'Carl', 9)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import Card
from referee.game import TableSpec
from referee.parse import Errors, InvalidRecord
from referee.played import Course, PlayedDeal, PlayedTrick, require_sound_cards
from referee.text import _
from referee.tricks import Situation
from referee.values import Seat

from .family import TRICKS
from .play import REFEREE
from .ranking import matador_count, matadors, trump_order
from .record import HandRecord, OmbreRecord, Taken, TresilloRecord, parse_ombre, parse_tresillo
from .rules_text import RULE_BONUSES, RULE_FIRST_FIVE, RULE_MATADORS
from .tresillo import hombre_of

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
    won = hombre_of([(said.player.index, None if said.bid == "pass" else said.bid) for said in record.bids])
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


__all__ = ["HombreCards", "HombreCourse", "OmbreCards", "TresilloCards", "dealt_in", "derive_ombre",
           "derive_tresillo", "first_five", "new_deal", "ombre_contract", "tresillo_contract"]
