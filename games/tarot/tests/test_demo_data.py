"""The demo table's data (games/tarot/demo.py): the FFT's five worked deals, as load_demo records them."""

from __future__ import annotations

from games.tarot.demo import DEMO_TABLES, FFT_TOTALS, SEATS, TAROT_NAME
from games.tarot.rules import GAME


def test_one_demo_table_with_the_ffts_five_deals() -> None:
    (demo,) = DEMO_TABLES
    assert (demo["name"], demo["players"], demo["stake_minor"], demo["currency"]) == (
        TAROT_NAME, ["Nadia", "Wassim", "Simon", "Élodie"], 10, "EUR")
    assert demo["options"] == {} and len(demo["records"]) == 5


def test_the_demo_sheet_totals_are_the_ffts() -> None:
    """The sheet of those five deals totals N −446, S +1346, E −390, W −510."""
    (demo,) = DEMO_TABLES
    table = GAME.table(demo["players"], demo["options"])
    results = list(GAME.replay(table, demo["records"]))
    n, s, e, w = (SEATS[k] for k in "NSEW")
    assert [dict(zip(table.players, o.scores, strict=True)) for _s, o in results] == [
        {n: -106, s: -106, e: 318, w: -106},
        {n: -76, s: -76, e: -76, w: 228},
        {n: 42, s: -126, e: 42, w: 42},
        {n: 276, s: -92, e: -92, w: -92},
        {n: -582, s: 1746, e: -582, w: -582},
    ]
    final = dict(zip(table.players, results[-1][0].totals, strict=True))
    assert final == {SEATS[seat]: total for seat, total in FFT_TOTALS.items()}
