"""Recording a deal: the generic form built from the game's fields, errors beside the field with the entries
kept, a clear conflict when another phone was first, htmx partials, and view links refused."""

import re

from scoring import services
from scoring.forms import RecordForm, parse_decimal
from scoring.models import Deal

from .conftest import plain_deal
from .test_home import field_error


def post(client, table, number=None, htmx=False, **data):
    body = {"taker": "E", "contract": "garde", "bouts": "2", "points": "49", "points_side": "attack",
            "petit_au_bout": "none", "chelem": "none", **data}
    if number is not None:
        body["deal_number"] = str(number)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(f"/t/{table.edit_token}/deal/", {k: v for k, v in body.items() if v is not None},
                       **headers)


def test_a_plain_deal_is_saved_and_the_page_comes_back_with_a_message(client, tarot4):
    response = post(client, tarot4, number=1)

    assert response.status_code == 302 and response["Location"] == f"/t/{tarot4.edit_token}/"
    deal = Deal.objects.get()
    # Stored as the rules read it: the seat with its name, the points as the sheet writes them.
    assert deal.record == {"taker": {"seat": 2, "name": "E"}, "contract": "garde", "partner": None,
                           "called_card": None, "bouts": 2, "points": "49", "points_side": "attack", "poignees": [],
                           "petit_au_bout": "none", "chelem": "none", "misere": [], "void": False}
    html = client.get(response["Location"]).content.decode()
    assert "Deal 1 saved." in html and "+198" in html


def test_points_typed_with_a_comma_and_a_half_at_five_players(client, tarot5):
    post(client, tarot5, points="40,5", partner="N")
    assert Deal.objects.get().record["points"] in ("40.5", "40,5")


def test_with_htmx_the_table_body_comes_back_fresh_with_an_empty_form(client, tarot4):
    response = post(client, tarot4, number=1, htmx=True)

    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert html.lstrip().startswith('<div id="table-body">')
    assert "Deal 1 saved." in html and "+198" in html and "Record deal 2" in html
    assert not re.search(r'name="taker" value="E"[^>]*checked', html)


def test_a_mistake_is_shown_beside_its_field_and_everything_typed_is_kept(client, tarot4):
    response = post(client, tarot4, number=1, points="4")

    html = response.content.decode()
    assert response.status_code == 200
    assert "at least 13 points" in field_error(html, "points")
    assert 'name="points" value="4"' in html
    assert re.search(r'name="taker" value="E"[^>]*checked', html)
    assert re.search(r'name="contract" value="garde"[^>]*checked', html)
    assert not Deal.objects.exists()


def test_a_refused_save_brings_the_script_that_unmarks_a_field_once_changed_and_a_fresh_form_does_not(
        client, tarot4):
    """A field's message goes once the player changes that field, and the summary of the fields marked with the
    last of them (static/app/errors.js, which finds it by its id; a tester: "Qui a la carte appelée ?" stayed red
    after the partner was picked). The script comes with the messages only: the table's first load, whose form
    has none, does not carry it (tests/browser/test_tarot.py sees it work)."""
    fresh = client.get(f"/t/{tarot4.edit_token}/").content.decode()
    refused = post(client, tarot4, number=1, htmx=True, points="4").content.decode()

    script = '<script src="/static/app/errors.min.js" defer></script>'
    assert script not in fresh and 'id="fields-marked"' not in fresh
    assert 'class="mb-3 field field-points has-error"' in refused and "at least 13 points" in refused
    assert refused.count(script) == 1
    summary = re.search(r'<div class="alert alert-danger py-2 form-errors" role="alert" id="fields-marked">([^<]*)<',
                        refused)
    assert summary and summary.group(1).startswith("Please check the fields marked below.")


def test_a_message_said_beside_a_field_holds_whatever_the_field_left_empty_holds(client, tarot4):
    """S takes with 2 bouts and 10 points, the contract left empty: "Pick the contract" beside it, and nothing
    beside the points, though a prise or a garde needs 13: a garde contre takes 10 (the chien goes to the
    defence), and that very deal is recorded (found by a reviewer: "at least 13 points, not 10" was said, from a
    prise and a garde alone). What holds whatever the contract is said: the attack that took the Petit in the last
    trick holds at least one bout."""
    html = post(client, tarot4, number=1, taker="S", contract=None, bouts="2", points="10").content.decode()
    assert "Pick the contract" in field_error(html, "contract")
    assert field_error(html, "points") == ""

    html = post(client, tarot4, number=1, taker="S", contract=None, bouts="0", points="40",
                petit_au_bout="attack").content.decode()
    assert "Pick the contract" in field_error(html, "contract")
    assert "The attack took the Petit in the last trick, so it holds at least one bout" in field_error(
        html, "petit_au_bout")
    assert not Deal.objects.exists()

    assert post(client, tarot4, number=1, taker="S", contract="garde_contre", bouts="2", points="10").status_code == 302


def test_a_mistake_with_htmx_comes_back_in_the_partial(client, tarot4):
    response = post(client, tarot4, number=1, htmx=True, points="lots")
    html = response.content.decode()
    assert "<html" not in html and "Enter a number" in field_error(html, "points")
    assert response["HX-Reswap"].endswith("show:#record:top")


def test_missing_choices_are_asked_for_beside_each_field(client, tarot4):
    response = post(client, tarot4, taker=None, bouts=None)
    html = response.content.decode()
    # in the rules' own words where they have them, not the form's "This field is required."
    assert field_error(html, "taker") == "Who took? Pick the taker."
    assert field_error(html, "bouts") == "How many bouts does the attack hold (0 to 3)?"


def test_a_void_deal_needs_nothing_else(client, tarot4):
    response = client.post(f"/t/{tarot4.edit_token}/deal/", {"void": "on", "deal_number": "1"})
    assert response.status_code == 302
    assert Deal.objects.get().outcome["void"] is True


def test_a_poignee_mistake_lands_on_its_row(client, tarot4):
    response = post(client, tarot4, poignees__0__side="attack")  # no size
    html = response.content.decode()
    beside = field_error(html, "poignees") + field_error(html, "poignees__0__size")
    assert "simple, double or triple" in beside
    assert re.search(r'<details class="more mb-2" open>', html)  # the "more" section opens on its error


def test_a_poignee_is_recorded_as_a_list_of_dicts_and_empty_rows_are_ignored(client, tarot4):
    post(client, tarot4, poignees__1__side="attack", poignees__1__size="simple", petit_au_bout="attack")
    deal = Deal.objects.get()
    assert deal.record["poignees"] == [{"side": "attack", "size": "simple"}]
    assert deal.outcome["scores"][2] == 318  # FFT example 1: E, the third seat


def test_the_second_phone_gets_a_conflict_and_keeps_its_entries(client, tarot4):
    services.record_deal(tarot4, plain_deal(taker="N"))  # another phone recorded deal 1

    response = post(client, tarot4, number=1, taker="W", points="52")

    html = response.content.decode()
    assert response.status_code == 200
    assert "Deal 1 was just recorded by another phone" in html
    assert "Your entries are kept below as deal 2: save them only if they are another deal." in html
    assert re.search(r'name="taker" value="W"[^>]*checked', html) and 'name="points" value="52"' in html
    assert 'name="deal_number" value="2"' in html  # saving again records deal 2
    assert "+198" in html  # the fresh standings: N's deal
    assert Deal.objects.count() == 1

    post(client, tarot4, number=2, taker="W", points="52")
    assert Deal.objects.count() == 2


def test_a_phone_whose_deals_were_undone_meanwhile_is_told_and_keeps_its_entries(client, tarot4):
    services.record_deal(tarot4, plain_deal(taker="N"))
    services.undo_last(tarot4)  # another phone undid deal 1: this one's form still says deal 2

    response = post(client, tarot4, number=2, taker="W", points="52")

    html = response.content.decode()
    assert "Another phone undid deals meanwhile: the next deal is deal 1." in html
    assert 'name="deal_number" value="1"' in html and 'name="points" value="52"' in html
    assert not Deal.objects.filter(withdrawn=False).exists()


def test_a_deal_number_no_table_reached_is_refused_and_the_entries_kept(client, tarot4):
    response = post(client, tarot4, number=7, taker="W", points="52")

    html = response.content.decode()
    assert "The next deal here is deal 1, not deal 7." in html
    assert 'name="deal_number" value="1"' in html and 'name="points" value="52"' in html
    assert not Deal.objects.exists()


def test_the_view_link_cannot_record(client, tarot4):
    response = client.post(f"/t/{tarot4.view_token}/deal/", {"taker": "E"})
    assert response.status_code == 403
    assert client.get(f"/t/{tarot4.view_token}/deal/").status_code == 403
    assert not Deal.objects.exists()


def test_the_record_page_on_its_own(client, tarot4):
    """Opened by its address, the record form posts as a plain form: its htmx swaps the table page's body, which
    is not on this page (a tester's Save did nothing there)."""
    html = client.get(f"/t/{tarot4.edit_token}/deal/").content.decode()
    assert '<form id="record"' in html and "Record deal 1" in html
    assert re.search(r'<div hx-disable>\s*(<[^>]+>\s*)*<form id="record"', html)


def test_generic_paths_list_of_values_players_and_whole_form_errors(client, pool):
    response = client.post(f"/t/{pool.edit_token}/deal/", {
        "player": "Ana", "points": "3", "bets__0": "2", "bets__1": "", "witnesses": ["Bea"]})
    assert response.status_code == 302
    assert Deal.objects.get().record == {"player": {"seat": 0, "name": "Ana"}, "points": 3, "bets": [2],
                                         "witnesses": [{"seat": 1, "name": "Bea"}]}

    response = client.post(f"/t/{pool.edit_token}/deal/", {
        "player": "Ana", "points": "30", "bets__1": "4", "witnesses": ["Ana"]})
    html = response.content.decode()
    assert "From 1 to 10" in field_error(html, "points")
    assert 'type="number"' in html


def test_a_group_of_buttons_with_a_message_points_each_button_at_it_as_a_text_box_does(client, pool):
    """A screen reader on one of a group's radio buttons or checkboxes hears that it is wrong and why, as on a
    number box: each is aria-invalid and described by the message beside the group (found by a tester: only the
    number boxes were described)."""
    html = client.post(f"/t/{pool.edit_token}/deal/", {
        "player": "Zed", "points": "30", "bets__0": "9", "witnesses": ["Zed"]}).content.decode()
    html = html.split('<template id="blank-record">')[0]  # the form sent, not the blank one kept for the outbox
    for name, error in (("points", "id_points_error"), ("player", "id_player_error"),
                        ("bets__0", "id_bets__0_error"), ("witnesses", "id_witnesses_error")):
        assert f'id="{error}"' in html
        inputs = re.findall(rf'<input [^>]*name="{name}"[^>]*>', html)
        assert inputs and all('aria-invalid="true"' in i and f'aria-describedby="{error}"' in i for i in inputs), name
    # A group without a message says nothing of one.
    assert all("aria-" not in i for i in re.findall(r'<input [^>]*name="bets__1"[^>]*>', html))


def test_list_errors_point_at_the_row_that_was_typed(pool):
    from referee.game import get_game

    game, spec = get_game("pool"), services.table_spec(pool)
    form = RecordForm(game, spec, {"player": "Ana", "points": "3", "bets__1": "4"})
    assert form.is_valid()
    assert form.record()["bets"] == [4]
    form.add_rule_errors({"bets.0": "A bet is 1 to 5.", "__all__": "Nobody witnesses their own deal."})
    assert form.bound_field("bets__1").errors == ["A bet is 1 to 5."]  # the second row: the one typed
    assert form.non_field_errors() == ["Nobody witnesses their own deal."]
    assert form.any_errors


def test_the_form_reads_a_stored_record_back(tarot4):
    from referee.game import get_game

    game, spec = get_game("tarot"), services.table_spec(tarot4)
    stored = game.parse(spec, {"taker": "E", "contract": "garde", "bouts": 2, "points": "41,0",
                               "petit_au_bout": "attack", "poignees": [{"side": "defence", "size": "double"}]})
    form = RecordForm(game, spec, record=stored.to_json())
    assert form["points"].value() == "41" and form["bouts"].value() == "2" and form["taker"].value() == "E"
    assert form.bound_field("poignees__0__size").value() == "double"
    assert 'name="poignees__0__size"' in str(form.bound_field("poignees__0__size"))


def test_list_fields_are_formsets_of_rows(tarot4):
    from referee.game import get_game

    game, spec = get_game("tarot"), services.table_spec(tarot4)
    form = RecordForm(game, spec, {"taker": "E", "contract": "garde", "bouts": "2", "points": "49",
                                   "poignees__4__side": "attack", "poignees__4__size": "simple"})
    assert form.is_valid()
    assert len(form.formsets["poignees"].forms) == 5  # the rows posted, however many the page offered
    assert form.record()["poignees"] == [{"side": "attack", "size": "simple"}]


def test_parse_decimal_takes_comma_or_dot():
    assert str(parse_decimal(" 40,5 ")) == "40.5" and parse_decimal("") is None


def test_a_field_with_two_messages_gives_each_its_own_id_and_its_inputs_are_described_by_both(tarot4):
    """Two messages beside one field are two elements: each has its own id (a screen reader finds only the first
    element of an id two elements share, so the second message was never heard), and the field's inputs are
    described by its help text and both messages, a text box as each button of a group (found by a tester)."""
    from django.template.loader import render_to_string

    from referee.game import get_game

    game, spec = get_game("tarot"), services.table_spec(tarot4)
    form = RecordForm(game, spec, {"taker": "E", "contract": "garde", "bouts": "2", "points": "49"})
    form.full_clean()
    for name in ("points", "contract"):
        form.add_error(name, f"First message about {name}.")
        form.add_error(name, f"Second message about {name}.")
    html = render_to_string("scoring/_record_form.html", {"form": form, "token": tarot4.edit_token})
    ids = re.findall(r'\sid="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    for name in ("points", "contract"):
        messages = dict(re.findall(rf'<div class="[^"]*field-error" id="([^"]+)">([^<]*) about {name}\.</div>', html))
        assert messages == {f"id_{name}_error": "First message", f"id_{name}_error_2": "Second message"}, name
    box = re.findall(r'<input [^>]*name="points"[^>]*>', html)
    assert len(box) == 1 and 'aria-describedby="id_points_helptext id_points_error id_points_error_2"' in box[0]
    buttons = re.findall(r'<input [^>]*name="contract"[^>]*>', html)
    assert buttons and all('aria-describedby="id_contract_error id_contract_error_2"' in b for b in buttons)
