"""Paublillo (seed 000): a Colombian three-trick team game with a trump suit, bets to 12 and alver.

Teams and sides
    Players are entered in the order of play (anticlockwise). The two teams sit alternately: with no teams
    given, even seats are team ``"A"`` and odd seats team ``"B"``; given teams are checked (two teams of half
    the players each, partners never side by side) and the first team given is ``"A"``. Two players are two
    teams of one. The sides that score are ``"A"`` and ``"B"``; the game is won by the first to 12 or more.

The deal record (what a phone form sends; every key but the ones a deal needs is optional)::

    {
      "dealer":  "Ana",            # optional: who dealt, to correct the expected dealer (name or seat number)
      "monja":   false,            # the 4 of trumps was turned up: the dealer's team scores 1 (not on alver)
      "alver":   "play",           # only when exactly one team is on 11 at the start of play:
                                   #   "play" (for 3) or "give_up" (the other team scores 1)
      "bets":    [{"team": "A", "stake": 3}, {"team": "B", "stake": "seis"}],
                                   # the raises in order; stake 3/6/9/12 or envido/seis/nueve/doce
      "refused": true,             # the last raise was refused: the deal ends, the raisers score the stake
                                   #   that stood before it (envido 1, seis 3, nueve 6, doce 9)
      "tricks":  "ABA",            # who won each trick, until a team has two: one of the six buttons
                                   #   AA, ABA, ABB, BB, BAB, BAA (a list ["A", "B", "A"] or "A, B, A" is
                                   #   accepted too); empty when the deal ended on a refusal or a give-up
      "void":    false             # misdeal: no score, the deal passes on
    }

Errors name the field: ``"dealer"``, ``"alver"``, ``"bets"``, ``"bets.<i>"``, ``"bets.<i>.team"``,
``"bets.<i>.stake"``, ``"refused"``, ``"tricks"``, ``"tricks.<i>"`` (indices from 0), ``"__all__"``.
The normalised record always holds every key: ``dealer`` (name), ``monja``, ``alver`` (or ``None``),
``bets`` (``[{"team", "stake": int}]``), ``refused``, ``tricks`` (a string such as ``"ABA"``, the value
of the form's choice; ``""`` when no trick decided the deal), ``void``.

The ruling situation::

    {
      "trump": "O",                                # the trump suit letter (O, C, E, B) or its name
      "trick": [{"player": "Ana", "card": "5C", "face_down": false}, ...],
                                                   # the cards already played to this trick, lead first;
                                                   #   "player" (name or seat) is needed on the lead only
      "hand": ["4O", "12C", "2E"],                 # the cards of the player to play (not needed to
                                                   #   find the winner of a complete trick)
      "card": "12C",                               # optional: the card this player means to play
      "face_down": false,                          # optional: played face down
      "trick_number": 2                            # optional 1-3; needed only where the vuelta matters
    }

>>> t = GAME.table(["Ana", "Bea", "Luis", "Eva"])
>>> state, outcome = GAME.apply(t, GAME.initial_state(t), {"bets": [{"team": "A", "stake": "envido"}],
...                                                       "tricks": "ABA"})
>>> state["totals"], str(outcome.breakdown[-1])
({'A': 3, 'B': 0}, 'Score: A 3 malas, B 0.')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.cards import SPANISH_SUITS, SUIT_NAMES, Card, CardError, DeckKind, card_codes
from referee.games.base import (
    Errors,
    Field,
    Game,
    InvalidRecord,
    Option,
    Outcome,
    RulesSection,
    Ruling,
    TableSpec,
)
from referee.text import Text, _, join
from referee.tricks import Play, Trick, trick_winner

SIDES = ("A", "B")
TARGET = 12
ALVER = 11
MALAS = 6
STAKES = (3, 6, 9, 12)
BET_NAMES: dict[int, str] = {3: "envido", 6: "seis", 9: "nueve", 12: "doce"}
BET_ALIASES: dict[str, int] = {
    "envido": 3, "seis": 6, "nueve": 9, "doce": 12, "six": 6, "nine": 9, "twelve": 12,
}
YES = ("1", "true", "on", "yes")
NO = ("0", "false", "off", "no")
PLAIN_STONES = 10  # the set of twelve stones: ten plain, two special

TRUMP_ORDER = ("4", "3", "2", "12", "11", "10", "1", "7", "6", "5")  # highest first
PLAIN_ORDER = ("12", "11", "10", "1", "7", "6", "5", "4", "3", "2")
TRICK_SEQUENCES = ("AA", "ABA", "ABB", "BB", "BAB", "BAA")
SUIT_ALIASES = {"oros": "O", "copas": "C", "espadas": "E", "bastos": "B",
                "coins": "O", "cups": "C", "swords": "E", "batons": "B", "clubs": "B"}
RANK_NAMES: dict[str, Text] = {
    "1": _("Ace"), "10": _("Jack (sota)"), "11": _("Horse (caballo)"), "12": _("King (rey)"),
}

# -- the rules, in our words (quoted by rulings and by the rules page) ---------------------------------------
NO_RAISE_ON_ALVER = _("No betting while a team is on alver, so there is no raise to refuse.")
WHICH_TRICK_TRUMP = _("Which trick is this? A face-down last card to a trump lead is allowed only as the "
                      "vuelta, in the second trick.")
R_TRUMP_RANKING = _("Trumps rank 4 (monja), 3 (paublillo), 2, King, Horse, Jack, Ace, 7, 6, 5.")
R_PLAIN_RANKING = _("The other suits rank King, Horse, Jack, Ace, 7, 6, 5, 4, 3, 2.")
R_LEAD = _("Any card may be led, and the lead is always placed face up.")
R_FOLLOW_TRUMP = _("When a trump is led, every other player must play a trump if they have one.")
R_MONJA = _("A player whose only trump is the 4 (the monja) does not have to play it and may play "
            "another card instead.")
R_PLAIN_LEAD = _("When a plain suit is led, the others may play any card they like, face up or face down.")
R_FACE_UP_TRUMP = _("When a trump is led, every card in the trick is played face up.")
R_FACE_DOWN = _("A card played face down cannot win the trick.")
R_VUELTA = _("The vuelta: the last card of the second trick may be played face down, even to a trump lead, "
             "and still wins as if it were face up; whoever plays it leads the third trick, whether it won "
             "or not.")
R_WINNER = _("A trick goes to the highest face-up trump in it or, with no trump in it, to the highest "
             "face-up card of the suit led.")


def stones(score: int, other: int | None = None, keep_six: bool = True) -> tuple[int, int]:
    """The stones in front of a team's scorer for ``score``: ``(plain, special)``.

    Malas (1–6) are plain stones; buenas (7–12) are one special stone plus one plain stone for each
    buena after the first. At 6 (fuera de malas) the scorer may keep the six plain stones (``keep_six``,
    the safer habit) but must give them back when the other team needs them: there are only ten plain
    stones, so at 6–5 the team on 6 holds none. ``other`` is the other team's score, if known. Scores past
    12 show as 12 (the game is over).

    >>> stones(4), stones(6), stones(6, other=5), stones(7), stones(10), stones(12)
    ((4, 0), (6, 0), (0, 0), (0, 1), (3, 1), (5, 1))
    """
    score = max(0, min(score, TARGET))
    if score > MALAS:
        return score - MALAS - 1, 1
    if score < MALAS:
        return score, 0
    if not keep_six:
        return 0, 0
    if other is not None:
        other = max(0, min(other, TARGET))
        other_plain = other if other <= MALAS else other - MALAS - 1  # a team on 6 too would keep six
        if MALAS + other_plain > PLAIN_STONES:
            return 0, 0
    return MALAS, 0


def score_text(score: int) -> Text:
    """A score the way the table says it: "4 malas", "fuera de malas", "3 buenas"."""
    if score <= 0:
        return _("0")
    if score == 1:
        return _("1 mala")
    if score < MALAS:
        return _("%(n)s malas", n=score)
    if score == MALAS:
        return _("6 malas (fuera de malas)")
    if score == MALAS + 1:
        return _("1 buena")
    if score <= TARGET:
        return _("%(n)s buenas", n=score - MALAS)
    return _("%(n)s points: game", n=score)


def _join_names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return str(_("%(names)s & %(last)s", names=", ".join(names[:-1]), last=names[-1]))


def trump_strength(card: Card, trump: str) -> tuple[int, int]:
    """How strong ``card`` is as a trump or in a plain suit: ``(1, k)`` for trumps, ``(0, k)`` otherwise."""
    if card.suit == trump:
        return 1, len(TRUMP_ORDER) - TRUMP_ORDER.index(card.rank)
    return 0, len(PLAIN_ORDER) - PLAIN_ORDER.index(card.rank)


def card_name(card: Card, trump: str | None = None) -> Text:
    rank = RANK_NAMES.get(card.rank, card.rank)
    suit = SUIT_NAMES["spanish"][card.suit]
    if trump is not None and card.suit == trump and card.rank in ("4", "3"):
        nick = "monja" if card.rank == "4" else "paublillo"
        return _("%(rank)s of %(suit)s (%(nick)s)", rank=rank, suit=suit, nick=nick)
    return _("%(rank)s of %(suit)s", rank=rank, suit=suit)


def _as_bool(value: Any, name: str, errors: Errors) -> bool:
    if value is None or value == "":
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in YES + NO:
        return value.strip().lower() in YES
    errors.add(name, _("Answer yes or no."))
    return False


class Paublillo(Game):
    slug = "paublillo"
    name = "Paublillo"
    player_counts = (2, 4, 6, 8)
    deck = DeckKind.SPANISH40
    team_game = True
    stake_unit = _("losing player")
    options = (
        Option(
            "monja_alver_at_once", _("A monja point that brings the dealer's team to 11 puts them on alver "
                                     "in that same deal"), "bool", True, house_rule=True,
            help=_("The monja point is scored as soon as the trump is turned, before play starts, so a team "
                   "it takes to 11 is on alver for that deal: no betting, play for 3 or give up. Off: their "
                   "alver starts with the next deal and this one is played and bet as usual."),
        ),
        Option(
            "keep_six_stones", _("Keep the six plain stones at fuera de malas"), "bool", True,
            help=_("At 6 the scorer may keep the six plain stones as a reminder to take a special stone next "
                   "(they go back when the other team needs them, as at 6–5), or return them at once."),
        ),
    )

    # -- teams ------------------------------------------------------------------------------------------
    def seat_teams(self, table: TableSpec) -> TableSpec:
        n = table.size
        if not table.teams:
            teams = (tuple(table.players[0::2]), tuple(table.players[1::2]))
            return TableSpec(table.players, table.options, teams, table.first_dealer)
        by_fold = {p.casefold(): i for i, p in enumerate(table.players)}
        errors = Errors()
        if len(table.teams) != 2:
            errors.add("teams", _("Paublillo is played by two teams."))
            errors.raise_if_any()
        seat_team: dict[int, int] = {}
        for t, team in enumerate(table.teams):
            for member in team:
                seat = by_fold.get(str(member).strip().casefold())
                if seat is None:
                    errors.add("teams", _("%(name)s is not at this table.", name=member))
                elif seat in seat_team:
                    errors.add("teams", _("%(name)s is in a team twice.", name=table.players[seat]))
                else:
                    seat_team[seat] = t
        errors.raise_if_any()
        if len(seat_team) != n:
            missing = [p for i, p in enumerate(table.players) if i not in seat_team]
            errors.add("teams", _("Every player is in a team: %(names)s is not.", names=", ".join(missing)))
        elif any(len(team) != n // 2 for team in table.teams):
            errors.add("teams", _("The two teams have the same number of players: %(half)s each.",
                                  half=n // 2))
        else:
            for seat in range(n):
                nxt = table.after(seat)
                if nxt != seat and seat_team[seat] == seat_team[nxt]:
                    errors.add("teams", _(
                        "Partners never sit next to each other: %(a)s and %(b)s are partners but sit side by "
                        "side. Enter the players in the order of play, the teams alternating.",
                        a=table.players[seat], b=table.players[nxt]))
                    break
        errors.raise_if_any()
        teams = tuple(tuple(p for i, p in enumerate(table.players) if seat_team[i] == t) for t in range(2))
        return TableSpec(table.players, table.options, teams, table.first_dealer)

    def sides(self, table: TableSpec) -> list[str]:
        return list(SIDES)

    def team_members(self, table: TableSpec) -> dict[str, tuple[str, ...]]:
        if len(table.teams) == 2:
            return {SIDES[0]: tuple(table.teams[0]), SIDES[1]: tuple(table.teams[1])}
        return {SIDES[0]: tuple(table.players[0::2]), SIDES[1]: tuple(table.players[1::2])}

    def team_label(self, table: TableSpec, side: str) -> str:
        return _join_names(self.team_members(table)[side])

    def side_of(self, table: TableSpec, seat: int) -> str:
        player = table.players[seat]
        for side, members in self.team_members(table).items():
            if player in members:
                return side
        return SIDES[seat % 2]

    def leader(self, table: TableSpec, dealer: int) -> int:
        """The player after the dealer (to the dealer's right) speaks and leads first."""
        return table.after(dealer)

    # -- state --------------------------------------------------------------------------------------------
    def initial_state(self, table: TableSpec) -> dict[str, Any]:
        state = super().initial_state(table)
        state["alver"] = []
        return state

    @staticmethod
    def _totals(state: Mapping[str, Any]) -> dict[str, int]:
        totals = state.get("totals", {})
        return {side: int(totals.get(side, 0)) for side in SIDES}

    def on_alver(self, totals: Mapping[str, int]) -> list[str]:
        return [side for side in SIDES if totals.get(side, 0) == ALVER]

    def winners(self, table: TableSpec, state: Mapping[str, Any]) -> list[str]:
        totals = self._totals(state)
        best = max(totals.values())
        if best < TARGET:
            return []
        return [side for side in SIDES if totals[side] == best]

    def next_dealer(self, table: TableSpec, state: Mapping[str, Any], record: Mapping[str, Any]) -> int:
        dealer = record.get("dealer")
        seat = table.players.index(dealer) if dealer in table.players else state["dealer"]
        return table.after(seat)

    def apply(self, table: TableSpec, state: Mapping[str, Any],
              record: Mapping[str, Any]) -> tuple[dict[str, Any], Outcome]:
        new_state, outcome = super().apply(table, state, record)
        outcome.dealer = table.after(outcome.next_dealer, -1)  # the dealer the record names, if corrected
        new_state["alver"] = self.on_alver(self._totals(new_state))
        return new_state, outcome

    # -- the record -----------------------------------------------------------------------------------------
    def record_fields(self, table: TableSpec) -> tuple[Field, ...]:
        team_choices = tuple((side, _("%(side)s: %(names)s", side=side, names=self.team_label(table, side)))
                             for side in SIDES)
        stake_choices = tuple((str(s), _("%(name)s (%(stake)s)", name=BET_NAMES[s], stake=s)) for s in STAKES)
        trick_choices = tuple((seq, _("%(tricks)s", tricks=" ".join(seq))) for seq in TRICK_SEQUENCES)
        return (
            Field("dealer", _("Dealer"), "player", required=False,
                  help=_("Only to correct who dealt; the deal then passes to the player after them.")),
            Field("monja", _("Monja turned up (the 4 of trumps)"), "bool", required=False, default=False,
                  help=_("The dealer's team scores 1 at once, unless it is on alver.")),
            Field("alver", _("Team on alver"), "choice", required=False,
                  choices=(("play", _("Plays for 3")), ("give_up", _("Gives up (the others score 1)"))),
                  help=_("Only when one team (not both) is on 11 at the start of play.")),
            Field("bets", _("Raises, in order"), "list", required=False, default=[], maximum=4,
                  help=_("Envido (3) first, then seis (6), nueve (9), doce (12), the teams taking turns."),
                  fields=(
                      Field("team", _("Raised by"), "choice", choices=team_choices),
                      Field("stake", _("To"), "choice", choices=stake_choices),
                  )),
            Field("refused", _("The last raise was refused"), "bool", required=False, default=False,
                  help=_("The deal ends: the raisers score the stake before the raise (1, 3, 6 or 9).")),
            Field("tricks", _("Trick winners, in order"), "choice", required=False, choices=trick_choices,
                  help=_("Who won each trick until a team had two. Leave empty after a refusal or a "
                         "give-up.")),
            Field("void", _("Void deal (misdeal): no score, the deal passes on"), "bool", required=False,
                  default=False),
        )

    KEYS = ("dealer", "monja", "alver", "bets", "refused", "tricks", "void")

    def _dealer_seat(self, table: TableSpec, state: Mapping[str, Any], value: Any, errors: Errors) -> int:
        default = int(state.get("dealer", table.first_dealer)) % table.size
        if value is None or value == "":
            return default
        seat = self._seat(table, value)
        if seat is None:
            errors.add("dealer", _("%(name)s is not at this table.", name=value))
            return default
        return seat

    @staticmethod
    def _seat(table: TableSpec, value: Any) -> int | None:
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value if 0 <= value < table.size else None
        if isinstance(value, str):
            name = table.player_named(value)
            if name is not None:
                return table.players.index(name)
            wanted = value.strip()
            if wanted.isascii() and wanted.isdigit() and int(wanted) < table.size:
                return int(wanted)
        return None

    @staticmethod
    def _side(value: Any) -> str | None:
        if isinstance(value, str) and value.strip().upper() in SIDES:
            return value.strip().upper()
        return None

    def _bets(self, value: Any, errors: Errors) -> list[dict[str, Any]]:
        if value is None or value == "":
            return []
        if not isinstance(value, (list, tuple)):
            errors.add("bets", _("The raises are a list: who raised, and to what."))
            return []
        bets: list[dict[str, Any]] = []
        for i, item in enumerate(value):
            if not isinstance(item, Mapping):
                errors.add(f"bets.{i}", _("Each raise names the team and the stake."))
                continue
            team = self._side(item.get("team"))
            if team is None:
                errors.add(f"bets.{i}.team", _("The team is A or B."))
            stake = self._stake(item.get("stake"))
            if stake is None:
                errors.add(f"bets.{i}.stake", _("The stake is envido (3), seis (6), nueve (9) or doce (12)."))
            elif stake > TARGET:
                errors.add(f"bets.{i}", _("Doce (12) is the highest stake: nobody can raise past 12."))
            if team is not None and stake is not None:
                bets.append({"team": team, "stake": stake, "index": i})
        return bets

    @staticmethod
    def _stake(value: Any) -> int | None:
        if isinstance(value, bool):
            return None
        if isinstance(value, str):
            raw = value.strip().lower()
            if raw in BET_ALIASES:
                return BET_ALIASES[raw]
            if not (raw.isascii() and raw.isdigit()):
                return None
            value = int(raw)
        if isinstance(value, int) and value > 0 and value % 3 == 0:
            return value
        return None

    def _tricks(self, value: Any, errors: Errors) -> list[str]:
        if value is None or value == "":
            return []
        if isinstance(value, str):
            value = [c for c in value.replace(",", " ").replace("-", " ") if not c.isspace()]
        if not isinstance(value, (list, tuple)):
            errors.add("tricks", _("List who won each trick: A or B."))
            return []
        tricks: list[str] = []
        for i, item in enumerate(value):
            side = self._side(item)
            if side is None:
                errors.add(f"tricks.{i}", _("A trick is won by team A or team B."))
                return []
            if max((tricks.count(s) for s in SIDES), default=0) >= 2:
                errors.add(f"tricks.{i}", _(
                    "The deal ends as soon as a team has won two tricks: no trick is played after that."))
                return []
            tricks.append(side)
        if tricks and max(tricks.count(s) for s in SIDES) < 2:
            errors.add("tricks", _("The deal is played until a team has won two of the three tricks."))
        return tricks

    def validate(self, table: TableSpec, state: Mapping[str, Any],
                 record: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(record, Mapping):
            raise InvalidRecord({"__all__": _("A deal record is a set of fields.")})
        errors = Errors()
        for key in record:
            if key not in self.KEYS:
                errors.add(str(key), _("Paublillo records have no field %(key)s.", key=key))
        won = self.winners(table, state)
        if won:
            errors.add("__all__", _("The game is over: %(team)s reached 12.", team=won[0]))
            errors.raise_if_any()
        seat = self._dealer_seat(table, state, record.get("dealer"), errors)
        void = _as_bool(record.get("void"), "void", errors)
        clean: dict[str, Any] = {"dealer": table.players[seat], "monja": False, "alver": None, "bets": [],
                                 "refused": False, "tricks": "", "void": void}
        if void:
            errors.raise_if_any()
            return clean
        monja = _as_bool(record.get("monja"), "monja", errors)
        bets = self._bets(record.get("bets"), errors)
        refused = _as_bool(record.get("refused"), "refused", errors)
        tricks = self._tricks(record.get("tricks"), errors)
        raw_alver = record.get("alver")
        alver: str | None = None
        if raw_alver not in (None, ""):
            alver = str(raw_alver).strip().lower().replace(" ", "_").replace("-", "_")
            if alver not in ("play", "give_up"):
                errors.add("alver", _("The team on alver either plays (for 3) or gives up."))
                alver = None

        tricks_bad = any(key == "tricks" or key.startswith("tricks.") for key in errors.errors)
        tricks_given = bool(tricks) or tricks_bad
        tricks_missing = not tricks and not tricks_bad
        totals = self._totals(state)
        at_play = self._start_of_play(table, totals, seat, monja)
        alver_sides = self.on_alver(at_play)
        bets_given = bool(record.get("bets"))
        if len(alver_sides) == 1:
            side = alver_sides[0]
            if raw_alver in (None, "") and "alver" not in errors:
                errors.add("alver", _("%(team)s is on alver (11): record whether they play for 3 or give up.",
                                      team=side))
            if bets_given:
                errors.add("bets", _("No betting while a team is on alver: %(team)s is on 11.", team=side))
            if refused:
                errors.add("refused", NO_RAISE_ON_ALVER)
            if alver == "give_up" and tricks_given:
                errors.add("tricks", _("%(team)s gave up on alver: the cards are thrown in, no tricks are "
                                       "played.", team=side))
            elif alver == "play" and tricks_missing:
                errors.add("tricks", _("Record who won each trick until a team had two."))
        else:
            if raw_alver not in (None, ""):
                if alver_sides:
                    errors.add("alver", _("Both teams are on 11: nobody chooses, the deal is played for 1."))
                else:
                    errors.add("alver", _("Nobody is on alver (11): there is no choice to make."))
            if alver_sides and bets_given:
                errors.add("bets", _("No betting while a team is on alver: both teams are on 11."))
            elif alver_sides and refused:
                errors.add("refused", NO_RAISE_ON_ALVER)
            elif not alver_sides:
                if not any(key.startswith("bets") for key in errors.errors):
                    self._check_raises(bets, errors)
                if refused and not bets_given:
                    errors.add("refused", _("There is no raise to refuse."))
            if refused and tricks_given:
                errors.add("tricks", _("A refused raise ends the deal: leave the tricks empty (tricks played "
                                       "before the refusal do not count)."))
            elif not refused and tricks_missing:
                errors.add("tricks", _("Record who won each trick until a team had two."))
        errors.raise_if_any()
        clean.update(monja=monja, alver=alver if len(alver_sides) == 1 else None,
                     bets=[{"team": b["team"], "stake": b["stake"]} for b in bets],
                     refused=refused, tricks="".join(tricks))
        return clean

    def _check_raises(self, bets: list[dict[str, Any]], errors: Errors) -> None:
        previous: dict[str, Any] | None = None
        for bet in bets:
            i = bet["index"]
            if f"bets.{i}" in errors:
                return
            expected = 3 if previous is None else previous["stake"] + 3
            if previous is not None and bet["team"] == previous["team"]:
                other = SIDES[1 - SIDES.index(bet["team"])]
                errors.add(f"bets.{i}.team", _(
                    "%(team)s cannot raise twice in a row: only the team that accepted the latest raise "
                    "(%(other)s) may raise next.", team=bet["team"], other=other))
                return
            if expected > TARGET:
                errors.add(f"bets.{i}", _("Doce (12) is the highest stake: nobody can raise past 12."))
                return
            if bet["stake"] != expected:
                if previous is None:
                    errors.add(f"bets.{i}.stake", _(
                        "The first raise is the envido, from 1 to 3; %(stake)s is not.", stake=bet["stake"]))
                else:
                    errors.add(f"bets.{i}.stake", _(
                        "Each raise adds 3: after %(prev)s (%(prev_name)s) comes %(next)s (%(next_name)s), "
                        "not %(stake)s.", prev=previous["stake"], prev_name=BET_NAMES[previous["stake"]],
                        next=expected, next_name=BET_NAMES[expected], stake=bet["stake"]))
                return
            previous = bet

    def _start_of_play(self, table: TableSpec, totals: Mapping[str, int], dealer: int,
                       monja: bool) -> dict[str, int]:
        """The scores when play starts: with the monja point, if the table counts it for alver at once."""
        at_play = dict(totals)
        side = self.side_of(table, dealer)
        if monja and totals[side] != ALVER and table.options.get("monja_alver_at_once", True):
            at_play[side] += 1
        return at_play

    # -- scoring ------------------------------------------------------------------------------------------
    def score(self, table: TableSpec, state: dict[str, Any], record: dict[str, Any]) -> Outcome:
        seat = table.players.index(record["dealer"])
        dealer_side = self.side_of(table, seat)
        totals = self._totals(state)
        scores = {side: 0 for side in SIDES}
        lines: list[Text] = [_("%(dealer)s dealt (team %(team)s); %(leader)s leads.", dealer=record["dealer"],
                               team=dealer_side, leader=table.players[self.leader(table, seat)])]
        extra: dict[str, Any] = {"leader": table.players[self.leader(table, seat)], "monja_point": None,
                                 "stake": None, "scored_by": None, "ended": None}

        if record["monja"]:
            if totals[dealer_side] == ALVER:
                lines.append(_("Monja turned up, but the dealer's team %(team)s is on alver (11): no point.",
                               team=dealer_side))
            else:
                scores[dealer_side] += 1
                extra["monja_point"] = dealer_side
                lines.append(_("Monja turned up: the dealer's team %(team)s scores 1.", team=dealer_side))

        alver_sides = self.on_alver(self._start_of_play(table, totals, seat, record["monja"]))
        tricks: str = record["tricks"]
        bets: list[dict[str, Any]] = record["bets"]
        stake = 1
        scorer: str | None = None
        if len(alver_sides) == 2:
            lines.append(_("Both teams are on alver (11): no betting, the deal is played for 1."))
        elif len(alver_sides) == 1:
            side = alver_sides[0]
            other = SIDES[1 - SIDES.index(side)]
            if record["alver"] == "give_up":
                lines.append(_("%(team)s is on alver and gives up: %(other)s scores 1.", team=side,
                               other=other))
                scorer, extra["ended"] = other, "give_up"
            else:
                stake = 3
                lines.append(_("%(team)s is on alver and plays for 3.", team=side))
        else:
            for n, bet in enumerate(bets):
                name = BET_NAMES[bet["stake"]]
                label = name.capitalize()
                if record["refused"] and n == len(bets) - 1:
                    stake = bet["stake"] - 3 if bet["stake"] > 3 else 1
                    scorer, extra["ended"] = bet["team"], "refused"
                    lines.append(_("%(bet)s by %(team)s refused → %(team)s scores %(stake)s, the stake "
                                   "before the raise.", bet=label, team=bet["team"], stake=stake))
                else:
                    stake = bet["stake"]
                    lines.append(_("%(bet)s by %(team)s accepted (%(stake)s).", bet=label, team=bet["team"],
                                   stake=stake))
            if not bets:
                lines.append(_("No raise: the deal is worth 1."))

        if scorer is None:
            scorer = max(SIDES, key=tricks.count)
            extra["ended"] = "tricks"
            lines.append(_("Tricks: %(tricks)s → %(team)s wins 2 of %(played)s.", tricks=", ".join(tricks),
                           team=scorer, played=len(tricks)))
        scores[scorer] += stake
        extra.update(stake=stake, scored_by=scorer)
        lines.append(_("%(team)s scores %(stake)s.", team=scorer, stake=stake))

        after = {side: totals[side] + scores[side] for side in SIDES}
        lines.append(_("Score: A %(a)s, B %(b)s.", a=score_text(after["A"]), b=score_text(after["B"])))
        now_alver = self.on_alver(after)
        if now_alver and max(after.values()) < TARGET:
            lines.append(_("On alver for the next deal: %(teams)s.", teams=" & ".join(now_alver)))
        extra["tricks"] = list(tricks)
        return Outcome(scores=scores, breakdown=lines, extra=extra)

    # -- settling and showing -------------------------------------------------------------------------------
    def balances(self, table: TableSpec, state: Mapping[str, Any], **choices: Any) -> dict[str, int]:
        """When the game is won, each losing player pays one unit, shared out among the winners."""
        result = {p: 0 for p in table.players}
        won = self.winners(table, state)
        if len(won) != 1:
            return result
        members = self.team_members(table)
        winners = list(members[won[0]])
        losers = [p for p in table.players if p not in winners]
        for p in losers:
            result[p] = -1
        share, extra = divmod(len(losers), len(winners))
        for i, p in enumerate(winners):
            result[p] = share + (1 if i < extra else 0)
        return result

    def display_state(self, table: TableSpec, state: Mapping[str, Any]) -> dict[str, Any]:
        totals = self._totals(state)
        keep = bool(table.options.get("keep_six_stones", True))
        members = self.team_members(table)
        alver = self.on_alver(totals)
        won = self.winners(table, state)
        teams = []
        for side in SIDES:
            other = totals[SIDES[1 - SIDES.index(side)]]
            plain, special = stones(totals[side], other, keep)
            teams.append({
                "side": side,
                "label": self.team_label(table, side),
                "members": list(members[side]),
                "score": totals[side],
                "score_text": score_text(totals[side]),  # texts: the API says them in the asker's language
                "stones": {"plain": plain, "special": special},
                "stones_text": _("%(plain)s plain, %(special)s special", plain=plain, special=special),
                "alver": side in alver,
            })
        dealer = int(state.get("dealer", table.first_dealer)) % table.size
        if len(alver) == 2:
            alver_text = _("Both teams are on alver: no betting, the next deal is played for 1.")
        elif alver:
            alver_text = _("%(team)s is on alver: no betting; they play for 3 or give up.", team=alver[0])
        else:
            alver_text = _("Nobody is on alver.")
        return {
            "teams": teams,
            "alver": alver,
            "alver_text": alver_text,
            "dealer": table.players[dealer],
            "leader": table.players[self.leader(table, dealer)],
            "game_over": bool(won),
            "winners": won,
        }

    # -- the referee --------------------------------------------------------------------------------------
    ruling_fields = (
        Field("trump", _("Trumps"), "choice",
              choices=tuple((s, SUIT_NAMES["spanish"][s]) for s in SPANISH_SUITS)),
        Field("trick", _("Cards already played to this trick, lead first"), "list", required=False,
              default=[],
              fields=(Field("player", _("Player"), "player", required=False),
                      Field("card", _("Card"), "card"),
                      Field("face_down", _("Face down"), "bool", required=False, default=False))),
        Field("hand", _("The hand of the player to play"), "cards", required=False),
        Field("card", _("The card they want to play"), "card", required=False),
        Field("face_down", _("Played face down"), "bool", required=False, default=False),
        Field("trick_number", _("Trick number"), "int", required=False, minimum=1, maximum=3, step=1),
    )

    def _card(self, value: Any, name: str, errors: Errors) -> Card | None:
        if isinstance(value, Card):
            return value
        if not isinstance(value, str) or not value.strip():
            errors.add(name, _("Name a card, such as 4O or 12E."))
            return None
        try:
            return Card.parse(value, self.deck)
        except CardError:
            errors.add(name, _("%(code)s is not a card of the Spanish 40-card deck.", code=value))
            return None

    def _situation(self, table: TableSpec, situation: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(situation, Mapping):
            raise InvalidRecord({"__all__": _("A situation is a set of fields.")})
        errors = Errors()
        raw_trump = situation.get("trump")
        trump = None
        if isinstance(raw_trump, str):
            key = raw_trump.strip()
            trump = SUIT_ALIASES.get(key.lower(), key.upper())
            if trump not in SPANISH_SUITS:
                trump = None
        if trump is None:
            errors.add("trump", _("Name the trump suit: O (oros), C (copas), E (espadas) or B (bastos)."))

        trick_number = situation.get("trick_number")
        if trick_number in (None, ""):
            trick_number = None
        else:
            try:
                trick_number = int(trick_number)
            except (TypeError, ValueError):
                trick_number = 0
            if not 1 <= trick_number <= 3:
                errors.add("trick_number", _("There are three tricks: 1, 2 or 3."))
                trick_number = None

        raw_trick = situation.get("trick") or []
        plays: list[Play] = []
        seen: set[Card] = set()
        if not isinstance(raw_trick, (list, tuple)):
            errors.add("trick", _("The trick is a list of the cards played, lead first."))
            raw_trick = []
        if len(raw_trick) > table.size:
            errors.add("trick", _("A trick has one card from each of the %(n)s players.", n=table.size))
            raw_trick = []
        seat: int | None = None
        for i, item in enumerate(raw_trick):
            if isinstance(item, str):
                item = {"card": item}
            if not isinstance(item, Mapping):
                errors.add(f"trick.{i}", _("Each play names the card (and, for the lead, the player)."))
                continue
            card = self._card(item.get("card"), f"trick.{i}.card", errors)
            face_down = _as_bool(item.get("face_down"), f"trick.{i}.face_down", errors)
            raw_player = item.get("player")
            expected = None if seat is None else table.after(seat)
            if raw_player in (None, ""):
                if expected is None:
                    errors.add(f"trick.{i}.player", _("Say who led the trick."))
                    continue
                seat = expected
            else:
                found = self._seat(table, raw_player)
                if found is None:
                    errors.add(f"trick.{i}.player", _("%(name)s is not at this table.", name=raw_player))
                    continue
                if expected is not None and found != expected:
                    errors.add(f"trick.{i}.player", _(
                        "Play goes round in order: after %(prev)s comes %(next)s.",
                        prev=table.players[seat] if seat is not None else "", next=table.players[expected]))
                    continue
                seat = found
            if card is None:
                continue
            if card in seen:
                errors.add(f"trick.{i}.card", _("%(card)s is already in the trick.", card=card.code))
                continue
            seen.add(card)
            plays.append(Play(table.players[seat], card, face_down))

        hand: list[Card] | None = None
        raw_hand = situation.get("hand")
        if raw_hand not in (None, "", []):
            codes = card_codes(raw_hand)
            if codes is None:
                errors.add("hand", _("The hand is a list of cards."))
            else:
                hand = []
                for code in codes:
                    card = self._card(code, "hand", errors)
                    if card is None:
                        continue
                    if card in hand:
                        errors.add("hand", _("%(card)s is in the hand twice.", card=card.code))
                    elif card in seen:
                        errors.add("hand", _("%(card)s is already on the table in this trick.",
                                             card=card.code))
                    hand.append(card)
                limit = 3 if trick_number is None else 4 - trick_number
                if len(hand) > limit:
                    errors.add("hand", _("A player holds at most %(n)s cards at this point.", n=limit))

        card = None
        if situation.get("card") not in (None, ""):
            card = self._card(situation.get("card"), "card", errors)
        face_down = _as_bool(situation.get("face_down"), "face_down", errors)
        errors.raise_if_any()

        if len(plays) == table.size and card is not None:
            errors.add("card", _("The trick is complete: nobody is left to play."))
        if card is not None and hand is None:
            errors.add("hand", _("Give the player's hand: whether a card may be played depends on it."))
        if card is not None and hand is not None and card not in hand:
            errors.add("card", _("%(card)s is not in the hand.", card=card.code))
        if card is not None and card in seen:
            errors.add("card", _("%(card)s is already in the trick.", card=card.code))
        if card is None and len(plays) < table.size and hand is None:
            errors.add("hand", _("Give the player's hand to see what they may play, or a complete trick to "
                                 "find its winner."))
        assert trump is not None
        # earlier plays must have been legal as to face-down cards
        if plays and plays[0].face_down:
            errors.add("trick.0.face_down", _("The lead is always face up."))
        led_trump = bool(plays) and plays[0].card.suit == trump
        for i, play in enumerate(plays[1:], start=1):
            is_last = i == table.size - 1
            if play.face_down and led_trump and not is_last:
                errors.add(f"trick.{i}.face_down", R_FACE_UP_TRUMP)
            elif play.face_down and led_trump and trick_number != 2:
                if trick_number is None:
                    errors.add("trick_number", WHICH_TRICK_TRUMP)
                else:
                    errors.add(f"trick.{i}.face_down", R_FACE_UP_TRUMP)
        errors.raise_if_any()
        return {"trump": trump, "plays": plays, "hand": hand, "card": card, "face_down": face_down,
                "trick_number": trick_number}

    def ruling(self, table: TableSpec, situation: Mapping[str, Any]) -> Ruling:
        s = self._situation(table, situation)
        trump: str = s["trump"]
        plays: list[Play] = s["plays"]
        hand: list[Card] | None = s["hand"]
        card: Card | None = s["card"]
        trick_number: int | None = s["trick_number"]

        if len(plays) == table.size:
            return self._winner_ruling(table, plays, trump, trick_number)

        position = len(plays)
        completes = position == table.size - 1
        player = table.players[table.after(table.players.index(plays[-1].player))] if plays else None
        assert hand is not None
        reasons: dict[str, Text] = {}
        legal_cards: list[str] = []
        rule_of: dict[str, Text] = {}
        for c in hand:
            ok, rule, why = self._legal_card(c, hand, plays, trump)
            reasons[c.code] = why
            rule_of[c.code] = rule
            if ok:
                legal_cards.append(c.code)

        if card is None:
            if not plays:
                rule, explanation = _("Leading"), R_LEAD
            elif plays[0].card.suit == trump:
                rule, explanation = _("Following a trump lead"), R_FOLLOW_TRUMP
            else:
                rule, explanation = _("Following a plain lead"), R_PLAIN_LEAD
            return Ruling(None, rule, explanation, legal_cards=legal_cards, reasons=reasons)

        legal = card.code in legal_cards
        rule = rule_of[card.code]
        explanation = reasons[card.code]
        face_down = bool(s["face_down"])
        if legal and face_down:
            legal, rule, explanation = self._face_down(plays, trump, trick_number, completes)
        winner: str | None = None
        if legal and completes and player is not None:
            final = [*plays, Play(player, card, face_down)]
            if face_down and trick_number is None:
                as_vuelta = self._winner_ruling(table, final, trump, 2)
                otherwise = self._winner_ruling(table, final, trump, 1)
                if as_vuelta.winner != otherwise.winner:
                    explanation = _("%(why)s In the second trick this is the vuelta and %(vuelta)s wins; in "
                                    "another trick %(other)s wins.", why=explanation,
                                    vuelta=as_vuelta.winner, other=otherwise.winner)
                    return Ruling(legal, rule, explanation, legal_cards=legal_cards, reasons=reasons)
                trick_number = 1
            done = self._winner_ruling(table, final, trump, trick_number)
            winner = done.winner
            if done.rule == _("The vuelta"):
                rule, explanation = done.rule, done.explanation
            else:
                explanation = _("%(why)s %(winner)s", why=explanation, winner=done.explanation)
        return Ruling(legal, rule, explanation, legal_cards=legal_cards, reasons=reasons, winner=winner)

    def _legal_card(self, card: Card, hand: Sequence[Card], plays: Sequence[Play],
                    trump: str) -> tuple[bool, Text, Text]:
        """Whether ``card`` (played face up) may be played from ``hand`` to the trick so far, and why."""
        name = card_name(card, trump)
        if not plays:
            return True, _("Leading"), _("%(card)s may be led. %(rule)s", card=name, rule=R_LEAD)
        if plays[0].card.suit != trump:
            return True, _("Following a plain lead"), _("%(card)s may be played. %(rule)s", card=name,
                                                         rule=R_PLAIN_LEAD)
        trumps = [c for c in hand if c.suit == trump]
        if card.suit == trump:
            return True, _("Following a trump lead"), _("%(card)s is a trump, so it may be played. %(rule)s",
                                                         card=name, rule=R_FOLLOW_TRUMP)
        if not trumps:
            return True, _("Following a trump lead"), _("%(card)s may be played: the player has no trump. "
                                                         "%(rule)s", card=name, rule=R_FOLLOW_TRUMP)
        if all(c.rank == "4" for c in trumps):
            return True, _("The monja need not be played"), _(
                "%(card)s may be played: the player's only trump is the monja. %(rule)s", card=name,
                rule=R_MONJA)
        held = join([card_name(c, trump) for c in trumps])
        return False, _("Following a trump lead"), _(
            "%(card)s may not be played: a trump was led and the player holds %(held)s. %(rule)s",
            card=name, held=held, rule=R_FOLLOW_TRUMP)

    def _face_down(self, plays: Sequence[Play], trump: str, trick_number: int | None,
                   completes: bool) -> tuple[bool, Text, Text]:
        """Whether a card may go face down here (the card itself being a legal one)."""
        if not plays:
            return False, _("Leading"), _("The lead may not be face down. %(rule)s", rule=R_LEAD)
        if completes and trick_number == 2:
            return True, _("The vuelta"), R_VUELTA
        if plays[0].card.suit == trump:
            if completes and trick_number is None:
                raise InvalidRecord({"trick_number": WHICH_TRICK_TRUMP})
            return False, _("Face-down cards"), _(
                "A trump was led, so this card must be played face up. %(rule)s", rule=R_FACE_UP_TRUMP)
        if completes and trick_number is None:
            return True, _("Face-down cards"), _("%(rule)s %(face)s %(vuelta)s", rule=R_PLAIN_LEAD,
                                                 face=R_FACE_DOWN, vuelta=R_VUELTA)
        return True, _("Face-down cards"), _("%(rule)s %(face)s", rule=R_PLAIN_LEAD, face=R_FACE_DOWN)

    def _winner_ruling(self, table: TableSpec, plays: Sequence[Play], trump: str,
                       trick_number: int | None) -> Ruling:
        """Who wins a complete trick: the highest face-up trump, else the highest face-up card of the lead."""
        last = len(plays) - 1
        if plays[last].face_down and trick_number is None:
            raise InvalidRecord({"trick_number": _(
                "Which trick is this? A face-down last card wins only as the vuelta, in the second trick.")})
        vuelta = trick_number == 2 and plays[last].face_down
        led = plays[0].card.suit

        def counts(play: Play) -> bool:
            return not play.face_down or (vuelta and play is plays[last])

        def strength(play: Play, trick: Trick) -> tuple[int, ...] | None:
            if not counts(play):
                return None
            kind, rank = trump_strength(play.card, trump)
            if kind == 0 and play.card.suit != led:
                return None
            return kind, rank

        best = trick_winner(Trick(tuple(plays)), strength)
        assert best is not None  # the lead is face up and of the suit led
        name = card_name(best.card, trump)
        if best.card.suit == trump:
            why = _("%(player)s wins with the %(card)s, the highest trump that counts.", player=best.player,
                    card=name)
        else:
            why = _("%(player)s wins with the %(card)s, the highest card of the suit led, with no trump that "
                    "counts.", player=best.player, card=name)
        explanation = _("%(why)s %(rule)s", why=why, rule=R_WINNER)
        if any(not counts(p) for p in plays):
            down = ", ".join(f"{p.player} ({p.card.code})" for p in plays if not counts(p))
            explanation = _("%(why)s %(face)s Face down: %(down)s.", why=explanation, face=R_FACE_DOWN,
                            down=down)
        if not vuelta:
            return Ruling(None, _("Who wins the trick"), explanation, winner=best.player)
        vuelta_player = plays[last].player
        if best.player == vuelta_player:
            note = _("%(player)s's face-down vuelta card counts as if face up and wins the second trick; "
                     "%(player)s leads the third trick.", player=vuelta_player)
        else:
            note = _("%(player)s's face-down vuelta card counts as if face up but does not win; %(player)s "
                     "still leads the third trick.", player=vuelta_player)
        return Ruling(None, _("The vuelta"), _("%(why)s %(note)s %(rule)s", why=explanation, note=note,
                                              rule=R_VUELTA), winner=best.player)

    # -- the rules page ------------------------------------------------------------------------------------
    rules = (
        RulesSection(_("Players and teams"), (
            _("Two, four, six or eight players in two equal teams, partners never side by side (two players "
              "play one against one). Play goes anticlockwise: Tapete lists the players in that order."),
            _("The first team to reach 12 points or more wins the game."),
        )),
        RulesSection(_("Cards and ranking"), (
            _("The Spanish 40-card deck: King (12), Horse (11), Jack (10), 7 to 2 and Ace in oros, copas, "
              "espadas and bastos. Each deal has a trump suit."),
            R_TRUMP_RANKING,
            R_PLAIN_RANKING,
            _("The 4 of trumps is called the monja and the 3 of trumps the paublillo."),
        )),
        RulesSection(_("Deal and monja"), (
            _("The deal passes to the right (to the next player in the order of play) after every hand. The "
              "dealer shuffles and the player to their right cuts."),
            _("Each player gets three cards. The next card is turned face up: its suit is trumps. It and the "
              "undealt cards take no part in the play."),
            _("If the turned card is the 4 (the monja), the dealer's team scores 1 at once, unless that team "
              "is on alver: a team on 11 cannot win the game with the monja point."),
        )),
        RulesSection(_("Play and following"), (
            _("Three tricks; each team tries to win two of them. The player to the dealer's right leads the "
              "first trick and each trick's winner leads the next."),
            R_LEAD, R_FOLLOW_TRUMP, R_MONJA, R_PLAIN_LEAD, R_WINNER,
        )),
        RulesSection(_("Face-down cards and the vuelta"), (
            R_FACE_UP_TRUMP,
            _("To a plain lead a card may be played face down, but a face-down card cannot win the trick."),
            R_VUELTA,
            _("The vuelta card is turned over when the third trick is over, to show who won the second."),
        )),
        RulesSection(_("Betting: envido, seis, nueve, doce"), (
            _("A deal starts worth 1. At their turn, before playing a card, a player may say envido: a "
              "proposal to play for 3."),
            _("The other team answers: refuse (the deal ends and the raisers score what the deal was worth "
              "before the raise), accept (play on for the new stake), or raise again by 3."),
            _("Raises go 3 (envido), 6 (seis), 9 (nueve), 12 (doce), the teams taking turns: only the team "
              "that accepted the latest raise may raise next, at once or later at a player's turn."),
            _("Refusing envido gives the raisers 1, seis 3, nueve 6, doce 9. Otherwise the team that wins "
              "two tricks scores the stake."),
            _("Before answering, the team that must answer may pass their cards around face down to look at "
              "them; once a raise is accepted both teams may look at their partners' cards. Any player may "
              "answer for the team, and the first answer binds it."),
        )),
        RulesSection(_("Alver"), (
            _("A team on 11 is on alver. While a team is on alver nobody may bet."),
            _("At the start of play the team on alver looks at its cards together and chooses: play the hand "
              "for 3, or give up and the other team scores 1."),
            _("If both teams are on 11 there is no betting and the hand is played for 1, which wins the "
              "game."),
            _("Tapete (house rule, on by default): a monja point that takes the dealer's team to 11 puts "
              "them on alver for that same deal, since it is scored before play begins."),
        )),
        RulesSection(_("Scoring: malas, buenas and stones"), (
            _("The first six points are malas and the next six buenas: 4 points is 4 malas, 9 points is "
              "3 buenas, and 6 is fuera de malas."),
            _("Twelve stones are used, ten plain and two special. Malas are plain stones. Buenas are one "
              "special stone plus one plain stone for each buena after the first: 2 buenas is a special "
              "and a plain stone, 4 buenas a special and three plain."),
            _("At 6 the scorer may keep the six plain stones as a reminder or hand them back; at 6–5 they "
              "must go back, because the other team needs five plain stones."),
        )),
        RulesSection(_("Table talk and signals (allowed)"), (
            _("Talking is allowed: questions, advice, and claims true or false. So are signals to a partner, "
              "given while the opponents are not looking, and false signals to fool them."),
            _("The usual signs for the top trumps: 4 raise the eyebrows; 3 wink; 2 show the tip of the "
              "tongue; King push out a cheek with the tongue; Horse shrug the shoulders; Jack make a finger "
              "purse; Ace show one finger. A table may invent its own."),
        )),
    )


GAME = Paublillo()
