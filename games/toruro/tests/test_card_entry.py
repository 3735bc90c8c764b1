"""Toruro entered card by card: the contract said before the first card (the turned card, the lulos paid, who
went), then each card as played; the record the cards make (who took each pot, each misplay turned into its
lulo), kept with its cards, through the rules, the page and the API.

"Any player decided to 'go' and did not take any pot OR any player who misplayed a rule [...] commits 'lulo'."
"the card playing starts with the first player on the dealer's left who is 'going'." (seed 002) "A
rule-breaker keeps any pot they won." (RULINGS.md, Toruro)

Ana, Luis, Pepe, Marta and Juan sit in the order of play; Ana deals the first deal, so Luis leads; everyone goes
(house rule 3). The 5 of bastos is turned: bastos are trumps. The deals are test_cards.py's, played there by
hand:

Deal M (hands: Luis 12O 4C 2E · Pepe 6O 7B 3C · Marta 1O 11C 4E · Juan 2O 10E 6C · Ana 7O 12C 3E):
  1. 12O 6O 1O 2O 7O   Luis leads; all follow oros; Marta's Ace takes the cabeza.
  2. 11C 6C 12C 4C 7B  Marta leads copas; Pepe trumps with the 7 of bastos though he holds the 3 of copas:
                       the only trump takes the barriga (Pepe).
  3. 3C 4E 10E 3E 2E   Pepe leads the 3 of copas, proving his revoke in trick 2; he takes the cola.
  Pots: Ana's three chips, one a pot: Marta +1, Pepe +2, Ana −3. Lulos of 3 chips (the money in play), in the
  order of play from Ana's left: Luis #1 (no trick), Pepe #2 ("Follow suit": he keeps his two pots), Juan #3
  and Ana #4 (no trick).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Sequence
from typing import Any

import pytest
from django.utils import translation

from games.toruro.play import PlayRule
from games.toruro.record import PlayedCards
from games.toruro.rules import GAME
from games.toruro.tests.test_cards import DEAL_M
from games.toruro.words import RULE
from referee.cards import Card
from referee.parse import InvalidRecord
from referee.played import FlagKind, PlayedDeal
from scoring import services
from scoring.models import Deal, Table
from scoring.services import translate
from tests.scoring.drawn_form import as_drawn
from tests.scoring.test_home import field_error

PLAYERS = ["Ana", "Luis", "Pepe", "Marta", "Juan"]
FIVE = GAME.table(PLAYERS)  # Ana deals first
ANA, LUIS, PEPE, MARTA, JUAN = FIVE.seats()
EVERYONE = {"turned_card": "5B", "went": PLAYERS}
CARDS_M = [c for trick in DEAL_M for c in trick.split()]

# Deal J: the same hands, but in trick 2 Juan throws his sota of espadas though he holds the 6 of copas, and
# shows it in trick 3; Pepe follows rightly with his 3 of copas and leads his 7 of bastos to the last trick.
DEAL_J = (
    "12O 6O 1O 2O 7O",    # 1 Marta's Ace of oros takes the cabeza
    "11C 10E 12C 4C 3C",  # 2 Marta, Juan (revoke: he holds 6C), Ana, Luis, Pepe: the 3 of copas is highest: Pepe
    "7B 4E 6C 3E 2E",     # 3 Pepe leads the only trump, Juan shows the 6 of copas: Pepe takes the cola
)
# Marta +1, Pepe +2, Ana −3. Luis, Juan and Ana went and took no trick; Juan also broke "Follow suit". With one
# lulo a player a deal (the default) that is still one lulo for Juan: #1 Luis, #2 Juan, #3 Ana. Without it,
# Juan commits two: #1 Luis, #2 and #3 Juan, #4 Ana.


def cards(codes: str) -> list[Card]:
    return [Card.parse(c, "spanish40") for c in codes.split()]


def played(tricks: Sequence[str], contract: dict[str, Any] = EVERYONE, table=FIVE,
           first: int = 1) -> PlayedDeal:
    """The deal played card by card from the contract, the player after the dealer given as the first leader."""
    deal = GAME.played_deal(table, contract, table.seat(first))
    for trick in tricks:
        for card in cards(trick):
            deal = deal.add(card)
    return deal


def debts(table, state) -> list[tuple[int, str, int, str]]:
    """The lulo list: id, debtor, amount and why."""
    return [(d.id, table.players[d.debtor], d.amount, d.detail) for d in state.ledger.debts]


# -- the contract ---------------------------------------------------------------------------------------------

def test_the_game_is_entered_card_by_card() -> None:
    assert GAME.card_by_card is True


def test_before_the_first_card_the_turned_card_the_lulos_paid_and_who_went_are_said() -> None:
    """The cards say who took each pot and who broke a rule; a misdeal has no cards."""
    fields = {f.name: f for f in GAME.play_fields(FIVE)}
    assert list(fields) == ["turned_card", "payments", "went"] and fields["went"].required


def test_the_first_player_after_the_dealer_who_went_leads() -> None:
    """Ana deals; Luis and Juan stay out: Pepe, the first after Ana who goes, leads; then Marta, then Ana."""
    deal = GAME.played_deal(FIVE, {"turned_card": "5B", "went": ["Ana", "Marta", "Pepe"]}, LUIS)
    assert deal.first_leader == PEPE and deal.seats == (PEPE, MARTA, ANA) and deal.tricks_in_deal == 3


@pytest.mark.parametrize(("contract", "field", "words"), [
    ({"went": PLAYERS}, "turned_card", "Which card was turned"),
    ({"turned_card": "9O", "went": PLAYERS}, "turned_card", "not a card of the Spanish 40-card deck"),
    ({"turned_card": "5B", "went": []}, "went", "Nobody went"),
    ({"turned_card": "5B", "went": ["Eve"]}, "went", "Eve"),
    ({"turned_card": "1B", "went": ["Luis", "Pepe"]}, "went", "everyone must go (house rule 2); Ana, Marta, Juan"),
    ({"void": True}, "void", "record it from the table page"),
    ({"turned_card": "5B", "went": PLAYERS, "payments": "all"}, "payments", "list of lulos paid"),
])
def test_a_contract_that_does_not_read_is_refused_with_a_message_per_field(contract, field, words) -> None:
    with pytest.raises(InvalidRecord) as refused:
        GAME.played_deal(FIVE, contract, LUIS)
    assert words in str(refused.value.errors[field])


# -- the record the cards make --------------------------------------------------------------------------------

def test_the_cards_say_who_took_each_pot_and_the_misplays_and_the_record_keeps_them() -> None:
    deal = played(DEAL_M)
    record, _lines = GAME.record_from_plays(FIVE, EVERYONE, deal)
    assert record.takers == (MARTA, PEPE, PEPE)
    assert [(m.player, m.rule) for m in record.misplays] == [(PEPE, PlayRule.FOLLOW_SUIT)]
    assert record.plays == PlayedCards(LUIS, tuple(cards(" ".join(DEAL_M))))
    assert record.turned_card == Card("B", "5") and record.went == (LUIS, PEPE, MARTA, JUAN, ANA)


def test_the_lines_say_who_took_each_pot_and_each_misplay_turned_into_its_lulo_naming_the_rule() -> None:
    _record, lines = GAME.record_from_plays(FIVE, EVERYONE, played(DEAL_M))
    assert [str(line) for line in lines] == [
        "Trick 1: Marta takes the Cabeza with Ace of oros.",
        "Trick 2: Pepe takes the Barriga with 7 of bastos.",
        "Trick 3: Pepe takes the Cola with 3 of copas.",
        "Went and took no trick: Luis, Juan, Ana (a lulo each).",
        "Pepe broke “Follow suit” in trick 2, as the card played in trick 3 proves: a lulo (any pot won is "
        "kept).",
    ]


def test_a_misplay_is_a_lulo_and_the_rule_breaker_keeps_his_pots() -> None:
    record, _lines = GAME.record_from_plays(FIVE, EVERYONE, played(DEAL_M))
    state, outcome = GAME.apply(FIVE, GAME.initial_state(FIVE), record)
    assert outcome.scores == (-3, 0, 2, 1, 0)
    assert debts(FIVE, state) == [(1, "Luis", 3, "no_trick"), (2, "Pepe", 3, "misplay:follow_suit"),
                                  (3, "Juan", 3, "no_trick"), (4, "Ana", 3, "no_trick")]


def test_a_player_with_no_trick_who_misplays_commits_one_lulo_a_deal() -> None:
    """House rule (on by default): Juan took no trick and broke "Follow suit": one lulo, saying both."""
    record, lines = GAME.record_from_plays(FIVE, EVERYONE, played(DEAL_J))
    assert str(lines[-1]) == ("Juan broke “Follow suit” in trick 2, as the card played in trick 3 proves: no extra "
                              "lulo, they already have one this deal (house rule: at most one lulo per player per "
                              "deal).")
    state, outcome = GAME.apply(FIVE, GAME.initial_state(FIVE), record)
    assert outcome.scores == (-3, 0, 2, 1, 0)
    assert debts(FIVE, state) == [(1, "Luis", 3, "no_trick"), (2, "Juan", 3, "no_trick:follow_suit"),
                                  (3, "Ana", 3, "no_trick")]


def test_without_the_house_rule_each_offence_is_its_own_lulo() -> None:
    table = GAME.table(PLAYERS, {"one_lulo_per_deal": False})
    record, lines = GAME.record_from_plays(table, EVERYONE, played(DEAL_J, table=table))
    assert str(lines[-1]).endswith("in trick 2, as the card played in trick 3 proves: a lulo (any pot won is kept).")
    state, _outcome = GAME.apply(table, GAME.initial_state(table), record)
    assert debts(table, state) == [(1, "Luis", 3, "no_trick"), (2, "Juan", 3, "no_trick"),
                                   (3, "Juan", 3, "misplay:follow_suit"), (4, "Ana", 3, "no_trick")]


def test_a_deal_played_rightly_says_no_misplay() -> None:
    """Deal M with Pepe following with his 3 of copas and leading the 7 of bastos to the last trick."""
    deal = played([DEAL_M[0], "11C 6C 12C 4C 3C", "7B 4E 10E 3E 2E"])
    record, lines = GAME.record_from_plays(FIVE, EVERYONE, deal)
    assert record.misplays == () and record.takers == (MARTA, PEPE, PEPE)
    assert str(lines[-1]) == "No misplay: every card followed the rules."


def test_the_seven_of_trumps_is_named_as_the_turned_card_it_stands_for() -> None:
    """The Ace of bastos turned (everyone goes): Luis's 7 of bastos plays as the Ace and takes the cabeza."""
    contract = {"turned_card": "1B", "went": PLAYERS}
    deal = played(["7B 3B 1O 2O 7O", "6O 12O 4O 5O 10O", "2C 4C 5C 6C 7C"], contract)
    _record, lines = GAME.record_from_plays(FIVE, contract, deal)
    assert str(lines[0]) == "Trick 1: Luis takes the Cabeza with 7 of bastos played as the Ace."


# -- flagged plays ---------------------------------------------------------------------------------------------

def test_a_revoke_is_flagged_when_a_later_card_proves_it_naming_both_tricks() -> None:
    deal = played(DEAL_M[:2])
    assert deal.flags == ()  # nothing proves it yet
    deal = played(DEAL_M)
    (flag,) = deal.flags
    assert (flag.kind, flag.trick, flag.proven_by) == (FlagKind.REVOKE, 2, 3)
    assert str(flag.explanation) == (
        "Pepe played 7 of bastos in trick 2, but played 3 of copas in trick 3, so held it then. The lead was in "
        "copas and Pepe held copas, so Pepe had to follow suit: 3 of copas. Breaking this rule is a lulo.")


# A tester's deal: Cy deals, Dani, Eva and Ana go; the 3 of copas is turned. Ana discards the 6 of espadas on
# Dani's oros lead, trumps with the 7 of copas in trick 2 and shows the King of oros in trick 3.
TABLE_A = GAME.table(["Cy", "Dani", "Eva", "Ana", "Bea"], {"first_deal_all_go": False})
THREE_GO = {"turned_card": "3C", "went": ["Dani", "Eva", "Ana"]}
DEAL_A = (
    "3O 4O 6E",    # 1 Dani, Eva, Ana (revoke: she holds 12O): Dani's 3 of oros takes the cabeza
    "12C 1C 7C",   # 2 Dani, Eva, Ana (her 7 of copas, a trump: alone it proves only "trump when void")
    "5B 12O 2E",   # 3 Eva, Ana (the King of oros: she held oros in trick 1), Dani: Eva takes the cola
)


def test_a_revoke_proven_by_a_later_trick_names_the_rule_actually_broken() -> None:
    """"all the other players must follow suit if possible. If they can't, they must play a trump card" (seed
    002): Ana's King of oros in trick 3 proves she held oros when she discarded on the oros lead in trick 1, so
    she broke "Follow suit", not "Trump when you cannot follow suit", and the flag does not say she had no oros
    (found by a tester)."""
    deal = played(DEAL_A, THREE_GO, table=TABLE_A)
    (flag,) = deal.flags
    assert (flag.kind, flag.trick, flag.proven_by, flag.rule) == (FlagKind.REVOKE, 1, 3, RULE["follow_suit"])
    assert str(flag.explanation) == (
        "Ana played 6 of espadas in trick 1, but played King (rey) of oros in trick 3, so held it then. The lead "
        "was in oros and Ana held oros, so Ana had to follow suit: King (rey) of oros. Breaking this rule is a lulo.")
    with translation.override("es"):
        said = translate(flag.explanation)
    assert "No tienes oros" not in said and "no tenía oros" not in said, said


# Ana discards the 6 of espadas on Dani's oros lead holding no oros but the 7 of copas, a trump, which she plays
# in trick 2.
DEAL_V = (
    "3O 4O 6E",    # 1 Dani, Eva, Ana (holds no oros, but a trump: the 7 of copas): Dani's 3 of oros takes it
    "12C 1C 7C",   # 2 Dani, Eva, Ana (the 7 of copas, as the 3: she held a trump in trick 1): Eva's Ace takes it
    "5B 12E 2E",   # 3 Eva, Ana, Dani: Eva takes the cola
)


def test_a_revoke_is_said_of_the_player_who_made_it_in_every_language() -> None:
    """"If they can't [follow suit], they must play a trump card" (seed 002): Ana's 7 of copas in trick 2 proves
    she held a trump when she discarded on the oros lead in trick 1. The proof is about Ana, so it says "Ana held
    no oros […]: Ana had to play a trump", not "you" (a tester read "[…] so held it then. You hold no oros, the
    suit led: you must play a trump")."""
    deal = played(DEAL_V, THREE_GO, table=TABLE_A)
    (flag,) = deal.flags
    assert (flag.kind, flag.trick, flag.proven_by, flag.rule) == (FlagKind.REVOKE, 1, 2, RULE["trump_when_void"])
    assert str(flag.explanation) == (
        "Ana played 6 of espadas in trick 1, but played 7 of copas in trick 2, so held it then. Ana held "
        "no oros, the suit led, so Ana had to play a trump (copas): 7 of copas played as the 3. Breaking this rule "
        "is a lulo.")
    for language, rule in (("es", "Ana debía jugar triunfo"), ("fr", "Ana devait donc jouer atout")):
        with translation.override(language):
            said = translate(flag.explanation)
        assert rule in said and not re.search(r"\b(you|tienes|debes|vous)\b", said, re.IGNORECASE), said


def test_the_lulo_of_a_revoke_is_stored_with_the_rule_actually_broken() -> None:
    record, lines = GAME.record_from_plays(TABLE_A, THREE_GO, played(DEAL_A, THREE_GO, table=TABLE_A))
    assert [(m.player.name, m.rule) for m in record.misplays] == [("Ana", PlayRule.FOLLOW_SUIT)]
    assert str(lines[-1]).startswith("Ana broke “Follow suit” in trick 1, as the card played in trick 3 proves")
    state, _outcome = GAME.apply(TABLE_A, GAME.initial_state(TABLE_A), record)
    assert debts(TABLE_A, state) == [(1, "Ana", 3, "no_trick:follow_suit")]


def test_a_card_played_twice_is_flagged_at_once_and_the_deal_is_not_counted_until_corrected() -> None:
    deal = played([DEAL_M[0], "11C 6C 12C 4C 1O", DEAL_M[2]])
    assert [f.kind for f in deal.flags] == [FlagKind.PLAYED]
    with pytest.raises(InvalidRecord) as refused:
        GAME.record_from_plays(FIVE, EVERYONE, deal)
    assert "Correct the card played in trick 2 first" in str(refused.value.errors["plays"])


def test_the_turned_card_is_not_played() -> None:
    deal = played([DEAL_M[0], "11C 6C 12C 4C 5B", DEAL_M[2]])
    with pytest.raises(InvalidRecord) as refused:
        GAME.record_from_plays(FIVE, EVERYONE, deal)
    assert "5 of bastos is the turned card" in str(refused.value.errors["plays"])


def test_a_deal_not_over_makes_no_record() -> None:
    with pytest.raises(InvalidRecord) as refused:
        GAME.record_from_plays(FIVE, EVERYONE, played(DEAL_M).undo())
    assert "14 of the 15 cards" in str(refused.value.errors["plays"])


# -- stored with its cards ----------------------------------------------------------------------------------

def test_the_record_round_trips_through_its_json() -> None:
    record, _lines = GAME.record_from_plays(FIVE, EVERYONE, played(DEAL_M))
    stored = record.to_json()
    assert stored["plays"] == {"leader": {"seat": 1, "name": "Luis"}, "cards": CARDS_M}
    assert GAME.parse(FIVE, stored) == record


def test_a_deal_entered_as_numbers_stores_no_cards_and_has_none_to_give_back() -> None:
    record = GAME.parse(FIVE, {**EVERYONE, "tricks": ["Marta", "Pepe", "Pepe"]})
    assert "plays" not in record.to_json()
    assert GAME.plays_of(FIVE, record.to_json()) is None


def test_a_stored_deal_gives_back_its_contract_its_leader_and_its_cards_which_make_it_again() -> None:
    record, _lines = GAME.record_from_plays(FIVE, EVERYONE, played(DEAL_M))
    contract, leader, kept = GAME.plays_of(FIVE, record.to_json())
    assert contract == {"turned_card": "5B", "went": ["Luis", "Pepe", "Marta", "Juan", "Ana"]}  # in turn
    assert leader == LUIS and [c.code for c in kept] == CARDS_M
    deal = GAME.played_deal(FIVE, contract, leader)
    for card in kept:
        deal = deal.add(card)
    assert GAME.record_from_plays(FIVE, contract, deal)[0] == record


def test_a_stored_deal_whose_cards_say_otherwise_is_refused() -> None:
    """Its tricks, its misplays and who led are what its cards say."""
    record, _lines = GAME.record_from_plays(FIVE, EVERYONE, played(DEAL_M))
    start = GAME.initial_state(FIVE)
    stored = record.to_json()
    with pytest.raises(InvalidRecord) as refused:
        GAME.apply(FIVE, start, {**stored, "tricks": ["Marta", "Pepe", "Marta"]})
    assert str(refused.value.errors["tricks"]) == "The cards say who took tricks 1, 2 and 3: Marta, Pepe, Pepe."
    with pytest.raises(InvalidRecord) as refused:
        GAME.apply(FIVE, start, {**stored, "misplays": []})
    assert str(refused.value.errors["misplays"]) == "The cards prove these misplays: Pepe (Follow suit)."
    with pytest.raises(InvalidRecord) as refused:
        GAME.apply(FIVE, start, dataclasses.replace(record, plays=PlayedCards(PEPE, record.plays.cards)))
    assert "Luis led the first trick (the first player after the dealer who went), not Pepe." in str(
        refused.value.errors["plays"])


# -- the page ---------------------------------------------------------------------------------------------------

@pytest.fixture
def night(db) -> Table:
    return services.create_table(game="toruro", players=PLAYERS, first_dealer=0)


def url(table: Table, part: str = "") -> str:
    return f"/t/{table.edit_token}/play/{part}"


def enter(client, table: Table, codes: Sequence[str]):
    response = None
    for code in codes:
        response = client.post(url(table, "card/"), {"card": code})
        assert response.status_code == 302
    return response


def words(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").strip()


def test_the_table_page_offers_card_by_card_entry(client, night):
    html = client.get(f"/t/{night.edit_token}/").content.decode()
    assert f'href="{url(night)}"' in html and 'id="card-by-card"' in html


def test_the_contract_asks_the_turned_card_and_who_went_and_says_who_leads(client, night):
    html = client.get(url(night)).content.decode()
    assert 'name="turned_card"' in html and 'name="went"' in html
    assert 'name="tricks' not in html and 'name="misplays' not in html and 'name="void"' not in html
    # Ana deals: Luis speaks first, but leads only if he goes (the first who goes from Ana's left leads).
    assert "Luis speaks first; the first player after the dealer who goes leads the first trick." in html
    assert "Luis leads the first trick" not in html


def test_the_lulo_paid_is_tapped_among_those_that_may_be_paid_now(client, night):
    """No lulo to pay before the first deal: no payment asked. After Deal M the lulos are Luis #1, Pepe #2,
    Juan #3 and Ana #4, 3 chips each: the contract offers them to tap, as the record form does, not a number
    to know by heart."""
    assert 'name="payments__0__lulo"' not in client.get(url(night)).content.decode()
    client.post(url(night), {"turned_card": "5B", "went": PLAYERS})
    enter(client, night, CARDS_M)
    client.post(url(night, "save/"))
    html = client.get(url(night)).content.decode()
    offered = re.findall(r'name="payments__0__lulo" value="(\d+)"', html)
    assert offered == ["1", "2", "3", "4"]
    assert "#2 Pepe · 3 chips" in words(html)


def test_the_lulo_paid_is_said_as_the_deal_breakdown_says_it_whose_it_is_and_into_which_pots(client, night):
    """After Deal M the lulos are Luis #1, Pepe #2, Juan #3 and Ana #4, 3 chips each. Deal 2 (Luis deals): Pepe
    pays his lulo #2, 1 chip on the barriga and 2 on the cola, then he and Marta go; he leads his three Kings and
    she follows with her 4s. The line said above the cards, and the record the cards make, read as the deal's
    breakdown does, not "Lulos paid: 2, Barriga 1, Cola 2" (a tester read lulo #6 as 6 chips, and nobody paid)."""
    client.post(url(night), {"turned_card": "5B", "went": PLAYERS})
    enter(client, night, CARDS_M)
    client.post(url(night, "save/"))
    paid = "Pepe pays lulo #2 (3 chips): cabeza 0, barriga 1, cola 2."
    client.post(url(night), {"turned_card": "4C", "went": ["Pepe", "Marta"], "payments-TOTAL_FORMS": "1",
                             "payments-INITIAL_FORMS": "0", "payments__0__lulo": "2", "payments__0__barriga": "1",
                             "payments__0__cola": "2"})
    said = words(re.search(r'id="contract-said">(.*?)</p>', client.get(url(night)).content.decode(), re.S).group(1))
    assert f"Lulos paid: {paid}" in said
    enter(client, night, "12E 4E 12O 4O 12B 4B".split())
    record = re.search(r'class="record-lines.*?</dl>', client.get(url(night)).content.decode(), re.S).group(0)
    assert f"Lulos paid {paid}" in words(record)
    assert client.post(url(night, "save/")).status_code == 302
    deal = Deal.objects.get(table=night, number=2)
    assert paid in [translate(line) for line in deal.outcome["breakdown"]]
    page = client.get(f"/t/{night.edit_token}/deal/2/").content.decode()  # the deal's page and its revisions too
    lines = re.findall(r'class="[^"]*record-lines.*?</dl>', page, re.S)
    assert lines and all(f"Lulos paid {paid}" in words(dl) for dl in lines), [words(dl) for dl in lines]


def test_one_lulo_a_deal_is_said_at_the_contract_not_after_the_cards(client, night):
    """House rule 4 (on by default): at most one lulo paid in a deal. Two paid in the contract are refused
    before any card (a tester entered all 18 cards before being told, and the Save was gone)."""
    client.post(url(night), {"turned_card": "5B", "went": PLAYERS})
    enter(client, night, CARDS_M)
    client.post(url(night, "save/"))  # lulos #1 to #4 now open, 3 chips each
    two = {"turned_card": "4C", "went": PLAYERS,
           "payments-TOTAL_FORMS": "2", "payments-INITIAL_FORMS": "0",
           "payments__0__lulo": "1", "payments__0__cabeza": "3",
           "payments__1__lulo": "2", "payments__1__cabeza": "3"}
    html = client.post(url(night), two).content.decode()
    assert 'id="contract"' in html
    assert "One lulo at most may be paid in a deal (2 given)." in words(html)


def test_a_contract_with_nobody_going_is_refused_beside_the_field(client, night):
    response = client.post(url(night), {"turned_card": "5B"})
    html = response.content.decode()
    assert response.status_code == 200 and 'id="contract"' in html
    assert field_error(html, "went") and not Deal.objects.exists()


def test_on_the_first_deal_everyone_goes_said_at_the_contract_not_after_the_cards(client, night):
    """House rule 3 (on by default): Luis, Pepe and Marta going on the first deal is refused before any card."""
    html = client.post(url(night), {"turned_card": "4C", "went": ["Luis", "Pepe", "Marta"]}).content.decode()
    assert 'id="contract"' in html
    assert "On the first deal everyone must go (house rule 3); Juan, Ana did not." in field_error(html, "went")


def ticked_as_going(html: str) -> list[str]:
    """The players a form starts with ticked under "Who went", in the form's order."""
    return sorted(re.findall(r'<input(?=[^>]*name="went")(?=[^>]*\bchecked\b)[^>]*value="([^"]*)"', html))


def test_on_the_first_deal_the_contract_starts_with_everyone_going_as_the_record_form_does(client, night):
    """House rule 3: "On the very first round, everyone must 'go'" (seed 002). The table's record form starts
    with everyone ticked on the first deal; so does the card-by-card contract, saying why (a tester found nobody
    ticked there, and "Nobody went" once started). From the second deal on, each player chooses: nobody ticked."""
    everyone = sorted(PLAYERS)
    contract = client.get(url(night)).content.decode()
    assert ticked_as_going(contract) == everyone
    assert "First deal: everyone goes (house rule 3)." in words(contract)
    assert ticked_as_going(client.get(f"/t/{night.edit_token}/").content.decode()) == everyone
    services.record_deal(night, {"turned_card": "4O", "went": PLAYERS, "tricks": ["Ana", "Ana", "Ana"]})
    contract = client.get(url(night)).content.decode()
    assert ticked_as_going(contract) == [] and "house rule 3" not in contract
    assert ticked_as_going(client.get(f"/t/{night.edit_token}/").content.decode()) == []


def test_without_house_rule_3_the_first_contract_starts_with_nobody_going(client, db):
    table = services.create_table(game="toruro", players=PLAYERS, options={"first_deal_all_go": False})
    assert ticked_as_going(client.get(url(table)).content.decode()) == []
    assert ticked_as_going(client.get(f"/t/{table.edit_token}/").content.decode()) == []


def test_a_changed_contract_keeps_the_cards_only_with_the_same_players(client, night):
    """Everyone went, three cards are in (Luis, Pepe, Marta); the contract changed to fewer players going would
    hand those cards to others: refused, the cards as they were."""
    client.post(url(night), {"turned_card": "5B", "went": PLAYERS})
    enter(client, night, CARDS_M[:3])
    services.record_deal(Table.objects.get(pk=night.pk), {"turned_card": "4O", "went": PLAYERS,
                                                          "tricks": ["Ana", "Ana", "Ana"]})  # not the first deal now
    html = client.post(url(night), {"keep": "1", "turned_card": "5B", "went": ["Pepe", "Marta", "Juan"]}
                       ).content.decode()
    assert "the cards already played would go to other players" in html
    assert client.post(url(night), {"keep": "1", "turned_card": "6B", "went": PLAYERS}).status_code == 302
    assert "Luis" in words(client.get(url(night)).content.decode())


def test_a_deal_with_a_misplay_entered_card_by_card_is_saved_with_its_lulo_and_its_cards(client, night):
    response = client.post(url(night), {"turned_card": "5B", "went": PLAYERS})
    assert response.status_code == 302
    enter(client, night, CARDS_M[:9])
    assert "Pepe to play" in words(client.get(url(night)).content.decode())  # Pepe follows Marta's copas
    enter(client, night, CARDS_M[9:])
    html = words(client.get(url(night)).content.decode())
    assert "Trick 2: Pepe takes the Barriga with 7 of bastos." in html
    assert "Pepe broke “Follow suit” in trick 2, as the card played in trick 3 proves: a lulo" in html
    assert "Lulo #2: Pepe owes 3 chips." in html

    response = client.post(url(night, "save/"))
    assert response.status_code == 302 and response["Location"] == f"/t/{night.edit_token}/"
    deal = Deal.objects.get(table=night)
    assert [t["player"]["name"] for t in deal.record["tricks"]] == ["Marta", "Pepe", "Pepe"]
    assert deal.record["misplays"] == [{"player": {"seat": 2, "name": "Pepe"}, "rule": "follow_suit"}]
    assert deal.record["plays"] == {"leader": {"seat": 1, "name": "Luis"}, "cards": CARDS_M}
    assert deal.outcome["scores"] == [-3, 0, 2, 1, 0]
    assert 'id="contract"' in client.get(url(night)).content.decode()  # the next deal starts afresh


def test_the_revoke_is_shown_when_the_card_that_proves_it_is_entered(client, night):
    client.post(url(night), {"turned_card": "5B", "went": PLAYERS})
    enter(client, night, CARDS_M[:10])
    html = client.post(url(night, "card/"), {"card": CARDS_M[10]}, HTTP_HX_REQUEST="true").content.decode()
    assert "Illegal play in trick 2, proven by trick 3" in html
    assert "Pepe played 7 of bastos in trick 2, but played 3 of copas in trick 3, so held it then" in html


def test_was_this_legal_from_the_stored_trick_answers_the_revoke(client, night):
    """Pepe's 7 of bastos in trick 2: his hand then was every card he played from trick 2 on (7B 3C), copas
    were led: he had to follow with the 3 of copas."""
    client.post(url(night), {"turned_card": "5B", "went": PLAYERS})
    enter(client, night, CARDS_M)
    client.post(url(night, "save/"))
    cards_page = client.get(f"/t/{night.view_token}/deal/1/cards/").content.decode()
    links = [link.replace("&amp;", "&") for link in re.findall(r'href="(/referee/toruro/\?[^"]+)"', cards_page)]
    link = next(link for link in links if "card=7B" in link)
    assert "hand=7B+3C" in link and "trick=11C+6C+12C+4C" in link
    answer = words(client.get(link).content.decode())
    assert "7 of bastos may not be played" in answer and "7 of bastos breaks “Follow suit”: a lulo." in answer


def test_was_this_legal_on_a_trick_s_last_card_also_says_who_takes_it(client, night):
    """The referee is told who went (a trick holds a card from each of them): asked about the fifth card of
    Deal M's first trick, it rules the card and names who takes the cabeza, as the table page does."""
    client.post(url(night), {"turned_card": "5B", "went": PLAYERS})
    enter(client, night, CARDS_M)
    client.post(url(night, "save/"))
    cards_page = client.get(f"/t/{night.view_token}/deal/1/cards/").content.decode()
    links = [link.replace("&amp;", "&") for link in re.findall(r'href="(/referee/toruro/\?[^"]+)"', cards_page)]
    last = next(link for link in links if f"card={CARDS_M[4]}&" in link + "&" and "+".join(CARDS_M[:4]) in link)
    assert "went=Luis&went=Pepe&went=Marta&went=Juan&went=Ana" in last  # in turn from the dealer's left
    answer = words(client.get(last).content.decode())
    assert "may be played" in answer and "Marta wins the trick with" in answer


def test_a_lulo_paid_and_its_debtor_are_kept_and_correcting_a_card_derives_the_record_again(client, night):
    """Deal 1 is Deal M. Deal 2, Luis deals: Pepe pays his lulo #2 a chip a pot (the pots hold 2 each), the 4 of
    oros is turned and only Pepe and Marta go (Pepe leads). Pepe leads his Ace of trumps; Marta must follow
    with her 3: cabeza to Pepe. Pepe, with no trump left, leads the 5 of copas, Marta's 7 takes the barriga;
    Marta leads the 2 of espadas, Pepe's 6 takes the cola. Pepe +4 −3 paid = +1, Marta +2, Luis −3 (his
    antes). Entered with Marta's 3 of oros as the 2 of espadas first, then corrected."""
    client.post(url(night), {"turned_card": "5B", "went": PLAYERS})
    enter(client, night, CARDS_M)
    client.post(url(night, "save/"))
    contract = {"turned_card": "4O", "went": ["Pepe", "Marta"], "payments__0__lulo": "2",
                "payments__0__cabeza": "1", "payments__0__barriga": "1", "payments__0__cola": "1"}
    assert client.post(url(night), contract).status_code == 302
    enter(client, night, ["1O", "2E", "5C", "7C", "3O", "6E"])
    html = words(client.get(url(night)).content.decode())
    assert "Marta broke “Follow suit” in trick 1" in html  # her 3 of oros, played in trick 3, proves it
    client.post(url(night, "correct/"), {"index": "1", "card": "3O"})
    client.post(url(night, "correct/"), {"index": "4", "card": "2E"})
    html = words(client.get(url(night)).content.decode())
    assert "No misplay: every card followed the rules." in html
    assert client.post(url(night, "save/")).status_code == 302
    deal = Deal.objects.get(table=night, number=2)
    assert deal.record["payments"] == [{"lulo": 2, "cabeza": 1, "barriga": 1, "cola": 1,
                                        "player": {"seat": 2, "name": "Pepe"}}]
    assert deal.record["plays"]["leader"]["name"] == "Pepe" and deal.record["misplays"] == []
    assert deal.outcome["scores"] == [0, -3, 1, 2, 0]

    # The stored deal's cards, corrected: Pepe threw the 2 of copas to the last trick, not the 6 of espadas, so
    # Marta's 2 of espadas takes the cola: Pepe +2 −3 paid = −1, Marta +4.
    response = client.post(f"/t/{night.edit_token}/deal/2/cards/")
    assert response.status_code == 302 and response["Location"] == url(night)
    client.post(url(night, "correct/"), {"index": "5", "card": "2C"})
    assert client.post(url(night, "save/"))["Location"] == f"/t/{night.edit_token}/deal/2/"
    deal.refresh_from_db()
    assert deal.revision == 2 and [t["player"]["name"] for t in deal.record["tricks"]] == ["Pepe", "Marta", "Marta"]
    assert deal.record["payments"][0]["player"]["name"] == "Pepe" and deal.record["plays"]["cards"][5] == "2C"
    assert deal.outcome["scores"] == [0, -3, -1, 4, 0]


# -- an edit of a deal entered card by card ---------------------------------------------------------------------

def saved_deal_m(client, night: Table) -> Deal:
    client.post(url(night), {"turned_card": "5B", "went": PLAYERS})
    enter(client, night, CARDS_M)
    client.post(url(night, "save/"))
    return Deal.objects.get(table=night)


def test_an_edit_saved_untouched_keeps_the_cards(client, night):
    """Deal 1 → Edit → Save, nothing touched (a tester lost the cards so): the same deal, its cards kept, nothing
    stored."""
    deal = saved_deal_m(client, night)
    edit = f"/t/{night.edit_token}/deal/1/edit/"
    response = client.post(edit, as_drawn(client.get(edit).content.decode()), follow=True)
    assert [str(m) for m in response.context["messages"]][-1] == "Deal 1: nothing changed."
    deal.refresh_from_db()
    assert deal.revision == 1 and deal.record["plays"] == {"leader": {"seat": 1, "name": "Luis"}, "cards": CARDS_M}
    assert "The cards, trick by trick" in client.get(f"/t/{night.edit_token}/deal/1/").content.decode()


def test_an_edit_giving_a_pot_to_another_player_than_the_cards_is_said_before_it_drops_them(client, night):
    """The cola to Marta, whose 4 of espadas the cards show losing it to Pepe's 3 of copas: nothing is saved and
    the form says what the cards say; saved again knowingly, the deal is stored without its cards: Marta +2
    (cabeza, cola), Pepe +1 (barriga), Ana −3, and Pepe's lulo for his revoke stays."""
    deal = saved_deal_m(client, night)
    edit = f"/t/{night.edit_token}/deal/1/edit/"
    sent = {**as_drawn(client.get(edit).content.decode()), "tricks__2__player": "Marta"}
    html = client.post(edit, sent).content.decode()
    assert "its cards say otherwise than the fields marked below. Nothing was saved." in html
    assert field_error(html, "tricks") == "The cards say: Marta; Pepe; Pepe."
    deal.refresh_from_db()
    assert deal.revision == 1 and deal.record["plays"]["cards"] == CARDS_M
    client.post(edit, {**sent, "drop_cards": "1"})
    deal.refresh_from_db()
    assert deal.revision == 2 and "plays" not in deal.record
    assert [t["player"]["name"] for t in deal.record["tricks"]] == ["Marta", "Pepe", "Marta"]
    assert deal.outcome["scores"] == [-3, 0, 1, 2, 0]


# -- the API ----------------------------------------------------------------------------------------------------

def test_the_score_endpoint_derives_the_record_its_lulos_and_its_flags(api, db):
    body = {"players": PLAYERS, "contract": EVERYONE, "plays": CARDS_M}
    response = api.post("/api/games/toruro/score/plays", body)
    answer = response.json()
    assert response.status_code == 200, answer
    assert [m["rule"] for m in answer["record"]["misplays"]] == ["follow_suit"]
    assert answer["record"]["plays"]["cards"] == CARDS_M and answer["winners"] == ["Marta", "Pepe", "Pepe"]
    assert answer["outcome"]["scores"] == {"Ana": -3, "Luis": 0, "Pepe": 2, "Marta": 1, "Juan": 0}
    assert answer["lines"][-1].startswith("Pepe broke “Follow suit” in trick 2")
    (flag,) = answer["flags"]
    assert (flag["kind"], flag["seat"], flag["card"], flag["trick"], flag["proven_by"]) == (
        "revoke", "Pepe", "7B", 2, 3)


def test_the_ruling_endpoint_answers_the_first_illegal_play_and_every_revoke(api, db):
    body = {"players": PLAYERS, "contract": EVERYONE, "plays": CARDS_M}
    answer = api.post("/api/games/toruro/ruling/plays", body).json()
    assert answer["legal"] is False and answer["first_illegal"]["card"] == "7B"
    assert [(r["trick"], r["proven_by"], r["rule"]) for r in answer["revokes"]] == [(2, 3, "Follow suit")]
    right = [c for t in (DEAL_M[0], "11C 6C 12C 4C 3C", "7B 4E 10E 3E 2E") for c in t.split()]
    answer = api.post("/api/games/toruro/ruling/plays", {**body, "plays": right}).json()
    assert answer["legal"] is True and answer["first_illegal"] is None and answer["revokes"] == []


@pytest.mark.parametrize(("body", "field"), [
    ({"contract": {"went": PLAYERS}}, "contract.turned_card"),
    ({"contract": {"turned_card": "5B", "went": []}}, "contract.went"),
    ({"contract": {"turned_card": "5B", "went": ["Eve"]}}, "contract.went"),
    ({"contract": {"void": True}}, "contract.void"),
    ({"leader": "Zed"}, "leader"),
    ({"plays": ["12O", "ZZ"]}, "plays.1"),
    ({"plays": CARDS_M[:10]}, "plays"),
    ({"leader": "Pepe"}, "plays"),  # Ana dealt and everyone went: Luis led
    ({"contract": {"turned_card": "5B", "went": ["Luis", "Pepe"]}, "plays": ["12O", "6O", "4C", "7B", "3C", "2E"]},
     "went"),  # the first deal: everyone goes (house rule 3)
])
def test_a_deal_that_does_not_read_is_a_4xx_with_a_message_per_field(api, db, body, field):
    response = api.post("/api/games/toruro/score/plays",
                        {"players": PLAYERS, "contract": EVERYONE, "plays": CARDS_M, **body})
    answer = response.json()
    assert 400 <= response.status_code < 500 and field in answer["errors"], answer


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Juan did not go: only those who went play."),
    ("es", "Juan no fue: solo juegan los que fueron."),
    ("fr", "Juan n’y est pas allé\u00a0: seuls ceux qui y sont allés jouent."),
])
def test_a_card_played_by_a_player_who_did_not_go_is_refused_saying_they_did_not_go(api, db, language, said):
    """"If you decide not to go, you sit out this round of three cards" (seed 002): Juan was dealt cards but did
    not go, so he plays no card; he is not "not dealt in" (found by a tester)."""
    body = {"players": PLAYERS, "contract": {"turned_card": "5B", "went": ["Luis", "Pepe", "Marta"]},
            "leader": "Luis", "plays": [{"card": "12O", "seat": "Luis"}, {"card": "6O", "seat": "Juan"}]}
    response = api.client.post("/api/games/toruro/score/plays", json.dumps(body), content_type="application/json",
                               headers={"Accept-Language": language})
    assert response.status_code == 422, response.json()
    assert response.json()["errors"]["plays.1.seat"] == said


def read_back(api, night: Table) -> dict:
    """Deal 1's record as the API reads it, without its cards (a client that edits what it shows)."""
    record = api.get(f"/api/tables/{night.view_token}").json()["deals"][0]["record"]
    return {key: value for key, value in record.items() if key != "plays"}


def test_the_edit_endpoint_keeps_the_cards_of_a_record_sent_back_without_them(client, api, night):
    """Who went, sent in the table's order, is the same players the cards went round."""
    saved_deal_m(client, night)
    response = api.put(f"/api/tables/{night.edit_token}/deals/1", {"record": {**read_back(api, night),
                                                                              "went": PLAYERS}})
    answer = response.json()
    assert response.status_code == 200 and answer["unchanged"] and not answer["cards_dropped"]
    assert answer["revision"] == 1 and answer["record"]["plays"]["cards"] == CARDS_M


def test_the_edit_endpoint_drops_the_cards_a_record_contradicts_and_says_what_they_said(client, api, night):
    deal = saved_deal_m(client, night)
    record = {**read_back(api, night), "tricks": ["Marta", "Pepe", "Marta"]}
    answer = api.put(f"/api/tables/{night.edit_token}/deals/1", {"record": record}).json()
    assert answer["cards_dropped"] and answer["cards_said"] == {"tricks": [
        {"player": {"seat": 3, "name": "Marta"}}, {"player": {"seat": 2, "name": "Pepe"}},
        {"player": {"seat": 2, "name": "Pepe"}}]}
    deal.refresh_from_db()
    assert deal.revision == 2 and "plays" not in deal.record


def test_the_edit_endpoint_drops_the_cards_of_a_deal_made_void_saying_why(client, api, night):
    deal = saved_deal_m(client, night)
    answer = api.put(f"/api/tables/{night.edit_token}/deals/1", {"record": {"void": True}}).json()
    assert answer["cards_dropped"] and answer["cards_said"] == {"plays": "A deal recorded like this keeps no cards."}
    deal.refresh_from_db()
    assert deal.record.get("void") and "plays" not in deal.record
