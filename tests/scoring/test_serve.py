"""``make run`` serves the phones on the same network: the address they open is printed, with a QR code, and
the server listens on every interface with that address allowed."""

from __future__ import annotations

import io

from django.core.management import call_command

from scoring.management.commands import serve


def test_serve_prints_the_network_address_with_a_qr_code_and_starts_gunicorn_for_the_phones(monkeypatch, settings):
    settings.ALLOWED_HOSTS = list(settings.ALLOWED_HOSTS)  # put back after the test: the command adds to them
    settings.CSRF_TRUSTED_ORIGINS = list(settings.CSRF_TRUSTED_ORIGINS)
    started = []
    monkeypatch.setattr(serve, "network_address", lambda: "192.168.1.23")
    monkeypatch.setattr(serve, "start_gunicorn", started.append)
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    out = io.StringIO()
    call_command("serve", port=8001, stdout=out)
    printed = out.getvalue()
    assert "http://192.168.1.23:8001/" in printed
    assert "█" in printed or "▀" in printed  # the QR code, drawn with block characters
    [environment] = started  # gunicorn, on every interface, the phones' address allowed
    assert environment["BIND"] == "0.0.0.0:8001" and environment["WEB_CONCURRENCY"] == "3"
    assert "192.168.1.23" in environment["ALLOWED_HOSTS"].split(",")
    assert "http://192.168.1.23:8001" in environment["CSRF_TRUSTED_ORIGINS"].split(",")


def test_the_network_address_is_a_dotted_address():
    address = serve.network_address()
    assert address.count(".") == 3 and all(part.isdigit() for part in address.split("."))


def test_the_demo_links_point_at_this_machines_network_address(db, monkeypatch):
    monkeypatch.setattr("scoring.management.commands.load_demo.network_address", lambda: "192.168.1.23")
    out = io.StringIO()
    call_command("load_demo", port=8001, stdout=out)
    assert "edit: http://192.168.1.23:8001/t/" in out.getvalue()
