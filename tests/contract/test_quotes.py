"""The referee quotes the paragraph a ruling rests on, the same paragraph in every language, for every game.

A ruling's rule names its section of the rules page and, where that section says more than one thing, the
paragraph the ruling rests on (``Rule.paragraph``, named by the paragraph itself: ``RulesSection.rule``). The
referee quotes that paragraph. Nothing guesses it from the words the answer shares with the page, which differ
from one language to the next: Pablo's match on the discard pile quoted another paragraph in every language, and
its English Jack quoted the French variant's powers on the Spanish page.

Asked here: every game's referee examples (the page's buttons), and rulings of our own taken from each game's
ruling tests, in English, Spanish and French.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from django.utils import translation

from referee.game import Game, Rule, all_games
from scoring.views.rules import citation, default_seats, rule_sections

REFEREES = [game for game in all_games() if game.ruling_fields]
LANGUAGES = ("en", "es", "fr")

# (players, table options, situation): rulings the examples do not reach, from each game's ruling tests.
OWN: dict[str, list[tuple[int | None, Mapping[str, Any], Mapping[str, Any]]]] = {
    "burro": [
        (None, {}, {"question": "draw", "hand": ["12C", "2O"], "trick": []}),
        (None, {}, {"trick": ["7O", "12O"], "players": ["Player 1", "Player 2"]}),
    ],
    "casita": [
        (2, {}, {"card": "7O", "centre": ["7C", "6C", "7E"]}),
        (2, {}, {"card": "3B", "centre": ["7C", "6C"], "piles": ["12O"]}),
        (2, {}, {"question": "centre", "card": "4O", "centre": ["5C", "7E"]}),
        (2, {}, {"question": "centre", "card": "12O", "centre": ["12C", "7E"], "piles": ["3B"]}),
        (2, {}, {"question": "steal", "card": "7O", "centre": ["7C"], "own_pile": "7B", "piles": ["2E"]}),
        (3, {}, {"card": "6O", "piles": [{"player": "Player 2", "top": "6C"}, {"player": "Player 3", "top": "6E"}]}),
        (4, {}, {"question": "steal", "hand": ["5O", "6B", "12E"], "centre": ["6C"], "piles": ["12B", "3O"]}),
        (4, {}, {"question": "centre", "hand": ["5O", "6B", "12E"], "centre": ["6C", "12C"], "piles": ["12B"]}),
        (2, {}, {"question": "end", "centre": ["3O"], "nobody_captured": True}),
        (2, {}, {"question": "end", "centre": ["3O", "6B"], "last_capturer": "Player 2"}),
    ],
    "pablo": [
        (None, {}, {"variant": "french", "question": "match", "cards": ["5S"], "drawn": "4H"}),
        (None, {}, {"variant": "english", "question": "match", "discard_top": "5H", "cards": ["5C", "5D"]}),
        (None, {}, {"variant": "english", "question": "match", "discard_top": "5H", "cards": ["5C"],
                    "player": "Player 1", "target": "Player 2"}),
        (None, {}, {"variant": "english", "question": "match", "discard_top": "5H", "cards": ["KC"]}),
        (None, {}, {"variant": "english", "question": "power", "drawn": "JS", "source": "stock"}),
        (None, {}, {"variant": "english", "question": "power", "drawn": "10S", "source": "stock"}),
        (None, {}, {"variant": "english", "question": "power", "drawn": "5S", "source": "stock"}),
        (None, {}, {"variant": "french", "question": "power", "drawn": "10S", "source": "stock"}),
        (None, {}, {"variant": "french", "question": "power", "drawn": "8S", "source": "stock", "player": "Player 1",
                    "target": "Player 2", "caller": "Player 2"}),
        (None, {}, {"variant": "english", "question": "power", "drawn": "KS", "source": "stock", "player": "Player 1",
                    "target": "Player 2", "caller": "Player 2"}),
        (None, {}, {"variant": "english", "question": "power", "drawn": "QS", "source": "stock", "player": "Player 1",
                    "target": "Player 3", "caller": "Player 2"}),
        (None, {}, {"variant": "english", "question": "power", "drawn": "QS", "source": "stock", "player": "Player 1",
                    "target": "Player 1"}),
        (None, {}, {"variant": "english", "question": "power", "drawn": "JS", "source": "field"}),
        (None, {}, {"variant": "french", "question": "power", "drawn": "7S", "source": "field"}),
        (None, {}, {"variant": "english", "question": "power", "drawn": "JS", "source": "discard"}),
        (None, {}, {"variant": "french", "question": "power", "drawn": "8S", "no_cards": True}),
        (None, {}, {"variant": "english", "question": "power", "drawn": "10S", "no_cards": True}),
        (None, {"variant": "english", "empty_field_discards": True}, {"question": "power", "drawn": "QS",
                                                                      "no_cards": True}),
        (None, {}, {"variant": "english", "question": "power", "drawn": "KS", "player": "Player 2",
                    "caller": "Player 2"}),
        (None, {}, {"question": "call", "moment": "during_turn"}),
        (None, {}, {"question": "call", "player": "Player 1", "caller": "Player 1"}),
        (None, {}, {"question": "call", "player": "Player 1", "caller": "Player 2"}),
        (None, {}, {"question": "call"}),
        (None, {}, {"question": "keep", "drawn": "8S"}),
        (None, {}, {"question": "keep", "drawn": "8S", "no_cards": True}),
        (None, {"variant": "english", "empty_field_discards": True}, {"question": "keep", "drawn": "7S",
                                                                      "no_cards": True}),
        (None, {"variant": "english", "empty_field_discards": True}, {"question": "keep", "drawn": "QH",
                                                                      "no_cards": True}),
    ],
    "paublillo": [
        (4, {}, {"trump": "O", "leader": "Player 1", "trick": ["5O"], "hand": ["12C", "7O"], "card": "12C"}),
        (4, {}, {"trump": "O", "leader": "Player 3", "trick_number": 2, "trick": [
            {"card": "5C"}, {"card": "6C"}, {"card": "7C"}, {"card": "4O", "face_down": True}]}),
        (4, {}, {"trump": "B", "leader": "Player 1", "trick": ["5C", "1C", "12C", "3C"]}),
        (4, {}, {"trump": "E", "leader": "Player 1", "hand": ["4E", "12C"]}),
        (4, {}, {"trump": "O", "leader": "Player 1", "trick": ["5C"], "hand": ["7C", "2B"]}),
        (4, {}, {"trump": "O", "leader": "Player 1", "trick": ["5O"], "hand": ["4O", "12C"], "card": "12C"}),
        (4, {}, {"trump": "O", "leader": "Player 1", "trick": ["5O"], "hand": ["7C"], "card": "7C",
                 "face_down": True}),
        (4, {}, {"trump": "O", "leader": "Player 1", "trick": ["5C"], "hand": ["7C"], "card": "7C", "face_down": True,
                 "trick_number": 1}),
        (4, {}, {"trump": "O", "leader": "Player 2", "trick": ["3C", "11C", "1C"], "hand": ["6C", "7O"], "card": "6C",
                 "face_down": True, "trick_number": 2}),
    ],
    "tarot": [
        (4, {}, {"hand": ["KD", "2C"], "trick": [], "card": "KD"}),
        (4, {}, {"hand": ["3C", "QC"], "trick": ["EX"]}),
        (4, {}, {"hand": ["KH", "2H", "T5"], "trick": ["7H"]}),
        (4, {}, {"hand": ["KH", "T5"], "trick": ["7S"], "card": "KH"}),
        (4, {}, {"hand": ["T14", "2C"], "trick": ["7S", "T8"], "card": "T14"}),
        (4, {}, {"hand": ["T9", "2C"], "trick": ["T12"]}),
        (4, {}, {"hand": ["QD", "QC"], "trick": ["3H", "8H"], "card": "QD"}),
        (4, {}, {"hand": ["QD", "QC"], "trick": ["T3"], "card": "QD"}),
        (5, {}, {"hand": ["2H", "KH", "3S"], "trick": [], "first_trick": True, "called_card": "KH", "card": "2H"}),
        (4, {}, {"trick": ["4H", "QC", "JH", "2H"]}),
    ],
    "toruro": [
        (5, {}, {"trump": "O", "trick_number": 1, "trick": ["5E"], "hand": ["2E", "1O", "3B"]}),
        (5, {}, {"trump": "O", "trick_number": 2, "trick": ["5E"], "hand": ["3B", "2O"], "card": "3B"}),
        (5, {}, {"trump": "O", "trick_number": 1, "trick": ["5E"], "hand": ["2B", "3C", "4C"], "card": "3C"}),
        (5, {}, {"turned_card": "5B", "trick_number": 2, "hand": ["12B", "6O"], "card": "6O"}),
        (5, {}, {"trump": "O", "trick_number": 3, "hand": ["4E"], "card": "4E"}),
        (5, {}, {"turned_card": "5B", "trick": ["12C", "2B"]}),
    ],
    "tresillo": [
        (3, {}, {"trump": "O", "trick": ["5C"], "hand": ["3C", "12E", "4O"], "card": "12E"}),
        (3, {}, {"trump": "O", "trick": ["12O", "1O"], "hand": ["2O", "5C"], "card": "5C"}),
        (3, {}, {"trump": "E", "trick": ["2O", "1O", "12C"]}),
        (3, {}, {"trump": "C", "trick": ["1B"], "hand": ["7C", "12O", "4E"], "card": "12O"}),  # seed 003's reading
        (3, {"matadors_forced": "higher"}, {"trump": "C", "trick": ["1B"], "hand": ["7C", "12O", "4E"], "card": "12O"}),
    ],
}


def situations(game: Game[Any, Any, Any]):
    """The game's examples (at the table the page offers them at) and our own rulings for it."""
    for example in game.examples:
        yield default_seats(game), {}, example.situation
    yield from ((count or default_seats(game), options, situation) for count, options, situation in
                OWN.get(game.slug, ()))


def quoted(game: Game[Any, Any, Any], players: int, options: Mapping[str, Any], situation: Mapping[str, Any],
           language: str) -> tuple[Rule, int, int | None]:
    """The rule a ruling cites, how many paragraphs its section has, and the one the referee quotes, in
    ``language``."""
    table = game.table([f"Player {n}" for n in range(1, players + 1)], dict(options))
    with translation.override(language):
        ruling = game.ruling(table, dict(situation))
        assert isinstance(ruling.rule, Rule), (game.slug, situation, ruling.rule)
        cite = citation(game, ruling.rule)
        assert cite is not None, f"{game.slug}: {situation} cites {ruling.rule}, which the rules page does not state"
        paragraphs = next(s["paragraphs"] for s in rule_sections(game) if s["anchor"] == cite["anchor"])
    return ruling.rule, len(paragraphs), paragraphs.index(cite["quote"]) if cite["quote"] else None


@pytest.mark.parametrize("game", REFEREES, ids=[g.slug for g in REFEREES])
def test_every_ruling_quotes_the_paragraph_it_names_the_same_in_every_language(game):
    asked = list(situations(game))
    assert asked, f"{game.slug}: no examples and no rulings of ours to ask"
    for players, options, situation in asked:
        answers = {language: quoted(game, players, options, situation, language) for language in LANGUAGES}
        rule, paragraphs, index = answers["en"]
        assert rule.paragraph is not None or paragraphs == 1, (
            f"{game.slug}: {situation} cites {rule} ({rule.key}) without naming which of its {paragraphs} "
            f"paragraphs it rests on")
        assert index is not None, (game.slug, situation, rule)
        assert {language: answer[2] for language, answer in answers.items()} == dict.fromkeys(LANGUAGES, index), (
            game.slug, situation)

