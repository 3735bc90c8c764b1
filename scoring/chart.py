"""The score chart: running totals per side over the deals, as a small server-rendered SVG.

One bounded query whatever the length of the night: only every k-th deal number (counting back from the
last deal) is read, so at most ``MAX_POINTS`` rows come back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.translation import gettext as _

from referee.text import minus
from scoring.services import Standings

MAX_POINTS = 100
WIDTH, HEIGHT = 360, 180
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 40, 12, 10, 22
LEGEND_ROW = 18
# A line per side, told apart at up to ten players; none the red or green a score is coloured (a tester saw the last
# player's line in the leader's green).
COLOURS = ("#0d6efd", "#fd7e14", "#6f42c1", "#d63384", "#0dcaf0", "#8c564b", "#6c757d", "#b8860b", "#20c997",
           "#bcbd22")


@dataclass
class Series:
    side: str
    colour: str
    points: list[tuple[int, int]]  # (deals played, running total)


def sample(standings: Standings, max_points: int = MAX_POINTS) -> list[tuple[int, dict[str, int]]]:
    """(deal number, totals after it) at the start and at evenly spaced deals, the last active one always in.

    Deal numbers run 1..n with undone deals as gaps, so the picks are numbers looked up through the index
    (table, withdrawn, number): at most ``max_points`` rows, however long the night. An undone deal that
    falls on a pick is simply left out of the line.
    """
    sides = standings.game.sides(standings.spec)
    start = (0, {side: 0 for side in sides})
    last = standings.last_deal
    if last is None:
        return [start]
    step = max(1, math.ceil(last.number / (max_points - 1)))
    picks = sorted({*range(last.number, 0, -step)} - {last.number})
    rows = (standings.table.deals.filter(withdrawn=False, number__in=picks).order_by("number")
            .values_list("number", "state_after"))
    points = [start]
    for number, state in [*rows, (last.number, last.state_after)]:
        totals = (state or {}).get("totals") or []
        points.append((number, {side: int(v) for side, v in zip(sides, totals, strict=False)}))
    return points


def series(standings: Standings, max_points: int = MAX_POINTS) -> list[Series]:
    sides = standings.game.sides(standings.spec)
    data = sample(standings, max_points)
    return [Series(side, COLOURS[i % len(COLOURS)], [(n, totals.get(side, 0)) for n, totals in data])
            for i, side in enumerate(sides)]


def _nice_step(span: float) -> int:
    raw = span / 4 or 1
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return int(max(1, factor * magnitude))
    return int(10 * magnitude)


def _legend_width(name: str, total: str) -> float:
    """About how wide a legend entry is drawn (its marker, the name, the total in bold), at the chart's 11 px:
    enough to tell whether two fit side by side."""
    return 16 + 6.2 * len(name) + 6.8 * (len(total) + 1)


def _legend(standings: Standings, labels: dict[str, str]) -> tuple[list[tuple[str, str]], int, int]:
    """Each side's legend entry (its name and total as the table says it), in one or two columns, and the
    chart's whole height with them."""
    sides = standings.game.sides(standings.spec)
    legend = [(labels.get(side, side), standings.total_text(i)) for i, side in enumerate(sides)]
    columns = 2 if all(_legend_width(name, total) <= WIDTH // 2 - 8 for name, total in legend) else 1
    return legend, columns, HEIGHT + math.ceil(len(legend) / columns) * LEGEND_ROW + 4


def view_box(standings: Standings, labels: dict[str, str]) -> str:
    """The chart's ``viewBox``, known without drawing it: the table page keeps its place before it is drawn,
    so that nothing below moves when it comes in (a tap meant for a row below landed elsewhere)."""
    return f"0 0 {WIDTH} {_legend(standings, labels)[2]}"


def render_svg(standings: Standings, *, standalone: bool = False,
               labels: dict[str, str] | None = None) -> str:
    """The chart as SVG markup (inline in the page, or a standalone image with ``standalone``)."""
    lines = series(standings)
    labels = labels or {}
    last_x = max((s.points[-1][0] for s in lines), default=0) or 1
    values = [v for s in lines for _n, v in s.points] or [0]
    low, high = min(values + [0]), max(values + [0])
    if low == high:
        low, high = low - 10, high + 10
    tick = _nice_step(high - low)
    low, high = math.floor(low / tick) * tick, math.ceil(high / tick) * tick
    legend, columns, total_height = _legend(standings, labels)
    plot_w, plot_h = WIDTH - PAD_LEFT - PAD_RIGHT, HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(n: float) -> float:
        return round(PAD_LEFT + plot_w * n / last_x, 1)

    def y(v: float) -> float:
        return round(PAD_TOP + plot_h * (high - v) / (high - low), 1)

    title = _("Running totals over %(n)s deals") % {"n": standings.deal_count}
    out: list[str] = []
    ns = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    out.append(f'<svg{ns} class="score-chart" viewBox="0 0 {WIDTH} {total_height}" role="img" '
               f'aria-label="{escape(title)}" font-family="system-ui, sans-serif" font-size="11">')
    out.append(f"<title>{escape(title)}</title>")
    if standalone:
        out.append(f'<rect width="{WIDTH}" height="{total_height}" fill="#fff"/>')
    grid = "#888"
    value = low
    while value <= high:
        out.append(f'<line x1="{PAD_LEFT}" x2="{WIDTH - PAD_RIGHT}" y1="{y(value)}" y2="{y(value)}" '
                   f'stroke="{grid}" stroke-opacity="{0.6 if value == 0 else 0.2}" '
                   f'stroke-width="{1.2 if value == 0 else 0.6}"/>')
        out.append(f'<text x="{PAD_LEFT - 4}" y="{y(value) + 4}" text-anchor="end" fill="currentColor" '
                   f'fill-opacity="0.7">{minus(value)}</text>')
        value += tick
    out.append(f'<text x="{PAD_LEFT}" y="{HEIGHT - 6}" fill="currentColor" fill-opacity="0.7">0</text>')
    out.append(f'<text x="{WIDTH - PAD_RIGHT}" y="{HEIGHT - 6}" text-anchor="end" fill="currentColor" '
               f'fill-opacity="0.7">{escape(_("deal %(n)s") % {"n": last_x})}</text>')
    for s in lines:
        path = " ".join(f"{x(n)},{y(v)}" for n, v in s.points)
        out.append(f'<polyline fill="none" stroke="{s.colour}" stroke-width="2" stroke-linejoin="round" '
                   f'points="{path}"/>')
        n, v = s.points[-1]
        out.append(f'<circle cx="{x(n)}" cy="{y(v)}" r="2.5" fill="{s.colour}"/>')
    for i, (s, (name, total)) in enumerate(zip(lines, legend, strict=True)):  # total as the table says it
        lx = 8 + (i % columns) * (WIDTH // 2)
        ly = HEIGHT + 6 + (i // columns) * LEGEND_ROW
        out.append(f'<rect x="{lx}" y="{ly}" width="12" height="4" rx="1" fill="{s.colour}"/>')
        out.append(f'<text x="{lx + 16}" y="{ly + 6}" fill="currentColor">{escape(name)} '
                   f'<tspan font-weight="bold">{escape(total)}</tspan></text>')
    out.append("</svg>")
    return "".join(out)
