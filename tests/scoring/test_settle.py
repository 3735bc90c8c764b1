"""Settle up: totals × stake → nets in cents summing to zero, then the fewest transfers, in a stable order."""

import re
from decimal import Decimal
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from referee.game import get_game
from scoring import seating, services
from scoring.models import Table
from scoring.views.settle import parse_stake

from .conftest import PLAYERS4, PLAYERS5, add_deals

pytestmark = pytest.mark.django_db

# Two of the FFT's worked deals, on four friends:
# Carl takes a Garde with a simple poignée and the petit au bout, 2 bouts, 49 → Carl +318, others −106;
# Ana takes a Garde, 2 bouts, 52, the defence showed a simple poignée → Ana +276, others −92.
DEALS = [
    {"taker": "Carl", "contract": "garde", "bouts": 2, "points": 49, "petit_au_bout": "attack",
     "poignees": [{"side": "attack", "size": "simple"}]},
    {"taker": "Ana", "contract": "garde", "bouts": 2, "points": 52,
     "poignees": [{"side": "defence", "size": "simple"}]},
]
TOTALS = {"Ana": 170, "Bea": -198, "Carl": 226, "Dani": -198}


@pytest.fixture
def table():
    table = services.create_table(game="tarot", players=["Ana", "Bea", "Carl", "Dani"], name="Friday",
                                  stake_minor=10, currency="EUR")
    for deal in DEALS:
        services.record_deal(table, deal)
    return table


def test_the_table_totals_are_the_hand_computed_ones(table):
    assert services.standings(table).totals == TOTALS


def test_settle_with_the_tables_stake(client, table):
    response = client.get(reverse("settle", args=[table.edit_token]))

    assert response.status_code == 200
    result = response.context["result"]
    # 10 cents a point: Ana +17.00, Bea −19.80, Carl +22.60, Dani −19.80.
    assert {row["player"]: row["net"] for row in result["rows"]} == {
        "Ana": 1700, "Bea": -1980, "Carl": 2260, "Dani": -1980}
    assert {row["player"]: row["points"] for row in result["rows"]} == {
        "Ana": "+170", "Bea": "−198", "Carl": "+226", "Dani": "−198"}  # the totals, as the page says them
    assert sum(row["net"] for row in result["rows"]) == 0
    # No two players settle among themselves, so three transfers; sorted by payer then payee.
    assert result["transfers"] == [("Bea", "Carl", 1980), ("Dani", "Ana", 1700), ("Dani", "Carl", 280)]
    html = response.content.decode()
    assert '<strong class="text-nowrap">Bea</strong> pays <strong class="text-nowrap">Carl</strong>' in html
    assert "19.80 EUR" in html and "2.80 EUR" in html and "17.00 EUR" in html
    assert "This is the table's stake." in html


def test_the_payments_are_copied_as_plain_lines_with_the_view_link_never_the_edit_link(client, table):
    """For the friends who went home (a tester: no way to share the result): the payments as lines to copy or
    share, ending with this settle-up by the view link at the stake on the page."""
    html = unescape(client.get(reverse("settle", args=[table.edit_token]),
                               {"stake": "0.20", "currency": "EUR"}).content.decode())
    said = re.search(r'data-copy="([^"]*)"', html).group(1)
    # 20 cents a point: Bea −198 → 39.60 to Carl; Dani −198 → 34.00 to Ana (Ana +170) and 5.60 to Carl.
    assert said == ("Friday · Who pays whom\nBea pays Carl 39.60 EUR\nDani pays Ana 34.00 EUR\n"
                    "Dani pays Carl 5.60 EUR\n"
                    f"http://testserver/t/{table.view_token}/settle/?stake=0.20&currency=EUR")
    assert table.edit_token not in said


def test_the_view_link_at_another_stake_says_it_is_not_the_tables(client, table):
    """A watcher's settle-up at a stake typed or sent in its link: the amounts are right for that stake, and the
    page says the table's own (a tester read 191.20 EUR, at twice the table's 0.10, with nothing saying so)."""
    html = client.get(reverse("settle", args=[table.view_token]), {"stake": "0,2", "currency": "EUR"}).content.decode()
    assert "Worked out at 0.20 EUR: the table's own stake is 0.10 EUR." in html
    assert 'id="not-the-table-stake"' not in client.get(reverse("settle", args=[table.view_token])).content.decode()
    Table.objects.filter(pk=table.pk).update(stake_minor=0)
    html = client.get(reverse("settle", args=[table.view_token]), {"stake": "0,2", "currency": "EUR"}).content.decode()
    assert "Worked out at 0.20 EUR: the table has no stake of its own." in html


def test_rounds_of_beer_are_headed_as_what_is_paid_not_money(client, table):
    html = client.get(reverse("settle", args=[table.view_token]), {"stake": "1", "currency": "🍺"}).content.decode()
    assert '<th scope="col" class="text-end">🍺</th>' in html and ">Money</th>" not in html
    assert ">Money</th>" in client.get(reverse("settle", args=[table.view_token])).content.decode()


@pytest.mark.parametrize(("language", "shown"), [("en", "0.10"), ("es", "0,10"), ("fr", "0,10")])
def test_the_tables_stake_is_written_as_the_reader_writes_money(client, table, language, shown):
    html = client.get(reverse("settle", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'name="stake" value="{shown}"' in html


def test_stake_typed_with_a_comma_and_another_currency(client, table):
    response = client.get(reverse("settle", args=[table.view_token]), {"stake": "0,05", "currency": "chf"})

    result = response.context["result"]
    assert result["currency"] == "CHF"
    assert {row["player"]: row["net"] for row in result["rows"]} == {
        "Ana": 850, "Bea": -990, "Carl": 1130, "Dani": -990}
    assert result["transfers"] == [("Bea", "Carl", 990), ("Dani", "Ana", 850), ("Dani", "Carl", 140)]
    assert "9.90 CHF" in response.content.decode()


@pytest.mark.parametrize(("raw", "message"), [
    ("abc", "Enter an amount such as 0.10 or 0,10."),
    ("-1", "The stake cannot be negative."),
    ("0.105", "Use at most two decimals (cents)."),
    ("1000000", "That stake is too large: at most 100,000."),
    ("1e9", "Enter an amount such as 0.10 or 0,10."),
    ("NaN", "Enter an amount such as 0.10 or 0,10."),
    ("1.00.0", "Enter an amount such as 0.10 or 0,10."),
])
def test_a_bad_stake_gets_a_message_beside_the_field(client, table, raw, message):
    response = client.get(reverse("settle", args=[table.view_token]), {"stake": raw, "currency": "EUR"})

    assert response.status_code == 200
    assert response.context["result"] is None
    html = response.content.decode().replace("&#x27;", "'")
    assert f'<div class="invalid-feedback d-block" id="id_stake_error">{message}</div>' in html
    assert "Who pays whom" not in html


def test_bad_currency_gets_a_message(client, table):
    response = client.get(reverse("settle", args=[table.view_token]), {"stake": "0.10", "currency": "<b>"})

    assert response.context["result"] is None
    assert "A short currency name" in response.content.decode()


@pytest.mark.parametrize(("raw", "cents"), [("0.10", 10), ("0,1", 10), ("2", 200), ("€1.50", 150), ("0", 0),
                                              (",5", 50), (".5", 50), ("0,5", 50)])
def test_parse_stake(raw, cents):
    assert parse_stake(raw) == cents


@pytest.mark.parametrize(("raw", "cents"), [
    ("1.000", 1000 * 100),     # Spanish and French group thousands with a point: a thousand pesos, not one
    ("1,000", 1000 * 100),     # English with a comma
    ("1 000", 1000 * 100),     # French with a space
    ("1.000,50", 100050),      # a thousand and fifty cents, Spanish
    ("1,000.50", 100050),      # the same in English
    ("12.500", 12500 * 100),
])
def test_a_stake_in_thousands_is_read_as_people_write_it(raw, cents):
    """Money has at most two decimals, so a point or a comma before three digits groups thousands (a tester's
    1.000 COP was read as 1 peso, and settled 52,00 COP for 52.000)."""
    assert parse_stake(raw) == cents


def test_viewers_can_settle_but_not_save(client, table):
    url = reverse("settle", args=[table.view_token])
    response = client.get(url, {"stake": "0.20", "currency": "EUR"})

    assert response.status_code == 200
    assert response.context["result"]["transfers"]
    assert "Save" not in response.content.decode()
    assert client.post(url, {"stake": "0.20", "currency": "EUR"}).status_code == 403
    table.refresh_from_db()
    assert table.stake_minor == 10


def test_editors_save_the_stake_to_the_table(client, table):
    url = reverse("settle", args=[table.edit_token])
    page = client.get(url, {"stake": "0.20", "currency": "usd"}).content.decode()
    assert "Save 0.20 USD as the table's stake" in page

    response = client.post(url, {"stake": "0,20", "currency": "usd"})

    assert response.status_code == 302
    assert response["Location"].startswith(url + "?")
    table = Table.objects.get(pk=table.pk)
    assert (table.stake_minor, table.currency) == (20, "USD")


def test_saving_a_bad_stake_changes_nothing(client, table):
    response = client.post(reverse("settle", args=[table.edit_token]), {"stake": "lots", "currency": "EUR"})

    assert response.status_code == 400
    assert "Enter an amount such as 0.10 or 0,10." in response.content.decode()
    table.refresh_from_db()
    assert table.stake_minor == 10


def test_htmx_gets_the_partial(client, table):
    response = client.get(reverse("settle", args=[table.view_token]), {"stake": "0.10", "currency": "EUR"},
                          headers={"HX-Request": "true"})

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="settle-body">')
    assert "<html" not in html


def test_a_table_without_deals_owes_nothing(client):
    table = services.create_table(game="tarot", players=["Ana", "Bea", "Carl"], stake_minor=10)

    response = client.get(reverse("settle", args=[table.view_token]))

    assert response.context["result"]["transfers"] == []
    assert "Nobody owes anything." in response.content.decode()


def test_a_table_played_for_nothing_is_not_told_nobody_owes_anything(client, table):
    """At a stake of 0 the balances stand, in points: nobody pays money, which is not "nobody owes anything"."""
    response = client.get(reverse("settle", args=[table.view_token]), {"stake": "0", "currency": "EUR"})

    html = response.content.decode()
    assert response.context["result"]["transfers"] == []
    assert "No stake: nobody pays money." in html and "Nobody owes anything." not in html


def with_example_deals(table: Table, count: int) -> Table:
    """``table`` with its game's first example deals recorded (the deals its API documentation shows)."""
    game = get_game(table.game)
    for record in game.example_records(services.table_spec(table))[:count]:
        services.record_deal(table, record)
    return table


def test_game_specific_choices_come_from_the_games_balances(client):
    table = with_example_deals(services.create_table(game="toruro", players=["Ana", "Bea", "Carl", "Dani", "Eva"],
                                                     stake_minor=50), 1)
    url = reverse("settle", args=[table.view_token])

    page = client.get(url).content.decode()
    assert 'name="include_open_lulos"' in page

    response = client.get(url, {"stake": "0.50", "currency": "EUR", "include_open_lulos": "yes"})
    assert response.status_code == 200
    assert response.context["form"].game_choices() == {"include_open_lulos": True}


def test_a_choice_whose_answers_change_nothing_is_not_asked(client):
    """A Toruro night not begun has no lulo open and no chip in the pots: counting the open lulos or letting
    them off gives the same balances, so settle-up does not ask (a tester); once a deal leaves a lulo open, it
    does."""
    table = services.create_table(game="toruro", players=["Ana", "Bea", "Carl", "Dani", "Eva"], stake_minor=50)
    url = reverse("settle", args=[table.view_token])
    assert 'name="include_open_lulos"' not in client.get(url).content.decode()
    with_example_deals(table, 1)
    assert services.standings(table).state.ledger.open_debts()  # the first deal left a lulo on the list
    assert 'name="include_open_lulos"' in client.get(url).content.decode()


def test_balances_that_do_not_add_up_get_a_message_not_a_500(client, table, monkeypatch):
    game = services.standings(table).game
    monkeypatch.setattr(type(game), "balances", lambda self, spec, state, **choices: {"Ana": 5, "Bea": 0})

    response = client.get(reverse("settle", args=[table.view_token]))

    assert response.status_code == 200
    assert response.context["result"] is None
    assert "do not add up to zero" in response.content.decode()


def test_a_paublillo_game_for_a_round_of_beer_each(client):
    """The losing team pays the stake agreed for the game, one per losing player: at 6 players, each of team B
    owes one round, and team A's three share the three rounds. Beer is counted in whole rounds."""
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Cy", "Dan", "Eva", "Fer"],
                                  stake_minor=100, currency="🍺")
    doce = {"bets": [{"team": "A", "stake": 3}, {"team": "B", "stake": 6}, {"team": "A", "stake": 9},
                     {"team": "B", "stake": 12}], "tricks": "AA"}
    services.record_deal(table, doce)
    response = client.get(reverse("settle", args=[table.view_token]))
    result = response.context["result"]
    assert {row["player"]: row["net"] for row in result["rows"]} == {
        "Ana": 100, "Bea": -100, "Cy": 100, "Dan": -100, "Eva": 100, "Fer": -100}
    assert result["transfers"] == [("Bea", "Ana", 100), ("Dan", "Cy", 100), ("Fer", "Eva", 100)]
    html = response.content.decode()
    assert '<strong class="text-nowrap">Bea</strong> pays <strong class="text-nowrap">Ana</strong>' in html
    assert "1 🍺" in html and "1.00 🍺" not in html


def test_a_currency_is_a_code_a_word_or_a_sign(client, table):
    for typed, kept in (("chf", "CHF"), ("chips", "chips"), ("🍺", "🍺"), ("cañas", "cañas")):
        response = client.get(reverse("settle", args=[table.view_token]), {"stake": "1", "currency": typed})
        assert response.context["result"]["currency"] == kept


def test_tied_winners_share_what_each_loser_pays_rounded_to_the_cent(client, db):
    """Settling by rank: Ana and Bea tie for the fewest points and share what Carl pays. A French Pablo round,
    points typed: Ana 2, Bea 2, Carl 9 and he called (not the fewest: 9 + 10 = 19). Carl pays 19 − 2 = 17 units
    once, 8½ to each; at 0.05 a unit that is 85 cents, 42½ each: the odd cent goes to one of them, and the
    amounts still add up to zero."""
    from scoring import services

    table = services.create_table(game="pablo", players=["Ana", "Bea", "Carl"], stake_minor=5)
    services.record_deal(table, {"caller": "Carl", "hands": [{"player": "Ana", "points": 2},
                                                            {"player": "Bea", "points": 2},
                                                            {"player": "Carl", "points": 9}]})
    response = client.get(reverse("settle", args=[table.edit_token]))
    result = response.context["result"]
    rows = {row["player"]: row for row in result["rows"]}
    assert sorted([rows["Ana"]["net"], rows["Bea"]["net"]]) == [42, 43] and rows["Carl"]["net"] == -85
    assert rows["Ana"]["points"] == "+8½" and rows["Carl"]["points"] == "−17"
    html = response.content.decode()
    assert result["rounded"] and 'id="rounded"' in html
    assert "0.05 EUR per point. A share that does not come to a whole cent is rounded" in html  # the exact line's unit
    assert "A fraction is a shared win: tied winners split what each loser pays." in html


def test_a_share_of_a_stake_is_written_as_the_fraction_it_is_in_every_language(client, db):
    """The same tied Pablo round read in French: 8½ points is "+8½" (a decimal "+8,5" would be read as a rounding,
    and a third "+0,33" is one), as the money beside it is "0,42"."""
    table = services.create_table(game="pablo", players=["Ana", "Bea", "Carl"], stake_minor=5)
    services.record_deal(table, {"caller": "Carl", "hands": [{"player": "Ana", "points": 2},
                                                            {"player": "Bea", "points": 2},
                                                            {"player": "Carl", "points": 9}]})
    response = client.get(reverse("settle", args=[table.view_token]), HTTP_ACCEPT_LANGUAGE="fr")
    assert {row["player"]: row["points"] for row in response.context["result"]["rows"]}["Ana"] == "+8½"


def test_paid_once_per_loser_the_page_says_per_losing_player_not_per_point(client, db):
    """Pablo's "Each loser pays the difference in points: No": each loser pays one stake, so the balances are
    stakes (Carl −1 and Bea −1, Ana +2), and the page says what one stake pays for."""
    table = services.create_table(game="pablo", players=["Ana", "Bea", "Carl"], stake_minor=50)
    services.record_deal(table, {"caller": "Ana", "hands": [{"player": "Ana", "points": 1},
                                                           {"player": "Bea", "points": 7},
                                                           {"player": "Carl", "points": 9}]})
    url = reverse("settle", args=[table.view_token])
    response = client.get(url, {"stake": "0.50", "currency": "EUR", "per_point": "no"})
    result = response.context["result"]
    assert {row["player"]: row["points"] for row in result["rows"]} == {"Ana": "+2", "Bea": "−1", "Carl": "−1"}
    html = response.content.decode()
    assert "per losing player. Amounts are exact" in html and "per point" not in html
    assert ">Stakes won or paid</th>" in html  # what the column counts, as the stake line says what one stake pays
    unreadable = client.get(url, {"stake": "abc", "currency": "EUR", "per_point": "no"}).content.decode()
    assert "Stake per losing player" in unreadable  # the choice is read even when the stake is not
    per_point = client.get(url, {"stake": "0.50", "currency": "EUR", "per_point": "yes"}).content.decode()
    assert "0.50 EUR per point. Amounts are exact: points × stake" in per_point


def test_large_amounts_are_grouped_as_the_reader_writes_them(db):
    """76,000.00 EUR in English; 76 000,00 EUR in French (a no-break space between the groups); 76.000,00 EUR in
    Spanish, as a Colombian or Spanish table writes it (and as the stake box reads it back)."""
    from django.utils import translation

    from scoring.forms import parse_money
    from scoring.templatetags.tapete import money

    assert money(7_600_000, "EUR") == "76,000.00 EUR"
    with translation.override("fr"):
        assert money(7_600_000, "EUR") == "76\u00a0000,00 EUR" and money(1250, "EUR") == "12,50 EUR"
    with translation.override("es"):
        assert money(5_000_000, "EUR") == "50.000,00 EUR" and money(1250, "EUR") == "12,50 EUR"
        assert parse_money(money(5_000_000, "")) == Decimal("50000")


def test_pesos_are_shown_without_centavos_unless_an_amount_has_them(db):
    """Colombian tables pay in whole pesos: 50.000 COP a point, not 50.000,00 COP; half a peso (a stake of
    0,50 COP) keeps its cents, so nothing is rounded in the showing. The stake box says it as it reads it back."""
    from django.utils import translation

    from scoring.templatetags.tapete import money
    from scoring.views.settle import parse_stake

    with translation.override("es"):
        assert money(5_000_000, "COP") == "50.000 COP" and money(-100_000, "COP") == "−1.000 COP"
        assert money(50, "COP") == "0,50 COP"
        assert parse_stake(money(5_000_000, "COP").removesuffix(" COP")) == 5_000_000
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"], stake_minor=5_000_000, currency="COP")
    html = Client().get(reverse("settle", args=[table.view_token]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    box = re.search(r'<input [^>]*id="id_stake"[^>]*>', html).group(0)
    assert 'value="50.000"' in box and parse_stake("50.000") == 5_000_000  # the box reads back what it shows


def money_column(html: str) -> dict[str, str]:
    """Each player's money in the settlement's table, as the page writes it."""
    body = re.search(r'<section id="settle-result".*?</section>', unescape(html), re.S).group(0)
    return dict(re.findall(r'<th scope="row" class="fw-semibold">([^<]+)</th>\s*<td[^>]*>[^<]*</td>\s*'
                           r'<td[^>]*>([^<]+)</td>', body))


def payments(html: str) -> list[str]:
    body = re.search(r'<section id="settle-result".*?</section>', unescape(html), re.S).group(0)
    return re.findall(r'<strong class="text-nowrap fs-5">([^<]+)</strong>', body)


def test_pesos_in_one_settlement_all_have_centavos_if_one_amount_needs_them(client, db):
    """A testers' night in pesos at 0,50 COP a point read "+27 COP" over "−13,50 COP" in one column. Tarot at
    five, Ana's Prise called Cris, 2 bouts, 43 points: (25 + 2) × 1 = 27 from each defender, 81 to the attack,
    Ana 54 and Cris 27. At 0,50 COP: Ana +27,00, Cris +13,50, Bea, Dan and Eva −13,50 each: every amount of the
    settlement with its centavos. At 1 COP a point nobody's amount has centavos, and none is shown."""
    table = services.create_table(game="tarot", players=["Ana", "Bea", "Cris", "Dan", "Eva"], currency="COP")
    services.record_deal(table, {"taker": "Ana", "partner": "Cris", "contract": "prise", "bouts": 2, "points": 43})
    url = reverse("settle", args=[table.view_token])
    halves = client.get(url, {"stake": "0,50", "currency": "COP"}, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert money_column(halves) == {"Ana": "+27,00 COP", "Bea": "−13,50 COP", "Cris": "+13,50 COP",
                                    "Dan": "−13,50 COP", "Eva": "−13,50 COP"}
    assert payments(halves) and all(amount.endswith(",50 COP") or amount.endswith(",00 COP")
                                    for amount in payments(halves))
    whole = client.get(url, {"stake": "1", "currency": "COP"}, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert money_column(whole) == {"Ana": "+54 COP", "Bea": "−27 COP", "Cris": "+27 COP", "Dan": "−27 COP",
                                   "Eva": "−27 COP"}
    assert payments(whole) == ["27 COP", "27 COP", "27 COP"]


def test_a_choice_with_a_message_points_each_button_at_it(client, db):
    """A settle-up choice refused beside its buttons: each says it is wrong and why, to a screen reader."""
    table = with_example_deals(services.create_table(game="pablo", players=["Ana", "Bea", "Carl"], stake_minor=50), 2)
    html = client.get(reverse("settle", args=[table.view_token]),
                      {"stake": "0.50", "currency": "EUR", "per_point": "maybe"}).content.decode()
    buttons = re.findall(r'<input [^>]*name="per_point"[^>]*>', html)
    assert buttons and all('aria-invalid="true" aria-describedby="id_per_point_error"' in b for b in buttons)
    assert 'id="id_per_point_error"' in html



# -- the whole night, when the players changed during it ------------------------------------------------------

def night_of(html: str) -> str:
    return unescape(re.search(r'<section class="mt-4" id="night".*?</section>', html, re.S).group(0))


def night_payments(night: str) -> list[tuple[str, str, str]]:
    return sorted(re.findall(r'<strong class="text-nowrap">([^<]+)</strong> pays <strong class="text-nowrap">([^<]+)'
                             r'</strong></span>\s*<strong class="text-nowrap fs-5">([^<]+)</strong>', night))


def test_the_whole_night_is_settled_at_once_across_the_games_the_players_changed(client, db):
    """A Tarot night played as two games (O joined after three deals), at 0.10 EUR a point. Game 1: N, S, E +66
    each, W −198. Game 2, at five, N takes a Garde alone (2 bouts, 49): N +4 × 66 = +264, each of the four
    others −66. The night, by name: N 66 + 264 = +330 → +33.00; S and E 66 − 66 = 0; W −198 − 66 = −264 →
    −26.40; O −66 → −6.60. Two payments settle it (the games' own pages need 3 + 4)."""
    table = services.create_table(game="tarot", players=PLAYERS4, stake_minor=10, currency="EUR")
    add_deals(table, 3)
    assert seating.change_seats(table, ["N", "S", "E", "W", "O"]) is not None
    add_deals(table, 1)
    night = night_of(client.get(f"/t/{table.view_token}/settle/").content.decode())
    assert night_payments(night) == [("O", "N", "6.60 EUR"), ("W", "N", "26.40 EUR")]
    rows = dict(re.findall(r'<th scope="row" class="fw-semibold">(\w)<span.*?</span></th>\s*<td[^>]*>([^<]+)</td>',
                           night, re.S))
    assert rows == {"N": "+33.00 EUR", "S": "0.00 EUR", "E": "0.00 EUR", "W": "−26.40 EUR", "O": "−6.60 EUR"}
    said = unescape(re.sub(r"<[^>]+>", "", night))
    assert "Game 1\xa0−19.80 EUR ·\xa0This game\xa0−6.60 EUR" in said  # W's two games, by name


def test_the_whole_night_is_counted_at_the_stake_on_the_page_and_says_what_a_game_was_saved_at(client, db):
    """One night, one stake: typed in dollars at the end, every game counts at 0.10 USD (game 1 had been saved
    at 0.10 EUR, and is said so); a game played for honour counts at the stake typed too (a tester's table
    agreed its stake at the end of the night). Game 1 as above (W −198 → −19.80); game 2 N alone +264."""
    table = services.create_table(game="tarot", players=PLAYERS4, stake_minor=10, currency="EUR")
    add_deals(table, 3)
    assert seating.change_seats(table, ["N", "S", "E", "W", "O"]) is not None
    add_deals(table, 1)
    html = client.get(f"/t/{table.view_token}/settle/", {"stake": "0.10", "currency": "USD"}).content.decode()
    night = night_of(html)
    assert night_payments(night) == [("O", "N", "6.60 USD"), ("W", "N", "26.40 USD")]
    assert "Game 1 was saved at 0.10 EUR: the whole night counts it at the stake above." in night

    honour = services.create_table(game="tarot", players=PLAYERS4)
    add_deals(honour, 3)
    assert seating.change_seats(honour, ["N", "S", "E", "W", "O"]) is not None
    add_deals(honour, 1)
    night = night_of(client.get(f"/t/{honour.view_token}/settle/", {"stake": "0.10", "currency": "EUR"})
                     .content.decode())
    assert night_payments(night) == [("O", "N", "6.60 EUR"), ("W", "N", "26.40 EUR")]
    assert "Game 1 was played without a stake: the whole night counts it at the stake above." in night
    assert 'id="night"' not in client.get(f"/t/{honour.view_token}/settle/").content.decode()  # no stake: none


def test_the_whole_night_settles_every_game_with_the_choices_on_the_page(client, db):
    """Tresillo, 0.10 EUR a tanto. Deal 1 (Ana deals): 5 each into the middle, the empty plato takes a 5 from it
    and Ana's tanto; Bea's repuesto pays 6 + 4 = 10 into the plato. Deal 2 (Bea adds her tanto: plato 17): Carl's
    repuesto in the plato writes 21 under him. Nets: Ana −6, Bea −16, Carl −5; on the table 17 + 10 = 27. Dani
    joins (the new game has no deal yet). Not counting the open puesta: 9 each, Ana +3, Bea −7, Carl +4. Counting
    it: Carl pays his 21 in (−26), 48 on the table, 16 each: Ana +10, Bea 0, Carl −10."""
    table = services.create_table(game="tresillo", players=["Ana", "Bea", "Carl"], stake_minor=10, currency="EUR")
    services.record_deal(table, {"hombre": "Bea", "bid": "juego", "tricks": {"Bea": 4, "Carl": 4, "Ana": 1}})
    services.record_deal(table, {"hombre": "Carl", "bid": "juego", "tricks": {"Carl": 4, "Ana": 4, "Bea": 1}})
    assert seating.change_seats(table, ["Ana", "Bea", "Carl", "Dani"]) is not None
    settle = f"/t/{table.view_token}/settle/"
    left_out = night_of(client.get(settle, {"stake": "0.10", "currency": "EUR", "include_open_puestas": "no"})
                        .content.decode())
    assert night_payments(left_out) == [("Bea", "Ana", "0.30 EUR"), ("Bea", "Carl", "0.40 EUR")]
    counted = night_of(client.get(settle, {"stake": "0.10", "currency": "EUR", "include_open_puestas": "yes"})
                       .content.decode())
    assert night_payments(counted) == [("Carl", "Ana", "1.00 EUR")]


def test_a_closed_games_page_sends_to_the_whole_night_rather_than_adding_part_of_it(client, db):
    """Game 2's own page (the night went on to game 3) draws no night of its own: it would leave game 3 out. It
    says the night went on and links the table's settle-up; the table's page, with its htmx part, has it all."""
    table = services.create_table(game="tarot", players=PLAYERS4, stake_minor=10, currency="EUR")
    add_deals(table, 2)
    assert seating.change_seats(table, ["N", "S", "E", "W", "O"]) is not None
    add_deals(table, 1)
    second = seating.change_seats(table, ["N", "S", "E", "W"])
    assert second is not None
    add_deals(table, 1)
    closed = client.get(f"/t/{second.view_token}/settle/").content.decode()
    assert 'id="night"' not in closed and 'id="later-game"' in closed
    assert f'<a class="alert-link tap-link" href="/t/{table.view_token}/settle/">Settle the whole night</a>' in closed
    partial = client.get(f"/t/{table.view_token}/settle/", {"stake": "0.10", "currency": "EUR"},
                         HTTP_HX_REQUEST="true").content.decode()
    assert "<!doctype" not in partial.lower() and 'id="night"' in partial
    assert "Game 1 ·\xa02 deals" in unescape(partial) and "Game 2 ·\xa01 deal" in unescape(partial)


# -- the whole night over rematches and other games of the same night ------------------------------------------

def burro(players: list[str], losers: list[str], **kwargs) -> Table:
    """A Burro table at 1.00 EUR a letter, each hand lost by the next of ``losers``."""
    table = services.create_table(game="burro", players=players, stake_minor=100, currency="EUR", **kwargs)
    for loser in losers:
        services.record_deal(table, {"loser": loser})
    return table


def own_payments(html: str) -> list[tuple[str, str, str]]:
    """The payments of this game alone, above the night: (payer, payee, amount)."""
    return night_payments(unescape(re.search(r'<section id="settle-result".*?</section>', html, re.S).group(0)))


def each_row(night: str) -> dict[str, str]:
    """Each player's whole night, by name, as the night's table shows it."""
    return dict(re.findall(r'<th scope="row" class="fw-semibold">([^<]+)<span.*?</span></th>\s*<td[^>]*>([^<]+)</td>',
                           night, re.S))


def test_a_rematch_is_part_of_the_same_night_and_the_latest_games_settle_up_adds_it_up(client, db):
    """Raj and Jess play Burro at 1.00 EUR a letter, then its rematch. Game 1: Jess loses a hand (B), Raj five
    (B-U-R-R-O): Raj pays Jess 5 − 1 = 4 letters, 4.00. The rematch: Raj loses four hands, Jess five: Jess pays
    Raj 5 − 4 = 1 letter, 1.00. Table by table they paid 4.00 one way and 1.00 back; the night, Raj −4 + 1 = −3
    and Jess +4 − 1 = +3: one payment, Raj pays Jess 3.00."""
    first = burro(["Raj", "Jess"], ["Jess", *["Raj"] * 5])
    rematch = services.rematch(first)
    for loser in ["Raj"] * 4 + ["Jess"] * 5:
        services.record_deal(rematch, {"loser": loser})
    assert own_payments(client.get(f"/t/{first.view_token}/settle/").content.decode()) == [("Raj", "Jess", "4.00 EUR")]

    html = client.get(f"/t/{rematch.view_token}/settle/").content.decode()

    assert own_payments(html) == [("Jess", "Raj", "1.00 EUR")]  # this game's own payments come first
    night = night_of(html)
    assert night_payments(night) == [("Raj", "Jess", "3.00 EUR")]
    assert each_row(night) == {"Jess": "+3.00 EUR", "Raj": "−3.00 EUR"}
    said = unescape(re.sub(r"<[^>]+>", "", night))
    assert "Game 1\xa0+4.00 EUR ·\xa0This game\xa0−1.00 EUR" in said  # Jess's two games, the first first
    assert "Game 1 ·\xa06 deals" in said and "This game ·\xa09 deals" in said
    earlier = re.search(r'id="earlier-games">.*?</div>', html, re.S).group(0)
    assert f'<a class="alert-link" href="/t/{first.view_token}/settle/">Game 1: 6 deals' in earlier


def test_a_rematched_games_settle_up_sends_to_the_latest_game_for_the_whole_night(client, db):
    """The finished game's own page settles it alone and adds no partial night: it says a rematch followed and
    links the rematch's settle-up (by its edit link for who came with the finished game's edit link)."""
    first = burro(["Raj", "Jess"], ["Jess", *["Raj"] * 5])
    rematch = services.rematch(first)
    viewed = client.get(f"/t/{first.view_token}/settle/").content.decode()
    assert 'id="night"' not in viewed and 'id="earlier-games"' not in viewed and 'id="add-game"' not in viewed
    assert "A rematch followed this game, and the night went on" in viewed
    assert f'<a class="alert-link tap-link" href="/t/{rematch.view_token}/settle/">Settle the whole night</a>' in viewed
    edited = client.get(f"/t/{first.edit_token}/settle/").content.decode()
    assert f'<a class="alert-link tap-link" href="/t/{rematch.edit_token}/settle/">Settle the whole night</a>' in edited


def test_the_night_follows_rematches_and_changes_of_players_together_numbered_as_played(client, db):
    """Tarot at 0.10 EUR a point, a plain Garde a deal (the taker +198, each defender −66). Game 1 (N, S, E, W):
    N takes: N +198, S, E, W −66. Its rematch, game 2: N takes, then O joins (game 2 closes). Game 3 at five: N
    takes alone, +264, the four others −66. The night: N 198 + 198 + 264 = +660 → +66.00; S, E and W −66 × 3
    = −198 → −19.80 each; O −66 → −6.60."""
    first = services.create_table(game="tarot", players=PLAYERS4, stake_minor=10, currency="EUR")
    add_deals(first, 1)
    table = services.rematch(first)
    add_deals(table, 1)
    second = seating.change_seats(table, PLAYERS5)
    assert second is not None
    add_deals(table, 1)
    html = client.get(f"/t/{table.view_token}/settle/").content.decode()
    night = night_of(html)
    assert each_row(night) == {"N": "+66.00 EUR", "S": "−19.80 EUR", "E": "−19.80 EUR", "W": "−19.80 EUR",
                               "O": "−6.60 EUR"}
    assert night_payments(night) == [("E", "N", "19.80 EUR"), ("O", "N", "6.60 EUR"), ("S", "N", "19.80 EUR"),
                                     ("W", "N", "19.80 EUR")]
    links = re.findall(r'<a class="alert-link" href="/t/([^/]+)/settle/">Game (\d): (\d+) deals?', html)
    assert links == [(first.view_token, "1", "1"), (second.view_token, "2", "1")]
    assert "Game 2 closed when the players changed (1 deal) →" in client.get(f"/t/{table.view_token}/").content.decode()
    for game in (first, second):  # every earlier game's page sends to the latest one
        page = client.get(f"/t/{game.view_token}/settle/").content.decode()
        assert f'<a class="alert-link tap-link" href="/t/{table.view_token}/settle/">Settle the whole night</a>' in page


def settle_up_queries(client: Client, games: int) -> list[str]:
    """The SQL of the settle-up of the latest of ``games`` Tarot games, each the rematch of the one before."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    table = services.create_table(game="tarot", players=PLAYERS4, stake_minor=10, currency="EUR")
    for _game in range(games - 1):
        add_deals(table, 1)
        table = services.rematch(table)
    add_deals(table, 1)
    with CaptureQueriesContext(connection) as queries:
        assert 'id="night"' in client.get(f"/t/{table.view_token}/settle/").content.decode()
    return [query["sql"] for query in queries.captured_queries]


def test_the_night_is_walked_by_its_links_never_by_searching_every_change_for_a_rematch(client, db):
    """The game a rematch was started from is the rematch's own indexed key (``rematch_of``): no query of the
    settle-up looks inside the changes' details (a search through every table's changes), and each game more
    in the night costs the same few queries (its changes, its standings…), whatever the night's length."""
    three, four = settle_up_queries(client, 3), settle_up_queries(client, 4)
    assert len(four) - len(three) <= 5 and len(three) <= 20, (len(three), len(four))  # 6 and 22 before
    assert not [sql for sql in four if "JSON_EXTRACT" in sql.upper() or '"details" ->' in sql]


# The tester's Spanish night: Paublillo, then Toruro, the same six friends, one settle-up at the end.
SPANISH = ["Ana", "Bea", "Carlos", "Dani", "Elena", "Fran"]
DOCE = {"bets": [{"team": "A", "stake": 3}, {"team": "B", "stake": 6}, {"team": "A", "stake": 9},
                 {"team": "B", "stake": 12}], "tricks": "AA"}
TORURO_NETS = {"total_0": "-1", "total_1": "5", "total_2": "-8", "total_3": "-2", "total_4": "2", "total_5": "4",
               "lulos_0": "3"}


def this_phone(client: Client) -> str:
    """The session key the app knows ``client``'s phone by (``device_key``)."""
    return client.session.session_key


def spanish_night(device: str) -> tuple[Table, Table]:
    """Paublillo at 1.00 EUR per losing player: team A (Ana, Carlos, Elena) wins the doce, each of team B pays one
    stake: Bea −1, Dani −1, Fran −1, and Ana, Carlos, Elena +1. Toruro at 0.50 EUR a chip, its night entered from
    paper (no chip in the pots; Ana's lulo of 3 still open, let off as the settle-up does unless asked): Ana −1,
    Bea +5, Carlos −8, Dani −2, Elena +2, Fran +4 chips."""
    paublillo = services.create_table(game="paublillo", players=SPANISH, stake_minor=100, currency="EUR",
                                      device=device)
    services.record_deal(paublillo, DOCE)
    toruro = services.create_table(game="toruro", players=SPANISH, stake_minor=50, currency="EUR", device=device)
    services.carry_over(toruro, TORURO_NETS)
    return paublillo, toruro


def test_another_game_of_tonight_is_added_and_the_fewest_payments_settle_the_whole_night(client, db):
    """Table by table the night needs 3 + 4 = 7 payments: Paublillo Bea→Ana, Dani→Carlos, Fran→Elena 1.00 each;
    Toruro at 0.50 a chip Ana −0.50, Bea +2.50, Carlos −4.00, Dani −1.00, Elena +1.00, Fran +2.00 (Dani pays
    Elena 1.00, and Ana and Carlos pay Bea and Fran: 4). Added together: Ana +1.00 − 0.50 = +0.50, Bea −1.00 +
    2.50 = +1.50, Carlos +1.00 − 4.00 = −3.00, Dani −1.00 − 1.00 = −2.00, Elena +1.00 + 1.00 = +2.00, Fran
    −1.00 + 2.00 = +1.00, summing to 0. Dani's −2.00 is Elena's +2.00, and Carlos's −3.00 is Ana's +0.50, Bea's
    +1.50 and Fran's +1.00: 6 players in 2 groups that each sum to 0, 6 − 2 = 4 payments (Carlos→Elena 2.00,
    Carlos→Fran 1.00, Dani→Bea 1.50, Dani→Ana 0.50 would be 4 too; the settlement takes the groups it finds
    first). Each game counts at its own stake (a chip and a
    losing player are not the same unit), and every phone's settle-up of either game shows the same night."""
    paublillo, toruro = spanish_night(this_phone(client))
    assert len(payments(client.get(f"/t/{paublillo.view_token}/settle/").content.decode())) == 3
    alone = client.get(f"/t/{toruro.edit_token}/settle/").content.decode()
    assert len(payments(alone)) == 4 and 'id="night"' not in alone
    assert re.search(rf'<input [^>]*name="game" value="{paublillo.pk}"', alone)  # offered to add

    response = client.post(f"/t/{toruro.edit_token}/settle/", {"action": "add", "game": paublillo.pk,
                                                               "stake": "0,50", "currency": "EUR"})

    assert response.status_code == 302 and response["Location"].startswith(f"/t/{toruro.edit_token}/settle/?")
    expected = [("Carlos", "Ana", "0.50 EUR"), ("Carlos", "Bea", "1.50 EUR"), ("Carlos", "Fran", "1.00 EUR"),
                ("Dani", "Elena", "2.00 EUR")]
    rows = {"Ana": "+0.50 EUR", "Bea": "+1.50 EUR", "Carlos": "−3.00 EUR", "Dani": "−2.00 EUR", "Elena": "+2.00 EUR",
            "Fran": "+1.00 EUR"}
    for token in (toruro.view_token, paublillo.view_token):  # another phone, either game's view link
        night = night_of(Client().get(f"/t/{token}/settle/").content.decode())
        assert night_payments(night) == expected and each_row(night) == rows
        assert "Game 1 ·\xa0Paublillo ·\xa01 deal" in night or "This game ·\xa0Paublillo ·\xa01 deal" in night
    html = client.get(f"/t/{toruro.view_token}/settle/").content.decode()
    assert "The whole night: 4 payments settle every game at once ↓" in html  # before this game's own payments
    night = night_of(html)
    assert ("Game 1 (Paublillo) is a different card game: it counts at its own stake, 1.00 EUR per losing "
            "player.") in night
    assert "Game 1\xa0+1.00 EUR ·\xa0This game\xa0−0.50 EUR" in unescape(re.sub(r"<[^>]+>", "", night))  # Ana


def test_a_player_of_one_game_only_has_that_games_balance_in_the_night(client, db):
    """Tarot at 0.10 EUR a point (N, S, E, W): E takes a Garde, 2 bouts, 49: E +198 → +19.80, N, S, W −66 →
    −6.60. Burro at 1.00 EUR a letter (N, S, Zoe): Zoe loses a hand, N five: S, with no letter, wins; N pays 5,
    Zoe 1: S +6.00. The night: E +19.80 (Tarot only); N −6.60 − 5.00 = −11.60; S −6.60 + 6.00 = −0.60;
    W −6.60 (Tarot only); Zoe −1.00 (Burro only): 19.80 − 11.60 − 0.60 − 6.60 − 1.00 = 0."""
    device = this_phone(client)
    tarot = services.create_table(game="tarot", players=PLAYERS4, stake_minor=10, currency="EUR", device=device)
    services.record_deal(tarot, {"taker": "E", "contract": "garde", "bouts": 2, "points": 49})
    game = burro(["N", "S", "Zoe"], ["Zoe", *["N"] * 5], device=device)
    assert client.post(f"/t/{game.edit_token}/settle/", {"action": "add", "game": tarot.pk}).status_code == 302
    night = night_of(client.get(f"/t/{game.view_token}/settle/").content.decode())
    assert each_row(night) == {"N": "−11.60 EUR", "S": "−0.60 EUR", "Zoe": "−1.00 EUR", "E": "+19.80 EUR",
                               "W": "−6.60 EUR"}
    said = unescape(re.sub(r"<[^>]+>", "", night))
    assert "Zoe\xa0" not in said and "This game\xa0−1.00 EUR" in said and "Game 1\xa0+19.80 EUR" in said


def test_a_game_added_to_the_night_can_be_taken_out_again_on_any_phone_of_the_table(client, db):
    """Taken out, each game's settle-up is its own again, on every phone; both histories say when it was added
    and taken out, with the other game's view link (never in a table file)."""
    paublillo, toruro = spanish_night(this_phone(client))
    client.post(f"/t/{toruro.edit_token}/settle/", {"action": "add", "game": paublillo.pk})
    other_phone = Client()
    page = other_phone.get(f"/t/{paublillo.edit_token}/settle/").content.decode()
    assert re.search(rf"""name="game" value="{toruro.pk}">.*?Take it out of tonight(?:&#x27;|')s settle-up""",
                     page, re.S)

    response = other_phone.post(f"/t/{paublillo.edit_token}/settle/", {"action": "take_out", "game": toruro.pk})

    assert response.status_code == 302
    for table in (toruro, paublillo):
        assert 'id="night"' not in client.get(f"/t/{table.view_token}/settle/").content.decode()
    history = client.get(f"/t/{paublillo.view_token}/history/").content.decode()
    assert "Added to tonight's settle-up" in history and "Taken out of tonight's settle-up" in history
    assert f'<a href="/t/{toruro.view_token}/" class="night-link tap-link">Toruro</a>' in history
    again = other_phone.post(f"/t/{paublillo.edit_token}/settle/", {"action": "take_out", "game": toruro.pk})
    assert again.status_code == 302  # the same tap sent twice: nothing more changes
    assert toruro.changes.filter(kind="night").count() == 2
    assert toruro.view_token not in client.get(f"/t/{paublillo.view_token}/export.json").content.decode()


def test_only_a_game_added_by_hand_is_taken_out_not_one_a_rematch_brought(client, db):
    """A game had another added by hand, then was rematched: on the rematch's page the first game is in the night
    by the rematch, so it has no "Take it out" (taking its by-hand links would take out the game added to it,
    a reviewer); the game added by hand has one, and taking it out leaves the rematch's night whole."""
    device = this_phone(client)
    first = burro(["Raj", "Jess"], ["Jess", *["Raj"] * 5], device=device)
    added = burro(["Raj", "Tom"], ["Tom"], device=device)
    assert client.post(f"/t/{first.edit_token}/settle/", {"action": "add", "game": added.pk}).status_code == 302
    rematch = services.rematch(first)
    page = client.get(f"/t/{rematch.edit_token}/settle/").content.decode()
    assert not re.search(rf'name="game" value="{first.pk}"', page)
    assert re.search(rf'name="game" value="{added.pk}"', page)

    client.post(f"/t/{rematch.edit_token}/settle/", {"action": "take_out", "game": first.pk})  # sent by hand
    assert first.night_with.filter(pk=added.pk).exists()  # nothing changed

    client.post(f"/t/{rematch.edit_token}/settle/", {"action": "take_out", "game": added.pk})
    night = night_of(client.get(f"/t/{rematch.view_token}/settle/").content.decode())
    assert "Game 1" in night and "Tom" not in night


def test_a_rematched_game_added_to_the_night_is_taken_out_on_the_page_it_was_added_on(client, db):
    """A tester added a Burro rematch to the Tarot game's night and found no way to take it out there: the game
    and its rematch come and go together, "Take it out" once beside the first of them, on this page."""
    device = this_phone(client)
    first = burro(["Raj", "Jess"], ["Jess", *["Raj"] * 5], device=device)
    rematch = services.rematch(first)
    tarot = services.create_table(game="tarot", players=["Raj", "Jess", "Tom", "Ann"], device=device)
    assert client.post(f"/t/{tarot.edit_token}/settle/", {"action": "add", "game": rematch.pk}).status_code == 302
    page = client.get(f"/t/{tarot.edit_token}/settle/").content.decode()
    assert len(re.findall(r'name="action" value="take_out"', page)) == 1
    assert re.search(rf'name="game" value="{first.pk}">', page)  # beside the first of the two

    client.post(f"/t/{tarot.edit_token}/settle/", {"action": "take_out", "game": first.pk})

    assert 'id="night"' not in client.get(f"/t/{tarot.view_token}/settle/").content.decode()
    assert not tarot.night_with.exists() and services.rematch_started(first) == rematch  # the rematch stays a rematch


def test_a_named_game_of_the_night_also_says_which_game_it_is_in_the_readers_language(client, db):
    """Burro at a table named "Viernes en casa de Ana", added to a Tarot night: the Tarot settle-up lists it by
    its name and its game, as the home page does ("Viernes en casa de Ana · Burro · Partida 1"), and the Burro's
    lists the Tarot by its game in the reader's words ("Tarot francés", "Tarot"); the Share page says the same."""
    device = this_phone(client)
    tarot = services.create_table(game="tarot", players=PLAYERS4, stake_minor=10, currency="EUR", device=device)
    add_deals(tarot, 1)
    friday = burro(["N", "S", "Zoe"], ["Zoe"], name="Viernes en casa de Ana", device=device)
    offered = unescape(client.get(f"/t/{tarot.edit_token}/settle/").content.decode())
    assert "<strong>Viernes en casa de Ana · Burro</strong> ·\xa0N, S, Zoe" in offered  # to add, as the list says
    client.post(f"/t/{tarot.edit_token}/settle/", {"action": "add", "game": friday.pk})

    def listed(token: str, language: str, page: str = "settle") -> str:
        html = client.get(f"/t/{token}/{page}/", headers={"Accept-Language": language}).content.decode()
        return unescape(re.sub(r"<[^>]+>", "", html))

    assert "Viernes en casa de Ana · Burro ·\xa0Partida 2: 1 mano" in listed(tarot.view_token, "es")
    assert "Viernes en casa de Ana · Burro ·\xa0Partie 2\xa0: 1 donne" in listed(tarot.view_token, "fr")
    assert "Tarot ·\xa0Partie 1\xa0: 1 donne" in listed(friday.view_token, "fr")
    assert "Tarot francés ·\xa0Partida 1: 1 mano" in listed(friday.view_token, "es")
    night = night_of(client.get(f"/t/{tarot.view_token}/settle/").content.decode())
    assert "Game 2 ·\xa0Viernes en casa de Ana · Burro ·\xa01 deal" in night
    assert "Viernes en casa de Ana · Burro ·\xa0Game 2: 1 deal" in listed(tarot.edit_token, "en", "share")


def test_a_game_added_to_the_night_is_named_in_the_history_with_its_game_in_the_readers_language(client, db):
    """Each history line says the other game as the night's list does, in the language of whoever reads it, not
    of the phone that added it: "Viernes en casa de Ana · Burro", "Tarot francés", "Tarot". A line logged before
    the name and the kind of game were kept says the title it was logged with."""
    tarot = services.create_table(game="tarot", players=PLAYERS4, device=this_phone(client))
    friday = burro(["N", "S", "Zoe"], ["Zoe"], name="Viernes en casa de Ana", device=this_phone(client))
    client.post(f"/t/{tarot.edit_token}/settle/", {"action": "add", "game": friday.pk})

    def history(table: Table, language: str) -> str:
        html = client.get(f"/t/{table.view_token}/history/", headers={"Accept-Language": language}).content.decode()
        return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)))

    assert "Añadida a las cuentas de la noche: Viernes en casa de Ana · Burro (N, S, Zoe)" in history(tarot, "es")
    assert "Añadida a las cuentas de la noche: Tarot francés (N, S, E, W)" in history(friday, "es")
    assert "Ajout au règlement de la soirée : Tarot (N, S, E, W)" in history(friday, "fr")  # \xa0 read as " "
    friday.changes.filter(kind="night").update(details={"added": True, "game": "French Tarot"})
    assert "Añadida a las cuentas de la noche: French Tarot" in history(friday, "es")


def test_only_this_phones_games_of_tonight_sharing_a_player_are_offered(client, db):
    """Offered: a game this phone started, or whose edit link it opened, in the last 12 hours, with a player of
    the night (whatever the capitals). Not offered: another phone's game, one over 12 hours old, one with none
    of these players, one a rematch followed (its rematch is offered: it brings it along)."""
    from datetime import timedelta

    from django.utils import timezone

    device = this_phone(client)
    table = burro(["Raj", "Jess"], [], device=device)
    mine = burro(["JESS", "Tom"], [], device=device)
    opened = burro(["Raj", "Ann"], [])  # started on another phone, its edit link opened here
    client.get(f"/t/{opened.edit_token}/")
    others = burro(["Raj", "Jess"], [])  # another phone's, never opened here
    strangers = burro(["Kim", "Lee"], [], device=device)
    yesterday = burro(["Raj", "Jess"], [], device=device)
    Table.objects.filter(pk=yesterday.pk).update(updated=timezone.now() - timedelta(hours=13))
    finished = burro(["Raj", "Jess"], [], device=device)
    followed = services.rematch(finished, device=device)
    offered = client.get(f"/t/{table.edit_token}/settle/").context["to_add"]
    assert {game.pk for game in offered} == {mine.pk, opened.pk, followed.pk}
    assert others.pk and strangers.pk  # made, and not offered
    assert client.get(f"/t/{table.view_token}/settle/").context["add_form"] is None  # the view link adds nothing


def test_a_game_that_cannot_be_added_is_refused_beside_the_field(client, db):
    """No game chosen, a game not offered (another phone's, or a key sent by hand), a view link: a message beside
    the choice (400, or 403 for the view link), and nothing is linked."""
    paublillo, toruro = spanish_night(this_phone(client))
    stranger = services.create_table(game="paublillo", players=SPANISH)
    url = f"/t/{toruro.edit_token}/settle/"
    for sent, said in (({}, "Choose the game to add."),
                       ({"game": stranger.pk}, "That game cannot be added: choose one of the games listed."),
                       ({"game": "x"}, "That game cannot be added: choose one of the games listed.")):
        response = client.post(url, {"action": "add", "stake": "0,50", "currency": "EUR", **sent})
        html = response.content.decode()
        assert response.status_code == 400, sent
        assert re.search(r'<div class="invalid-feedback d-block" id="id_game_error">' + re.escape(said), html)
        assert '<details open>' in html and 'value="0,50"' in html  # the stake typed is kept
    assert client.post(f"/t/{toruro.view_token}/settle/", {"action": "add", "game": paublillo.pk}).status_code == 403
    assert not toruro.night_with.exists()


def test_a_game_of_another_kind_without_a_stake_or_in_other_money_is_said_and_left_out(client, db):
    """A chip is not a losing player: another kind of game counts only at its own saved stake. Without one, or
    saved in rounds of beer while the night is paid in euros, it cannot be added to this money: the night says
    so, and adds up the rest (here Toruro alone at 0.50 a chip: its own four payments)."""
    paublillo, toruro = spanish_night(this_phone(client))
    client.post(f"/t/{toruro.edit_token}/settle/", {"action": "add", "game": paublillo.pk})
    Table.objects.filter(pk=paublillo.pk).update(stake_minor=0)
    night = night_of(client.get(f"/t/{toruro.view_token}/settle/").content.decode())
    assert "Game 1 (Paublillo) has no stake saved, so it is not counted: give it one on its own settle-up page." \
        in night
    assert len(night_payments(night)) == 4 and each_row(night)["Carlos"] == "−4.00 EUR"
    Table.objects.filter(pk=paublillo.pk).update(stake_minor=100, currency="🍺")
    night = night_of(client.get(f"/t/{toruro.view_token}/settle/").content.decode())
    assert "Game 1 (Paublillo) is settled in 🍺, so it is not counted here: settle it on its own page." in night


# -- a game not over, what a balance counts, the choices saved with the stake -----------------------------------

def french_burro(losers: list[str]) -> Table:
    """A tester's Burro at 0.50 EUR a letter, each hand lost by the next of ``losers``."""
    table = services.create_table(game="burro", players=["Amélie", "Bruno", "Chloé", "David"], stake_minor=50)
    for loser in losers:
        services.record_deal(table, {"loser": loser})
    return table


def test_a_game_settled_by_rank_and_not_over_says_its_payments_treat_the_leaders_now_as_winners(client, db):
    """Burro is won only at its end (seed 003; RULINGS: the fifth letter ends the game at once). Bruno has a B:
    settled now, he pays a letter shared by the three leaders, 0.50 / 3 = 16⅔ cents each, rounded 17, 17, 16.
    The arithmetic stands (a table may stop early), and the page says whose win it treats as won."""
    html = client.get(f"/t/{french_burro(['Bruno']).view_token}/settle/").content.decode()
    assert own_payments(html) == [("Bruno", "Amélie", "0.17 EUR"), ("Bruno", "Chloé", "0.17 EUR"),
                                  ("Bruno", "David", "0.16 EUR")]
    note = "This game is not over: these payments treat the leaders now as its winners."
    assert html.index(note) < html.index('<ol class="list-group')  # above the payments


def test_a_finished_game_and_a_game_settled_by_points_say_nothing_of_being_over(client, table, db):
    """Bruno's fifth letter ends the game: its winners are won. Tarot settles its points at any moment."""
    over = french_burro(["Bruno"] * 5)
    assert services.standings(over).game_over
    for token in (over.view_token, table.view_token):
        html = client.get(f"/t/{token}/settle/").content.decode()
        assert 'id="not-over"' not in html and "is not over" not in html


def test_a_game_not_started_has_nobody_to_pay_and_no_note(client, db):
    assert 'id="not-over"' not in client.get(f"/t/{french_burro([]).view_token}/settle/").content.decode()


def test_the_whole_night_names_the_games_not_over(client, db):
    """Raj and Jess's Burro is over (Raj B-U-R-R-O); its rematch has one hand (Jess's B): the night counts it
    as it stands and says that game is not over, and not the first."""
    first = burro(["Raj", "Jess"], ["Jess", *["Raj"] * 5])
    rematch = services.rematch(first)
    services.record_deal(rematch, {"loser": "Jess"})
    night = night_of(client.get(f"/t/{rematch.view_token}/settle/").content.decode())
    assert re.findall(r'night-not-over">([^<]+)<', night) == [
        "This game (Burro) is not over: its payments treat the leaders now as its winners."]


def copied(html: str) -> list[str]:
    """What each "Copy the payments" button copies, in the page's order (this game's, then the whole night's)."""
    return [unescape(said) for said in re.findall(r'data-copy="([^"]*)"', html)]


def test_copying_the_payments_of_a_game_not_over_says_so_before_them(client, db):
    """The payments sent to the friends who went home say what the page says above them, so that they are not
    read as a game won: Bruno's one letter, shared by the three leaders, 17 + 17 + 16 cents."""
    table = french_burro(["Bruno"])
    html = client.get(f"/t/{table.view_token}/settle/").content.decode()
    assert copied(html) == ["Burro · Who pays whom\n"
                            "This game is not over: these payments treat the leaders now as its winners.\n"
                            "Bruno pays Amélie 0.17 EUR\nBruno pays Chloé 0.17 EUR\nBruno pays David 0.16 EUR\n"
                            f"http://testserver/t/{table.view_token}/settle/"]


def test_the_copied_note_is_the_sentence_the_page_shows_in_the_readers_language(client, db):
    html = client.get(f"/t/{french_burro(['Bruno']).view_token}/settle/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    shown = unescape(re.search(r'id="not-over">([^<]+)<', html).group(1))
    assert copied(html)[0].split("\n")[1] == shown and "Burro" not in shown


def test_copying_the_whole_nights_payments_names_the_game_not_over_before_them(client, db):
    """As above: Raj's B-U-R-R-O ends game 1 (Raj pays Jess 4 letters, 4.00); in the rematch, not over, Jess has
    a B (Jess pays Raj 1.00). The night: Raj pays Jess 3.00, the rematch said to be not over; the first game,
    over, is not named."""
    first = burro(["Raj", "Jess"], ["Jess", *["Raj"] * 5])
    rematch = services.rematch(first)
    services.record_deal(rematch, {"loser": "Jess"})
    link = f"http://testserver/t/{rematch.view_token}/settle/"
    this_game, night = copied(client.get(f"/t/{rematch.view_token}/settle/").content.decode())
    assert this_game == ("Burro · Who pays whom\n"
                         "This game is not over: these payments treat the leaders now as its winners.\n"
                         f"Jess pays Raj 1.00 EUR\n{link}")
    assert night == ("Burro · The whole night\n"
                     "This game (Burro) is not over: its payments treat the leaders now as its winners.\n"
                     f"Raj pays Jess 3.00 EUR\n{link}")


@pytest.mark.parametrize(("game", "players", "query", "heading"), [
    ("tarot", PLAYERS4, {}, "Points"),
    ("pablo", ["Ana", "Bea", "Carl"], {}, "Points"),
    ("burro", ["Ana", "Bea", "Carl"], {}, "Letters"),
    ("casita", ["Ana", "Bea", "Carl"], {}, "Deals won"),
    ("toruro", ["Ana", "Bea", "Carl", "Dani", "Eva"], {}, "Chips"),
    ("tresillo", ["Ana", "Bea", "Carl"], {}, "Tantos"),
    ("ombre", ["Ana", "Bea", "Carl"], {}, "Lesser counters"),
    ("paublillo", ["A", "B", "C", "D", "E", "F"], {}, "Stakes won or paid"),
])
def test_the_balances_column_is_headed_with_what_it_counts(client, db, game, players, query, heading):
    table = services.create_table(game=game, players=players, stake_minor=50)
    html = client.get(f"/t/{table.view_token}/settle/", {"stake": "0.50", "currency": "EUR", **query})
    assert f'<th scope="col" class="text-end">{heading}</th>' in html.content.decode()
    assert ">Balance</th>" not in html.content.decode()


def test_a_shared_win_is_shown_as_the_fraction_it_is_and_said_to_be_shared(client, db):
    """Bruno's one letter shared by three: each leader +⅓ of a letter (not "+0,33", a rounding), in French too;
    the rounded line names the letter, as the exact line does."""
    html = client.get(f"/t/{french_burro(['Bruno']).view_token}/settle/", HTTP_ACCEPT_LANGUAGE="fr")
    rows = {row["player"]: row["points"] for row in html.context["result"]["rows"]}
    assert rows == {"Amélie": "+⅓", "Bruno": "−1", "Chloé": "+⅓", "David": "+⅓"}
    assert 'id="shared"' in html.content.decode()
    english = client.get(f"/t/{french_burro(['Bruno']).view_token}/settle/").content.decode()
    assert "0.50 EUR per letter. A share that does not come to a whole cent is rounded" in english
    assert "per unit" not in english


def casita_won_by_ana(device: str) -> Table:
    """Casita, first to 2, 0.50 EUR a deal won: Ana wins both deals, Bea ties her for the second (Ana 2, Bea 1,
    Carl 0). Paying the difference: Bea −0.50, Carl −1.00, Ana +1.50; one stake each: Bea −0.50, Carl −0.50."""
    table = services.create_table(game="casita", players=["Ana", "Bea", "Carl"], options={"target": 2},
                                  stake_minor=50, device=device)
    for cards in ((22, 10, 8), (16, 16, 8)):
        services.record_deal(table, {"captured": [{"player": name, "cards": n}
                                                  for name, n in zip(["Ana", "Bea", "Carl"], cards, strict=True)]})
    return table


def test_the_choices_are_saved_with_the_stake_and_said_to_be_the_tables(client, db):
    casita = casita_won_by_ana(this_phone(client))
    url = f"/t/{casita.edit_token}/settle/"
    assert "These are the table's stake and its saved choices" in client.get(url).content.decode()

    response = client.post(url, {"stake": "0.50", "currency": "EUR", "per_point": "no"})

    assert response.status_code == 302
    casita.refresh_from_db()
    assert services.saved_settle_choices(casita) == {"per_point": False}
    assert services.standings(casita).totals == {"Ana": 2, "Bea": 1, "Carl": 0}  # the game's options read as before
    page = client.get(url)
    assert page.context["form"]["per_point"].value() == "no"  # the saved choice, on every phone's page
    assert own_payments(page.content.decode()) == [("Bea", "Ana", "0.50 EUR"), ("Carl", "Ana", "0.50 EUR")]
    assert '<th scope="col" class="text-end">Stakes won or paid</th>' in page.content.decode()
    other = Client().get(f"/t/{casita.view_token}/settle/", {"stake": "0.50", "currency": "EUR", "per_point": "yes"})
    said = unescape(other.content.decode())
    assert "The table's saved choice: No." in said and 'id="not-the-table-choices"' in said


def test_the_whole_night_reads_each_games_saved_choices_whichever_page_adds_it_up(client, db):
    """Casita as above, saved at one stake per losing player (Bea −0.50, Carl −0.50, Ana +1.00). Burro, the
    same three at 1.00 EUR a letter, one hand: Bea's B, shared by Ana and Carl (+½ each: +0.50). The night:
    Ana +1.00 + 0.50 = +1.50, Bea −0.50 − 1.00 = −1.50, Carl −0.50 + 0.50 = 0: Bea pays Ana 1.50, on Burro's
    page as on Casita's. (With Casita's default, the difference in deals won, it would be Ana +2.00, Bea −1.50,
    Carl −0.50: the Burro page once read that, whatever Casita's page had said.)"""
    device = this_phone(client)
    casita = casita_won_by_ana(device)
    game = burro(["Ana", "Bea", "Carl"], ["Bea"], device=device)
    assert client.post(f"/t/{casita.edit_token}/settle/", {"stake": "0.50", "currency": "EUR",
                                                           "per_point": "no"}).status_code == 302
    assert client.post(f"/t/{game.edit_token}/settle/", {"action": "add", "game": casita.pk}).status_code == 302
    rows = {"Ana": "+1.50 EUR", "Bea": "−1.50 EUR", "Carl": "0.00 EUR"}
    for token in (game.view_token, casita.view_token):
        night = night_of(Client().get(f"/t/{token}/settle/").content.decode())
        assert night_payments(night) == [("Bea", "Ana", "1.50 EUR")] and each_row(night) == rows
    night = night_of(client.get(f"/t/{game.view_token}/settle/").content.decode())
    assert "it counts at its own stake, 0.50 EUR per losing player." in night


def test_two_phones_saving_at_once_keep_what_the_other_saved_and_a_table_file_keeps_it(client, db):
    """Saved under the table's lock, the saved choices read again inside it: a phone that read the table before
    another saved keeps the other's choice when it gives none, and replaces it when it gives one. The game's own
    options are not touched, and a table file carries the choices to the table it makes."""
    from scoring import transfer

    casita = casita_won_by_ana("")
    first, second = Table.objects.get(pk=casita.pk), Table.objects.get(pk=casita.pk)  # both read before a save
    services.set_stake(first, 50, "EUR", {"per_point": False})
    services.set_stake(second, 60, "EUR", {})
    casita.refresh_from_db()
    assert (casita.stake_minor, services.saved_settle_choices(casita)) == (60, {"per_point": False})
    services.set_stake(second, 60, "EUR", {"per_point": True})
    casita.refresh_from_db()
    assert services.saved_settle_choices(casita) == {"per_point": True} and casita.options["target"] == 2
    copy = transfer.import_table(transfer.export_json(casita))
    assert services.saved_settle_choices(copy) == {"per_point": True}
    assert services.standings(copy).totals == {"Ana": 2, "Bea": 1, "Carl": 0}
    assert "per_point" not in client.get(f"/api/tables/{casita.view_token}").json()["options"]
