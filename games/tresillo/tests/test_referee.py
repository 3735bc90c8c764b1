"""The ranking (seed 003, "The Ranking of Cards") and the referee: "may I play this?" and "who wins this
trick?", answered through the shared trick protocol and citing the rule, for both games."""

from __future__ import annotations

import re

import pytest

from games.tresillo.ombre import OMBRE
from games.tresillo.ranking import matador_count, matadors, plain_order, trump_order
from games.tresillo.rules_text import RULE_MATADORS_HIGHER, RULE_TRUMPS_LED
from games.tresillo.tresillo import TRESILLO
from referee.cards import parse_cards
from scoring import services

TABLE = TRESILLO.table(["Ana", "Bea", "Carl"])


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def ask(**situation):
    return TRESILLO.ruling(TABLE, situation)


# -- the ranking ------------------------------------------------------------------------------------------------

def test_spadillo_is_always_the_first_trump_and_basto_always_the_third():
    for trump in "OCEB":
        assert codes(trump_order(trump))[0] == "1E" and codes(trump_order(trump))[2] == "1B"


def test_the_manilla_is_the_two_of_black_trumps_and_the_seven_of_red_trumps():
    assert [codes(matadors(t)) for t in "EBOC"] == [["1E", "2E", "1B"], ["1E", "2B", "1B"], ["1E", "7O", "1B"],
                                                    ["1E", "7C", "1B"]]


def test_black_trumps_are_eleven_running_king_knight_jack_seven_to_three():
    assert codes(trump_order("E")) == ["1E", "2E", "1B", "12E", "11E", "10E", "7E", "6E", "5E", "4E", "3E"]


def test_red_trumps_are_twelve_with_punto_fourth_then_king_knight_jack_two_to_six():
    assert codes(trump_order("C")) == ["1E", "7C", "1B", "1C", "12C", "11C", "10C", "2C", "3C", "4C", "5C", "6C"]


def test_plain_red_suits_run_king_knight_jack_one_to_seven_and_black_king_to_two():
    assert codes(plain_order("O", "E")) == ["12O", "11O", "10O", "1O", "2O", "3O", "4O", "5O", "6O", "7O"]
    assert codes(plain_order("B", "O")) == ["12B", "11B", "10B", "7B", "6B", "5B", "4B", "3B", "2B"]


def test_matadors_count_the_unbroken_run_from_spadillo_and_nothing_without_the_three():
    hand = parse_cards("1E 7O 1B 1O 12O 10O 3C 4C 5C", "spanish40")
    assert matador_count(hand, "O") == 5  # Spadillo, Manilla, Basto, Punto, King; the Knight is missing
    assert matador_count(parse_cards("1E 1B 1O 12O", "spanish40"), "O") == 0


# -- may I play this? -----------------------------------------------------------------------------------------

def test_you_must_follow_suit_when_you_can():
    answer = ask(trump="O", trick=["5C"], hand=["3C", "12E", "4O"], card="12E")
    assert answer.legal is False and codes(answer.legal_cards) == ["3C"] and answer.rule.key == "play"


def test_out_of_the_suit_led_you_need_not_trump():
    answer = ask(trump="O", trick=["5C"], hand=["12E", "4O"], card="12E")
    assert answer.legal is True and codes(answer.legal_cards) == ["12E", "4O"]


def test_spadillo_is_a_trump_so_it_does_not_follow_espadas():
    answer = ask(trump="O", trick=["5E"], hand=["1E", "4B"], card="1E")
    assert answer.legal is True and codes(answer.legal_cards) == ["1E", "4B"]  # void in espadas


def test_a_trump_led_forces_a_trump():
    answer = ask(trump="B", trick=["5B"], hand=["7B", "12C", "1E"], card="12C")
    assert answer.legal is False and codes(answer.legal_cards) == ["7B", "1E"]


def test_a_matador_is_not_forced_out_by_a_lower_trump():
    answer = ask(trump="B", trick=["5B"], hand=["1E", "12C"], card="12C")
    assert answer.legal is True and codes(answer.legal_cards) == ["1E", "12C"]


def test_a_matador_is_forced_out_by_a_higher_matador_led():
    answer = ask(trump="B", trick=["1E"], hand=["1B", "12C"], card="12C")
    assert answer.legal is False and codes(answer.legal_cards) == ["1B"]


def test_a_matador_is_forced_out_by_any_other_matador_led_as_seed_003_says():
    """Seed 003: "the three Matador cards can only be forced out by the other Matadors": the Basto led, the lower,
    forces out the Spadillo (a tester in a dispute: the default had ruled against the sentence it quoted)."""
    answer = ask(trump="B", trick=["1B"], hand=["1E", "12C"], card="12C")
    assert answer.legal is False and codes(answer.legal_cards) == ["1E"]
    assert "another matador, was led: it forces them out" in str(answer.explanation)
    assert answer.rule == RULE_TRUMPS_LED


# -- who wins the trick? --------------------------------------------------------------------------------------

def test_the_highest_trump_wins_the_trick():
    answer = ask(trump="B", trick=["12C", "2C", "3B"], leader="Bea")
    assert answer.winner.code == "3B" and answer.winner_seat.name == "Ana" and answer.rule.key == "play"


def test_without_a_trump_the_highest_card_of_the_suit_led_wins_and_in_red_the_ace_beats_the_two():
    assert ask(trump="E", trick=["2O", "1O", "12C"]).winner.code == "1O"


def test_punto_beats_the_king_of_red_trumps_and_loses_to_basto():
    assert ask(trump="C", trick=["12C", "1C", "5E"]).winner.code == "1C"
    assert ask(trump="C", trick=["1C", "1B", "5E"]).winner.code == "1B"


def test_l_ombre_has_the_same_referee():
    answer = OMBRE.ruling(OMBRE.table(["Ana", "Bea", "Carl", "Dani"]), {"trump": "O", "trick": ["3O", "7O", "1E"]})
    assert answer.winner.code == "1E"


def test_the_trump_suit_is_asked():
    with pytest.raises(Exception) as refused:
        ask(trick=["3O", "7O", "1E"])
    assert "trump" in refused.value.errors


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["tresillo", "ombre"])
def test_the_ruling_endpoint_answers_for_both_games(api, slug):
    answer = api.post(f"/api/games/{slug}/ruling", {"situation": {"trump": "B", "trick": ["5B"],
                                                                  "hand": ["1E", "12C"], "card": "12C"}})
    assert answer.status_code == 200
    assert answer.json()["legal"] is True and answer.json()["rule"] == "When a trump is led"


FOUR = TRESILLO.table(["Ana", "Bea", "Carl", "Dani"])


def test_at_four_the_trick_goes_round_the_three_dealt_in_skipping_the_dealer():
    # Bea deals and sits out: Carl leads the 3 of oros, Dani plays the Manilla, Ana Spadillo and wins.
    answer = TRESILLO.ruling(FOUR, {"trump": "O", "dealer": "Bea", "leader": "Carl", "trick": ["3O", "7O", "1E"]})
    assert answer.winner.code == "1E" and answer.winner_seat.name == "Ana"
    # Dani deals: Carl leads, then Ana, then Bea, who plays Spadillo.
    answer = TRESILLO.ruling(FOUR, {"trump": "O", "dealer": "Dani", "leader": "Carl", "trick": ["3O", "7O", "1E"]})
    assert answer.winner_seat.name == "Bea"


def test_at_four_any_player_dealt_in_may_lead_but_not_the_dealer():
    answer = TRESILLO.ruling(FOUR, {"trump": "O", "dealer": "Ana", "leader": "Dani", "trick": ["1E", "3O", "7O"]})
    assert answer.winner_seat.name == "Dani"  # Dani, Bea, Carl
    with pytest.raises(Exception) as refused:
        TRESILLO.ruling(FOUR, {"trump": "O", "dealer": "Ana", "leader": "Ana", "trick": ["1E", "3O", "7O"]})
    assert str(refused.value.errors["leader"]) == (
        "Ana deals and sits this deal out: the leader is one of Bea, Carl, Dani.")


def test_at_four_a_question_naming_players_says_who_deals():
    with pytest.raises(Exception) as refused:
        TRESILLO.ruling(FOUR, {"trump": "O", "leader": "Carl", "trick": ["3O", "7O", "1E"]})
    assert "dealer" in refused.value.errors
    with pytest.raises(Exception) as refused:
        TRESILLO.ruling(FOUR, {"trump": "O", "dealer": "Ana", "trick": [{"card": "3O", "player": "Ana"}]})
    assert str(refused.value.errors["trick"]) == "Ana deals and sits this deal out, so plays no card."


def test_at_four_the_dealer_sits_out_so_three_cards_make_a_trick():
    four = TRESILLO.table(["Ana", "Bea", "Carl", "Dani"])
    assert TRESILLO.ruling(four, {"trump": "O", "trick": ["3O", "7O", "1E"]}).winner.code == "1E"
    with pytest.raises(Exception) as refused:
        TRESILLO.ruling(four, {"trump": "O", "trick": ["3O", "7O", "1E", "2C"]})
    assert "trick" in refused.value.errors


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["tresillo", "ombre"])
def test_at_four_the_pickers_turn_skips_the_dealer_who_sits_out(client, slug):
    """The page's card pickers say whose turn it is round those who play the trick: at four, the dealer tapped
    in "Who deals" plays no card (data-out-field), as the ruling skips him; at three the dealer plays."""
    def pickers(players):
        table = services.create_table(game=slug, players=players)
        html = client.get(f"/referee/{slug}/", {"table": table.edit_token}).content.decode()
        return re.findall(r'<div class="cardpick"[^>]*?data-leader-field="leader"[^>]*>', html)

    four = pickers(["Ana", "Bea", "Carl", "Dani"])
    assert len(four) == 2 and all('data-out-field="dealer"' in picker for picker in four)  # the hand, the trick
    three = pickers(["Ana", "Bea", "Carl"])
    assert len(three) == 2 and not any("data-out-field" in picker for picker in three)


@pytest.mark.django_db
def test_the_referee_page_asks_at_a_table_of_three_and_names_the_cards(client):
    """L'Ombre "is a three-player game" (seed 003): the page's example table seats three, and its verdict names
    the cards as a player says them, not by their codes."""
    response = client.get("/referee/tresillo/", {"ask": "1", "trump": "O", "trick": "3O", "hand": "1E 12C 4E",
                                                 "card": "12C"})
    assert response.context["spec"].size == 3
    explanation = response.context["answer"]["explanation"]
    assert "King (rey) of copas" in explanation and "12C" not in explanation, explanation


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Ace of espadas (Spadillo)"),
    ("fr", "As d’épées (espadas) – Spadille"),  # not "(espadas) (Spadille)"
])
def test_a_card_with_a_name_in_the_deal_is_said_with_it(language, said):
    from django.utils import translation

    from games.tresillo.play import card_words
    from referee.cards import Card
    from scoring.services import translate

    with translation.override(language):
        assert translate(card_words(Card("E", "1"), "O")) == said


# -- the paragraph each ruling quotes -------------------------------------------------------------------------

def quoted(client, slug: str, language: str, **situation) -> str:
    response = client.get(f"/referee/{slug}/", {"ask": "1", **situation}, headers={"Accept-Language": language})
    answer = response.context["answer"]
    assert answer is not None, response.context["form"].errors
    return answer["cite"]["quote"]


def paragraph(text, language: str) -> str:
    from django.utils import translation

    from scoring.services import translate

    with translation.override(language):
        return translate(text)


LANGUAGES = ["en", "es", "fr"]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", ["tresillo", "ombre"])
def test_out_of_the_suit_led_you_need_not_trump_quotes_the_follow_suit_paragraph(client, slug, language):
    """"Players are required to follow suit. There is no requirement to trump if you are out of the led suit"
    (seed 003): the ruling quotes that paragraph, not the one on trumps led (found by a tester)."""
    from games.tresillo.rules_text import P_FOLLOW

    quote = quoted(client, slug, language, trump="O", trick="12C", hand="2B 3B", card="2B")
    assert quote == paragraph(P_FOLLOW, language)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", ["tresillo", "ombre"])
def test_following_a_trump_lead_with_a_trump_quotes_the_trumps_led_paragraph(client, slug, language):
    """"Leading trumps or Matadors forces other players to use any trumps in their hand, although the three
    Matador cards can only be forced out by the other Matadors" (seed 003)."""
    from games.tresillo.rules_text import P_TRUMPS_LED

    assert quoted(client, slug, language, trump="O", trick="12O", hand="2O 5C", card="2O") == paragraph(
        P_TRUMPS_LED, language)
    assert quoted(client, slug, language, trump="B", trick="5B", hand="1E 12C", card="12C") == paragraph(
        P_TRUMPS_LED, language)  # a matador kept


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lead_and_who_wins_quote_their_own_paragraphs(client, language):
    """"The Hombre leads a card to the first trick" and "the highest card of the led suit wins the trick, unless
    it was trumped, in which case the highest trump wins it" (seed 003)."""
    from games.tresillo.rules_text import P_FOLLOW, P_WINNER

    assert quoted(client, "ombre", language, trump="O", hand="2B 3B", card="2B") == paragraph(P_FOLLOW, language)
    assert quoted(client, "ombre", language, trump="B", trick="12C 2C 3B") == paragraph(P_WINNER, language)


# -- who takes the trick the card completes -------------------------------------------------------------------

@pytest.mark.parametrize("game", [TRESILLO, OMBRE], ids=["tresillo", "ombre"])
def test_a_legal_card_that_completes_the_trick_says_who_takes_it(game):
    """"After each player has laid down one card, the highest card of the led suit wins the trick, unless it was
    trumped, in which case the highest trump wins it" (seed 003): asked about the last card, the referee says
    who takes the trick, as it does for a complete trick (found by a tester)."""
    table = game.table(["A", "B", "C"])
    answer = game.ruling(table, {"trump": "O", "leader": "A", "trick": ["12O", "1O"], "hand": ["2O"], "card": "2O"})
    assert answer.legal is True and (answer.winner.code, answer.winner_seat.name) == ("1O", "B")  # Punto
    assert str(answer.explanation) == ("2 of oros: may be played. It is a trump. Ace of oros (Punto) is the "
                                       "highest trump in the trick.")
    assert answer.to_json()["winner"] == "B"
    illegal = game.ruling(table, {"trump": "O", "leader": "A", "trick": ["12O", "1O"], "hand": ["2O", "5C"],
                                  "card": "5C"})
    assert illegal.legal is False and illegal.winner is None  # only a legal card is said to take the trick


def test_at_four_the_card_that_completes_the_trick_names_its_winner_among_the_three_dealt_in():
    # Bea deals and sits out: Carl leads the 3 of oros, Dani plays the Manilla, Ana Spadillo and wins.
    answer = TRESILLO.ruling(FOUR, {"trump": "O", "dealer": "Bea", "leader": "Carl", "trick": ["3O", "7O"],
                                    "hand": ["1E", "4C"], "card": "1E"})
    assert answer.legal is True and answer.winner_seat.name == "Ana"


@pytest.mark.django_db
def test_the_page_and_the_api_say_who_takes_the_trick_the_card_completes(client, api):
    table = OMBRE.table(["A", "B", "C"])
    body = {"players": list(table.players), "situation": {"trump": "O", "leader": "A", "trick": ["12O", "1O"],
                                                          "hand": ["2O"], "card": "2O"}}
    assert api.post("/api/games/ombre/ruling", body).json()["winner"] == "B"
    response = client.get("/referee/ombre/", {"ask": "1", "trump": "O", "trick": "12O 1O", "hand": "2O",
                                              "card": "2O"})
    assert 'id="winner"' in response.content.decode()


# -- the house rule on forcing matadors out -------------------------------------------------------------------

# Oros trumps, as at the tester's table: Spadillo 1E, Manilla 7O, Basto 1B. The player's only trump is the matador
# held; the 5 of copas is the card they would rather play.
HOUSE_RULE = {"matadors_forced": "higher"}
BOTH_GAMES = pytest.mark.parametrize("game", [TRESILLO, OMBRE], ids=["tresillo", "ombre"])


def may_keep(game, options, led: str, held: str):
    """The referee's answer to "the matador ``led`` was led, my only trumps are ``held``: may I play the 5 of
    copas?" at a table of ``game`` with ``options``."""
    table = game.table(["Ana", "Bea", "Carl"], options)
    return game.ruling(table, {"trump": "O", "trick": led, "hand": f"{held} 5C", "card": "5C"})


@BOTH_GAMES
def test_by_default_the_basto_led_forces_out_the_spadillo_as_the_seed_says(game):
    """The tester's question: "Leading trumps or Matadors forces other players to use any trumps in their hand,
    although the three Matador cards can only be forced out by the other Matadors" (seed 003). Read as written
    (RULINGS.md is silent), the Basto led is another matador: the lone Spadillo must go. The answer says that a
    table may play the traditional house rule instead, and quotes it beside the rule it applies."""
    answer = may_keep(game, {}, "1B", "1E")
    assert answer.legal is False and codes(answer.legal_cards) == ["1E"] and answer.rule == RULE_TRUMPS_LED
    assert str(answer.explanation).endswith(
        "Tapete reads seed 003 as written; at a table that plays the traditional house rule “only a higher matador "
        "forces one out”, Ace of bastos (Basto) does not force out Spadillo.")
    assert answer.also == (RULE_MATADORS_HIGHER,)


@BOTH_GAMES
def test_by_default_a_higher_matador_led_forces_out_a_lower_one_without_a_word_on_the_house_rule(game):
    """The Spadillo led forces out the lone Basto under either reading: the answer has nothing to add."""
    answer = may_keep(game, {}, "1E", "1B")
    assert answer.legal is False and codes(answer.legal_cards) == ["1B"]
    assert "house rule" not in str(answer.explanation) and answer.also == ()


@BOTH_GAMES
def test_with_the_house_rule_the_basto_led_forces_out_neither_the_spadillo_nor_the_manilla(game):
    for held in ("1E", "7O"):
        answer = may_keep(game, HOUSE_RULE, "1B", held)
        assert answer.legal is True and codes(answer.legal_cards) == [held, "5C"]
        assert answer.rule == RULE_MATADORS_HIGHER
        assert "is a lower matador: at this table only a higher matador led forces them out (house rule)" in \
            str(answer.explanation)


@BOTH_GAMES
def test_with_the_house_rule_the_manilla_led_forces_out_the_basto_but_not_the_spadillo(game):
    forced = may_keep(game, HOUSE_RULE, "7O", "1B")
    assert forced.legal is False and codes(forced.legal_cards) == ["1B"] and forced.rule == RULE_MATADORS_HIGHER
    assert "higher than your Basto: a higher matador forces a lower one out (house rule, played at this table)" \
        in str(forced.explanation)
    kept = may_keep(game, HOUSE_RULE, "7O", "1E")
    assert kept.legal is True and kept.rule == RULE_MATADORS_HIGHER


@BOTH_GAMES
def test_with_the_house_rule_the_spadillo_led_forces_out_both_the_manilla_and_the_basto(game):
    for held in ("7O", "1B", "7O 1B"):
        answer = may_keep(game, HOUSE_RULE, "1E", held)
        assert answer.legal is False and codes(answer.legal_cards) == held.split()
    both = may_keep(game, HOUSE_RULE, "1E", "7O 1B")
    assert "higher than your Manilla and Basto" in str(both.explanation)


@BOTH_GAMES
def test_with_the_house_rule_a_matador_it_outranks_forces_the_lower_one_out_and_any_trump_may_go(game):
    """The Manilla led to the Spadillo and the Basto: the Basto is forced out, so a trump must go, and the
    Spadillo is a trump as good as any. Both readings agree: the default answer says nothing of the house rule."""
    for options in (HOUSE_RULE, {}):
        answer = may_keep(game, options, "7O", "1E 1B")
        assert answer.legal is False and codes(answer.legal_cards) == ["1E", "1B"]
    assert may_keep(game, {}, "7O", "1E 1B").also == ()


@BOTH_GAMES
@pytest.mark.parametrize("options", [{}, HOUSE_RULE], ids=["seed", "house-rule"])
def test_a_trump_that_is_not_a_matador_led_never_forces_out_a_matador(game, options):
    for held in ("1E", "7O", "1B"):
        answer = may_keep(game, options, "12O", held)
        assert answer.legal is True and answer.rule == RULE_TRUMPS_LED


# -- how an explanation reads ---------------------------------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "language", "said"), [
    ("ombre", "en", "Copas were led and you hold some: you must follow suit."),
    ("tresillo", "en", "Copas were led and you hold some: you must follow suit."),
    ("ombre", "es", "Se salió a copas y tienes copas: debes asistir."),  # mid-sentence, the suit stays as it is
    ("ombre", "fr", "On a entamé coupes (copas) et vous en avez\u00a0: vous devez fournir."),
])
def test_a_sentence_that_opens_with_the_suit_led_starts_with_a_capital(client, slug, language, said):
    """The suit's name is lower case ("copas") where a sentence says it, and a capital where a sentence opens
    with it (found by a tester: "copas were led" at the start of the explanation)."""
    response = client.get(f"/referee/{slug}/", {"ask": "1", "trump": "O", "trick": "3C", "hand": "1E 12C 4E"},
                          headers={"Accept-Language": language})
    assert response.context["answer"]["explanation"] == said
    assert str(ask(trump="O", trick=["3C"], hand=["12C", "4E"]).explanation).startswith("Copas were led")
