"""The referee on the bidding of Tresillo and L'Ombre, one rule per test (seed 003, "The Goal and Bidding" and
"Game Evolution – Tresillo"; RULINGS.md, Tresillo and L'Ombre). The answers come from games.tresillo.bidding, the
code that checks a deal's bidding in the record form, and the last tests show the two never disagree.

At every table here Ana deals: Bea is the eldest and speaks first, then Carl, then Ana (at four, Ana sits out and
Dani speaks third)."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.tresillo.bidding import ALL_PASSED
from games.tresillo.ombre import OMBRE
from games.tresillo.record import BIDS, PASS
from games.tresillo.rules_text import (
    P_BIDS,
    P_OMBRE_BIDDING,
    P_OMBRE_ONCE,
    P_PLAYERS,
    P_TURNS,
    RULE_BIDS,
    RULE_FOURTH,
    RULE_OMBRE_BIDS,
    RULE_OMBRE_ONCE,
    RULE_TURNS,
)
from games.tresillo.tresillo import TRESILLO
from referee.game import InvalidRecord, Ruling
from scoring.views.rules import citation

from .helpers import FOUR, PLAYERS

THREE = TRESILLO.table(list(PLAYERS))
OMBRE_THREE = OMBRE.table(list(PLAYERS))
SACADO = {"Bea": 5, "Ana": 2, "Carl": 2}


def bid(game: Any = TRESILLO, players: tuple[str, ...] = PLAYERS, **situation: Any) -> Ruling:
    return game.ruling(game.table(list(players)), {"question": "bidding", "dealer": "Ana", **situation})


def refused(game: Any = TRESILLO, players: tuple[str, ...] = PLAYERS, **situation: Any) -> dict[str, str]:
    with pytest.raises(InvalidRecord) as info:
        bid(game, players, **situation)
    return {key: str(message) for key, message in info.value.errors.items()}


def said(ruling: Ruling) -> tuple[bool | None, str]:
    return ruling.legal, str(ruling.explanation)


# -- Tresillo ---------------------------------------------------------------------------------------------------

def test_the_eldest_speaks_first_and_the_bidding_goes_round_the_table():
    """Seed 003: "the eldest hand has the right to bid game or pass, letting the second player make the same
    choice, followed by the third"; Tresillo "is virtually the same game, except for the counters, the possible
    bids, and the payout system"."""
    assert said(bid()) == (None, "No bid yet: Bea speaks now, and may bid juego, vuelta or solo, or pass.")
    assert said(bid(speaker="Carl", says="juego")) == (False, (
        "Bea speaks here, not Carl: the bidding goes round from the eldest, and a player who passed speaks no "
        "more."))
    assert said(bid(speaker="Bea", says="juego")) == (True, "Bea may bid juego, the first bid. Carl speaks next.")
    assert bid().rule == RULE_TURNS


def test_the_bids_rank_juego_then_vuelta_then_solo_and_a_lower_bid_is_refused():
    """Seed 003: "There are, however, other possible bids, listed below from lowest to highest in rank. ...
    Juego ... Vuelta ... Solo"; "Like poker, you can raise the bid as it goes around the table"."""
    lower = bid(highest="vuelta", highest_by="Bea", speaker="Carl", says="juego")
    assert said(lower) == (False, "Carl bid juego after vuelta: a bid must be at least the highest so far.")
    assert lower.rule == RULE_BIDS
    assert said(bid(highest="vuelta", highest_by="Bea", says="solo")) == (
        True, "Carl may bid solo: it is higher than Bea's vuelta. Ana speaks next.")
    assert said(bid(highest="vuelta", highest_by="Bea")) == (None, (
        "The highest bid so far is vuelta, Bea's. Carl speaks now, and may bid vuelta or solo, or pass: a bid must "
        "be at least the highest so far, and of equal bids the last to give it is the Hombre."))


def test_of_equal_bids_the_last_to_give_it_is_the_hombre_even_against_the_eldest():
    """Seed 003: "If there is a tie bid, the last player to give that bid is the Hombre." RULINGS.md: "Tie in
    bidding: the last player to give that bid is the Hombre." So the eldest has no privilege to hold a bid: a
    later player who matches it takes it, and the eldest takes it back only by saying it again after him."""
    matched = bid(highest="juego", highest_by="Bea", speaker="Carl", says="juego")
    assert said(matched) == (True, (
        "Carl may bid juego, equal to Bea's: of equal bids the last to give it is the Hombre, so Carl now holds "
        "the bid. Ana speaks next."))
    assert matched.rule == RULE_BIDS
    # Bea juego, Carl juego, Ana passes: Bea, the eldest, may say juego again, and holds it.
    assert said(bid(highest="juego", highest_by="Carl", passed=["Ana"], speaker="Bea", says="juego"))[1] == (
        "Bea may bid juego, equal to Carl's: of equal bids the last to give it is the Hombre, so Bea now holds the "
        "bid. Carl speaks next.")


def test_a_player_who_passed_speaks_no_more():
    """Seed 003: "Like poker, you can raise the bid as it goes around the table, until the other two players
    pass": as in poker, a pass is for the rest of the bidding (the rules page: "a player who passed speaks no
    more")."""
    ruling = bid(highest="juego", highest_by="Carl", passed=["Bea"], speaker="Bea", says="vuelta")
    assert said(ruling) == (False, "Bea has passed, and a player who passed speaks no more: Ana speaks here.")
    assert ruling.rule == RULE_TURNS


def test_once_a_bid_is_made_and_two_have_passed_the_holder_is_the_hombre():
    """Seed 003: "The highest bid becomes the Hombre for the hand" and "you can raise the bid ... until the other
    two players pass"."""
    assert said(bid(highest="vuelta", highest_by="Carl", passed=["Bea", "Ana"])) == (None, (
        "The bidding is over: two players have passed, and Carl, who holds the highest bid, is the Hombre at "
        "vuelta."))
    assert said(bid(highest="vuelta", highest_by="Carl", passed=["Bea"], says="pass")) == (True, (
        "Ana may pass, and then speaks no more in this bidding (nobody pays to pass). The bidding is over: two "
        "players have passed, and Carl, who holds the highest bid, is the Hombre at vuelta."))
    over = bid(highest="vuelta", highest_by="Carl", passed=["Bea", "Ana"], speaker="Bea", says="solo")
    assert said(over) == (False, "The bidding was over before Bea spoke: two players had passed.")


def test_two_passes_before_any_bid_leave_the_third_player_to_bid_or_pass():
    """Seed 003: "until the other two players pass": two passes end the bidding only once someone has bid, so
    the third still speaks, and may bid and be the Hombre at once."""
    assert said(bid(passed=["Bea", "Carl"])) == (
        None, "No bid yet: Ana speaks now, and may bid juego, vuelta or solo, or pass.")
    assert said(bid(passed=["Bea", "Carl"], speaker="Ana", says="juego")) == (True, (
        "Ana may bid juego, the first bid. The bidding is over: two players have passed, and Ana, who holds the "
        "highest bid, is the Hombre at juego."))


def test_all_three_passing_is_a_void_deal():
    """RULINGS.md, General: "Every deal may be recorded as void (misdeal, petit sec, all passed): no score"; the
    Tresillo text names no Hombre when nobody bids."""
    assert said(bid(passed=["Bea", "Carl"], says="pass")) == (True, (
        "Ana may pass, and then speaks no more in this bidding (nobody pays to pass). All three passed: nobody is "
        "the Hombre and the deal is void. Record the three passes as the bidding."))
    assert said(bid(passed=["Bea", "Carl", "Ana"])) == (None, str(ALL_PASSED))
    assert said(bid(passed=["Bea", "Carl", "Ana"], speaker="Bea", says="solo")) == (
        False, "The bidding was over before Bea spoke: all three had passed.")


def test_in_tresillo_nobody_pays_to_pass():
    """Seed 003: "players do not have to pay out for passing on the bid or exchanging cards"."""
    assert "(nobody pays to pass)" in said(bid(says="pass"))[1]


def test_at_four_the_dealer_sits_out_and_does_not_bid():
    """Seed 003: "If a fourth player was participating, they would sort of rotate into the game, with one player
    sitting out each hand"; RULINGS.md: "Three active players (a fourth may sit out in turn)"."""
    out = bid(players=FOUR, highest="juego", highest_by="Bea", speaker="Ana", says="vuelta")
    assert said(out) == (False, "Ana sits this deal out and does not bid.")
    assert out.rule == RULE_FOURTH
    assert said(bid(players=FOUR, highest="juego", highest_by="Bea"))[1].startswith("The highest bid so far is juego, "
                                                                                     "Bea's. Carl speaks now")
    assert said(bid(players=FOUR, highest="juego", highest_by="Carl"))[1].startswith(
        "The highest bid so far is juego, Carl's. Dani speaks now")  # Dani speaks third, not Ana
    assert refused(players=FOUR, passed=["Ana"]) == {"passed": "Ana sits this deal out and does not bid."}


@pytest.mark.parametrize(("situation", "errors"), [
    ({"dealer": ""}, {"dealer": "Who deals? The player after the dealer, the eldest, speaks first."}),
    ({"dealer": "Eve"}, {"dealer": "Eve is not playing at this table."}),
    ({"highest": "grand", "highest_by": "Bea"}, {"highest": "The highest bid so far is juego, vuelta or solo (or none "
                                                            "yet)."}),
    ({"highest": "vuelta"}, {"highest_by": "Who gave the highest bid so far?"}),
    ({"highest_by": "Bea"}, {"highest": "Which is the highest bid so far: juego, vuelta or solo?"}),
    ({"says": "double"}, {"says": "A bid is juego, vuelta or solo, or pass."}),
    ({"speaker": ["Bea"]}, {"speaker": "Name one player of the table."}),
    ({"passed": ["Bea", "Bea"]}, {"passed": "Bea is named twice."}),
    ({"passed": 7}, {"passed": "Give a list of players."}),
    ({"highest": "juego", "highest_by": "Bea", "passed": ["Bea"]},
     {"passed": "Bea holds the highest bid, so has not passed: a player who passed speaks no more."}),
    ({"passed": ["Carl"]}, {"passed": "Nobody has bid yet, so the players passed in turn from the eldest: Carl "
                                      "cannot have passed before Bea."}),
])
def test_a_bidding_that_cannot_be_is_refused_field_by_field(situation: dict[str, Any], errors: dict[str, str]):
    """Seed 003: "the eldest hand has the right to bid game or pass, letting the second player make the same
    choice, followed by the third"; Tresillo's three bids; "If there is a tie bid, the last player to give that
    bid is the Hombre"."""
    assert refused(**situation) == errors


# -- L'Ombre ----------------------------------------------------------------------------------------------------

def test_ombre_the_eldest_bids_game_or_passes_then_the_second_then_the_third():
    """Seed 003: "the eldest hand has the right to bid game or pass, letting the second player make the same
    choice, followed by the third"."""
    assert said(bid(OMBRE)) == (None, (
        "Bea speaks now, and may bid game (and is then the Hombre: the bidding stops) or pass (a lesser counter to "
        "the stakes)."))
    early = bid(OMBRE, speaker="Ana", says="game")
    assert said(early) == (False, "Bea speaks now, not Ana: each player speaks once, in turn from the eldest.")
    assert early.rule == RULE_OMBRE_ONCE
    assert said(bid(OMBRE, passed=["Bea"], says="pass")) == (
        True, "Carl may pass, and pays a lesser counter to the stakes. Ana speaks next.")


def test_ombre_the_first_to_bid_game_is_the_hombre_and_the_bidding_stops():
    """RULINGS.md: "the first player to bid game is the Hombre and the bidding stops". Seed 003: "In later games,
    such as Tresillo, you could outbid a player who already bid game ... But in this first bidding game, you
    either bid to win or you pass"."""
    first = bid(OMBRE, speaker="Bea", says="game")
    assert said(first) == (True, (
        "Bea may bid game: Bea is then the Hombre, and the bidding stops. Nobody passed before, so nobody pays for "
        "passing."))
    assert first.rule == RULE_OMBRE_BIDS
    outbid = bid(OMBRE, hombre="Bea", speaker="Carl", says="game")
    assert said(outbid) == (False, (
        "Bea bid game and the bidding stopped: nobody speaks after the bid, and nobody outbids the Hombre."))
    assert outbid.rule == RULE_OMBRE_ONCE
    assert said(bid(OMBRE, passed=["Bea"], hombre="Carl")) == (None, (
        "Carl bid game: Carl is the Hombre, and the bidding is over. Bea passed, and pays a lesser counter to the "
        "stakes."))


def test_ombre_each_player_who_passed_pays_a_lesser_counter():
    """Seed 003: "When you pass, you pay one Lesser Counter to the stakes." RULINGS.md: "each player who passed
    before him pays a lesser to the stakes"."""
    assert said(bid(OMBRE, passed=["Bea", "Carl"], speaker="Ana", says="game")) == (True, (
        "Ana may bid game: Ana is then the Hombre, and the bidding stops. Bea and Carl passed, and pay a lesser "
        "counter each to the stakes."))


def test_ombre_the_referee_charges_for_passing_the_players_the_score_sheet_charges():
    """Seed 003: "When you pass, you pay one Lesser Counter to the stakes": the players the referee says pay are
    those a recorded deal with the same bidding takes a lesser counter from, for passing."""
    _state, outcome = OMBRE.apply(OMBRE_THREE, OMBRE.initial_state(OMBRE_THREE), {
        "hombre": "Ana", "passed": ["Carl", "Bea"], "taken_in": 2, "tricks": {"Ana": 5, "Bea": 2, "Carl": 2}})
    charged = [(PLAYERS[m.payer], m.payee, m.amount) for m in outcome.moves if str(m.reason) == "A pass"]
    answer = str(bid(OMBRE, passed=["Bea", "Carl"], hombre="Ana").explanation)
    assert charged == [("Bea", "stakes", 1), ("Carl", "stakes", 1)]
    assert answer.endswith("Bea and Carl passed, and pay a lesser counter each to the stakes.")


def test_ombre_a_player_who_passed_cannot_bid_game_afterwards():
    """Seed 003: "the eldest hand has the right to bid game or pass, letting the second player make the same
    choice, followed by the third": each speaks once."""
    again = bid(OMBRE, passed=["Bea", "Carl"], speaker="Bea", says="game")
    assert said(again) == (False, (
        "Bea has passed already: each player speaks once, and a player who passed cannot bid game afterwards."))
    assert again.rule == RULE_OMBRE_ONCE


def test_ombre_if_all_three_pass_the_eldest_is_the_hombre_and_all_three_pay():
    """Seed 003: "If all three players pass without bidding game, the eldest hand automatically wins the bid."
    RULINGS.md: "if all three pass, all three pay and eldest is the Hombre"."""
    assert said(bid(OMBRE, passed=["Bea", "Carl"], says="pass")) == (True, (
        "Ana may pass, and pays a lesser counter to the stakes. All three have then passed: each pays a lesser "
        "counter, and the eldest, Bea, is the Hombre."))
    assert said(bid(OMBRE, passed=["Bea", "Carl", "Ana"])) == (None, (
        "All three passed: the eldest, Bea, is the Hombre. Bea, Carl and Ana passed, and pay a lesser counter each "
        "to the stakes."))
    assert said(bid(OMBRE, passed=["Bea", "Carl", "Ana"], hombre="Bea", speaker="Carl", says="game"))[0] is False


def test_ombre_at_four_the_dealer_sits_out_and_does_not_bid():
    """Seed 003: "If a fourth player was participating, they would sort of rotate into the game, with one player
    sitting out each hand"."""
    assert said(bid(OMBRE, FOUR, speaker="Ana", says="game")) == (False, "Ana sits this deal out and does not bid.")
    assert said(bid(OMBRE, FOUR, passed=["Bea", "Carl"]))[1].startswith("Dani speaks now")
    assert refused(OMBRE, FOUR, hombre="Ana") == {
        "hombre": "Ana deals this deal and sits it out: the Hombre is one of Bea, Carl, Dani."}


@pytest.mark.parametrize(("situation", "errors"), [
    ({"says": "solo"}, {"says": "Bid game, or pass."}),
    ({"hombre": "Carl"}, {"passed": "Bea spoke before Carl and did not bid game, so passed: tick Bea."}),
    ({"hombre": "Bea", "passed": ["Carl"]},
     {"passed": "A pass after the bid: Bea bid game and the bidding stopped, so Carl did not pass."}),
    ({"hombre": "Carl", "passed": ["Bea", "Carl", "Ana"]}, {"hombre": "All three passed, so the eldest, Bea, is the "
                                                                     "Hombre."}),
    ({"passed": ["Ana"]}, {"passed": "Nobody has bid yet, so the players passed in turn from the eldest: Ana cannot "
                                     "have passed before Bea."}),
])
def test_ombre_who_passed_beside_who_bid_game_is_checked_as_the_record_form_does(situation: dict[str, Any],
                                                                                  errors: dict[str, str]):
    """RULINGS.md: "the first player to bid game is the Hombre and the bidding stops; each player who passed
    before him pays a lesser to the stakes; if all three pass, all three pay and eldest is the Hombre"."""
    assert refused(OMBRE, **situation) == errors


# -- one rule book: the referee and the record form never disagree ---------------------------------------------

CALLS = [(seat, call) for seat in range(3) for call in (*BIDS, PASS)]


def _record_says(bids: list[tuple[int, str]]) -> tuple[str, Any]:
    """What the record form says of a Tresillo deal with this bidding: ("ok", the Hombre and bid), ("open", _):
    nothing said out of turn, but not over, or over with all three passed (a void deal); or ("refused", the message)."""
    rows = [{"player": PLAYERS[seat], "bid": call} for seat, call in bids]
    each = 0 if all(call == PASS for _seat, call in bids) else 3  # passes only: a deal nobody played, no trick
    try:
        _state, outcome = TRESILLO.apply(THREE, TRESILLO.initial_state(THREE), {"bids": rows, "tricks": {
            "Bea": each, "Carl": each, "Ana": each}})
    except InvalidRecord as refusal:
        message = str(refusal.errors.get("bids", ""))
        if not message:
            raise
        if message.startswith("The bidding is not over"):
            return "open", None
        return "refused", message
    if outcome.void:  # all three passed: recorded as the void deal
        return "open", None
    return "ok", re.search(r"(\w+) is the Hombre at (\w+)", str(outcome.breakdown[1])).groups()


def _referee_question(bids: list[tuple[int, str]]) -> dict[str, Any]:
    """The bidding so far as the referee page asks it: the highest bid and who gave it last, who passed."""
    passed = [PLAYERS[seat] for seat, call in bids if call == PASS]
    highest = [(seat, call) for seat, call in bids if call != PASS]
    question: dict[str, Any] = {"passed": passed}
    if highest:
        question |= {"highest": highest[-1][1], "highest_by": PLAYERS[highest[-1][0]]}
    return question


def test_the_referee_and_the_record_form_agree_on_every_tresillo_bidding():
    """Seed 003: "Like poker, you can raise the bid as it goes around the table, until the other two players pass.
    ... If there is a tie bid, the last player to give that bid is the Hombre": every bidding of up to seven calls
    that the record form accepts so far, and every call that could follow it, is judged alike by the referee
    (legal, or refused in the same words) and the record form; and where the record form finds the bidding over,
    the referee names the same Hombre at the same bid."""
    frontier: list[list[tuple[int, str]]] = [[]]
    asked = 0
    for _depth in range(7):
        grown = []
        for bids in frontier:
            for seat, call in CALLS:
                after = [*bids, (seat, call)]
                record, detail = _record_says(after)
                answer = bid(**_referee_question(bids), speaker=PLAYERS[seat], says=call)
                asked += 1
                if record == "refused":
                    assert said(answer) == (False, detail), after
                    continue
                assert answer.legal is True, (after, str(answer.explanation))
                if record == "ok":
                    hombre, at = detail
                    assert said(bid(**_referee_question(after)))[1].endswith(
                        f"and {hombre}, who holds the highest bid, is the Hombre at {at}."), after
                grown.append(after)  # over too: what follows an end is refused alike
        frontier = grown
    assert asked > 5000  # 5,928 questions


def _record_accepts(players: tuple[str, ...], passed: list[str], hombre: str) -> bool:
    """Whether the record form takes this Hombre beside these passes (Ana deals): no message on either."""
    table = OMBRE.table(list(players))
    try:
        OMBRE.apply(table, OMBRE.initial_state(table), {"hombre": hombre, "passed": passed, "taken_in": 1,
                                                        "tricks": {hombre: 5}})
    except InvalidRecord as refusal:
        return not {"passed", "hombre"} & set(refusal.errors)
    return True


def _referee_accepts(players: tuple[str, ...], **situation: Any) -> bool:
    try:
        bid(OMBRE, players, **situation)
    except InvalidRecord:
        return False
    return True


def test_the_referee_and_the_record_form_agree_on_every_ombre_bidding():
    """RULINGS.md: "the first player to bid game is the Hombre and the bidding stops; each player who passed
    before him pays a lesser to the stakes; if all three pass, all three pay and eldest is the Hombre": at three
    and at four, the referee takes whoever bid game beside whoever passed exactly when the record form does; and
    while nobody has bid, it lets a player bid game exactly when the record form would take him as the Hombre
    beside those who passed so far."""
    for players in (PLAYERS, FOUR):
        for size in range(4):
            for passed in map(list, itertools.combinations(players, size)):
                for hombre in players:
                    assert _referee_accepts(players, passed=passed, hombre=hombre) == _record_accepts(
                        players, passed, hombre), (players, passed, hombre)
                if size == 3 or not _referee_accepts(players, passed=passed):
                    continue
                for speaker in players:
                    legal = bid(OMBRE, players, passed=passed, speaker=speaker, says="game").legal
                    assert legal == _record_accepts(players, passed, speaker), (players, passed, speaker)


# -- every answer quotes its paragraph, and nothing breaks it ---------------------------------------------------

@pytest.mark.parametrize(("game", "situation", "paragraph"), [
    (TRESILLO, {"highest": "vuelta", "highest_by": "Bea", "says": "juego"}, P_BIDS),
    (TRESILLO, {"highest": "juego", "highest_by": "Bea", "says": "juego"}, P_BIDS),
    (TRESILLO, {"passed": ["Bea"], "speaker": "Bea", "says": "juego"}, P_TURNS),
    (TRESILLO, {"passed": ["Bea", "Carl", "Ana"]}, P_TURNS),
    (TRESILLO, {"speaker": "Ana"}, P_TURNS),
    (OMBRE, {"speaker": "Bea", "says": "game"}, P_OMBRE_BIDDING),
    (OMBRE, {"hombre": "Bea", "speaker": "Carl", "says": "game"}, P_OMBRE_ONCE),
    (OMBRE, {"passed": ["Bea", "Carl", "Ana"]}, P_OMBRE_BIDDING),
])
def test_every_bidding_answer_quotes_the_paragraph_it_rests_on(game: Any, situation: dict[str, Any], paragraph):
    """Tapete's promise: the ruling, and the rule shown (a paragraph of the rules page, quoted)."""
    cited = citation(game, bid(game, **situation).rule)
    assert cited is not None and cited["quote"] == str(paragraph)


def test_the_dealer_sitting_out_is_answered_from_the_players_paragraph():
    cited = citation(OMBRE, bid(OMBRE, FOUR, speaker="Ana", says="pass").rule)
    assert cited is not None and cited["quote"] == str(P_PLAYERS)


WEIRD = ["", " ", "-1", "99999999999999999999", "NaN", "½", "Ünïcødé ☃", "\x00", "None", "[]", "{}", "true"]
values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=6),
                                st.sampled_from(WEIRD + ["Ana", "Bea", "Carl", "Dani", "juego", "solo", "pass",
                                                         "game", "none"])),
                      lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                                   max_size=2), max_leaves=6)
KEYS = st.sampled_from(["dealer", "passed", "highest", "highest_by", "hombre", "speaker", "says", "question"])


@pytest.mark.parametrize("game", [TRESILLO, OMBRE], ids=["tresillo", "ombre"])
@pytest.mark.parametrize("players", [PLAYERS, FOUR], ids=["three", "four"])
def test_any_bidding_question_is_answered_or_refused_with_a_message_per_field(game: Any, players):
    """A person may send anything: the answer is a ruling, or a message beside each field, never a crash."""
    table = game.table(list(players))

    @settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.dictionaries(KEYS, values, max_size=7))
    def ask(data):
        try:
            ruling = game.ruling(table, {"dealer": "Bea", **data, "question": "bidding"})
        except InvalidRecord as refusal:
            assert refusal.errors and all(str(message) for message in refusal.errors.values())
        else:
            assert str(ruling.explanation) and citation(game, ruling.rule) is not None

    ask()


# -- through the API and on the page --------------------------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "situation", "legal", "rule"), [
    ("tresillo", {"highest": "vuelta", "highest_by": "Bea", "speaker": "Carl", "says": "juego"}, False, "Bidding"),
    ("ombre", {"passed": ["Bea"], "speaker": "Carl", "says": "game"}, True, "Bidding"),
])
def test_the_api_answers_the_bidding_as_the_referee_page_asks_it(api, slug, situation, legal, rule):
    """Seed 003: "the last player to give that bid is the Hombre" and "the eldest hand has the right to bid game
    or pass": the referee's endpoint takes the bidding question the page sends."""
    response = api.post(f"/api/games/{slug}/ruling", {"players": list(PLAYERS), "situation": {
        "question": "bidding", "dealer": "Ana", **situation}})
    assert response.status_code == 200, response.json()
    assert (response.json()["legal"], response.json()["rule"]) == (legal, rule)


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "situation", "errors"), [
    ("tresillo", {"dealer": ["Ana"], "highest": 3, "says": {"bid": "solo"}},
     {"situation.dealer": "Name one player of the table.",
      "situation.highest": "The highest bid so far is juego, vuelta or solo (or none yet).",
      "situation.says": "A bid is juego, vuelta or solo, or pass."}),
    ("tresillo", {"dealer": "Ana", "highest": "juego", "highest_by": "Bea", "passed": "Bea"},
     {"situation.passed": "Bea holds the highest bid, so has not passed: a player who passed speaks no more."}),
    ("ombre", {"passed": [1.5], "speaker": "Eve"},
     {"situation.dealer": "Who deals? The player after the dealer, the eldest, speaks first.",
      "situation.passed": "Name one player of the table.", "situation.speaker": "Eve is not playing at this table."}),
    ("ombre", {"dealer": "Ana", "hombre": "Bea", "passed": ["Carl"]},
     {"situation.passed": "A pass after the bid: Bea bid game and the bidding stopped, so Carl did not pass."}),
])
def test_the_api_refuses_a_bidding_question_that_cannot_be_with_a_message_per_field(api, slug, situation, errors):
    """A bidding question that cannot be read, or cannot be, is refused beside each field (422), never a 500."""
    response = api.post(f"/api/games/{slug}/ruling", {"players": list(PLAYERS), "situation": {
        "question": "bidding", **situation}})
    assert response.status_code == 422, response.json()
    assert response.json()["errors"] == errors


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["tresillo", "ombre"])
def test_the_referee_page_shows_the_bidding_question_with_its_own_fields(client, slug):
    """Seed 003, the bidding: asked on the referee page, the bidding question shows who deals and its own fields
    (who has passed, tapped on or off, who wants to say what), not the trick's; the trick question, first as
    always, hides them."""
    own = {"tresillo": ("highest", "highest_by", "passed", "speaker", "says"),
           "ombre": ("passed", "hombre", "speaker", "says")}[slug]
    response = client.get(f"/referee/{slug}/", {"ask": "1", "question": "bidding", "dealer": "Player 1",
                                                "passed": ["Player 2"], "trump": "Z"})
    page = response.content.decode()
    assert response.context["answer"] is not None, response.context["form"].errors
    for name in own:
        assert re.search(rf'id="field-{name}" data-questions="bidding">', page), name
    for name in ("trump", "trick", "hand", "card", "leader"):
        assert re.search(rf'id="field-{name}" data-questions="play" hidden>', page), name
    assert re.search(r'id="field-dealer">', page)
    assert re.search(r'type="checkbox" name="passed" value="Player 2"[^>]* checked>', page)
    played = client.get(f"/referee/{slug}/").content.decode()
    assert re.search(r'id="field-passed" data-questions="bidding" hidden>', played)


@pytest.mark.django_db
def test_from_a_table_the_referee_knows_who_deals_and_its_bidding_examples_name_its_players(client):
    """RULINGS.md, General: "Tapete always shows who deals and who leads": the referee opened from a table has who
    deals now (the eldest speaks first), and its examples name the table's players in their seats."""
    from scoring import services

    table = services.create_table(game="ombre", players=["Ana", "Bea", "Carl"], first_dealer=2)
    page = client.get("/referee/ombre/", {"table": table.edit_token}).context
    assert page["form"]["dealer"].value() == "Carl"
    example = next(e for e in page["examples"] if e["title"] == "I passed: may I bid game now?")
    assert "dealer=Ana" in example["query"] and "passed=Bea" in example["query"]
    answer = client.get("/referee/ombre/?" + example["query"]).context["answer"]
    assert answer["explanation"] == ("Bea has passed already: each player speaks once, and a player who passed "
                                     "cannot bid game afterwards.")


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["tresillo", "ombre"])
def test_the_referee_page_answers_any_bidding_input_with_a_page_never_a_500(client, slug):
    """Whatever a link or a form sends as the bidding, the page answers it (an answer, or a message beside the
    field), never a server error."""
    names = ["dealer", "passed", "highest", "highest_by", "hombre", "speaker", "says"]
    for value in [*WEIRD, "Player 9", "juego,solo", "[\"Player 1\"]"]:
        for name in names:
            response = client.get(f"/referee/{slug}/", {"ask": "1", "question": "bidding", "dealer": "Player 1",
                                                        name: value})
            assert response.status_code == 200, (name, value)
        assert client.get(f"/referee/{slug}/", {"ask": "1", "question": "bidding", **dict.fromkeys(names, value),
                                                "passed": [value, value]}).status_code == 200
