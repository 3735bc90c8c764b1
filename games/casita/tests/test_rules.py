"""Casita Robada's scoring rules, one test per rule, named after it, quoting the text it checks (seed 003,
"More Fun than War? Burglary!", then RULINGS.md "Casita Robada"). Counts are hand-computed in each test."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.casita.record import Capture, CasitaRecord, deck_size
from games.casita.rules import GAME, CasitaState
from games.casita.rules_text import P_SHORT_ROUND, RULE_COUNTING, RULE_MATCH, RULES, SECTION_KEYS
from referee.cards import DeckKind
from referee.game import InvalidRecord
from referee.values import Seat

TWO = ["Ana", "Bea"]
THREE = ["Ana", "Bea", "Carl"]
FOUR = ["Ana", "Bea", "Carl", "Dani"]


def play(players, deals, **options):
    """Apply ``deals`` from the start; the final state and every outcome."""
    table = GAME.table(players, options)
    state, outcomes = GAME.initial_state(table), []
    for deal in deals:
        state, outcome = GAME.apply(table, state, deal)
        outcomes.append(outcome)
    return table, state, outcomes


def refusal(players, deals, last, **options) -> InvalidRecord:
    table, state, _outcomes = play(players, deals, **options)
    with pytest.raises(InvalidRecord) as refused:
        GAME.apply(table, state, last)
    return refused.value


# -- players and cards ----------------------------------------------------------------------------------------

def test_two_to_four_players():
    """Seed: "You can play this game with 2-4 players"."""
    assert GAME.player_counts == (2, 3, 4)
    for players in (TWO, THREE, FOUR):
        assert GAME.table(players).size == len(players)
    with pytest.raises(InvalidRecord) as refused:
        GAME.table(["Ana"])
    assert "players" in refused.value.errors
    with pytest.raises(InvalidRecord):
        GAME.table(FOUR + ["Eva"])


def test_the_deck_is_the_tables_option_40_48_or_52_cards():
    """Seed: "with pretty much any card deck"; RULINGS: "summing to the deck (40, 48 or 52)"."""
    assert GAME.table(TWO).deck is DeckKind.SPANISH40 and deck_size(GAME.table(TWO)) == 40
    assert deck_size(GAME.table(TWO, {"deck": "spanish48"})) == 48
    assert deck_size(GAME.table(TWO, {"deck": "french52"})) == 52
    with pytest.raises(InvalidRecord) as refused:
        GAME.table(TWO, {"deck": "tarot"})
    assert "options.deck" in refused.value.errors


# -- winning a deal -------------------------------------------------------------------------------------------

def test_the_most_cards_wins_the_deal():
    """Seed: "Players then count up their stacks, and whoever has the most cards wins." Ana 22, Bea 18 of 40:
    Ana wins the deal, a score of 1; Bea 0."""
    _table, state, (outcome,) = play(TWO, [{"captured": {"Ana": 22, "Bea": 18}}], target=3)
    assert outcome.scores == (1, 0) and state.totals == (1, 0)
    assert [str(line) for line in outcome.breakdown] == [
        "Ana 22 · Bea 18: 40 cards", "Ana wins the deal with 22 cards.", "Deals won: Ana 1, Bea 0."]
    assert [seat.name for seat in outcome.details.deal_winners] == ["Ana"]
    assert dict(outcome.details.captured) == {"Ana": 22, "Bea": 18}


def test_players_tied_for_the_most_all_win_the_deal():
    """RULINGS: "players tied for most all win that deal". 15 + 15 + 10 = 40: Ana and Bea each score 1."""
    _table, state, (outcome,) = play(THREE, [{"captured": [15, 15, 10]}], target=3)
    assert outcome.scores == (1, 1, 0) and state.totals == (1, 1, 0)
    assert str(outcome.breakdown[1]) == "Ana and Bea tie for the most, 15 cards: each wins the deal."


def test_four_players_all_tied_all_win():
    """10 + 10 + 10 + 10 = 40: a four-way tie for the most, everyone wins the deal."""
    _table, _state, (outcome,) = play(FOUR, [{"captured": [10, 10, 10, 10]}], target=2)
    assert outcome.scores == (1, 1, 1, 1)


# -- the counts: a whole count per player, summing to the deck --------------------------------------------------

def test_the_counts_must_add_up_to_the_deck_saying_by_how_much():
    """RULINGS: "A deal record is a whole count of 0 or more per player, summing to the deck". 20 + 18 = 38, 2
    short of 40; 20 + 23 = 43, 3 over; with the 52-card deck 22 + 18 = 40 is 12 short."""
    short = refusal(TWO, [], {"captured": [20, 18]})
    assert str(short.errors["captured"]) == "These counts add up to 38: 2 fewer than the 40 cards of the deck."
    assert short.rules["captured"] is RULE_COUNTING
    over = refusal(TWO, [], {"captured": [20, 23]})
    assert str(over.errors["captured"]) == "These counts add up to 43: 3 more than the 40 cards of the deck."
    french = refusal(TWO, [], {"captured": [22, 18]}, deck="french52")
    assert str(french.errors["captured"]) == "These counts add up to 40: 12 fewer than the 52 cards of the deck."
    assert RULE_COUNTING.key in SECTION_KEYS


def test_one_count_left_blank_is_the_rest_of_the_deck():
    """The counts add up to the deck, so the last is known: Ana 22, Bea 11, Carl blank → 40 − 33 = 7."""
    _table, _state, (outcome,) = play(THREE, [{"captured": [{"player": "Ana", "cards": 22},
                                                            {"player": "Bea", "cards": 11},
                                                            {"player": "Carl", "cards": ""}]}], target=2)
    assert dict(outcome.details.captured) == {"Ana": 22, "Bea": 11, "Carl": 7}
    # Left out altogether, as a client may: the same.
    _table, _state, (again,) = play(THREE, [{"captured": {"Ana": 22, "Bea": 11}}], target=2)
    assert dict(again.details.captured) == {"Ana": 22, "Bea": 11, "Carl": 7}


def test_a_blank_count_is_stored_worked_out():
    table = GAME.table(TWO)
    record = GAME.parse(table, {"captured": [{"player": "Ana"}, {"player": "Bea", "cards": 9}]})
    assert record == CasitaRecord((Capture(Seat(0, "Ana"), 31), Capture(Seat(1, "Bea"), 9)))
    assert record.to_json() == {"captured": [{"player": {"seat": 0, "name": "Ana"}, "cards": 31},
                                             {"player": {"seat": 1, "name": "Bea"}, "cards": 9}]}


def test_only_one_count_may_be_left_blank():
    refused = refusal(THREE, [], {"captured": [{"player": "Ana", "cards": 30}, {"player": "Bea"},
                                               {"player": "Carl"}]})
    message = "How many cards did each of Bea, Carl capture? Only one count may be left blank."
    assert {k: str(v) for k, v in refused.errors.items()} == {"captured.1.cards": message,
                                                             "captured.2.cards": message}


def test_the_others_already_over_the_deck_leave_nothing_for_the_blank():
    """Ana 30 + Bea 15 = 45 > 40: the blank cannot be worked out, and the message says by how much."""
    refused = refusal(THREE, [], {"captured": {"Ana": 30, "Bea": 15}})
    assert str(refused.errors["captured"]) == ("The other counts already add up to 45, 5 more than the 40 cards of "
                                              "the deck.")
    assert refused.rules["captured"] is RULE_COUNTING


def test_a_pile_never_holds_exactly_one_card():
    """Seed: "Take your card and all matching cards" — every capture takes at least two cards, and a pile only
    grows or is stolen whole, so a count of 1 cannot be (0 can: a pile stolen, or nothing captured)."""
    refused = refusal(THREE, [], {"captured": [25, 1, 14]})
    assert {k: str(v) for k, v in refused.errors.items()} == {
        "captured.1": "Bea cannot have exactly 1 card: every capture takes at least two, the card played and one it "
                      "matches."}
    assert refused.rules["captured.1"] is RULE_COUNTING
    _table, _state, (outcome,) = play(THREE, [{"captured": [40, 0, 0]}])
    assert outcome.scores == (1, 0, 0)


@pytest.mark.parametrize(("captured", "field"), [
    ([{"player": "Bea", "cards": 25}, {"player": "Ana", "cards": 1}, {"player": "Carl", "cards": 14}],
     "captured.1.cards"),
    ({"Bea": 25, "Ana": 1, "Carl": 14}, "captured.Ana"),
    ([1, 25, 14], "captured.0"),
    ([{"player": "Bea", "cards": 25}, {"player": "Carl", "cards": 14}, {"player": "Ana"}], "captured.2.cards"),
    ({"Bea": 25, "Carl": 14}, "captured"),
])
def test_a_pile_of_one_card_is_refused_beside_the_count_that_says_it(captured, field):
    """Ana's count, however it is given (a row, her name, her place in the order of play, or worked out from
    the others: 40 − 25 − 14 = 1), is refused where it was given, never at another player's row."""
    refused = refusal(THREE, [], {"captured": captured})
    assert {k: str(v) for k, v in refused.errors.items()} == {
        field: "Ana cannot have exactly 1 card: every capture takes at least two, the card played and one it "
               "matches."}
    assert refused.rules[field] is RULE_COUNTING


@pytest.mark.parametrize(("captured", "field", "message"), [
    ({"Ana": -2, "Bea": 42}, "captured.Ana", "A count is a whole number from 0 to 40."),
    ([20, 20.5], "captured.1", "A count is a whole number from 0 to 40."),
    ([41, 0], "captured.0", "A count is a whole number from 0 to 40."),
    ([{"player": "Ana", "cards": "veinte"}, {"player": "Bea", "cards": 20}], "captured.0.cards",
     "A count is a whole number from 0 to 40."),
    ([{"player": "Eva", "cards": 20}, {"player": "Bea", "cards": 20}], "captured.0.player",
     "Eva is not playing at this table."),
    ([{"player": "Ana", "cards": 20}, {"player": " ana ", "cards": 20}], "captured.1.player", "Ana is given twice."),
    ([{"cards": 20}, {"player": "Bea", "cards": 20}], "captured.0.player", "Whose count is this? Pick the player."),
    ([{"player": "Ana", "cards": 20, "tricks": 2}, {"player": "Bea", "cards": 20}], "captured.0",
     "Unknown field tricks: a row is a player and their cards."),
    ([20, 10, 10], "captured", "Give one count per player, in the order of play: 2 here."),
    ({"Eva": 20, "Bea": 20}, "captured.Eva", "Eva is not playing at this table."),
    ({"Ana": 22, "ana ": 3, "Bea": 15}, "captured.ana ", "Ana is given twice."),
    ("twenty", "captured", "Give each player's count: a list of {player, cards}, a {player: cards} object, or a "
                           "list of numbers in the order of play."),
])
def test_bad_counts_are_refused_beside_the_field(captured, field, message):
    refused = refusal(TWO, [], {"captured": captured})
    assert str(refused.errors[field]) == message


@pytest.mark.parametrize("record", [[{"captured": [22, 18]}], "22 18", 22])
def test_a_deal_that_is_not_an_object_is_refused(record):
    refused = refusal(TWO, [], record)
    assert str(refused.errors["__all__"]) == ("Send the deal as an object: each player's count of cards "
                                             "captured.")


def test_nothing_given_asks_for_the_counts():
    refused = refusal(TWO, [], {})
    assert str(refused.errors["captured"]) == ("How many cards did each of Ana, Bea capture? Only one count may be "
                                              "left blank.")


# -- a void deal --------------------------------------------------------------------------------------------

def test_a_void_deal_scores_nothing_and_the_deal_passes_on():
    """RULINGS, General: "Every deal may be recorded as void (misdeal...): no score, dealer advances"; it does
    not count towards a match of N deals."""
    table, state, (outcome,) = play(THREE, [{"void": True, "captured": [20, 20, 0]}], target=2)
    assert outcome.void and outcome.scores == (0, 0, 0) and state.totals == (0, 0, 0)
    assert state.played == 0 and state.deals == 1
    assert outcome.dealer == 0 and GAME.dealer(table, state) == 1
    assert GAME.parse(table, {"void": True}).to_json() == {"void": True}


# -- dealing ------------------------------------------------------------------------------------------------

def test_the_deal_passes_to_the_player_after_the_dealer_who_plays_first():
    """RULINGS, General: the first to play is the player after the dealer, and the deal passes to that player."""
    table, state, outcomes = play(THREE, [{"captured": [20, 10, 10]}, {"captured": [10, 20, 10]}], target=5)
    assert [o.dealer for o in outcomes] == [0, 1]
    assert GAME.dealer(table, state) == 2 and GAME.leader(table, state) == 0


def test_the_last_round_may_be_short():
    """Tapete's reading (the texts do not say): after the four centre cards the pack need not go round in fours;
    the last round deals what is left evenly, as far as it goes, the rest face up in the centre. Cards left after
    the centre, per deck and players: (cards each in the last short round, cards to the centre)."""
    short = {}
    for deck in (40, 48, 52):
        for players in (2, 3, 4):
            rest = (deck - 4) % (4 * players)
            if rest:
                short[deck, players] = divmod(rest, players)
    assert short == {(40, 2): (2, 0), (40, 4): (1, 0), (48, 2): (2, 0), (48, 3): (2, 2), (48, 4): (3, 0)}
    assert P_SHORT_ROUND in next(section.paragraphs for section in RULES if section.key == "the-deal")


# -- the match ----------------------------------------------------------------------------------------------

def test_a_match_is_one_deal_by_default():
    """RULINGS: "A match is a number of deals (default 1...)". Ana 22, Bea 18: Ana wins the deal and the match."""
    _table, state, (outcome,) = play(TWO, [{"captured": [22, 18]}])
    assert outcome.game_over and outcome.winners == (0,)
    assert str(outcome.breakdown[-1]) == "The match is over: Ana won it."


def test_a_match_of_n_deals_is_won_by_the_most_deals_won():
    """Three deals: Ana, Bea, Ana → Ana 2, Bea 1: Ana wins after the third, not before."""
    _table, state, outcomes = play(TWO, [{"captured": [22, 18]}, {"captured": [10, 30]}, {"captured": [26, 14]}],
                                   target=3)
    assert [o.game_over for o in outcomes] == [False, False, True]
    assert outcomes[-1].winners == (0,) and state.totals == (2, 1)


def test_a_match_of_n_deals_tied_on_deals_won_is_shared():
    """Two deals: Ana, then Bea → 1 each: they share the match."""
    _table, _state, outcomes = play(TWO, [{"captured": [22, 18]}, {"captured": [18, 22]}], target=2)
    assert outcomes[-1].game_over and outcomes[-1].winners == (0, 1)


def test_void_deals_do_not_count_towards_the_match():
    """A match of two deals: deal, misdeal, deal. It ends after the third record, the second deal played."""
    _table, state, outcomes = play(TWO, [{"captured": [22, 18]}, {"void": True}, {"captured": [22, 18]}],
                                   target=2)
    assert [o.game_over for o in outcomes] == [False, False, True]
    assert state.played == 2 and state.deals == 3


def test_first_to_n_ends_after_the_first_deal_where_anyone_has_n():
    """RULINGS: "first to N deal wins (ends after the first deal where anyone has N...)". First to 2 at three:
    Bea, Carl, Bea → Bea has 2 after the third deal."""
    deals = [{"captured": [10, 20, 10]}, {"captured": [10, 10, 20]}, {"captured": [6, 30, 4]}]
    _table, state, outcomes = play(THREE, deals, match="first_to", target=2)
    assert [o.game_over for o in outcomes] == [False, False, True]
    assert outcomes[-1].winners == (1,) and state.totals == (0, 2, 1)


def test_first_to_n_all_who_have_n_share():
    """"...all who have N share": first to 2, Ana and Bea each won a deal, then tie the third → both reach 2."""
    deals = [{"captured": [22, 18]}, {"captured": [18, 22]}, {"captured": [20, 20]}]
    _table, _state, outcomes = play(TWO, deals, match="first_to", target=2)
    assert outcomes[-1].game_over and outcomes[-1].winners == (0, 1)
    assert str(outcomes[-1].breakdown[-1]) == "The match is over: Ana and Bea share the win."


def test_no_deal_is_recorded_after_the_match_is_over():
    """RULINGS: "No deal is recorded after a match is over." — not even a void one; the refusal cites the rule."""
    for last in ({"captured": [22, 18]}, {"void": True}):
        refused = refusal(TWO, [{"captured": [30, 10]}], last)
        assert str(refused.errors["__all__"]) == ("The match is over: Ana won it. Start a new table for another "
                                                 "match.")
        assert refused.rules["__all__"] is RULE_MATCH
    shared = refusal(TWO, [{"captured": [20, 20]}], {"captured": [22, 18]})
    assert str(shared.errors["__all__"]).startswith("The match is over: Ana and Bea share the win.")


def test_the_match_in_words():
    table = GAME.table(TWO, {"target": 3})
    start = GAME.initial_state(table)
    assert str(GAME.match_text(table, start)) == ("A match of 3 deals, won by the most deals won: 0 played, 3 to "
                                                  "go.")
    state = CasitaState(totals=(1, 1), played=2)
    assert str(GAME.match_text(table, state)) == ("A match of 3 deals, won by the most deals won: 2 played, the "
                                                  "last one to go.")
    assert str(GAME.match_text(GAME.table(TWO), start)) == "A match of one deal."
    first = GAME.table(TWO, {"match": "first_to", "target": 4})
    assert str(GAME.match_text(first, start)) == "First to 4 deals won wins the match."
    assert GAME.display_state(table, state) == {
        "match": "deals", "target": 3, "deals_played": 2, "deals_left": 1, "deck": 40,
        "match_text": GAME.match_text(table, state), "match_over": False, "winners": []}


def test_totals_are_deals_won_shown_as_plain_numbers():
    table, state, _outcomes = play(TWO, [{"captured": [22, 18]}, {"captured": [30, 10]}], target=3)
    assert state.totals == (2, 0)
    assert [str(GAME.show_total(table, state, side)) for side in (0, 1)] == ["2", "0"]
    assert GAME.ranking(table, state) == (0, 1)


# -- settling up by rank --------------------------------------------------------------------------------------

def test_settle_up_each_loser_pays_each_winner_the_difference_in_deals_won():
    """Issue: "each loser pays the winner the difference × stake". A match of 5 at three: Ana 3, Bea 1, Carl 1
    deals won → Bea pays 3 − 1 = 2, Carl 2; Ana +4."""
    deals = [{"captured": [30, 6, 4]}, {"captured": [6, 30, 4]}, {"captured": [30, 6, 4]}, {"captured": [6, 4, 30]},
             {"captured": [30, 6, 4]}]
    table, state, _outcomes = play(THREE, deals, target=5)
    assert state.totals == (3, 1, 1)
    assert GAME.balances(table, state) == {0: 4, 1: -2, 2: -2}


def test_settle_up_with_a_fixed_stake_per_loss():
    """The option: one stake from each loser to the winner. Ana 3, Bea 1, Carl 1 → Bea −1, Carl −1, Ana +2;
    a shared match (Ana 1, Bea 1, Carl 0) → Carl pays one stake, and the tied winners share it: ½ each."""
    deals = [{"captured": [30, 6, 4]}, {"captured": [6, 30, 4]}, {"captured": [30, 6, 4]}, {"captured": [6, 4, 30]},
             {"captured": [30, 6, 4]}]
    table, state, _outcomes = play(THREE, deals, target=5)
    assert GAME.balances(table, state, per_point=False) == {0: 2, 1: -1, 2: -1}
    table, state, _outcomes = play(THREE, [{"captured": [30, 6, 4]}, {"captured": [6, 30, 4]}], target=2)
    assert GAME.balances(table, state, per_point=False) == {0: Fraction(1, 2), 1: Fraction(1, 2), 2: -1}
    assert [o.key for o in GAME.settle_options] == ["per_point"] and GAME.settle_options[0].default is True
