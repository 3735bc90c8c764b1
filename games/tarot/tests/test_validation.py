"""French Tarot deal records: what is accepted, and a message on the right field for what cannot be.

``parse`` reads each field (its syntax, one message per field); ``check`` refuses what the fields cannot be
together, citing the rule on the rules page. Both answer with a message beside the field.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.tarot.record import Chelem, Contract, PetitAuBout, Poignee, PoigneeSize, Side, TarotRecord
from games.tarot.rules import GAME
from games.tarot.rules_text import SECTION_KEYS
from referee.cards import Card
from referee.parse import InvalidRecord
from referee.values import Seat

FOUR = ["N", "S", "E", "W"]
THREE = ["A", "B", "C"]
FIVE = ["A", "B", "C", "D", "E"]


def valid(players: list[str], record: dict[str, Any], **options: Any) -> TarotRecord:
    """The record as parsed, after checking that it may follow the start of a game."""
    table = GAME.table(players, options)
    clean = GAME.parse(table, record)
    GAME.check(table, GAME.initial_state(table), clean)
    return clean


def refusal(players: list[str], record: dict[str, Any], **options: Any) -> InvalidRecord:
    table = GAME.table(players, options)
    with pytest.raises(InvalidRecord) as caught:
        GAME.check(table, GAME.initial_state(table), GAME.parse(table, record))
    return caught.value


def error(players: list[str], record: dict[str, Any], field: str, *words: str, **options: Any) -> str:
    """The message on ``field`` (it must be there), checked to contain ``words`` (case-insensitive)."""
    errors = refusal(players, record, **options).errors
    assert field in errors, errors
    message = str(errors[field])
    for word in words:
        assert word.lower() in message.lower(), message
    return message


def rule_cited(players: list[str], record: dict[str, Any], field: str, **options: Any) -> str:
    """The key of the rule a refusal cites on ``field``: a section of the rules page."""
    rules = refusal(players, record, **options).rules
    assert field in rules, rules
    assert rules[field].key in SECTION_KEYS
    return str(rules[field].key)


def deal(**more: Any) -> dict[str, Any]:
    return {"taker": "N", "contract": "garde", "bouts": 2, "points": 49, **more}


def deal5(**more: Any) -> dict[str, Any]:
    return {"taker": "A", "contract": "garde", "bouts": 2, "points": "49.5", "partner": "C", **more}


# -- what is accepted ----------------------------------------------------------------------------------------

def test_a_full_record_is_normalised() -> None:
    record = valid(FOUR, deal())
    assert record == TarotRecord(taker=Seat(0, "N"), contract=Contract.GARDE, bouts=2, points="49",
                                 points_side=Side.ATTACK, poignees=(), petit_au_bout=PetitAuBout.NONE,
                                 chelem=Chelem.NONE, void=False)
    assert record.to_json() == {"taker": {"seat": 0, "name": "N"}, "contract": "garde", "partner": None,
                                "called_card": None, "bouts": 2, "points": "49", "points_side": "attack",
                                "poignees": [], "petit_au_bout": "none", "chelem": "none", "misere": [],
                                "void": False}


def test_form_strings_are_accepted() -> None:
    """Strings from forms must be accepted too, e.g. "49.5", "2"."""
    clean = valid(THREE, {"taker": "a", "contract": "Garde", "bouts": "2", "points": "49.5", "void": "",
                          "petit_au_bout": "", "chelem": "", "points_side": "", "poignees": ""})
    assert (clean.taker, clean.contract, clean.bouts, clean.points) == (Seat(0, "A"), "garde", 2, "49.5")
    assert clean.taker is not None and clean.taker.name == "A"
    assert valid(THREE, deal(taker="A", points="49,5")).points == "49.5"
    assert valid(THREE, deal(taker="A", points="40½")).points == "40.5"
    assert valid(THREE, deal(taker="A", points=49.5)).points == "49.5"  # a JSON number


def test_seats_may_be_given_as_stored() -> None:
    """Records name seats, with the name each seat had: a stored seat reads back as that seat."""
    clean = valid(FIVE, deal5(taker={"seat": 0, "name": "A"}, partner={"seat": 2, "name": "Carla"}))
    assert (clean.taker, clean.partner) == (Seat(0, "A"), Seat(2, "C"))
    assert clean.partner is not None and clean.partner.name == "C"  # the name the seat has at the table now


def test_a_normalised_record_validates_to_itself() -> None:
    clean = valid(FIVE, deal5(called_card="kh", poignees=[{"side": "attack", "size": "simple"}]),
                  misere=True)
    assert valid(FIVE, clean.to_json(), misere=True) == clean
    assert valid(FIVE, clean.to_json(), misere=True).to_json() == clean.to_json()
    assert GAME.record_from_json(clean.to_json()) == clean
    assert clean.called_card == Card("H", "K") and clean.misere == ()
    assert clean.poignees == (Poignee(Side.ATTACK, PoigneeSize.SIMPLE),)


def test_void_alone_is_a_whole_record() -> None:
    """Every deal may be recorded as void: {"void": true} alone is valid."""
    assert valid(FOUR, {"void": True}) == TarotRecord(void=True)
    assert valid(FOUR, {"void": "on", "taker": ""}) == TarotRecord(void=True)
    assert valid(FOUR, {"void": True}).to_json() == {"void": True}
    assert GAME.record_from_json({"void": True}) == TarotRecord(void=True)


def test_void_must_be_yes_or_no() -> None:
    error(FOUR, deal(void="maybe"), "void", "yes or no")


def test_unknown_key_is_an_error_on_that_key() -> None:
    """Unknown extra keys → error on that key."""
    error(FOUR, deal(score=12), "score", "unknown")


# -- taker and contract --------------------------------------------------------------------------------------

def test_taker_must_be_at_the_table() -> None:
    error(FOUR, deal(taker="Zoe"), "taker", "Zoe", "not playing")


def test_taker_is_required() -> None:
    error(FOUR, deal(taker=""), "taker", "taker")


def test_contract_is_one_of_four() -> None:
    """Contracts: Prise/Petite, Garde, Garde sans le chien, Garde contre le chien."""
    error(FOUR, deal(contract="grande"), "contract", "prise", "garde contre")


# -- bouts and points ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("bouts", [-1, 4, "two", 1.5, None])
def test_bouts_run_from_zero_to_three(bouts: Any) -> None:
    error(FOUR, deal(bouts=bouts), "bouts", "bout")


@pytest.mark.parametrize("points", [-1, "91.5", 120])
def test_points_run_from_zero_to_91(points: Any) -> None:
    """Card points … 91 in all."""
    error(FOUR, deal(points=points), "points", "0 to 91")


def test_points_must_be_a_number() -> None:
    error(FOUR, deal(points="lots"), "points", "number")
    error(FOUR, deal(points="NaN"), "points", "number")
    error(FOUR, deal(points=None), "points", "points")


def test_points_go_by_half_points() -> None:
    """Half points (3 and 5 players)."""
    error(THREE, deal(taker="A", points="49.25"), "points", "half")


def test_points_are_whole_at_four_players() -> None:
    """At four players every side holds an even number of cards, so the points are whole."""
    error(FOUR, deal(points="49.5"), "points", "four players", "whole")


def test_bouts_held_imply_four_and_a_half_points_each_with_their_trick() -> None:
    """Bouts and Kings 4½, others ½ at least, a trick of three cards at three players. Garde contre (nothing
    from the chien): the three bouts are 4½ + 4½ + ½ in one trick and the Excuse 4 (exchanged for ½), 13½
    points; the Petit and the 21 alone are 4½ + 4½ + ½ = 9½."""
    assert valid(THREE, {"taker": "A", "contract": "garde_contre", "bouts": 3, "points": "13.5"}).points == "13.5"
    error(THREE, {"taker": "A", "contract": "garde_contre", "bouts": 3, "points": 13}, "points", "at least 13½",
          "4½ a bout", "trick")
    error(THREE, {"taker": "A", "contract": "garde_contre", "bouts": 2, "points": 9}, "points", "at least 9½")


def test_the_ecart_counts_for_the_attack_half_a_point_a_card_at_least() -> None:
    """Prise or garde: the taker's écart is six cards of ½ at least at four players, 3 points: with nothing else
    the attack has 3; with the Excuse alone 3 + 4 = 7; with the Petit and the 21 in one trick of four cards
    3 + 4½ + 4½ + ½ + ½ = 13."""
    assert valid(FOUR, deal(contract="prise", bouts=0, points=3)).points == "3"
    error(FOUR, deal(contract="garde", bouts=0, points=0, chelem="defence"), "points", "at least 3", "écart",
          "6 cards")
    assert valid(FOUR, deal(contract="prise", bouts=1, points=7)).points == "7"
    error(FOUR, deal(contract="prise", bouts=1, points=6), "points", "at least 7")
    error(FOUR, deal(contract="garde", bouts=2, points=12), "points", "at least 13")


def test_in_a_garde_sans_the_chien_counts_for_the_attack() -> None:
    """Garde sans at five players: the chien's three cards count for the attack, ½ at least each, or 4½ when a
    bout lies there: the three bouts in the chien are 13½ points, no fewer."""
    five = ["A", "B", "C", "D", "E"]
    record = {"taker": "A", "partner": "A", "contract": "garde_sans", "bouts": 3, "points": "13.5"}
    assert valid(five, record).points == "13.5"
    error(five, {**record, "points": 13}, "points", "at least 13½", "chien", "3 cards")
    error(five, {**record, "bouts": 0, "points": 1}, "points", "at least 1½")


def test_an_attack_whose_one_bout_is_its_excuse_may_hold_four_points() -> None:
    """The Excuse's owner gives ½ for it even with no trick to give it from (RULINGS.md: 87 when the defence
    kept its Excuse against a chelem): in a garde contre an attack that took no trick holds its Excuse for 4,
    no fewer."""
    assert valid(FOUR, {"taker": "N", "contract": "garde_contre", "bouts": 1, "points": 4}).points == "4"
    error(FOUR, {"taker": "N", "contract": "garde_contre", "bouts": 1, "points": 3}, "points", "at least 4",
          "the Excuse 4")
    error(THREE, {"taker": "A", "contract": "garde_contre", "bouts": 1, "points": "3.5"}, "points", "at least 4")


def test_a_refusal_says_the_bouts_the_attack_holds_as_a_player_would() -> None:
    """"With the three bouts", "With 2 bouts", "With 1 bout", not "Holding 3 of the three bouts" (found by a
    tester in French: "Avec 3 des trois bouts"); mid-sentence the same words, in lower case."""
    for bouts, said in ((3, "With the three bouts, "), (2, "With 2 bouts, "), (1, "With 1 bout, ")):
        assert error(FOUR, deal(bouts=bouts, points=2), "points").startswith(said + "the attack has at least")
    assert error(FOUR, deal(bouts=0, points=80), "points").startswith("With no bout, the attack cannot have 80")
    assert "(its own Excuse 4 if it took no trick): with 2 bouts, the attack has" in error(
        FOUR, deal(contract="garde_contre", bouts=2, points=90), "points")
    assert "(not 80 with 2 bouts)" in error(FOUR, deal(bouts=2, points=80, chelem="unannounced_made"), "chelem")


def test_points_cannot_include_the_defences_bouts() -> None:
    """The defence's bouts come with their trick: holding all three, the defence has 4½ + 4½ + ½ + ½ (the Petit
    and the 21 in one trick of four) and the Excuse 4, 14 points; the attack 77 at most. Holding two, 10: the
    attack 81 at most. Holding the Excuse alone, 4 (it gives ½ for it): the attack 87 at most."""
    error(FOUR, deal(bouts=0, points=91, chelem="unannounced_made"), "points", "with no bout", "77")
    assert valid(FOUR, deal(bouts=0, points=77)).points == "77"
    error(FOUR, deal(bouts=0, points=78), "points", "77 at most")
    assert valid(FOUR, deal(bouts=1, points=81)).points == "81"
    error(FOUR, deal(bouts=1, points=82), "points", "81")
    assert valid(FOUR, deal(bouts=2, points=87, chelem="unannounced_made")).points == "87"


def test_points_side_is_attack_or_defence() -> None:
    error(FOUR, deal(points_side="east"), "points_side", "attack", "defence")


def test_points_counted_by_the_defence_are_checked_as_the_attacks() -> None:
    """If "defence", the attack's points are 91 − points."""
    # the defence counted 85: the attack has 6 with 2 bouts, less than 3 (its écart) + 4½ + 4½ + ½ + ½ = 13
    error(FOUR, deal(points=85, points_side="defence"), "points", "at least 13")


def test_garde_contre_chien_belongs_to_the_defence() -> None:
    """Garde contre: chien counts for the defence, six cards of ½ at least at four players: 91 − 3 = 88 at most
    holding the three bouts; holding two, the chien's ½ cards and the defence's Excuse 4: 91 − 3 − 4 = 84."""
    error(FOUR, deal(contract="garde_contre", bouts=3, points=89), "points", "garde contre", "88")
    assert valid(FOUR, deal(contract="garde_contre", bouts=2, points=84)).points == "84"
    error(FOUR, deal(contract="garde_contre", bouts=2, points=85), "points", "garde contre", "84")


# -- partner at five players ---------------------------------------------------------------------------------

def test_partner_only_at_five_players() -> None:
    """5 players: the taker calls a King. Any partner given at 3 or 4 players is an error on partner."""
    error(FOUR, deal(partner="S"), "partner", "five players")
    error(THREE, deal(taker="A", partner="B"), "partner", "five players")
    assert valid(FOUR, deal(partner="")).partner is None


def test_called_card_only_at_five_players() -> None:
    error(FOUR, deal(called_card="KH"), "called_card", "five players")


def test_a_card_code_no_card_has_is_refused_with_how_codes_go() -> None:
    """A French player's "RH" (roi de cœur) is no code: the message says the codes' letters, KH the King of
    hearts (a tester was told only "RH is not a Tarot card")."""
    error(FIVE, deal5(called_card="RH"), "called_card", "RH is not a Tarot card. Trumps T1 to T21, the Excuse EX, "
                                                        "other cards rank + suit (S ♠, H ♥, D ♦, C ♣): KH")


@pytest.mark.parametrize(("typed", "card"), [("R♥", Card("H", "K")), ("D♠", Card("S", "Q")),
                                             ("C♦", Card("D", "C")), ("V♣", Card("C", "J"))])
def test_the_called_card_typed_as_its_chip_shows_it_in_french_is_that_card(typed: str, card: Card) -> None:
    """The card picker writes KH and shows the chip R♥ under the box; a French player who types what he sees,
    R♥, calls the King of hearts (a tester was told "R♥ is not a Tarot card"). With a suit letter the codes stay
    English: "RC" could be the roi de cœur or, C being clubs, a King of clubs, and is still refused."""
    assert valid(FIVE, deal5(called_card=typed)).called_card == card
    error(FIVE, deal5(called_card="RC"), "called_card", "RC is not a Tarot card")


def test_partner_must_be_at_the_table() -> None:
    error(FIVE, deal5(partner="Zoe"), "partner", "Zoe")


@pytest.mark.parametrize("blank", ["", "  ", None])
def test_a_five_player_record_always_names_the_partner(blank: Any) -> None:
    """A 5-player record always names the partner: the holder of the called card, or the taker himself when
    he plays alone. A blank partner is refused, never read as "alone". (RULINGS.md)"""
    message = error(FIVE, deal5(partner=blank), "partner", "partner", "taker", "alone")
    assert message == "Who holds the called card? Pick the partner, or the taker when playing alone."
    record = deal5()
    del record["partner"]
    error(FIVE, record, "partner", "partner")


def test_a_blank_partner_is_refused_beside_the_field_alone() -> None:
    """The message is beside the partner field, and only there: the rest of the deal is well formed."""
    assert set(refusal(FIVE, deal5(partner="")).errors) == {"partner"}


def test_the_taker_named_as_partner_plays_alone() -> None:
    """If the called card is in the chien or the taker called himself, the taker plays alone."""
    record = valid(FIVE, deal5(partner="a"))
    assert record.partner == record.taker == Seat(0, "A")
    assert record.alone
    assert not valid(FIVE, deal5(partner="C")).alone


def test_called_card_is_a_king_or_lower_court_card() -> None:
    """The taker calls a King (a Queen if he holds all four Kings, then Knight, then Jack)."""
    for code in ("KS", "QH", "CD", "JC"):
        called = valid(FIVE, deal5(called_card=code)).called_card
        assert called is not None and called.code == code
    error(FIVE, deal5(called_card="T21"), "called_card", "King")
    error(FIVE, deal5(called_card="7H"), "called_card", "King")
    error(FIVE, deal5(called_card="ZZ"), "called_card", "not a Tarot card")


# -- poignées ------------------------------------------------------------------------------------------------

def test_poignee_side_and_size_must_be_known() -> None:
    error(FOUR, deal(poignees=[{"side": "north", "size": "simple"}]), "poignees", "attack", "defence")
    error(FOUR, deal(poignees=[{"side": "attack", "size": "huge"}]), "poignees", "simple, double or triple")
    error(FOUR, deal(poignees=[{"side": "attack", "size": "simple", "trumps": 11}]), "poignees", "trumps")
    error(FOUR, deal(poignees="simple"), "poignees", "list")
    error(FOUR, deal(poignees=["simple"]), "poignees", "side")


def test_one_poignee_per_attack_player() -> None:
    """One poignée per player at most: the attack is one player at 3 and 4, two at five with a partner."""
    two = [{"side": "attack", "size": "simple"}, {"side": "attack", "size": "simple"}]
    error(FOUR, deal(poignees=two), "poignees", "taker plays alone", "not 2")
    assert len(valid(FIVE, deal5(poignees=two)).poignees) == 2
    error(FIVE, deal5(partner="A", poignees=two), "poignees", "taker plays alone")


def test_one_poignee_per_defence_player() -> None:
    """The defence is 2 players at three: no third poignée."""
    three = [{"side": "defence", "size": "simple"}] * 3
    error(THREE, deal(taker="A", poignees=three), "poignees", "defence", "2 players")


def test_trumps_shown_cannot_exceed_21_trumps_and_the_excuse() -> None:
    """Several poignées in one deal each count — but they show at most 21 trumps and the Excuse."""
    # 4 players: triple (15) + simple (10) = 25 > 22
    both = [{"side": "attack", "size": "triple"}, {"side": "defence", "size": "simple"}]
    error(FOUR, deal(poignees=both), "poignees", "25 trumps", "21 trumps and the Excuse")
    # 5 players: simple (8) + simple (8) = 16 ≤ 22; double (10) + triple (13) = 23 > 22
    assert valid(FIVE, deal5(poignees=[{"side": "defence", "size": "simple"}] * 2))
    error(FIVE, deal5(poignees=[{"side": "defence", "size": "double"}, {"side": "attack", "size": "triple"}]),
          "poignees", "23 trumps")


# -- petit au bout -------------------------------------------------------------------------------------------

def test_petit_au_bout_choices() -> None:
    error(FOUR, deal(petit_au_bout="yes"), "petit_au_bout", "attack", "defence")


def test_petit_au_bout_to_the_attack_needs_a_bout() -> None:
    """Petit au bout to the attack needs bouts ≥ 1: the Petit is a bout."""
    error(FOUR, deal(bouts=0, points=60, petit_au_bout="attack"), "petit_au_bout", "bout")


def test_petit_au_bout_to_the_defence_leaves_the_attack_two_bouts_at_most() -> None:
    error(FOUR, deal(bouts=3, points=60, petit_au_bout="defence"), "petit_au_bout", "three bouts")


# -- chelem --------------------------------------------------------------------------------------------------

def test_chelem_choices() -> None:
    error(FOUR, deal(chelem="grand"), "chelem", "announced")


def test_attack_chelem_needs_every_card_point() -> None:
    """A chelem made by the attack means it holds every card point: 91, or 87 when the defence kept the
    Excuse (then 2 bouts)."""
    assert valid(FOUR, deal(bouts=3, points=91, chelem="announced_made"))
    assert valid(FOUR, deal(bouts=2, points=87, chelem="unannounced_made"))
    assert valid(THREE, deal(taker="A", bouts=2, points="86.5", chelem="unannounced_made"))
    error(FOUR, deal(bouts=2, points=80, chelem="announced_made"), "chelem", "91", "87")
    error(FOUR, deal(bouts=3, points=87, chelem="announced_made"), "chelem", "every card point")


def test_garde_contre_chelem_leaves_the_chien_to_the_defence() -> None:
    """… but the chien's in a garde contre: any points ≥ 91 − the chien's most (and the Excuse's 4)."""
    # 4 players: chien of 6 cards, at most 27 points; the defence may also keep its Excuse (4): 60 at least
    assert valid(FOUR, deal(contract="garde_contre", bouts=1, points=60, chelem="announced_made"))
    error(FOUR, deal(contract="garde_contre", bouts=1, points=59, chelem="announced_made"), "chelem", "60")
    # 5 players: chien of 3 cards, 13½ at most: 73½ at least
    error(FIVE, deal5(contract="garde_contre", bouts=2, points=73, chelem="unannounced_made"), "chelem",
          "73½")


def test_attack_chelem_with_petit_au_bout_to_the_defence_is_impossible() -> None:
    error(FOUR, deal(bouts=2, points=87, chelem="announced_made", petit_au_bout="defence"), "petit_au_bout",
          "every trick")


def test_defence_chelem_leaves_the_attack_next_to_nothing() -> None:
    """A chelem by the defence: the attack took no trick; it keeps only its écart (no King, no bout) and
    perhaps its Excuse."""
    assert valid(FOUR, deal(bouts=0, points=5, chelem="defence"))
    assert valid(FOUR, deal(bouts=1, points=23, chelem="defence"))  # four Queens, two Knights, the Excuse
    error(FOUR, deal(bouts=0, points=30, chelem="defence"), "chelem", "no trick")
    error(FOUR, deal(bouts=2, points=20, chelem="defence"), "chelem", "1 of the bouts")
    error(FOUR, deal(contract="garde_contre", bouts=0, points=10, chelem="defence"), "chelem", "no trick")


def test_defence_chelem_with_petit_au_bout_to_the_attack_is_impossible() -> None:
    error(FOUR, deal(bouts=1, points=7, chelem="defence", petit_au_bout="attack"), "petit_au_bout",
          "every trick")


def test_all_91_points_is_a_chelem() -> None:
    """91 points means every card, so every trick."""
    error(FOUR, deal(bouts=3, points=91), "chelem", "every card")
    error(FOUR, deal(bouts=3, points=91, chelem="announced_failed"), "chelem", "every card")


# -- misère --------------------------------------------------------------------------------------------------

def test_misere_only_with_the_house_rule_on() -> None:
    error(FOUR, deal(misere=["S"]), "misere", "house rule", "off")
    assert valid(FOUR, deal(misere=[]))


def test_misere_players_are_at_the_table_once() -> None:
    assert [s.name for s in valid(FOUR, deal(misere=["w", "S"]), misere=True).misere] == ["S", "W"]
    error(FOUR, deal(misere=["Zoe"]), "misere", "Zoe", misere=True)
    error(FOUR, deal(misere=["S", "S"]), "misere", "twice", misere=True)


def test_several_fields_wrong_give_a_message_each() -> None:
    table = GAME.table(FOUR)
    with pytest.raises(InvalidRecord) as caught:
        GAME.apply(table, GAME.initial_state(table), {"taker": "X", "contract": "?", "bouts": 9, "points": -3})
    assert set(caught.value.errors) >= {"taker", "contract", "bouts", "points"}


# -- parse reads, check refuses --------------------------------------------------------------------------------

def test_parse_reads_each_field_and_check_refuses_what_cannot_go_together() -> None:
    """Three bouts and 5 points are each well formed; together they cannot be: the check says so."""
    table = GAME.table(FOUR)
    record = GAME.parse(table, deal(bouts=3, points=5))
    assert (record.bouts, record.points) == (3, "5")
    with pytest.raises(InvalidRecord) as caught:
        GAME.check(table, GAME.initial_state(table), record)
    assert set(caught.value.errors) == {"points"}


@pytest.mark.parametrize(("record", "field", "key"), [
    (deal(bouts=3, points=5), "points", "cards"),
    (deal(contract="garde_contre", bouts=3, points=89), "points", "chien"),
    (deal(poignees=[{"side": "attack", "size": "simple"}] * 2), "poignees", "poignee"),
    (deal(bouts=0, points=60, petit_au_bout="attack"), "petit_au_bout", "petit-au-bout"),
    (deal(bouts=2, points=80, chelem="announced_made"), "chelem", "chelem"),
    (deal(bouts=3, points=91), "chelem", "chelem"),
])
def test_a_refusal_cites_the_rule_broken(record: dict[str, Any], field: str, key: str) -> None:
    """Each refusal names the rule it applies, as the rules page states it."""
    assert rule_cited(FOUR, record, field) == key


def test_syntax_errors_cite_no_rule() -> None:
    assert refusal(FOUR, deal(bouts="two")).rules == {}


def test_an_unknown_field_names_the_game_as_the_reader_does() -> None:
    """In French, "Champ inconnu pour Tarot." (a tester's imported file said "pour French Tarot")."""
    from django.utils import translation

    from scoring.services import translate
    errors = refusal(FOUR, {**deal(), "zzz": 1}).errors
    with translation.override("fr"):
        assert translate(errors["zzz"]) == "Champ inconnu pour Tarot."
