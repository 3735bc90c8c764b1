"""French Tarot: the FFT's official scoring for 3, 4 and 5 players, as read in RULINGS.md.

The game reads a deal (:mod:`games.tarot.record`), refuses what cannot be (:mod:`games.tarot.check`), counts
it (:mod:`games.tarot.count`) and reads it aloud (:mod:`games.tarot.breakdown`); its referee is
:mod:`games.tarot.play`, its rules page :mod:`games.tarot.rules_text`.

>>> table = GAME.table(["N", "S", "E", "W"])
>>> record = {"taker": "E", "contract": "garde", "bouts": 2, "points": 49, "petit_au_bout": "attack",
...           "poignees": [{"side": "attack", "size": "simple"}]}
>>> state, outcome = GAME.apply(table, GAME.initial_state(table), record)
>>> outcome.scores, state.totals, str(outcome.breakdown[-1])
((-106, -106, 318, -106), (-106, -106, 318, -106), '→ Each defender −106; taker E +318')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.tarot import cards, carry, stats
from games.tarot.breakdown import bouts_said, deal_lines, each_line, misere_line, points_said
from games.tarot.check import check_record
from games.tarot.count import attack_shares, count_deal
from games.tarot.numbers import MISERE_BONUS, points_of
from games.tarot.options import TarotOptions
from games.tarot.play import TarotTrickRules, chips
from games.tarot.record import (
    CALLED_CARD_CHOICES,
    Chelem,
    PetitAuBout,
    PlayedCards,
    TarotRecord,
    parse_record,
    record_fields,
)
from games.tarot.rules_text import RULES
from referee import parse
from referee.cards import Card, DeckKind
from referee.game import Example, Field, Game, InvalidRecord, Outcome, State, Statistic, TableSpec
from referee.parse import Errors
from referee.played import PlayedDeal
from referee.text import Text, _, and_join
from referee.tricks import LEADER_FIELD
from referee.values import Seat, Values


@dataclass(frozen=True, kw_only=True)
class TarotState(State):
    """The totals, and how many deals were scored (void deals do not count toward the ``rounds``)."""

    played: int = 0


@dataclass(frozen=True)
class TarotDetails(Values):
    """What a deal did beyond the scores: who took, with whom, and the count."""

    taker: Seat
    partner: Seat | None  # None when the taker plays alone
    made: bool
    margin: int
    target: int
    attack_points: str  # canonical: "49", "40.5"
    multiplier: int
    unit: int


# The chelem as the cards show it, among what they said before the score (not the breakdown's "+400").
CHELEM_SAID: dict[Chelem, Text] = {
    Chelem.ANNOUNCED_MADE: _("Chelem announced and made: the attack took every trick."),
    Chelem.UNANNOUNCED_MADE: _("Chelem made without announcing it: the attack took every trick."),
    Chelem.ANNOUNCED_FAILED: _("Chelem announced and failed: the defence took a trick."),
    Chelem.DEFENCE: _("Chelem by the defence: it took every trick."),
}

_RULING_FIELDS: tuple[Field, ...] = (
    Field("question", _("Question"), "choice", required=False, default="play",
          choices=(("play", _("May this card be played? / Who wins the trick?")),
                   ("ecart", _("Is this écart legal?")),
                   ("poignee", _("Is this a poignée? Which one may I show?")),
                   ("petit_sec", _("Petit sec: is the deal void?")))),
    # Not "the player to play": the écart, poignée and petit sec questions ask about a hand nobody plays from.
    Field("hand", _("The player's hand"), "cards", required=False,
          help=_("For a card: the hand of the player to play; leave it empty with a complete trick to find its "
                 "winner. For an écart with a trump in it: the taker's hand with the chien. For a poignée: the hand "
                 "of the player showing it (to check the Excuse), or the hand alone to see which poignée it may "
                 "show. For petit sec: the player's trumps and Excuse (the other cards do not matter).")),
    Field("trick", _("Cards already played in this trick, in order"), "cards", required=False, default=[]),
    Field("card", _("Card to play"), "card", required=False,
          help=_("Leave empty to see every card that may be played.")),
    Field("ecart", _("Écart"), "cards", required=False),
    Field("poignee", _("Poignée shown"), "cards", required=False),
    LEADER_FIELD,
    Field("called_card", _("Called card (five players)"), "card", required=False, choices=CALLED_CARD_CHOICES),
    Field("first_trick", _("First trick of the deal"), "bool", required=False, default=False,
          help=_("At five players, with the called card: the called suit may not lead the first trick, except "
                 "the called card itself.")),
    Field("last_trick", _("Last trick of the deal"), "bool", required=False, default=False,
          help=_("Outside a chelem, an Excuse played to the last trick goes to the side that wins it.")),
    Field("chelem", _("One side has taken every trick so far (chelem)"), "bool", required=False,
          default=False, help=_("With the last trick: the Excuse led to it wins the trick.")),
)
# The page shows each question's own fields only (the hand is asked by every question).
_ASKED_BY = {"trick": "play", "card": "play", "leader": "play", "called_card": "play", "first_trick": "play",
             "last_trick": "play", "chelem": "play", "ecart": "ecart", "poignee": "poignee"}
RULING_FIELDS: tuple[Field, ...] = tuple(
    dataclasses.replace(f, questions=(_ASKED_BY[f.name],)) if f.name in _ASKED_BY else f for f in _RULING_FIELDS)


EXAMPLES: tuple[Example, ...] = (
    Example(_("Must I overtrump?"), {"hand": ["T5", "T12", "KS", "3S"], "trick": ["7C", "T9"], "card": "T5"}),
    Example(_("I cannot beat the trump: must I still trump?"),
            {"hand": ["T3", "KS", "3S"], "trick": ["7C", "T9"], "card": "T3"}),
    Example(_("May I play the Excuse instead of following suit?"),
            {"hand": ["EX", "KH", "2H", "T3"], "trick": ["10H"], "card": "EX"}),
    Example(_("Trumps were led: must I beat my partner's trump?"),
            {"hand": ["T4", "T15", "2S"], "trick": ["T10"], "card": "T4"}),
    Example(_("Which cards may I play?"), {"hand": ["KH", "2H", "T5", "EX"], "trick": ["7H"]}),
    Example(_("Who wins this trick?"), {"trick": ["KH", "T1", "QH", "2H"]}),
    Example(_("May a King go in the écart?"),
            {"question": "ecart",
             "hand": "KH QH CH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H 1H KS QS CS JS T2 T3 T4 T5 T6 T7".split(),
             "ecart": ["KH", "2H", "3H", "4H", "5H", "6H"]}),
    Example(_("My only trump is the Petit, and I have no Excuse: is the deal void?"),
            {"question": "petit_sec",
             "hand": "T1 KH QH 9H 4H KS CS 8S 6S 2S JD 10D 7D 3D QC 9C 5C 1C".split()}),
    Example(_("May the Excuse count in my poignée?"),
            {"question": "poignee", "hand": "T2 T4 T7 T9 T11 T14 T16 T19 T21 EX KH QH 2H 5S 7S 1D 3D 4C".split(),
             "poignee": "T2 T4 T7 T9 T11 T14 T16 T19 T21 EX".split()}),
)


class Tarot(Game[TarotOptions, TarotRecord, TarotState]):
    """French Tarot at 3, 4 or 5 players, FFT scoring (see RULINGS.md)."""

    slug = "tarot"
    name = "French Tarot"
    player_counts = (3, 4, 5)
    deck = DeckKind.TAROT
    options_type = TarotOptions
    record_type = TarotRecord
    state_type = TarotState
    rules = RULES
    examples = EXAMPLES
    ruling_fields = RULING_FIELDS
    trick_rules = TarotTrickRules()
    card_by_card = True  # a deal may be entered card by card (play_fields, played_deal, record_from_plays)

    # -- the record -----------------------------------------------------------------------------------------
    def example_records(self, table: TableSpec[TarotOptions]) -> tuple[Mapping[str, Any], ...]:
        """Deals as a phone sends them, at any table: the FFT's first example (a Garde, 2 bouts, 49 points, a
        simple poignée and the petit au bout), a Prise that fails by 7 (2 bouts, 34 points), and a void deal;
        at five players the taker calls a partner (or himself)."""
        first, second = table.players[0], table.players[1]
        deals: list[dict[str, Any]] = [
            {"taker": first, "contract": "garde", "bouts": 2, "points": "49",
             "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack"},
            {"taker": second, "contract": "prise", "bouts": 2, "points": "34"},
            {"void": True},
        ]
        if table.size == 5:
            deals[0].update(partner=table.players[3], called_card="KH")
            deals[1].update(partner=second, called_card="KS")
        return tuple(deals)

    def record_fields(self, table: TableSpec[TarotOptions]) -> tuple[Field, ...]:
        return record_fields(table)

    def parse(self, table: TableSpec[TarotOptions], raw: Mapping[str, Any]) -> TarotRecord:
        return parse_record(table, raw)

    def upgrade(self, table: TableSpec[TarotOptions], stored: Mapping[str, Any]) -> Mapping[str, Any]:
        """Before the partner was required at five players, a blank one meant the taker played alone.

        >>> table = GAME.table(["N", "S", "E", "W", "O"])
        >>> GAME.upgrade(table, {"taker": "E", "partner": ""})["partner"]
        'E'
        """
        if table.size == 5 and not stored.get("void") and stored.get("partner") in (None, ""):
            return {**stored, "partner": stored.get("taker")}
        return stored

    def check(self, table: TableSpec[TarotOptions], state: TarotState, record: TarotRecord) -> None:
        check_record(table, record)

    def record_from_tricks(self, table: TableSpec[TarotOptions], contract: Mapping[str, Any], deal: PlayedDeal,
                           chien: Sequence[Card] = (), ecart: Sequence[Card] = ()) -> TarotRecord:
        """A deal played card by card as its record: the contract as sent, the rest from the cards
        (:mod:`games.tarot.cards`); :class:`~referee.parse.InvalidRecord` with a message per field."""
        return cards.derive(table, cards.contract_record(table, contract), deal, chien, ecart).record

    # -- a deal entered card by card (the app's card-by-card entry and the API) ---------------------------------
    def play_fields(self, table: TableSpec[TarotOptions]) -> tuple[Field, ...]:
        """What is said before the first card: the record's fields the cards do not say (at five players the
        called card, whose holder the cards then name), a chelem announced, and the chien and écart if known."""
        derived = {*cards.CARD_FIELDS, "partner", "chelem", "void"}
        fields = [dataclasses.replace(f, required=True) if f.name == "called_card" else f
                  for f in record_fields(table) if f.name not in derived]
        return (*fields,
                Field("chelem_announced", _("Chelem announced"), "bool", required=False, default=False),
                Field("chien", _("Chien (if you know it)"), "cards", required=False),
                Field("ecart", _("Écart (if you know it)"), "cards", required=False))

    def first_lead(self, table: TableSpec[TarotOptions], state: TarotState,
                   contract: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
        """The player after the dealer leads the first trick; a taker who announces the chelem leads it (seed
        003: the side "announces chelem before the first play, and leads to the first trick")."""
        leader = self.leader(table, state)
        try:
            record, _chien, _ecart = self._contract(table, contract)
        except InvalidRecord:
            return dict(contract), leader  # starting the deal says what is wrong with the contract
        announced = record.chelem is Chelem.ANNOUNCED_MADE
        return dict(contract), record.taker.index if announced and record.taker is not None else leader

    def played_deal(self, table: TableSpec[TarotOptions], contract: Mapping[str, Any],
                    first_leader: Seat) -> PlayedDeal:
        """A deal about to be played card by card under ``contract`` (as :meth:`play_fields` ask it):
        :class:`~referee.parse.InvalidRecord` with a message per field."""
        record, chien, ecart = self._contract(table, contract)
        assert record.taker is not None
        return cards.new_deal(table, record.taker, first_leader, called=record.called_card,
                              aside=cards.put_aside(record.contract, chien, ecart))

    def record_from_plays(self, table: TableSpec[TarotOptions], contract: Mapping[str, Any],
                          deal: PlayedDeal) -> tuple[TarotRecord, tuple[Text, ...]]:
        """The record a complete deal makes, keeping its cards, and what the cards said to make it (points and
        bouts of each side, petit au bout, the Excuse, chelem, the cards left out), to show before saving."""
        record, chien, ecart = self._contract(table, contract)
        found = cards.derive(table, record, deal, chien, ecart)
        plays = PlayedCards(deal.first_leader, tuple(p.card for p in deal.plays), chien, ecart)
        attack = and_join([s.name for s in found.attack])
        lines: list[Text] = [
            _("The attack (%(names)s): %(points)s and %(bouts)s; the defence: %(other)s.", names=attack,
              points=points_said(found.attack_halves), bouts=bouts_said(found.bouts),
              other=points_said(found.defence_halves)),  # "40½ points", as the breakdown says half points
            {PetitAuBout.ATTACK: _("Petit au bout: to the attack."),
             PetitAuBout.DEFENCE: _("Petit au bout: to the defence."),
             PetitAuBout.NONE: _("No petit au bout.")}[found.petit_au_bout]]
        excuse = found.excuse
        if excuse is not None and excuse.half_point:
            lines.append(_("The Excuse, played by %(owner)s to trick %(trick)s taken by %(winner)s, stays with "
                           "%(owner)s's side, which gives a ½-point card for it.", owner=excuse.owner.name,
                           trick=excuse.trick, winner=excuse.winner.name))
        elif excuse is not None and excuse.kept:
            lines.append(_("The Excuse, played by %(owner)s to trick %(trick)s, stays with %(owner)s's side.",
                           owner=excuse.owner.name, trick=excuse.trick))
        elif excuse is not None:
            lines.append(_("The Excuse, played by %(owner)s to the last trick, goes to %(winner)s's side.",
                           owner=excuse.owner.name, winner=excuse.winner.name))
        if found.chelem is not Chelem.NONE:
            lines.append(CHELEM_SAID[found.chelem])
        if found.aside:
            lines.append(_("Not played (chien or écart): %(cards)s.", cards=chips(found.aside)))
        return dataclasses.replace(found.record, plays=plays), tuple(lines)

    def plays_of(self, table: TableSpec[TarotOptions],
                 stored: Mapping[str, Any]) -> tuple[dict[str, Any], Seat, tuple[Card, ...]] | None:
        """A stored deal entered card by card as it was entered: its contract (as :meth:`play_fields` ask it),
        who led and the cards in order; ``None`` for a deal entered as numbers."""
        record = parse_record(table, self.upgrade(table, stored))
        if record.plays is None or record.taker is None or record.contract is None:
            return None
        names = table.players
        contract: dict[str, Any] = {"taker": names[record.taker.index], "contract": record.contract.value}
        if record.called_card is not None:
            contract["called_card"] = record.called_card.code
        if record.poignees:
            contract["poignees"] = [p.to_json() for p in record.poignees]
        if record.misere:
            contract["misere"] = [names[s.index] for s in record.misere]
        if record.chelem in (Chelem.ANNOUNCED_MADE, Chelem.ANNOUNCED_FAILED):
            contract["chelem_announced"] = True
        for key, kept in (("chien", record.plays.chien), ("ecart", record.plays.ecart)):
            if kept:
                contract[key] = [c.code for c in kept]
        leader = table.seat(record.plays.leader.index)
        return contract, leader, record.plays.cards

    def _contract(self, table: TableSpec[TarotOptions],
                  raw: Mapping[str, Any]) -> tuple[TarotRecord, tuple[Card, ...], tuple[Card, ...]]:
        errors = Errors()
        given = {k: v for k, v in raw.items() if k not in ("chien", "ecart", "chelem_announced")}
        chien = parse.cards(raw.get("chien") or [], DeckKind.TAROT, "chien", errors)
        ecart = parse.cards(raw.get("ecart") or [], DeckKind.TAROT, "ecart", errors)
        if parse.yes_no(raw.get("chelem_announced"), "chelem_announced", errors):
            given["chelem"] = Chelem.ANNOUNCED_MADE.value
        if table.size == 5 and parse.is_blank(given.get("called_card")):
            errors.add("called_card", _("Which card did the taker call? Its holder is the partner."))
        if parse.yes_no(given.get("void"), "void", errors):
            errors.add("void", _("A void deal has no cards to enter: record it from the table page."))
        record = None
        try:
            record = cards.contract_record(table, given)
        except InvalidRecord as exc:
            errors.add_all(exc)
        errors.raise_if_any()
        assert record is not None
        return record, chien, ecart

    # -- a game under way on paper -------------------------------------------------------------------------
    def carried_fields(self, table: TableSpec[TarotOptions]) -> tuple[Field, ...]:
        return carry.carried_fields(table, super().carried_fields(table))

    def carry_over(self, table: TableSpec[TarotOptions], raw: Mapping[str, Any]) -> TarotState:
        """The scores so far (adding up to zero) and the deals scored in a game of N deals (:mod:`.carry`)."""
        return carry.carry_over(table, raw, self.initial_state(table))

    # -- the score ------------------------------------------------------------------------------------------
    def score(self, table: TableSpec[TarotOptions], state: TarotState,
              record: TarotRecord) -> tuple[TarotState, Outcome]:
        assert record.taker is not None
        n = table.size
        taker = record.taker
        partner = None if record.alone else record.partner
        deal = count_deal(record)
        lines: list[Text] = deal_lines(record, deal)

        unit = deal.unit
        taker_share, partner_share = attack_shares(n, partner is None)
        scores = [-unit] * n
        scores[taker.index] = taker_share * unit
        if partner is not None:
            scores[partner.index] = partner_share * unit
        lines.append(each_line(unit, taker.name, taker_share * unit, partner.name if partner else None,
                               partner_share * unit, five=n == 5))

        for player in record.misere:
            for other in range(n):
                if other != player.index:
                    scores[other] -= MISERE_BONUS
                    scores[player.index] += MISERE_BONUS
            lines.append(misere_line(player.name, MISERE_BONUS * (n - 1), MISERE_BONUS))

        details = TarotDetails(taker, partner, deal.made, deal.margin, deal.target, points_of(deal.attack_halves),
                               deal.multiplier, unit)
        after = TarotState(totals=tuple(t + s for t, s in zip(state.totals, scores, strict=True)),
                           dealer=state.dealer, deals=state.deals, played=state.played + 1)
        return after, Outcome(scores=tuple(scores), breakdown=tuple(lines), details=details)

    # -- the game's end -------------------------------------------------------------------------------------
    def winners(self, table: TableSpec[TarotOptions], state: TarotState) -> tuple[int, ...]:
        """With ``rounds`` set, once that many deals are scored (void deals don't count): the leaders."""
        rounds = table.options.rounds
        if rounds <= 0 or state.played < rounds:
            return ()
        best = max(state.totals)
        return tuple(seat for seat, total in enumerate(state.totals) if total == best)

    def display_state(self, table: TableSpec[TarotOptions], state: TarotState) -> Mapping[str, Any]:
        rounds = table.options.rounds
        return {"deals_scored": state.played, "rounds": rounds} if rounds else {}

    def statistics(self, table: TableSpec[TarotOptions], seat: int, records: Sequence[TarotRecord],
                   outcomes: Sequence[Outcome], state: TarotState) -> tuple[Statistic, ...]:
        """Contracts taken and made, by contract, and beaten in defence (:mod:`games.tarot.stats`)."""
        return stats.statistics(table, seat, records)


GAME = Tarot()
