"""Tapete's production settings, with the floor views of ``make bench`` beside its own URLs."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "tests.bench.floor"
