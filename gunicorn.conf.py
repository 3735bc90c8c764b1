"""gunicorn's settings for Tapete, read from the working directory: ``gunicorn config.wsgi``.

The environment decides: ``BIND`` (default 0.0.0.0:8000, or ``PORT``), ``WEB_CONCURRENCY`` (workers, default
2 per core + 1). The access log goes to standard output with every link token redacted (a log reader must
not be able to edit the tables), in the usual combined format.
"""

import multiprocessing
import os

bind = os.environ.get("BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
timeout = 30
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

# No ``accesslog``: gunicorn would add a handler of its own, without the filter. The logging configuration
# below turns the access log on and gives both of gunicorn's logs the filter that redacts tokens.
_REDACTED = {"filters": ["redact_tokens"], "class": "logging.StreamHandler", "formatter": "generic"}
logconfig_dict = {
    "filters": {"redact_tokens": {"()": "scoring.logs.RedactTokens"}},
    "handlers": {
        "access": {**_REDACTED, "stream": "ext://sys.stdout"},
        "error": {**_REDACTED, "stream": "ext://sys.stderr"},
    },
    "root": {"level": "WARNING", "handlers": ["error"]},
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["error"], "propagate": False},
        "gunicorn.access": {"level": "INFO", "handlers": ["access"], "propagate": False},
    },
}
