"""Toruro through the API: listed, scored with every chip moved and the lulos each deal added or paid (a
two-deal night computed by hand below; the whole list once, in the state after the last), impossible records
refused per field, and play rulings that name the lulo.

Ana, Luis, Pepe, Marta, Juan in the order of play; Ana deals first."""

import csv
import io
import json

import pytest

from scoring import services, transfer

PLAYERS = ["Ana", "Luis", "Pepe", "Marta", "Juan"]
# Deal 1 (first deal: all go). Ana antes 1 chip a pot. Luis takes the cabeza (1), Pepe the barriga and the
# cola (2): Ana −3, Luis +1, Pepe +2. Marta, Juan and Ana took no trick: lulos #1, #2, #3 in order from
# Ana's left, each all the money in the pots this deal, 3 chips.
DEAL1 = {"turned_card": "4O", "went": PLAYERS, "tricks": ["Luis", "Pepe", "Pepe"]}
# Deal 2 (Luis deals): Marta pays lulo #1 one chip a pot; nobody goes, so the pots carry 2 + 2 + 2.
DEAL2 = {"turned_card": "5B", "went": [], "payments": [{"lulo": 1, "cabeza": 1, "barriga": 1, "cola": 1}]}


def score(api, deals):
    return api.post("/api/games/toruro/score", {"players": PLAYERS, "deals": deals})


def test_each_deals_answer_stays_the_same_size_as_the_night_grows(api):
    """Three lulos a deal, none ever paid: each deal's answer says its own three, so the answer grows with the
    night, not with its square (each deal carrying the whole list, 2,000 such deals answered 1.8 GB)."""
    deals = score(api, [DEAL1] * 120).json()["deals"]
    assert [len(deal["extra"]["lulos"]) for deal in (deals[0], deals[-1])] == [3, 3]
    assert len(json.dumps(deals[-1])) < 1.2 * len(json.dumps(deals[0]))


def test_toruro_is_listed_for_five_to_ten(api):
    games = {g["slug"]: g for g in api.get("/api/games").json()}
    assert games["toruro"]["player_counts"] == [5, 6, 7, 8, 9, 10]


def test_a_night_gives_money_moves_and_the_lulos_each_deal_added_or_paid(api):
    body = score(api, [DEAL1, DEAL2]).json()
    one, two = body["deals"]
    assert one["scores"] == {"Ana": -3, "Luis": 1, "Pepe": 2, "Marta": 0, "Juan": 0}
    assert [(m["payer"], m["payee"], m["amount"]) for m in one["money"]] == [
        ("Ana", "pot:cabeza", 1), ("Ana", "pot:barriga", 1), ("Ana", "pot:cola", 1),
        ("pot:cabeza", "Luis", 1), ("pot:barriga", "Pepe", 1), ("pot:cola", "Pepe", 1)]
    assert [(lulo["id"], lulo["player"], lulo["amount"], lulo["status"]) for lulo in one["extra"]["lulos"]] \
        == [(1, "Marta", 3, "open"), (2, "Juan", 3, "open"), (3, "Ana", 3, "open")]

    assert two["scores"] == {"Ana": 0, "Luis": -3, "Pepe": 0, "Marta": -3, "Juan": 0}
    assert [(m["payer"], m["payee"], m["amount"], m["reason"]) for m in two["money"][3:]] == [
        ("Marta", "pot:cabeza", 1, "Lulo #1 into the Cabeza"), ("Marta", "pot:barriga", 1, "Lulo #1 into the Barriga"),
        ("Marta", "pot:cola", 1, "Lulo #1 into the Cola")]
    assert [(lulo["id"], lulo["status"], lulo["paid_deal"]) for lulo in two["extra"]["lulos"]] == [(1, "paid", 2)]
    assert [lulo["status"] for lulo in body["state"]["lulo_list"]] == ["paid", "open", "open"]  # the whole list
    assert two["extra"]["pots"] == {"cabeza": 2, "barriga": 2, "cola": 2}
    # Conserved: the players' nets and the pots add up to nothing.
    assert body["totals"] == {"Ana": -3, "Luis": -2, "Pepe": 2, "Marta": -3, "Juan": 0}
    assert sum(body["totals"].values()) + sum(two["extra"]["pots"].values()) == 0
    assert body["state"]["owed"] == {"Ana": 3, "Luis": 0, "Pepe": 0, "Marta": 0, "Juan": 3}
    assert not body["game_over"]


def test_a_trick_taken_by_someone_who_did_not_go_is_refused(api):
    response = score(api, [DEAL1, {"turned_card": "5B", "went": ["Luis", "Pepe"],
                                   "tricks": ["Luis", "Juan", "Pepe"]}])
    assert response.status_code == 422
    assert "Juan" in response.json()["errors"]["deals.1.tricks"]


def test_a_lulo_paid_out_of_its_debtors_name_is_refused(api):
    response = score(api, [DEAL1, {**DEAL2, "payments": [{**DEAL2["payments"][0], "player": "Juan"}]}])
    assert response.status_code == 422
    assert response.json()["errors"] == {"deals.1.payments": "Lulo #1 is Marta's, not Juan's."}


def test_a_ruling_names_the_rule_and_that_breaking_it_is_a_lulo(api):
    response = api.post("/api/games/toruro/ruling", {"players": PLAYERS, "situation": {
        "turned_card": "3C", "trick_number": 1, "trick": [], "hand": ["1C", "5O", "7C"], "card": "5O"}})
    body = response.json()
    assert response.status_code == 200 and body["legal"] is False
    assert body["legal_cards"] == ["1C"]
    assert body["explanation"].endswith("you must lead it: Ace of copas. 5 of oros breaks “First trick: lead the Ace "
                                        "of trumps”: a lulo.")


def test_the_api_names_the_winner_from_who_led_round_those_who_went_and_keeps_who_played_each_card(api):
    """The page's rule through the API: Luis, Marta and Juan went, Marta led 5C, Juan played 1C, Luis 2O (oros
    trumps): Luis. The older ``players`` (who played each card) still answers; a leader who did not go is a 422
    beside who led."""
    def ask(situation):
        return api.post("/api/games/toruro/ruling", {"players": PLAYERS, "situation": situation})

    trick = {"trump": "O", "trick": ["5C", "1C", "2O"]}
    body = ask({**trick, "went": ["Luis", "Marta", "Juan"], "leader": "Marta"}).json()
    assert body["winner"] == "Luis" and "Luis wins the trick with the highest trump, 2 of oros." in body["explanation"]
    assert ask({**trick, "players": ["Marta", "Juan", "Luis"]}).json()["winner"] == "Luis"
    refused = ask({**trick, "went": ["Luis", "Marta", "Juan"], "leader": "Pepe"})
    assert refused.status_code == 422
    assert refused.json()["errors"] == {"situation.leader": "Pepe did not go: only those who went play."}


@pytest.mark.django_db
def test_once_the_night_is_over_the_api_and_the_spreadsheet_give_the_standings_the_page_shows(api):
    """RULINGS: the night ends when, after a deal, nobody owes anything; the chips then in the pots go back to
    who put them in, and the page shows each player's net with them ("+3 (0, 3 back from the pots)"), ranks
    and names the winner by it, and settles up by it. The API and the spreadsheet said the nets alone (a tester:
    the winner E on 2 while B showed 16). Now both give the standings beside the running totals.

    Deal 1, Ana deals (house rule 3 off): Luis and Pepe go, Luis takes all three tricks: Luis +3, Ana −3, Pepe
    lulo #1 (3 chips). Deal 2, Luis deals (−3): Pepe pays lulo #1 (−3); nobody goes. Nobody owes: the pots
    hold Luis's ante 3 and Pepe's lulo 3. Nets: Ana −3, Luis 0, Pepe −3, Marta 0, Juan 0; standings with the
    pots back: Luis 0 + 3 = 3, Pepe −3 + 3 = 0."""
    deals = [{"turned_card": "4O", "went": ["Luis", "Pepe"], "tricks": ["Luis", "Luis", "Luis"]},
             {"turned_card": "5B", "went": [], "payments": [{"lulo": 1, "cabeza": 3}]}]
    nets = {"Ana": -3, "Luis": 0, "Pepe": -3, "Marta": 0, "Juan": 0}
    standings = {"Ana": -3, "Luis": 3, "Pepe": 0, "Marta": 0, "Juan": 0}
    scored = api.post("/api/games/toruro/score", {"players": PLAYERS, "options": {"first_deal_all_go": False},
                                                  "deals": deals}).json()
    assert (scored["totals"], scored["standings"], scored["winners"]) == (nets, standings, ["Luis"])

    table = services.create_table(game="toruro", players=PLAYERS, options={"first_deal_all_go": False})
    for deal in deals:
        services.record_deal(table, deal)
    shown = api.get(f"/api/tables/{table.view_token}").json()
    assert (shown["totals"], shown["standings"], shown["winners"]) == (nets, standings, ["Luis"])
    rows = list(csv.reader(io.StringIO(transfer.export_csv(table).lstrip("\ufeff"))))
    assert rows[-2][-5:] == ["-3", "0", "-3", "0", "0"]  # deal 2's running totals
    assert rows[-1] == ["Final standing", "", "", "", "", "", "", "-3", "3", "0", "0", "0"]


@pytest.mark.django_db
def test_the_spreadsheet_adds_no_final_standing_while_the_totals_are_the_standings():
    table = services.create_table(game="toruro", players=PLAYERS)
    services.record_deal(table, DEAL1)
    assert "Final standing" not in transfer.export_csv(table)


def test_the_referee_answers_going_and_the_lulo_list_through_the_api(api):
    """Seed 002, house rule 2: "If the trump card is an Ace, everyone must "go"", "lulos must be payed starting
    from the lowest-valued ones" and "did not take any pot ... owes the total amount of money available for this
    round": the API's referee takes the going, lulo and pots questions as the referee page sends them (a player's
    open lulos in the field of their seat), and a question that cannot be is refused per field."""
    going = api.post("/api/games/toruro/ruling", {"players": PLAYERS, "situation": {
        "question": "going", "turned_card": "1B", "stayed_out": ["Juan"]}})
    assert going.status_code == 200, going.json()
    assert going.json()["legal"] is False and going.json()["rule"] == "Ace turned: everyone goes"
    owed = api.post("/api/games/toruro/ruling", {"players": PLAYERS, "situation": {
        "question": "lulos", "dealer": "Ana", "lulos_1": "6", "lulos_3": "3", "payer": "Luis"}})
    assert owed.status_code == 200, owed.json()
    assert owed.json()["legal"] is False and owed.json()["rule"] == "Paying lulos"
    assert owed.json()["explanation"].startswith("Luis may not pay now: their lowest lulo is 6 chips")
    pots = api.post("/api/games/toruro/ruling", {"players": PLAYERS, "situation": {
        "question": "pots", "dealer": "Ana", "paid_by": "Marta", "paid_cola": 3, "cabeza_to": "Luis",
        "barriga_to": "Luis", "cola_to": "Luis", "no_trick": ["Juan"]}})
    assert pots.status_code == 200, pots.json()
    assert pots.json()["explanation"].split("\n")[1:3] == [  # cola 1 + 3 = 4; a lulo 3 + 3 = 6
        "Luis takes the Cabeza (1), the Barriga (1) and the Cola (4): 6 chips.",
        "Juan went and took no trick: a lulo, 6 chips owed."]
    wrong = api.post("/api/games/toruro/ruling", {"players": PLAYERS, "situation": {
        "question": "lulos", "lulos_2": "three", "cabeza": "x"}})
    assert wrong.status_code == 422
    assert wrong.json()["errors"] == {
        "situation.dealer": "Who deals this deal?",
        "situation.lulos_2": "Write the chips of each open lulo, separated by spaces: 3 6.",
        "situation.cabeza": "Enter a whole number."}
    for junk in ([1], {"a": 1}, "5" * 400, -10**30, True):
        for question in ("going", "lulos", "pots"):
            response = api.post("/api/games/toruro/ruling", {"players": PLAYERS, "situation": {
                "question": question, "dealer": junk, "lulos_0": junk, "cola": junk, "turned_card": junk,
                "stayed_out": junk, "first_deal": junk, "payer": junk, "paid_by": junk, "paid_cola": junk,
                "cabeza_to": junk, "no_trick": junk, "broke_rule": junk, "rule": junk}})
            assert response.status_code in (200, 422), (question, junk)
