"""The referee in the table's context, and the rules it cites.

From a table, "Ask the referee" opens the referee with the table's players and who leads; every answer names
its rule, quotes the rules page's own words and links to them; Paublillo's questions are answered through the
page, with who led asked or taken from the table. (The rules page itself is tests/scoring/test_rules_pages.py.)
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.http import urlencode

from referee.game import Rule, all_games
from scoring import services
from scoring.views.rules import citation

pytestmark = pytest.mark.django_db

REFEREES = [g for g in all_games() if g.ruling_fields]


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def ask(client, game: str, **situation):
    return client.get(reverse("referee", args=[game]), {"ask": "1", **situation})


# -- from the table ---------------------------------------------------------------------------------------

def test_the_table_page_asks_the_referee_with_the_table(client):
    table = services.create_table(game="tarot", players=["Ana", "Bea", "Cid", "Dan"])

    html = client.get(reverse("table", args=[table.view_token])).content.decode()

    link = f'href="{reverse("referee", args=["tarot"])}?table={table.view_token}"'
    assert re.search(rf'<a [^>]*{re.escape(link)}[^>]*aria-label="Ask the referee">⚖ Referee</a>', html)


def test_the_referee_knows_who_leads_at_the_table(client):
    # Ana deals first; the player after the dealer leads.
    table = services.create_table(game="tarot", players=["Ana", "Bea", "Cid", "Dan"], first_dealer=0)

    response = client.get(reverse("referee", args=["tarot"]), {"table": table.view_token})

    html = response.content.decode()
    assert re.search(r'<input type="radio" name="leader" value="Bea"[^>]*checked', html)
    assert 'data-players="Ana|Bea|Cid|Dan"' in html  # the picker says who is to play


def test_the_referee_names_an_unnamed_table_as_its_page_does_without_its_number(client):
    """A tester read "from the table Casita Robada #7": the number tells tables apart in the admin, not at a
    table. The referee, the share and players pages name it as its own page: its game."""
    table = services.create_table(game="tarot", players=["Ana", "Bea", "Cid", "Dan"])

    for page in (reverse("referee", args=["tarot"]) + f"?table={table.view_token}",
                 reverse("share", args=[table.edit_token]), reverse("table_players", args=[table.edit_token])):
        html = text_of(client.get(page).content.decode())
        assert "French Tarot" in html and f"#{table.pk}" not in html, page
    assert str(table) == f"French Tarot #{table.pk}"  # the admin's and the files' name


# -- Paublillo through the page -----------------------------------------------------------------------------

def test_paublillo_a_trump_lead_must_be_followed_with_a_trump(client):
    # Oros are trumps, Player 1 led the 5 of oros; Player 2 holds the 7 of oros and may not play a copa.
    response = ask(client, "paublillo", trump="O", leader="Player 1", trick="5O", hand="12C 7O", card="12C")

    answer = response.context["answer"]
    assert answer is not None, response.context["form"].errors
    assert answer["legal"] is False
    assert answer["rule"] == "Following a trump lead"
    assert [c["code"] for c in answer["legal_cards"]] == ["7O"]


@pytest.mark.parametrize("leader", ["Joueur 1", "jugador 1", "1"])
def test_a_question_shared_from_another_language_names_the_same_seat(client, leader):
    """A French link ("Joueur 1") opened on an English page: the same seat, Player 1, led."""
    response = ask(client, "paublillo", trump="O", leader=leader, trick="5O", hand="12C 7O", card="12C")

    answer = response.context["answer"]
    assert answer is not None, response.context["form"].errors
    assert answer["legal"] is False and [c["code"] for c in answer["legal_cards"]] == ["7O"]
    assert re.search(r'name="leader" value="Player 1"[^>]*checked', response.content.decode())


def test_paublillo_without_who_led_the_page_answers_naming_cards(client):
    """Who led is optional, as at Tarot: what may be played does not depend on it, and the trick's winner is
    then its card (the page asked "Say who led the trick." and answered nothing, found by a tester)."""
    response = ask(client, "paublillo", trump="O", trick="5O 6O", hand="12C 7O", card="12C")

    answer = response.context["answer"]
    assert answer is not None, response.context["form"].errors
    assert answer["legal"] is False and [c["code"] for c in answer["legal_cards"]] == ["7O"]
    done = ask(client, "paublillo", trump="O", trick="5C 12C 7O 2C").context["answer"]
    assert done["winner"]["code"] == "7O"


@pytest.mark.parametrize("language", ["en", "es", "fr"])
@pytest.mark.parametrize("situation", [
    {"trick": "5C 6C 7C 3O*"},
    {"trick": "5C 6C* 7C 3O*"},
    {"trick": "5C 6C 7C", "hand": "3O", "card": "3O", "face_down": "on"},
])
def test_paublillo_the_vuelta_answer_does_not_repeat_the_rule_it_quotes(client, situation, language):
    """The 3 of oros face down as the last card of the second trick (a tester, on the French page): the answer
    says the vuelta first, never that a face-down card cannot win, and leaves the vuelta's rule to its quote."""
    response = client.get(reverse("referee", args=["paublillo"]),
                          {"ask": "1", "trump": "O", "leader": "1", "trick_number": "2", **situation},
                          headers={"Accept-Language": language})

    answer = response.context["answer"]
    assert answer is not None, response.context["form"].errors
    assert answer["cite"] is not None and answer["cite"]["anchor"] == "face-down-cards-and-the-vuelta"
    assert answer["cite"]["quote"] not in answer["explanation"], answer["explanation"]
    assert answer["winner"]["text"] in ("Player 4", "Jugador 4", "Joueur 4")


def test_paublillo_the_vuelta_wins_the_second_trick_face_down(client):
    # Copas led by Player 3; Player 2 plays the last card, the 4 of oros face down: the vuelta counts.
    response = ask(client, "paublillo", trump="O", leader="Player 3", trick="5C 6C 7C 4O*", trick_number="2")

    answer = response.context["answer"]
    assert answer is not None, response.context["form"].errors
    assert answer["winner"]["text"] == "Player 2"
    assert answer["rule"] == "The vuelta"


def test_paublillo_who_led_is_taken_from_the_table(client):
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Cid", "Dan"], first_dealer=0)
    page = client.get(reverse("referee", args=["paublillo"]), {"table": table.view_token}).content.decode()
    assert re.search(r'<input type="radio" name="leader" value="Bea"[^>]*checked', page)

    response = ask(client, "paublillo", table=table.view_token, trump="C", leader="Bea", trick="3C 1C 12O",
                   hand="5C 2E", card="2E")

    answer = response.context["answer"]
    assert answer is not None, response.context["form"].errors
    assert answer["legal"] is False  # a trump was led and Ana still holds the 5 of copas


def test_asked_from_a_table_with_a_deal_under_way_the_referee_has_its_trick_and_trump(client):
    """Paublillo entered card by card: 6 of oros turned (oros trumps), Bea leads the first trick (Ana dealt) and
    plays the 3 of copas, then Cid the 1 of copas. "Ask the referee" from the table: trumps oros, Bea led,
    the trick 3C 1C, trick 1."""
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Cid", "Dan"], first_dealer=0)
    edit = f"/t/{table.edit_token}"
    assert client.post(f"{edit}/play/", {"turned": "6O"}).status_code == 302
    for card in ("3C", "1C"):
        assert client.post(f"{edit}/play/card/", {"card": card}).status_code == 302

    form = client.get(reverse("referee", args=["paublillo"]), {"table": table.edit_token}).context["form"]

    assert form["trump"].value() == "O" and form["leader"].value() == "Bea"
    assert form["trick"].value() == "3C 1C" and form["trick_number"].value() == "1"


def test_asked_from_a_deal_that_what_was_said_ended_the_referee_has_its_last_trick(client):
    """The same deal: trick 1 played out (Bea 3C, Cid 1C, Dan 12O, Ana 2C: Dan's trump takes it), then A's envido
    is refused and the deal ends there. No trick 2 will be led: "Ask the referee" has the trick just played, as it
    has a deal's last trick once every trick is played; it had an empty trick 2 led by Bea, who did not even win
    trick 1 (found by the reviewer)."""
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Cid", "Dan"], first_dealer=0)
    edit = f"/t/{table.edit_token}"
    assert client.post(f"{edit}/play/", {"turned": "6O"}).status_code == 302
    for card in ("3C", "1C", "12O", "2C"):
        assert client.post(f"{edit}/play/card/", {"card": card}).status_code == 302
    refused = {"turned": "6O", "bets__0__team": "A", "bets__0__stake": "3", "refused": "on", "keep": "1"}
    assert client.post(f"{edit}/play/", refused).status_code == 302
    assert 'id="deal-ended"' in client.get(f"{edit}/play/").content.decode()

    form = client.get(reverse("referee", args=["paublillo"]), {"table": table.edit_token}).context["form"]

    assert form["leader"].value() == "Bea" and form["trick_number"].value() == "1"
    assert form["trick"].value() == "3C 1C 12O 2C"


def test_the_referee_knows_who_played_each_card_of_the_trick_under_way(client):
    """Toruro, Ana deals, everyone goes (the first deal), the 5 of bastos turned: Luis leads the 3 of oros,
    Pepe plays the 5 of oros. The referee has the turned card, the trick, who went and who led it (so who
    played each card)."""
    players = ["Ana", "Luis", "Pepe", "Marta", "Juan"]
    table = services.create_table(game="toruro", players=players, first_dealer=0)
    edit = f"/t/{table.edit_token}"
    assert client.post(f"{edit}/play/", {"turned_card": "5B", "went": players}).status_code == 302
    for card in ("3O", "5O"):
        assert client.post(f"{edit}/play/card/", {"card": card}).status_code == 302

    form = client.get(reverse("referee", args=["toruro"]), {"table": table.edit_token}).context["form"]

    assert form["turned_card"].value() == "5B" and form["trick"].value() == "3O 5O"
    assert form["leader"].value() == "Luis" and sorted(form["went"].value()) == sorted(players)


def test_without_a_deal_under_way_the_referee_has_only_who_leads(client):
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Cid", "Dan"], first_dealer=0)
    form = client.get(reverse("referee", args=["paublillo"]), {"table": table.edit_token}).context["form"]
    assert form["leader"].value() == "Bea" and not form["trick"].value()


# -- every answer cites a rule the rules page states, in its words --------------------------------------------

# Questions of our own where a game has no examples ({1}, {3}: the page's names for seats 1 and 3).
OWN_QUESTIONS = {"paublillo": ["trump=O&leader={1}&trick=5O&hand=12C+7O&card=12C",
                               "trump=O&leader={3}&trick=5C+6C+7C+4O*&trick_number=2",
                               "trump=B&leader={1}&trick=5C+1C+12C+3C",
                               "trump=E&hand=4E+12C"]}


def situations(client, slug: str, headers) -> list[str]:
    """The referee's own examples, as the page links them in the reader's language, and our own questions."""
    page = client.get(reverse("referee", args=[slug]), headers=headers).context
    names = [urlencode({"n": name})[2:] for name in page["spec"].players]
    own = [f"ask=1&{q}".format(None, *names) for q in OWN_QUESTIONS.get(slug, [])]
    return [e["query"] for e in page["examples"]] + own


@pytest.mark.parametrize("language", ["en", "es", "fr"])
@pytest.mark.parametrize("slug", [g.slug for g in REFEREES])
def test_every_answer_quotes_the_rules_page(client, slug, language):
    headers = {"Accept-Language": language}
    rules = client.get(reverse("rules", args=[slug]), headers=headers).content.decode()
    asked = situations(client, slug, headers)
    assert asked, f"{slug}: nothing to ask"

    for query in asked:
        response = client.get(reverse("referee", args=[slug]) + "?" + query, headers=headers)
        answer = response.context["answer"]
        assert answer is not None, (query, response.context["form"].errors)
        cite = answer["cite"]
        assert cite is not None, f"{slug}: {query} cites {answer['rule']!r}, which the rules page does not state"
        assert f'id="{cite["anchor"]}"' in rules
        assert text_of(cite["quote"]) in text_of(rules), (slug, cite["quote"])
        html = response.content.decode()
        assert f'#{cite["anchor"]}" id="rule-link"' in html
        assert escape(cite["quote"]) in html


@pytest.mark.parametrize("slug", [g.slug for g in REFEREES])
def test_every_example_is_answered_at_a_real_table_its_players_in_the_seats(client, db, slug):
    """The examples are written for any table ("Player 2 called Pablo"): asked from a table, seat 2 is its
    second player (a Pablo table answered "Player 1 is not one of the choices")."""
    game = next(g for g in REFEREES if g.slug == slug)
    names = ["Ana", "Bea", "Cy", "Dan", "Eva", "Fer", "Gus", "Hal", "Ivo", "Jo"]
    from scoring.views.rules import default_seats  # the table the examples are written for

    table = services.create_table(game=slug, players=names[:default_seats(game)])
    page = client.get(reverse("referee", args=[slug]), {"table": table.edit_token}).context
    for example in page["examples"]:
        response = client.get(reverse("referee", args=[slug]) + "?" + example["query"])
        assert response.context["answer"] is not None, (example, response.context["form"].errors)


@pytest.mark.parametrize(("language", "quote"), [("en", "The highest trump takes the trick"),
                                               ("es", "El triunfo más alto"), ("fr", "Le plus fort atout")])
def test_who_takes_a_trick_quotes_the_paragraph_that_says_so(client, language, quote):
    """Who takes a trick rests on "The highest trump takes the trick…", which its rule names, not on the
    paragraph before it about trumps led, which shares as many of the answer's words or more."""
    response = client.get(reverse("referee", args=["tarot"]), {"ask": "1", "trick": "7C 3C T1 2C"},
                          headers={"Accept-Language": language})
    assert response.context["answer"]["cite"]["quote"].startswith(quote)


def test_a_rule_that_names_no_paragraph_of_a_longer_section_is_linked_not_quoted():
    """The referee never guesses the paragraph from the words it shares with the answer (they change with the
    reader's language, and a tester saw the wrong paragraph quoted): a rule that names none is linked to its
    section, and quoted only when the section says one thing."""
    tarot = next(g for g in all_games() if g.slug == "tarot")
    whole = citation(tarot, Rule("play", "Play"))
    assert whole is not None and whole["anchor"] == "play" and whole["quote"] == ""
    one = citation(tarot, Rule("misere", "Misère"))
    assert one is not None and one["quote"].startswith("A player whose hand holds no trump and no court card")


def package_of(game) -> str:
    return type(game).__module__.rsplit(".", 1)[0]


@pytest.mark.parametrize("package", sorted({package_of(g) for g in REFEREES}))
def test_every_rule_a_game_can_cite_is_a_section_of_its_rules_page(client, package):
    """Every Rule a game's modules define names a section of its rules page (a family's: of one of its games')."""
    rules = list(_rules_defined_in(package))
    assert rules, f"{package} defines no Rule"
    anchors = set()
    for game in (g for g in all_games() if package_of(g) == package):
        page = client.get(reverse("rules", args=[game.slug])).content.decode()
        anchors |= set(re.findall(r'<section id="([^"]+)"', page))

    assert {rule.key for rule in rules} - anchors == set()


def _rules_defined_in(package: str):
    module = importlib.import_module(package)
    for info in pkgutil.iter_modules(module.__path__):
        if info.name in ("tests", "apps", "presenter", "demo"):
            continue
        names = vars(importlib.import_module(f"{package}.{info.name}"))
        for value in names.values():
            if isinstance(value, Rule):
                yield value
            elif isinstance(value, dict):
                yield from (v for v in value.values() if isinstance(v, Rule))


# -- card codes as typed ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("language", "meant"), [("en", "Did you mean 3O (3 of oros)?"),
                                                 ("fr", "Vouliez-vous dire 3O, 3 de deniers (oros)\u00a0?")])
def test_a_zero_typed_for_the_o_of_oros_is_answered_with_the_card_it_means(client, language, meant):
    """"3O" reads as "30" in a monospace field: "30" is still refused (10 could be the Ace of oros or a 10 without
    its suit: no guess), but the message names the card a 0 read as the letter O makes, as the site names it."""
    response = client.get(reverse("referee", args=["toruro"]),
                          {"ask": "1", "turned_card": "5B", "trick_number": "1", "hand": "30 5C 7E"},
                          headers={"Accept-Language": language})

    assert response.context["answer"] is None
    (message,) = response.context["form"].errors["hand"]
    assert message.startswith("30 ") and message.endswith(meant), message  # French: no brackets in brackets


def test_the_api_answers_a_zero_typed_for_the_o_of_oros_with_the_card_it_means(client):
    body = {"players": ["Ana", "Luis", "Pepe", "Marta", "Juan"],
            "contract": {"turned_card": "5B", "went": ["Luis", "Pepe"]}, "plays": ["12O", "30"]}
    response = client.post("/api/games/toruro/score/plays", json.dumps(body), content_type="application/json")

    assert response.status_code == 422
    assert response.json()["errors"]["plays.1"] == "30 is not a card of this game. Did you mean 3O (3 of oros)?"
