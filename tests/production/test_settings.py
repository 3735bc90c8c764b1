"""The production settings, as a server starts with them (a process of its own, the real environment)."""

from __future__ import annotations

import subprocess
import sys

from tests.gunicorn_server import ROOT, manage, production_env


def test_debug_is_off_unless_development_asks_for_it():
    shown = manage("shell", "-v", "0", "-c", "from django.conf import settings; print(settings.DEBUG)",
                   env=production_env())
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == "False"


def test_without_a_secret_key_the_server_refuses_to_start():
    env = production_env()
    del env["SECRET_KEY"]
    for server in ("config.wsgi", "config.asgi"):  # what gunicorn (or any WSGI/ASGI server) loads
        refused = subprocess.run([sys.executable, "-c", f"import {server}"], cwd=ROOT, env=env,
                                 capture_output=True, text=True, timeout=120)
        assert refused.returncode != 0, server
        assert "SECRET_KEY is not set" in refused.stderr
    refused = manage("serve", env=env)
    assert refused.returncode != 0 and "SECRET_KEY is not set" in refused.stderr


def test_without_a_secret_key_commands_that_sign_nothing_still_run():
    """check, makemigrations and migrate sign nothing: a deployment runs them before its key is in place."""
    env = production_env()
    del env["SECRET_KEY"]
    checked = manage("check", env=env)
    assert checked.returncode == 0, checked.stderr


def test_development_without_a_secret_key_starts_with_a_key_marked_insecure():
    env = production_env(DEBUG="true")
    del env["SECRET_KEY"]
    shown = manage("shell", "-v", "0", "-c", "from django.conf import settings; print(settings.SECRET_KEY)", env=env)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("django-insecure-")


def test_check_deploy_is_clean():
    checked = manage("check", "--deploy", "--fail-level", "DEBUG", env=production_env(ALLOWED_HOSTS="tapete.example"))
    assert checked.returncode == 0, checked.stderr + checked.stdout
    assert "no issues" in checked.stdout


def test_the_health_check_is_not_redirected_to_https():
    """A load balancer probes over plain HTTP; every other address is redirected to HTTPS in production."""
    env = production_env(ALLOWED_HOSTS="tapete.example")
    code = ("from django.test import Client; c = Client(HTTP_HOST='tapete.example'); "
            "print(c.get('/healthz').status_code, c.get('/').status_code)")
    shown = manage("shell", "-v", "0", "-c", code, env=env)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split() == ["200", "301"]
