"""Demo tables for `make run`: each game's own (:mod:`scoring.demos`), recorded like any other table.

Idempotent: a demo table that already exists (by name) is left alone; its links are printed again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from referee.game import Game, all_games
from scoring import demos, services
from scoring.management.commands.serve import network_address
from scoring.models import Table


class Command(BaseCommand):
    help = "Create every game's demo tables, unless they exist."

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="",
                            help="Where the links printed point (default: this machine's network address).")
        parser.add_argument("--port", type=int, default=8000, help="The port `serve` listens on.")

    def handle(self, *args: Any, base_url: str, port: int, **options: Any) -> None:
        base_url = base_url or f"http://{network_address()}:{port}"
        for game in all_games():
            for demo in demos.shipped(game):
                table = demos.named(demo["name"])
                if table is None:
                    table = self.create(game, demo)
                    self.stdout.write(self.style.SUCCESS(
                        f"Created {demo['name']!r} with {len(demo['records'])} deals."))
                else:
                    self.stdout.write(f"{demo['name']!r} is already there: nothing to do.")
                self.print_links(table, base_url.rstrip("/"))

    @transaction.atomic
    def create(self, game: Game[Any, Any, Any], demo: Mapping[str, Any]) -> Table:
        table = services.create_table(game=game.slug, players=demo["players"], name=demo["name"],
                                      options=demo.get("options", {}), teams=demo.get("teams", ()),
                                      stake_minor=demo.get("stake_minor", 0), currency=demo.get("currency", "EUR"))
        for record in demo["records"]:
            services.record_deal(table, record, author=demos.AUTHOR)
        return table

    def print_links(self, table: Table, base_url: str) -> None:
        self.stdout.write(f"  edit: {base_url}/t/{table.edit_token}/")
        self.stdout.write(f"  view: {base_url}/t/{table.view_token}/")
