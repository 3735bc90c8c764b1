"""A long Toruro night, recorded deal by deal, with the ledger worked out by hand in the comments.

Six players in the order of play: Ana, Luis, Pepe, Marta, Juan, Rosa (seats 0–5); Ana deals first and the
deal passes round in that order. The table pays up to 2 lulos per deal (house rule 4). Marta comes to the
table with 8 lulos on her count from an earlier night (the free-tenth count runs on), so her second lulo
tonight is her 10th: free. Along the way: splits of every shape, a lulo paid while the first in turn declines,
deals where nobody goes (the pots carry over), misplays by players who won pots, an Ace turned (all must go),
a player going alone, two lulos paid in one deal, and the night's end when nobody owes anything.
"""

from __future__ import annotations

from typing import Any

from games.toruro.rules import GAME
from games.toruro.state import ToruroState

from .helpers import at_start, balances, extra, lulo_list, named, payable, with_counts

PLAYERS = ("Ana", "Luis", "Pepe", "Marta", "Juan", "Rosa")


def pay(lulo: int, cabeza: int = 0, barriga: int = 0, cola: int = 0) -> dict[str, int]:
    return {"lulo": lulo, "cabeza": cabeza, "barriga": barriga, "cola": cola}


def test_a_long_night_ledger_checked_by_hand() -> None:
    table = GAME.table(PLAYERS, {"lulos_per_deal": 2, "play_out_pots": True})
    state: ToruroState = with_counts(table, GAME.initial_state(table), Marta=8)

    def deal(record: dict[str, Any], scores: dict[str, int], totals: dict[str, int],
             pots: tuple[int, int, int], new_lulos: list[tuple[int, str, int, bool]]) -> Any:
        nonlocal state
        before = state.ledger.pots_total()
        state, outcome = GAME.apply(table, state, record)
        assert {p: s for p, s in named(table, outcome.scores).items() if s} == scores
        assert {p: t for p, t in named(table, state.totals).items() if t} == totals
        assert (state.ledger.pots["cabeza"], state.ledger.pots["barriga"], state.ledger.pots["cola"]) == pots
        assert sum(outcome.scores) + state.ledger.pots_total() - before == 0
        assert sum(state.totals) + sum(pots) == 0
        got = [(lulo["id"], lulo["player"], lulo["amount"], lulo["free"]) for lulo in lulo_list(table, state)
               if lulo["id"] in extra(outcome)["new_lulos"]]
        assert got == new_lulos
        return outcome

    # Deal 1, Ana deals. First deal: everyone goes (house rule 3). Pots 1/1/1 = 3.
    # Luis takes the cabeza (1), Pepe the barriga and cola (2). Ana −3 (her ante).
    # No trick, in order from Ana's left: Marta #1, Juan #2, Rosa #3, Ana #4, 3 chips each.
    # Marta's count 8 → 9.
    deal({"turned_card": "4O", "went": list(PLAYERS), "tricks": ["Luis", "Pepe", "Pepe"]},
         {"Ana": -3, "Luis": 1, "Pepe": 2},
         {"Ana": -3, "Luis": 1, "Pepe": 2}, (0, 0, 0),
         [(1, "Marta", 3, False), (2, "Juan", 3, False), (3, "Rosa", 3, False), (4, "Ana", 3, False)])

    # Deal 2, Luis deals. Four lulos of 3 open; from Luis: Marta, Juan, Rosa, Ana. Marta and Juan pay.
    # Pots: ante 1/1/1 + Marta 3/0/0 + Juan 1/1/1 = 5/2/2 = 9.
    # Caballo turned: the 7 of copas plays as the caballo.
    # Pepe cabeza 5 + cola 2 = +7; Rosa barriga +2; Luis −3; Marta −3; Juan −3. Nobody lulos.
    # Totals: Ana −3, Luis 1−3 = −2, Pepe 2+7 = 9, Marta −3, Juan −3, Rosa +2 (sum 0, pots empty).
    assert [lulo["id"] for lulo in payable(table, state)] == [1, 2, 3, 4]
    assert at_start(state, pay(1, cabeza=3), pay(2, 1, 1, 1))["total"] == 9
    out = deal({"turned_card": "11C", "payments": [pay(1, cabeza=3), pay(2, 1, 1, 1)],
                "went": ["Rosa", "Pepe"], "tricks": ["Pepe", "Rosa", "Pepe"]},
               {"Luis": -3, "Marta": -3, "Juan": -3, "Pepe": 7, "Rosa": 2},
               {"Ana": -3, "Luis": -2, "Pepe": 9, "Marta": -3, "Juan": -3, "Rosa": 2}, (0, 0, 0), [])
    assert extra(out)["seven_as_turned"] == "11"
    seven = "The turned card is a sota or higher: the 7 of copas plays as the caballo."
    assert seven in map(str, out.breakdown)

    # Deal 3, Pepe deals. Open: Rosa #3 and Ana #4 (3 each); Rosa, first from Pepe, declines; Ana pays 0/0/3.
    # Pots 1/1/4 = 6. Nobody goes: the pots stay. Pepe −3, Ana −3.
    # Totals: Ana −6, Luis −2, Pepe 6, Marta −3, Juan −3, Rosa 2: sum −6, the 6 chips in the pots.
    out = deal({"turned_card": "2B", "payments": [pay(4, cola=3)], "went": [], "tricks": []},
               {"Pepe": -3, "Ana": -3},
               {"Ana": -6, "Luis": -2, "Pepe": 6, "Marta": -3, "Juan": -3, "Rosa": 2}, (1, 1, 4), [])
    assert "Nobody went: the pots (6 chips) stay for the next deal." in map(str, out.breakdown)
    assert named(table, state.pot_shares) == {"Ana": 3, "Luis": 0, "Pepe": 3, "Marta": 0, "Juan": 0, "Rosa": 0}

    # Deal 4, Marta deals. Rosa pays #3: 1/2/0. Pots: carried 1/1/4 + ante 1/1/1 + 1/2/0 = 3/4/5 = 12.
    # Ace of espadas turned: everyone goes (house rule 2). Juan cabeza 3 + barriga 4 = +7, Luis cola +5.
    # Lulos from Marta's left: Rosa #5 12; Ana #6 12; Pepe no trick and a misplay: one lulo #7 12;
    # Marta #8: her 10th lulo (8 + deal 1 + this) → free. Marta −3, Rosa −3.
    # Totals: Ana −6, Luis −2+5 = 3, Pepe 6, Marta −6, Juan −3+7 = 4, Rosa 2−3 = −1 (sum 0).
    out = deal({"turned_card": "1E", "payments": [pay(3, 1, 2, 0)], "went": list(PLAYERS),
                "tricks": ["Juan", "Juan", "Luis"], "misplays": [{"player": "Pepe", "rule": "follow_suit"}]},
               {"Marta": -3, "Rosa": -3, "Juan": 7, "Luis": 5},
               {"Ana": -6, "Luis": 3, "Pepe": 6, "Marta": -6, "Juan": 4, "Rosa": -1}, (0, 0, 0),
               [(5, "Rosa", 12, False), (6, "Ana", 12, False), (7, "Pepe", 12, False), (8, "Marta", 0, True)])
    assert "Lulo #8 is Marta's lulo number 10: free (every tenth lulo is free)." in map(str, out.breakdown)
    assert lulo_list(table, state)[6]["misplay"] == "follow_suit"
    assert lulo_list(table, state)[6]["reason"] == "no_trick"
    assert state.ledger.debt(8).worth == 12

    # Deal 5, Juan deals. Open: #5 Rosa, #6 Ana, #7 Pepe, all 12. Rosa pays 4/4/4; Ana declines; Pepe 12/0/0.
    # Pots: 1+4+12 = 17 / 1+4 = 5 / 1+4 = 5 = 27. Ana leads without her Ace of trumps (lulo #9, 27 chips) but
    # keeps what she won: cabeza 17 + barriga 5 = +22; Luis cola +5. Juan −3, Rosa −12, Pepe −12.
    # Totals: Ana 16, Luis 8, Pepe −6, Marta −6, Juan 1, Rosa −13 (sum 0).
    deal({"turned_card": "6O", "payments": [pay(5, 4, 4, 4), pay(7, cabeza=12)], "went": ["Ana", "Luis"],
          "tricks": ["Ana", "Ana", "Luis"], "misplays": [{"player": "Ana", "rule": "lead_ace"}]},
         {"Juan": -3, "Rosa": -12, "Pepe": -12, "Ana": 22, "Luis": 5},
         {"Ana": 16, "Luis": 8, "Pepe": -6, "Marta": -6, "Juan": 1, "Rosa": -13}, (0, 0, 0),
         [(9, "Ana", 27, False)])

    # Deal 6, Rosa deals. Open: #6 Ana 12, #9 Ana 27; Ana pays #6 only: 6/6/0. Pots 7/7/1 = 15.
    # Sota turned: the 7 of bastos plays as the sota. Marta cabeza 7 + cola 1 = +8; Luis barriga +7.
    # Juan takes nothing: lulo #10, 15 chips. Rosa −3, Ana −12.
    # Totals: Ana 4, Luis 15, Pepe −6, Marta 2, Juan 1, Rosa −16 (sum 0).
    deal({"turned_card": "10B", "payments": [pay(6, 6, 6, 0)], "went": ["Juan", "Marta", "Luis"],
          "tricks": ["Marta", "Luis", "Marta"]},
         {"Rosa": -3, "Ana": -12, "Marta": 8, "Luis": 7},
         {"Ana": 4, "Luis": 15, "Pepe": -6, "Marta": 2, "Juan": 1, "Rosa": -16}, (0, 0, 0),
         [(10, "Juan", 15, False)])

    # Deal 7, Ana deals. Open: #10 Juan 15, #9 Ana 27. Lowest first: Juan 5/5/5, then Ana 9/9/9.
    # Pots 15/15/15 = 45. Pepe takes all three: +45; Rosa went and took nothing: lulo #11, 45 chips.
    # Ana −3 −27 = −30, Juan −15. Totals: Ana −26, Luis 15, Pepe 39, Marta 2, Juan −14, Rosa −16 (sum 0).
    assert [lulo["id"] for lulo in payable(table, state)] == [10, 9]
    deal({"turned_card": "3O", "payments": [pay(10, 5, 5, 5), pay(9, 9, 9, 9)], "went": ["Pepe", "Rosa"],
          "tricks": ["Pepe", "Pepe", "Pepe"]},
         {"Ana": -30, "Juan": -15, "Pepe": 45},
         {"Ana": -26, "Luis": 15, "Pepe": 39, "Marta": 2, "Juan": -14, "Rosa": -16}, (0, 0, 0),
         [(11, "Rosa", 45, False)])

    # Deal 8, Luis deals. Rosa pays #11: 15/15/15. Pots 16/16/16 = 48. Nobody goes: carried over.
    # Nobody owes now, but 48 chips lie in the pots: the night goes on (play out the pots).
    # Luis −3, Rosa −45. Totals: Ana −26, Luis 12, Pepe 39, Marta 2, Juan −14, Rosa −61: sum −48 = the pots.
    out = deal({"turned_card": "5E", "payments": [pay(11, 15, 15, 15)], "went": []},
               {"Luis": -3, "Rosa": -45},
               {"Ana": -26, "Luis": 12, "Pepe": 39, "Marta": 2, "Juan": -14, "Rosa": -61}, (16, 16, 16), [])
    assert not out.game_over
    assert payable(table, state) == []
    # Settling now: the pots go back to who put them in (Luis 3, Rosa 45), or, counting debts (none), are
    # shared 8 each.
    assert balances(table, state) == {
        "Ana": -26, "Luis": 15, "Pepe": 39, "Marta": 2, "Juan": -14, "Rosa": -16}
    assert balances(table, state, include_open_lulos=True) == {
        "Ana": -18, "Luis": 20, "Pepe": 47, "Marta": 10, "Juan": -6, "Rosa": -53}

    # Deal 9, Pepe deals. Pots 17/17/17 = 51. King turned: the 7 of copas plays as the King.
    # Rosa cabeza + cola = +34; Marta barriga +17, but she did not trump when void: lulo. Juan took nothing:
    # lulo. From Pepe's left the order is Marta, Juan, Rosa: Marta #12, Juan #13, 51 chips each. Pepe −3.
    # Totals: Ana −26, Luis 12, Pepe 36, Marta 19, Juan −14, Rosa −27 (sum 0).
    deal({"turned_card": "12C", "went": ["Marta", "Juan", "Rosa"], "tricks": ["Rosa", "Marta", "Rosa"],
          "misplays": [{"player": "Marta", "rule": "trump_when_void"}]},
         {"Pepe": -3, "Rosa": 34, "Marta": 17},
         {"Ana": -26, "Luis": 12, "Pepe": 36, "Marta": 19, "Juan": -14, "Rosa": -27}, (0, 0, 0),
         [(12, "Marta", 51, False), (13, "Juan", 51, False)])

    # Deal 10, Marta deals. Open: #12 Marta 51, #13 Juan 51. Both pay: Marta 51/0/0, Juan 0/0/51.
    # Pots 52/1/52 = 105. The 7 turned: below sota, no stand-in. Ana cabeza + cola = +104, Juan barriga +1.
    # Luis took nothing: lulo #14, 105. Juan led the first trick without his 3 or King: lulo #15, 105.
    # Marta −3 −51 = −54, Juan −51 +1 = −50.
    # Totals: Ana 78, Luis 12, Pepe 36, Marta −35, Juan −64, Rosa −27 (sum 0).
    out = deal({"turned_card": "7B", "payments": [pay(12, cabeza=51), pay(13, cola=51)],
                "went": ["Ana", "Luis", "Juan"], "tricks": ["Ana", "Juan", "Ana"],
                "misplays": [{"player": "Juan", "rule": "lead_three_or_king"}]},
               {"Marta": -54, "Juan": -50, "Ana": 104},
               {"Ana": 78, "Luis": 12, "Pepe": 36, "Marta": -35, "Juan": -64, "Rosa": -27}, (0, 0, 0),
               [(14, "Juan", 105, False), (15, "Luis", 105, False)])
    assert extra(out)["seven_as_turned"] is None

    # Deal 11, Juan deals. Open: #14 Juan 105, #15 Luis 105; from Juan: Juan first. Juan pays 35/35/35, and
    # Luis does not choose to pay his this deal. Pots 36/36/36 = 108.
    # Luis cabeza + cola = +72 but did not lead his highest trump to the second trick: lulo #16, 108.
    # Pepe barriga +36. Juan −3 −105 = −108.
    # Totals: Ana 78, Luis 84, Pepe 72, Marta −35, Juan −172, Rosa −27 (sum 0).
    deal({"turned_card": "2O", "payments": [pay(14, 35, 35, 35)], "went": ["Pepe", "Luis"],
          "tricks": ["Luis", "Pepe", "Luis"],
          "misplays": [{"player": "Luis", "rule": "lead_highest_trump_second"}]},
         {"Juan": -108, "Luis": 72, "Pepe": 36},
         {"Ana": 78, "Luis": 84, "Pepe": 72, "Marta": -35, "Juan": -172, "Rosa": -27}, (0, 0, 0),
         [(16, "Luis", 108, False)])

    # Deal 12, Rosa deals. Open: #15 Luis 105, #16 Luis 108: he pays both, lowest first: 105/0/0 and 0/0/108.
    # Pots 106/1/109 = 216. Ana goes alone and takes all three: +216. Rosa −3, Luis −213.
    # Totals: Ana 294, Luis −129, Pepe 72, Marta −35, Juan −172, Rosa −30 (sum 0). Nobody owes, pots empty:
    # the night is over; Ana has the best net.
    out = deal({"turned_card": "4C", "payments": [pay(15, cabeza=105), pay(16, cola=108)], "went": ["Ana"],
                "tricks": ["Ana", "Ana", "Ana"]},
               {"Rosa": -3, "Luis": -213, "Ana": 216},
               {"Ana": 294, "Luis": -129, "Pepe": 72, "Marta": -35, "Juan": -172, "Rosa": -30}, (0, 0, 0), [])
    assert out.game_over and [PLAYERS[seat] for seat in out.winners] == ["Ana"]

    # The paper list, at the end: 16 lulos, 15 paid, Marta's #8 free; each paid once, in the deal recorded.
    shown = GAME.display_state(table, state)
    assert [line["status"] for line in shown["lulo_list"]].count("paid") == 15
    assert [line["id"] for line in shown["lulo_list"] if line["status"] == "free"] == [8]
    paid_in = {debt.id: debt.paid_deal for debt in state.ledger.debts}
    assert paid_in == {1: 2, 2: 2, 3: 4, 4: 3, 5: 5, 6: 6, 7: 5, 8: None, 9: 7, 10: 7, 11: 8, 12: 10, 13: 10,
                       14: 11, 15: 12, 16: 12}
    # Marta: 8 before the night + deals 1, 4 (free) and 9 = 11.
    assert shown["lulo_counts"]["Marta"] == {"count": 11, "next_free": 20}
    assert shown["game_over"] and shown["open_total"] == 0
    # Settled: each player's net, zero-sum, both ways (nothing open, nothing on the table).
    assert balances(table, state) == balances(table, state, include_open_lulos=True) == named(table, state.totals)
    assert state.ledger.conserved and state.ledger.pots_total() == 0
