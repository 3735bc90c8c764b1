"""Toruro play rulings: ranking, the 7 of trumps standing in for the turned card, leads, following, the trick.

One test per rule, its docstring quoting the seed. Cards: ``"1O"`` Ace of oros, ``"12C"`` King of copas,
``"11E"`` caballo of espadas, ``"10B"`` sota of bastos.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games.toruro.play import REFEREE, judge_play, seven_stands_in_for, trick_winner_index
from games.toruro.rules import GAME
from referee.cards import parse_cards
from referee.game import InvalidRecord, Rule
from referee.tricks import TrickRules
from tests.said import bracket_in_a_bracket, said_in

P5 = ("Ana", "Luis", "Pepe", "Marta", "Juan")
TBL = GAME.table(P5)
BIG = GAME.table([f"P{n}" for n in range(10)])


def ruling(**situation: Any) -> dict[str, Any]:
    """The referee's answer as the API gives it: cards by code, the winner by name (or card)."""
    return GAME.ruling(TBL, situation).to_json()


def keys(hand: str, trick: str, number: int, trump: str,
         turned: str | None = None) -> tuple[str, dict[str, Any]]:
    """The governing rule key and, per card, the rule key it would break (None = legal)."""
    seven_as = seven_stands_in_for(parse_cards(turned, "spanish40")[0]) if turned else None
    rule, verdicts = judge_play(parse_cards(hand, "spanish40"), parse_cards(trick, "spanish40"), number,
                                trump, seven_as)
    return rule, {c.code: broken for c, broken in verdicts.items()}


def winner(trick: str, trump: str | None = None, turned: str | None = None) -> str | None:
    situation: dict[str, Any] = {"trick": trick.split()}
    if turned:
        situation["turned_card"] = turned
    else:
        situation["trump"] = trump
    return GAME.ruling(BIG, situation).to_json()["winner"]


# -- ranking and the trick -------------------------------------------------------------------------

def test_ranking_ace_three_king_caballo_sota_seven_down_to_two() -> None:
    """"The ace is the highest card in any suit, but the next-to-highest rank is the 3. Then ... the rey
    (king), caballero (knight), sota (jack), 7, 6, 5, 4, and finally, 2."""
    order = ["1E", "3E", "12E", "11E", "10E", "7E", "6E", "5E", "4E", "2E"]
    for i, best in enumerate(order):
        rest = order[i:]
        assert winner(" ".join(reversed(rest)), trump="O") == best
    cards = parse_cards("2B 4B 5B 6B 7B 10B 11B 12B 3B 1B", "spanish40")
    assert trick_winner_index(cards, "O", None) == 9


def test_the_highest_trump_takes_the_trick() -> None:
    """"The player with the highest card (the highest trump if trumps were played ...) takes the trick"."""
    situation = {"trump": "C", "trick": ["1O", "3O", "2C", "4C"], "players": ["Ana", "Luis", "Pepe", "Marta"]}
    result = ruling(**situation)
    assert result["winner"] == "Marta" and result["legal"] is None
    assert "Marta wins the trick with the highest trump, 4 of copas." in result["explanation"]
    assert result["rule"] == "Who takes the trick"
    # The same trick with who played each card given in the trick itself.
    plays = [{"card": c, "player": p} for c, p in zip(situation["trick"], situation["players"], strict=True)]
    assert ruling(trump="C", trick=plays)["winner"] == "Marta"


def test_without_a_trump_the_highest_card_of_the_suit_led_takes_it() -> None:
    """"... or the highest card in the leading suit in any other case"; another suit cannot win."""
    assert winner("5O 1E 4O 3B", trump="C") == "5O"
    assert winner("5O", trump="C") == "5O"


@pytest.mark.parametrize(("turned", "beats"), [("10C", "11C"), ("11C", "12C"), ("12C", "3C"), ("3C", "1C"),
                                               ("1C", None)])
def test_the_seven_of_trumps_plays_as_the_turned_card_when_sota_or_higher(turned: str,
                                                                         beats: str | None) -> None:
    """"If the card rank is a sota or higher, the 7 on this suit is considered as this face-up card. For
    example, if the card is the 3 of copas, any player with the 7 of copas can play his/her card as the 3."""
    # The 7 (as the turned card) beats everything below the turned rank and loses to everything above it.
    below = {"10C": "6C", "11C": "10C", "12C": "11C", "3C": "12C", "1C": "3C"}[turned]
    assert winner(f"{below} 7C", turned=turned) == "7C"
    if beats is not None:
        assert winner(f"7C {beats}", turned=turned) == beats
    assert "as the" in GAME.ruling(BIG, {"turned_card": turned, "trick": [below, "7C"]}).to_json()["explanation"]


def test_a_trick_the_seven_takes_as_the_turned_card_quotes_that_rule() -> None:
    """"If the card rank is a sota or higher, the 7 on this suit is considered as this face-up card": when the 7
    decides the trick, the ruling rests on (and the referee page quotes) that paragraph, not the plain "highest
    trump takes the trick" (a tester: "my 7 beats your caballo, the King is turned" was answered with a quote that
    never mentions the 7). A trick the 7 does not take keeps the usual rule."""
    rule = GAME.ruling(BIG, {"turned_card": "12C", "trick": ["11C", "7C"]}).rule
    assert isinstance(rule, Rule) and (rule.key, rule.paragraph) == ("the-deal-and-the-turned-card", 1)
    section = next(s for s in GAME.rules if s.key == rule.key)
    assert "the 7 of trumps counts as that card" in str(section.paragraphs[rule.paragraph])
    assert str(rule) == "The 7 of trumps plays as the turned card"
    assert GAME.ruling(BIG, {"turned_card": "11C", "trick": ["12C", "7C"]}).to_json()["rule"] == "Who takes the trick"


@pytest.mark.parametrize("turned", ["7C", "6C", "5C", "4C", "2C"])
def test_the_seven_is_only_a_seven_when_the_turned_card_is_below_sota(turned: str) -> None:
    """The stand-in applies only "if the card rank is a sota or higher"."""
    if turned != "7C":  # the turned 7 itself lies by the pots
        assert winner("10C 7C", turned=turned) == "10C"
    assert seven_stands_in_for(parse_cards(turned, "spanish40")[0]) is None


# -- leads -----------------------------------------------------------------------------------------

def test_lead_ace_first_trick_leader_holding_the_ace_of_trumps_leads_it() -> None:
    """"On the first round, the starting player must: Place the Ace of trump if he/she has it"."""
    result = ruling(trump="O", trick_number=1, trick=[], hand=["4E", "1O", "3O"], card="4E")
    assert result["legal"] is False and result["legal_cards"] == ["1O"]
    assert result["rule"] == "First trick: lead the Ace of trumps"
    assert result["explanation"].endswith(": a lulo.")  # the card asked about breaks the rule
    assert result["reasons"]["4E"] == "4 of espadas breaks “First trick: lead the Ace of trumps”: a lulo."
    assert keys("4E 1O 3O", "", 1, "O") == ("lead_ace", {"4E": "lead_ace", "1O": None, "3O": "lead_ace"})
    assert ruling(trump="O", trick_number=1, hand=["4E", "1O", "3O"], card="1O")["legal"] is True


def test_lead_ace_the_seven_standing_in_for_a_turned_ace_must_be_led() -> None:
    """"The 7 on this suit is considered as this face-up card": with the Ace turned, the 7 of trumps is the
    Ace of trumps, and the first lead must be it."""
    assert keys("12O 7O 2B", "", 1, "O", turned="1O") == (
        "lead_ace", {"12O": "lead_ace", "7O": None, "2B": "lead_ace"})
    assert ruling(turned_card="1O", trick_number=1, hand=["12O", "7O", "2B"])["legal_cards"] == ["7O"]


def test_lead_three_or_king_when_holding_both() -> None:
    """"... or place either the 3 or the King of trump if he/she has them both."""
    rule, verdicts = keys("3O 12O 4E", "", 1, "O")
    assert rule == "lead_three_or_king"
    assert verdicts == {"3O": None, "12O": None, "4E": "lead_three_or_king"}
    result = ruling(trump="O", trick_number=1, hand=["3O", "12O", "4E"], card="4E")
    assert result["legal"] is False and "both the 3 and the King of trumps" in result["explanation"]


def test_lead_three_or_king_holding_only_one_of_them_any_card() -> None:
    """"In any other case, he/she can play any card at all."""
    assert keys("3O 11O 4E", "", 1, "O") == ("free_lead", {"3O": None, "11O": None, "4E": None})
    assert keys("12O 2O 4E", "", 1, "O")[0] == "free_lead"
    assert ruling(trump="O", trick_number=1, hand=["3O", "11O", "4E"], card="4E")["legal"] is True


def test_lead_three_or_king_the_seven_standing_in_counts() -> None:
    """With the King turned, the 7 of trumps is the King: holding it and the 3, lead one of them."""
    assert keys("3O 7O 2E", "", 1, "O", turned="12O") == (
        "lead_three_or_king", {"3O": None, "7O": None, "2E": "lead_three_or_king"})


def test_lead_ace_comes_before_three_or_king() -> None:
    """"Place the Ace of trump if he/she has it; or ... the 3 or the King": holding all three, the Ace."""
    assert keys("1O 3O 12O", "", 1, "O") == ("lead_ace", {"1O": None, "3O": "lead_ace", "12O": "lead_ace"})


def test_lead_highest_trump_second() -> None:
    """"On the second round, the leading player must play his/her highest ranked trump card (if he/she has any
    trump cards at all)."""
    assert keys("4O 11O", "", 2, "O") == ("lead_highest_trump_second", {"4O": "lead_highest_trump_second",
                                                                         "11O": None})
    result = ruling(trump="O", trick_number=2, trick=[], hand=["4O", "11O"], card="4O")
    assert result["legal"] is False and result["rule"] == "Second trick: lead your highest trump"
    assert result["explanation"].endswith(": a lulo.")  # the card asked about breaks the rule


def test_lead_highest_trump_second_counts_the_seven_as_the_turned_card() -> None:
    """With the 3 turned, the 7 of trumps is the 3 and outranks the King."""
    assert keys("12O 7O", "", 2, "O", turned="3O") == ("lead_highest_trump_second",
                                                       {"12O": "lead_highest_trump_second", "7O": None})


def test_lead_highest_trump_second_without_trumps_any_card() -> None:
    """"... (if he/she has any trump cards at all)"."""
    assert keys("4E 1B", "", 2, "O") == ("free_lead", {"4E": None, "1B": None})


def test_the_third_lead_is_free() -> None:
    """Only the first and second leads carry an obligation."""
    assert keys("4E", "", 3, "O") == ("free_lead", {"4E": None})
    result = ruling(trump="O", trick_number=3, hand=["4E"], card="4E")
    assert result["legal"] is True and result["rule"] == "Free lead"



# A legal card under each rule whose breach is a lulo, and one that breaks it (trick number, trick, hand).
BINDING = {
    "lead_ace": (1, [], ["1O", "4E", "3O"], "1O", "4E"),
    "lead_three_or_king": (1, [], ["3O", "12O", "4E"], "12O", "4E"),
    "lead_highest_trump_second": (2, [], ["4O", "11O"], "11O", "4O"),
    "follow_suit": (1, ["5E"], ["2E", "1O", "3B"], "2E", "3B"),
    "trump_when_void": (1, ["5E"], ["2O", "3B", "4B"], "2O", "3B"),
    "play_higher_to_trump_lead": (1, ["5O"], ["6O", "2O", "3B"], "6O", "2O"),
}


@pytest.mark.parametrize("rule", list(BINDING))
def test_a_play_that_keeps_the_rule_is_not_told_of_a_lulo(rule: str) -> None:
    """"Any player who misplayed a rule ... commits lulo" (seed 002): leading the King of trumps holding the 3
    and the King keeps the rule, so its answer says what the rule asks and that the King may be played, and no
    lulo; a card that breaks it is told the lulo once; asked which cards may be played, the rule's price is said
    (found by a tester: "you must lead one of them. Breaking this rule is a lulo. King of oros: may be played.")."""
    number, trick, hand, kept, broken = BINDING[rule]
    asked = {"trump": "O", "trick_number": number, "trick": trick, "hand": hand}

    legal = ruling(**asked, card=kept)
    assert legal["legal"] is True and "lulo" not in legal["explanation"], legal["explanation"]
    assert legal["explanation"].endswith(": may be played.")

    illegal = ruling(**asked, card=broken)
    assert illegal["legal"] is False and illegal["explanation"].count("lulo") == 1, illegal["explanation"]
    assert illegal["explanation"].endswith(": a lulo.")

    listed = ruling(**asked)
    assert listed["explanation"].endswith("Breaking this rule is a lulo."), listed["explanation"]

# -- following -------------------------------------------------------------------------------------

def test_follow_suit() -> None:
    """"The leading player plays his/her card, and all the other players must follow suit if possible."""
    assert keys("2E 1O 3B", "5E", 1, "O") == (
        "follow_suit", {"2E": None, "1O": "follow_suit", "3B": "follow_suit"})
    result = ruling(trump="O", trick_number=1, trick=["5E"], hand=["2E", "1O", "3B"], card="1O")
    assert result["legal"] is False and result["rule"] == "Follow suit"
    assert result["explanation"].endswith(": a lulo.")  # the card asked about breaks the rule


def test_follow_suit_no_need_to_play_higher_to_a_plain_suit() -> None:
    """The "higher card" rule binds only "if the leading card is a trump"."""
    assert keys("2E 4E 1B", "5E 12E", 1, "O")[1] == {"2E": None, "4E": None, "1B": "follow_suit"}


def test_trump_when_void() -> None:
    """"If they can't, they must play a trump card, if available."""
    assert keys("2O 3B 4B", "5E", 1, "O") == ("trump_when_void", {"2O": None, "3B": "trump_when_void",
                                                                  "4B": "trump_when_void"})
    result = ruling(trump="O", trick_number=2, trick=["5E"], hand=["3B", "2O"], card="3B")
    assert result["legal"] is False and result["rule"] == "Trump when you cannot follow suit"
    assert result["explanation"].endswith(": a lulo.")  # the card asked about breaks the rule


def test_trump_when_void_any_trump_no_need_to_overtrump_a_plain_lead() -> None:
    """The seed asks for a higher card only when trumps are led: trumping a plain lead, any trump will do."""
    assert keys("2O 4O 1B", "5E 3O", 1, "O")[1] == {"2O": None, "4O": None, "1B": "trump_when_void"}


def test_trump_when_void_without_trumps_any_card() -> None:
    """"... if available": no card of the suit led and no trump, anything goes."""
    assert keys("2B 3C 4C", "5E", 1, "O") == ("free_discard", {"2B": None, "3C": None, "4C": None})
    assert ruling(trump="O", trick_number=1, trick=["5E"], hand=["2B", "3C", "4C"], card="3C")["legal"] is True


def test_play_higher_to_trump_lead() -> None:
    """"A special rule must be followed if the leading card is a trump: all players must play a higher card
    than those already played, if possible."""
    rule, verdicts = keys("10O 12O 2E", "5O 11O", 1, "O")
    assert rule == "play_higher_to_trump_lead"
    assert verdicts == {"10O": "play_higher_to_trump_lead", "12O": None, "2E": "follow_suit"}
    result = ruling(trump="O", trick_number=1, trick=["5O", "11O"], hand=["10O", "12O", "2E"], card="10O")
    assert result["legal"] is False and result["rule"] == "Play higher to a trump lead"
    assert result["explanation"].endswith(": a lulo.")  # the card asked about breaks the rule


def test_play_higher_to_trump_lead_beats_every_card_played_so_far() -> None:
    """"... higher card than those already played": the highest so far, not just the card led."""
    assert keys("11O 3O 2E", "4O 12O", 1, "O")[1] == {"11O": "play_higher_to_trump_lead", "3O": None,
                                                      "2E": "follow_suit"}


def test_play_higher_to_trump_lead_when_you_cannot_any_trump_still_follows() -> None:
    """"... if possible": holding no higher trump, any trump; another suit still breaks "follow suit"."""
    rule, verdicts = keys("4O 12O 2E", "5O 1O", 1, "O")
    assert rule == "follow_suit" and verdicts == {"4O": None, "12O": None, "2E": "follow_suit"}
    assert "none higher" in ruling(trump="O", trick_number=1, trick=["5O", "1O"],
                                   hand=["4O", "12O", "2E"])["explanation"]


def test_play_higher_to_trump_lead_holding_no_trump_any_card() -> None:
    """No trump in hand when trumps are led: nothing to follow with, nothing higher: any card."""
    assert keys("2E 3B 4C", "5O", 1, "O") == ("free_discard", {"2E": None, "3B": None, "4C": None})


def test_play_higher_to_trump_lead_the_seven_as_the_turned_card_is_higher() -> None:
    """With the 3 turned, the 7 of trumps plays as the 3 and tops a King."""
    assert keys("7O 11O 2E", "12O", 1, "O", turned="3O")[1] == {
        "7O": None, "11O": "play_higher_to_trump_lead", "2E": "follow_suit"}


# -- the ruling as the app shows it ----------------------------------------------------------------

def test_a_ruling_lists_the_legal_cards_and_a_reason_for_each() -> None:
    """The referee page: the legal cards, a reason per card, and the verdict on the card played."""
    result = ruling(turned_card="3O", trick_number=1, trick=["12O"], hand=["7O", "11O", "2E"], card="7O")
    assert result["legal"] is True and result["legal_cards"] == ["7O"]
    assert result["reasons"]["7O"] == "7 of oros played as the 3: may be played."
    data = json.loads(json.dumps(result))
    assert data["legal"] is True and data["winner"] is None
    asked = ruling(turned_card="3O", trick_number=1, trick=["12O"], hand=["7O", "11O", "2E"])
    assert asked["legal"] is None and asked["legal_cards"] == ["7O"]
    # The verdict on the card follows why the rule governs, as it always has.
    assert result["explanation"] == (
        "Trumps (oros) were led, so you must play a trump higher than every card played so far, the best being King "
        "(rey) of oros, when you can: 7 of oros played as the 3. 7 of oros played as the 3: may be played.")


def test_a_trick_winner_can_be_asked_with_the_card_just_played() -> None:
    """Without a hand, the trick (plus the card just played) is judged: who takes it."""
    result = ruling(trump="B", trick=["2B", "3E"], card="4B", players=["Ana", "Luis", "Pepe"])
    assert result["winner"] == "Pepe" and result["winning_card"] == "4B"


def test_a_legal_card_that_ends_the_trick_of_those_who_went_is_told_who_takes_it() -> None:
    """Seed: "the highest card of the suit led takes the trick, unless it was trumped". A Toruro trick holds a
    card from each player who went: told who went, the last of them learns who takes it, by name when who
    played the cards before is given (the last card being the one who went and has not played)."""
    asked = {"turned_card": "5B", "trick_number": 3, "trick": ["1C", "3C"], "hand": ["7C"], "card": "7C"}
    named = ruling(**asked, went=["Ana", "Luis", "Pepe"], players=["Pepe", "Ana"])
    assert named["legal"] is True and named["winning_card"] == "1C" and named["winner"] == "Pepe"
    assert named["explanation"].endswith("Pepe wins the trick with the highest copas (the suit led), Ace of "
                                         "copas. Order in every suit: Ace, 3, King, caballo, sota, 7, 6, 5, 4, 2.")
    assert ruling(**asked, went=["Ana", "Luis", "Pepe"], players=["Ana", "Luis"])["winner"] == "Ana"
    # who played each card named, the one asked about too, as without a hand (found by a tester)
    assert ruling(**asked, went=["Ana", "Luis", "Pepe"], players=["Luis", "Ana", "Pepe"])["winner"] == "Luis"
    by_card = ruling(**asked, went=["Ana", "Luis", "Pepe"])
    assert by_card["winner"] == "1C" and by_card["winning_card"] == "1C"
    untold = ruling(**asked)  # who went not said: the trick may go on
    assert untold["legal"] is True and untold["winner"] is None
    more = ruling(**asked, went=["Ana", "Luis", "Pepe", "Marta"])  # one more card to come
    assert more["legal"] is True and more["winner"] is None


def test_a_trick_under_way_is_still_told_who_holds_it_so_far() -> None:
    """Told who went (as the referee page is, opened from a deal entered card by card), two cards of a trick of
    three still answer who takes them so far, as without who went."""
    asked = {"turned_card": "5B", "trick_number": 3, "trick": ["1C", "3C"], "players": ["Pepe", "Ana"]}
    assert ruling(**asked, went=["Ana", "Luis", "Pepe"])["winner"] == ruling(**asked)["winner"] == "Pepe"


@pytest.mark.parametrize(("situation", "field", "message"), [
    ({"trick": ["1C", "3C", "4C"], "hand": ["7C"], "card": "7C", "went": ["Ana", "Luis", "Pepe"]}, "went",
     "A trick holds a card from each player who went: 3 here, not 4."),
    ({"trick": ["1C", "3C"], "hand": ["7C"], "card": "7C", "went": ["Ana", "Luis", "Pepe"],
      "players": ["Ana", "Marta"]}, "players", "Marta did not go: only those who went play."),
])
def test_who_went_bounds_the_trick(situation: dict[str, Any], field: str, message: str) -> None:
    """A trick holds one card from each player who went, played by them: more cards, or a card by one who did
    not go, is refused beside the field."""
    with pytest.raises(InvalidRecord) as refused:
        GAME.ruling(TBL, {"turned_card": "5B", "trick_number": 3, **situation})
    assert str(refused.value.errors[field]) == message


# -- who led: the trick goes round those who went ------------------------------------------------------------
# Seed 002: "the card playing starts with the first player on the dealer's left who is "going"", and the player who
# takes a trick "also becomes the leading player". RULINGS.md (General): players are entered in the order of play,
# and "next" always means next in that order. Only those who went play: the trick goes round them, in the table's
# order, from who led.

def test_the_winner_is_named_from_who_led_round_those_who_went() -> None:
    """Ana, Luis, Pepe, Marta, Juan at the table; Luis, Marta and Juan went (in any order said) and Marta led:
    the cards go Marta, Juan, then Luis (Ana and Pepe, who did not go, are skipped). Oros trumps: Marta's 5 of copas,
    Juan's Ace of copas, Luis's 2 of oros, the only trump: Luis takes it. Led by Juan, the cards go Juan, Luis,
    Marta: 5, Ace and 2 of copas, and Luis's Ace, the highest copas, takes it."""
    answer = ruling(trump="O", went=["Juan", "Luis", "Marta"], leader="Marta", trick=["5C", "1C", "2O"])
    assert answer["winner"] == "Luis" and answer["winning_card"] == "2O"
    assert answer["explanation"].startswith("Trumps (oros) were played: Luis wins the trick with the highest trump, "
                                            "2 of oros.")
    juan_led = ruling(trump="O", went=["Luis", "Marta", "Juan"], leader="Juan", trick=["5C", "1C", "2C"])
    assert juan_led["winner"] == "Luis"


def test_a_legal_card_that_ends_the_trick_is_told_who_takes_it_from_who_led() -> None:
    """Ana, Luis and Pepe went; Pepe led the 3 of copas to the third trick, Ana played the Ace: Luis, the last of
    them, may follow with his 7 of copas, and the Ace takes the trick: Ana's."""
    answer = ruling(turned_card="5B", trick_number=3, went=["Ana", "Luis", "Pepe"], leader="Pepe",
                    trick=["3C", "1C"], hand=["7C"], card="7C")
    assert answer["legal"] is True and answer["winner"] == "Ana" and answer["winning_card"] == "1C"
    assert "Ana wins the trick with the highest copas (the suit led), Ace of copas." in answer["explanation"]


def test_a_leader_who_did_not_go_is_refused_beside_who_led() -> None:
    """Only those who went play, so only one of them leads: Pepe, who did not go, is refused beside who led."""
    with pytest.raises(InvalidRecord) as refused:
        GAME.ruling(TBL, {"trump": "O", "went": ["Luis", "Marta", "Juan"], "leader": "Pepe", "trick": ["5C", "1C"]})
    assert {field: str(message) for field, message in refused.value.errors.items()} == {
        "leader": "Pepe did not go: only those who went play."}


def test_without_who_went_a_card_from_every_seat_goes_round_the_table_and_fewer_ask_who_went() -> None:
    """A trick of five cards at a table of five: everyone went, so the cards go round the whole table from who led
    (Marta, Juan, Ana, Luis, Pepe: Ana's Ace of oros takes it). Three cards: who played them cannot be told
    without who went, which is asked beside its field (not guessed)."""
    answer = ruling(trump="C", leader="Marta", trick=["5O", "2O", "1O", "3O", "12O"])
    assert answer["winner"] == "Ana"
    with pytest.raises(InvalidRecord) as refused:
        GAME.ruling(TBL, {"trump": "C", "leader": "Marta", "trick": ["5O", "2O", "1O"]})
    assert {field: str(message) for field, message in refused.value.errors.items()} == {
        "went": "Say who went too: the trick goes round them from who led."}


def test_who_played_each_card_named_by_the_api_must_start_with_who_led() -> None:
    """The API's older ``players`` (who played each card, in order) still names the winner; given beside who led,
    the lead is that player's."""
    assert ruling(trump="O", trick=["5C", "2O"], players=["Juan", "Ana"], leader="Juan")["winner"] == "Ana"
    with pytest.raises(InvalidRecord) as refused:
        GAME.ruling(TBL, {"trump": "O", "trick": ["5C", "2O"], "players": ["Juan", "Ana"], "leader": "Ana"})
    assert str(refused.value.errors["leader"]) == "Juan led this trick, not Ana."


@pytest.mark.django_db
def test_the_referee_page_asks_who_led_with_a_button_per_player_and_says_a_leader_who_did_not_go_beside_it(client):
    """The page: who went and who led are tapped (a button per player, who went several), who played each card is
    not asked; a leader who did not go comes back with the message beside who led."""
    from scoring import services

    table = services.create_table(game="toruro", players=list(P5), first_dealer=0)
    page = client.get("/referee/toruro/", {"table": table.edit_token})
    html = page.content.decode()
    assert 'type="radio" name="leader" value="Luis"' in html and 'type="checkbox" name="went" value="Marta"' in html
    assert "players" not in page.context["form"].fields
    asked = client.get("/referee/toruro/", {"ask": "1", "table": table.edit_token, "trump": "O", "leader": "Pepe",
                                            "went": ["Luis", "Marta", "Juan"], "trick": "5C 1C"})
    form = asked.context["form"]
    assert asked.context["answer"] is None and form.errors == {"leader": ["Pepe did not go: only those who went play."]}
    beside = r'id="field-leader".*?<div class="invalid-feedback[^"]*"[^>]*>Pepe did not go'
    assert re.search(beside, asked.content.decode(), re.S)


def test_the_referee_is_a_trick_rules_citing_the_rules_page() -> None:
    """Toruro's referee answers the shared protocol, and every rule it cites is a section of its rules
    page."""
    assert isinstance(REFEREE, TrickRules) and GAME.trick_rules is REFEREE
    answer = GAME.ruling(TBL, {"trump": "O", "trick_number": 1, "trick": ["5E"], "hand": ["2E", "1O", "3B"]})
    assert isinstance(answer.rule, Rule) and answer.rule.key in {section.key for section in GAME.rules}
    assert answer.to_json()["rule_key"] == "following"


# -- the paragraph each ruling quotes, and the cards in the reader's words ------------------------------------

def quoted(client: Any, language: str, **situation: Any) -> str:
    """The paragraph of the rules page the referee page quotes for a situation, in ``language``."""
    response = client.get("/referee/toruro/", {"ask": "1", **situation}, headers={"Accept-Language": language})
    answer = response.context["answer"]
    assert answer is not None, response.context["form"].errors
    return str(answer["cite"]["quote"])


def paragraph(section: str, index: int, language: str) -> str:
    from django.utils import translation

    from scoring.services import translate

    with translation.override(language):
        return translate(next(s for s in GAME.rules if s.key == section).paragraphs[index])


LANGUAGES = ["en", "es", "fr"]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_follow_suit_quotes_the_paragraph_that_says_it(client: Any, language: str) -> None:
    """"all the other players must follow suit if possible" (seed 002): a follow-suit ruling quotes "Follow the
    suit led if you can…", not the paragraph on who takes the trick (found by a tester)."""
    quote = quoted(client, language, turned_card="5B", trick_number=2, trick="12C", hand="4C 6B", card="6B")
    assert quote == paragraph("following", 0, language)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_following_rule_and_the_winner_quote_their_own_paragraph(client: Any, language: str) -> None:
    """"If they can't, they must play a trump card, if available. Also, a special rule must be followed if the
    leading card is a trump: all players must play a higher card than those already played, if possible." "The
    player with the highest card [...] takes the trick" (seed 002): each quotes its own paragraph."""
    assert quoted(client, language, turned_card="5O", trick_number=1, trick="5E",
                  hand="3B 2O 4C", card="3B") == paragraph("following", 0, language)
    assert quoted(client, language, turned_card="5O", trick_number=1, trick="6O",
                  hand="7O 2O 12C", card="2O") == paragraph("following", 1, language)
    assert quoted(client, language, turned_card="5B", trick="12C 2B") == paragraph("following", 2, language)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("number", "hand", "index"), [(1, "4C 6O 7E", 0), (1, "1B 6O 7E", 0),
                                                       (2, "4C 6O", 1), (2, "12B 6O", 1), (3, "4C", 2)])
def test_each_lead_quotes_the_paragraph_of_its_trick(client: Any, language: str, number: int, hand: str,
                                                     index: int) -> None:
    """"On the first round, the starting player must: Place the Ace of trump if he/she has it [...] On the second
    round, the leading player must play his/her highest ranked trump card" (seed 002), and the third lead is
    free: a lead, free or not, quotes the paragraph of its trick (a free lead quoted the first trick's)."""
    card = hand.split()[-1]
    assert quoted(client, language, turned_card="5B", trick_number=number, hand=hand,
                  card=card) == paragraph("leading", index, language)


@pytest.mark.django_db
def test_the_trick_s_winner_is_named_in_the_reader_s_language(client: Any) -> None:
    """A card's name is said in the reader's language everywhere: "…el triunfo más alto, Rey de copas, …", not
    "King (rey) of copas" in a Spanish sentence (found by a tester)."""
    response = client.get("/referee/toruro/", {"ask": "1", "turned_card": "11C", "trick_number": "3",
                                               "trick": "12C 7C 10C"}, headers={"Accept-Language": "es"})
    explanation = str(response.context["answer"]["explanation"])
    assert "Rey de copas" in explanation and "King (rey)" not in explanation, explanation


@pytest.mark.parametrize(("situation", "field"), [
    ({"trick": ["5O"]}, "trump"),
    ({"trump": "X", "trick": ["5O"]}, "trump"),
    ({"turned_card": "3C", "trump": "O", "trick": ["5O"]}, "trump"),
    ({"turned_card": "8C", "trick": ["5O"]}, "turned_card"),
    ({"trump": "O", "trick": ["9O"]}, "trick"),
    ({"trump": "O", "trick": ["5O", "5O"]}, "trick"),
    ({"trump": "O", "trick": ["5O", "1E", "2E", "3E", "4E"], "hand": ["1O", "2O", "3O"], "trick_number": 1},
     "trick"),
    ({"turned_card": "3C", "trick": ["3C"]}, "trick"),
    ({"turned_card": "3C", "hand": ["3C", "2O", "4O"], "trick_number": 1}, "hand"),
    ({"trump": "O", "hand": ["1O", "2O"], "trick_number": 1}, "hand"),
    ({"trump": "O", "hand": ["1O", "2O", "3O"]}, "trick_number"),
    ({"trump": "O", "hand": ["1O"], "trick_number": 4}, "trick_number"),
    ({"trump": "O", "trick": ["5O"], "hand": ["5O", "2O", "3O"], "trick_number": 1}, "hand"),
    ({"trump": "O", "hand": ["1O", "2O", "3O"], "trick_number": 1, "card": "4O"}, "card"),
    ({"trump": "O", "hand": ["1O", "2O", "3O"], "trick_number": 1, "card": "zz"}, "card"),
    ({"trump": "O", "trick": ["5O", "6O"], "players": ["Ana", "Nobody"]}, "players"),
    ({"trump": "O", "trick": ["5O", "6O"], "players": ["Ana"]}, "players"),
    ({"trump": "O", "trick": ["5O", "6O"], "players": ["Ana", "Ana"]}, "players"),
    ({"trump": "O"}, "trick"),
    ({"trump": "O", "trick": "5O"}, None),
])
def test_a_situation_that_cannot_be_is_refused_field_by_field(situation: dict[str, Any],
                                                              field: str | None) -> None:
    """Bad input answers with a message per field, never a crash (the API turns it into a 422)."""
    if field is None:  # a string of codes is accepted as well as a list
        assert GAME.ruling(TBL, situation).to_json()["winner"] == "5O"
        return
    with pytest.raises(InvalidRecord) as err:
        GAME.ruling(TBL, situation)
    assert field in err.value.errors, err.value.errors


# -- how the referee says it -----------------------------------------------------------------------------------

def cards(codes: str) -> list[Any]:
    return parse_cards(codes, "spanish40") if codes else []


# Every sentence of the play rules that names a card or the trump suit, present (to the one asking) and past
# (said of the player whose card a later trick proves wrong): (rule, hand, trick, trick number, cards allowed).
# Oros are trumps; the turned King makes the 7 of oros play as the King.
SENTENCES = [
    ("lead_ace", "1O 3O 12O 5C", "", 1, "1O"),
    ("lead_three_or_king", "3O 12O 5C", "", 1, "3O 12O"),
    ("lead_highest_trump_second", "11O 4O 5C", "", 2, "11O"),
    ("free_lead", "5C 6C", "", 1, "5C 6C"),
    ("free_lead", "5C 6C", "", 2, "5C 6C"),
    ("play_higher_to_trump_lead", "1O 4O 5C", "5O 7O", 3, "1O"),
    ("follow_suit", "4O 6O 5C", "5O 11O", 3, "4O 6O"),
    ("follow_suit", "12C 11C 5O", "5C", 3, "12C 11C"),
    ("trump_when_void", "7O 5E", "5C", 3, "7O"),
    ("free_discard", "5E 6E", "5C", 3, "5E 6E"),
]


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_a_card_or_the_trump_suit_said_in_a_ruling_never_puts_a_bracket_in_a_bracket(language: str) -> None:
    """French names a card of the Spanish deck with its Spanish suit in brackets ("3 de deniers (oros)"),
    English a court card with its Spanish name ("King (rey) of oros"), and the 7 standing in for the turned card
    says so ("7 of oros (as the King)"): a sentence that put such a name in brackets read "(3 de deniers
    (oros))" (found by testers). The cards allowed come after a colon or a comma, and the trump suit in brackets
    is said in one word."""
    from games.toruro.play import explain, winner_explanation

    for rule, hand, trick, number, allowed in SENTENCES:
        for player in (None, "Ana"):
            text = explain(rule, cards(hand), cards(trick), number, "O", "12", cards(allowed), player=player)
            said = said_in(language, text)
            assert bracket_in_a_bracket(said) is None, (rule, player, said)
    played = cards("5C 7O 12O")
    said = said_in(language, winner_explanation(played, "O", "12", trick_winner_index(played, "O", "12"), "Ana"))
    assert bracket_in_a_bracket(said) is None, said


def test_the_seven_as_the_turned_card_is_said_in_words_not_in_a_second_bracket() -> None:
    """Seed 002: "if the card is the 3 of copas, any player with the 7 of copas can play his/her card as the 3."
    The 7 is said to play as the turned card in words: French names the card with its Spanish suit in brackets
    ("7 de coupes (copas)"), and a second bracket after it read "7 de coupes (copas) (comme Roi)" (found by the
    referee tester)."""
    from games.toruro.play import card_name

    seven = parse_cards("7C", "spanish40")[0]
    assert str(card_name(seven, "C", "12")) == "7 of copas played as the King"
    for language in ("en", "es", "fr"):
        said = said_in(language, card_name(seven, "C", "12"))
        assert ") (" not in said and bracket_in_a_bracket(said) is None, (language, said)


def test_the_highest_trump_takes_the_trick_said_once_without_names() -> None:
    """Seed 002: "The player with the highest card (the highest trump if trumps were played, or the highest card in
    the leading suit in any other case) takes the trick". Asked without who played, the winning card is the
    answer, said once: not "takes the trick: 7 of copas (as the King)" after naming it (found by the referee
    tester)."""
    trumped = ruling(turned_card="12C", trick=["11C", "7C", "5O"])
    assert trumped["winner"] == "7C"
    assert trumped["explanation"].startswith(
        "Trumps (copas) were played: the highest trump, 7 of copas played as the King, takes the trick. Order")
    assert trumped["explanation"].count("7 of copas") == 1
    plain = ruling(turned_card="12C", trick=["5O", "1O", "2E"])
    assert plain["explanation"].startswith(
        "No trump was played: the highest oros (the suit led), Ace of oros, takes the trick. Order")
