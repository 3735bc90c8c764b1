"""The registry of games: slug -> rules module instance."""

from __future__ import annotations

from importlib import import_module

from referee.games.base import Game

_MODULES = ("tarot", "paublillo", "toruro")
_REGISTRY: dict[str, Game] = {}


def _load() -> dict[str, Game]:
    if not _REGISTRY:
        for name in _MODULES:
            game: Game = import_module(f"referee.games.{name}").GAME
            _REGISTRY[game.slug] = game
    return _REGISTRY


def get_game(slug: str) -> Game:
    """The game for ``slug``; ``KeyError`` if there is none."""
    return _load()[slug]


def all_games() -> list[Game]:
    return list(_load().values())
