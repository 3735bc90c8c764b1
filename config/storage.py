"""Static files as ``make run`` and production serve them: WhiteNoise's hashed names and compressed copies, the
gzip copies of our own files made by Zopfli, which packs the same gzip format 3 % tighter than zlib at its best
level. Every phone's first load is that much lighter (tests/browser/test_reach.py); the cost is paid once, at
``collectstatic``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import zopfli.gzip
from django.conf import settings
from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage


def our_static_folders() -> frozenset[str]:
    """The top folders of the project's own static files (static/ and each game's), not Django's admin's or the
    API docs': Zopfli takes about 30 ms a file whatever its size, and those are hundreds of files no phone loads."""
    roots = [Path(folder) for folder in settings.STATICFILES_DIRS]
    roots += Path(settings.BASE_DIR, "games").glob("*/static")
    return frozenset(entry.name for root in roots if root.is_dir() for entry in root.iterdir())


class ZopfliCompressor(Compressor):
    def __init__(self, root: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.root = root
        self.ours = our_static_folders()

    def compress(self, path: str) -> list[str]:
        """WhiteNoise's copies (a Brotli one too if it is installed), the gzip one of our files packed again."""
        written = list(super().compress(path))
        if f"{path}.gz" in written and Path(path).relative_to(self.root).parts[0] in self.ours:
            with open(path, "rb") as source:
                data = source.read()
            self.write_data(path, bytes(zopfli.gzip.compress(data)), ".gz", os.stat(path))
        return written


class CompressedStaticFiles(CompressedManifestStaticFilesStorage):
    def create_compressor(self, **kwargs: Any) -> Compressor:
        return ZopfliCompressor(root=self.location, **kwargs)
