"""Link tokens never reach a log: whoever reads the logs must not be able to edit the tables."""

from __future__ import annotations

import logging
import re

# A link token (32 random bytes, URL-safe base64), as a request may carry it: in a path, /t/<token>/… or
# /api/tables/<token>… (a doubled slash too), or as the table a referee or rules page is asked about,
# ?table=<token>; any of its characters may come percent-encoded (/t/%57-js…).
TOKEN = re.compile(r"(/t/+|/api/tables/+|[?&]table=)((?:[A-Za-z0-9_\-]|%[0-9A-Fa-f]{2}){16,})")


def redact(text: str) -> str:
    """``text`` with every link token replaced by ``…``.

    >>> redact("Not Found: /t/5KeHqODB2enlQfF-gUiGgnTrwUuUYLQj7prT_d5jDG8/deal/9/")
    'Not Found: /t/…/deal/9/'
    >>> redact('"GET /referee/some-game/?ask=1&table=W-jsZRb0uQ9x2mAAbc_dEFghIJ HTTP/1.1" 200')
    '"GET /referee/some-game/?ask=1&table=… HTTP/1.1" 200'
    >>> redact("GET /t/%57-jsZRb0uQ9x2mAAbc_dEFgh/ and /t//W-jsZRb0uQ9x2mAAbc_dEFgh/")
    'GET /t/…/ and /t//…/'
    """
    return TOKEN.sub(r"\1…", text)


class RedactTokens(logging.Filter):
    """A filter for any handler: the message, formatted with its arguments, loses its link tokens. (Formatted
    first, because gunicorn's access log passes its arguments as a mapping, Django's as a tuple.)

    >>> record = logging.LogRecord("gunicorn.access", logging.INFO, "", 0, '"%(r)s" %(s)s',
    ...                            ({"r": "GET /t/5KeHqODB2enlQfF-gUiGgnTrwUuU/ HTTP/1.1", "s": "200"},), None)
    >>> RedactTokens().filter(record), record.getMessage()
    (True, '"GET /t/…/ HTTP/1.1" 200')
    """

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(record.getMessage())
        record.args = ()
        return True
