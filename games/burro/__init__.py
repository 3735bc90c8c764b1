"""Burro: rules (pure Python), presenter, templates, static files, demo table and tests."""
