"""A "·" between items goes with the item after it: a space before it, a no-break space after, so that a line on a
phone may begin with one but never ends with one ("Donneur : Jean-Baptiste ·" over "Entame : …": a tester at
390 px), on every page of the app and of every game. What a translation says ("Plato {{ p }} · middle pool")
and a page's <title> are not lines on a phone, and are left as they are."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAID_BY_A_TRANSLATION = re.compile(r"\{% blocktranslate.*?%\}.*?\{% endblocktranslate %\}|\{% block title %\}.*?"
                                   r"\{% endblock %\}|<title>.*?</title>|\{% comment %\}.*?\{% endcomment %\}"
                                   r'|\{#.*?#\}', re.S)
ENDS_A_LINE = re.compile(r"·(?!&nbsp;|\u00a0)")  # a separator an ordinary space (or nothing) may follow


def separators_that_may_end_a_line(text: str) -> list[str]:
    """Each "·" in a template that a line may end with, with what surrounds it.

    >>> separators_that_may_end_a_line('{{ a }} ·&nbsp;{{ b }} · {{ c }}{% blocktranslate %}x · y'
    ...                                '{% endblocktranslate %}')
    ['}} · {{']
    """
    drawn = SAID_BY_A_TRANSLATION.sub("", text)
    return [drawn[max(0, m.start() - 3):m.end() + 3] for m in ENDS_A_LINE.finditer(drawn)]


def test_no_separator_ends_a_line_on_any_page():
    templates = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("games/*/templates/**/*.html")]
    assert len(templates) > 40
    found = {str(path.relative_to(ROOT)): separators_that_may_end_a_line(path.read_text()) for path in templates}
    assert {path: seps for path, seps in found.items() if seps} == {}
