"""Paublillo (seed 000): a Colombian three-trick team game with a trump suit, bets to 12 and alver.

Two teams, A and B (see :mod:`games.paublillo.teams`), score per deal; the first to 12 or more wins. A deal
is recorded as :class:`~games.paublillo.record.PaublilloRecord`; the state carries the totals per team, who
deals next and who is on alver (11).

>>> t = GAME.table(["Ana", "Bea", "Luis", "Eva"])
>>> state, outcome = GAME.apply(t, GAME.initial_state(t), {"bets": [{"team": "A", "stake": "envido"}],
...                                                       "tricks": "ABA"})
>>> state.totals, str(outcome.breakdown[-1]), str(GAME.show_total(t, state, 0))
((3, 0), 'Score: A 3 malas, B 0.', '3 malas')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.paublillo import cards, carry, stats, teams
from games.paublillo.bet_referee import betting_ruling
from games.paublillo.betting import check_past_doce, check_raises, settle_bets
from games.paublillo.options import PaublilloOptions
from games.paublillo.play import EXAMPLES, RULING_FIELDS, TRICK_RULES
from games.paublillo.record import AlverChoice, PaublilloPlays, PaublilloRecord, parse_record, record_fields
from games.paublillo.stones import ALVER, TARGET, score_text, stones, stones_text
from games.paublillo.teams import Team
from games.paublillo.words import BETTING, GAME_END, ON_ALVER, THREE_TRICKS
from games.paublillo.words import RULES as RULES_PAGE
from referee import parse
from referee.cards import Card, DeckKind
from referee.game import Errors, Field, Game, Outcome, Ruling, Seat, State, Statistic, TableSpec, Values
from referee.parse import InvalidRecord
from referee.played import PlayedDeal
from referee.text import Text, _, and_join
from referee.tricks import Play

NOT_PLAYED_CARD_BY_CARD = frozenset({"tricks", "void", "monja", "plays"})  # the cards say these, or there are none
NO_RAISE_ON_ALVER = _("No betting while a team is on alver, so there is no raise to refuse.")
RECORD_TRICKS = _("Record who won each trick until a team had two.")
# The tricks line deals were stored with before it said "takes two tricks and the deal": marked so that its
# translations stay in the catalogue, as those deals' breakdowns still read it.
STORED_LINES: tuple[Text, ...] = (_("Tricks: %(tricks)s → %(team)s wins 2 of %(played)s."),)


@dataclass(frozen=True, kw_only=True)
class PaublilloState(State):
    """The totals per team (A, B), who deals next, and the teams on alver (on 11)."""

    alver: tuple[Team, ...] = ()


class Ending(StrEnum):
    TRICKS = "tricks"  # a team won two tricks
    REFUSED = "refused"  # a raise was refused
    GIVE_UP = "give_up"  # the team on alver gave up


@dataclass(frozen=True)
class DealDetails(Values):
    """What a deal did beyond the scores: who led, the monja point, the stake, who scored it and how."""

    leader: Seat
    monja_point: Team | None
    stake: int
    scored_by: Team
    ended: Ending
    tricks: tuple[Team, ...] = ()


def on_alver(totals: tuple[int, ...]) -> tuple[Team, ...]:
    return tuple(team for team in Team if totals[team.side] == ALVER)


class Paublillo(Game[PaublilloOptions, PaublilloRecord, PaublilloState]):
    slug = "paublillo"
    name = "Paublillo"
    player_counts = (2, 4, 6, 8)
    deck = DeckKind.SPANISH40
    team_game = True
    signed_totals = False  # malas and buenas toward 12: the losers' "2 buenas" is not a gain
    stake_unit = _("losing player")
    stake_units = _("Stakes won or paid")
    options_type = PaublilloOptions
    record_type = PaublilloRecord
    state_type = PaublilloState
    rules = RULES_PAGE
    ruling_fields = RULING_FIELDS
    examples = EXAMPLES
    trick_rules = TRICK_RULES
    card_by_card = True  # a deal may be entered card by card (play_fields, played_deal, record_from_plays)

    # -- teams ------------------------------------------------------------------------------------------------
    def seat_teams(self, table: TableSpec[PaublilloOptions]) -> TableSpec[PaublilloOptions]:
        return teams.seat_teams(table)

    def sides(self, table: TableSpec[PaublilloOptions]) -> tuple[str, ...]:
        return teams.SIDES

    # -- the record -------------------------------------------------------------------------------------------
    def record_fields(self, table: TableSpec[PaublilloOptions]) -> tuple[Field, ...]:
        return record_fields(table)

    def parse(self, table: TableSpec[PaublilloOptions], raw: Mapping[str, Any]) -> PaublilloRecord:
        return parse_record(table, raw)

    def example_records(self, table: TableSpec[PaublilloOptions]) -> tuple[Mapping[str, Any], ...]:
        """A game's first deals as a phone sends them, at any table: an envido accepted, won by A with two
        tricks of three (A 3); a seis refused, so the raisers, A, score the envido that stood (A 6); the monja
        turned by the first player, who really dealt (team A scores 1), then B takes two tricks (A 7, B 1); a
        misdeal by the second player; a deal without raises, worth 1 (B 2)."""
        return (
            {"bets": [{"team": "A", "stake": "envido"}], "tricks": "ABA"},
            {"bets": [{"team": "B", "stake": 3}, {"team": "A", "stake": "seis"}], "refused": True},
            {"monja": True, "dealer": table.players[0], "tricks": "BB"},
            {"void": True, "dealer": table.players[1]},
            {"tricks": ["B", "A", "B"]},
        )

    def record_from_tricks(self, table: TableSpec[PaublilloOptions], contract: Mapping[str, Any],
                           deal: PlayedDeal) -> PaublilloRecord:
        """A deal played card by card as its record: the contract as sent, the tricks from the cards
        (:mod:`games.paublillo.cards`); :class:`~referee.parse.InvalidRecord` with a message per field."""
        return cards.derive(table, cards.contract_record(table, contract), deal).record

    # -- card by card (scoring.play_drafts) --------------------------------------------------------------------
    def play_fields(self, table: TableSpec[PaublilloOptions]) -> tuple[Field, ...]:
        """What is said before the first card: the turned card (its suit is trumps; the 4 is the monja), then,
        only when they were said, a correction of who dealt, the alver choice and the raises with a refusal.
        The cards say the tricks and the monja."""
        optional = {"dealer", "alver"}  # behind "More": most deals need neither
        fields = tuple(dataclasses.replace(f, default="") if f.name in optional else f
                       for f in record_fields(table) if f.name not in NOT_PLAYED_CARD_BY_CARD)
        turned = Field("turned", _("Turned card (trumps)"), "card",
                       help=_("The card the dealer turned up: its suit is trumps; the 4 is the monja."))
        return (turned, *fields)

    def contract_fields(self, table: TableSpec[PaublilloOptions], state: PaublilloState) -> tuple[Field, ...]:
        """:meth:`play_fields` as the game stands before the deal: with one team on alver its choice (play for
        3, or give up) is asked first, as a table makes it before a card is played, and there are no raises;
        with both on alver, neither; otherwise no alver choice.

        >>> table = GAME.table(["Ana", "Bea", "Luis", "Eva"])
        >>> [f.name for f in GAME.contract_fields(table, GAME.initial_state(table))]
        ['turned', 'dealer', 'bets', 'refused']
        >>> on_11 = dataclasses.replace(GAME.initial_state(table), totals=(11, 4), alver=(Team.A,))
        >>> [(f.name, f.required) for f in GAME.contract_fields(table, on_11)]
        [('turned', True), ('dealer', False), ('alver', True)]

        Unless the monja turned up may yet bring the dealer's team to 11 for this very deal (the house rule
        ``monja_alver_at_once``): who is on alver is then known only from the turned card, so everything is
        asked as a deal of any standing (Bea deals for B, on 10).

        >>> b_on_10 = dataclasses.replace(on_11, totals=(11, 10), dealer=1)
        >>> [(f.name, f.required) for f in GAME.contract_fields(table, b_on_10)]
        [('turned', True), ('dealer', False), ('alver', False), ('bets', False), ('refused', False)]
        """
        dealing = teams.team_of(table, state.dealer)
        if table.options.monja_alver_at_once and state.totals[dealing.side] == ALVER - 1:
            return self.play_fields(table)
        betting = {"bets", "refused"}
        asked = []
        for field in self.play_fields(table):
            if field.name == "alver":
                if len(state.alver) == 1:
                    asked.append(dataclasses.replace(field, required=True, default=None))
            elif field.name not in betting or not state.alver:
                asked.append(field)
        return tuple(asked)

    def check_contract(self, table: TableSpec[PaublilloOptions], state: PaublilloState,
                       contract: Mapping[str, Any]) -> None:
        """What a contract entered card by card breaks given the score before it, said before the first card:
        the alver choice and the betting as the rules check them once the turned card is known (the monja may
        put the dealer's team on alver for this very deal); the tricks are for the cards to say."""
        record, _turned = self._contract(table, contract)
        try:
            self.check(table, state, record)
        except InvalidRecord as exc:
            before_play = {key: text for key, text in exc.errors.items() if key.split(".")[0] != "tricks"}
            if before_play:
                raise InvalidRecord(before_play, {k: r for k, r in exc.rules.items() if k in before_play}) from None

    def played_deal(self, table: TableSpec[PaublilloOptions], contract: Mapping[str, Any],
                    first_leader: Seat) -> PlayedDeal:
        """A deal about to be played card by card under ``contract`` (as :meth:`play_fields` ask it), led by
        ``first_leader``, or by the player after the dealer the contract names when it corrects who dealt:
        :class:`~referee.parse.InvalidRecord` with a message per field.

        >>> table = GAME.table(["Ana", "Bea", "Luis", "Eva"])
        >>> deal = GAME.played_deal(table, {"turned": "4B", "dealer": "Luis"}, table.seat(1))
        >>> deal.context.trump, deal.first_leader.name
        ('B', 'Eva')
        >>> GAME.played_deal(table, {"turned": "ZZ"}, table.seat(1))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        referee.parse.InvalidRecord: turned: ZZ is not a card of this game. Number + suit (O oros, ... 10O (Jack).
        """
        record, turned = self._contract(table, contract)
        leader = first_leader if record.dealer is None else table.seat(table.after(record.dealer.index))
        return cards.new_deal(table, turned, leader, ended=cards.ended_before_play(record))

    def record_from_plays(self, table: TableSpec[PaublilloOptions], contract: Mapping[str, Any],
                          deal: PlayedDeal) -> tuple[PaublilloRecord, tuple[Text, ...]]:
        """The record a deal played out makes (the tricks from the cards, the monja from the turned card),
        keeping its cards, and what the cards said to make it (:func:`games.paublillo.cards.said`)."""
        record, turned = self._contract(table, contract)
        found = cards.derive(table, record, deal)
        down = tuple(i for i, p in enumerate(deal.plays) if p.face_down)
        plays = PaublilloPlays(deal.first_leader, turned, tuple(p.card for p in deal.plays), down)
        return dataclasses.replace(found.record, plays=plays), cards.said(table, found, deal)

    def plays_of(self, table: TableSpec[PaublilloOptions],
                 stored: Mapping[str, Any]) -> tuple[dict[str, Any], Seat, tuple[Play, ...]] | None:
        """A stored deal entered card by card as it was entered: its contract (as :meth:`play_fields` ask it),
        who led and its plays in order (each card with whether it went face down); ``None`` for a deal entered
        as numbers."""
        record = parse_record(table, stored)
        if record.plays is None:
            return None
        kept = record.plays
        contract: dict[str, Any] = {"turned": kept.turned.code}
        if record.dealer is not None:
            contract["dealer"] = table.players[record.dealer.index]
        if record.alver is not None:
            contract["alver"] = record.alver.value
        if record.bets:
            contract["bets"] = [{"team": bet.team.value, "stake": bet.stake} for bet in record.bets]
        if record.refused:
            contract["refused"] = True
        plays = tuple(Play(None, card, i in kept.face_down) for i, card in enumerate(kept.cards))
        return contract, table.seat(kept.leader.index), plays

    def _contract(self, table: TableSpec[PaublilloOptions], raw: Mapping[str, Any]) -> tuple[PaublilloRecord, Card]:
        """The contract as a record whose tricks the cards will say, and the turned card; the monja is the
        turned card's to say (a ``monja`` sent must agree with it)."""
        if not isinstance(raw, Mapping):
            raise InvalidRecord({"__all__": _("A deal record is a set of fields.")})
        errors = Errors()
        turned = parse.card(raw.get("turned"), DeckKind.SPANISH40, "turned", errors,
                            blank=_("Which card was turned up? Its suit is trumps."))
        monja = turned is not None and turned.rank == "4"
        if "monja" in raw and turned is not None and parse.yes_no(raw.get("monja"), "monja", errors) != monja:
            errors.add("monja", _("The monja is the 4 of trumps turned up: the turned card says whether it was."))
        if parse.yes_no(raw.get("void"), "void", errors):
            errors.add("void", _("A void deal has no cards to enter: record it from the table page."))
        given = {k: v for k, v in raw.items() if k not in NOT_PLAYED_CARD_BY_CARD and k != "turned"}
        record = None
        try:
            record = cards.contract_record(table, given)
        except InvalidRecord as exc:
            errors.add_all(exc)
        if record is not None and record.alver is AlverChoice.GIVE_UP:
            errors.add("alver", _("A team that gives up on alver throws its cards in: there are no cards to enter. "
                                  "Record the deal from the table page."), rule=ON_ALVER)
        errors.raise_if_any()
        assert record is not None and turned is not None
        return dataclasses.replace(record, monja=monja), turned

    def dealer_of(self, table: TableSpec[PaublilloOptions], state: PaublilloState, record: PaublilloRecord) -> int:
        """The dealer in turn, unless the record corrects who dealt (the deal then passes on from them). The
        record keeps only the correction, so that changing an earlier deal moves the turn to deal after it."""
        return record.dealer.index if record.dealer is not None else state.dealer

    def start_of_play(self, table: TableSpec[PaublilloOptions], totals: tuple[int, ...], dealer: int,
                      monja: bool) -> tuple[int, ...]:
        """The scores when play starts: with the monja point, if the table counts it for alver at once."""
        team = teams.team_of(table, dealer)
        if monja and totals[team.side] != ALVER and table.options.monja_alver_at_once:
            return tuple(t + 1 if side == team.side else t for side, t in enumerate(totals))
        return totals

    def check(self, table: TableSpec[PaublilloOptions], state: PaublilloState, record: PaublilloRecord) -> None:
        """The rules a record may break given the score before it, each refusal citing its rule: no deal after
        the game is won; on alver the choice is made and nobody bets; raises go 3, 6, 9, 12 by the teams in
        turn; only a raise can be refused, and a refusal or a give-up ends the deal before the tricks."""
        errors = Errors()
        won = self.winners(table, state)
        if won:
            errors.add("__all__", _("The game is over: %(team)s reached 12.", team=Team.of_side(won[0]).value),
                       rule=GAME_END)
            errors.raise_if_any()
        if record.void:
            return
        at_play = self.start_of_play(table, state.totals, self.dealer_of(table, state, record), record.monja)
        alver = on_alver(at_play)
        bets_given, tricks_given = bool(record.bets), record.tricks is not None
        check_past_doce(record.bets, errors)
        if len(alver) == 1:
            team = alver[0].value
            if record.alver is None:
                errors.add("alver", _("%(team)s is on alver (11): record whether they play for 3 or give up.",
                                      team=team), rule=ON_ALVER)
            if bets_given:
                errors.add("bets", _("No betting while a team is on alver: %(team)s is on 11.", team=team),
                           rule=ON_ALVER)
            if record.refused:
                errors.add("refused", NO_RAISE_ON_ALVER, rule=ON_ALVER)
            if record.alver is AlverChoice.GIVE_UP and tricks_given:
                errors.add("tricks", _("%(team)s gave up on alver: the cards are thrown in, no tricks are "
                                       "played.", team=team), rule=ON_ALVER)
            elif record.alver is AlverChoice.PLAY and not tricks_given:
                errors.add("tricks", RECORD_TRICKS, rule=THREE_TRICKS)
        else:
            if record.alver is not None:
                if alver:
                    errors.add("alver", _("Both teams are on 11: nobody chooses, the deal is played for 1."),
                               rule=ON_ALVER)
                else:
                    errors.add("alver", _("Nobody is on alver (11): there is no choice to make."), rule=ON_ALVER)
            if alver and bets_given:
                errors.add("bets", _("No betting while a team is on alver: both teams are on 11."), rule=ON_ALVER)
            elif alver and record.refused:
                errors.add("refused", NO_RAISE_ON_ALVER, rule=ON_ALVER)
            elif not alver:
                if not any(key.startswith("bets") for key in errors.errors):
                    check_raises(record.bets, errors)
                if record.refused and not bets_given:
                    errors.add("refused", _("There is no raise to refuse."), rule=BETTING)
            if record.refused and tricks_given:
                errors.add("tricks", _("A refused raise ends the deal: leave the tricks empty (tricks played "
                                       "before the refusal do not count)."), rule=BETTING)
            elif not record.refused and not tricks_given:
                errors.add("tricks", RECORD_TRICKS, rule=THREE_TRICKS)
        errors.raise_if_any()

    # -- a game under way on paper -----------------------------------------------------------------------------
    def carried_fields(self, table: TableSpec[PaublilloOptions]) -> tuple[Field, ...]:
        return carry.carried_fields(table)

    def carry_over(self, table: TableSpec[PaublilloOptions], raw: Mapping[str, Any]) -> PaublilloState:
        """Each team's points so far (0 to 11) and the alver they make (:mod:`.carry`)."""
        return carry.carry_over(table, raw, self.initial_state(table))

    # -- scoring ----------------------------------------------------------------------------------------------
    def score(self, table: TableSpec[PaublilloOptions], state: PaublilloState,
              record: PaublilloRecord) -> tuple[PaublilloState, Outcome]:
        dealer = self.dealer_of(table, state, record)
        dealer_team = teams.team_of(table, dealer)
        leader = table.seat(table.after(dealer))
        totals = state.totals
        scores = [0, 0]
        lines: list[Text] = [_("%(dealer)s dealt (team %(team)s); %(leader)s leads.", dealer=table.players[dealer],
                               team=dealer_team.value, leader=leader.name)]
        monja_point: Team | None = None
        if record.monja:
            if totals[dealer_team.side] == ALVER:
                lines.append(_("Monja turned up, but the dealer's team %(team)s is on alver (11): no point.",
                               team=dealer_team.value))
            else:
                scores[dealer_team.side] += 1
                monja_point = dealer_team
                lines.append(_("Monja turned up: the dealer's team %(team)s scores 1.", team=dealer_team.value))

        alver = on_alver(self.start_of_play(table, totals, dealer, record.monja))
        stake, scorer, ended = 1, None, Ending.TRICKS
        if len(alver) == 2:
            lines.append(_("Both teams are on alver (11): no betting, the deal is played for 1."))
        elif len(alver) == 1:
            team = alver[0]
            if record.alver is AlverChoice.GIVE_UP:
                lines.append(_("%(team)s is on alver and gives up: %(other)s scores 1.", team=team.value,
                               other=team.other.value))
                scorer, ended = team.other, Ending.GIVE_UP
            else:
                stake = 3
                lines.append(_("%(team)s is on alver and plays for 3.", team=team.value))
        else:
            betting = settle_bets(record.bets, record.refused)
            stake, scorer = betting.stake, betting.scorer
            lines.extend(betting.lines)
            if scorer is not None:
                ended = Ending.REFUSED

        won: tuple[Team, ...] = ()
        if scorer is None:
            assert record.tricks is not None  # check: a deal not ended otherwise has its tricks
            won, scorer = record.tricks.winners, record.tricks.taker
            lines.append(_("Tricks: %(tricks)s → %(team)s takes two tricks and the deal.",
                           tricks=", ".join(t.value for t in won), team=scorer.value))
        scores[scorer.side] += stake
        lines.append(_("%(team)s scores %(stake)s.", team=scorer.value, stake=stake))

        after: PaublilloState = state.scored(scores)
        after = after.replace(alver=on_alver(after.totals))
        lines.append(_("Score: A %(a)s, B %(b)s.", a=score_text(after.totals[0]), b=score_text(after.totals[1])))
        if after.alver and max(after.totals) < TARGET:
            lines.append(_("On alver for the next deal: %(teams)s.", teams=and_join([t.value for t in after.alver])))
        details = DealDetails(leader, monja_point, stake, scorer, ended, won)
        return after, Outcome(scores=tuple(scores), breakdown=tuple(lines), details=details)

    def winners(self, table: TableSpec[PaublilloOptions], state: PaublilloState) -> tuple[int, ...]:
        """The team (or teams, in a tie no deal can make) with the highest total, once it is 12 or more."""
        best = max(state.totals)
        if best < TARGET:
            return ()
        return tuple(side for side, total in enumerate(state.totals) if total == best)

    # -- showing and settling -------------------------------------------------------------------------------
    def show_total(self, table: TableSpec[PaublilloOptions], state: PaublilloState, side: int) -> Text:
        """The score as the table says it: "4 malas", "3 buenas"."""
        return score_text(state.totals[side])

    def balances(self, table: TableSpec[PaublilloOptions], state: PaublilloState, **choices: Any) -> dict[int, int]:
        """When the game is won, each losing player pays one unit, shared out among the winners."""
        result = {seat: 0 for seat in range(table.size)}
        won = self.winners(table, state)
        if len(won) != 1:
            return result
        winners = teams.members(table)[won[0]]
        losers = [seat for seat in range(table.size) if seat not in winners]
        for seat in losers:
            result[seat] = -1
        share, extra = divmod(len(losers), len(winners))
        for i, seat in enumerate(winners):
            result[seat] = share + (1 if i < extra else 0)
        return result

    def display_state(self, table: TableSpec[PaublilloOptions], state: PaublilloState) -> dict[str, Any]:
        """The teams (members, score in malas and buenas, stones), who is on alver, who deals and leads."""
        totals = state.totals
        keep = table.options.keep_six_stones
        won = [Team.of_side(side).value for side in self.winners(table, state)]
        alver = () if won else on_alver(totals)  # a game won has no next deal to be on alver for
        shown = []
        for team in Team:
            plain, special = stones(totals[team.side], totals[team.other.side], keep)
            shown.append({
                "side": team.value,
                "label": teams.label(table, team),
                "members": list(teams.names(table, team)),
                "score": totals[team.side],
                "score_text": score_text(totals[team.side]),  # texts: the API says them in the asker's language
                "stones": {"plain": plain, "special": special},
                "stones_text": stones_text(plain, special),
                "alver": team in alver,
            })
        dealer = self.dealer(table, state) % table.size
        if won:
            alver_text = _("The game is over: %(team)s reached 12.", team=won[0])
        elif len(alver) == 2:
            alver_text = _("Both teams are on alver: no betting, the next deal is played for 1.")
        elif alver:
            alver_text = _("%(team)s is on alver: no betting; they play for 3 or give up.", team=alver[0].value)
        else:
            alver_text = _("Nobody is on alver.")
        return {
            "teams": shown,
            "alver": [team.value for team in alver],
            "alver_text": alver_text,
            "dealer": table.players[dealer],
            "leader": table.players[table.after(dealer)],
            "game_over": bool(won),
            "winners": won,
        }

    def statistics(self, table: TableSpec[PaublilloOptions], seat: int, records: Sequence[PaublilloRecord],
                   outcomes: Sequence[Outcome], state: PaublilloState) -> tuple[Statistic, ...]:
        """The raises of the player's team, and the deals with raises it won and lost (:mod:`.stats`)."""
        return stats.statistics(table, seat, records)

    # -- the referee ------------------------------------------------------------------------------------------
    def referee_initial(self, table: TableSpec[PaublilloOptions], state: PaublilloState) -> Mapping[str, Any]:
        """Asked from a table, the betting question starts from each team's points so far (11 is alver), the
        only question that asks the score. A game over (12 or more) leaves them blank: no bet is left to judge."""
        if max(state.totals) > ALVER:
            return {}
        return {f"score_{team.value.lower()}": str(state.totals[team.side]) for team in Team}

    def ruling(self, table: TableSpec[PaublilloOptions], situation: Mapping[str, Any]) -> Ruling:
        """A play or a trick (``question: "play"``, the default) is answered by
        :class:`~games.paublillo.play.PaublilloTrickRules`, in Paublillo's words (the face-down card, the vuelta,
        and who takes a trick the card completes); the betting (``question: "betting"``) by
        :func:`games.paublillo.bet_referee.betting_ruling`."""
        if parse.question_of(situation) == "betting":
            return betting_ruling(table, situation)
        return TRICK_RULES.answer(table, situation)


GAME = Paublillo()
