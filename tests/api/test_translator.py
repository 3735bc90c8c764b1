"""The API's translator answers a stored text as :func:`scoring.services.translate` does, remembering each
template's translation for the request; a translation whose slots do not fit gives the text untranslated."""

from __future__ import annotations

from django.utils import translation

from referee.text import _, ngettext
from scoring import api, services
from scoring.api import Translator

NESTED = _("%(main)s %(note)s", main=_("%(name)s is not playing at this table.", name="Ana"),
           note=_("%(side)s: score so far", side="N"))


def test_a_stored_text_and_its_nested_texts_are_translated_as_the_services_translate_them():
    with translation.override("fr"):
        for text in (NESTED, NESTED.to_i18n(), ["%(side)s: score so far", {"side": "E"}], "Unknown game."):
            assert Translator()(text) == services.translate(text)
        assert "Ana" in Translator()(NESTED.to_i18n()) and Translator()(NESTED) != str(NESTED)


def test_a_translation_whose_slots_do_not_fit_falls_back_to_the_text_untranslated(monkeypatch):
    monkeypatch.setattr(api, "_", lambda template: "%(wrong)s : score")  # a translator's slip in a catalogue
    assert Translator()(["%(side)s: score so far", {"side": "E"}]) == "E: score so far"
    assert Translator()(_("%(side)s: score so far", side="W")) == "W: score so far"


def test_a_stored_value_that_is_not_a_text_is_answered_as_it_reads():
    assert Translator()([1, {}]) == "[1, {}]" and Translator()(["a", "b"]) == "['a', 'b']"


def test_a_plural_text_takes_the_form_the_readers_language_gives_its_number():
    """A referee text whose words depend on a number (referee.text.ngettext) is said with the catalogue's plural
    forms: French counts 0 as singular ("0 carte signalée"), English and Spanish as plural; stored as
    [template, params], it still reads so, and one request's translator gives each number its own form."""
    def flagged(n):
        return ngettext("%(n)s play flagged", "%(n)s plays flagged", n)

    assert [str(flagged(n)) for n in (0, 1, 2)] == ["0 plays flagged", "1 play flagged", "2 plays flagged"]
    said = {"fr": ["0 carte signalée", "1 carte signalée", "2 cartes signalées"],
            "es": ["0 jugadas señaladas", "1 jugada señalada", "2 jugadas señaladas"]}
    for language, expected in said.items():
        with translation.override(language):
            assert [services.translate(flagged(n)) for n in (0, 1, 2)] == expected
            translator = Translator()
            assert [translator(flagged(n).to_i18n()) for n in (0, 1, 2, 0)] == [*expected, expected[0]]
