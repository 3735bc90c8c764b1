"""The running score sheet (a row per deal, a column per side, the totals the game's own way) and the large-type
board for a tablet or a TV.

Each game's night is worked out by hand below, deal by deal, with the arithmetic the table would do aloud; the
sheet must show exactly those numbers. An undone deal is left off the sheet and out of the totals; a void deal is
a row saying "void"."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest

from referee.game import all_games, get_game
from scoring import services
from scoring.models import Table
from scoring.presenters import presenter_for
from scoring.views import sheet as sheet_view

from .conftest import PLAYERS4

MINUS = "−"


# -- reading the sheet as a person reads it ---------------------------------------------------------------------

@dataclass
class Row:
    number: str
    dealer: str
    cells: list[tuple[str, str]] = field(default_factory=list)  # (the deal's score, the total after it)
    notes: dict[int, str] = field(default_factory=dict)  # by column: what the deal did to the total, small under it
    void: bool = False
    link: str = ""
    marks: dict[int, str] = field(default_factory=dict)  # a side's column -> what is written by its score ("G P1")


@dataclass
class Sheet:
    sides: list[str] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    totals: list[str] = field(default_factory=list)


class _SheetReader(HTMLParser):
    """The table ``#sheet``: its header, a Row per deal row, the totals row."""

    def __init__(self) -> None:
        super().__init__()
        self.sheet = Sheet()
        self.inside = False
        self.part = ""  # thead, tbody, tfoot
        self.stack: list[str] = []
        self.text = ""
        self.row: Row | None = None
        self.cell: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and attrs.get("id") == "sheet":
            self.inside = True
        if not self.inside:
            return
        classes = (attrs.get("class") or "").split()
        if tag in ("thead", "tbody", "tfoot"):
            self.part = tag
        elif tag == "tr" and self.part == "tbody":
            self.row = Row("", "")
        elif tag == "a" and self.row is not None:
            self.row.link = attrs.get("href", "")
        elif tag == "td" and "void-cell" in classes and self.row is not None:
            self.row.void = True
        self.stack.append(" ".join(classes) or tag)
        self.text = f"{self.text} " if "total-why" in classes else ""  # what a total means, read after it

    def handle_data(self, data):
        if self.inside:
            self.text += data

    def handle_endtag(self, tag):
        if not self.inside:
            return
        if tag == "table":
            self.inside = False
            return
        kind = self.stack.pop() if self.stack else ""
        text = self.text.strip()
        if self.part == "thead" and tag == "th" and "side" in kind:
            self.sheet.sides.append(text)
        elif self.part == "tbody" and self.row is not None:
            if kind == "n":
                self.row.number = text
            elif kind == "dealer":
                self.row.dealer = text
            elif kind == "deal-mark":  # several by one score: "G P1"
                column = len(self.row.cells)
                self.row.marks[column] = f"{self.row.marks.get(column, '')} {text}".strip()
            elif kind.startswith("deal-score") or kind == "running":
                self.cell.append(text)
            elif kind == "total-why":
                self.cell[-1] += text and f" {text}"
            elif kind == "total-note":
                self.row.notes[len(self.row.cells)] = text
            elif tag == "td" and len(self.cell) == 2:
                self.row.cells.append((self.cell[0], self.cell[1]))
                self.cell = []
            elif tag == "tr":
                self.sheet.rows.append(self.row)
                self.row = None
        elif self.part == "tfoot" and tag == "td":
            self.sheet.totals.append(text)
        if tag in ("td", "th") or (tag == "span" and self.part == "tbody"):
            self.text = ""


def read_sheet(client, token: str, **params) -> Sheet:
    response = client.get(f"/t/{token}/sheet/", params)
    assert response.status_code == 200
    reader = _SheetReader()
    reader.feed(response.content.decode())
    return reader.sheet


def night(table: Table, records: list[dict], undone: dict | None = None) -> None:
    """The deals of a night, in order; ``undone``: one more deal, recorded and then undone."""
    for record in records:
        services.record_deal(table, record)
    if undone is not None:
        services.record_deal(table, undone)
        services.undo_last(table)


def n(value: int) -> str:
    """A number as the sheet prints a deal's score: +12, −7, 0."""
    return f"+{value}" if value > 0 else f"{MINUS}{-value}" if value < 0 else "0"


# -- the sheet's shape ------------------------------------------------------------------------------------------

TAROT_NIGHT = [
    {"taker": "E", "contract": "garde", "bouts": 2, "points": 49},  # N deals
    {"void": True},  # S deals: a misdeal
    {"taker": "S", "contract": "prise", "bouts": 1, "points": 40},  # E deals
]
TAROT_UNDONE = {"taker": "W", "contract": "garde_sans", "bouts": 3, "points": 60}  # W deals; then undone


@pytest.fixture
def tarot_night(tarot4):
    night(tarot4, TAROT_NIGHT, undone=TAROT_UNDONE)
    return tarot4


def test_a_row_per_deal_in_play_with_who_dealt_it(client, tarot_night):
    sheet = read_sheet(client, tarot_night.edit_token)
    assert sheet.sides == PLAYERS4
    # N dealt first and the deal passes round the table (a misdeal passes it on too); deal 4 was undone.
    assert [(r.number, r.dealer) for r in sheet.rows] == [("1", "N"), ("2", "S"), ("3", "E")]
    html = client.get(f"/t/{tarot_night.edit_token}/sheet/").content.decode()
    assert "Under each deal's number: who dealt it." in html.replace("&#x27;", "'")  # the name there is said


def test_who_dealt_a_long_name_is_its_first_letters_that_name_one_player_of_the_table(client, db):
    """The deal column is narrow: a name of up to seven letters is written whole, a longer one shortened to its
    first letters and a full stop, as many as tell it from the others at the table; the link says it whole."""
    players = ["Maximilien", "Maximiliano", "Anne-Sophie", "Anne", "Dolores"]
    table = services.create_table(game="tarot", players=players)
    night(table, [{"taker": taker, "partner": taker, "contract": "prise", "bouts": 1, "points": 51}
                  for taker in players])
    sheet = read_sheet(client, table.edit_token)
    assert [r.dealer for r in sheet.rows] == ["Maximilie.", "Maximilia.", "Anne-S.", "Anne", "Dolores"]
    html = client.get(f"/t/{table.edit_token}/sheet/").content.decode()
    assert 'aria-label="Deal 1, dealt by Maximilien"' in html and 'aria-label="Deal 3, dealt by Anne-Sophie"' in html


def test_tarot_cells_are_the_deals_score_and_the_running_total(client, tarot_night):
    rows = read_sheet(client, tarot_night.edit_token).rows
    # Deal 1: garde, 2 bouts need 41; 49 − 41 = 8 → (25 + 8) × 2 = 66 a defender; E takes 3 × 66 = 198.
    assert rows[0].cells == [("−66", "−66"), ("−66", "−66"), ("+198", "+198"), ("−66", "−66")]
    # Deal 3: prise, 1 bout needs 51; 40 − 51 = −11 → (25 + 11) × 1 = 36 a defender; S pays 3 × 36 = 108.
    # Running: N −66 + 36 = −30, S −66 − 108 = −174, E 198 + 36 = +234, W −66 + 36 = −30.
    assert rows[2].cells == [("+36", "−30"), ("−108", "−174"), ("+36", "+234"), ("+36", "−30")]


def test_a_tarot_sheet_writes_the_contract_by_the_takers_score_as_a_paper_sheet_does(client, tarot_night):
    """A Tarot player's paper sheet says, deal by deal, who took and which contract: the letters of the contract
    (P prise, G garde, GS garde sans, GC garde contre) by the taker's score, and nowhere else in the row; a
    screen reader hears it whole, and the sheet says once what the letters stand for."""
    sheet = read_sheet(client, tarot_night.edit_token)
    # Deal 1: E's garde; deal 2 was void; deal 3: S's prise.
    assert [row.marks for row in sheet.rows] == [{2: "G"}, {}, {1: "P"}]
    html = client.get(f"/t/{tarot_night.edit_token}/sheet/").content.decode().replace("&#x27;", "'")
    assert '<span class="visually-hidden">Taker: E, Garde</span> +198' in html
    assert ("By the taker's score, the contract: P\xa0Prise, G\xa0Garde, GS\xa0Garde sans, GC\xa0Garde contre."
            in html)


def test_at_five_the_partner_is_marked_too_and_a_taker_alone_is_said_to_have_no_partner(client, db):
    """At five the called card's holder plays with the taker: a ☆ by the partner's score, said "Partner: …" to a
    screen reader and on the big screen, and the legend says what it stands for (a tester read the sheet as the
    taker alone against four). A taker who is his own partner (he called himself, or the called card was in the
    chien) plays alone: no ☆, and his letters say "no partner", as the breakdown does. Garde sans and garde contre
    are GS and GC."""
    players = ["Mathieu", "Stéphanie", "Jean-Baptiste", "Bérangère", "Guillaume"]
    table = services.create_table(game="tarot", players=players)
    night(table, [{"taker": "Jean-Baptiste", "partner": "Guillaume", "contract": "garde_sans", "bouts": 3,
                   "points": 40}])
    html = client.get(f"/t/{table.view_token}/big/").content.decode()
    assert "Deal 1 ·&nbsp;Taker: Jean-Baptiste, Garde sans ·&nbsp;Partner: Guillaume</span>" in html
    night(table, [{"taker": "Guillaume", "partner": "Guillaume", "contract": "garde_contre", "bouts": 2,
                   "points": 50}])
    assert [row.marks for row in read_sheet(client, table.edit_token).rows] == [{2: "GS", 4: "\N{WHITE STAR}"},
                                                                                {4: "GC"}]
    html = client.get(f"/t/{table.edit_token}/sheet/").content.decode().replace("&#x27;", "'")
    assert '<span class="visually-hidden">Partner: Guillaume</span> +' in html
    assert '<span class="visually-hidden">Taker: Guillaume, Garde contre, no partner</span> +' in html
    assert ("GC\xa0Garde contre. By the partner's score (who held the called card): ☆; a deal without ☆ was played "
            "by the taker alone." in html)
    html = client.get(f"/t/{table.view_token}/big/").content.decode()
    assert "Deal 2 ·&nbsp;Taker: Guillaume, Garde contre, no partner</span>" in html


def test_at_three_and_four_there_is_no_partner_to_mark_nor_to_explain(client, tarot_night):
    html = client.get(f"/t/{tarot_night.edit_token}/sheet/").content.decode()
    assert "☆" not in html and "partner" not in html


FFT_DEALS_4_AND_5 = [
    # FFT example 4: N wins a garde by 11; the defence showed a simple poignée: N +276, the others −92.
    {"taker": "N", "contract": "garde", "bouts": 2, "points": 52,
     "poignees": [{"side": "defence", "size": "simple"}]},
    # FFT example 5: S, garde, announces and makes the chelem, a simple poignée, petit au bout, 87 points:
    # (46 + 25) × 2 + 20 + 20 + 400 = 582: S +1746, the others −582.
    {"taker": "S", "contract": "garde", "bouts": 2, "points": 87, "chelem": "announced_made",
     "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack"},
]


def test_the_sheet_writes_poignees_petit_au_bout_and_chelem_by_the_scores_of_the_side_and_says_them(client,
                                                                                                     tarot4):
    """What Tarot players look for when they argue about a past deal: a poignée by the scores of the side that
    showed it (the defence's by each defender's: the deal keeps the side, not the player), the petit au bout and
    the chelem by the side that took them, after the contract; said whole to a screen reader and on the big
    screen, and the legend says the letters on the sheet."""
    night(tarot4, FFT_DEALS_4_AND_5)
    sheet = read_sheet(client, tarot4.edit_token)
    assert [row.marks for row in sheet.rows] == [{0: "G", 1: "P1", 2: "P1", 3: "P1"}, {1: "G P1 PAB ChA"}]
    assert [row.cells[1][0] for row in sheet.rows] == [n(-92), n(1746)]
    html = client.get(f"/t/{tarot4.edit_token}/sheet/").content.decode().replace("&#x27;", "'")
    assert ('<span class="visually-hidden">Simple poignée shown by the defence</span> ' + n(-92)) in html
    assert ('<span class="visually-hidden">Chelem announced and made</span> ' + n(1746)) in html
    assert ("By the scores of the side that showed, took or made it (a deal keeps the side, not which player): "
            "P1\xa0Simple poignée, PAB\xa0Petit au bout, ChA\xa0Chelem announced and made." in html)
    html = client.get(f"/t/{tarot4.view_token}/big/").content.decode()
    assert ("Deal 2 ·&nbsp;Taker: S, Garde ·&nbsp;Simple poignée shown by the attack ·&nbsp;Petit au bout to the "
            "attack ·&nbsp;Chelem announced and made</span>") in html


def recent_deals(client, token: str) -> list[list[tuple[str, str]]]:
    """The table page's recent deals, latest first: by each score, (the letters by it, the same said whole)."""
    html = client.get(f"/t/{token}/").content.decode().replace("&#x27;", "'")
    table = html.split('recent-deals', 1)[1].split("</table>", 1)[0]
    rows = []
    for row in table.split("<tbody>", 1)[1].split("</tr>")[:-1]:
        cells = row.split("<td")[1:]
        rows.append([(" ".join(re.findall(r'<b title="[^"]*" aria-hidden="true">([^<]*)</b>', cell)),
                      " / ".join(re.findall(r'<span class="visually-hidden">([^<]*)</span>', cell)))
                     for cell in cells])
    return rows


def test_the_table_pages_recent_deals_carry_the_sheets_marks_said_whole(client, tarot4):
    """A player at the table sees who took, and what was shown and made, without opening the sheet: the same
    letters by the same scores, the words for a screen reader."""
    night(tarot4, FFT_DEALS_4_AND_5)
    latest, first = recent_deals(client, tarot4.view_token)
    assert [letters for letters, _ in first] == ["G", "P1", "P1", "P1"]
    assert [letters for letters, _ in latest] == ["", "G P1 PAB ChA", "", ""]
    assert latest[1][1] == ("Taker: S, Garde / Simple poignée shown by the attack / Petit au bout to the attack / "
                            "Chelem announced and made")
    assert first[2][1] == "Simple poignée shown by the defence"


def test_recent_deals_of_a_game_without_marks_carry_none(client, db):
    table = services.create_table(game="burro", players=["Ana", "Bea", "Carla"])
    night(table, get_game("burro").example_records(services.table_spec(table))[:2])
    assert all(letters == said == "" for row in recent_deals(client, table.view_token) for letters, said in row)


def test_a_void_deal_is_a_row_that_says_void(client, tarot_night):
    rows = read_sheet(client, tarot_night.edit_token).rows
    assert rows[1].void and rows[1].cells == []
    assert not rows[0].void and not rows[2].void


def test_undone_deals_are_left_out_of_the_rows_and_the_totals(client, tarot_night):
    sheet = read_sheet(client, tarot_night.edit_token)
    assert "4" not in [r.number for r in sheet.rows]
    # Had W's garde sans (3 bouts, 60 − 36 = 24 → (25 + 24) × 4 = 196) counted, W would be −30 + 588.
    assert sheet.totals == ["−30", "−174", "+234", "−30"]


def test_the_last_row_is_the_totals_as_the_standings_show_them(client, tarot_night):
    sheet = read_sheet(client, tarot_night.edit_token)
    assert sheet.totals == [cell[1] for cell in sheet.rows[-1].cells]


def test_each_row_links_to_its_deal_page(client, tarot_night):
    token = tarot_night.view_token
    rows = read_sheet(client, token).rows
    assert [r.link for r in rows] == [f"/t/{token}/deal/{k}/" for k in (1, 2, 3)]
    assert client.get(rows[2].link).status_code == 200


def test_the_view_link_and_the_edit_link_both_open_the_sheet(client, tarot_night):
    by_view = read_sheet(client, tarot_night.view_token)
    by_edit = read_sheet(client, tarot_night.edit_token)
    assert by_view.totals == by_edit.totals and len(by_view.rows) == 3


def test_an_unknown_link_has_no_sheet(client, db):
    assert client.get("/t/no-such-table/sheet/").status_code == 404


def test_a_table_without_deals_says_so(client, tarot4):
    html = client.get(f"/t/{tarot4.edit_token}/sheet/").content.decode()
    assert 'id="no-deals"' in html and 'id="sheet"' not in html


def test_the_table_page_links_to_the_sheet_and_the_big_screen(client, tarot4, edit_url, view_url):
    for url, token in ((edit_url, tarot4.edit_token), (view_url, tarot4.view_token)):
        html = client.get(url).content.decode()
        assert f'href="/t/{token}/sheet/"' in html and f'href="/t/{token}/big/"' in html


def test_the_sheet_is_translated(client, tarot_night):
    spanish = client.get(f"/t/{tarot_night.edit_token}/sheet/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'lang="es"' in spanish and 'id="sheet"' in spanish


def test_a_long_night_opens_at_its_latest_deals_and_runs_on_from_the_page_before(client, tarot_night,
                                                                                  monkeypatch):
    monkeypatch.setattr(sheet_view, "PER_PAGE", 2)
    latest = read_sheet(client, tarot_night.edit_token)
    # Page 2 of 2 holds deal 3 alone; its running totals go on from deals 1 and 2 (the page before).
    assert [r.number for r in latest.rows] == ["3"]
    assert latest.rows[0].cells[2] == ("+36", "+234")  # E: 198 + 36
    earlier = read_sheet(client, tarot_night.edit_token, page=1)
    assert [r.number for r in earlier.rows] == ["1", "2"]
    assert earlier.totals == latest.totals  # the totals row is always the table's


# -- a night of each game, worked out by hand -------------------------------------------------------------------

def test_paublillo_a_column_per_team_and_stones_as_malas_then_buenas(client, db):
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Cid", "Dan"],
                                  teams=["A", "B", "A", "B"])
    night(table, [
        {"bets": [{"team": "A", "stake": "envido"}], "tricks": "ABA"},  # Ana deals
        {"bets": [{"team": "B", "stake": 3}, {"team": "A", "stake": "seis"}], "refused": True},  # Bea deals
        {"monja": True, "dealer": "Ana", "tricks": "BB"},  # the dealer corrected: Ana
        {"void": True, "dealer": "Bea"},
        {"tricks": "BAB"},  # Cid deals
    ], undone={"tricks": "AA"})
    sheet = read_sheet(client, table.edit_token)
    assert sheet.sides == ["Ana & Cid", "Bea & Dan"]  # the teams as the game names them
    assert [(r.number, r.dealer, r.void) for r in sheet.rows] == [
        ("1", "Ana", False), ("2", "Bea", False), ("3", "Ana", False), ("4", "Bea", True), ("5", "Cid", False)]
    # 1. envido accepted: A scores 3 → 3 malas.
    # 2. A's seis refused: A scores the stake before the raise, 3 → 3 + 3 = 6 malas, out of the malas.
    # 3. the monja gives the dealer's team A 1 → 7 = 1 buena; B takes both tricks, 1 → 1 mala.
    # 5. B takes two of three tricks, 1 → 2 malas.
    assert [r.cells for r in sheet.rows if not r.void] == [
        [("+3", "3 malas"), ("0", "0")],
        [("+3", "6 malas (fuera de malas)"), ("0", "0")],
        [("+1", "1 buena"), ("+1", "1 mala")],
        [("0", "1 buena"), ("+1", "2 malas")],
    ]
    # The undone deal (A's two tricks, 1) would have made A 2 buenas.
    assert sheet.totals == ["1 buena", "2 malas"]


def test_toruro_chips_won_and_paid_deal_by_deal(client, db):
    table = services.create_table(game="toruro", players=["Ana", "Bea", "Cid", "Dan", "Eva"])
    night(table, [
        {"turned_card": "4O", "went": ["Ana", "Bea", "Cid", "Dan", "Eva"], "tricks": ["Bea", "Cid", "Cid"]},
        {"turned_card": "5B", "payments": [{"lulo": 1, "cabeza": 1, "barriga": 1, "cola": 1}], "went": []},
        {"turned_card": "3C", "payments": [{"lulo": 2, "cola": 3}], "went": ["Eva", "Dan"],
         "tricks": ["Dan", "Eva", "Dan"], "misplays": [{"player": "Eva", "rule": "follow_suit"}]},
        {"void": True},
    ])
    sheet = read_sheet(client, table.edit_token)
    assert [(r.number, r.dealer, r.void) for r in sheet.rows] == [
        ("1", "Ana", False), ("2", "Bea", False), ("3", "Cid", False), ("4", "Dan", True)]
    # 1. Ana antes 1 a pot (−3); Bea wins the cabeza (+1), Cid the barriga and the cola (+2); the lulos owed
    #    (Dan, Eva, Ana) are paid later.
    # 2. Bea antes (−3); Dan pays his lulo, 3 chips (−3); nobody went.
    # 3. Cid antes (−3); Eva pays her lulo, 3, and wins the barriga, 3 (0); Dan the cabeza 3 and the cola 6 (+9).
    assert [r.cells for r in sheet.rows[:3]] == [
        [("−3", "−3"), ("+1", "+1"), ("+2", "+2"), ("0", "0"), ("0", "0")],
        [("0", "−3"), ("−3", "−2"), ("0", "+2"), ("−3", "−3"), ("0", "0")],
        [("0", "−3"), ("0", "−2"), ("−3", "−1"), ("+9", "+6"), ("0", "0")],
    ]
    assert sheet.totals == ["−3", "−2", "−1", "+6", "0"]


def test_tresillo_the_plato_the_middle_and_a_repuesto(client, db):
    table = services.create_table(game="tresillo", players=["Ana", "Bea", "Cid"])
    night(table, [
        {"hombre": "Bea", "bid": "juego",
         "tricks": [{"player": "Bea", "tricks": 5}, {"player": "Cid", "tricks": 2}, {"player": "Ana"}]},
        {"hombre": "Ana", "bid": "vuelta", "tricks": {"Cid": 5, "Ana": 3, "Bea": 1}},
        {"hombre": "Cid", "bid": "juego", "tricks": {"Ana": 4, "Bea": 1, "Cid": 4}},
    ], undone={"void": True})
    sheet = read_sheet(client, table.edit_token)
    assert [(r.number, r.dealer) for r in sheet.rows] == [("1", "Ana"), ("2", "Bea"), ("3", "Cid")]
    # 1. each puts 5 in the middle; Ana, dealing, moves a 5 to the plato and adds 1 (−6); Bea's sacado takes the
    #    plato, 6, and 1 from each opponent: Ana −5 − 1 − 1 = −7, Bea −5 + 6 + 2 = +3, Cid −5 − 1 = −6.
    # 2. Bea deals: a 5 from the middle and 1 of hers (−1); Ana's codillo: 10 to Cid and 10 into the plato, and
    #    the vuelta's bonus 1 to each: Ana −10 − 10 − 2 = −22, Bea −1 + 1 = 0, Cid +10 + 1 = +11.
    # 3. Cid deals and adds 1 (−1); his repuesto goes on the reserved puesta sheet, unpaid.
    assert [r.cells for r in sheet.rows] == [
        [("−7", "−7"), ("+3", "+3"), ("−6", "−6")],
        [("−22", "−29"), ("0", "+3"), ("+11", "+5")],
        [("0", "−29"), ("0", "+3"), ("−1", "+4")],
    ]
    assert sheet.totals == ["−29", "+3", "+4"]


def test_lombre_the_stakes_a_sacado_and_a_repuesto(client, db):
    table = services.create_table(game="ombre", players=["Ana", "Bea", "Cid"])
    night(table, [
        {"hombre": "Bea", "taken_in": 3, "tricks": {"Bea": 5, "Cid": 2}},  # Ana deals
        {"hombre": "Ana", "passed": ["Cid"], "taken_in": 2, "tricks": {"Cid": 3, "Ana": 3, "Bea": 3}},
        {"void": True},  # Cid deals
    ])
    sheet = read_sheet(client, table.edit_token)
    assert [(r.number, r.dealer, r.void) for r in sheet.rows] == [
        ("1", "Ana", False), ("2", "Bea", False), ("3", "Cid", True)]
    # 1. a greater counter (5) each into the stakes; Bea takes in 3 (3 lesser counters): stakes 18; her sacado
    #    takes them and a lesser counter from each: Ana −5 − 1 = −6, Bea −5 − 3 + 18 + 2 = +12, Cid −6.
    # 2. 5 each again; Cid passed (−1), Ana takes in 2 (−2): stakes 18; Ana's repuesto pays 18 in:
    #    Ana −5 − 2 − 18 = −25, Bea −5, Cid −5 − 1 = −6.
    assert [r.cells for r in sheet.rows[:2]] == [
        [("−6", "−6"), ("+12", "+12"), ("−6", "−6")],
        [("−25", "−31"), ("−5", "+7"), ("−6", "−12")],
    ]
    assert sheet.totals == ["−31", "+7", "−12"]


def test_pablo_card_points_and_the_callers_bonus_lowest_wins(client, db):
    table = services.create_table(game="pablo", players=["Ana", "Bea", "Cid"])
    night(table, [
        {"caller": "Ana", "hands": [{"player": "Ana", "cards": ["KD", "2S", "AH"]},
                                    {"player": "Bea", "cards": ["9C", "QH"]}, {"player": "Cid", "points": 12}]},
        {"void": True},
        {"caller": "Ana", "hands": [{"player": "Ana", "points": 4}, {"player": "Bea", "cards": []},
                                    {"player": "Cid", "cards": "5H 6S"}]},
    ], undone={"caller": "Bea", "hands": [{"player": "Ana", "points": 30}, {"player": "Bea", "points": 1},
                                          {"player": "Cid", "points": 30}]})
    sheet = read_sheet(client, table.edit_token)
    assert [(r.number, r.dealer, r.void) for r in sheet.rows] == [
        ("1", "Ana", False), ("2", "Bea", True), ("3", "Cid", False)]
    # 1. Ana K♦ 2♠ A♥ = 0 + 2 + 1 = 3, strictly the fewest for the caller: −5; Bea 9 + 10 = 19; Cid 12.
    # 3. Ana called with 4 but Bea holds nothing: 4 + 10 = 14; Cid 5 + 6 = 11. Totals: −5 + 14 = 9, 19, 23.
    # Pablo shows totals without a plus sign.
    assert sheet.rows[0].cells == [("−5", "−5"), ("+19", "19"), ("+12", "12")]
    assert sheet.rows[2].cells == [("+14", "9"), ("0", "19"), ("+11", "23")]
    assert sheet.totals == ["9", "19", "23"]
    html = client.get(f"/t/{table.edit_token}/sheet/").content.decode()
    best = re.findall(r'<td class="num total [^"]* best">([^<]*)</td>', html)
    assert best == ["9"]  # the lowest total leads in Pablo, and only the leader is marked


def test_pablo_english_a_total_of_exactly_50_is_written_going_back_to_0(client, db):
    """Seed 004: a player reaching exactly 50 goes back to 0. Eli 34, then 34 + 16 = 50: the cell says so, its
    total a plain 0 (a column of totals stays a column of numbers, testers: "0 (50 → 0)" widened Eli's column
    past the phone) and "50 → 0" on a line of its own under it; nobody else's cell has a note."""
    table = services.create_table(game="pablo", players=["Ana", "Ben", "Cai", "Dee", "Eli"],
                                  options={"variant": "english"})
    players = ["Ana", "Ben", "Cai", "Dee", "Eli"]

    def round_(caller: str, *points: int) -> dict:
        return {"caller": caller,
                "hands": [{"player": name, "points": n} for name, n in zip(players, points, strict=True)]}

    night(table, [round_("Ben", 2, 3, 20, 0, 34), round_("Cai", 2, 3, 2, 9, 16)])
    sheet = read_sheet(client, table.edit_token)
    assert sheet.rows[0].cells[4] == ("+34", "34")
    assert sheet.rows[1].cells[4] == ("+16", "0")
    assert sheet.rows[1].notes == {4: "50 → 0"}
    assert sheet.rows[0].notes == {}
    assert sheet.totals[4] == "0"


def test_burro_a_letter_per_hand_lost(client, db):
    table = services.create_table(game="burro", players=["Ana", "Bea", "Cid"])
    night(table, [{"loser": "Bea"}, {"void": True}, {"loser": "Ana"}, {"loser": "Ana"}],
          undone={"loser": "Cid"})
    sheet = read_sheet(client, table.edit_token)
    # The deal passes round: Ana, Bea (a misdeal), Cid, Ana.
    assert [(r.number, r.dealer, r.void) for r in sheet.rows] == [
        ("1", "Ana", False), ("2", "Bea", True), ("3", "Cid", False), ("4", "Ana", False)]
    # Each hand lost is a letter of B-U-R-R-O: Bea B; Ana B, then B-U; Cid none ("—"), his undone letter left out.
    assert sheet.rows[0].cells == [("0", "—"), ("+1", "B"), ("0", "—")]
    assert sheet.rows[3].cells == [("+1", "B-U"), ("0", "B"), ("0", "—")]
    assert sheet.totals == ["B-U", "B", "—"]


def test_casita_deals_won_in_a_match_of_three(client, db):
    table = services.create_table(game="casita", players=["Ana", "Bea"], options={"target": 3})
    night(table, [
        {"captured": [{"player": "Ana", "cards": 22}, {"player": "Bea", "cards": 18}]},
        {"void": True},
        {"captured": [{"player": "Ana", "cards": 15}, {"player": "Bea", "cards": 25}]},
    ])
    sheet = read_sheet(client, table.edit_token)
    assert [(r.number, r.dealer, r.void) for r in sheet.rows] == [
        ("1", "Ana", False), ("2", "Bea", True), ("3", "Ana", False)]
    # 22 + 18 = 40 cards: Ana wins deal 1; the void deal counts for nobody; 15 + 25: Bea wins deal 3. One each.
    assert sheet.rows[0].cells == [("+1", "1"), ("0", "0")]
    assert sheet.rows[2].cells == [("0", "1"), ("+1", "1")]
    assert sheet.totals == ["1", "1"]


# -- the big screen ---------------------------------------------------------------------------------------------

def test_the_big_screen_shows_the_standings_who_deals_next_and_the_last_deal(client, tarot_night):
    html = client.get(f"/t/{tarot_night.view_token}/big/").content.decode()
    names = re.findall(r'<td class="name">(\w+)', html)
    assert names == ["E", "N", "W", "S"]  # +234, −30, −30 (N before W in seating order), −174
    assert re.search(r'<td class="score pos">\+234</td>', html)
    # Deal 4 was undone, so W deals it again; W is also the one who deals next on the standings.
    assert re.search(r"Deals next: <strong>W</strong>", html)
    assert re.search(r'id="big-last"><span class="which">Deal 3 ·&nbsp;Taker: S, Prise</span>', html)
    assert f"S&nbsp;<span class=\"neg\">{MINUS}108</span>" in html


@pytest.mark.parametrize("game", [g.slug for g in all_games()])
def test_the_big_screen_carries_the_games_own_panel_beside_the_standings(client, db, game):
    """Each game's pots, debts or sheet, as the table page shows them beside the standings (its state template),
    after a few deals of its own examples."""
    rules = get_game(game)
    count = rules.usual_players or (4 if 4 in rules.player_counts else min(rules.player_counts))
    table = services.create_table(game=game, players=["Ana", "Bea", "Cid", "Dan", "Eva", "Fer"][:count])
    for record in rules.example_records(services.table_spec(table)):
        services.record_deal(table, record)
    response = client.get(f"/t/{table.view_token}/big/")
    assert response.status_code == 200
    template = presenter_for(game).state_template
    html = response.content.decode()
    assert ('<div class="big-state">' in html) == bool(template)


def test_the_big_screen_polls_like_the_live_region(client, tarot_night):
    token = tarot_night.view_token
    html = client.get(f"/t/{token}/big/").content.decode()
    version = re.search(r'hx-get="/t/[^"]+/big/\?v=(\d+)" hx-trigger="every 2s"', html).group(1)
    assert client.get(f"/t/{token}/big/", {"v": version}, HTTP_HX_REQUEST="true").status_code == 204

    services.record_deal(tarot_night, {"taker": "N", "contract": "garde", "bouts": 2, "points": 49})
    fresh = client.get(f"/t/{token}/big/", {"v": version}, HTTP_HX_REQUEST="true")
    assert fresh.status_code == 200
    body = fresh.content.decode()
    assert body.lstrip().startswith('<section id="board"') and "<html" not in body
    # N's garde made by 8: +198 → N −30 + 198 = +168.
    assert '<td class="score pos">+168</td>' in body


def test_the_share_page_offers_the_big_screen_on_the_view_link(client, tarot4):
    html = client.get(f"/t/{tarot4.edit_token}/share/").content.decode()
    assert f'href="/t/{tarot4.view_token}/big/"' in html


def test_watching_the_sheet_or_the_big_screen_creates_no_session(client, tarot_night):
    for path in ("sheet", "big"):
        response = client.get(f"/t/{tarot_night.view_token}/{path}/")
        assert response.status_code == 200 and "sessionid" not in response.cookies
