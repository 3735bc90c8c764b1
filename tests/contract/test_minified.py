"""The scripts and stylesheets served minified (tools/minify.sh): each is listed in tools/minified.sha256 with the
file it was made from, and both are as they were when it was made. A change to the source without making the
minified file again, or an edit of the minified file by hand, fails here."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORDED = dict(reversed(line.split("  ", 1)) for line in (ROOT / "tools" / "minified.sha256").read_text().splitlines())
FOLDERS = [ROOT / "static" / "app", *ROOT.glob("games/*/static")]
MINIFIED = sorted(path.relative_to(ROOT).as_posix() for folder in FOLDERS for path in folder.rglob("*.min.*"))


def sha256(name: str) -> str:
    return hashlib.sha256((ROOT / name).read_bytes()).hexdigest()


def test_every_minified_file_is_listed_with_its_source():
    assert MINIFIED and set(MINIFIED) == {name for name in RECORDED if ".min." in name}
    assert {name.replace(".min.", ".") for name in MINIFIED} == {name for name in RECORDED if ".min." not in name}


@pytest.mark.parametrize("minified", MINIFIED)
def test_a_minified_file_is_made_from_the_file_beside_it_as_it_is(minified: str):
    source = minified.replace(".min.", ".")
    assert sha256(source) == RECORDED[source], f"{source} changed: run tools/minify.sh"
    assert sha256(minified) == RECORDED[minified], f"{minified} is not what tools/minify.sh made"
