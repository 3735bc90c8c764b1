"""Paublillo derived from its cards: a deal played card by card gives the record's tricks.

Given the contract as the record holds it (the dealer, the monja, the alver choice, the raises, a refusal)
and the deal played card by card (:class:`~referee.played.PlayedDeal`, made by :func:`new_deal` from the
turned card and who leads), :func:`derive` finds who took each trick with the game's own referee
(:class:`~games.paublillo.play.PaublilloTrickRules`: a face-down card cannot win, except the vuelta), and so
the record's ``tricks``: each trick's team until a team has two (``"ABA"``).

Paublillo's course of a deal (:class:`PaublilloCourse`):

- the player after the dealer leads the first trick, the winner of a trick leads the next, except that **the
  vuelta player** (the last card of the second trick, played face down) leads the third trick whether or not
  the vuelta card won the second;
- a card may go face down only to a plain lead, or as the vuelta (even to a trump lead); the lead is always
  face up (a face-down card anywhere else is flagged with its rule);
- the deal may end once a team has two tricks; after a vuelta the third trick is played all the same, since
  the vuelta card is shown only at its end (seed 000, "Vuelta").

A deal that ended on a refused raise or a give-up on alver has no tricks that count: its record is the
contract as given, whatever cards were played before it ended (RULINGS.md: "Refusing a raise ends the deal").

>>> from games.paublillo.rules import GAME
>>> from referee.cards import SUIT_NAMES, Card
>>> table = GAME.table(["Ana", "Bea", "Luis", "Eva"])
>>> deal = new_deal(table, turned=Card("O", "6"), first_leader=table.seat(1))
>>> deal.next_seat.name, deal.tricks_in_deal, deal.context.trump
('Bea', 3, 'O')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.paublillo.options import PaublilloOptions
from games.paublillo.play import TRICK_RULES, TRICKS, VUELTA_TRICK, PaublilloTrickRules, card_name
from games.paublillo.record import AlverChoice, PaublilloRecord, Tricks, parse_record
from games.paublillo.teams import Team, team_of
from games.paublillo.words import THREE_TRICKS
from referee.cards import SUIT_NAMES, Card
from referee.game import Rule, TableSpec
from referee.parse import Errors, InvalidRecord
from referee.played import Course, PlayedDeal, PlayedTrick, require_sound_cards
from referee.text import Text, _, join, pgettext
from referee.tricks import Play, Situation
from referee.values import Seat

CARD_FIELDS = ("tricks",)  # what the cards say, not the person


def is_vuelta(done: PlayedTrick) -> bool:
    """The trick is the second and its last card went face down: the vuelta."""
    plays = done.trick.plays
    return done.number == VUELTA_TRICK and done.complete and bool(plays) and plays[-1].face_down


def teams_won(table: TableSpec[Any], tricks: Sequence[PlayedTrick]) -> list[Team]:
    """The team of each complete trick's winner, until a team has two."""
    won: list[Team] = []
    for done in tricks:
        if not done.complete or done.winner is None or max((won.count(t) for t in Team), default=0) >= 2:
            break
        won.append(team_of(table, done.winner.index))
    return won


@dataclass(frozen=True)
class PaublilloCourse(Course):
    """Paublillo's course: the vuelta player leads the third trick; face-down cards only where they may be;
    the deal may end once a team has two tricks (not before the third trick after a vuelta)."""

    def next_leader(self, deal: PlayedDeal, done: PlayedTrick) -> Seat:
        if is_vuelta(done) and done.trick.plays[-1].seat is not None:
            seat = done.trick.plays[-1].seat
            assert seat is not None
            return seat
        return super().next_leader(deal, done)

    def play_flag(self, deal: PlayedDeal, context: Situation, play: Play,
                  completes: bool) -> tuple[Rule | Text, Text] | None:
        if not play.face_down:
            return None
        may, rule, why = PaublilloTrickRules._face_down(context.trick.plays, context.trump or "",
                                                         context.trick_number, completes)
        return None if may else (rule, why)

    def face_down_name(self, deal: PlayedDeal, done: PlayedTrick, position: int) -> Text | None:
        """The last card of the second trick played face down is the vuelta (seed 000, "Vuelta": "This is known as
        a vuelta"); any other card face down is just that."""
        if is_vuelta(done) and position == len(done.trick.plays) - 1:
            return pgettext("a card played face down", "vuelta")
        return None

    def may_end(self, deal: PlayedDeal, tricks: Sequence[PlayedTrick]) -> bool:
        if len(tricks) == VUELTA_TRICK and is_vuelta(tricks[-1]):
            return False
        won = teams_won(deal.context.table, tricks)
        return max((won.count(t) for t in Team), default=0) >= 2


def new_deal(table: TableSpec[PaublilloOptions], turned: Card, first_leader: Seat,
             known: Mapping[int, Iterable[Card]] | None = None, ended: bool = False) -> PlayedDeal:
    """A Paublillo deal about to be played card by card: the turned card makes trumps, and is out of play (seed:
    "The turned up trump card and the remaining undealt cards are not used during the play"); three tricks.
    ``ended``: a raise refused or a give-up on alver ended it (seed 000: "The play ends"), so no card more is
    played."""
    context = Situation(table, trump=turned.suit, turned=turned)
    return PlayedDeal.new(TRICK_RULES, context, first_leader, tricks=TRICKS, known=known, course=PaublilloCourse(),
                          aside=(turned,), ended=ended)


def contract_record(table: TableSpec[PaublilloOptions], raw: Mapping[str, Any]) -> PaublilloRecord:
    """The contract as a person sends it (dealer, monja, alver, bets, refused): a record whose tricks the
    cards will say. Tricks sent are ignored; a message per field as :func:`parse_record` gives."""
    return parse_record(table, {k: v for k, v in raw.items() if k not in CARD_FIELDS})


def ended_before_play(contract: PaublilloRecord) -> bool:
    """The contract ends the deal whatever the cards: the last raise refused, or the team on alver gave up."""
    return contract.refused or contract.alver is AlverChoice.GIVE_UP


@dataclass(frozen=True)
class PaublilloCards:
    """What the cards of a deal say, and the record they make."""

    record: PaublilloRecord
    winners: tuple[Seat, ...]  # who took each complete trick played
    teams: tuple[Team, ...]  # and their teams
    vuelta: Seat | None  # who played the vuelta (the face-down last card of the second trick)
    face_down: tuple[Play, ...]  # every card played face down


def derive(table: TableSpec[PaublilloOptions], contract: PaublilloRecord, deal: PlayedDeal) -> PaublilloCards:
    """The record's tricks from the cards; :class:`InvalidRecord` (a message per field) when the deal is not
    over, has a card played twice, not of the deck or the turned card (flagged as put aside: :func:`new_deal`)."""
    if contract.void:
        raise InvalidRecord({"void": _("A void deal has no cards to count.")})
    errors = Errors()
    require_sound_cards(deal, errors)
    ended = ended_before_play(contract)
    tricks = deal.tricks
    complete = tuple(t for t in tricks if t.complete)
    won = teams_won(table, complete)
    if not ended and not deal.over:
        errors.add("plays", _("%(played)s of the %(total)s tricks have been played and no team has two: the deal "
                              "is not over.", played=len(complete), total=TRICKS), rule=THREE_TRICKS)
    errors.raise_if_any()

    winners = tuple(t.winner for t in complete if t.winner is not None)
    vuelta = next((t.trick.plays[-1].seat for t in complete if is_vuelta(t)), None)
    face_down = tuple(p for p in deal.seated if p.face_down)
    if ended:
        record = dataclasses.replace(contract, tricks=None)
    else:
        record = dataclasses.replace(contract, tricks=Tricks("".join(t.value for t in won)))
    return PaublilloCards(record, winners, tuple(team_of(table, s.index) for s in winners), vuelta, face_down)


def said(table: TableSpec[PaublilloOptions], found: PaublilloCards, deal: PlayedDeal) -> tuple[Text, ...]:
    """What the cards said, to check before saving: the trumps, who took each trick that counts (and with which
    card), the vuelta and who it lets lead, the cards played face down, and which team took two; or that a
    refusal ended the deal before the cards counted.

    >>> from games.paublillo.rules import GAME
    >>> table = GAME.table(["Ana", "Bea", "Luis", "Eva"], first_dealer=3)
    >>> deal = new_deal(table, turned=Card("O", "6"), first_leader=table.seat(0))
    >>> for code in "4E 2O 2E 12E 3C 11C 1C 6C".split():
    ...     deal = deal.add(Card.parse(code, "spanish40"), face_down=code == "6C")
    >>> deal = deal.add(Card("O", "7")).add(Card("B", "5")).add(Card("B", "12")).add(Card("B", "3"))
    >>> for line in said(table, derive(table, contract_record(table, {}), deal), deal):
    ...     print(line)
    Turned up: 6 of oros: oros are trumps.
    Trick 1: Bea (team B) takes it with 2 of oros.
    Trick 2: Ana's vuelta, face down: 6 of copas. Luis (team A) takes the trick with Horse (caballo) of copas, \
and Ana leads the third.
    Trick 3: Ana (team A) takes it with 7 of oros.
    Team A takes two tricks: B A A.
    """
    context = deal.context
    trump = context.trump or ""
    lines: list[Text] = []
    if context.turned is not None:
        lines.append(_("Turned up: %(card)s: %(suit)s are trumps.", card=card_name(context.turned, trump),
                       suit=SUIT_NAMES["spanish"].get(trump, trump)))
    record = found.record
    if record.tricks is None:
        lines.append(_("The last raise was refused: the deal ended there.") if record.refused
                     else _("The team on alver gave up: the deal ended there."))
        if deal.plays:
            lines.append(_("The cards played before it ended (%(n)s) do not count.", n=len(deal.plays)))
        return tuple(lines)
    counted = record.tricks.winners
    for done, team in zip(deal.tricks, counted, strict=False):
        winner, best = done.winner, done.winning_card
        assert winner is not None and best is not None  # a counted trick has its winner
        if is_vuelta(done):
            last = done.trick.plays[-1]
            assert last.seat is not None
            # the card not in brackets: its name may hold some ("3 of oros (paublillo)")
            lines.append(_("Trick %(n)s: %(name)s's vuelta, face down: %(card)s. %(winner)s (team %(team)s) takes "
                           "the trick with %(best)s, and %(name)s leads the third.", n=done.number,
                           name=last.seat.name, card=card_name(last.card, trump), winner=winner.name,
                           team=team.value, best=card_name(best, trump)))
        else:
            lines.append(_("Trick %(n)s: %(winner)s (team %(team)s) takes it with %(card)s.", n=done.number,
                           winner=winner.name, team=team.value, card=card_name(best, trump)))
    hidden = [p for done in deal.tricks[:len(counted)] for p in done.trick.plays
              if p.face_down and not (is_vuelta(done) and p is done.trick.plays[-1])]
    if hidden:
        lines.append(_("Played face down, so they could not win: %(cards)s.",
                       cards=join([_("%(card)s (%(name)s)", card=card_name(p.card, trump),
                                     name=p.seat.name if p.seat else "") for p in hidden])))
    extra = [t.number for t in deal.tricks[len(counted):] if t.complete]
    if extra:
        lines.append(_("Trick %(n)s was played after a team had two: it does not count.", n=extra[0]))
    lines.append(_("Team %(team)s takes two tricks: %(tricks)s.", team=record.tricks.taker.value,
                   tricks=" ".join(record.tricks.value)))
    return tuple(lines)


__all__ = ["PaublilloCards", "PaublilloCourse", "contract_record", "derive", "ended_before_play", "new_deal",
           "said"]
