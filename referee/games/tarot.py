"""French Tarot: the FFT's official scoring for 3, 4 and 5 players, as read in RULINGS.md.

A deal record (a dict, as the API and the phone form send it; numbers may arrive as strings)::

    {"taker": "E", "contract": "garde", "bouts": 2, "points": "49", "points_side": "attack",
     "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack", "chelem": "none",
     "void": False}

plus ``partner`` and ``called_card`` at five players, and ``misere`` (a list of names) with the house rule.
``validate`` gives back the record normalised (names spelled as at the table, ``points`` as a canonical
string such as ``"40.5"``), which ``validate`` accepts again unchanged.

>>> table = GAME.table(["N", "S", "E", "W"])
>>> record = {"taker": "E", "contract": "garde", "bouts": 2, "points": 49, "petit_au_bout": "attack",
...           "poignees": [{"side": "attack", "size": "simple"}]}
>>> GAME.apply(table, GAME.initial_state(table), record)[1].scores
{'N': -106, 'S': -106, 'E': 318, 'W': -106}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any, NamedTuple

from referee.cards import CardError, DeckKind, parse_cards
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
from referee.games.tarot_play import CHIEN_SIZE, HAND_SIZE, RULING_FIELDS, tarot_ruling
from referee.text import Text, _

# -- the numbers of the game ------------------------------------------------------------------------------
# Card points are counted in half points (ints) throughout, so 40½ is exact: 91 points are 182 halves.

TOTAL_HALVES = 182
BOUT_HALVES = 9  # a bout (or a King) is worth 4½
EXCUSE_HALVES = 8  # the Excuse kept by the defence is worth 4: it is exchanged for a ½ card
HALF = Decimal("0.5")

MULTIPLIERS: dict[str, int] = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
CONTRACT_NAMES: dict[str, str] = {  # French terms, kept in French in every language
    "prise": "Prise", "garde": "Garde", "garde_sans": "Garde sans", "garde_contre": "Garde contre",
}
CONTRACT_ALIASES: dict[str, str] = {"petite": "prise", "garde_sans_le_chien": "garde_sans",
                                    "garde_contre_le_chien": "garde_contre"}
TARGETS: dict[int, int] = {3: 36, 2: 41, 1: 51, 0: 56}
"""Card points the attack needs, by the number of bouts it holds at the end."""

POIGNEE_SIZES: tuple[str, ...] = ("simple", "double", "triple")
POIGNEE_TRUMPS: dict[int, dict[str, int]] = {
    3: {"simple": 13, "double": 15, "triple": 18},
    4: {"simple": 10, "double": 13, "triple": 15},
    5: {"simple": 8, "double": 10, "triple": 13},
}
POIGNEE_BONUS: dict[str, int] = {"simple": 20, "double": 30, "triple": 40}
TRUMPS_AND_EXCUSE = 22

SIDES: tuple[str, ...] = ("attack", "defence")
PETIT_AU_BOUT: tuple[str, ...] = ("none", "attack", "defence")
PETIT_AU_BOUT_SIGN: dict[str, int] = {"none": 0, "attack": 1, "defence": -1}
CHELEMS: tuple[str, ...] = ("none", "announced_made", "unannounced_made", "announced_failed", "defence")
CHELEM_BONUS: dict[str, int] = {"none": 0, "announced_made": 400, "unannounced_made": 200,
                                "announced_failed": -200, "defence": -200}
PETIT_AU_BOUT_BASE = 10
MISERE_BONUS = 10
CALLABLE_RANKS = ("K", "Q", "C", "J")
US_SPELLING: dict[str, str] = {"defense": "defence"}

RECORD_KEYS = frozenset({"taker", "contract", "partner", "called_card", "bouts", "points", "points_side",
                         "poignees", "petit_au_bout", "chelem", "misere", "void"})
POIGNEE_KEYS = frozenset({"side", "size"})
LIST_TYPES = (list, tuple)


def chien_max_halves(players: int) -> int:
    """The most the chien can be worth, in half points: every card a bout or a King (4½)."""
    return CHIEN_SIZE[players] * BOUT_HALVES


def ecart_max_halves(players: int) -> int:
    """The most an écart can be worth, in half points: no King and no bout, so Queens then Knights."""
    values = [7] * 4 + [5] * 4  # four Queens (3½), four Knights (2½)
    return sum(values[: CHIEN_SIZE[players]])


def attack_bounds(players: int, bouts: int) -> tuple[int, int]:
    """The attack's least and most card points holding ``bouts``, in half points: 4½ a bout it holds, and 91
    less the bouts the defence holds (4½ each, the Excuse 4). Whole points at four players."""
    least = BOUT_HALVES * bouts
    most = TOTAL_HALVES if bouts == 3 else TOTAL_HALVES - BOUT_HALVES * (3 - bouts) + 1
    if players == 4:
        least += least % 2
        most -= most % 2
    return least, most


ATTACK_BOUNDS: dict[tuple[int, int], tuple[int, int]] = {
    (players, bouts): attack_bounds(players, bouts) for players in (3, 4, 5) for bouts in range(4)
}


# -- small helpers ----------------------------------------------------------------------------------------

def _is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _parse_decimal(value: Any) -> Decimal | None:
    """A number from an int, a Decimal, a float from JSON or a string ("49.5", "49,5", "40½"); else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | Decimal):
        number = Decimal(value)
    elif isinstance(value, float):
        number = Decimal(str(value))
    elif isinstance(value, str):
        raw = value.strip().replace(",", ".").replace(" ", "")
        if raw.endswith("½"):
            raw = (raw[:-1] or "0") + ".5"
        try:
            number = Decimal(raw)
        except InvalidOperation:
            return None
    else:
        return None
    # 1e9999999 is finite, but int() of it would take minutes: no score is that large or that fine.
    return number if number.is_finite() and abs(number.adjusted()) <= 30 else None


def _parse_number(value: Any) -> int | Decimal | None:
    """Like :func:`_parse_decimal`, but a plain int (or a string of digits) stays a cheap int."""
    if type(value) is int:  # not a bool
        return value
    if type(value) is str and value.isascii() and value.isdigit():
        return int(value)
    return _parse_decimal(value)


def _parse_int(value: Any) -> int | None:
    number = _parse_number(value)
    if number is None or number != int(number):
        return None
    return int(number)


def _parse_bool(value: Any) -> bool | None:
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        raw = value.strip().lower()
        if raw in ("1", "true", "on", "yes"):
            return True
        if raw in ("", "0", "false", "off", "no"):
            return False
    return None


def _choice(value: Any, default: str, choices: tuple[str, ...], aliases: Mapping[str, str] | None = None) -> str:
    """A choice as typed: one of ``choices`` as is; blank is ``default``; else trimmed, lower case, aliased.

    The result may still not be one of ``choices``: the caller says what is wrong."""
    if type(value) is str and value in choices:
        return value
    if value is None or _is_blank(value):
        return default
    word = str(value).strip().lower()
    return aliases.get(word, word) if aliases else word


CANONICAL_POINTS: tuple[str, ...] = tuple(f"{h // 2}.5" if h % 2 else str(h // 2) for h in range(TOTAL_HALVES + 1))
"""Card points as the record keeps them, by half points: ``CANONICAL_POINTS[81] == "40.5"``."""
HALVES_BY_POINTS: dict[str, int] = {points: halves for halves, points in enumerate(CANONICAL_POINTS)}


def _halves(points: Any) -> int:
    """Valid card points (``"49"``, ``"40.5"``, or ``49``, ``Decimal("40.5")``...) in half points."""
    halves = HALVES_BY_POINTS.get(points)
    return int(Decimal(str(points)) * 2) if halves is None else halves


def format_halves(halves: int) -> str:
    """Half points as a player says them: ``49``, ``40½``, ``½``."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def signed(value: int) -> str:
    """``+20``, ``−40`` (a real minus sign), ``0``."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"


def _number(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)




# -- the deal's arithmetic --------------------------------------------------------------------------------

class DealCount(NamedTuple):
    """The attack's result in one deal, before it is shared out among the players."""

    attack_halves: int  # the attack's card points, in half points
    target: int
    made: bool
    margin: int  # whole points, the half point given to the winning side; always >= 0
    multiplier: int
    base: int  # (25 + margin) × multiplier, signed from the attack's side
    petit_au_bout: int  # signed from the attack's side
    poignees: int  # signed from the attack's side
    chelem: int  # signed from the attack's side
    unit: int  # what each defender pays the attack (negative: receives)

    @property
    def attack_points(self) -> Decimal:
        return Decimal(self.attack_halves) / 2


def count_deal(record: Mapping[str, Any]) -> DealCount:
    """The attack's unit for a valid record: base, petit au bout, poignées and chelem, from the attack's side.

    >>> count_deal({"contract": "prise", "bouts": 2, "points": "34", "points_side": "attack",
    ...             "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack",
    ...             "chelem": "none"}).unit
    -42
    """
    halves = _halves(record["points"])
    attack = TOTAL_HALVES - halves if record.get("points_side") == "defence" else halves
    target = TARGETS[int(record["bouts"])]
    difference = attack - 2 * target
    made = difference >= 0
    # The half point goes to the side that wins: 41½ against 41 is made by 1, 40½ fails by 1.
    margin = (abs(difference) + 1) // 2
    multiplier = MULTIPLIERS[record["contract"]]
    sign = 1 if made else -1
    base = sign * (25 + margin) * multiplier
    petit = PETIT_AU_BOUT_SIGN[record.get("petit_au_bout", "none")] * PETIT_AU_BOUT_BASE * multiplier
    poignees = sign * poignee_bonuses(record.get("poignees", ()))
    chelem = CHELEM_BONUS[record.get("chelem", "none")]
    return DealCount(attack, target, made, margin, multiplier, base, petit, poignees, chelem,
                     base + petit + poignees + chelem)


def poignee_bonuses(poignees: Sequence[Mapping[str, str]]) -> int:
    """The poignées' bonuses added up (not multiplied; to the side that wins the deal)."""
    total = 0
    for poignee in poignees:
        total += POIGNEE_BONUS[poignee["size"]]
    return total


def attack_shares(players: int, alone: bool) -> tuple[int, int]:
    """How many units the taker and the partner win for one unit from each defender."""
    if players == 3:
        return 2, 0
    if players == 4:
        return 3, 0
    return (4, 0) if alone else (2, 1)


# -- the game ---------------------------------------------------------------------------------------------

CONTRACT_CHOICES: tuple[tuple[str, Text], ...] = (
    ("prise", _("Prise (Petite) ×1")),
    ("garde", _("Garde ×2")),
    ("garde_sans", _("Garde sans le chien ×4")),
    ("garde_contre", _("Garde contre le chien ×6")),
)
SIDE_CHOICES: tuple[tuple[str, Text], ...] = (("attack", _("Attack")), ("defence", _("Defence")))
PETIT_CHOICES: tuple[tuple[str, Text], ...] = (
    ("none", _("Not played last")), ("attack", _("Attack")), ("defence", _("Defence")),
)
CHELEM_CHOICES: tuple[tuple[str, Text], ...] = (
    ("none", _("None")),
    ("announced_made", _("Announced and made (+400)")),
    ("unannounced_made", _("Made, not announced (+200)")),
    ("announced_failed", _("Announced and failed (−200)")),
    ("defence", _("Made by the defence (+200 each)")),
)
POINTS_SIDE_CHOICES: tuple[tuple[str, Text], ...] = (
    ("attack", _("Attack's points")), ("defence", _("Defence's points")),
)
POIGNEE_SIZE_CHOICES: tuple[tuple[str, Text], ...] = (
    ("simple", _("Simple (+20)")), ("double", _("Double (+30)")), ("triple", _("Triple (+40)")),
)

POIGNEE_LINES: dict[str, Text] = {
    "simple": _("Simple poignée: %(amount)s"),
    "double": _("Double poignée: %(amount)s"),
    "triple": _("Triple poignée: %(amount)s"),
}

# The breakdown's lines: templates marked for translation here, filled in as ``Text(LINE.template, params)``.
DEFENCE_COUNTED_LINE = _("The defence counted %(defence)s: the attack has 91 − %(defence)s = %(attack)s.")
HEADER_LINES: dict[tuple[bool, bool], Text] = {  # (whole points?, one bout?)
    (True, True): _("%(contract)s, 1 bout, %(points)s points: %(points)s − %(target)s = %(difference)s"),
    (True, False): _("%(contract)s, %(bouts)s bouts, %(points)s points: %(points)s − %(target)s = "
                     "%(difference)s"),
    (False, True): _("%(contract)s, 1 bout, %(points)s points, the half to the winner: %(counted)s − "
                     "%(target)s = %(difference)s"),
    (False, False): _("%(contract)s, %(bouts)s bouts, %(points)s points, the half to the winner: "
                      "%(counted)s − %(target)s = %(difference)s"),
}
JUSTE_FAIT_LINE = _("Juste fait, made by 0: (25 + 0) × %(mult)s = %(value)s")
MADE_LINE = _("Made by %(margin)s: (25 + %(margin)s) × %(mult)s = %(value)s")
FAILED_LINE = _("Failed by %(margin)s: (25 + %(margin)s) × %(mult)s = %(value)s to the defence")
PETIT_AU_BOUT_LINES: dict[str, Text] = {
    "attack": _("Petit au bout to the attack: 10 × %(mult)s = %(amount)s"),
    "defence": _("Petit au bout to the defence: 10 × %(mult)s = %(amount)s"),
}
POIGNEES_TO_ATTACK_LINE = _("Poignées are not multiplied and go to the side that wins the deal: the attack.")
POIGNEES_TO_DEFENCE_LINE = _("Poignées are not multiplied and go to the side that wins the deal: the defence.")
CHELEM_LINES: dict[str, Text] = {
    "announced_made": _("Chelem announced and made: +400"),
    "unannounced_made": _("Chelem made without announcing it: +200"),
    "announced_failed": _("Chelem announced and failed: −200"),
    "defence": _("Chelem by the defence: each defender +200, so −200"),
}
EACH_LINE = _("→ %(unit)s each; %(attack)s")
MISERE_LINE = _("Misère: %(player)s %(gain)s, each other player −%(each)s")

# Each line depends on a few numbers only, so each distinct line is built once and then shared between
# outcomes (a Text is an immutable value): replaying thousands of deals then allocates, and leaves the
# garbage collector to walk, a few lines instead of a few per deal. The caches are bounded.


@lru_cache(maxsize=1024)
def defence_counted_line(attack_halves: int) -> Text:
    return Text(DEFENCE_COUNTED_LINE.template, {"defence": format_halves(TOTAL_HALVES - attack_halves),
                                                "attack": format_halves(attack_halves)})


@lru_cache(maxsize=4096)
def header_line(contract: str, bouts: int, attack_halves: int, target: int, difference: int) -> Text:
    """``Garde, 2 bouts, 49 points: 49 − 41 = 8``, or with the half point given to the winning side."""
    header = HEADER_LINES[attack_halves % 2 == 0, bouts == 1]
    return Text(header.template, {
        "contract": CONTRACT_NAMES[contract], "bouts": bouts, "points": format_halves(attack_halves),
        "counted": target + difference, "target": target, "difference": _number(difference)})


@lru_cache(maxsize=1024)
def base_line(made: bool, margin: int, multiplier: int) -> Text:
    """``Made by 8: (25 + 8) × 2 = 66``."""
    value = (25 + margin) * multiplier
    if made and margin == 0:
        return Text(JUSTE_FAIT_LINE.template, {"mult": multiplier, "value": value})
    line = MADE_LINE if made else FAILED_LINE
    return Text(line.template, {"margin": margin, "mult": multiplier, "value": value})


@lru_cache(maxsize=64)
def petit_au_bout_line(side: str, multiplier: int) -> Text:
    amount = PETIT_AU_BOUT_SIGN[side] * PETIT_AU_BOUT_BASE * multiplier
    return Text(PETIT_AU_BOUT_LINES[side].template, {"mult": multiplier, "amount": signed(amount)})


@lru_cache(maxsize=64)
def poignee_line(size: str, made: bool) -> Text:
    amount = POIGNEE_BONUS[size] * (1 if made else -1)
    return Text(POIGNEE_LINES[size].template, {"amount": signed(amount)})


@lru_cache(maxsize=64)
def fixed_line(template: str) -> Text:
    """A line without numbers (a chelem, where the poignées go)."""
    return Text(template, {})


@lru_cache(maxsize=4096)
def each_line(unit: int, taker: str, taker_score: int, partner: str | None, partner_score: int) -> Text:
    """``→ 106 each; E +318`` (and the partner's share at five)."""
    attack = f"{taker} {signed(taker_score)}"
    if partner is not None:
        attack += f", {partner} {signed(partner_score)}"
    return Text(EACH_LINE.template, {"unit": _number(unit), "attack": attack})


class Tarot(Game):
    """French Tarot at 3, 4 or 5 players, FFT scoring (see RULINGS.md)."""

    slug = "tarot"
    name = "French Tarot"
    player_counts = (3, 4, 5)
    deck = DeckKind.TAROT
    options = (
        Option("misere", _("Misère: a hand with no trump and no court card scores 10 from each player"),
               "bool", False, house_rule=True,
               help=_("Not in the FFT rules; from the seed's 'Playable Apps'. Off by default.")),
        Option("rounds", _("Number of deals (0: play as long as you like)"), "int", 0, minimum=0, maximum=100,
               help=_("When that many deals have been scored, the highest total wins.")),
    )
    ruling_fields = RULING_FIELDS

    # -- the record -------------------------------------------------------------------------------------
    def record_fields(self, table: TableSpec) -> tuple[Field, ...]:
        n = table.size
        halves = n != 4
        fields: list[Field] = [
            Field("taker", _("Taker"), "player"),
            Field("contract", _("Contract"), "choice", choices=CONTRACT_CHOICES),
        ]
        if n == 5:
            fields.append(Field("partner", _("Partner (the called card's holder)"), "player", required=False,
                                help=_("Leave empty, or pick the taker, when the taker plays alone "
                                       "(called himself, or the called card was in the chien).")))
            fields.append(Field("called_card", _("Called card"), "card", required=False,
                                help=_("For the record: a King, or a Queen, Knight or Jack when the taker "
                                       "holds the Kings.")))
        fields += [
            Field("bouts", _("Bouts held by the attack"), "int", minimum=0, maximum=3, step=1),
            Field("points", _("Card points"), "decimal", minimum=0, maximum=91, step=0.5 if halves else 1,
                  help=_("Counted by the side chosen below; halves at 3 and 5 players.")),
            Field("points_side", _("Points counted by"), "choice", required=False,
                  choices=POINTS_SIDE_CHOICES, default="attack"),
            Field("poignees", _("Poignées shown"), "list", required=False, default=[],
                  fields=(Field("side", _("Shown by"), "choice", choices=SIDE_CHOICES),
                          Field("size", _("Size"), "choice", choices=POIGNEE_SIZE_CHOICES)),
                  help=_("Trumps to show: simple %(simple)s, double %(double)s, triple %(triple)s.",
                         **POIGNEE_TRUMPS[n])),
            Field("petit_au_bout", _("Petit au bout"), "choice", required=False, choices=PETIT_CHOICES,
                  default="none"),
            Field("chelem", _("Chelem"), "choice", required=False, choices=CHELEM_CHOICES, default="none"),
        ]
        if table.options.get("misere"):
            fields.append(Field("misere", _("Misère declared by"), "players", required=False, default=[]))
        fields.append(Field("void", _("Void deal (misdeal, petit sec, all passed)"), "bool", required=False,
                            default=False))
        return tuple(fields)

    def validate(self, table: TableSpec, state: Mapping[str, Any],
                 record: Mapping[str, Any]) -> dict[str, Any]:
        """The record, normalised; :class:`InvalidRecord` with a message per field if it cannot be.

        What is enforced (only what truly cannot happen):

        - unknown keys; the taker is a player; the contract is one of the four;
        - ``bouts`` 0–3; ``points`` 0–91 in half points (whole at 4 players, where every side holds an even
          number of cards); the attack's points at least 4½ a bout held, and at most 91 less the bouts the
          defence holds (4½ each, the Excuse 4 since it is exchanged for a ½ card);
          at most 91 less ½ a chien card in a garde contre (the chien is the defence's);
        - ``partner`` and ``called_card`` only at 5 players; the partner is another player (empty or the
          taker: the taker plays alone); the called card is a King, Queen, Knight or Jack of a suit;
        - poignées: side and size known; at most one per player (the attack has 1 player, or 2 at five with
          a partner; the defence the rest); trumps shown in all, at their thresholds, at most 22 (21 trumps
          and the Excuse); a threshold larger than a hand is impossible;
        - petit au bout to the attack needs a bout; to the defence leaves the attack at most 2 bouts;
        - a chelem by the attack: 91 points and 3 bouts, or 86½–87 and 2 bouts (the defence kept its Excuse);
          in a garde contre at least 91 less the chien's most (6 or 3 cards of 4½) less the Excuse's 4;
          never with the petit au bout to the defence;
        - a chelem by the defence: the attack took no trick, so it holds only the écart (no King, no bout:
          at most 19 points, 10½ at five), the chien in a garde sans, or nothing in a garde contre, and
          perhaps its own Excuse (4½): bouts and points accordingly; never with the petit au bout to it;
        - no chelem (or a failed one) with all 91 points: that is every trick;
        - ``misere``: only with the house rule on; players of the table, each once;
        - ``void``: a void deal needs nothing else (``{"void": true}``).
        """
        errors = Errors()
        if not RECORD_KEYS.issuperset(record):
            for key in record:
                if key not in RECORD_KEYS:
                    errors.add(str(key), _("Unknown field for French Tarot."))
        void = _parse_bool(record.get("void"))
        if void is None:
            errors.add("void", _("Void is yes or no."))
        if void:
            errors.raise_if_any()
            return {"void": True}

        n = len(table.players)
        clean: dict[str, Any] = {}
        taker = clean["taker"] = self._validate_taker(table, record.get("taker"), errors)
        contract = clean["contract"] = self._validate_contract(record.get("contract"), errors)
        alone = self._validate_partner(table, record, taker, clean, errors)
        bouts = clean["bouts"] = self._validate_bouts(record.get("bouts"), errors)

        side = _choice(record.get("points_side"), "attack", SIDES, US_SPELLING)
        if side not in SIDES:
            errors.add("points_side", _("Points are counted by the attack or by the defence."))
        clean["points_side"] = side

        attack = self._validate_points(n, record.get("points"), contract, bouts, side, clean, errors)
        self._validate_poignees(n, record.get("poignees"), alone, clean, errors)

        petit = clean["petit_au_bout"] = self._validate_petit_au_bout(record.get("petit_au_bout"), bouts, errors)
        chelem = _choice(record.get("chelem"), "none", CHELEMS)
        if chelem not in CHELEMS:
            errors.add("chelem", _("Chelem is none, announced and made, made unannounced, announced and "
                                   "failed, or made by the defence."))
        elif attack is not None and bouts is not None and contract in MULTIPLIERS:
            self._check_chelem(n, contract, bouts, attack, chelem, petit, errors)
        clean["chelem"] = chelem

        misere = self._validate_misere(table, record, errors)
        if table.options.get("misere"):
            clean["misere"] = misere
        clean["void"] = False
        errors.raise_if_any()
        return clean

    def _validate_taker(self, table: TableSpec, value: Any, errors: Errors) -> str | None:
        if type(value) is str and value in table.players:
            return value
        taker = table.player_named(value)
        if taker is None:
            if _is_blank(value):
                errors.add("taker", _("Who took? Pick the taker."))
            else:
                errors.add("taker", _("%(name)s is not playing at this table.", name=str(value)))
        return taker

    def _validate_contract(self, value: Any, errors: Errors) -> str | None:
        if type(value) is str and value in MULTIPLIERS:
            return value
        if isinstance(value, str):
            value = value.strip().lower().replace(" ", "_").replace("-", "_")
            value = CONTRACT_ALIASES.get(value, value)
        if _is_blank(value):
            errors.add("contract", _("Pick the contract: prise, garde, garde sans or garde contre."))
            return None
        if not isinstance(value, str) or value not in MULTIPLIERS:
            errors.add("contract", _("The contract is prise, garde, garde sans or garde contre."))
            return None
        return value

    def _validate_bouts(self, value: Any, errors: Errors) -> int | None:
        bouts = value if type(value) is int else _parse_int(value)
        if bouts is not None and 0 <= bouts <= 3:
            return bouts
        if _is_blank(value):
            errors.add("bouts", _("How many bouts does the attack hold (0 to 3)?"))
        else:
            errors.add("bouts", _("Bouts are 0, 1, 2 or 3: the Petit, the 21 and the Excuse."))
        return None

    def _validate_partner(self, table: TableSpec, record: Mapping[str, Any], taker: str | None,
                          clean: dict[str, Any], errors: Errors) -> bool:
        """Partner and called card; returns whether the taker plays alone."""
        partner_value = record.get("partner")
        called_value = record.get("called_card")
        if len(table.players) != 5:
            if partner_value is not None and not _is_blank(partner_value):
                errors.add("partner", _("Only at five players does the taker call a partner."))
            if called_value is not None and not _is_blank(called_value):
                errors.add("called_card", _("Only at five players does the taker call a card."))
            return True
        partner: str | None = None
        if not _is_blank(partner_value):
            partner = table.player_named(partner_value)
            if partner is None:
                errors.add("partner", _("%(name)s is not playing at this table.", name=str(partner_value)))
            elif partner == taker:
                partner = None  # called himself: plays alone
        clean["partner"] = partner
        called: str | None = None
        if not _is_blank(called_value):
            try:
                card = parse_cards([str(called_value)], DeckKind.TAROT)[0]
            except CardError:
                errors.add("called_card", _("%(code)s is not a Tarot card.", code=str(called_value)))
            else:
                if card.is_trump or card.is_excuse or card.rank not in CALLABLE_RANKS:
                    errors.add("called_card", _("The taker calls a King (a Queen, Knight or Jack only when "
                                                "holding the Kings), never a trump or a pip card."))
                else:
                    called = card.code
        clean["called_card"] = called
        return partner is None

    def _validate_points(self, n: int, raw: Any, contract: Any, bouts: int | None, side: str,
                         clean: dict[str, Any], errors: Errors) -> int | None:
        """Card points; returns the attack's points (in half points) when they are sound, else None."""
        halves = self._parse_points(n, raw, errors)
        if halves is None:
            return None
        clean["points"] = CANONICAL_POINTS[halves]
        if side not in SIDES:
            return None
        attack = TOTAL_HALVES - halves if side == "defence" else halves
        if bouts is not None:
            least, most = ATTACK_BOUNDS[n, bouts]
            if attack < least:
                errors.add("points", _("Holding %(bouts)s of the three bouts, the attack has at least "
                                       "%(least)s points (4½ a bout), not %(points)s.", bouts=bouts,
                                       least=format_halves(least), points=format_halves(attack)))
                return None
            if attack > most:
                errors.add("points", _("Holding %(bouts)s of the three bouts, the attack cannot have "
                                       "%(points)s points: the bouts the defence holds leave it %(most)s at "
                                       "most.", bouts=bouts, points=format_halves(attack),
                                       most=format_halves(most)))
                return None
        if contract == "garde_contre":
            most = TOTAL_HALVES - CHIEN_SIZE[n]  # each chien card is worth at least ½
            if attack > most:
                errors.add("points", _("In a garde contre the chien's %(cards)s cards count for the defence: "
                                       "the attack has %(most)s points at most.", cards=CHIEN_SIZE[n],
                                       most=format_halves(most)))
                return None
        return attack

    def _parse_points(self, n: int, raw: Any, errors: Errors) -> int | None:
        """The card points given, in half points: 0–91 by halves, whole at four players; else None."""
        points = raw if type(raw) is int else _parse_number(raw)
        if points is None:
            if _is_blank(raw):
                errors.add("points", _("Enter the card points counted."))
            else:
                errors.add("points", _("Enter the card points as a number, like 49 or 40.5."))
            return None
        if not 0 <= points <= 91:
            errors.add("points", _("Card points run from 0 to 91."))
            return None
        if type(points) is int:
            halves = 2 * points
        elif points % HALF:
            errors.add("points", _("Card points go by half points: 40, 40.5, 41..."))
            return None
        else:
            halves = int(points * 2)
        if n == 4 and halves % 2:
            errors.add("points", _("At four players each side holds an even number of cards, so the points "
                                   "are whole."))
            return None
        return halves

    def _validate_petit_au_bout(self, value: Any, bouts: int | None, errors: Errors) -> str:
        petit = _choice(value, "none", PETIT_AU_BOUT, US_SPELLING)
        if petit not in PETIT_AU_BOUT:
            errors.add("petit_au_bout", _("The petit au bout went to the attack, to the defence, or nobody."))
        elif bouts is not None and petit == "attack" and bouts < 1:
            errors.add("petit_au_bout", _("The attack took the Petit in the last trick, so it holds at least "
                                          "one "
                                          "bout: the Petit itself."))
        elif bouts is not None and petit == "defence" and bouts > 2:
            errors.add("petit_au_bout", _("The defence took the Petit in the last trick, so the attack "
                                          "cannot "
                                          "hold all three bouts."))
        return petit

    def _check_chelem(self, n: int, contract: str, bouts: int, attack: int, chelem: str, petit: str,
                      errors: Errors) -> None:
        """``attack``: the attack's card points, in half points."""
        if chelem in ("announced_made", "unannounced_made"):
            if petit == "defence":
                errors.add("petit_au_bout", _("The attack took every trick, so the defence cannot have taken "
                                              "the petit au bout."))
            if contract == "garde_contre":
                least = TOTAL_HALVES - chien_max_halves(n) - EXCUSE_HALVES
                if attack < least:
                    errors.add("chelem", _("A chelem by the attack takes every trick: even with the chien "
                                           "against it (%(chien)s cards) and the defence keeping its Excuse, "
                                           "that is at least %(least)s points, not %(points)s.",
                                           chien=CHIEN_SIZE[n], least=format_halves(least),
                                           points=format_halves(attack)))
            elif not ((bouts == 3 and attack == TOTAL_HALVES)
                      or (bouts == 2 and TOTAL_HALVES - EXCUSE_HALVES - 1 <= attack <= TOTAL_HALVES - EXCUSE_HALVES)):
                errors.add("chelem", _("A chelem by the attack means every card point: 91 with the three "
                                       "bouts, or 87 with two when the defence kept its Excuse (not "
                                       "%(points)s "
                                       "with %(bouts)s of the bouts).", points=format_halves(attack),
                                       bouts=bouts))
        elif chelem == "defence":
            if petit == "attack":
                errors.add("petit_au_bout", _("The defence took every trick, so the attack cannot have taken "
                                              "the petit au bout."))
            if contract == "garde_sans":
                kept_halves, most_bouts = chien_max_halves(n), 3
            elif contract == "garde_contre":
                kept_halves, most_bouts = 0, 1
            else:
                kept_halves, most_bouts = ecart_max_halves(n), 1
            most = kept_halves + BOUT_HALVES
            if n == 4:  # whole points at four: give the benefit of the doubt to the half
                most += most % 2
            if attack > most or bouts > most_bouts:
                errors.add("chelem", _("A chelem by the defence means the attack took no trick: it keeps "
                                       "only the écart (or the chien in a garde sans) and perhaps its "
                                       "Excuse, "
                                       "so at most %(most)s points and %(most_bouts)s of the bouts here, not "
                                       "%(points)s and %(bouts)s.", most=format_halves(most),
                                       most_bouts=most_bouts, points=format_halves(attack), bouts=bouts))
        elif attack == TOTAL_HALVES:
            errors.add("chelem", _("91 points means the attack took every card: record the chelem it made."))

    def _validate_poignees(self, n: int, raw: Any, alone: bool, clean: dict[str, Any], errors: Errors) -> None:
        if raw is None or raw == "" or raw == []:
            clean["poignees"] = []  # none shown: nothing to check
            return
        if not isinstance(raw, LIST_TYPES) and (not isinstance(raw, Sequence) or isinstance(raw, str)):
            errors.add("poignees", _("Poignées are a list of {side, size}."))
            return
        trumps_needed = POIGNEE_TRUMPS[n]
        items: list[dict[str, str]] = []
        shown = dict.fromkeys(SIDES, 0)
        trumps = 0
        for index, item in enumerate(raw):
            if not isinstance(item, Mapping):
                errors.add("poignees", _("Poignée %(n)s: give the side that showed it and its size.",
                                         n=index + 1))
                return
            unknown = [str(k) for k in item if k not in POIGNEE_KEYS]
            if unknown:
                errors.add("poignees", _("Poignée %(n)s: unknown field %(key)s.", n=index + 1,
                                         key=unknown[0]))
                return
            item_side = str(item.get("side") or "").strip().lower()
            item_side = US_SPELLING.get(item_side, item_side)
            size = str(item.get("size") or "").strip().lower()
            if item_side not in SIDES:
                errors.add("poignees", _("Poignée %(n)s: shown by the attack or by the defence?",
                                         n=index + 1))
                return
            if size not in POIGNEE_SIZES:
                errors.add("poignees", _("Poignée %(n)s: the size is simple, double or triple.", n=index + 1))
                return
            if trumps_needed[size] > HAND_SIZE[n]:
                errors.add("poignees", _("A %(size)s poignée needs %(trumps)s trumps, more than a hand of "
                                         "%(cards)s cards.", size=size, trumps=trumps_needed[size],
                                         cards=HAND_SIZE[n]))
                return
            items.append({"side": item_side, "size": size})
            shown[item_side] += 1
            trumps += trumps_needed[size]
        attack_players = 1 if alone else 2
        if shown["attack"] > attack_players:
            errors.add("poignees", _("The attack is %(players)s player(s) here and each may show one poignée, "
                                     "not %(shown)s.", players=attack_players, shown=shown["attack"]))
            return
        if shown["defence"] > n - attack_players:
            errors.add("poignees", _("The defence is %(players)s players here and each may show one poignée, "
                                     "not %(shown)s.", players=n - attack_players, shown=shown["defence"]))
            return
        if trumps > TRUMPS_AND_EXCUSE:
            errors.add("poignees", _("These poignées show %(trumps)s trumps in all, but there are only 21 "
                                     "trumps "
                                     "and the Excuse.", trumps=trumps))
            return
        clean["poignees"] = items

    def _validate_misere(self, table: TableSpec, record: Mapping[str, Any], errors: Errors) -> list[str]:
        raw = record.get("misere")
        if raw is None or raw == "" or raw == []:
            return []
        if not table.options.get("misere"):
            errors.add("misere", _("Misère is a house rule that is off at this table."))
            return []
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, Sequence):
            errors.add("misere", _("Misère is a list of players."))
            return []
        names: list[str] = []
        for value in raw:
            name = table.player_named(value)
            if name is None:
                errors.add("misere", _("%(name)s is not playing at this table.", name=str(value)))
                return []
            if name in names:
                errors.add("misere", _("%(name)s is listed twice: a misère counts once.", name=name))
                return []
            names.append(name)
        return [p for p in table.players if p in names]


    # -- the score --------------------------------------------------------------------------------------
    def score(self, table: TableSpec, state: dict[str, Any], record: dict[str, Any]) -> Outcome:
        players = table.players
        n = len(players)
        taker: str = record["taker"]
        partner: str | None = record.get("partner") if n == 5 else None
        deal = count_deal(record)
        lines = self._breakdown(record, deal)

        unit = deal.unit
        taker_share, partner_share = attack_shares(n, partner is None)
        scores = dict.fromkeys(players, -unit)
        scores[taker] = taker_share * unit
        if partner is not None:
            scores[partner] = partner_share * unit
        lines.append(each_line(unit, taker, taker_share * unit, partner, partner_share * unit))

        for player in record.get("misere", ()):
            for other in players:
                if other != player:
                    scores[other] -= MISERE_BONUS
                    scores[player] += MISERE_BONUS
            lines.append(Text(MISERE_LINE.template, {"player": player, "gain": signed(MISERE_BONUS * (n - 1)),
                                                     "each": MISERE_BONUS}))

        state["played"] = int(state.get("played", 0)) + 1
        extra = {"taker": taker, "partner": partner, "made": deal.made, "margin": deal.margin,
                 "target": deal.target, "attack_points": CANONICAL_POINTS[deal.attack_halves],
                 "multiplier": deal.multiplier, "unit": unit}
        return Outcome(scores, lines, extra=extra)

    def _breakdown(self, record: Mapping[str, Any], deal: DealCount) -> list[Text]:
        """The deal read aloud, up to the unit: the count, the base, petit au bout, poignées, chelem."""
        lines: list[Text] = []
        if record.get("points_side") == "defence":
            lines.append(defence_counted_line(deal.attack_halves))
        difference = deal.margin if deal.made else -deal.margin
        lines.append(header_line(record["contract"], int(record["bouts"]), deal.attack_halves, deal.target,
                                 difference))
        lines.append(base_line(deal.made, deal.margin, deal.multiplier))
        petit = record.get("petit_au_bout", "none")
        if petit != "none":
            lines.append(petit_au_bout_line(petit, deal.multiplier))
        poignees = record.get("poignees", ())
        for poignee in poignees:
            lines.append(poignee_line(poignee["size"], deal.made))
        if poignees:
            line = POIGNEES_TO_ATTACK_LINE if deal.made else POIGNEES_TO_DEFENCE_LINE
            lines.append(fixed_line(line.template))
        chelem = CHELEM_LINES.get(record.get("chelem", "none"))
        if chelem is not None:
            lines.append(fixed_line(chelem.template))
        return lines

    # -- the game's end ---------------------------------------------------------------------------------
    def copy_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """Tarot's state is flat (the totals, then counters): copying the totals is enough."""
        return {**state, "totals": dict(state["totals"])}

    def initial_state(self, table: TableSpec) -> dict[str, Any]:
        state = super().initial_state(table)
        state["played"] = 0  # scored deals; void deals do not count toward the number of deals
        return state

    def winners(self, table: TableSpec, state: Mapping[str, Any]) -> list[str]:
        """With ``rounds`` set, once that many deals are scored (void deals don't count): the leaders."""
        rounds = int(table.options.get("rounds", 0) or 0)
        if rounds <= 0 or int(state.get("played", 0)) < rounds:
            return []
        totals = state["totals"]
        best = max(totals[p] for p in table.players)
        return [p for p in table.players if totals[p] == best]

    def display_state(self, table: TableSpec, state: Mapping[str, Any]) -> dict[str, Any]:
        rounds = int(table.options.get("rounds", 0) or 0)
        return {"deals_scored": int(state.get("played", 0)), "rounds": rounds} if rounds else {}

    # -- the referee ------------------------------------------------------------------------------------
    def ruling(self, table: TableSpec, situation: Mapping[str, Any]) -> Ruling:
        """See :func:`referee.games.tarot_play.tarot_ruling` for the situation's format."""
        if not isinstance(situation, Mapping):
            raise InvalidRecord({"__all__": _("Describe the situation: hand, trick, card.")})
        return tarot_ruling(table, situation)


def _rules() -> tuple[RulesSection, ...]:
    return (
        RulesSection(_("Cards and card points"), (
            _("The deck has 78 cards: four suits of fourteen (King, Queen, Knight, Jack, then 10 down "
              "to 1), 21 numbered trumps that beat every suit card, and the Excuse, which belongs to "
              "no suit."),
            _("Three cards are special, the bouts: the 1 of trumps (the Petit), the 21 and the "
              "Excuse."),
            _("What you count at the end: bouts and Kings 4½, Queens 3½, Knights 2½, Jacks 1½, every "
              "other card ½. The whole deck is worth 91."),
            _("Everyone gets the same number of cards (24 each at three, 18 at four, 15 at five) and "
              "a few go face down in the middle: the chien (6 cards, or 3 at five players)."),
        )),
        RulesSection(_("Bidding and contracts"), (
            _("Starting after the dealer, each player bids once or passes; a bid must be stronger "
              "than the one before it. The strongest bidder becomes the taker and plays against the "
              "others, the defence."),
            _("From weakest to strongest: Prise (also called Petite) counts once; Garde twice; Garde "
              "sans le chien four times; Garde contre le chien six times."),
            _("If everyone passes, the deal is void and the cards are dealt again by the next dealer."),
        )),
        RulesSection(_("The chien and the écart"), (
            _("In a Prise or a Garde the taker turns the chien face up for all to see, takes it into "
              "hand, and puts the same number of cards face down as the écart, which counts for the "
              "taker at the end."),
            _("The écart may hold no King and no bout. Trumps go in only when the taker has nothing "
              "else to put there, and any trump put in is shown to the table."),
            _("In a Garde sans nobody sees the chien, but its cards count for the taker. In a Garde "
              "contre nobody sees it and its cards count for the defence."),
            _("A player dealt the Petit with no other trump and no Excuse (petit sec) shows it and "
              "the deal is void."),
        )),
        RulesSection(_("Five players: the called King"), (
            _("At five the taker names a King before play; whoever holds it is the taker's secret "
              "partner, revealed when the King is played. A taker holding all four Kings may call a "
              "Queen, and so on down to a Jack."),
            _("If the taker holds the called card, or it lies in the chien, the taker plays alone "
              "against four."),
            _("On the first trick nobody may lead the called suit, except the called card itself."),
        )),
        RulesSection(_("Play"), (
            _("The player after the dealer leads; the winner of each trick leads the next."),
            _("Follow the suit that was led if you can. If you cannot, you must play a trump; if a "
              "trump is already in the trick you must beat it when you can, and play a lower trump "
              "when you cannot (pisser). Only with neither the suit nor a trump may you throw any "
              "card."),
            _("When trumps are led, every trump played must beat the highest trump in the trick if "
              "possible, even your partner's."),
            _("The highest trump takes the trick; with no trump in it, the highest card of the suit "
              "led does."),
            _("The Excuse may be played at any time instead of obeying. It never wins: its owner "
              "keeps it and gives the winner a ½-point card in exchange. If the Excuse is led, the "
              "next card played sets the suit. In the last trick it goes to the side that wins that "
              "trick, unless it was led to finish a chelem, where it wins."),
        )),
        RulesSection(_("Poignée"), (
            _("A player with many trumps may show them before playing to the first trick, for a "
              "bonus: simple 20, double 30, triple 40. The Excuse can stand in for a trump only when "
              "the player has no other trump left out."),
            _("Trumps needed (simple / double / triple): 13 / 15 / 18 at three players, 10 / 13 / 15 "
              "at four, 8 / 10 / 13 at five."),
            _("The bonus is not multiplied by the contract and goes to the side that wins the deal, "
              "whoever showed it. Several poignées in one deal each count."),
        )),
        RulesSection(_("Petit au bout"), (
            _("Taking the last trick with the Petit in it is worth 10 times the contract's multiplier "
              "to the side that took it, whether the contract is made or not."),
        )),
        RulesSection(_("Chelem"), (
            _("Taking every trick is a chelem. Announced before play and made: +400; made without "
              "announcing: +200; announced and failed: −200. These are not multiplied."),
            _("A taker who announces a chelem leads to the first trick."),
            _("If the defence takes every trick, each defender gets 200 on top."),
            _("The attack's chelem holds all 91 points, or 87 when the defence kept its Excuse; in a "
              "Garde contre the chien still counts for the defence."),
        )),
        RulesSection(_("Counting the score"), (
            _("The points the attack needs depend on the bouts it holds at the end: 3 bouts 36, 2 "
              "bouts 41, 1 bout 51, no bout 56."),
            _("The margin is the difference between the points taken and those needed. At three and "
              "five players a half point goes to the side that wins: 41½ with 2 bouts is made by 1, "
              "40½ fails by 1. Exactly the target is made by 0 (juste fait)."),
            _("The unit is (25 + margin) × the contract's multiplier, to the attack if made, to the "
              "defence if not. Then petit au bout, poignées and chelem are added as above."),
            _("Example: Garde, 2 bouts, 49 points: 49 − 41 = 8; (25 + 8) × 2 = 66; a poignée +20; "
              "petit au bout +20: 106 from each defender."),
        )),
        RulesSection(_("Who pays whom"), (
            _("Each defender pays the unit to the attack, or receives it when the contract fails, so "
              "every deal sums to zero."),
            _("At four players the taker wins three units; at three, two units."),
            _("At five the taker wins two units and the partner one; a taker playing alone wins four."),
        )),
        RulesSection(_("House rule: misère (off unless the table turns it on)"), (
            _("A player whose hand holds no trump and no court card (King, Queen, Knight or Jack) may "
              "declare misère and receives 10 from each other player. It is not multiplied and does "
              "not depend on the contract."),
        )),
    )


Tarot.rules = _rules()

GAME = Tarot()
