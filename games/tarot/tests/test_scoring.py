"""French Tarot scoring, as RULINGS.md reads the FFT rules: the golden examples, then hand-computed cases.

Each test names the rule it checks and quotes it; the arithmetic is written out beside the expected marks.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.utils import translation

from games.tarot.count import count_deal
from games.tarot.rules import GAME, TarotDetails, TarotState
from referee.game import get_game
from referee.parse import InvalidRecord
from referee.text import Text
from referee.values import Seat
from scoring.services import translate

FOUR = ["N", "S", "E", "W"]
THREE = ["A", "B", "C"]
FIVE = ["A", "B", "C", "D", "E"]


def marks(players: list[str], record: dict[str, Any], **options: Any) -> dict[str, int]:
    """Each player's score for the deal, by name (the rules score seats, in the order of play)."""
    table = GAME.table(players, options)
    _state, outcome = GAME.apply(table, GAME.initial_state(table), record)
    assert sum(outcome.scores) == 0
    return dict(zip(players, outcome.scores, strict=True))


def breakdown(players: list[str], record: dict[str, Any], **options: Any) -> list[str]:
    table = GAME.table(players, options)
    return [str(line) for line in GAME.apply(table, GAME.initial_state(table), record)[1].breakdown]


def deal(taker: str, contract: str, bouts: int, points: Any, **more: Any) -> dict[str, Any]:
    return {"taker": taker, "contract": contract, "bouts": bouts, "points": points, **more}


SIMPLE_ATTACK = [{"side": "attack", "size": "simple"}]
SIMPLE_DEFENCE = [{"side": "defence", "size": "simple"}]

# The FFT rulebook's five worked examples (RULINGS.md, "The FFT rulebook's worked examples").
FFT_SHEET = [
    deal("E", "garde", 2, 49, poignees=SIMPLE_ATTACK, petit_au_bout="attack"),
    deal("W", "garde_sans", 2, 45, petit_au_bout="defence"),
    deal("S", "prise", 2, 34, poignees=SIMPLE_ATTACK, petit_au_bout="attack"),
    deal("N", "garde", 2, 52, poignees=SIMPLE_DEFENCE),
    deal("S", "garde", 2, 87, poignees=SIMPLE_ATTACK, petit_au_bout="attack", chelem="announced_made"),
]


# -- the game is registered --------------------------------------------------------------------------------

def test_tarot_is_registered_as_french_tarot_for_three_to_five_players() -> None:
    game = get_game("tarot")
    assert game is GAME
    assert (game.name, game.player_counts, game.deck.value) == ("French Tarot", (3, 4, 5), "tarot")


# -- golden: the FFT's worked examples -----------------------------------------------------------------------

def test_fft_example_1_garde_with_poignee_and_petit_au_bout() -> None:
    """E takes a Garde, shows a simple poignée, takes the petit au bout, 2 bouts, 49 points:
    (25 + 8) × 2 = 66, +20 poignée, +20 petit au bout = 106 → each defender −106, E +318."""
    assert marks(FOUR, FFT_SHEET[0]) == {"N": -106, "S": -106, "E": 318, "W": -106}


def test_fft_example_2_garde_sans_with_petit_au_bout_to_the_defence() -> None:
    """W wins a Garde sans by 4 (2 bouts, 45), the defence takes the petit au bout:
    (25 + 4) × 4 = 116 − 40 = 76 → W +228, others −76."""
    assert marks(FOUR, FFT_SHEET[1]) == {"N": -76, "S": -76, "E": -76, "W": 228}


def test_fft_example_3_fallen_prise_poignee_to_defence_petit_au_bout_to_attack() -> None:
    """S falls a Prise by 7 (2 bouts, 34) after showing a simple poignée, S takes the petit au bout:
    25 + 7 + 20 − 10 = 42 → S −126, others +42. The poignée goes to the defence, which won the deal;
    the petit au bout is the attack's whatever the result, so it lessens S's loss."""
    assert marks(FOUR, FFT_SHEET[2]) == {"N": 42, "S": -126, "E": 42, "W": 42}


def test_fft_example_4_defence_poignee_goes_to_the_winning_taker() -> None:
    """N wins a Garde by 11 (2 bouts, 52); the defence showed a simple poignée:
    (25 + 11) × 2 + 20 = 92 → N +276, others −92."""
    assert marks(FOUR, FFT_SHEET[3]) == {"N": 276, "S": -92, "E": -92, "W": -92}


def test_fft_example_5_announced_chelem_made_with_87_points() -> None:
    """S, Garde, announces and makes the chelem, shows a simple poignée, petit au bout; the defence kept its
    Excuse; 2 bouts, 87 points: (46 + 25) × 2 + 20 + 20 + 400 = 582 → S +1746, others −582."""
    assert marks(FOUR, FFT_SHEET[4]) == {"N": -582, "S": 1746, "E": -582, "W": -582}


def test_fft_sheet_of_five_deals_totals() -> None:
    """The sheet of those five deals totals N −446, S +1346, E −390, W −510."""
    table = GAME.table(FOUR)
    results = list(GAME.replay(table, FFT_SHEET))
    final_state, _outcome = results[-1]
    assert dict(zip(FOUR, final_state.totals, strict=True)) == {"N": -446, "S": 1346, "E": -390, "W": -510}
    summed = tuple(sum(outcome.scores[seat] for _s, outcome in results) for seat in range(4))
    assert summed == final_state.totals


def test_breakdown_reads_like_the_rulebook() -> None:
    """Every outcome carries a breakdown: "Garde, 2 bouts, 49 points: 49 − 41 = 8; (25 + 8) × 2 = 66;
    poignée +20; petit au bout +20 → 106 each", its last line saying who pays: each defender −106, E +318."""
    lines = breakdown(FOUR, FFT_SHEET[0])
    assert lines[0] == "Garde, 2 bouts, 49 points: 49 − 41 = 8"
    assert "(25 + 8) × 2 = 66" in lines[1]
    assert any("Petit au bout" in line and "+20" in line for line in lines)
    assert any("poignée" in line and "+20" in line for line in lines)
    assert lines[-1] == "→ Each defender −106; taker E +318"


def test_breakdown_lines_are_translatable_templates() -> None:
    """Every user-visible string is built with _() from referee.text: a template and JSON-able params (numbers,
    words, or texts of their own, such as "2 bouts", said as each language counts)."""
    table = GAME.table(FOUR)
    outcome = GAME.apply(table, GAME.initial_state(table), FFT_SHEET[2])[1]
    for line in outcome.breakdown:
        assert line.template and "%" not in str(line)
        assert all(isinstance(v, int | str | Text) for v in line.params.values())
        assert Text.from_i18n(json.loads(json.dumps(line.to_i18n()))) == line


# The French of the lines that count bouts and points, as the catalogue is to say them (the translations are
# integrated apart): added for the test where the catalogue does not have them yet.
NBSP = "\u00a0"
FRENCH_COUNTS = {
    "%(contract)s, %(bouts)s, %(points)s: %(counted)s − %(target)s = %(difference)s":
        f"%(contract)s, %(bouts)s, %(points)s{NBSP}: %(counted)s − %(target)s = %(difference)s",
    ("%(n)s bout", 0): "%(n)s bout", ("%(n)s bout", 1): "%(n)s bouts",
    ("%(points)s point", 0): "%(points)s point", ("%(points)s point", 1): "%(points)s points",
}


@contextmanager
def catalogue(language: str, entries: dict[Any, str]) -> Iterator[None]:
    """``language`` active, its catalogue holding ``entries`` where it holds none of its own yet."""
    from django.utils.translation import trans_real

    with translation.override(language):
        top = trans_real.translation(language)._catalog._catalogs[0]  # noqa: SLF001
        added = {key: text for key, text in entries.items() if key not in top}
        top.update(added)
        try:
            yield
        finally:
            for key in added:
                top.pop(key, None)


def test_the_breakdown_counts_bouts_and_points_as_each_language_does() -> None:
    """French says "0 bout", "0 point" (0 and 1 are singular), English "0 bouts" (a tester read "0 bouts, 0
    points" in French): a Garde contre where the defence took every trick, against a Garde with 2 bouts."""
    table = GAME.table(FOUR)
    lost = {"taker": "N", "contract": "garde_contre", "bouts": 0, "points": 0, "chelem": "defence"}
    header = GAME.apply(table, GAME.initial_state(table), lost)[1].breakdown[0]
    made = GAME.apply(table, GAME.initial_state(table), FFT_SHEET[0])[1].breakdown[0]
    assert (str(header), str(made)) == ("Garde contre, 0 bouts, 0 points: 0 − 56 = −56",
                                        "Garde, 2 bouts, 49 points: 49 − 41 = 8")
    with catalogue("fr", FRENCH_COUNTS):
        assert translate(header) == f"Garde contre, 0 bout, 0 point{NBSP}: 0 − 56 = −56"
        assert translate(made) == f"Garde, 2 bouts, 49 points{NBSP}: 49 − 41 = 8"


# -- targets, margins and half points ------------------------------------------------------------------------

@pytest.mark.parametrize(("bouts", "target"), [(3, 36), (2, 41), (1, 51), (0, 56)])
def test_points_needed_by_bouts(bouts: int, target: int) -> None:
    """Points needed by bouts the taker's side holds at the end: 3 → 36, 2 → 41, 1 → 51, 0 → 56."""
    count = count_deal(GAME.parse(GAME.table(THREE), deal("A", "prise", bouts, target)))
    assert (count.target, count.made, count.margin, count.unit) == (target, True, 0, 25)


def test_half_point_goes_to_the_winning_side_when_made() -> None:
    """The half point goes to the winning side: 41½ counts 42 (made by 1)."""
    # 3 players, prise, 2 bouts, 41½: made by 1 → (25 + 1) × 1 = 26; taker +2 × 26 = +52
    assert marks(THREE, deal("A", "prise", 2, "41.5")) == {"A": 52, "B": -26, "C": -26}
    assert "the half to the winner: 42 − 41 = 1" in breakdown(THREE, deal("A", "prise", 2, "41.5"))[0]


def test_half_point_goes_to_the_winning_side_when_failed() -> None:
    """The half point goes to the winning side: 40½ with 2 bouts counts 40 (fails by 1)."""
    # 3 players, prise, 2 bouts, 40½: fails by 1 → −(25 + 1) = −26; taker −52
    assert marks(THREE, deal("A", "prise", 2, "40.5")) == {"A": -52, "B": 26, "C": 26}


def test_three_players_garde_one_bout_fifty_and_a_half_fails_by_one() -> None:
    """3 players, Garde, 1 bout, 50½: counts 50, fails by 1."""
    # −(25 + 1) × 2 = −52 each; the taker pays both defenders: −104
    assert marks(THREE, deal("A", "garde", 1, "50.5")) == {"A": -104, "B": 52, "C": 52}


def test_juste_fait_is_made_by_zero_and_scores_25() -> None:
    """"Juste fait" (exactly the target) is a win by 0 and scores 25."""
    # 3 players, Garde, 3 bouts, 36: (25 + 0) × 2 = 50; taker +100
    assert marks(THREE, deal("A", "garde", 3, 36)) == {"A": 100, "B": -50, "C": -50}
    assert any("Juste fait" in line for line in breakdown(THREE, deal("A", "garde", 3, 36)))


@pytest.mark.parametrize(("contract", "multiplier"),
                         [("prise", 1), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6)])
def test_contract_multipliers(contract: str, multiplier: int) -> None:
    """Contracts and multipliers: Prise/Petite ×1, Garde ×2, Garde sans le chien ×4, Garde contre ×6."""
    # 4 players, 1 bout, 61 points: made by 10 → (25 + 10) × multiplier each
    unit = 35 * multiplier
    assert marks(FOUR, deal("N", contract, 1, 61)) == {"N": 3 * unit, "S": -unit, "E": -unit, "W": -unit}


def test_petite_is_another_name_for_prise() -> None:
    """Prise/Petite ×1."""
    assert marks(FOUR, deal("N", "petite", 1, 61)) == marks(FOUR, deal("N", "prise", 1, 61))


def test_points_counted_by_the_defence() -> None:
    """points_side "defence": the attack's points are 91 − points."""
    # defence counted 50 → attack 41 with 2 bouts: juste fait, 25; 4 players: taker +75
    assert marks(FOUR, deal("N", "prise", 2, 50, points_side="defence")) == {"N": 75, "S": -25, "E": -25,
                                                                             "W": -25}
    assert "91 − 50 = 41" in breakdown(FOUR, deal("N", "prise", 2, 50, points_side="defence"))[0]


# -- petit au bout and poignées ------------------------------------------------------------------------------

def test_petit_au_bout_is_multiplied_and_goes_to_its_side_whatever_the_result() -> None:
    """Petit au bout ±10 × multiplier, to the side that took the last trick containing the Petit, whatever
    the result."""
    # 4 players, Garde contre, 2 bouts, 30: fails by 11 → −(36 × 6) = −216; petit au bout to the attack
    # +10 × 6 = +60 → −156 each; taker −468
    assert marks(FOUR, deal("N", "garde_contre", 2, 30, petit_au_bout="attack")) == {
        "N": -468, "S": 156, "E": 156, "W": 156}


def test_several_poignees_each_count_for_the_winning_side() -> None:
    """Several poignées in one deal each count; poignée 20/30/40 not multiplied, always to the side that
    wins the deal (whoever showed it)."""
    # 4 players, Garde, 1 bout, 55: made by 4 → (25 + 4) × 2 = 58; simple (attack) + simple (defence)
    # = +40 to the attack → 98 each; taker +294
    record = deal("N", "garde", 1, 55, poignees=[{"side": "attack", "size": "simple"},
                                                 {"side": "defence", "size": "simple"}])
    assert marks(FOUR, record) == {"N": 294, "S": -98, "E": -98, "W": -98}
    # 5 players, Prise, 2 bouts, 50½: made by 10 → 35; simple (8) + double (10) = 18 trumps shown, +50
    # → 85 each; taker +170, partner +85
    record = deal("A", "prise", 2, "50.5", partner="B", poignees=[{"side": "defence", "size": "simple"},
                                                                    {"side": "attack", "size": "double"}])
    assert marks(FIVE, record) == {"A": 170, "B": 85, "C": -85, "D": -85, "E": -85}


def test_poignees_go_to_the_defence_when_the_contract_fails() -> None:
    """Poignée … always to the side that wins the deal."""
    # 3 players, Prise, 0 bouts, 50: fails by 6 → −31; triple poignée (attack) −40 → −71; taker −142
    record = deal("A", "prise", 0, 50, poignees=[{"side": "attack", "size": "triple"}])
    assert marks(THREE, record) == {"A": -142, "B": 71, "C": 71}


# -- chelem --------------------------------------------------------------------------------------------------

def test_chelem_announced_and_made_is_400() -> None:
    """Chelem, not multiplied: announced and made +400."""
    # 4 players, Prise, 3 bouts, 91: made by 55 → 80; +400 → 480; taker +1440
    assert marks(FOUR, deal("N", "prise", 3, 91, chelem="announced_made"))["N"] == 1440


def test_chelem_made_unannounced_is_200() -> None:
    """Chelem, not multiplied: made unannounced +200."""
    # 4 players, Prise, 3 bouts, 91: 80 + 200 = 280; taker +840
    assert marks(FOUR, deal("N", "prise", 3, 91, chelem="unannounced_made")) == {
        "N": 840, "S": -280, "E": -280, "W": -280}


def test_chelem_announced_and_failed_is_minus_200_even_when_the_contract_is_made() -> None:
    """Chelem, not multiplied: announced and failed −200."""
    # 4 players, Garde, 2 bouts, 60: made by 19 → 44 × 2 = 88; −200 → −112; taker −336
    assert marks(FOUR, deal("N", "garde", 2, 60, chelem="announced_failed")) == {
        "N": -336, "S": 112, "E": 112, "W": 112}


def test_chelem_by_the_defence_gives_each_defender_200_on_top() -> None:
    """A chelem made by the defence gives each defender +200 on top."""
    # 4 players, Garde, 0 bouts, 5 (its écart): fails by 51 → −(76 × 2) = −152; −200 → −352; taker −1056
    assert marks(FOUR, deal("N", "garde", 0, 5, chelem="defence")) == {"N": -1056, "S": 352, "E": 352,
                                                                        "W": 352}


def test_garde_contre_chelem_the_chien_counts_for_the_defence() -> None:
    """A chelem made by the attack means it holds every card point but the chien's in a garde contre."""
    # 3 players, Garde contre, 3 bouts, 80 (the chien's 11 to the defence): made by 44 → 69 × 6 = 414;
    # announced and made +400 → 814; taker +1628
    assert marks(THREE, deal("A", "garde_contre", 3, 80, chelem="announced_made")) == {
        "A": 1628, "B": -814, "C": -814}


# -- marks at 3, 4 and 5 players -----------------------------------------------------------------------------

def test_three_players_taker_takes_two_units() -> None:
    """3 players: taker ×2."""
    # Garde sans, 2 bouts, 51: made by 10 → 35 × 4 = 140; taker +280
    assert marks(THREE, deal("B", "garde_sans", 2, 51)) == {"A": -140, "B": 280, "C": -140}


def test_five_players_taker_two_units_partner_one() -> None:
    """5 players: the attack's 3×unit splits 2/3 taker, 1/3 partner."""
    # Garde, 2 bouts, 45½: made by 5 (45½ − 41 = 4½, the half to the winner) → 30 × 2 = 60;
    # taker +120, partner +60, three defenders −60
    record = deal("A", "garde", 2, "45.5", partner="C", called_card="KH")
    assert marks(FIVE, record) == {"A": 120, "B": -60, "C": 60, "D": -60, "E": -60}


def test_five_players_taker_alone_takes_four_units() -> None:
    """5 players: if the called card is in the chien or the taker called himself, the taker plays alone for
    4×unit."""
    # Prise, 1 bout, 48: fails by 3 → −28; taker −112, four defenders +28
    expected = {"A": -112, "B": 28, "C": 28, "D": 28, "E": 28}
    assert marks(FIVE, deal("A", "prise", 1, 48, partner="A")) == expected  # called himself, or in the chien
    assert marks(FIVE, deal("A", "prise", 1, 48, partner="a")) == expected
    # "A 5-player record always names the partner [...] A blank partner is refused, never read as 'alone'."
    for blank in ("", None):
        with pytest.raises(InvalidRecord) as caught:
            marks(FIVE, deal("A", "prise", 1, 48, partner=blank))
        assert set(caught.value.errors) == {"partner"}


def test_five_players_failed_contract_partner_pays_one_unit() -> None:
    """Marks: signs reversed on a fall."""
    # Garde sans, 0 bouts, 40: fails by 16 → −(41 × 4) = −164; taker −328, partner −164, defenders +164
    record = deal("E", "garde_sans", 0, 40, partner="D")
    assert marks(FIVE, record) == {"A": 164, "B": 164, "C": 164, "D": -164, "E": -328}


def test_five_players_breakdown_says_the_takers_share_two_units_with_a_partner_four_alone() -> None:
    """5 players: "the attack's 3×unit splits 2/3 taker, 1/3 partner; if the called card is in the chien or the
    taker called himself, the taker plays alone for 4×unit." The last line says the taker's share, so that a
    player checking it reads why: "→ −28 each; Mathieu −112" left a tester asking where the 112 came from."""
    lines = breakdown(FIVE, deal("A", "garde", 2, "45.5", partner="C"))
    assert lines[-1] == "→ Each defender −60; taker A +120 (2 × 60), partner C +60"
    # Prise, 1 bout, 48: fails by 3 → 28 to each defender; A alone: 4 × 28 = 112 to pay
    assert breakdown(FIVE, deal("A", "prise", 1, 48, partner="A"))[-1] == (
        "→ Each defender +28; taker A −112 (4 × 28, no partner)")
    # Garde, 2 bouts, 49: made by 8 → 66; alone 4 × 66 = +264
    assert breakdown(FIVE, deal("A", "garde", 2, 49, partner="A"))[-1] == (
        "→ Each defender −66; taker A +264 (4 × 66, no partner)")
    # At three and four the taker's share is what the defenders pay together, as the FFT says it: "E +318".
    assert breakdown(THREE, deal("B", "garde_sans", 2, 51))[-1] == "→ Each defender −140; taker B +280"


# -- who pays whom on a fall: the golden cases at 3, 4 and 5 players ----------------------------------------------
# Seed 003, "Scoring": "if the taker wins with a calculated score of 80 points in a 4-player game, the recorded score
# on the pad is 240. This is because each other player 'pays' the 80 points. [...] Conversely, if the taker lost, but
# the score was calculated at 80, then player A would have a recorded score of -240, and the others would each have
# been 'paid' 80 points." The breakdown's last line said "→ −80 each" on such a fall, the attack's unit, which players
# read as each defender losing 80: it now says each defender's score, then the attack's, made or failed alike.
# A Garde with 2 bouts "calculated at 80": (25 + 15) × 2 = 80, so made by 15 (56 points) or failed by 15 (26).


def said(players: list[str], record: dict[str, Any], language: str) -> str:
    """The breakdown's last line in ``language`` (the catalogues as compiled)."""
    table = GAME.table(players)
    line = GAME.apply(table, GAME.initial_state(table), record)[1].breakdown[-1]
    with translation.override(language):
        return translate(line)


def test_golden_four_players_the_seeds_80_failed_each_defender_is_paid_80_the_taker_pays_240() -> None:
    """Seed 003: "if the taker lost, but the score was calculated at 80, then player A would have a recorded score
    of -240, and the others would each have been 'paid' 80 points"; RULINGS.md: "4 players: each defender −unit,
    taker +3×unit (signs reversed on a fall)"."""
    # N takes a Garde with 2 bouts and counts 26: 26 − 41 = −15, failed by 15: (25 + 15) × 2 = 80 to the defence.
    # Each of S, E, W is paid 80; N pays the three of them: 3 × 80 = 240.
    failed = deal("N", "garde", 2, 26)
    assert marks(FOUR, failed) == {"N": -240, "S": 80, "E": 80, "W": 80}
    assert breakdown(FOUR, failed) == ["Garde, 2 bouts, 26 points: 26 − 41 = −15",
                                       "Failed by 15: (25 + 15) × 2 = 80 to the defence",
                                       "→ Each defender +80; taker N −240"]
    # Made by 15 (56 points): the seed's "recorded score on the pad is 240", each other player paying 80.
    made = deal("N", "garde", 2, 56)
    assert marks(FOUR, made) == {"N": 240, "S": -80, "E": -80, "W": -80}
    assert breakdown(FOUR, made)[-1] == "→ Each defender −80; taker N +240"
    # The FFT's third worked example, a fall: 25 + 7 + 20 − 10 = 42 → S −126, others +42 (RULINGS.md).
    assert breakdown(FOUR, FFT_SHEET[2])[-1] == "→ Each defender +42; taker S −126"
    assert said(FOUR, failed, "es") == "→ Cada defensor +80; tomador N −240"
    assert said(FOUR, failed, "fr") == f"→ Chaque défenseur +80{NBSP}; preneur N −240"


def test_golden_three_players_a_fall_of_80_the_taker_pays_each_of_the_two_defenders() -> None:
    """RULINGS.md: "3 players: taker ×2", signs reversed on a fall."""
    # A takes a Garde with 2 bouts and counts 26: failed by 15: (25 + 15) × 2 = 80 to the defence.
    # Each of B and C is paid 80; A pays the two of them: 2 × 80 = 160.
    failed = deal("A", "garde", 2, 26)
    assert marks(THREE, failed) == {"A": -160, "B": 80, "C": 80}
    assert breakdown(THREE, failed)[-1] == "→ Each defender +80; taker A −160"
    # 40½ with 2 bouts counts 40 ("the half point goes to the winning side"): failed by 1, 25 + 1 = 26 a defender,
    # the taker 2 × 26 = 52.
    assert breakdown(THREE, deal("A", "prise", 2, "40.5"))[-1] == "→ Each defender +26; taker A −52"
    # Made by 15 (56 points): each defender pays 80, the taker takes 160.
    assert breakdown(THREE, deal("A", "garde", 2, 56))[-1] == "→ Each defender −80; taker A +160"
    assert said(THREE, failed, "es") == "→ Cada defensor +80; tomador A −160"
    assert said(THREE, failed, "fr") == f"→ Chaque défenseur +80{NBSP}; preneur A −160"


def test_golden_five_players_a_fall_the_partner_pays_one_unit_and_the_taker_two_or_four_alone() -> None:
    """RULINGS.md: "5 players: defenders as at 4; the attack's 3×unit splits 2/3 taker, 1/3 partner; if the called
    card is in the chien or the taker called himself, the taker plays alone for 4×unit", signs reversed on a fall."""
    # A takes a Prise with 1 bout, calls C's King, and the attack counts 48: 48 − 51 = −3, failed by 3:
    # 25 + 3 = 28 to the defence. Each of B, D, E is paid 28 (3 × 28 = 84, the attack's 3 units): A pays two of
    # them (2 × 28 = 56), C one (28).
    failed = deal("A", "prise", 1, 48, partner="C", called_card="KH")
    assert marks(FIVE, failed) == {"A": -56, "B": 28, "C": -28, "D": 28, "E": 28}
    assert breakdown(FIVE, failed) == ["Prise, 1 bout, 48 points: 48 − 51 = −3",
                                       "Failed by 3: (25 + 3) × 1 = 28 to the defence",
                                       "→ Each defender +28; taker A −56 (2 × 28), partner C −28"]
    assert said(FIVE, failed, "es") == "→ Cada defensor +28; tomador A −56 (2 × 28), compañero C −28"
    assert said(FIVE, failed, "fr") == (
        f"→ Chaque défenseur +28{NBSP}; preneur A −56 (2 × 28), partenaire C −28")
    # The same fall with the called King in A's own hand (or in the chien): A alone pays the four defenders,
    # 4 × 28 = 112.
    alone = deal("A", "prise", 1, 48, partner="A", called_card="KH")
    assert marks(FIVE, alone) == {"A": -112, "B": 28, "C": 28, "D": 28, "E": 28}
    assert breakdown(FIVE, alone)[-1] == "→ Each defender +28; taker A −112 (4 × 28, no partner)"
    assert said(FIVE, alone, "es") == "→ Cada defensor +28; tomador A −112 (4 × 28, sin compañero)"
    assert said(FIVE, alone, "fr") == f"→ Chaque défenseur +28{NBSP}; preneur A −112 (4 × 28, sans partenaire)"
    # The seed's 80 at five: a Garde with 2 bouts failed by 15 (26 points), (25 + 15) × 2 = 80 to each defender;
    # taker 2 × 80 = 160, partner 80. Made by 15 (56 points) the same line, signs reversed.
    assert marks(FIVE, deal("A", "garde", 2, 26, partner="C")) == {"A": -160, "B": 80, "C": -80, "D": 80, "E": 80}
    assert breakdown(FIVE, deal("A", "garde", 2, 26, partner="C"))[-1] == (
        "→ Each defender +80; taker A −160 (2 × 80), partner C −80")
    assert breakdown(FIVE, deal("A", "garde", 2, 56, partner="C"))[-1] == (
        "→ Each defender −80; taker A +160 (2 × 80), partner C +80")


# -- void deals, misère, end of game -------------------------------------------------------------------------

def test_void_deal_scores_nothing_and_the_deal_passes() -> None:
    """Every deal may be recorded as void (misdeal, petit sec, all passed): no score, dealer advances."""
    table = GAME.table(FOUR)
    state, outcome = GAME.apply(table, GAME.initial_state(table), {"void": True})
    assert outcome.void and outcome.scores == (0, 0, 0, 0)
    assert (outcome.dealer, outcome.next_dealer, state.dealer) == (0, 1, 1)


def test_misere_house_rule_scores_ten_from_each_other_player() -> None:
    """Optional house rule (off by default): misère: a player with no trump and no court card scores +10
    from each other player."""
    # FFT example 1 (E +318, others −106) plus S's misère: S +30, each other −10
    record = {**FFT_SHEET[0], "misere": ["S"]}
    assert marks(FOUR, record, misere=True) == {"N": -116, "S": -76, "E": 308, "W": -116}


def test_misere_is_off_by_default_and_a_house_rule() -> None:
    option = next(o for o in GAME.options if o.key == "misere")
    assert (option.default, option.house_rule, option.kind) == (False, True, "bool")


def test_rounds_option_ends_the_game_with_the_highest_total() -> None:
    """rounds: number of deals in the game; when reached, the highest total(s) win."""
    table = GAME.table(FOUR, {"rounds": 2})
    outcomes = [o for _s, o in GAME.replay(table, FFT_SHEET[:2])]
    assert not outcomes[0].game_over
    assert outcomes[1].game_over and [FOUR[side] for side in outcomes[1].winners] == ["E"]
    # E +318 − 76 = 242; W −106 + 228 = 122


def test_void_deals_do_not_count_toward_the_rounds() -> None:
    table = GAME.table(FOUR, {"rounds": 1})
    outcomes = [o for _s, o in GAME.replay(table, [{"void": True}, FFT_SHEET[0]])]
    assert [o.game_over for o in outcomes] == [False, True]


def test_rounds_zero_is_open_ended() -> None:
    table = GAME.table(FOUR)
    assert all(not o.game_over for _s, o in GAME.replay(table, FFT_SHEET))


def test_rounds_tie_gives_every_leader() -> None:
    table = GAME.table(["A", "B", "C"], {"rounds": 1, "misere": False})
    assert GAME.winners(table, TarotState(totals=(5, 5, -10), played=1)) == (0, 1)


# -- what the app reads --------------------------------------------------------------------------------------

def test_record_fields_follow_the_way_a_deal_is_recorded() -> None:
    """Order them as a person records a deal: taker, contract, partner, bouts, points, points_side, poignees,
    petit_au_bout, chelem, misere, void."""
    four = [f.name for f in GAME.record_fields(GAME.table(FOUR))]
    assert four == ["taker", "contract", "bouts", "points", "points_side", "poignees", "petit_au_bout",
                    "chelem", "void"]
    five = [f.name for f in GAME.record_fields(GAME.table(FIVE, {"misere": True}))]
    assert five == ["taker", "contract", "partner", "called_card", "bouts", "points", "points_side",
                    "poignees", "petit_au_bout", "chelem", "misere", "void"]


def test_record_fields_points_step_is_half_at_three_and_five_whole_at_four() -> None:
    def step(players: list[str]) -> float | None:
        return next(f.step for f in GAME.record_fields(GAME.table(players)) if f.name == "points")

    assert (step(THREE), step(FOUR), step(FIVE)) == (0.5, 1, 0.5)


def test_record_fields_are_json() -> None:
    for f in GAME.record_fields(GAME.table(FIVE, {"misere": True})):
        data = f.to_json()
        assert data["name"] == f.name and data["label"]
    poignees = next(f for f in GAME.record_fields(GAME.table(FOUR)) if f.name == "poignees")
    assert [sub.name for sub in poignees.fields] == ["side", "size"]


def test_rules_page_covers_the_game() -> None:
    titles = " ".join(str(s.title) for s in GAME.rules).lower()
    for topic in ("card points", "contracts", "écart", "play", "poignée", "petit au bout", "chelem", "score",
                  "pays", "misère"):
        assert topic in titles
    text = " ".join(str(p) for s in GAME.rules for p in s.paragraphs)
    assert "36" in text and "41" in text and "51" in text and "56" in text


def test_the_deals_scored_show_beside_the_standings_when_the_game_has_a_length() -> None:
    """What the API shows of the state beyond the totals: the deals scored out of ``rounds``, if set."""
    table = GAME.table(FOUR, {"rounds": 3})
    states = [s for s, _o in GAME.replay(table, [{"void": True}, FFT_SHEET[0]])]
    assert [GAME.display_state(table, s) for s in states] == [{"deals_scored": 0, "rounds": 3},
                                                             {"deals_scored": 1, "rounds": 3}]
    assert GAME.display_state(GAME.table(FOUR), states[-1]) == {}


def test_the_outcome_details_say_who_took_and_the_count() -> None:
    table = GAME.table(FIVE)
    _state, outcome = GAME.apply(table, GAME.initial_state(table), deal("A", "garde", 2, "45.5", partner="C"))
    assert outcome.details == TarotDetails(taker=Seat(0, "A"), partner=Seat(2, "C"), made=True, margin=5,
                                           target=41, attack_points="45.5", multiplier=2, unit=60)
    _state, alone = GAME.apply(table, GAME.initial_state(table), deal("A", "prise", 1, 48, partner="A"))
    assert isinstance(alone.details, TarotDetails) and alone.details.partner is None


def test_state_and_outcome_go_to_json_and_back() -> None:
    table = GAME.table(FOUR, {"rounds": 5})
    state, outcome = list(GAME.replay(table, FFT_SHEET))[-1]
    assert GAME.state_from_json(state.to_json()) == state
    data = outcome.to_json()
    assert data["scores"] == [-582, 1746, -582, -582]
    assert data["details"]["taker"] == {"seat": 1, "name": "S"} and data["details"]["unit"] == 582
    assert data["breakdown"][-1] == ["→ Each defender %(defender)s; taker %(taker)s %(score)s",
                                     {"defender": "−582", "taker": "S", "score": "+1746"}]
