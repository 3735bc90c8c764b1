"""The referee on Paublillo's betting: may this team raise now, what a refusal scores, and betting on alver.

A betting question (``question: "betting"``), as the referee page and the API send it::

    {
      "question": "betting",
      "score_a": 4, "score_b": 11,     # each team's points as play starts (0 to 11; 11 is alver); blank is 0
      "raised_to": "nueve",            # the latest raise: envido, seis, nueve, doce (or 3, 6, 9, 12); blank,
                                       #   "none" or 0: no raise yet
      "raised_by": "A",                # the team that made it
      "refused": true,                 # the latest raise was refused: what does it score?
      "raise_by": "B"                  # the team that wants to raise now: may it?
    }

The raises go 3, 6, 9, 12 by the teams in turn, so the latest one and who made it say every raise before it:
the question is read into the raises of the deal (:class:`~games.paublillo.record.Bet`) and answered by
:mod:`games.paublillo.betting`, the code that scores a deal's record, so the referee and the score sheet
never disagree (seed 000, "Betting (envidar)" and "Alver"; RULINGS.md, Paublillo).

>>> from referee.game import Options, TableSpec
>>> table = TableSpec(("Ana", "Bea", "Luis", "Eva"), Options())
>>> ruling = betting_ruling(table, {"raised_to": "nueve", "raised_by": "A", "refused": True})
>>> str(ruling.explanation)
'Nueve by A refused → A scores 6, the stake before the raise. The deal ends there: the cards are thrown in.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.paublillo.betting import PAST_DOCE, STEP, check_past_doce, check_raises, settle_bets
from games.paublillo.record import BET_NAMES, STAKE_IS, STAKES, TEAM_IS_A_OR_B, Bet, read_stake
from games.paublillo.stones import ALVER
from games.paublillo.teams import Team
from games.paublillo.words import BOTH_ON_ALVER, ENVIDO, NO_BET_ON_ALVER, RAISING, REFUSAL
from referee import parse
from referee.game import Errors, Field, InvalidRecord, Ruling, TableSpec
from referee.text import Text, _

NO_RAISE = frozenset({"none", "0"})  # the latest raise, when there is none yet


@dataclass(frozen=True)
class BettingQuestion:
    """A betting question, typed: the scores as play starts (A, B), the raises so far (each team in turn up to
    the latest), whether the latest was refused, and the team that wants to raise now (if that is asked)."""

    scores: tuple[int, int]
    bets: tuple[Bet, ...]
    refused: bool
    raise_by: Team | None

    @property
    def on_alver(self) -> tuple[Team, ...]:
        return tuple(team for team in Team if self.scores[team.side] == ALVER)


def raises_up_to(stake: int, team: Team) -> tuple[Bet, ...]:
    """The raises of a deal whose latest is ``team``'s to ``stake``: 3, 6... by the teams in turn.

    >>> [(bet.team.value, bet.stake) for bet in raises_up_to(9, Team.A)]
    [('A', 3), ('B', 6), ('A', 9)]
    """
    count = stake // STEP
    return tuple(Bet(team.other if (count - n) % 2 else team, n * STEP) for n in range(count, 0, -1))[::-1]


def parse_question(raw: Mapping[str, Any]) -> BettingQuestion:
    """The question as sent, field by field: :class:`InvalidRecord` with a message per field."""
    errors = Errors()
    scores = tuple(parse.whole_number(raw.get(key), key, errors, minimum=0, maximum=ALVER) or 0
                   for key in ("score_a", "score_b"))
    stake = None
    given = raw.get("raised_to")
    if not parse.is_blank(given) and str(given).strip().lower() not in NO_RAISE:
        stake = read_stake(given, "raised_to", errors)
        if stake is not None and stake not in STAKES:
            errors.add("raised_to", PAST_DOCE if stake > STAKES[-1] else STAKE_IS)
            stake = None
    by = parse.choice(raw.get("raised_by"), list(Team), "raised_by", errors, wrong=TEAM_IS_A_OR_B)
    refused = parse.yes_no(raw.get("refused"), "refused", errors)
    raise_by = parse.choice(raw.get("raise_by"), list(Team), "raise_by", errors, wrong=TEAM_IS_A_OR_B)
    if stake is not None and by is None and "raised_by" not in errors:
        errors.add("raised_by", _("Which team made the latest raise?"))
    if stake is None and by is not None and "raised_to" not in errors:
        errors.add("raised_to", _("Which was the latest raise: envido, seis, nueve or doce?"))
    if refused and stake is None and "raised_to" not in errors:
        errors.add("refused", _("There is no raise to refuse."))
    if refused and raise_by is not None:
        errors.add("raise_by", _("A refused raise ends the deal: nobody raises after it."))
    errors.raise_if_any()
    bets = raises_up_to(stake, by) if stake is not None and by is not None else ()
    return BettingQuestion((scores[0], scores[1]), bets, refused, raise_by)


def betting_ruling(table: TableSpec[Any], raw: Mapping[str, Any]) -> Ruling:
    """The answer to a betting question as sent (:func:`parse_question`), each citing the paragraph it rests on."""
    question = parse_question(raw)
    alver = question.on_alver
    if alver:
        return _on_alver(question, alver)
    if question.refused:
        betting = settle_bets(question.bets, refused=True)
        return Ruling(None, REFUSAL, _("%(main)s %(note)s", main=betting.lines[-1],
                                       note=_("The deal ends there: the cards are thrown in.")))
    if question.raise_by is not None:
        return _may_raise(question, question.raise_by)
    return _where_the_betting_stands(question)


def _on_alver(question: BettingQuestion, alver: tuple[Team, ...]) -> Ruling:
    """Nobody bets while a team is on 11: a raise given is refused, a team wanting to raise is told no."""
    if question.bets:
        said = (_("No betting while a team is on alver: both teams are on 11.") if len(alver) == 2 else
                _("No betting while a team is on alver: %(team)s is on 11.", team=alver[0].value))
        raise InvalidRecord({"raised_to": said}, {"raised_to": NO_BET_ON_ALVER})
    legal = False if question.raise_by is not None else None
    if len(alver) == 2:
        return Ruling(legal, BOTH_ON_ALVER, _(
            "Both teams are on alver (11): nobody may bet. The hand is played for 1, and the team that takes two "
            "tricks wins the game."))
    team = alver[0]
    return Ruling(legal, NO_BET_ON_ALVER, _(
        "%(team)s is on alver (11): nobody may bet, neither %(team)s nor %(other)s. At the start of play "
        "%(team)s chooses: play the hand for 3, or give up and %(other)s scores 1.", team=team.value,
        other=team.other.value))


def _may_raise(question: BettingQuestion, team: Team) -> Ruling:
    """Whether ``team`` may make the next raise: by the teams in turn, never past doce (betting.check_raises)."""
    latest = question.bets[-1] if question.bets else None
    wanted = Bet(team, (latest.stake if latest else 0) + STEP)
    errors = Errors()
    check_past_doce((wanted,), errors)
    if not errors:
        check_raises((*question.bets, wanted), errors)
    if errors:
        return Ruling(False, RAISING, next(iter(errors.errors.values())))
    if latest is None:
        return Ruling(True, ENVIDO, _(
            "No raise yet: %(team)s may say envido, raising the deal from 1 to 3, at a player's turn before "
            "playing a card.", team=team.value))
    return Ruling(True, RAISING, _(
        "%(team)s may raise to %(name)s (%(stake)s): the latest raise, %(latest)s, was %(other)s's, so "
        "%(team)s may raise next, at once in answer to it or later at a player's turn.", team=team.value,
        name=BET_NAMES[wanted.stake], stake=wanted.stake, latest=BET_NAMES[latest.stake], other=latest.team.value))


def _where_the_betting_stands(question: BettingQuestion) -> Ruling:
    """What the latest raise makes the deal worth, accepted or refused, and who may raise next (to what)."""
    latest = question.bets[-1] if question.bets else None
    if latest is None:
        return Ruling(None, ENVIDO, _(
            "No raise yet: the deal is worth 1. Either team may say envido (3) at a player's turn, before "
            "playing a card."))
    accepted = settle_bets(question.bets, refused=False).stake
    before = settle_bets(question.bets, refused=True).stake
    worth = _("%(latest)s by %(team)s: accepted, the deal is worth %(stake)s; refused, %(team)s scores %(before)s.",
              latest=latest.name.capitalize(), team=latest.team.value, stake=accepted, before=before)
    if latest.stake >= STAKES[-1]:
        return Ruling(None, RAISING, _("%(main)s %(note)s", main=worth, note=PAST_DOCE))
    return Ruling(None, RAISING, _("%(main)s %(note)s", main=worth, note=_(
        "Only %(other)s may raise next, to %(name)s (%(next)s).", other=latest.team.other.value,
        name=BET_NAMES[latest.stake + STEP], next=latest.stake + STEP)))


TEAMS: tuple[tuple[str, Text], ...] = tuple((team.value, Text(team.value)) for team in Team)
STAKE_CHOICES: tuple[tuple[str, Text], ...] = (  # by name: a bare number in a link reads as a seat ("Player 3")
    ("none", _("No raise yet")),
    *((BET_NAMES[s], _("%(name)s (%(stake)s)", name=BET_NAMES[s], stake=s)) for s in STAKES))

# The referee form's fields of a betting question. The teams are A and B as the table page names them; the
# question is the same either way round, so without a table either team may be called A.
BETTING_FIELDS: tuple[Field, ...] = (
    Field("score_a", _("Team %(team)s: points so far", team=Team.A.value), "int", required=False, default=0,
          minimum=0, maximum=ALVER,
          help=_("As play starts (11 is alver). Teams A and B as the table page names them; without a table, "
                 "call either team A.")),
    Field("score_b", _("Team %(team)s: points so far", team=Team.B.value), "int", required=False, default=0,
          minimum=0, maximum=ALVER),
    Field("raised_to", _("Latest raise"), "choice", required=False, default="none", choices=STAKE_CHOICES),
    Field("raised_by", _("Raised by"), "choice", required=False, choices=TEAMS),
    Field("refused", _("The last raise was refused"), "bool", required=False, default=False,
          help=_("To see what the refusal scores.")),
    Field("raise_by", _("Team that wants to raise now"), "choice", required=False, choices=TEAMS,
          help=_("To see whether it may.")),
)
