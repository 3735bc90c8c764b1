"""One game, one folder: nothing generic names a game, and every game is a folder under games/."""

from __future__ import annotations

import re
from pathlib import Path

from referee.game import all_games

ROOT = Path(__file__).resolve().parents[2]
GENERIC = ("scoring", "templates", "static/app", "config")
SUFFIXES = {".py", ".html", ".js", ".css", ".txt"}
# The registered games, and the ones whose issues are open (a folder each when they come).
COMING = ("tresillo", "ombre", "pablo", "burro", "casita")


def game_words() -> set[str]:
    words = set(COMING)
    for game in all_games():
        words.add(game.slug.lower())
        words.update(w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]{4,}", game.name) if w.lower() != "french")
    return words


def test_nothing_generic_names_a_game():
    pattern = re.compile("|".join(sorted(game_words())), re.IGNORECASE)
    found = []
    for folder in GENERIC:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in SUFFIXES or "migrations" in path.parts or "__pycache__" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not found, "a game is named outside games/:\n" + "\n".join(found)


def test_every_game_is_a_folder_with_its_rules_presenter_and_tests():
    for game in all_games():
        package = type(game).__module__.split(".")[1]  # the game's slug, or its family's (one folder)
        assert type(game).__module__.startswith(f"games.{package}."), type(game).__module__
        folder = ROOT / "games" / package
        for part in ("rules.py", "presenter.py", "apps.py", "tests"):
            assert (folder / part).exists(), f"games/{package}/{part} is missing"


def test_a_template_comment_on_several_lines_is_a_comment_tag():
    """Django reads ``{# … #}`` on one line only: one spread over two was printed on the edit page, as text (a
    tester saw it above every Edit form)."""
    templates = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("games/*/templates/**/*.html")]
    assert len(templates) > 20
    opened = [f"{path.relative_to(ROOT)}:{number}" for path in templates
              for number, line in enumerate(path.read_text().splitlines(), 1)
              if line.count("{#") > line.count("#}")]
    assert opened == []
