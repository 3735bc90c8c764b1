"""Paublillo referee rulings, one rule per test (seed 000, "Play" and "Vuelta")."""

from __future__ import annotations

from typing import Any

import pytest

from games.paublillo.play import PLAIN_ORDER, TRUMP_ORDER
from games.paublillo.rules import GAME
from games.paublillo.words import R_FACE_DOWN, R_FOLLOW_TRUMP, R_VUELTA, RULES
from referee.game import InvalidRecord, Ruling
from referee.tricks import TrickRules, rule_on
from tests.said import bracket_in_a_bracket, said_in

FOUR = GAME.table(["Ana", "Bea", "Luis", "Eva"])
TWO = GAME.table(["Ana", "Bea"])


def trick(*cards: str, leader: str = "Ana") -> list[dict[str, Any]]:
    """Plays in order from ``leader``; a card ending in "*" is face down."""
    plays: list[dict[str, Any]] = []
    for i, code in enumerate(cards):
        play: dict[str, Any] = {"card": code.rstrip("*"), "face_down": code.endswith("*")}
        if i == 0:
            play["player"] = leader
        plays.append(play)
    return plays


def rule(situation: dict[str, Any], table=FOUR):
    return GAME.ruling(table, situation)


def winner(ruling: Ruling) -> str | None:
    """Who takes the trick: the player's name, as the API says it."""
    return ruling.to_json()["winner"]


def codes(cards) -> list[str]:
    return [card.code for card in cards]


def reasons(ruling: Ruling) -> dict[str, str]:
    return {card.code: str(why) for card, why in ruling.reasons.items()}


def bad(situation: dict[str, Any], table=FOUR) -> dict[str, str]:
    with pytest.raises(InvalidRecord) as info:
        GAME.ruling(table, situation)
    return {k: str(v) for k, v in info.value.errors.items()}


# -- ranking -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("high", "low"), list(zip(TRUMP_ORDER, TRUMP_ORDER[1:], strict=False)))
def test_trumps_rank_4_3_2_king_horse_jack_ace_7_6_5(high, low):
    """Seed: "Trumps: 4, 3, 2, King, Horse, Jack, Ace, 7, 6, 5"."""
    assert winner(rule({"trump": "E", "trick": trick(f"{low}E", f"{high}E")}, TWO)) == "Bea"
    assert winner(rule({"trump": "E", "trick": trick(f"{high}E", f"{low}E")}, TWO)) == "Ana"


@pytest.mark.parametrize(("high", "low"), list(zip(PLAIN_ORDER, PLAIN_ORDER[1:], strict=False)))
def test_plain_suits_rank_king_horse_jack_ace_7_to_2(high, low):
    """Seed: "Other suits : King, Horse, Jack, Ace, 7, 6, 5, 4, 3, 2"."""
    assert winner(rule({"trump": "E", "trick": trick(f"{low}C", f"{high}C")}, TWO)) == "Bea"
    assert winner(rule({"trump": "E", "trick": trick(f"{high}C", f"{low}C")}, TWO)) == "Ana"


def test_the_lowest_trump_beats_the_king_of_the_suit_led():
    """Seed: "Each trick is won by the highest face up trump in it"."""
    ruling = rule({"trump": "O", "trick": trick("12C", "5O", "11C", "4C")})
    assert winner(ruling) == "Bea"
    assert str(ruling.rule) == "Who wins the trick"
    assert str(ruling.explanation).startswith("Bea wins with the 5 of oros, the highest trump that counts.")
    assert ruling.legal is None


def test_a_card_of_another_plain_suit_cannot_win():
    """Seed: "or if it contains no trumps by the highest face up card of the suit that was led"."""
    ruling = rule({"trump": "O", "trick": trick("2C", "12E", "12B", "3C")})
    assert winner(ruling) == "Eva"
    assert "the highest card of the suit led" in str(ruling.explanation)


def test_highest_of_several_trumps_wins():
    assert winner(rule({"trump": "B", "trick": trick("7C", "12B", "3B", "4C", leader="Luis")})) == "Ana"


# -- leading and following -----------------------------------------------------------------------------------

def test_any_card_may_be_led():
    """Seed: "Any card may be led, by placing it face up on the table"."""
    ruling = rule({"trump": "O", "hand": ["4O", "2C", "12E"], "card": "2C"})
    assert ruling.legal is True and str(ruling.rule) == "Leading"
    assert codes(ruling.legal_cards) == ["4O", "2C", "12E"]


def test_the_lead_is_face_up():
    """Seed: "Any card may be led, by placing it face up on the table"."""
    ruling = rule({"trump": "O", "hand": ["4O", "2C"], "card": "2C", "face_down": True})
    assert ruling.legal is False
    assert str(ruling.explanation).startswith("The lead may not be face down.")
    assert bad({"trump": "O", "trick": trick("2C*", "3C"), "hand": ["4C"]}) == {
        "trick.0.face_down": "The lead is always face up."}


def test_to_a_trump_lead_a_trump_must_be_played_if_possible():
    """Seed: "If the card that is led is a trump, each of the other players must play a trump if possible"."""
    situation = {"trump": "O", "trick": trick("5O"), "hand": ["12C", "7O", "1E"], "card": "12C"}
    ruling = rule(situation)
    assert ruling.legal is False
    assert str(ruling.rule) == "Following a trump lead"
    assert "the player holds 7 of oros" in str(ruling.explanation)
    assert codes(ruling.legal_cards) == ["7O"]
    assert "may not be played" in reasons(ruling)["1E"]


def test_any_trump_follows_a_trump_lead_no_need_to_beat_it():
    """Seed: "must play a trump if possible" — any trump, not a higher one."""
    ruling = rule({"trump": "O", "trick": trick("3O", "4O"), "hand": ["5O", "2O", "12C"], "card": "5O"})
    assert ruling.legal is True
    assert codes(ruling.legal_cards) == ["5O", "2O"]


def test_without_trumps_any_card_follows_a_trump_lead():
    """Seed: "must play a trump if possible"."""
    ruling = rule({"trump": "O", "trick": trick("3O"), "hand": ["5C", "2E"], "card": "2E"})
    assert ruling.legal is True
    assert "the player has no trump" in str(ruling.explanation)


def test_a_player_whose_only_trump_is_the_monja_need_not_play_it():
    """Seed: "except that a player whose only trump is the 4 does not have to play it, but can play another
    card instead"."""
    ruling = rule({"trump": "O", "trick": trick("5O", "12C"), "hand": ["4O", "7C", "2E"], "card": "7C"})
    assert ruling.legal is True
    assert str(ruling.rule) == "The monja need not be played"
    assert codes(ruling.legal_cards) == ["4O", "7C", "2E"]
    assert rule({"trump": "O", "trick": trick("5O"), "hand": ["4O", "7C"], "card": "4O"}).legal is True


def test_the_monja_exemption_needs_the_monja_to_be_the_only_trump():
    """Seed: "a player whose *only* trump is the 4": with another trump, a trump must be played."""
    ruling = rule({"trump": "O", "trick": trick("12O"), "hand": ["4O", "5O", "7C"], "card": "7C"})
    assert ruling.legal is False
    assert codes(ruling.legal_cards) == ["4O", "5O"]


def test_to_a_plain_lead_any_card_may_be_played():
    """Seed: "If the card that is led is not a trump, the other players may any card they wish"."""
    ruling = rule({"trump": "O", "trick": trick("5C"), "hand": ["12C", "7O", "1E"], "card": "1E"})
    assert ruling.legal is True and str(ruling.rule) == "Following a plain lead"
    assert codes(ruling.legal_cards) == ["12C", "7O", "1E"]


def test_legal_cards_without_a_chosen_card():
    """With no card named, the ruling lists what may be played and why."""
    ruling = rule({"trump": "O", "trick": trick("5O"), "hand": ["12C", "7O"]})
    assert ruling.legal is None and codes(ruling.legal_cards) == ["7O"]
    assert str(ruling.rule) == "Following a trump lead"
    assert set(reasons(ruling)) == {"12C", "7O"}


# -- face down and the vuelta --------------------------------------------------------------------------------

def test_to_a_trump_lead_every_card_is_face_up():
    """Seed: "In a trick to which a trump is led, all the other players must play their cards face up"."""
    ruling = rule({"trump": "O", "trick": trick("5O"), "hand": ["7O"], "card": "7O", "face_down": True})
    assert ruling.legal is False and str(ruling.rule) == "Face-down cards"
    assert bad({"trump": "O", "trick": trick("5O", "7O*"), "hand": ["4C"]}) == {
        "trick.1.face_down": "When a trump is led, every card in the trick is played face up."}


def test_to_a_plain_lead_a_card_may_go_face_down_but_cannot_win():
    """Seed: "If a non-trump is led, the other players may play their cards face up or face down, but a face
    down card cannot win the trick"."""
    ruling = rule({"trump": "O", "trick": trick("5C"), "hand": ["12C"], "card": "12C", "face_down": True})
    assert ruling.legal is True
    assert str(ruling.explanation) == ("A plain suit was led, so this card may go face down, but then it cannot win "
                                       "the trick.")
    done = rule({"trump": "O", "trick": trick("5C", "12C*", "4O*", "6C"), "trick_number": 1})
    assert winner(done) == "Eva"
    assert "Face down: King (rey) of copas (Bea), 4 of oros (Luis)." in str(done.explanation)


def test_a_face_down_last_card_outside_the_second_trick_cannot_win():
    """Seed: "This exceptional rule applies only to the last card played to the second trick"."""
    for number in (1, 3):
        done = rule({"trump": "O", "trick": trick("5C", "6C", "7C", "4O*"), "trick_number": number})
        assert winner(done) == "Luis"
        assert str(done.rule) == "Who wins the trick"


def test_the_vuelta_wins_as_if_face_up():
    """Seed: "the last player... may play their card face down but still retain the right to win that trick as
    though the card had been played face up"."""
    done = rule({"trump": "O", "trick": trick("5C", "6C", "7C", "4O*"), "trick_number": 2})
    assert winner(done) == "Eva" and str(done.rule) == "The vuelta"
    assert str(done.explanation) == (
        "The last card of the second trick is played face down: it is the vuelta, which counts as if it were face "
        "up. Eva wins with the 4 of oros (monja), the highest trump that counts. Eva played the vuelta and leads "
        "the third trick.")


@pytest.mark.parametrize("situation", [
    {"trump": "O", "trick": trick("5C", "6C", "7C", "3O*"), "trick_number": 2},  # who takes it
    {"trump": "O", "trick": trick("5C", "6C*", "7C", "3O*"), "trick_number": 2},  # another card face down
    {"trump": "O", "trick": trick("5C", "6C", "7C"), "hand": ["3O"], "card": "3O", "face_down": True,
     "trick_number": 2},  # may the 3 of oros go face down as the last card of the second trick?
    {"trump": "O", "trick": trick("5C", "6C", "7C"), "hand": ["3O"], "card": "3O", "face_down": True},
])
def test_the_vuelta_answer_says_the_exception_first_and_leaves_the_rule_to_its_quote(situation):
    """The 3 of oros played face down as the last card of the second trick (found by a tester): the answer does
    not say that a face-down card cannot win and then that this one wins, and does not repeat the vuelta's rule,
    which the answer quotes from the rules page beside it."""
    ruling = rule(situation)
    said = str(ruling.explanation)
    assert str(ruling.rule) == "The vuelta"
    assert said.startswith(("The last card of the second trick is played face down: it is the vuelta",
                            "In the second trick this card is the vuelta")), said
    assert str(R_VUELTA) not in said and str(R_FACE_DOWN) not in said and "cannot win the trick" not in said
    assert said.count("vuelta") <= 2 and "Eva wins" in said, said  # Eva, the last to play: her 3 of trumps


def test_the_other_face_down_cards_of_a_vuelta_trick_do_not_count():
    said = str(rule({"trump": "O", "trick": trick("5C", "6C*", "7C", "3O*"), "trick_number": 2}).explanation)
    assert "Other cards played face down do not count: 6 of copas (Bea)." in said


def test_the_vuelta_player_leads_the_third_trick_even_when_it_loses():
    """Seed: "The player who played the face down (vuelta) card acquires the right to lead to the third trick,
    irrespective of whether the face down card won the second trick or not"."""
    done = rule({"trump": "O", "trick": trick("5C", "12C", "7C", "2C*"), "trick_number": 2})
    assert winner(done) == "Bea"
    assert str(done.explanation).endswith("Eva played the vuelta and so leads the third trick, not Bea.")


def test_the_vuelta_is_allowed_to_a_trump_lead():
    """Seed: "It is allowed even if a trump was led to the second trick"."""
    situation = {"trump": "O", "trick": trick("5O", "6O", "7O"), "hand": ["2O", "12C"], "card": "2O",
                 "face_down": True, "trick_number": 2}
    ruling = rule(situation)
    assert ruling.legal is True and str(ruling.rule) == "The vuelta"
    assert winner(ruling) == "Eva"
    assert rule({**situation, "hand": ["2O"], "trick_number": 3}).legal is False


def test_the_vuelta_still_has_to_follow_a_trump_lead():
    """Seed 000: "If the card that is led is a trump, each of the other players must play a trump if possible,
    except that a player whose only trump is the 4 does not have to play it" holds for the vuelta card too. Its
    "It is allowed even if a trump was led to the second trick" answers "In a trick to which a trump is led, all
    the other players must play their cards face up": it frees the card from being face up, not from following
    (RULINGS.md: the monja is the only exception). The ruling cites, and quotes, the paragraph that says so."""
    ruling = rule({"trump": "O", "trick": trick("5O", "6O", "7O"), "hand": ["2O", "12C"], "card": "12C",
                   "face_down": True, "trick_number": 2})
    assert ruling.legal is False and str(ruling.rule) == "Following a trump lead"
    assert codes(ruling.legal_cards) == ["2O"]
    section = next(s for s in RULES if s.key == ruling.rule.key)
    assert section.paragraphs[ruling.rule.paragraph] == R_FOLLOW_TRUMP


def test_the_rules_pages_vuelta_says_the_card_must_still_follow_a_trump_lead(client):
    """The vuelta's own paragraph said "(it is then still a trump, if the player has one other than the monja)",
    which reads as what the card is, not what it must be: the misreading the referee tester made of "even to a
    trump lead" (found by the reviewer). It now says the obligation."""
    page = client.get("/rules/paublillo/").content.decode().replace("&#x27;", "'")
    assert "even to a trump lead (it must then still be a trump, if the player has one other than the monja)" in page


def test_the_vuelta_in_a_two_player_game():
    """The last card of the second trick is the second player's."""
    ruling = rule({"trump": "E", "trick": trick("12C", leader="Bea"), "hand": ["2C"], "card": "2C",
                   "face_down": True, "trick_number": 2}, TWO)
    assert ruling.legal is True and winner(ruling) == "Bea"
    assert "Ana played the vuelta and so leads the third trick, not Bea." in str(ruling.explanation)


def test_a_card_that_completes_the_trick_names_the_winner():
    ruling = rule({"trump": "O", "trick": trick("5C", "6C", "7C"), "hand": ["12C", "2E"], "card": "12C"})
    assert ruling.legal is True and winner(ruling) == "Eva"
    assert "Eva wins with the King (rey) of copas" in str(ruling.explanation)


def test_the_trick_number_is_asked_only_when_the_vuelta_matters():
    """Only the last card of the second trick is the vuelta."""
    assert bad({"trump": "O", "trick": trick("5C", "6C", "7C", "4O*")}) == {
        "trick_number": "Which trick is this? A face-down last card wins only as the vuelta, in the second "
                        "trick."}
    assert "trick_number" in bad({"trump": "O", "trick": trick("5O", "6O", "7O"), "hand": ["2O"],
                                  "card": "2O", "face_down": True})
    ruling = rule({"trump": "O", "trick": trick("5C", "6C", "7C"), "hand": ["2O"], "card": "2O",
                   "face_down": True})
    assert ruling.legal is True and winner(ruling) is None
    assert str(ruling.explanation) == ("In the second trick this card is the vuelta, which counts as if it were "
                                       "face up: Eva wins. In another trick a card face down cannot win: Luis wins.")
    same = rule({"trump": "O", "trick": trick("5C", "6C", "7C"), "hand": ["2C"], "card": "2C",
                 "face_down": True})
    assert same.legal is True and winner(same) == "Luis"
    assert winner(rule({"trump": "O", "trick": trick("5C", "6C", "7C", "4O")})) == "Eva"


# -- bad situations ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("situation", "field"), [
    ({"trump": "X", "hand": ["5C"]}, "trump"),
    ({"hand": ["5C"]}, "trump"),
    ({"trump": "O", "hand": ["9C"]}, "hand"),
    ({"trump": "O", "hand": ["5C", "5C"]}, "hand"),
    ({"trump": "O", "hand": ["5C", "6C", "7C", "1C"]}, "hand"),
    ({"trump": "O", "hand": ["5C", "6C", "7C"], "trick_number": 2}, "hand"),
    ({"trump": "O", "hand": ["5C"], "trick_number": 4}, "trick_number"),
    ({"trump": "O", "hand": ["5C"], "card": "6C"}, "card"),
    ({"trump": "O", "card": "6C"}, "hand"),
    ({"trump": "O"}, "hand"),
    ({"trump": "O", "trick": [{"player": "Zoe", "card": "5C"}], "hand": ["6C"]}, "trick"),
    ({"trump": "O", "trick": [{"player": "Ana", "card": "5C"}, {"player": "Luis", "card": "6C"}],
      "hand": ["7C"]}, "trick.1.player"),
    ({"trump": "O", "trick": trick("5C", "5C"), "hand": ["7C"]}, "trick"),
    ({"trump": "O", "trick": trick("5C", "XX"), "hand": ["7C"]}, "trick"),
    ({"trump": "O", "trick": trick("5C"), "hand": ["5C"]}, "hand"),
    ({"trump": "O", "trick": trick("5C", "6C", "7C", "1C", "2C")}, "trick"),
    ({"trump": "O", "trick": trick("5C", "6C", "7C", "1C"), "hand": ["2C"], "card": "2C"}, "card"),
    ({"trump": "O", "trick": 5, "hand": ["2C"]}, "trick"),
    ({"trump": "O", "trick": "5C", "leader": "Bea", "hand": ["2C"], "card": "2C", "face_down": "maybe"},
     "face_down"),
    ({"trump": "O", "trick": [{"player": "Ana", "card": "5C"}], "leader": "Bea", "hand": ["2C"]},
     "trick.0.player"),
])
def test_impossible_situations_are_refused_field_by_field(situation, field):
    assert field in bad(situation)


def test_who_led_is_not_needed_to_say_which_card_takes_the_trick():
    """Who led only names the players: without it the answer is the card that takes the trick, and what may be
    played is the same (as Tarot's referee answers)."""
    done = rule({"trump": "O", "trick": ["5C", "12C", "7O", "2C"]})
    assert winner(done) == "7O" and done.winner_seat is None
    assert str(done.explanation).startswith("7 of oros takes the trick: the highest trump that counts.")
    asked = rule({"trump": "O", "trick": ["5O"], "hand": ["12C", "7O"], "card": "12C"})
    assert asked.legal is False and codes(asked.legal_cards) == ["7O"]
    vuelta = rule({"trump": "O", "trick": ["5C", "6C", "7C"], "hand": ["2C"], "card": "2C", "face_down": True,
                   "trick_number": 2})
    assert winner(vuelta) == "7C"
    assert str(vuelta.explanation).endswith("7 of copas takes the trick: the highest card of the suit led, with "
                                            "no trump that counts. Whoever played the vuelta leads the third trick.")


def test_players_may_be_named_by_seat_and_suits_by_name():
    ruling = GAME.ruling(FOUR, {"trump": "oros", "trick": [{"player": 2, "card": "5C"}, {"card": "4O"},
                                                          {"player": 0, "card": "6C"}, {"card": "12C"}]})
    assert winner(ruling) == "Eva"
    assert ruling.to_json()["winner"] == "Eva"


def test_who_led_may_be_given_as_the_leader_and_the_trick_as_codes():
    """The one situation parser: ``leader`` (or ``led_by``) names who led; a face-down card is written ``4O*``."""
    done = rule({"trump": "O", "leader": "Ana", "trick": "5C 6C 7C 4O*", "trick_number": 2})
    assert winner(done) == "Eva" and str(done.rule) == "The vuelta"
    assert winner(rule({"trump": "B", "led_by": "Luis", "trick": ["7C", "12B", "3B", "4C"]})) == "Ana"


def test_the_referee_is_the_games_trick_rules():
    """Paublillo's referee is a TrickRules: the generic answer agrees on the cards that may be played and on
    who takes the trick (Paublillo words its own answer: the face-down card, the vuelta, a trick completed)."""
    rules = GAME.trick_rules
    assert isinstance(rules, TrickRules)
    for situation in ({"trump": "O", "leader": "Ana", "trick": ["5O"], "hand": ["12C", "7O", "4O"]},
                      {"trump": "O", "leader": "Ana", "trick": ["5O"], "hand": ["4O", "12C"]},
                      {"trump": "O", "leader": "Bea", "trick": ["5C", "6C", "12B", "4O"]},
                      {"trump": "E", "leader": "Eva", "trick": ["5C", "6C*", "1C", "2C*"], "trick_number": 1}):
        generic, own = rule_on(rules, FOUR, situation), rule(situation)
        assert (codes(generic.legal_cards), winner(generic)) == (codes(own.legal_cards), winner(own))
        assert str(generic.rule) == str(own.rule) and generic.explanation == own.explanation


# -- the referee page's examples --------------------------------------------------------------------------------

FOUR_SEATS = GAME.table(["Player 1", "Player 2", "Player 3", "Player 4"])  # the page's table without a table
# Each example's answer: may the card be played (None: who takes the trick), the rule, who takes the trick.
EXAMPLE_ANSWERS = {
    "My only trump is the monja: must I play it?": (True, "The monja need not be played", None),
    "Trumps were led: must I play a trump?": (False, "Following a trump lead", None),
    "A plain suit was led: must I follow suit?": (True, "Following a plain lead", None),
    "Trumps were led: may I play a card face down?": (False, "Face-down cards", None),
    "The vuelta: does my face-down card win the second trick?": (True, "The vuelta", "Player 4"),
    "May a card played face down win the first trick?": (None, "Who wins the trick", "Player 4"),
    "Oros were turned: does the monja beat the paublillo?": (None, "Who wins the trick", "Player 3"),
    "Who wins: the Ace or the 7 of the suit led?": (None, "Who wins the trick", "Player 2"),
    "They said envido and we accepted: may we raise now?": (True, "Who may raise", None),
    "We said seis: may we raise again?": (False, "Who may raise", None),
    "They refused our nueve: what do we score?": (None, "A refused raise", None),
    "We are on 11 (alver): may they bet?": (False, "No betting on alver", None),
}


def test_the_referee_page_has_an_example_of_each_dispute_and_each_is_answered_right():
    """The turned card and the monja, following a trump lead (the lone monja apart) and a plain lead, face-down
    cards, the vuelta, and who takes a trick by the 40-card ranking: each example's answer, as the rules say."""
    assert [str(e.title) for e in GAME.examples] == list(EXAMPLE_ANSWERS)
    for example in GAME.examples:
        ruling = GAME.ruling(FOUR_SEATS, example.situation)
        assert (ruling.legal, str(ruling.rule), winner(ruling)) == EXAMPLE_ANSWERS[str(example.title)], (
            str(example.title), str(ruling.explanation))


# -- the answer says what happens here; the quote states the rule ------------------------------------------------

def quoted(ruling: Ruling) -> str:
    """The paragraph of the rules page the ruling rests on, which the referee quotes below the answer."""
    section = next(section for section in RULES if section.key == ruling.rule.key)
    return str(section.paragraphs[ruling.rule.paragraph])


def test_following_a_trump_lead_says_what_this_hand_must_do_and_leaves_the_rule_to_its_quote():
    """Seed: "each of the other players must play a trump if possible". The answer says what happens with this
    hand; the rule's own words are the quote beside it, not the answer's last sentence too (a tester read "When a
    trump is led, every other player must play a trump if they have one." twice)."""
    situation = {"trump": "O", "leader": "Ana", "trick": ["5O"], "hand": ["7O", "12C", "2E"]}
    listed = rule(situation)
    assert quoted(listed) == str(R_FOLLOW_TRUMP)
    assert str(listed.explanation) == "A trump was led and the player holds 7 of oros: a trump must be played."
    assert reasons(listed) == {"7O": "7 of oros: a trump, so it may be played.",
                               "12C": "King (rey) of copas: may not be played, as a trump was led and the player "
                                      "holds 7 of oros.",
                               "2E": "2 of espadas: may not be played, as a trump was led and the player holds 7 "
                                     "of oros."}
    asked = rule({**situation, "card": "12C"})
    assert quoted(asked) == str(R_FOLLOW_TRUMP) and asked.legal is False
    assert str(asked.explanation) == ("King (rey) of copas: may not be played, as a trump was led and the player "
                                      "holds 7 of oros.")


@pytest.mark.parametrize("situation", [
    {"trump": "O", "leader": "Ana", "hand": ["4O", "2C", "12E"]},  # leading
    {"trump": "O", "leader": "Ana", "hand": ["4O", "2C"], "card": "2C"},
    {"trump": "O", "leader": "Ana", "hand": ["4O", "2C"], "card": "2C", "face_down": True},
    {"trump": "O", "leader": "Ana", "trick": ["5O"], "hand": ["7O", "12C"]},  # following a trump lead
    {"trump": "O", "leader": "Ana", "trick": ["5O"], "hand": ["7O", "12C"], "card": "7O"},
    {"trump": "O", "leader": "Ana", "trick": ["5O"], "hand": ["5C", "12C"], "card": "5C"},  # no trump
    {"trump": "O", "leader": "Ana", "trick": ["5O"], "hand": ["4O", "12C"]},  # the lone monja
    {"trump": "O", "leader": "Ana", "trick": ["5O"], "hand": ["4O", "12C"], "card": "12C"},
    {"trump": "O", "leader": "Ana", "trick": ["5O"], "hand": ["7C"], "card": "7C", "face_down": True},
    {"trump": "O", "leader": "Ana", "trick": ["5C"], "hand": ["12O", "3B"]},  # following a plain lead
    {"trump": "O", "leader": "Ana", "trick": ["5C"], "hand": ["12O", "3B"], "card": "3B"},
    {"trump": "O", "leader": "Ana", "trick": ["5C"], "hand": ["12O", "3B"], "card": "3B", "face_down": True},
    {"trump": "O", "leader": "Ana", "trick": ["5C", "6C", "7C"], "hand": ["12C"], "card": "12C"},  # ends it
    {"trump": "O", "leader": "Ana", "trick": ["5C", "6C", "7C"], "hand": ["12C"], "card": "12C", "face_down": True,
     "trick_number": 1},
    {"trump": "O", "leader": "Ana", "trick": ["12C", "5O", "11C", "4C"]},  # who takes the trick
    {"trump": "O", "leader": "Ana", "trick": ["5C", "12C*", "4O*", "6C"], "trick_number": 1},
    {"trump": "O", "leader": "Ana", "trick": ["5C", "6C", "7C", "4O*"], "trick_number": 2},  # the vuelta
])
def test_no_answer_repeats_the_paragraph_it_quotes(situation):
    """Each answer says what happens in this situation; the paragraph its rule names is quoted below it by the
    referee, so neither the answer nor a card's reason ends with that paragraph again (a tester)."""
    ruling = rule(situation)
    paragraph = quoted(ruling)
    assert paragraph not in str(ruling.explanation), (str(ruling.rule), str(ruling.explanation))
    for card, why in reasons(ruling).items():
        assert paragraph not in why and all(str(p) not in why for s in RULES for p in s.paragraphs), (card, why)


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_a_card_or_a_suit_said_in_a_ruling_never_puts_a_bracket_in_a_bracket(language):
    """English names a court card with its Spanish name in brackets ("King (rey) of copas"), French a suit with
    its Spanish name ("coupes (copas)"): "Face down: Bea (King (rey) of copas)" and "A plain suit (coupes (copas))
    was led" put a bracket in a bracket (found by testers). A face-down card is said before who played it, as
    the deal's breakdown says it ("King (rey) of copas (Bea)"), and a suit in brackets in one word."""

    face_down = rule({"trump": "O", "trick": trick("5C", "12C*", "4O*", "6C"), "trick_number": 1})
    vuelta = rule({"trump": "O", "trick": trick("5C", "12C*", "7C", "3O*"), "trick_number": 2})
    plain = rule({"trump": "O", "trick": trick("5C"), "hand": ["12C", "4O"]})
    assert str(plain.rule) == "Following a plain lead"
    for ruling in (face_down, vuelta, plain):
        said = said_in(language, ruling.explanation)
        assert bracket_in_a_bracket(said) is None, said
