"""The compiled translations, as Django reads them: a plural message has every form its language's rule can
pick, or Spanish pages fall back to English from two on (as "2 open, 7 tantos" did on a Tresillo table)."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings

CATALOGS = sorted(Path(settings.BASE_DIR).glob("locale/*/LC_MESSAGES/django.mo")) + sorted(
    Path(settings.BASE_DIR).glob("games/*/locale/*/LC_MESSAGES/django.mo"))


def test_every_language_of_every_game_has_a_catalog():
    assert len(CATALOGS) == 2 * (1 + len(list(Path(settings.BASE_DIR).glob("games/*/locale"))))


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: str(p.relative_to(settings.BASE_DIR)))
def test_each_plural_message_has_every_form_the_language_counts(path):
    with path.open("rb") as mo:
        catalog = gettext.GNUTranslations(mo)
    forms = int(re.search(r"nplurals\s*=\s*(\d+)", catalog.info()["plural-forms"]).group(1))
    plural = [key[0] for key in catalog._catalog if isinstance(key, tuple) and key[1] == 0]  # noqa: SLF001
    assert len(catalog._catalog) > 20, "the catalog was not read"  # noqa: SLF001
    missing = [msgid for msgid in plural if any((msgid, n) not in catalog._catalog for n in range(forms))]  # noqa: SLF001
    assert missing == []


def _entries(language: str):
    """Every translated message of each game's catalog in ``language``: (catalog, context, msgid, msgstr)."""
    for path in sorted(Path(settings.BASE_DIR).glob(f"games/*/locale/{language}/LC_MESSAGES/django.mo")):
        with path.open("rb") as mo:
            catalog = gettext.GNUTranslations(mo)
        for key, text in catalog._catalog.items():  # noqa: SLF001
            if isinstance(key, str) and key and text:
                context, _, msgid = key.rpartition("\x04")
                yield path.parts[-5], context or None, msgid, text


@pytest.mark.parametrize("language", ["es", "fr"])
def test_a_games_words_are_the_words_its_pages_show(language):
    """Django merges every catalog into one per language, and the first to hold a message wins: a game whose
    catalog says a message another way (a puesta "abierta", a lulo "abierto") would show the other's words.
    Such a message takes a context of its own."""
    from django.utils import translation

    with translation.override(language):
        shown = [(game, msgid, text, translation.pgettext(context, msgid) if context else translation.gettext(msgid))
                 for game, context, msgid, text in _entries(language)]
    assert [(game, msgid, text, said) for game, msgid, text, said in shown if said != text] == []


def test_spanish_speaks_to_the_player_with_tu_in_djangos_own_messages_too(client, db):
    """Django's Spanish says "usted" ("Asegúrese de que este valor…"); a field's message here says "tú", as the
    rest of the app (scoring/django_words.py)."""
    response = client.post("/new/tarot/", {"player_0": "A" * 100, "player_1": "B", "player_2": "C",
                                           "first_dealer": "0"}, headers={"Accept-Language": "es"})
    html = response.content.decode()
    assert "Escribe como máximo 40 caracteres (hay 100)." in html and "Asegúrese" not in html


@pytest.mark.parametrize("catalog", [c for c in CATALOGS if c.parts[-3] == "fr"],
                         ids=lambda c: str(c.parent.parent.parent))
def test_french_puts_a_no_break_space_before_high_punctuation_and_inside_guillemets(catalog):
    """French typography: "Donneur : Ana" with U+00A0 (or U+202F) before : ; ? ! and » and after «, so that a
    line never breaks before the colon (a review found eight new messages with a plain space)."""
    translations = gettext.GNUTranslations(catalog.open("rb"))
    wrong = [text for text in translations._catalog.values()  # type: ignore[attr-defined]
             if isinstance(text, str) and re.search(r" [:;?!»]|« ", text)]
    assert wrong == []
