"""Share: the view link for everyone, the edit link (and its QR code) only for those who hold it."""

import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return services.create_table(game="tarot", players=["Ana", "Bea", "Carl", "Dani"], name="Friday")


def test_edit_link_shows_both_links_as_absolute_urls(client, table):
    response = client.get(reverse("share", args=[table.edit_token]))

    assert response.status_code == 200
    html = response.content.decode()
    assert f"http://testserver/t/{table.view_token}/" in html
    assert f"http://testserver/t/{table.edit_token}/" in html
    assert f'data-copy="http://testserver/t/{table.edit_token}/"' in html
    assert reverse("qr", args=[table.edit_token, "edit"]) in html
    assert "anyone with this link can record, change and undo deals" in html
    assert "no-store" in response["Cache-Control"]


def test_view_link_hides_the_edit_link(client, table):
    response = client.get(reverse("share", args=[table.view_token]))

    assert response.status_code == 200
    html = response.content.decode()
    assert f"http://testserver/t/{table.view_token}/" in html
    assert f'data-copy="http://testserver/t/{table.view_token}/"' in html
    assert table.edit_token not in html
    assert "qr/edit.svg" not in html


@pytest.mark.parametrize("which", ["view", "edit"])
def test_qr_code_is_an_svg_with_cache_headers(client, table, which):
    response = client.get(reverse("qr", args=[table.edit_token, which]))

    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert "max-age=86400" in response["Cache-Control"]
    assert "private" in response["Cache-Control"]
    body = response.content.decode()
    assert body.startswith("<svg")
    token = table.edit_token if which == "edit" else table.view_token
    assert f"<title>http://testserver/t/{token}/</title>" in body


def test_view_qr_code_for_the_view_link(client, table):
    response = client.get(reverse("qr", args=[table.view_token, "view"]))

    assert response.status_code == 200
    assert table.view_token in response.content.decode()


def test_edit_qr_code_is_forbidden_with_the_view_link(client, table):
    assert client.get(reverse("qr", args=[table.view_token, "edit"])).status_code == 403


def test_unknown_qr_kind_and_unknown_token_are_404(client, table):
    assert client.get(reverse("qr", args=[table.edit_token, "admin"])).status_code == 404
    assert client.get(reverse("share", args=["not-a-token"])).status_code == 404
    assert client.get(reverse("qr", args=["not-a-token", "view"])).status_code == 404
