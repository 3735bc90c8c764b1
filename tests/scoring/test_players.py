"""Players across tables (issue 13): a player's history and statistics over the tables of a device, or of an
account: games, wins, deals, the average score per deal per game, and each game's own figures.

The nights are hand-computed. French Tarot, 4 players (RULINGS.md: unit = (25 + margin) × multiplier; each
defender pays the unit, the taker takes 3 units):

- E, Garde, 2 bouts, 49 (target 41, made by 8): (25 + 8) × 2 = 66 → E +198, each other −66;
- E, Prise, 2 bouts, 34 (fails by 7): 25 + 7 = 32 → E −96, each other +32;
- E, Garde sans, 2 bouts, 45 (made by 4): (25 + 4) × 4 = 116 → E +348, each other −116;
- a void deal (misdeal): nobody plays it.

So E took 3 contracts and made 2, and scored 198 − 96 + 348 = +450 over 3 deals: +150.0 a deal; N defended
3 and beat 1, and scored −66 + 32 − 116 = −150 over 3 deals: −50.0 a deal.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from referee.game import get_game
from scoring import services, stats
from scoring.models import Deal, Player, Table

NIGHT = [
    {"taker": "E", "contract": "garde", "bouts": 2, "points": 49},
    {"taker": "E", "contract": "prise", "bouts": 2, "points": 34},
    {"taker": "E", "contract": "garde_sans", "bouts": 2, "points": 45},
    {"void": True},
]


@pytest.fixture
def device_client(db) -> Client:
    """A phone with a session: the device its tables are started from."""
    client = Client()
    session = client.session
    session.save()
    client.cookies["sessionid"] = session.session_key
    return client


def device_of(client: Client) -> str:
    return client.cookies["sessionid"].value


def night(device: str, deals: list[dict[str, Any]] = NIGHT, players: tuple[str, ...] = ("N", "S", "E", "W"),
          game: str = "tarot", **kwargs: Any) -> Table:
    table = services.create_table(game=game, players=list(players), device=device, **kwargs)
    for deal in deals:
        services.record_deal(table, deal)
    return table


def player(name: str, device: str) -> Player:
    return Player.objects.get(name=name, device=device)


def history_of(name: str, device: str) -> stats.History:
    return stats.history(player(name, device), stats.tables_of(device))


def figures(summary: stats.GameSummary) -> dict[str, tuple[int, int | None]]:
    return {s.key: (s.value, s.out_of) for s in summary.statistics}


def page(client: Client, name: str) -> str:
    response = client.get(f"/players/{player(name, device_of(client)).pk}/")
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode())


def shown(html: str, key: str) -> str:
    """What the player page shows for the game's figure ``key``."""
    match = re.search(rf'data-key="{re.escape(key)}"> <th[^>]*>[^<]*</th> <td class="num">([^<]*)</td>', html)
    assert match, f"no figure {key}"
    return match.group(1)


# -- counting ------------------------------------------------------------------------------------------------

def test_the_taker_took_three_contracts_and_made_two(device_client):
    device = device_of(device_client)
    night(device)
    tarot = history_of("E", device).games[0]
    assert figures(tarot)["taken"] == (3, None)
    assert figures(tarot)["made"] == (2, 3)
    assert figures(tarot)["made.garde"] == (1, 1)
    assert figures(tarot)["made.prise"] == (0, 1)
    assert figures(tarot)["made.garde_sans"] == (1, 1)


def test_a_defender_beat_one_contract_of_three(device_client):
    device = device_of(device_client)
    night(device)
    tarot = history_of("N", device).games[0]
    assert figures(tarot)["taken"] == (0, None)
    assert figures(tarot)["beaten"] == (1, 3)


def test_a_void_deal_is_no_deal_played(device_client):
    device = device_of(device_client)
    night(device)
    history = history_of("E", device)
    assert history.deals == 3  # four deals recorded, one of them void


def test_the_average_per_deal_is_the_points_over_the_deals_played(device_client):
    device = device_of(device_client)
    night(device)
    taker, defender = history_of("E", device).games[0], history_of("N", device).games[0]
    assert (taker.points, taker.deals, taker.average) == (450, 3, 150)  # 198 − 96 + 348 = 450; 450 / 3
    assert (defender.points, defender.deals, defender.average) == (-150, 3, -50)  # −66 + 32 − 116 = −150


def test_the_average_is_over_every_table_of_the_game_to_a_tenth(device_client):
    """A second table where W's Prise fails by 7 gives N +32: −150 + 32 = −118 over 3 + 1 deals = −29.5."""
    device = device_of(device_client)
    night(device)
    night(device, [{"taker": "W", "contract": "prise", "bouts": 2, "points": 34}])
    defender = history_of("N", device)
    assert (defender.played, defender.deals) == (2, 4)
    assert str(defender.games[0].average) == "-29.5"
    assert figures(defender.games[0])["beaten"] == (2, 4)  # 1 of 3, then 1 of 1


def test_an_average_is_rounded_half_up_to_a_tenth(device_client):
    """N over two deals of a table: −66 + 32 = −34, and a third, W's failed Prise: +32 → −2 over 3 = −0.666…"""
    device = device_of(device_client)
    night(device, [NIGHT[0], NIGHT[1], {"taker": "W", "contract": "prise", "bouts": 2, "points": 34}])
    defender = history_of("N", device).games[0]
    assert (defender.points, defender.deals, str(defender.average)) == (-2, 3, "-0.7")


def test_games_are_won_lost_or_under_way(device_client):
    """A table of one deal (rounds=1) is over once that deal is scored: E's made Garde leads, so E wins it."""
    device = device_of(device_client)
    night(device, [NIGHT[0]], options={"rounds": 1})
    night(device, [NIGHT[1]])
    taker, defender = history_of("E", device), history_of("N", device)
    assert [s.play.result for s in taker.sittings] == [stats.Result.UNDER_WAY, stats.Result.WON]  # newest first
    assert [s.play.result for s in defender.sittings] == [stats.Result.UNDER_WAY, stats.Result.LOST]
    assert (taker.played, taker.won, defender.won) == (2, 1, 0)
    tarot = taker.games[0]
    assert (tarot.played, tarot.won, tarot.lost, tarot.under_way) == (2, 1, 0, 1)


def test_each_game_keeps_its_own_average(device_client):
    """Ana plays Tarot (E's seat) and Paublillo (team A: Ana & Luis); the units differ, so two averages.
    Paublillo: an envido by A won with two tricks of three → A 3; a deal for 1 won by B → A 0. 3 over 2 = 1.5."""
    device = device_of(device_client)
    night(device, players=("N", "S", "Ana", "W"), deals=[{**NIGHT[0], "taker": "Ana"}])
    night(device, game="paublillo", players=("Ana", "Bea", "Luis", "Eva"),
          deals=[{"bets": [{"team": "A", "stake": "envido"}], "tricks": "ABA"}, {"tricks": "BB"}])
    games = {summary.game.slug: summary for summary in history_of("Ana", device).games}
    assert (games["tarot"].points, games["tarot"].deals, games["tarot"].average) == (198, 1, 198)
    assert (games["paublillo"].points, games["paublillo"].deals, str(games["paublillo"].average)) == (3, 2, "1.5")
    assert figures(games["paublillo"])["bets_won"] == (1, 1)


def test_a_team_game_counts_the_players_team(device_client):
    """Bea is in team B: the deal for 1 that B won scores her +1, the envido A won 0."""
    device = device_of(device_client)
    night(device, game="paublillo", players=("Ana", "Bea", "Luis", "Eva"),
          deals=[{"bets": [{"team": "A", "stake": "envido"}], "tricks": "ABA"}, {"tricks": "BB"}])
    paublillo = history_of("Bea", device).games[0]
    assert (paublillo.points, paublillo.deals) == (1, 2)
    assert figures(paublillo)["bets_lost"] == (1, 1)


def test_a_deal_sat_out_is_not_played_but_what_its_dealer_paid_counts(device_client):
    """Tresillo at four: the dealer sits the deal out. A deals first (and pays 5 into the middle and 1 into the
    plato: −6), then plays the next three deals (+1, 0, +45); the fifth is void. 40 over 3 deals = 13.3."""
    device = device_of(device_client)
    spec = get_game("tresillo").table(["A", "B", "C", "D"])
    night(device, list(get_game("tresillo").example_records(spec)), players=("A", "B", "C", "D"), game="tresillo")
    tresillo = history_of("A", device).games[0]
    assert (tresillo.points, tresillo.deals, str(tresillo.average)) == (40, 3, "13.3")


def test_lulos_committed_come_from_the_game(device_client):
    """Toruro's example night: everyone goes on the first deal, Luis and Pepe take the tricks, so Marta, Juan
    and Ana commit a lulo each; on the third deal Juan breaks a play rule: his second."""
    device = device_of(device_client)
    players = ("Ana", "Luis", "Pepe", "Marta", "Juan")
    deals = [
        {"turned_card": "4O", "went": list(players), "tricks": ["Luis", "Pepe", "Pepe"]},
        {"turned_card": "5B", "payments": [{"lulo": 1, "cabeza": 1, "barriga": 1, "cola": 1}], "went": []},
        {"turned_card": "3C", "payments": [{"lulo": 2, "cola": 3}], "went": ["Juan", "Marta"],
         "tricks": ["Marta", "Juan", "Marta"], "misplays": [{"player": "Juan", "rule": "follow_suit"}]},
    ]
    night(device, deals, players=players, game="toruro")
    assert figures(history_of("Juan", device).games[0])["lulos"] == (2, None)
    assert figures(history_of("Pepe", device).games[0])["lulos"] == (0, None)


POTS_BACK = ("Ana", "Beto", "Carla", "Dani", "Eva")
# Toruro, 5 players, Ana deals first (found by a tester): everyone goes on the first deal and Beto, Carla and Dani
# take the tricks (a chip each, the dealer's ante), Eva and Ana owe lulos of 3; Eva pays hers into the cabeza and
# nobody goes; Ana pays hers into the cola and nobody goes: nobody owes, the night is over with 12 chips in the
# pots, and they go back to who put them there (Beto and Carla their antes, Eva and Ana their lulos, 3 each).
POTS_BACK_NIGHT = [
    {"turned_card": "4O", "went": list(POTS_BACK), "tricks": ["Beto", "Carla", "Dani"]},
    {"turned_card": "5B", "payments": [{"lulo": 1, "cabeza": 3}], "went": []},
    {"turned_card": "5B", "payments": [{"lulo": 2, "cola": 3}], "went": []},
]


def test_the_average_counts_the_chips_the_pots_give_back_when_the_game_ends(device_client):
    """Carla: +1 (a trick), 0, −3 (her ante on deal 3) = −2 over her deals, and 3 back from the pots: +1, as
    her table's line says ("+1 (−2, 3 back from the pots)"), not −2. Over 3 deals: +0.3."""
    device = device_of(device_client)
    night(device, POTS_BACK_NIGHT, players=POTS_BACK, game="toruro")
    carla = history_of("Carla", device)
    assert str(carla.sittings[0].play.total) == "+1 (−2, 3 back from the pots)"
    assert (carla.sittings[0].play.points, carla.games[0].points, carla.games[0].deals) == (1, 1, 3)
    assert str(carla.games[0].average) == "0.3"
    dani = history_of("Dani", device).games[0]  # put nothing in the pots: +1, nothing back
    assert (dani.points, dani.deals) == (1, 3)
    html = page(device_client, "Carla")
    assert "+0.3" in html and "+1 over 3 deals" in html


def test_what_a_game_carried_from_paper_started_with_is_not_in_the_average(device_client):
    """A second Toruro night carried from paper with Carla at +5 and Ana at −5, owing a lulo of 3; Carla deals
    (her ante: −3), Ana pays her lulo into the cola and nobody goes: the night is over and the pots give back
    Carla's 3 and Ana's 3. Carla's line says +5, all of it from paper: her one deal here counts −3 + 3 = 0.
    With the first night (+1 over 3 deals): +1 over 4 deals = 0.25, half up +0.3 (before the pots were
    counted: −2 − 3 = −5 over 4, −1.3)."""
    device = device_of(device_client)
    night(device, POTS_BACK_NIGHT, players=POTS_BACK, game="toruro")
    table = services.create_table(game="toruro", players=list(POTS_BACK), device=device, first_dealer=2)
    services.carry_over(table, {"total_2": "5", "total_0": "-5", "lulos_0": "3"})
    services.record_deal(table, {"turned_card": "5B", "payments": [{"lulo": 1, "cola": 3}], "went": []})
    carla = history_of("Carla", device)
    assert str(carla.sittings[0].play.total) == "+5 (+2, 3 back from the pots)"
    assert carla.sittings[0].play.points == 0
    toruro = carla.games[0]
    assert (toruro.points, toruro.deals, str(toruro.average)) == (1, 4, "0.3")


def test_an_undone_deal_does_not_count(device_client):
    device = device_of(device_client)
    table = night(device)
    services.undo_last(table)  # the void deal
    services.undo_last(table)  # E's Garde sans
    tarot = history_of("E", device).games[0]
    assert figures(tarot)["made"] == (1, 2)
    assert (tarot.points, tarot.deals) == (102, 2)  # 198 − 96


def test_a_new_deal_shows_on_the_page_at_once(device_client):
    """The replay is cached under the table's version: a deal recorded since is counted."""
    device = device_of(device_client)
    table = night(device, NIGHT[:1])
    assert shown(page(device_client, "E"), "taken") == "1"
    services.record_deal(table, NIGHT[1])
    assert shown(page(device_client, "E"), "taken") == "2"


def test_a_deal_its_rules_cannot_read_stops_the_figures_before_it(device_client):
    device = device_of(device_client)
    table = night(device)
    Deal.objects.filter(table=table, number=2).update(record={"taker": "Nobody", "contract": "garde"})
    history = history_of("E", device)
    assert history.deals == 1 and history.sittings[0].play.unreadable == 2
    assert "Deal 2 cannot be read" in page(device_client, "E")


# -- the pages -----------------------------------------------------------------------------------------------

def test_the_home_page_links_to_the_players(client, db):
    assert 'href="/players/"' in client.get("/").content.decode()


def test_the_players_page_lists_this_devices_players_each_linking_to_their_page(device_client):
    device = device_of(device_client)
    night(device)
    night(device, [], players=("N", "S", "Eve"))
    html = device_client.get("/players/").content.decode()
    names = re.findall(r'<strong class="text-break">([^<]*)</strong>', html)
    assert names == ["E", "Eve", "N", "S", "W"]
    assert f'href="/players/{player("N", device).pk}/"' in html
    assert "2 tables" in html  # N sat at both


def test_a_player_who_played_under_a_minute_ago_played_just_now_not_0_minutes_ago(device_client):
    """As on the home page's recent tables: "just now", not "0 minutes ago"; an hour on, "1 hour ago"."""
    night(device_of(device_client))
    html = device_client.get("/players/").content.decode()
    assert "just now" in html and "0\xa0minutes" not in html
    Table.objects.update(updated=timezone.now() - timedelta(hours=1))
    html = device_client.get("/players/").content.decode()
    assert "1\xa0hour ago" in html and "just now" not in html


def test_the_player_page_shows_the_figures_with_their_arithmetic(device_client):
    night(device_of(device_client))
    html = page(device_client, "E")
    assert 'id="games-played">1<' in html and 'id="games-won">0<' in html and 'id="deals-played">3<' in html
    assert shown(html, "taken") == "3"
    assert shown(html, "made") == "2 of 3"
    assert shown(html, "made.prise") == "0 of 1"
    assert "+150.0" in html and "+450 over 3 deals" in html
    assert "−50.0" in page(device_client, "N") and "−150 over 3 deals" in page(device_client, "N")


def test_a_figure_out_of_nothing_is_not_shown(device_client):
    """E took every contract, so defended none: "beaten in defence 0 of 0" says nothing."""
    night(device_of(device_client))
    html = page(device_client, "E")
    assert 'data-key="beaten"' not in html and 'data-key="made.garde_contre"' not in html


def test_the_player_page_lists_their_tables_with_the_final_total_and_result(device_client):
    device = device_of(device_client)
    table = night(device, [NIGHT[0]], options={"rounds": 1}, name="Friday")
    html = page(device_client, "E")
    assert f'href="/t/{table.edit_token}/"' in html
    assert "Friday" in html and "+198" in html and ">won<" in html
    assert ">lost<" in page(device_client, "N")


def test_the_average_is_written_the_readers_way(device_client):
    """A decimal comma in French and Spanish, a point in English; the sign is a real minus."""
    night(device_of(device_client), [NIGHT[0], NIGHT[1], {"taker": "W", "contract": "prise", "bouts": 2,
                                                          "points": 34}])
    assert "−0.7" in page(device_client, "N")
    device_client.cookies["django_language"] = "fr"
    assert "−0,7" in page(device_client, "N")


def test_a_device_sees_only_its_own_players(device_client, db):
    night(device_of(device_client))
    other = Client()
    other_session = other.session
    other_session.save()
    other.cookies["sessionid"] = other_session.session_key
    night(other_session.session_key, players=("Ana", "Bea", "Cy", "Dan"),
          deals=[{**NIGHT[0], "taker": "Cy"}])
    html = device_client.get("/players/").content.decode()
    assert ">N<" in html and ">Ana<" not in html
    theirs = Player.objects.get(name="Ana")
    assert device_client.get(f"/players/{theirs.pk}/").status_code == 404
    assert other.get(f"/players/{theirs.pk}/").status_code == 200


def test_a_phone_without_a_session_sees_nobody_and_gets_no_session(device_client):
    """Looking at the players pages stores nothing about a visitor: no session is made."""
    night(device_of(device_client))
    sessions = Session.objects.count()
    visitor = Client()
    response = visitor.get("/players/")
    assert response.status_code == 200 and 'id="no-players"' in response.content.decode()
    assert visitor.get(f"/players/{player('N', device_of(device_client)).pk}/").status_code == 404
    assert "sessionid" not in visitor.cookies
    assert Session.objects.count() == sessions


def test_viewing_the_players_changes_nothing(device_client):
    table = night(device_of(device_client))
    version, sessions = table.version, Session.objects.count()
    assert device_client.get("/players/").status_code == 200
    page(device_client, "E")
    assert Table.objects.get(pk=table.pk).version == version and Session.objects.count() == sessions


def test_an_accounts_players_are_those_of_its_tables(django_user_model, db):
    """Signed in, the scope is the account's tables, whichever phone started them."""
    user = django_user_model.objects.create_user("ana", password="pw")
    client = Client()
    client.force_login(user)
    services.create_table(game="tarot", players=["N", "S", "E", "W"], device="another-phone", user=user)
    night("a-phone-signed-out", players=("Ana", "Bea", "E", "Dan"))
    html = client.get("/players/").content.decode()
    assert ">N<" in html and ">Ana<" not in html


def test_an_unknown_player_is_404(device_client):
    assert device_client.get("/players/999999/").status_code == 404
    assert device_client.get("/players/nope/").status_code == 404
    assert device_client.post("/players/").status_code == 405


def test_a_player_number_too_large_for_the_database_is_404(device_client):
    assert device_client.get("/players/99999999999999999999999999/").status_code == 404
