"""``manage.py serve`` (what ``make run`` ends with): the app for the phones at the table, on this machine's
address in the local network, with that address printed and as a QR code to scan.

gunicorn, as in production (``gunicorn.conf.py``: the access log without link tokens), on every interface
(``0.0.0.0``), with this machine's network address and name added to ``ALLOWED_HOSTS`` and
``CSRF_TRUSTED_ORIGINS`` for this run, and three workers unless ``WEB_CONCURRENCY`` says otherwise: enough for
the phones of a table or two. For a public server see README, "Production".
"""

from __future__ import annotations

import io
import os
import socket
import sys
from typing import Any

import segno
from django.conf import settings
from django.core.management.base import BaseCommand

from config.serving import refuse_without_secret_key


def network_address() -> str:
    """This machine's address on the local network: the one a packet to elsewhere would leave from (nothing is
    sent: a UDP socket only picks its route). 127.0.0.1 when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def start_gunicorn(environment: dict[str, str]) -> None:
    """This process becomes gunicorn (Ctrl+C stops it), reading ``gunicorn.conf.py`` from the project's root."""
    os.environ.update(environment)
    os.execv(sys.executable, [sys.executable, "-m", "gunicorn", "config.wsgi"])


class Command(BaseCommand):
    help = "Serve Tapete to the phones on this network, printing the address and a QR code."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args: Any, port: int, **options: Any) -> None:
        refuse_without_secret_key()
        address = network_address()
        hosts = {address, socket.gethostname(), f"{socket.gethostname()}.local", "127.0.0.1", "localhost"}
        settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, *sorted(hosts - set(settings.ALLOWED_HOSTS))]
        settings.CSRF_TRUSTED_ORIGINS = [*settings.CSRF_TRUSTED_ORIGINS,
                                         *(f"http://{host}:{port}" for host in sorted(hosts))]
        url = f"http://{address}:{port}/"
        self.stdout.write(self.style.SUCCESS(f"\nTapete is at {url}"))
        self.stdout.write("Phones on the same Wi-Fi open that address, or scan this:\n")
        code = io.StringIO()
        segno.make(url, error="m").terminal(out=code, compact=True)
        self.stdout.write(code.getvalue())
        if address == "127.0.0.1":
            self.stdout.write(self.style.WARNING("No network found: only this machine can open it."))
        self.stdout.write("Each table's page has its own links and QR codes to share (Share). Ctrl+C stops.\n")
        self.stdout.flush()
        start_gunicorn({"BIND": f"0.0.0.0:{port}", "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "3"),
                        "ALLOWED_HOSTS": ",".join(settings.ALLOWED_HOSTS),
                        "CSRF_TRUSTED_ORIGINS": ",".join(settings.CSRF_TRUSTED_ORIGINS)})
