"""The compressed copies collectstatic makes (config/storage.py): our own files packed by Zopfli, tighter than
zlib's best; the admin's and the API docs' files by zlib, as WhiteNoise makes them; each the same bytes once
unpacked."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

from django.conf import settings

from config.storage import ZopfliCompressor

HTMX = Path(settings.BASE_DIR, "static", "vendor", "htmx", "htmx.min.js")


def collected(root: Path, name: str, source: Path) -> Path:
    target = root / name
    target.parent.mkdir(parents=True)
    shutil.copyfile(source, target)
    return target


def test_our_files_are_gzipped_by_zopfli_tighter_than_zlib_at_its_best(tmp_path: Path):
    path = collected(tmp_path, "vendor/htmx/htmx.min.js", HTMX)
    [packed] = ZopfliCompressor(root=str(tmp_path), quiet=True).compress(str(path))
    assert packed == f"{path}.gz"
    data = Path(packed).read_bytes()
    assert gzip.decompress(data) == HTMX.read_bytes()
    assert len(data) < len(gzip.compress(HTMX.read_bytes(), compresslevel=9, mtime=0))


def test_other_apps_files_are_gzipped_as_whitenoise_does(tmp_path: Path):
    path = collected(tmp_path, "admin/js/htmx.min.js", HTMX)
    [packed] = ZopfliCompressor(root=str(tmp_path), quiet=True).compress(str(path))
    assert Path(packed).read_bytes() == ZopfliCompressor.compress_gzip(HTMX.read_bytes())
