"""The referee's answer to a trick situation (referee/tricks.py, ``rule_on``), for the games that answer through it.

"The ruling answers 'Is this play legal here, and who takes the trick?'" (DESIGN.md): a legal card that completes
the trick is answered with who takes it, as a complete trick is.
"""

from __future__ import annotations

from referee.game import Options, TableSpec
from referee.tricks import rule_on
from tests.referee.test_played import TrumpWhist

TABLE = TableSpec(("Ana", "Bea", "Cris"), Options())


def test_a_legal_card_that_completes_the_trick_says_who_takes_it() -> None:
    """"After all players have played a card, the trick is won by the player with the highest trump, or the
    highest card of the suit led, if no trumps were played." (seed 003)"""
    answer = rule_on(TrumpWhist(), TABLE, {"leader": "Bea", "trick": ["5S", "KS"], "hand": ["2H", "3D"],
                                           "card": "2H"})
    assert answer.legal is True
    assert (answer.winner.code, answer.winner_seat.name) == ("2H", "Ana")  # Bea, Cris, then Ana trumps
    assert str(answer.explanation) == ("2 of hearts: may be played. You hold none of the suit led: you must "
                                       "trump. It wins.")
    assert answer.to_json()["winner"] == "Ana"
    illegal = rule_on(TrumpWhist(), TABLE, {"leader": "Bea", "trick": ["5S", "KS"], "hand": ["2H", "3D"],
                                            "card": "3D"})
    early = rule_on(TrumpWhist(), TABLE, {"leader": "Bea", "trick": ["5S"], "hand": ["2H", "3D"], "card": "2H"})
    assert (illegal.legal, illegal.winner) == (False, None)  # only a legal card is said to take the trick
    assert (early.legal, early.winner) == (True, None)  # and only the card that completes it


def test_without_who_led_the_winner_is_its_card() -> None:
    """Nobody named: the card that takes the trick is the answer, as for a complete trick."""
    answer = rule_on(TrumpWhist(), TABLE, {"trick": ["5S", "KS"], "hand": ["AS", "3D"], "card": "AS"})
    assert answer.winner.code == "AS" and answer.winner_seat is None

