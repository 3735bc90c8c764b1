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

from .conftest import PLAYERS4, add_deals

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
    assert rows["Ana"]["points"] == "+8.5" and rows["Carl"]["points"] == "−17"
    assert result["rounded"] and 'id="rounded"' in response.content.decode()


def test_a_share_of_a_stake_is_written_with_the_readers_decimal_comma(client, db):
    """The same tied Pablo round read in French: 8½ units is "+8,5", as the money beside it is "0,42"."""
    table = services.create_table(game="pablo", players=["Ana", "Bea", "Carl"], stake_minor=5)
    services.record_deal(table, {"caller": "Carl", "hands": [{"player": "Ana", "points": 2},
                                                            {"player": "Bea", "points": 2},
                                                            {"player": "Carl", "points": 9}]})
    response = client.get(reverse("settle", args=[table.view_token]), HTTP_ACCEPT_LANGUAGE="fr")
    assert {row["player"]: row["points"] for row in response.context["result"]["rows"]}["Ana"] == "+8,5"


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
    assert ">Balance</th>" in html
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
    assert f'<a href="/t/{table.view_token}/settle/">Settle the whole night</a>' in closed
    partial = client.get(f"/t/{table.view_token}/settle/", {"stake": "0.10", "currency": "EUR"},
                         HTTP_HX_REQUEST="true").content.decode()
    assert "<!doctype" not in partial.lower() and 'id="night"' in partial
    assert "Game 1 ·\xa02 deals" in unescape(partial) and "Game 2 ·\xa01 deal" in unescape(partial)
