"""Derive the stored outcomes of every table again by its game's rules as they are now
(:func:`scoring.services.rederive`).

A deal's outcome (its breakdown, the lines read aloud under it) and the state after it are stored with it when it
is recorded. An upgrade that changes what a game says of a deal leaves the deals stored before it as they were,
until this is run once after ``migrate``, for that game (``--game``, repeatable) or every game. Each table is
worked out before its lock and written under it, only where something changed; running it twice changes nothing
the second time. A table with a deal its rules no longer take keeps its outcomes, and is named (by its number and
name, never its links); the command then ends with an error, after every other table has been done.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from referee.game import all_games
from scoring import services
from scoring.models import Table

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Derive every table's stored outcomes again by its game's rules as they are now (after an upgrade)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--game", action="append", default=[], metavar="SLUG",
                            help="Only this game's tables (repeat for several). Default: every game.")

    def handle(self, *args: Any, game: list[str], **options: Any) -> None:
        known = {g.slug for g in all_games()}
        unknown = sorted(set(game) - known)
        if unknown:
            raise CommandError(f"Unknown game {', '.join(unknown)}: one of {', '.join(sorted(known))}.")
        tables = Table.objects.filter(game__in=game or known).order_by("pk")
        done = changed = written = 0
        refused: list[str] = []
        for table in tables.iterator(chunk_size=200):
            try:
                deals = services.rederive(table)
            except services.ChangeRefused as why:
                refused.append(f"Table {table.pk} ({table}): {why} Its outcomes are left as they were.")
                continue
            except Exception as failed:  # a game's code failing on an old record: the other tables are still done
                logger.exception("Deriving table %s again failed", table.pk)
                refused.append(f"Table {table.pk} ({table}): its rules failed on it ({type(failed).__name__}). "
                               "Its outcomes are left as they were.")
                continue
            done += 1
            if deals:
                changed += 1
                written += deals
                self.stdout.write(f"Table {table.pk} ({table}): {counted(deals, 'deal')} derived again.")
        self.stdout.write(self.style.SUCCESS(
            f"{counted(done, 'table')} read: {changed} with outcomes the rules now say otherwise "
            f"({counted(written, 'deal')} written)."))
        for line in refused:
            self.stderr.write(line)
        if refused:
            raise CommandError(f"{counted(len(refused), 'table')} with a deal its rules no longer take: correct "
                               "it from the table's history, then run this again.")


def counted(n: int, noun: str) -> str:
    """A count said with its noun, for the operator.

    >>> counted(1, "deal"), counted(3, "deal")
    ('1 deal', '3 deals')
    """
    return f"{n} {noun}{'' if n == 1 else 's'}"
