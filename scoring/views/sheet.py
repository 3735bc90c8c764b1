"""The running score sheet of a table, and its large-type board for a tablet or a TV. Both read the cached
outcome and state of each active deal (``Deal.outcome``, ``Deal.state_after``) and write nothing; the edit and
the view link open them alike."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import condition, require_GET

from referee.game import Game, State, TableSpec
from referee.text import Text
from scoring import services
from scoring.access import Access, resolve
from scoring.models import Deal
from scoring.on_table import left_on_table
from scoring.presenters import DealMark, presenter_for
from scoring.views.tables import live_etag, players_in, side_labels, standing_rows, table_etag

PER_PAGE = 100  # deals per page of the sheet: a night at the table fits on one


@dataclass(frozen=True)
class Cell:
    """One side in one deal: what the deal gave it, its total after the deal as the game says it, and what the deal
    did to that total that its score does not show, if anything (Game.total_note), written small under it."""

    score: int
    total: str
    note: str = ""
    marks: tuple[DealMark, ...] = ()  # what the game's paper sheet writes beside this score (Presenter.deal_marks)


@dataclass(frozen=True)
class SheetRow:
    number: int
    dealer: str  # the whole name, read aloud ("Deal 3, dealt by Bartholomew")
    void: bool
    cells: tuple[Cell, ...]
    dealer_mark: str = ""  # as written under the deal's number: "Bart." (dealer_marks)
    void_said: str = ""  # a void deal as the game says it ("all passed"), else the sheet's "void"


WHOLE = 7  # characters: a name this short is written whole under a deal's number; a longer one, shortened


def dealer_marks(players: Sequence[str], whole: int = WHOLE, least: int = 4) -> dict[str, str]:
    """Each player's name as the sheet writes it under the number of a deal they dealt, in a narrow column: the
    whole name if it is short (``whole`` characters at most), else its first letters and a full stop, ``least``
    letters at least and as many as it takes to tell it from every other name at the table (never a space or a
    hyphen last). A cut by the width of the column ("Em…") could not tell who dealt.

    >>> list(dealer_marks(["Emmanuelle", "Maximilien", "Bartholomew", "Dolores", "Anne-Sophie"]).values())
    ['Emma.', 'Maxi.', 'Bart.', 'Dolores', 'Anne.']
    >>> list(dealer_marks(["Maximilien", "Maximiliano", "Anne", "Anne-Sophie", "Anne-Laure"]).values())
    ['Maximilie.', 'Maximilia.', 'Anne', 'Anne-S.', 'Anne-L.']

    The names over the columns at six sides or more (head_marks), longer: a name is whole up to nine characters at
    ten sides, and shortened to eight letters at least, more if it takes more to tell it apart.

    >>> list(dealer_marks(["Emmanuelle", "Maximilien", "Maximiliano", "Wilhelmina", "Ana"], 9, 8).values())
    ['Emmanuel.', 'Maximilie.', 'Maximilia.', 'Wilhelmi.', 'Ana']
    """
    marks = {}
    for name in players:
        others = [other.casefold() for other in players if other != name]
        marks[name] = name
        if len(name) > whole:
            for end in range(least, len(name)):
                head = name[:end]
                if head[-1].isalnum() and not any(other.startswith(head.casefold()) for other in others):
                    marks[name] = f"{head}."
                    break
    return marks


def head_marks(labels: Sequence[str]) -> list[str]:
    """The sides' names over their columns at six sides or more, where each has three columns' width at most on a
    390 px phone (sheet.css: a name whole up to 90 / sides characters, else shortened by dealer_marks to what tells
    it apart: "Maximilie." and "Maximilia.", not "Maximil…" for both); at five or fewer, the names themselves.

    >>> head_marks(["Emmanuelle", "Bartholomew", "Constantin", "Wilhelmina", "Ana", "Bo"])
    ['Emmanuelle', 'Bartholomew', 'Constantin', 'Wilhelmina', 'Ana', 'Bo']
    >>> head_marks(["Emmanuelle", "Maximilien", "Maximiliano", "Bartholomew", "Guillermina", "Anne-Sophie",
    ...             "Constantin", "Wilhelmina", "Ana", "Bo"])[:8]
    ['Emmanuel.', 'Maximilie.', 'Maximilia.', 'Bartholo.', 'Guillerm.', 'Anne-Sop.', 'Constant.', 'Wilhelmi.']
    """
    if len(labels) <= 5:
        return list(labels)
    whole = 90 // len(labels)
    marks = dealer_marks(labels, whole, whole - 1)
    return [marks[label] for label in labels]


def _player(spec: TableSpec[Any], seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < spec.size:
        return spec.players[seat]
    return ""


def _note(note: Text | None) -> str:
    return services.translate(note) if note is not None else ""


def sheet_rows(game: Game[Any, Any, Any], spec: TableSpec[Any], before: State, deals: list[Deal]) -> list[SheetRow]:
    """A row per active deal from the state ``before`` the first of them. Each deal's cached outcome and state
    are read as stored; a deal whose cache was emptied (a migration) is applied again in memory. The rows stop
    before a deal its rules cannot read (the standings say so)."""
    rows = []
    state = before
    sides = range(len(game.sides(spec)))
    dealers = dealer_marks(spec.players)
    presenter = presenter_for(game.slug)
    for deal in deals:
        if deal.outcome is not None and deal.state_after is not None:
            outcome: dict[str, Any] = deal.outcome
            state = game.state_from_json(deal.state_after)
        else:
            try:
                state, replayed = services.replay_one(game, spec, state, deal)
            except services.ChangeRefused:
                break
            outcome = replayed.to_json()
        scores = list(outcome.get("scores") or [])
        void = bool(outcome.get("void"))
        marks = presenter.side_marks(spec, deal.record, outcome)
        cells = tuple(Cell(int(scores[side]) if side < len(scores) else 0,
                           services.translate(game.show_total(spec, state, side)),
                           _note(game.total_note(spec, state, side, outcome)),
                           marks.get(side, ())) for side in sides)
        dealer = _player(spec, outcome.get("dealer"))
        rows.append(SheetRow(deal.number, dealer, void, cells, dealers.get(dealer, dealer),
                             presenter.void_said(deal.record) if void else ""))
    return rows


def leaders(st: services.Standings) -> set[str]:
    """The sides ahead (all of them if tied), once a deal has been played; none before."""
    if not st.deal_count:
        return set()
    ranking = st.ranking()
    return {side for side, standing in ranking if standing == ranking[0][1]}


def sheet_context(request: HttpRequest, access: Access) -> dict[str, Any]:
    table = access.table
    st = services.standings(table)
    labels = side_labels(st)
    deals = Paginator(services.active_deals(table).only("table_id", "number", "record", "outcome", "state_after"),
                      PER_PAGE)
    page = deals.get_page(request.GET.get("page") or deals.num_pages)  # the latest deals unless asked
    listed = list(page.object_list)
    start = services.start_state(table, st.game, st.spec)
    before = (services.state_before(table, listed[0].number, st.game, st.spec) if listed and page.number > 1
              else start)
    sides = st.sides
    names = [labels.get(side, side) for side in sides]
    best = set(st.winners) or leaders(st)
    rows = sheet_rows(st.game, st.spec, before, listed) if listed else []
    shown = {mark.mark for row in rows for cell in row.cells for mark in cell.marks}
    return {
        "access": access, "token": access.token, "table": table, "st": st, "game": st.game,
        "sides": list(zip(sides, names, head_marks(names), strict=True)),
        "rows": rows,
        # what the letters some scores carry stand for (the game's paper sheet), once any does
        "marks_legend": presenter_for(table.game).marks_legend(st.spec, shown) if shown else "",
        # a total counting toward the game's end is coloured only when it won (Game.signed_totals)
        "totals": [(st.state.totals[i], st.total_text(i), side in best,
                    not st.game.signed_totals and side in st.winners) for i, side in enumerate(sides)],
        "on_table": left_on_table(st),
        # a game carried over from paper: where the sheet starts, above its first deal
        "carried": [(start.totals[i], services.translate(st.game.show_total(st.spec, start, i)))
                    for i in range(len(sides))] if table.carried and page.number == 1 else [],
        "page": page,
        "width": min(len(sides), 10),
    }


@require_GET
@condition(etag_func=table_etag)
def sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The running score sheet: a row per deal (who dealt it), a column per side, the totals last."""
    response = render(request, "scoring/sheet.html", sheet_context(request, resolve(token)))
    response["Cache-Control"] = "private, no-cache"
    return response


def board_context(access: Access) -> dict[str, Any]:
    """The standings, who deals next and the last deal's line: what a tablet or a TV across the room shows."""
    st = services.standings(access.table)
    labels = side_labels(st)
    last = st.last_outcome or {}
    breakdown = last.get("breakdown") or []
    last_deal = st.last_deal
    return {
        "access": access, "token": access.token, "table": access.table, "st": st, "game": st.game,
        "ranking": standing_rows(st, labels),
        "winner_labels": [labels.get(side, side) for side in st.winners],
        "winner_count": players_in(st.game, st.spec, st.winners),
        "last": last,
        "last_line": breakdown[-1] if breakdown else None,
        # the last deal as the game's paper sheet marks it, said whole
        "last_marks": (presenter_for(access.table.game).deal_marks(st.spec, last_deal.record, last)
                       if last_deal is not None and not last.get("void") else ()),
        # a void last deal as the game says it ("all passed"), else "void"
        "last_void_said": (presenter_for(access.table.game).void_said(last_deal.record)
                           if last_deal is not None and last.get("void") else ""),
        "last_scores": services.scores_in_order(st.game, st.spec, last, labels),
        "state_template": presenter_for(access.table.game).state_template,  # what the table watches beside them
        "next_number": st.next_deal_number,  # its panel numbers the next deal, as the table page's
        "rematch": services.rematch_started(access.table) if st.game_over else None,  # the board follows it
    }


def board_etag(request: HttpRequest, token: str, **kwargs: Any) -> str | None:
    """The page as the table page's (no ETag while a message waits); its polls as the live region's."""
    return (live_etag if "v" in request.GET else table_etag)(request, token, **kwargs)


@require_GET
@condition(etag_func=board_etag)
def big(request: HttpRequest, token: str) -> HttpResponse:
    """The large-type board. It asks itself for news every two seconds, as the table page's live region does
    (``?v=<version>``): 204 while nothing changed, else the board afresh."""
    seen = getattr(request, "tapete_version", None)
    if seen is not None and request.GET.get("v") == str(seen.version):
        return HttpResponse(status=204)
    template = "scoring/big.html#board" if request.htmx else "scoring/big.html"
    response = render(request, template, board_context(resolve(token)))
    response["Cache-Control"] = "private, no-cache"
    return response
