"""Link tokens never reach a log: whoever reads the logs must not be able to edit the tables."""

from __future__ import annotations

import logging
import re

# A link token in a path: /t/<token>/…, /api/tables/<token>…, /qr/… (32 random bytes, URL-safe base64).
TOKEN = re.compile(r"(/t/|/api/tables/)([A-Za-z0-9_\-]{16,})")


def redact(text: str) -> str:
    """``text`` with every link token replaced by ``…``.

    >>> redact("Not Found: /t/5KeHqODB2enlQfF-gUiGgnTrwUuUYLQj7prT_d5jDG8/deal/9/")
    'Not Found: /t/…/deal/9/'
    """
    return TOKEN.sub(r"\1…", text)


class RedactTokens(logging.Filter):
    """A filter for any handler: the message and its arguments lose their link tokens (the request stays)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in args)
        return True
