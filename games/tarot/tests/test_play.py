"""French Tarot rulings: the rules of play, the trick's winner and the écart, one rule per test.

"Play: follow suit; if void, trump; if a trump is already in the trick, overtrump if you can, otherwise still
trump ("pisser"); when trumps are led you must beat the highest trump played, even a partner's; with neither,
discard anything. The Excuse may be played at any time and never wins a trick except as the last card of a
chelem; led, the next card sets the suit […]. The opening lead at 5 may not be in the called suit unless it is
the called card." (RULINGS.md)
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from games.tarot import play
from games.tarot.play import TarotTrickRules
from games.tarot.rules import GAME
from games.tarot.rules_text import SECTION_KEYS
from referee.game import Rule
from referee.parse import InvalidRecord
from referee.tricks import TrickRules
from scoring.views.rules import citation

FOUR = GAME.table(["N", "E", "S", "W"])
THREE = GAME.table(["A", "B", "C"])
FIVE = GAME.table(["A", "B", "C", "D", "E"])


class Answer(NamedTuple):
    """A ruling as the API shows it (``Ruling.to_json()``): cards as codes, the rule and reasons as text."""

    legal: bool | None
    rule: str
    explanation: str
    legal_cards: list[str]
    reasons: dict[str, str]
    winner: str | None


def answer(situation: dict[str, Any], table: Any) -> Answer:
    data = GAME.ruling(table, situation).to_json()
    return Answer(data["legal"], data["rule"], data["explanation"], data["legal_cards"], data["reasons"],
                  data["winner"])


def ask(situation: dict[str, Any], table: Any = FOUR) -> Answer:
    return answer(situation, table)


def refused(situation: dict[str, Any], field: str, *words: str, table: Any = FOUR) -> str:
    with pytest.raises(InvalidRecord) as caught:
        GAME.ruling(table, situation)
    assert field in caught.value.errors, caught.value.errors
    message = str(caught.value.errors[field])
    for word in words:
        assert word.lower() in message.lower(), message
    return message


# -- following -----------------------------------------------------------------------------------------------

def test_leader_may_lead_any_card() -> None:
    ruling = ask({"hand": ["KH", "T5", "EX", "3C"], "trick": []})
    assert ruling.legal_cards == ["KH", "T5", "EX", "3C"]
    assert str(ruling.rule) == "Leading: any card"


def test_leading_any_card_quotes_a_paragraph_that_says_any_card_may_be_led() -> None:
    """The ruling "Leading: any card" quotes the paragraph of the rules page it rests on: that paragraph says who
    leads and that the leader may lead any card (it said only who leads, a reviewer), and keeps its place."""
    ruling = GAME.ruling(FOUR, {"hand": ["KH", "T5"], "trick": [], "card": "T5"})
    quote = citation(GAME, ruling.rule)
    assert quote is not None and quote["anchor"] == "play"
    assert quote["quote"] == ("The player after the dealer leads the first trick and the winner of each trick leads "
                              "the next; the leader may lead any card.")
    (section,) = [s for s in GAME.rules if s.key == "play"]
    assert str(section.paragraphs[0]) == quote["quote"]


def test_follow_suit() -> None:
    """Follow suit."""
    ruling = ask({"hand": ["KH", "2H", "T5", "3C"], "trick": ["7H"], "card": "T5"})
    assert ruling.legal is False
    assert str(ruling.rule) == "Follow suit"
    assert ruling.legal_cards == ["KH", "2H"]
    assert "follow" in str(ruling.reasons["T5"]).lower()
    assert "Trump 5: may not be played" in str(ruling.explanation)


def test_follow_suit_with_any_card_of_the_suit_even_a_low_one() -> None:
    ruling = ask({"hand": ["KH", "2H", "T5"], "trick": ["7H", "QH"], "card": "2H"})
    assert ruling.legal is True and str(ruling.rule) == "Follow suit"


def test_trump_when_void() -> None:
    """If void, trump."""
    ruling = ask({"hand": ["KS", "T2", "T20"], "trick": ["7H"], "card": "KS"})
    assert ruling.legal is False and str(ruling.rule) == "Trump when void"
    assert ruling.legal_cards == ["T2", "T20"]


def test_overtrump_when_the_trick_is_trumped() -> None:
    """If a trump is already in the trick, overtrump if you can."""
    ruling = ask({"hand": ["KS", "T5", "T15"], "trick": ["7H", "T10"], "card": "T5"})
    assert ruling.legal is False and str(ruling.rule) == "Overtrump"
    assert ruling.legal_cards == ["T15"]
    assert ask({"hand": ["KS", "T5", "T15"], "trick": ["7H", "T10"], "card": "T15"}).legal is True


def test_pisser_trump_even_if_you_cannot_overtrump() -> None:
    """… otherwise still trump ("pisser")."""
    ruling = ask({"hand": ["KS", "T3", "T4"], "trick": ["7H", "T10"], "card": "T3"})
    assert ruling.legal is True
    assert str(ruling.rule) == "Pisser: trump even if you cannot overtrump"
    assert ruling.legal_cards == ["T3", "T4"]
    assert ask({"hand": ["KS", "T3", "T4"], "trick": ["7H", "T10"], "card": "KS"}).legal is False


def test_trumps_led_beat_the_highest_trump_even_a_partners() -> None:
    """When trumps are led you must beat the highest trump played, even a partner's."""
    trick = [{"player": "N", "card": "T6"}, {"player": "E", "card": "T18"}]
    ruling = ask({"hand": ["T7", "T19", "KH"], "trick": trick, "card": "T7"})
    assert ruling.legal is False and str(ruling.rule) == "Overtrump"
    assert ruling.legal_cards == ["T19"]
    assert "partner" in str(ruling.explanation)


def test_trumps_led_any_trump_when_you_cannot_beat() -> None:
    ruling = ask({"hand": ["T7", "T9", "KH"], "trick": ["T18"], "card": "T7"})
    assert ruling.legal is True and ruling.legal_cards == ["T7", "T9"]
    assert ask({"hand": ["T7", "T9", "KH"], "trick": ["T18"], "card": "KH"}).legal is False


def test_discard_when_neither_suit_nor_trump() -> None:
    """With neither, discard anything."""
    ruling = ask({"hand": ["KS", "2D", "QC"], "trick": ["7H", "T10"], "card": "KS"})
    assert ruling.legal is True
    assert str(ruling.rule) == "Discard when you can neither follow nor trump"
    assert ruling.legal_cards == ["KS", "2D", "QC"]


def test_discard_when_trumps_led_and_none_held() -> None:
    assert ask({"hand": ["KS", "2D"], "trick": ["T3"], "card": "2D"}).legal is True


# -- the Excuse ----------------------------------------------------------------------------------------------

def test_excuse_may_always_be_played() -> None:
    """The Excuse may be played at any time."""
    for trick in (["7H"], ["7H", "T10"], ["T18"], []):
        ruling = ask({"hand": ["KH", "T19", "EX"], "trick": trick, "card": "EX"})
        assert ruling.legal is True and str(ruling.rule) == "The Excuse may always be played"
        assert "EX" in ruling.legal_cards


def test_excuse_led_next_card_sets_the_suit() -> None:
    """Led, the next card sets the suit."""
    ruling = ask({"hand": ["KH", "T5", "3C"], "trick": ["EX"], "card": "3C"})
    assert ruling.legal is True and ruling.legal_cards == ["KH", "T5", "3C"]
    assert "next card" in str(ruling.rule)
    # the third player follows the second card's suit
    ruling = ask({"hand": ["KH", "T5", "3C"], "trick": ["EX", "7C"], "card": "KH"})
    assert ruling.legal is False and ruling.legal_cards == ["3C"]


# -- the opening lead at five --------------------------------------------------------------------------------

def test_opening_lead_at_five_not_in_the_called_suit() -> None:
    """The opening lead at 5 may not be in the called suit unless it is the called card."""
    situation = {"hand": ["KH", "2H", "5S", "T3"], "trick": [], "first_trick": True, "called_card": "KH"}
    ruling = ask({**situation, "card": "2H"}, FIVE)
    assert ruling.legal is False and str(ruling.rule) == "Opening lead at five players"
    assert ruling.legal_cards == ["KH", "5S", "T3"]
    king = ask({**situation, "card": "KH"}, FIVE)
    assert king.legal is True
    # the one card of the called suit that may open, said so (a tester was told "any card but the called suit")
    assert str(king.explanation) == "King of hearts: may be played. The called card itself may open the deal."


def test_opening_lead_with_the_called_suit_given_as_a_suit() -> None:
    ruling = ask({"hand": ["QH", "5S"], "trick": [], "first_trick": True, "called_suit": "H", "card": "QH"},
                 FIVE)
    assert ruling.legal is False


def test_opening_lead_rule_only_on_the_first_trick() -> None:
    ruling = ask({"hand": ["2H", "5S"], "trick": [], "first_trick": False, "called_card": "KH", "card": "2H"},
                 FIVE)
    assert ruling.legal is True


def test_opening_lead_with_nothing_but_the_called_suit() -> None:
    ruling = ask({"hand": ["2H", "3H", "EX"], "trick": [], "first_trick": True, "called_card": "KH",
                  "card": "2H"}, FIVE)
    assert ruling.legal is True


def test_called_card_only_at_five_players() -> None:
    refused({"hand": ["2H"], "trick": [], "called_card": "KH"}, "called_card", "five players")


# -- who wins the trick --------------------------------------------------------------------------------------

def test_highest_trump_wins() -> None:
    """Trick winner: highest trump."""
    ruling = ask({"trick": [{"player": "N", "card": "KH"}, {"player": "E", "card": "T2"},
                            {"player": "S", "card": "T21"}, {"player": "W", "card": "QH"}]})
    assert ruling.winner == "S" and "highest trump" in str(ruling.explanation)


def test_highest_card_of_the_suit_led_wins_without_trumps() -> None:
    """Else highest card of the suit led."""
    ruling = ask({"trick": ["10S", "KH", "CS", "2S"], "leader": "E"})
    # in the order of play E led the 10S, S threw the KH, W played the Knight CS, N the 2S:
    # the King of hearts is off-suit, the Knight of spades is the highest spade
    assert ruling.winner == "W"
    assert ask({"trick": ["10S", "KH", "CS", "2S"]}).winner == "CS"


def test_a_trump_takes_the_trick_over_the_cards_of_the_suit_led() -> None:
    """"The highest trump takes the trick; with no trump in it, the highest card of the suit led does." Hearts
    led, the 3 of trumps played: the hearts are beaten by it, not off-suit; the Excuse never wins."""
    ruling = ask({"trick": ["KH", "2H", "T3", "EX", "10H"]}, FIVE)
    assert ruling.winner == "T3"
    trumped = "Of the suit led, but a trump, the 3, takes the trick."
    assert {code: str(reason) for code, reason in ruling.reasons.items()} == {
        "KH": trumped, "2H": trumped, "T3": "Wins the trick.", "EX": "The Excuse never wins a trick.", "10H": trumped}
    off_suit = ask({"trick": ["7C", "3C", "T1", "2H", "9C"]}, FIVE)
    assert str(off_suit.reasons["2H"]) == "Not the suit led and not a trump: it cannot win."
    assert str(off_suit.reasons["7C"]) == "Of the suit led, but a trump, the Petit, takes the trick."


def test_excuse_never_wins() -> None:
    """The Excuse never wins a trick."""
    ruling = ask({"trick": ["2C", "EX", "3C", "4D"], "leader": "N"})
    assert ruling.winner == "S"
    assert "never wins" in str(ruling.reasons["EX"])


def test_excuse_led_next_card_sets_the_suit_for_the_winner() -> None:
    ruling = ask({"trick": ["EX", "3C", "KH", "7C"], "leader": "N"})
    assert ruling.winner == "W"  # clubs set by E's 3C; W's 7C beats it; the King of hearts is off-suit


def test_excuse_led_to_the_last_trick_of_a_chelem_wins() -> None:
    """… except as the last card of a chelem."""
    trick = ["EX", "3C", "KH", "T21"]
    assert ask({"trick": trick, "leader": "N", "last_trick": True, "chelem": True}).winner == "N"
    reasons = ask({"trick": trick, "last_trick": True, "chelem": True}).reasons
    assert reasons["T21"] == reasons["KH"] == "The Excuse led to the last trick of a chelem takes it."
    assert ask({"trick": trick, "leader": "N", "last_trick": True}).winner == "W"
    assert "last trick" in str(ask({"trick": trick, "leader": "N", "last_trick": True}).explanation)


def test_trick_at_three_and_five_players() -> None:
    assert ask({"trick": ["5D", "9D", "T1"], "leader": "B"}, THREE).winner == "A"
    assert ask({"trick": ["5D", "9D", "JD", "KD", "QD"]}, FIVE).winner == "KD"


# -- bad input -----------------------------------------------------------------------------------------------

def test_unknown_card_is_refused() -> None:
    # The one situation parser words it for every game: "ZZ is not a card of this game."
    refused({"hand": ["KH", "ZZ"], "trick": []}, "hand", "ZZ", "not a card of this game")
    refused({"hand": ["KH"], "trick": ["T22"]}, "trick", "T22")
    refused({"hand": ["KH"], "trick": [], "card": "X"}, "card", "not a card of this game")


def test_duplicate_card_is_refused() -> None:
    refused({"hand": ["KH", "KH"], "trick": []}, "hand", "twice")
    refused({"hand": ["2H"], "trick": ["KH", "KH"]}, "trick", "twice")
    refused({"hand": ["KH", "2H"], "trick": ["KH"]}, "hand", "both")


def test_card_not_in_hand_is_refused() -> None:
    refused({"hand": ["KH", "2H"], "trick": ["7H"], "card": "3H"}, "card", "not in the hand")


def test_a_hand_is_needed_for_an_incomplete_trick() -> None:
    refused({"trick": ["7H"]}, "hand", "hand")


def test_too_many_cards_in_a_trick() -> None:
    refused({"trick": ["2C", "3C", "4C", "5C", "6C"]}, "trick", "one card per player")


def test_nothing_more_goes_on_a_complete_trick() -> None:
    refused({"hand": ["KH"], "trick": ["2C", "3C", "4C", "5C"]}, "trick", "every player has played")


def test_unknown_player_in_the_trick() -> None:
    refused({"trick": [{"player": "Zoe", "card": "2C"}], "hand": ["3C"]}, "trick", "Zoe")


# -- the écart -----------------------------------------------------------------------------------------------

# The taker's 24 cards at four players after taking the chien (18 + 6).
TAKER_HAND = ["KH", "QH", "2H", "3H", "4H", "KS", "QS", "5S", "6S", "CD", "JD", "7D", "8C",
              "T1", "T21", "EX", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9"]


def ecart(cards: list[str], hand: list[str] | None = None, table: Any = FOUR) -> Answer:
    return answer({"question": "ecart", "hand": hand or TAKER_HAND, "ecart": cards}, table)


def test_ecart_of_plain_cards_is_legal() -> None:
    """Écart: no King and no bout."""
    ruling = ecart(["2H", "3H", "4H", "5S", "6S", "7D"])
    assert ruling.legal is True and str(ruling.rule) == "The écart"


def test_no_king_in_the_ecart() -> None:
    ruling = ecart(["KH", "3H", "4H", "5S", "6S", "7D"])
    assert ruling.legal is False and "King" in str(ruling.reasons["KH"])
    assert "KH" not in ruling.legal_cards


def test_no_bout_in_the_ecart() -> None:
    for bout in ("T1", "T21", "EX"):
        ruling = ecart([bout, "3H", "4H", "5S", "6S", "7D"])
        assert ruling.legal is False and "bout" in str(ruling.reasons[bout])


def test_no_trump_in_the_ecart_when_avoidable() -> None:
    """Trumps only when unavoidable."""
    ruling = ecart(["T2", "3H", "4H", "5S", "6S", "7D"])
    assert ruling.legal is False and "so no trump may go in here." in str(ruling.explanation)
    title = GAME.ruling(FOUR, {"question": "ecart", "hand": TAKER_HAND, "ecart": ["T2", "3H", "4H", "5S", "6S",
                                                                              "7D"]}).legal_cards_title
    assert str(title) == "Cards that may go in the écart:"  # the page's heading, not "Cards you may play:"


def test_trumps_in_the_ecart_when_unavoidable_are_shown() -> None:
    """… and then shown."""
    hand = ["KH", "KS", "KD", "KC", "2H", "3H", "T1", "T21", "EX"] + [f"T{n}" for n in range(2, 17)]
    assert len(hand) == 24
    ruling = ecart(["2H", "3H", "T2", "T3", "T4", "T5"], hand)
    assert ruling.legal is True and "shown" in str(ruling.explanation)
    # but not more trumps than needed, nor leaving a plain card in hand
    too_many = ecart(["2H", "T6", "T2", "T3", "T4", "T5"], hand)
    assert too_many.legal is False
    assert "you hold 2 other cards that may go down, so no more than 4 of them here, not 5." in str(
        too_many.explanation)


def test_trumps_in_the_ecart_when_the_taker_holds_nothing_else_that_may_go_down() -> None:
    """"Écart: no King and no bout; trumps only when unavoidable, and then shown" (RULINGS.md): a hand of Kings,
    bouts and trumps puts down six trumps, and the ruling says so without "only 0 cards" (a tester)."""
    hand = ["KH", "KS", "KD", "KC", "T1", "T21", "EX"] + [f"T{n}" for n in range(2, 19)]
    assert len(hand) == 24
    ruling = ecart(["T2", "T3", "T4", "T5", "T6", "T7"], hand)
    assert ruling.legal is True
    assert ruling.explanation.startswith("A legal écart: with no card that is neither a trump nor a King, 6 trumps "
                                         "must go down, shown to the table: Trump 2, ")
    assert ruling.reasons["T2"] == "Allowed and shown: you have no other card to put down."
    one_other = ecart(["2H", "T2", "T3", "T4", "T5", "T6"], hand[:-1] + ["2H"])
    assert one_other.legal is True and "with only one card that is neither a trump nor a King, 5 trumps" in (
        one_other.explanation)
    assert one_other.reasons["T2"] == "Allowed and shown: you have only 1 other card to put down."


def test_ecart_has_the_chiens_size() -> None:
    """Right number of cards: 6 at 3 and 4 players, 3 at 5."""
    ruling = ecart(["2H", "3H", "4H", "5S", "6S"])
    assert ruling.legal is False and "6 cards" in str(ruling.explanation)
    five_hand = ["2H", "3H", "4H", "5S", "6S", "7D", "8D", "9D", "KC", "T1", "T5", "T6", "T7", "T8", "T9",
                 "T10", "T11", "T12"]
    assert ecart(["2H", "3H", "4H"], five_hand, FIVE).legal is True
    assert ecart(["2H", "3H", "4H", "5S"], five_hand, FIVE).legal is False


def test_no_king_and_no_bout_in_the_ecart_whatever_the_hand() -> None:
    """"Écart: no King and no bout" (RULINGS.md), whatever else the taker holds: the referee rules on a King in
    the écart without the taker's 30 cards (a tester at three players: the commonest écart dispute took 36 taps)."""
    ruling = answer({"question": "ecart", "ecart": ["KH", "2H", "3H", "4H", "5H", "6H"]}, THREE)
    assert ruling.legal is False and ruling.rule == "The écart"
    assert ruling.explanation == "Not a legal écart. No King and no bout may go in the écart (King of hearts)."
    assert ruling.reasons["KH"] == "A King never goes in the écart." and ruling.reasons["2H"] == "Allowed."
    assert ruling.legal_cards == ["2H", "3H", "4H", "5H", "6H"]  # the page marks each card ✓ or ✗ by them
    assert answer({"question": "ecart", "ecart": ["T21", "2H", "3H"]}, FIVE).legal is False
    plain = answer({"question": "ecart", "ecart": ["2H", "3H", "4H", "5H", "6H", "7H"]}, THREE)
    assert plain.legal is True and plain.explanation == "A legal écart: 6 cards, no King, no bout and no trump."
    short = answer({"question": "ecart", "ecart": ["2H", "3H", "4H", "5H", "6H"]}, FOUR)
    assert short.legal is False and "The écart is 6 cards at 4 players, not 5." in short.explanation


def test_a_trump_in_the_ecart_only_when_unavoidable_needs_the_whole_hand() -> None:
    """"Trumps only when unavoidable" (RULINGS.md) depends on the rest of the hand: without it the referee asks
    for it beside the hand, rather than guess."""
    refused({"question": "ecart", "ecart": ["T5", "2H", "3H", "4H", "5H", "6H"]}, "hand", "whole hand",
            table=THREE)


def test_ecart_cards_must_be_in_the_hand() -> None:
    refused({"question": "ecart", "hand": TAKER_HAND, "ecart": ["9H", "3H", "4H", "5S", "6S", "7D"]}, "ecart",
            "9 of hearts")


def test_ecart_needs_the_whole_hand() -> None:
    refused({"question": "ecart", "hand": TAKER_HAND[:10], "ecart": ["2H"]}, "hand", "24 cards")


def test_ruling_fields_describe_the_referee_form() -> None:
    names = {f.name: f.kind for f in GAME.ruling_fields}
    assert (names["hand"], names["trick"], names["card"]) == ("cards", "cards", "card")


def test_ruling_is_json() -> None:
    data = GAME.ruling(FOUR, {"hand": ["KH", "T5"], "trick": ["7H"]}).to_json()
    assert data["legal"] is None and data["legal_cards"] == ["KH"] and set(data["reasons"]) == {"KH", "T5"}
    assert data["rule"] == "Follow suit" and data["rule_key"] == "play" and data["winner"] is None


# -- the referee is the game's TrickRules ---------------------------------------------------------------------

def test_the_referee_is_a_trick_rules() -> None:
    assert isinstance(GAME.trick_rules, TarotTrickRules) and isinstance(GAME.trick_rules, TrickRules)


def test_every_rule_the_referee_cites_is_on_the_rules_page() -> None:
    """A ruling that quotes a rule quotes a section of the game's rules page, and the paragraph of it the ruling
    rests on."""
    cited = [value for value in vars(play).values() if isinstance(value, Rule)]
    assert len(cited) == 13
    assert all(rule.key in SECTION_KEYS and rule.paragraph is not None for rule in cited)


def test_the_rule_cited_for_the_excuse_is_its_own() -> None:
    ruling = GAME.ruling(FOUR, {"hand": ["KH", "EX"], "trick": ["7H"], "card": "EX"})
    assert str(ruling.rule) == "The Excuse may always be played" and ruling.legal is True
    assert "Excuse: may be played. The Excuse may be played at any time" in str(ruling.explanation)


def test_the_winner_as_a_seat() -> None:
    """A complete trick with who played: the winner's seat, and the winning card."""
    ruling = GAME.ruling(FOUR, {"trick": ["10S", "KH", "CS", "2S"], "leader": "E"})
    assert ruling.winner_seat is not None and (ruling.winner_seat.index, ruling.winner_seat.name) == (3, "W")
    assert ruling.winner is not None and ruling.winner.code == "CS"
    assert ruling.to_json()["winning_card"] == "CS"


def test_the_ecart_is_a_question_of_its_own() -> None:
    ruling = GAME.ruling(FOUR, {"question": "Ecart", "hand": TAKER_HAND, "ecart": "2H 3H 4H 5S 6S 7D"})
    assert ruling.legal is True and ruling.rule == play.RULE_ECART


def test_a_question_the_referee_does_not_answer() -> None:
    refused({"question": "bid", "hand": ["KH"]}, "question")


def test_the_called_card_is_a_court_card() -> None:
    refused({"hand": ["2H"], "trick": [], "called_card": "7H", "first_trick": True}, "called_card", "King",
            table=FIVE)
    refused({"hand": ["2H"], "trick": [], "called_suit": "X"}, "called_suit", "S, H, D or C", table=FIVE)


def test_examples_are_answered() -> None:
    """Every example on the referee page is a situation the referee answers."""
    assert len(GAME.examples) == 9
    for example in GAME.examples:
        assert GAME.ruling(FOUR, example.situation).to_json()["explanation"]
