"""Paublillo tables: teams, seats, dealer and leader, stones, display, settlement, rules page."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.paublillo.rules import GAME
from games.paublillo.stones import score_text, stones
from games.paublillo.teams import Team, label, team_of
from referee.game import InvalidRecord, get_game
from referee.text import Text

PLAYERS = ["Ana", "Bea", "Luis", "Eva", "Pau", "Sol"]


def test_game_is_registered():
    game = get_game("paublillo")
    assert game is GAME
    assert (game.name, game.player_counts, game.deck.value, game.team_game) == (
        "Paublillo", (2, 4, 6, 8), "spanish40", True)
    assert game.sides(GAME.table(PLAYERS)) == ("A", "B")


@pytest.mark.parametrize("n", [3, 5, 7, 9])
def test_played_by_2_4_6_or_8(n):
    """Seed: "Paublillo is a game for 2, 4, 6 or 8 players"."""
    with pytest.raises(InvalidRecord) as info:
        GAME.table([f"P{i}" for i in range(n)])
    assert "players" in info.value.errors


# -- teams ---------------------------------------------------------------------------------------------------

def test_teams_sit_alternately_when_not_given():
    """Seed: "they are divided into two equal teams, each player sitting between two opponents"."""
    table = GAME.table(PLAYERS)
    assert table.teams == ((0, 2, 4), (1, 3, 5))  # Ana, Luis, Pau and Bea, Eva, Sol
    assert GAME.display_state(table, GAME.initial_state(table))["teams"][0]["label"] == "Ana, Luis & Pau"


def test_two_players_are_two_teams_of_one():
    table = GAME.table(["Ana", "Bea"])
    assert table.teams == ((0,), (1,))
    assert label(table, Team.B) == "Bea"


def test_given_teams_are_kept_in_the_order_given():
    """The first team given is A; names match whatever their case."""
    table = GAME.table(["Ana", "Bea", "Luis", "Eva"], teams=[["eva", "Bea"], ["Ana", "Luis"]])
    assert table.teams == ((1, 3), (0, 2))  # A: Bea & Eva, B: Ana & Luis
    assert team_of(table, 0) == "B" and team_of(table, 1) == "A"


def test_partners_never_sit_next_to_each_other():
    """RULINGS: "partners never sit together"."""
    with pytest.raises(InvalidRecord) as info:
        GAME.table(["Ana", "Bea", "Luis", "Eva"], teams=[["Ana", "Bea"], ["Luis", "Eva"]])
    assert str(info.value.errors["teams"]).startswith(
        "Partners never sit next to each other: Ana and Bea are partners but sit side by side.")


def test_teams_are_equal_halves():
    """Seed: "two equal teams"."""
    with pytest.raises(InvalidRecord) as info:
        GAME.table(["Ana", "Bea", "Luis", "Eva"], teams=[["Ana", "Bea", "Luis"], ["Eva"]])
    assert str(info.value.errors["teams"]) == "The two teams have the same number of players: 2 each."


@pytest.mark.parametrize(("teams", "message"), [
    ([["Ana", "Luis"], ["Bea", "Zoe"]], "Zoe is not playing at this table."),
    ([["Ana", "Luis"], ["Bea"]], "Every player is in a team: Eva is not."),
    ([["Ana", "Luis"], ["Bea", "Ana"]], "Ana is in a team twice."),
    ([["Ana"], ["Luis"], ["Bea", "Eva"]], "Paublillo is played by two teams."),
])
def test_teams_name_every_player_once(teams, message):
    with pytest.raises(InvalidRecord) as info:
        GAME.table(["Ana", "Bea", "Luis", "Eva"], teams=teams)
    assert str(info.value.errors["teams"]) == message


# -- dealer and leader ---------------------------------------------------------------------------------------

def test_the_deal_passes_to_the_right_and_the_player_after_the_dealer_leads():
    """Seed: "the turn to deal passes to the right after each hand"; "The player to dealer's right leads".
    RULINGS: "the first to speak and to lead is the player after the dealer, and the deal passes to that
    player"."""
    table = GAME.table(["Ana", "Bea", "Luis", "Eva"], first_dealer=2)
    state = GAME.initial_state(table)
    shown = GAME.display_state(table, state)
    assert (shown["dealer"], shown["leader"]) == ("Luis", "Eva")
    dealers = []
    for _deal in range(5):
        state, outcome = GAME.apply(table, state, {"tricks": "AA"})
        dealers.append(table.players[outcome.dealer])
        assert outcome.details.leader.index == outcome.next_dealer
    assert dealers == ["Luis", "Eva", "Ana", "Bea", "Luis"]
    assert GAME.display_state(table, state)["dealer"] == "Eva"


def test_the_record_may_correct_who_dealt():
    """Record: "dealer" names who really dealt; the deal then passes to the player after them."""
    table = GAME.table(["Ana", "Bea", "Luis", "Eva"])
    state, outcome = GAME.apply(table, GAME.initial_state(table), {"dealer": "luis", "tricks": "AA"})
    assert outcome.dealer == 2 and outcome.next_dealer == 3 and state.dealer == 3
    assert str(outcome.breakdown[0]) == "Luis dealt (team A); Eva leads."
    state, outcome = GAME.apply(table, state, {"dealer": 1, "void": True})
    assert outcome.dealer == 1 and state.dealer == 2


# -- stones, malas and buenas --------------------------------------------------------------------------------

@pytest.mark.parametrize(("score", "plain", "special", "text"), [
    (0, 0, 0, "0"),
    (1, 1, 0, "1 mala"),
    (4, 4, 0, "4 malas"),
    (5, 5, 0, "5 malas"),
    (6, 6, 0, "6 malas (fuera de malas)"),
    (7, 0, 1, "1 buena"),
    (8, 1, 1, "2 buenas"),
    (9, 2, 1, "3 buenas"),
    (10, 3, 1, "4 buenas"),
    (11, 4, 1, "5 buenas"),
    (12, 5, 1, "6 buenas"),
])
def test_malas_are_plain_stones_and_buenas_a_special_stone_plus_plain(score, plain, special, text):
    """Seed: "Malas (bads) are counted by taking ordinary stones... if a team has 2 goods, this is represented
    by one special stone and one ordinary stone, for 4 goods... one special stone and 3 ordinary stones"."""
    assert stones(score) == (plain, special)
    assert str(score_text(score)) == text


def test_at_6_5_the_team_out_of_malas_returns_its_plain_stones():
    """Seed: "if the scores are 6-5 the team that is fuera de malas must return their ordinary stones as the
    team with 5 bads needs 5 ordinary stones"."""
    assert stones(6, other=5) == (0, 0)
    assert stones(6, other=4) == (6, 0)
    assert stones(6, other=11) == (6, 0)  # the other team holds a special and 4 plain: 10 plain in all
    assert stones(6, other=12) == (0, 0)
    assert stones(6, other=6) == (0, 0)


def test_the_scorer_may_return_the_six_stones():
    """Seed: "their scorer can either return the ordinary stones to the supply, or keep the 6 stones"."""
    assert stones(6, keep_six=False) == (0, 0)
    table = GAME.table(["Ana", "Bea"], {"keep_six_stones": False})
    state = GAME.initial_state(table).replace(totals=(6, 2))
    assert GAME.display_state(table, state)["teams"][0]["stones"] == {"plain": 0, "special": 0}


def test_scores_past_12_show_as_a_won_game_in_buenas_as_the_stones_do():
    """A deal that takes a team from 11 to 15 wins the game: the stones stop at six buenas (a special and five
    plain), and the score says so, on the board and in the standings alike."""
    assert stones(15) == (5, 1)
    assert str(score_text(15)) == "6 buenas: game"
    assert str(score_text(12)) == "6 buenas"


def said(shown: Any) -> Any:
    """A display state with its texts said in English, as the page and the API say them."""
    return json.loads(json.dumps(shown, default=str))


def test_display_state_shows_teams_scores_stones_alver_dealer_and_leader():
    table = GAME.table(["Ana", "Bea", "Luis", "Eva"], first_dealer=1)
    state = GAME.initial_state(table).replace(totals=(11, 9))
    shown = said(GAME.display_state(table, state))
    assert shown["teams"] == [
        {"side": "A", "label": "Ana & Luis", "members": ["Ana", "Luis"], "score": 11,
         "score_text": "5 buenas",
         "stones": {"plain": 4, "special": 1}, "stones_text": "4 plain stones, 1 special stone", "alver": True},
        {"side": "B", "label": "Bea & Eva", "members": ["Bea", "Eva"], "score": 9, "score_text": "3 buenas",
         "stones": {"plain": 2, "special": 1}, "stones_text": "2 plain stones, 1 special stone", "alver": False},
    ]
    assert shown["alver"] == ["A"]
    assert shown["alver_text"] == "A is on alver: no betting; they play for 3 or give up."
    assert (shown["dealer"], shown["leader"]) == ("Bea", "Luis")
    assert (shown["game_over"], shown["winners"]) == (False, [])
    state = state.replace(totals=(11, 11))
    assert str(GAME.display_state(table, state)["alver_text"]) == (
        "Both teams are on alver: no betting, the next deal is played for 1.")



def test_once_the_game_is_won_nobody_is_on_alver_for_a_next_deal():
    """Seed: "The first team that achieves a score of 12 points (6 goods) or more wins the game": there is no
    next deal, so the losers' 11 puts nobody on alver (no "on alver" mark, no "they play for 3 or give up")."""
    table = GAME.table(["Ana", "Bea", "Luis", "Eva"])
    shown = said(GAME.display_state(table, GAME.initial_state(table).replace(totals=(12, 11))))
    assert [team["alver"] for team in shown["teams"]] == [False, False]
    assert shown["alver"] == []
    assert shown["alver_text"] == "The game is over: A reached 12."
    assert (shown["game_over"], shown["winners"]) == (True, ["A"])


def test_the_stones_are_counted_one_stone_or_several_as_a_player_says_them():
    """What a screen reader and the API say for a scorer's stones: "1 special stone", "4 plain stones" (each count
    with its own number, so Spanish says "1 piedra especial", never "1 especiales")."""
    table = GAME.table(["Ana", "Bea", "Luis", "Eva"])
    shown = said(GAME.display_state(table, GAME.initial_state(table).replace(totals=(7, 2))))
    assert [team["stones_text"] for team in shown["teams"]] == [
        "0 plain stones, 1 special stone", "2 plain stones, 0 special stones"]

# -- settlement ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [["Ana", "Bea"], ["Ana", "Bea", "Luis", "Eva"], PLAYERS,
                                     [f"P{i}" for i in range(8)]])
def test_each_loser_pays_one_unit_to_the_winners(players):
    """Settlement: the losing team pays, one unit per losing player, shared by the winners."""
    table = GAME.table(players)
    state = GAME.initial_state(table).replace(totals=(5, 13))
    balances = GAME.balances(table, state)
    assert sum(balances.values()) == 0 and set(balances) == set(range(len(players)))
    assert all(balances[seat] == -1 for seat in table.teams[0])
    assert all(balances[seat] == 1 for seat in table.teams[1])


def test_nothing_to_settle_while_the_game_is_on():
    table = GAME.table(["Ana", "Bea"])
    state = GAME.initial_state(table).replace(totals=(11, 10))
    assert GAME.balances(table, state) == {0: 0, 1: 0}  # Ana, Bea


# -- options and rules page ----------------------------------------------------------------------------------

def test_house_rules_are_flagged():
    described = {o["key"]: o for o in GAME.describe()["options"]}
    assert described["monja_alver_at_once"]["house_rule"] is True
    assert described["monja_alver_at_once"]["default"] is True
    assert described["keep_six_stones"]["house_rule"] is False


def test_rules_page_covers_every_part_of_the_game():
    titles = [str(section.title) for section in GAME.rules]
    for needed in ("Cards and ranking", "Deal and monja", "Play and following",
                   "Face-down cards and the vuelta",
                   "Betting: envido, seis, nueve, doce", "Alver", "Scoring: malas, buenas and stones",
                   "Table talk and signals (allowed)"):
        assert needed in titles
    signals = " ".join(str(p) for p in GAME.rules[-1].paragraphs)
    for sign in ("eyebrows", "wink", "tongue", "cheek", "shoulders", "finger purse", "one finger"):
        assert sign in signals
    assert all(isinstance(p, Text) for section in GAME.rules for p in section.paragraphs)


def test_ruling_fields_describe_the_referee_form():
    names = [f.name for f in GAME.ruling_fields]
    assert names == ["question", "trump", "leader", "trick", "hand", "card", "face_down", "trick_number",
                     "score_a", "score_b", "raised_to", "raised_by", "refused", "raise_by"]
    assert [v for v, _ in GAME.ruling_fields[0].choices] == ["play", "betting"]
    assert [v for v, _ in GAME.ruling_fields[1].choices] == ["O", "C", "E", "B"]
