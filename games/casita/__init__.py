"""Casita Robada: rules (pure Python), presenter, templates, static files and tests."""
