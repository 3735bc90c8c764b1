"""A referee text as a reader of each language reads it, for the games' tests of how their sentences read."""

from __future__ import annotations

import re
from typing import Any

from django.utils import translation

from scoring.services import translate

LANGUAGES = ("en", "es", "fr")

# A bracket opened before the last one closed: "(3 de deniers (oros))", "Bea (King (rey) of copas)".
NESTED_BRACKETS = re.compile(r"\([^)]*\(")


def said_in(language: str, text: Any) -> str:
    """``text`` (a referee Text, or its stored form) as the page says it in ``language``."""
    with translation.override(language):
        return translate(text)


def bracket_in_a_bracket(said: str) -> str | None:
    """The part of ``said`` where a bracket opens inside another, or ``None``.

    >>> bracket_in_a_bracket("follow suit (3 de deniers (oros))."), bracket_in_a_bracket("7 of oros (as the 3).")
    ('(3 de deniers (', None)
    """
    found = NESTED_BRACKETS.search(said)
    return found.group(0) if found else None
