"""One package per game: its rules (pure Python), presenter, templates, static files, words and tests.

Every package here is a Django app found by ``config.settings`` and a game found by
``referee.game.discover``: adding a game is adding a folder.
"""
