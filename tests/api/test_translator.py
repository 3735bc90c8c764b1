"""The API's translator answers a stored text as :func:`scoring.services.translate` does, remembering each
template's translation for the request; a translation whose slots do not fit gives the text untranslated."""

from __future__ import annotations

from django.utils import translation

from referee.text import _
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
