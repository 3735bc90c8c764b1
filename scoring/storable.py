"""What no database stores in a text (PostgreSQL refuses both): the NUL character and half of a UTF-16 pair.
Parsed JSON carries them only escaped, so the bytes are searched first and the path found only then."""

from __future__ import annotations

import re
from typing import Any

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")  # NUL, and half of a UTF-16 pair: no database stores them
ESCAPED_UNSTORABLE = re.compile(rb"\\u(?:0000|[dD][89a-fA-F])")  # how JSON carries them (only escaped)


def unstorable_path(value: Any, path: str = "") -> str | None:
    """The path of the first text (or key) holding a NUL or a lone surrogate in parsed JSON, like
    ``record.note``; else None.

    >>> unstorable_path({"record": {"players": ["Ana", "B\\ud800"]}})
    'record.players.1'
    >>> unstorable_path({"deals": [{"record": {"note": "a\\x00"}}]})
    'deals.0.record.note'
    """
    if isinstance(value, str):
        return path if UNSTORABLE.search(value) else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        where = f"{path}.{key}" if path else str(key)
        if UNSTORABLE.search(str(key)):
            return where
        found = unstorable_path(item, where)
        if found is not None:
            return found
    return None
