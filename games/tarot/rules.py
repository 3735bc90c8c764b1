"""French Tarot: the FFT's official scoring for 3, 4 and 5 players, as read in RULINGS.md.

The game reads a deal (:mod:`games.tarot.record`), refuses what cannot be (:mod:`games.tarot.check`), counts
it (:mod:`games.tarot.count`) and reads it aloud (:mod:`games.tarot.breakdown`); its referee is
:mod:`games.tarot.play`, its rules page :mod:`games.tarot.rules_text`.

>>> table = GAME.table(["N", "S", "E", "W"])
>>> record = {"taker": "E", "contract": "garde", "bouts": 2, "points": 49, "petit_au_bout": "attack",
...           "poignees": [{"side": "attack", "size": "simple"}]}
>>> state, outcome = GAME.apply(table, GAME.initial_state(table), record)
>>> outcome.scores, state.totals, str(outcome.breakdown[-1])
((-106, -106, 318, -106), (-106, -106, 318, -106), '→ 106 each; E +318')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.tarot.breakdown import deal_lines, each_line, misere_line
from games.tarot.check import check_record
from games.tarot.count import attack_shares, count_deal
from games.tarot.numbers import MISERE_BONUS, points_of
from games.tarot.options import TarotOptions
from games.tarot.play import TarotTrickRules
from games.tarot.record import TarotRecord, parse_record, record_fields
from games.tarot.rules_text import RULES
from referee.cards import DeckKind
from referee.game import Example, Field, Game, Outcome, State, TableSpec
from referee.text import Text, _
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


RULING_FIELDS: tuple[Field, ...] = (
    Field("question", _("Question"), "choice", required=False, default="play",
          choices=(("play", _("May this card be played? / Who wins the trick?")),
                   ("ecart", _("Is this écart legal?")))),
    Field("hand", _("Hand of the player to play"), "cards", required=False,
          help=_("Leave empty with a complete trick to find its winner. For an écart: the taker's hand "
                 "with the chien.")),
    Field("trick", _("Cards already played in this trick, in order"), "cards", required=False, default=[]),
    Field("card", _("Card to play"), "card", required=False,
          help=_("Leave empty to see every card that may be played.")),
    Field("ecart", _("Écart"), "cards", required=False),
    Field("leader", _("Who led this trick"), "player", required=False),
    Field("called_card", _("Called card (five players)"), "card", required=False),
    Field("first_trick", _("First trick of the deal"), "bool", required=False, default=False),
    Field("last_trick", _("Last trick of the deal"), "bool", required=False, default=False),
    Field("chelem", _("One side has taken every trick so far (chelem)"), "bool", required=False,
          default=False),
)

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
                               partner_share * unit))

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


GAME = Tarot()
