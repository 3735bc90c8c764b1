"""A content security policy on every page, and nothing in the templates that it would block."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_page_carries_the_policy(client, tarot4):
    for path in ("/", f"/t/{tarot4.view_token}/", "/rules/tarot/", "/api/games"):
        policy = client.get(path)["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "default-src 'self'" in policy, path
        assert "unsafe-inline" not in policy


def test_no_template_has_an_inline_script_or_style():
    templates = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("games/*/templates/**/*.html")]
    assert templates
    for path in templates:
        html = path.read_text(encoding="utf-8")
        inline_scripts = [m for m in re.findall(r"<script\b[^>]*>", html) if "src=" not in m]
        assert not inline_scripts, path
        assert not re.search(r"\sstyle=\"", html), path
        assert not re.search(r"\son[a-z]+=\"", html), path  # onclick= and the like
