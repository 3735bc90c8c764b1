"""Demo tables for `make run`: the FFT's five worked French Tarot deals, recorded like any other table.

Idempotent: a demo table that already exists (by name) is left alone; its links are printed again.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from referee.games import all_games
from scoring import services
from scoring.models import Table

TAROT_NAME = "Demo — French Tarot"
STAKE_MINOR = 10  # 0.10 EUR a point
CURRENCY = "EUR"

# The FFT rulebook seats its examples N, S, E, W. Friendly names that keep the seat's letter, in the order
# of play (anticlockwise, as in official Tarot): North, West, South, East.
SEATS = {"N": "Nadia", "W": "Wassim", "S": "Simon", "E": "Élodie"}
PLAYERS = list(SEATS.values())


def _poignee(side: str) -> list[dict[str, str]]:
    return [{"side": side, "size": "simple"}]


# The five worked deals of the FFT's rules (RULINGS.md, French Tarot, "the golden cases"), seat letters as
# in the rulebook. The sheet totals N −446, S +1346, E −390, W −510.
FFT_DEALS: list[dict[str, Any]] = [
    # 1. E, Garde, simple poignée and petit au bout by the attack, 2 bouts, 49: E +318, others −106.
    {"taker": "E", "contract": "garde", "bouts": 2, "points": 49, "points_side": "attack",
     "poignees": _poignee("attack"), "petit_au_bout": "attack", "chelem": "none"},
    # 2. W, Garde sans, 2 bouts, 45, petit au bout to the defence: W +228, others −76.
    {"taker": "W", "contract": "garde_sans", "bouts": 2, "points": 45, "points_side": "attack",
     "poignees": [], "petit_au_bout": "defence", "chelem": "none"},
    # 3. S, Prise, 2 bouts, 34 (falls by 7), simple poignée by the attack, petit au bout attack: S −126.
    {"taker": "S", "contract": "prise", "bouts": 2, "points": 34, "points_side": "attack",
     "poignees": _poignee("attack"), "petit_au_bout": "attack", "chelem": "none"},
    # 4. N, Garde, 2 bouts, 52, simple poignée by the defence: N +276, others −92.
    {"taker": "N", "contract": "garde", "bouts": 2, "points": 52, "points_side": "attack",
     "poignees": _poignee("defence"), "petit_au_bout": "none", "chelem": "none"},
    # 5. S, Garde, chelem announced and made, simple poignée and petit au bout by the attack, the defence kept
    #    its Excuse: 2 bouts, 87: S +1746, others −582.
    {"taker": "S", "contract": "garde", "bouts": 2, "points": 87, "points_side": "attack",
     "poignees": _poignee("attack"), "petit_au_bout": "attack", "chelem": "announced_made"},
]
FFT_TOTALS = {"N": -446, "S": 1346, "E": -390, "W": -510}


def tarot_records() -> list[dict[str, Any]]:
    """The FFT deals with the seat letters replaced by the demo's names."""
    return [{**deal, "taker": SEATS[deal["taker"]]} for deal in FFT_DEALS]


class Command(BaseCommand):
    help = "Create the demo tables (French Tarot: the FFT's five worked deals), unless they exist."

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="http://127.0.0.1:8000",
                            help="Where the links printed point (default: %(default)s).")

    def handle(self, *args: Any, base_url: str, **options: Any) -> None:
        if "tarot" not in {g.slug for g in all_games()}:
            self.stderr.write("French Tarot is not registered: no demo table.")
            return
        table = Table.objects.filter(name=TAROT_NAME).first()
        if table is None:
            table = self.create_tarot()
            self.stdout.write(self.style.SUCCESS(f"Created {TAROT_NAME!r} with the FFT's five worked deals."))
        else:
            self.stdout.write(f"{TAROT_NAME!r} is already there: nothing to do.")
        self.print_links(table, base_url.rstrip("/"))

    @transaction.atomic
    def create_tarot(self) -> Table:
        table = services.create_table(game="tarot", players=PLAYERS, name=TAROT_NAME, stake_minor=STAKE_MINOR,
                                      currency=CURRENCY)
        for record in tarot_records():
            services.record_deal(table, record, author="load_demo")
        return table

    def print_links(self, table: Table, base_url: str) -> None:
        self.stdout.write(f"  edit: {base_url}/t/{table.edit_token}/")
        self.stdout.write(f"  view: {base_url}/t/{table.view_token}/")
