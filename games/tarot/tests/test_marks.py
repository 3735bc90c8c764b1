"""What a Tarot paper sheet writes beside a deal's scores besides the contract, one rule per test: the poignées,
the petit au bout, the chelem and, with the house rule, the misère (games/tarot/presenter.py).

A deal keeps which side showed a poignée, took the petit au bout or made the chelem, not which of its players
(games/tarot/record.py): the mark goes by the score of each player of that side, and is said once. A misère is
kept by player: by the declarer's score.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.tarot.presenter import PRESENTER
from games.tarot.record import parse_record
from games.tarot.rules import GAME
from scoring.presenters import marks_by_side

FOUR = GAME.table(["N", "S", "E", "W"])
FIVE = GAME.table(["Mathieu", "Stéphanie", "Jean-Baptiste", "Bérangère", "Guillaume"])
WITH_MISERE = GAME.table(["N", "S", "E", "W"], {"misere": True})


def stored(spec: Any, **raw: Any) -> dict[str, Any]:
    """A deal's record as the table stores it."""
    return parse_record(spec, {"bouts": 2, "points": 52, **raw}).to_json()


def letters(spec: Any, **raw: Any) -> dict[int, str]:
    """By each seat's score, the letters written there, in order."""
    marks = marks_by_side(PRESENTER.deal_marks(spec, stored(spec, **raw), {}))
    return {seat: " ".join(mark.mark for mark in by_seat) for seat, by_seat in sorted(marks.items())}


def said(spec: Any, **raw: Any) -> list[str]:
    """The marks said whole, each once, as the big screen says them."""
    return [mark.said for mark in PRESENTER.deal_marks(spec, stored(spec, **raw), {})]


def test_a_poignee_is_written_p_and_its_size_by_the_score_of_the_side_that_showed_it():
    """FFT example 1: E takes a garde and shows a simple poignée: "G P1" by E's score, nothing by the others'.
    A double is P2, a triple P3: never a bare P, the prise's letter."""
    assert letters(FOUR, taker="E", contract="garde", poignees=[{"side": "attack", "size": "simple"}]) == {
        2: "G P1"}
    assert letters(FOUR, taker="E", contract="prise", poignees=[{"side": "attack", "size": "double"}]) == {
        2: "P P2"}
    assert letters(FOUR, taker="E", contract="garde", poignees=[{"side": "attack", "size": "triple"}]) == {
        2: "G P3"}
    assert said(FOUR, taker="E", contract="garde", poignees=[{"side": "attack", "size": "simple"}]) == [
        "Taker: E, Garde", "Simple poignée shown by the attack"]


def test_a_defenders_poignee_is_written_by_every_defenders_score_and_said_once():
    """FFT example 4: N wins a garde; the defence showed a simple poignée. The deal keeps the side, not which
    defender: P1 by S's, E's and W's scores, said once ("shown by the defence")."""
    raw = {"taker": "N", "contract": "garde", "poignees": [{"side": "defence", "size": "simple"}]}
    assert letters(FOUR, **raw) == {0: "G", 1: "P1", 2: "P1", 3: "P1"}
    assert said(FOUR, **raw) == ["Taker: N, Garde", "Simple poignée shown by the defence"]


def test_two_poignees_shown_by_one_side_are_both_written():
    raw = {"taker": "N", "contract": "garde", "poignees": [{"side": "defence", "size": "simple"},
                                                           {"side": "defence", "size": "double"}]}
    assert letters(FOUR, **raw) == {0: "G", 1: "P1 P2", 2: "P1 P2", 3: "P1 P2"}


def test_at_five_the_attacks_poignee_is_written_by_the_takers_and_the_partners_scores():
    """The attack at five is the taker and the called card's holder: which of them showed it, the deal does not
    keep. A taker alone is the whole attack."""
    raw = {"taker": "Jean-Baptiste", "partner": "Guillaume", "contract": "garde",
           "poignees": [{"side": "attack", "size": "double"}]}
    assert letters(FIVE, **raw) == {2: "G P2", 4: "\N{WHITE STAR} P2"}
    alone = {**raw, "partner": "Jean-Baptiste"}
    assert letters(FIVE, **alone) == {2: "G P2"}
    assert letters(FIVE, **{**alone, "poignees": [{"side": "defence", "size": "simple"}]}) == {
        0: "P1", 1: "P1", 2: "G", 3: "P1", 4: "P1"}


@pytest.mark.parametrize(("side", "seats", "words"), [
    ("attack", {2: "G PAB"}, "Petit au bout to the attack"),
    ("defence", {0: "PAB", 1: "PAB", 2: "G", 3: "PAB"}, "Petit au bout to the defence"),
])
def test_the_petit_au_bout_is_written_pab_by_the_scores_of_the_side_that_took_it(side, seats, words):
    """FFT examples 1 and 2: the petit au bout goes to the side that took the last trick with the Petit,
    whatever the result."""
    assert letters(FOUR, taker="E", contract="garde", petit_au_bout=side) == seats
    assert said(FOUR, taker="E", contract="garde", petit_au_bout=side)[1:] == [words]


@pytest.mark.parametrize(("chelem", "seats", "words"), [
    ("announced_made", {1: "G ChA"}, "Chelem announced and made"),
    ("unannounced_made", {1: "G Ch"}, "Chelem made without announcing it"),
    ("announced_failed", {1: "G Ch\N{BALLOT X}"}, "Chelem announced and failed"),
    ("defence", {0: "Ch", 1: "G", 2: "Ch", 3: "Ch"}, "Chelem by the defence"),
])
def test_a_chelem_is_written_ch_by_the_scores_of_the_side_that_made_it_a_when_announced(chelem, seats, words):
    """Seed 003: a chelem announced (ChA: annoncé) and made, made without announcing it (Ch), announced and failed
    (Ch✗: the only chelem that fails, by the attack that announced it), or made by the defence (Ch by each
    defender)."""
    assert letters(FOUR, taker="S", contract="garde", chelem=chelem) == seats
    assert said(FOUR, taker="S", contract="garde", chelem=chelem)[1:] == [words]


def test_a_misere_is_written_m_by_the_score_of_each_player_who_declared_it():
    """The house rule (RULINGS.md): a misère is kept by player, so it is written by its declarer's score, a
    defender's as a taker's."""
    raw = {"taker": "E", "contract": "prise", "misere": ["S", "E"]}
    assert letters(WITH_MISERE, **raw) == {1: "M", 2: "P M"}
    assert said(WITH_MISERE, **raw)[1:] == ["Misère: S", "Misère: E"]


def test_fft_example_5_every_mark_of_a_deal_by_the_takers_score_after_the_contract():
    """FFT example 5: S, garde, announces and makes the chelem, shows a simple poignée, petit au bout. The
    contract first, then the poignée, the petit au bout and the chelem, in the order the breakdown says them."""
    raw = {"taker": "S", "contract": "garde", "bouts": 2, "points": 87, "chelem": "announced_made",
           "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack"}
    assert letters(FOUR, **raw) == {1: "G P1 PAB ChA"}
    assert said(FOUR, **raw) == ["Taker: S, Garde", "Simple poignée shown by the attack",
                                 "Petit au bout to the attack", "Chelem announced and made"]


def test_a_deal_with_none_of_them_has_the_contract_alone():
    assert letters(FOUR, taker="W", contract="garde_sans") == {3: "GS"}


def test_the_legend_says_the_letters_of_what_the_sheet_shows_and_no_others():
    """The contracts always (as before); of the rest, only the letters on the sheet, each with its words on one
    line."""
    legend = PRESENTER.marks_legend(FOUR, {"G", "P1", "ChA"})
    assert legend.endswith(" By the scores of the side that showed, took or made it (a deal keeps the side, not "
                           "which player): P1\xa0Simple poignée, ChA\xa0Chelem announced and made.")
    assert "PAB" not in legend and "P2" not in legend and "Misère" not in legend
    assert PRESENTER.marks_legend(WITH_MISERE, {"P", "M"}).endswith(
        "GC\xa0Garde contre. By the score of each player who declared it: M\xa0Misère.")
    assert "side" not in PRESENTER.marks_legend(FOUR, {"G"})


@pytest.mark.parametrize("chelem", ["unannounced_made", "defence"])
def test_the_legend_says_ch_is_a_chelem_made_unannounced_by_either_side(chelem):
    """Seed 003: "If one side wins all the tricks, they score for chelem"; "Chelem non annoncé: The team wins all
    the tricks without announcing it." The attack's unannounced chelem and the defence's are both written Ch, on
    the scores of the side that made it: the legend names both sides."""
    shown = {mark for marks in letters(FOUR, taker="S", contract="garde", chelem=chelem).values()
             for mark in marks.split()}
    assert PRESENTER.marks_legend(FOUR, shown).endswith(
        ": Ch\xa0Chelem made without announcing it, by the side that won all the tricks (attack or defence).")
