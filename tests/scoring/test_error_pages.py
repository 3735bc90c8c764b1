"""A bad link gets a friendly page in the reader's language, never Django's debug page (make run: DEBUG off)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("language", "words"), [("en", "Nothing here"), ("es", "Aquí no hay nada"),
                                                 ("fr", "Rien ici")])
def test_a_bad_link_gets_a_friendly_404_in_the_readers_language(client, db, settings, language, words):
    settings.DEBUG = False
    response = client.get("/t/no-such-table/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    html = response.content.decode()
    assert words in html and f'lang="{language}"' in html and "Traceback" not in html


def test_a_server_error_gets_a_friendly_500_in_the_readers_language(client, db, settings, monkeypatch):
    settings.DEBUG = False
    from scoring.views import tables

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(tables, "all_games", broken)
    client.raise_request_exception = False
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 500
    html = response.content.decode()
    assert 'lang="es"' in html and "boom" not in html
