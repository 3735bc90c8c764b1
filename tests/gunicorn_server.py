"""Tapete served as in production (gunicorn, DEBUG off, a SECRET_KEY, collected and compressed static
files), on the test database, for the production tests and ``make bench``."""

from __future__ import annotations

import http.client
import json
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connections

ROOT = Path(settings.BASE_DIR)


def database_url() -> str:
    """The test database (pytest-django's, already created) as a ``DATABASE_URL``."""
    db = connections["default"].settings_dict
    if connections["default"].vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def production_env(**extra: str) -> dict[str, str]:
    """The environment of a production server: no DEBUG, a SECRET_KEY of its own, the real settings."""
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DJANGO_SETTINGS_MODULE",
                                                           "DJANGO_ALLOW_ASYNC_UNSAFE"}}  # set for browser tests
    env.update(DJANGO_SETTINGS_MODULE="config.settings", SECRET_KEY=secrets.token_urlsafe(50),
               ALLOWED_HOSTS="127.0.0.1,localhost", PYTHONUNBUFFERED="1")
    env.update(extra)
    return env


def manage(*args: str, env: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=dict(env), capture_output=True,
                          text=True, timeout=300)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    host: str
    port: int
    log: Path

    def request(self, method: str, path: str, body: Any = None,
                headers: Mapping[str, str] | None = None) -> tuple[int, Any, http.client.HTTPResponse]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            return send(conn, method, path, body, headers)
        finally:
            conn.close()


def send(conn: http.client.HTTPConnection, method: str, path: str, body: Any = None,
         headers: Mapping[str, str] | None = None) -> tuple[int, Any, http.client.HTTPResponse]:
    """One request on ``conn``: the status, the body (parsed when JSON) and the response."""
    data = json.dumps(body).encode() if body is not None else None
    sent = {"Content-Type": "application/json"} if data is not None else {}
    conn.request(method, path, body=data, headers={**sent, **(headers or {})})
    response = conn.getresponse()
    raw = response.read()
    if response.getheader("Content-Type", "").startswith("application/json"):
        return response.status, json.loads(raw), response
    return response.status, raw, response


@contextmanager
def gunicorn(tmp: Path, workers: int = 4, **env: str) -> Iterator[Server]:
    """gunicorn with the project's ``gunicorn.conf.py`` on a free loopback port, after collectstatic."""
    static_root = tmp / "static"
    environment = production_env(DATABASE_URL=database_url(), STATIC_ROOT=str(static_root),
                                 SECURE_SSL_REDIRECT="false", **env)
    if not (static_root / "staticfiles.json").exists():
        collected = manage("collectstatic", "--noinput", env=environment)
        assert collected.returncode == 0, collected.stderr
    port = free_port()
    log = tmp / f"gunicorn-{port}.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "-c", str(ROOT / "gunicorn.conf.py")], cwd=ROOT,
            env={**environment, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(workers)},
            stdout=out, stderr=subprocess.STDOUT)
    server = Server("127.0.0.1", port, log)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if server.request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        yield server
    finally:
        process.terminate()
        process.wait(30)
        for conn in connections.all():  # the server's connections are gone; ours may be stale on PostgreSQL
            conn.close()
