"""PUT /api/tables/{token}/stake: the table's stake and its game's settle-up choices, saved with the edit token as
the settle-up page saves them, and read back in the table's JSON (`settle_choices`: each choice the game offers,
its default where none is saved). A key the game does not offer, or a value of another kind, is refused beside it
and nothing is saved; the view token only reads."""

import pytest
from django.test import Client

from scoring.models import Table

pytestmark = pytest.mark.django_db

BURRO = {"game": "burro", "players": ["Ana", "Bea", "Carl"], "stake_minor": 50, "currency": "EUR"}


@pytest.fixture
def burro(api):
    response = api.post("/api/tables", BURRO)
    assert response.status_code == 201, response.content
    return response.json()


def read(api, token):
    response = api.get(f"/api/tables/{token}")
    assert response.status_code == 200, response.content
    return response.json()


def save(api, token, **body):
    return api.put(f"/api/tables/{token}/stake", body)


def test_a_new_table_reads_each_settle_up_choice_of_its_game_at_its_default(api, burro):
    """Burro offers one choice, "Pay for every letter", yes by default; Tarot settles its points with none."""
    assert read(api, burro["view_token"])["settle_choices"] == {"per_point": True}
    tarot = api.post("/api/tables", {"game": "tarot", "players": ["N", "S", "E", "W"]}).json()
    assert read(api, tarot["view_token"])["settle_choices"] == {}


def test_the_stake_and_choices_saved_are_read_back_and_settle_every_phone_alike(api, burro):
    """Bea lost two hands (B-U), Ana and Carl none. At 1.00 EUR, one stake for the lost game (not one per
    letter): Bea pays 1.00, shared by the tied winners, 0.50 each (per letter it would be 1.00 each)."""
    for _hand in range(2):
        assert api.post(f"/api/tables/{burro['edit_token']}/deals", {"record": {"loser": "Bea"}}).status_code == 201
    response = save(api, burro["edit_token"], stake_minor=100, currency="eur", settle_choices={"per_point": False})

    assert response.status_code == 200, response.content
    assert response.json() == {"stake_minor": 100, "currency": "EUR", "settle_choices": {"per_point": False},
                               "version": read(api, burro["view_token"])["version"]}
    table = read(api, burro["view_token"])
    assert (table["stake_minor"], table["currency"], table["settle_choices"]) == (100, "EUR", {"per_point": False})
    page = Client().get(f"/t/{burro['view_token']}/settle/")
    assert page.context["form"]["per_point"].value() == "no"  # the settle-up page starts from the saved choice
    assert page.context["result"]["transfers"] == [("Bea", "Ana", 50), ("Bea", "Carl", 50)]


def test_a_choice_not_sent_stays_as_saved(api, burro):
    assert save(api, burro["edit_token"], stake_minor=50, currency="EUR",
                settle_choices={"per_point": False}).status_code == 200
    assert save(api, burro["edit_token"], stake_minor=20, currency="EUR").status_code == 200
    table = read(api, burro["view_token"])
    assert (table["stake_minor"], table["settle_choices"]) == (20, {"per_point": False})


@pytest.mark.parametrize(("choices", "errors"), [
    ({"per_letter": False}, {"settle_choices.per_letter": "Burro has no settle-up choice by this name: see its "
                                                          "settle_options in GET /api/games/burro."}),
    ({"per_point": "no"}, {"settle_choices.per_point": "Must be true or false."}),
    ({"per_point": 0}, {"settle_choices.per_point": "Must be true or false."}),
])
def test_a_choice_the_game_does_not_offer_or_of_another_kind_is_refused_beside_it_and_nothing_is_saved(
        api, burro, choices, errors):
    response = save(api, burro["edit_token"], stake_minor=100, currency="EUR", settle_choices=choices)

    assert response.status_code == 422
    assert response.json()["errors"] == errors and response.json()["detail"]
    table = read(api, burro["view_token"])
    assert (table["stake_minor"], table["settle_choices"]) == (50, {"per_point": True})


def test_a_currency_that_cannot_be_one_is_refused_with_the_choices_and_nothing_is_saved(api, burro):
    response = save(api, burro["edit_token"], stake_minor=100, currency="<b>", settle_choices={"per_point": "no"})
    assert response.status_code == 422
    assert set(response.json()["errors"]) == {"currency", "settle_choices.per_point"}
    assert read(api, burro["view_token"])["stake_minor"] == 50


def test_a_stake_that_is_not_a_whole_number_of_cents_is_refused(api, burro):
    response = save(api, burro["edit_token"], stake_minor="0.50", currency="EUR")
    assert response.status_code == 422 and list(response.json()["errors"]) == ["stake_minor"]


def test_the_view_token_cannot_save_the_stake(api, burro):
    response = save(api, burro["view_token"], stake_minor=100, currency="EUR", settle_choices={"per_point": False})

    assert response.status_code == 403
    assert response.json()["detail"] == "This is the view link: it cannot change the table."
    table = Table.objects.get(view_token=burro["view_token"])
    assert (table.stake_minor, table.settle_choices) == (50, {})


def test_a_saved_value_of_another_kind_reads_as_the_games_default(api, burro):
    """A table file may say anything: the settle-up does not read a value of another kind, nor does the API."""
    Table.objects.filter(view_token=burro["view_token"]).update(settle_choices={"per_point": "no", "old": 1})
    assert read(api, burro["view_token"])["settle_choices"] == {"per_point": True}
