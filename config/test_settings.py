"""The settings the test suite runs with: the real ones, in development mode unless the environment says
otherwise. (The tests of the production set-up start gunicorn and manage.py with a production environment of
their own: DEBUG off, a SECRET_KEY.)"""

import os

os.environ.setdefault("DEBUG", "true")

from config.settings import *  # noqa: E402,F403
