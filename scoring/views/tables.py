"""Home, starting a table, the table page, its live region and its chart."""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Self
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Max, Q
from django.forms.forms import NON_FIELD_ERRORS
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_GET, require_http_methods, require_POST

from referee.game import Game, InvalidRecord, TableSpec, all_games, get_game
from referee.text import is_i18n
from scoring import chart as score_chart
from scoring import demos, night, seating, services
from scoring.access import (
    Access,
    Version,
    author_of,
    device_key,
    recent_tokens,
    remember_table,
    resolve,
    resolve_for_edit,
    version_of,
)
from scoring.forms import CURRENCIES, NewTableForm, RecordForm
from scoring.limits import limited
from scoring.models import Deal, Table
from scoring.presenters import DealMark, presenter_for
from scoring.templatetags.tapete import one_stop

RECENT_DEALS = 5
SEPARATOR = " ·\u00a0"  # between items: the "·" goes with what follows it, never last on a line

def _game_or_404(slug: str) -> Game:
    try:
        return get_game(slug)
    except KeyError:
        raise Http404(_("No such game.")) from None


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    tokens = recent_tokens(request)
    tables = Table.objects.filter(edit_token__in=tokens) | Table.objects.filter(view_token__in=tokens)
    found: dict[str, Table] = {}
    for table in _listed(tables) if tokens else ():
        found[table.edit_token] = found[table.view_token] = table
    recent = [_list_item(found[token], token) for token in tokens if token in found]
    shown = {item["table"].pk for item in recent}
    order = {game.slug: position for position, game in enumerate(all_games())}  # as "Start a table" lists them
    to_try = [{**_list_item(table, table.edit_token), "title": None,  # the game's name, in the reader's words
               "active": None}  # when make run loaded it says nothing
              for table in sorted(_listed(demos.loaded()), key=lambda t: (order.get(t.game, len(order)), t.name))
              if table.pk not in shown]
    return render(request, "scoring/home.html", {"games": all_games(), "recent": recent, "demos": to_try})


def _listed(tables: Any) -> Any:
    # when a deal was last recorded or changed (a deal does not touch the table's own time), and how many
    return (tables.annotate(last_deal=Max("deals__updated"),
                            deals_played=Count("deals", filter=Q(deals__withdrawn=False)))
            .prefetch_related("seats__player"))


def _list_item(table: Table, token: str) -> dict[str, Any]:
    """A table as the home page lists it, opened by ``token``."""
    try:
        rules = get_game(table.game)
    except KeyError:
        game_name, variant = table.game, None
    else:
        game_name, variant = services.translate(rules.name), rules.variant_name(services.table_spec(table))
    return {"table": table, "token": token, "game": game_name, "title": table.name,
            "variant": services.translate(variant) if variant else "",
            "can_edit": token == table.edit_token,
            "deals": table.deals_played,  # type: ignore[attr-defined]
            "active": max(table.updated, table.last_deal or table.updated),  # type: ignore[attr-defined]
            "players": [s.player.name for s in sorted(table.seats.all(), key=lambda s: s.position)]}


def game_before(request: HttpRequest) -> Access | None:
    """The game of tonight a new table follows (``?table=`` its edit link, kept by the form as it is sent): its
    players are offered again and the new game joins its night's settle-up. None for no link, a view link or a
    closed game's (only whoever may change the table adds a game to its night)."""
    token = request.POST.get("table") or request.GET.get("table") or ""
    try:
        access = resolve(token)
    except Http404:
        return None
    return access if access.can_edit else None


def following_query(before: Access | None) -> str:
    """What a link of the new table pages carries to keep following ``before`` (``?table=`` its edit link)."""
    return f"?{urlencode({'table': before.token})}" if before else ""


def following(before: Table, seats: int) -> dict[str, Any]:
    """The new table form's first values when it follows ``before``: its players in their order (as many as
    the new game seats), its name and its currency. Not its stake: a point, a letter and a lost game are not
    worth the same."""
    initial: dict[str, Any] = {f"player_{seat}": name
                               for seat, name in enumerate(services.table_spec(before).players[:seats])}
    initial["name"] = before.name
    if before.currency in CURRENCIES:
        initial["currency"] = before.currency
    else:  # MXN, chips: as typed
        initial["currency_other"] = before.currency
    return initial


@require_http_methods(["GET", "POST"])
@limited("new_table")
def new_table(request: HttpRequest, game: str | None = None) -> HttpResponse:
    before = game_before(request)
    if game is None:
        chosen = request.GET.get("game")
        if chosen:
            _game_or_404(chosen)
            return redirect(reverse("new_table_game", args=[chosen]) + following_query(before))
        return _new_table_page(request, before, {"game": None, "form": None})
    rules = _game_or_404(game)
    device = device_key(request, create=request.method == "POST")  # looking at the form writes nothing
    if request.method == "POST":
        form = NewTableForm(rules, request.POST)
    else:
        form = NewTableForm(rules, initial=following(before.table, max(rules.player_counts)) if before else None)
    if request.method == "POST" and form.is_valid():
        try:
            # One write, so that a second tap (the same client id: the table the first started) finds the
            # table already in tonight's settle-up, and adds nothing.
            with transaction.atomic():
                table = services.create_table(**form.table_kwargs(), device=device, user=request.user)
                added = (before is not None and not getattr(table, "repeated", False)
                         and night.add_to_night(before.table, table, author=author_of(request)))
        except InvalidRecord as exc:
            form.add_rule_errors(services.field_errors(exc))
        else:
            if before is not None and added:
                messages.success(request, _("Added to tonight's settle-up, with %(game)s.")
                                 % {"game": night.full_title(before.table)})
            response = redirect("table", token=table.edit_token)
            remember_table(request, response, table.edit_token)
            return response
    elif request.method == "POST":
        form.check_the_rest()
    return _new_table_page(request, before, {"game": rules, "form": form,
                                             "known_names": services.known_player_names(device, request.user)})


def _new_table_page(request: HttpRequest, before: Access | None, context: dict[str, Any]) -> HttpResponse:
    """The new table page (the games to choose from, or a game's form), following ``before`` if it does. No
    cache keeps it (as the Share page): a game's form holds the id of this start (two visitors given one would
    start one table between them), and following a game, that game's edit link."""
    response = render(request, "scoring/new_table.html", {
        "games": all_games(), "before": before, "after": following_query(before),
        "before_title": night.full_title(before.table) if before else "", **context})
    if before is not None or context.get("form") is not None:
        patch_cache_control(response, private=True, no_store=True)
    return response


# -- the table ------------------------------------------------------------------------------------------

def record_template(table: Table) -> str:
    """The game's own record form if it has one, else the generic one."""
    return presenter_for(table.game).record_template or "scoring/_record_form.html"


def team_members(game: Game[Any, Any, Any], spec: TableSpec[Any]) -> dict[str, list[str]]:
    """Side -> its players' names, when the sides are teams (not the players themselves); else nothing."""
    sides = game.sides(spec)
    if not (spec.teams and len(spec.teams) == len(sides) and set(sides) != set(spec.players)):
        return {}
    return {side: [spec.players[seat] for seat in seats] for side, seats in zip(sides, spec.teams, strict=True)}


def side_labels(st: services.Standings) -> dict[str, str]:
    """Side -> what to call it: the game's label from ``display_state`` (a list of {"side", "label"}), else
    a team's members when the sides are teams, else the side itself."""
    labels = {side: side for side in st.game.sides(st.spec)}
    for side, members in team_members(st.game, st.spec).items():
        labels[side] = f"{side} ({SEPARATOR.join(members)})" if side not in members else side
    for value in st.extra.values():
        if isinstance(value, list) and value and all(isinstance(v, dict) and "side" in v and "label" in v
                                                     for v in value):
            labels.update({v["side"]: str(v["label"]) for v in value if v["side"] in labels})
    return labels


def standing_rows(st: services.Standings, labels: dict[str, str]) -> list[tuple[int, str, str, int, str]]:
    """The standings from first to last as (rank, side, label, total, total as said); sides level share their
    rank, and the next one counts them (1, 1, 3)."""
    rows: list[tuple[int, str, str, int, str]] = []
    for position, (side, total) in enumerate(st.ranking(), start=1):
        rank = rows[-1][0] if rows and rows[-1][3] == total else position
        rows.append((rank, side, labels.get(side, side), total, st.total_text(st.sides.index(side))))
    return rows


def players_in(game: Game[Any, Any, Any], spec: TableSpec[Any], sides: Iterable[str]) -> int:
    """How many players ``sides`` are, each team by its members: "Winners: Ana & Cris" for a team that won,
    since two players won."""
    members = team_members(game, spec)
    return sum(len(members[side]) if side in members else 1 for side in sides)


def _show(value: Any) -> str:
    if is_i18n(value):
        return services.translate(value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_show(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_show(v) for v in value) or "—"
    return str(value)


def _label(key: Any) -> str:
    text = str(key).replace("_", " ")
    return text[:1].upper() + text[1:]


def state_items(extra: dict[str, Any]) -> list[dict[str, Any]]:
    """A game's ``display_state`` as simple shapes the template draws: a value, pairs, a list or a table."""
    items: list[dict[str, Any]] = []
    for key, value in extra.items():
        label = _label(key)
        if isinstance(value, dict) and not is_i18n(value):
            items.append({"label": label, "pairs": [(_label(k), _show(v)) for k, v in value.items()]})
        elif isinstance(value, list | tuple) and not is_i18n(value):
            if value and all(isinstance(v, dict) for v in value):
                head = list(dict.fromkeys(k for row in value for k in row))
                items.append({"label": label, "head": [_label(h) for h in head],
                              "rows": [[_show(row.get(h, "")) for h in head] for row in value]})
            else:
                items.append({"label": label, "list": [_show(v) for v in value]})
        else:
            items.append({"label": label, "value": _show(value)})
    return items


def house_rules(st: services.Standings) -> list[tuple[str, str]]:
    """House rules in force at this table (label, value), shown so nobody is surprised."""
    shown = []
    for option in st.game.options:
        value = getattr(st.spec.options, option.key, option.default)
        if not option.house_rule or value in (False, None) or (
                option.kind != "bool" and value == option.default):
            continue
        if option.kind == "choice":
            value = next((services.translate(lbl) for v, lbl in option.choices if v == value), value)
        shown.append((services.translate(option.label), "" if value is True else str(value)))
    return shown


@dataclass(frozen=True)
class RecentDeal:
    """A row of the table page's recent deals: each side's score in the deal with what the game's paper sheet
    writes beside it (Presenter.deal_marks), as the score sheet has them."""

    number: int
    void: bool
    cells: tuple[tuple[int | None, tuple[DealMark, ...]], ...]  # a score as stored: None read as 0


def recent_rows(st: services.Standings, deals: Sequence[Deal]) -> list[RecentDeal]:
    """The recent deals as the table page lists them, from each deal's stored record and cached outcome."""
    presenter = presenter_for(st.game.slug)
    rows = []
    for deal in deals:
        outcome = deal.outcome or {}
        marks = presenter.side_marks(st.spec, deal.record, outcome)
        scores = outcome.get("scores") or []
        rows.append(RecentDeal(deal.number, bool(outcome.get("void")), tuple((score, marks.get(side, ()))
                                                                             for side, score in enumerate(scores))))
    return rows


# The longest name that fits its own column of the recent deals on a 390 px phone, by the number of columns.
NAME_FITS = {4: 9, 5: 7, 6: 5, 7: 4}


def name_lines(names: Sequence[str]) -> int:
    """On how many lines the recent deals' header writes the players' names: one when each fits its column on a
    phone, else two (four or five players) or three, each free to run over its neighbours' columns (table.css).
    Four short names on two lines read as out of line (a tester).

    >>> name_lines(["Alice", "Ben", "Cara", "Dan"]), name_lines(["Alice", "Benedetta", "Cara", "Dan Emmanuel"])
    (1, 2)
    """
    count = len(names)
    if count <= 3 or max(map(len, names)) <= NAME_FITS.get(count, 0):
        return 1
    return 2 if count <= 5 else 3


def table_context(request: HttpRequest, access: Access, form: RecordForm | None = None,
                  with_form: bool = True, **extra: Any) -> dict[str, Any]:
    """Everything the table page and its partials show, in a constant number of queries."""
    table = access.table
    st = services.standings(table)
    labels = side_labels(st)
    recent = list(table.deals.filter(withdrawn=False).order_by("-number")
                  .defer("state_after")[:RECENT_DEALS]) if st.deal_count else []
    next_number = st.next_deal_number  # a watcher's page numbers the deal too
    # Once the game is over the form gives way to the rematch (a form just sent is shown with why it was refused).
    with_form = with_form and (form is not None or st.accepts_deals)
    if access.can_edit and with_form and form is None:
        next_number = services.next_number(table)
        form = RecordForm(st.game, st.spec, number=next_number, initial=extra.pop("form_initial", None))
    last = st.last_outcome or {}
    context = {
        "access": access,
        "token": access.token,
        "table": table,
        "st": st,
        "game": st.game,
        "labels": labels,
        "sides": st.game.sides(st.spec),
        "name_lines": name_lines([labels.get(side, side) for side in st.game.sides(st.spec)]),
        "ranking": standing_rows(st, labels),
        "winner_labels": [labels.get(side, side) for side in st.winners],
        "winner_count": players_in(st.game, st.spec, st.winners),
        "last": last,
        "last_scores": services.scores_in_order(st.game, st.spec, last, labels),
        "recent": recent_rows(st, recent),
        "state_template": presenter_for(table.game).state_template,
        "board_says_who_deals": presenter_for(table.game).says_who_deals,
        "writes_marks": presenter_for(table.game).writes_marks,
        "form_pays_debts": presenter_for(table.game).form_pays_debts,  # the outbox's warning says debts
        "state_items": state_items(st.extra) if st.extra else [],
        "chart_box": score_chart.view_box(st, labels) if st.deal_count else "",  # drawn when scrolled to
        "form": form if access.can_edit and with_form else None,
        # a form drawn with entries (a refused deal's) also carries it blank, for the deal after one saved
        # offline: resetting the form would bring the refused entries back (static/app/offline.js)
        "blank_form": RecordForm(st.game, st.spec, number=form["deal_number"].value())
        if form is not None and form.is_bound and access.can_edit and with_form else None,
        "record_template": record_template(table),
        "next_number": form["deal_number"].value() if form is not None else next_number,
        "house_rules": house_rules(st),
        "later_link": later_link(table, access.token) if table.closed else "",
        "game_before": None if table.closed else seating.game_before(table),  # its deals gone from this page
        "rematch": services.rematch_started(table) if st.game_over else None,  # once the game is over
        # the deal undone that the next deal would replace (the first of those undone since the last one that
        # counts): restored from here, not only from the history; the others after it, one by one after it
        "undone_last": table.deals.filter(withdrawn=True, number__gt=recent[0].number if recent else 0)
        .order_by("number").values_list("number", flat=True).first() if access.can_edit else None,
    }
    context.update(extra)
    return context


def later_link(table: Table, token: str) -> str:
    """A game closed when the players changed: the link to the game the table went on with; its edit link for
    who came with the closed game's own edit link (an editor going back and on again keeps editing)."""
    later = seating.later_game(table, editing=token == table.edit_token)
    return reverse("table", args=[later]) if later else ""


CSRF_SLOT = "__tapete_csrf_slot__"
CLIENT_ID_SLOT = "__tapete_client_id_slot__"
# The templates' indentation, a twentieth of a page's bytes even gzipped: dropped from the page as cached (the
# table page has no <pre> or <textarea>, where it would show; a line break still separates what it did).
INDENTATION = re.compile(r"\n\s+")
PAGE_CACHE_SECONDS = 60 * 60


def page_cache_key(request: HttpRequest, seen: Version) -> str:
    """The table page changes only when the table does (its version), so it is cached per version, language,
    kind of link and path, and apart for htmx (which may be answered a part of it: :func:`folded_part`)."""
    parts = [str(seen.table_id), str(seen.version), seen.updated, get_language() or "",
             "edit" if seen.can_edit else "view", request.get_full_path(), "htmx" if request.htmx else "page"]
    return "table-page:" + hashlib.sha256("\n".join(parts).encode()).hexdigest()  # any cache takes it


def table_etag(request: HttpRequest, token: str, **kwargs: Any) -> str | None:
    """The table's version as this reader sees it (language, kind of link, address): a phone that already has
    this page gets a 304. None (no ETag) for an unknown link, or while a message is waiting for this person."""
    seen = version_of(token)
    request.tapete_version = seen  # type: ignore[attr-defined]
    if seen is None or len(get_messages(request)):
        return None
    kind = "edit" if seen.can_edit else "view"
    htmx = "-htmx" if request.htmx else ""  # a part of the page, not the page: never one for the other
    return f"{seen.table_id}-{seen.version}-{seen.updated}-{get_language()}-{kind}-{request.get_full_path()}{htmx}"


def folded_part(request: HttpRequest, table: Table) -> str | None:
    """The partial an htmx request asks for alone: a part of the game's state template folded away from the first
    load (its presenter's ``folds``), named by its query parameter (``?ledger=1``); else None, the whole page.
    Without htmx the page is drawn whole, the part in it drawn open."""
    if not request.htmx:
        return None
    folds = presenter_for(table.game).folds
    return next((part for name, part in folds.items() if request.GET.get(name)), None)


def _revalidate(response: HttpResponse) -> HttpResponse:
    """Kept by the phone, but asked about again each time (answered 304 while the table has not changed)."""
    patch_cache_control(response, private=True, no_cache=True)
    return response


@require_GET
@condition(etag_func=table_etag)
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    seen = getattr(request, "tapete_version", None) or version_of(token)
    if seen is None:
        raise Http404("No table behind this link.")
    if len(get_messages(request)):  # a flash message is for this person only: drawn afresh, never cached
        access = resolve(token)
        part = folded_part(request, access.table)  # a fold opened meanwhile: alone, the message kept for the page
        response = render(request, part, table_context(request, access, with_form=False)) if part else \
            render(request, "scoring/table.html", table_context(request, access))
    else:
        response = _cached_table_page(request, token, seen)
    remember_table(request, response, token)
    patch_vary_headers(response, ["HX-Request"])  # a folded part alone for htmx, the page otherwise
    return _revalidate(response)


def _cached_table_page(request: HttpRequest, token: str, seen: Version) -> HttpResponse:
    """The page as drawn for this version (a new viewer of an unchanged table reads no table row: the version
    lookup is all), with this browser's CSRF token and a fresh client id put in; or, for htmx, the part folded
    away from it that was opened (:func:`folded_part`)."""
    key = page_cache_key(request, seen)
    html = cache.get(key)
    if html is None:
        access = resolve(token)
        part = folded_part(request, access.table)
        if part:  # a folded part, opened: no form in it
            page = render(request, part, table_context(request, access, with_form=False))
        else:  # with a placeholder for the CSRF token, which differs per browser and is put back below
            page = render(request, "scoring/table.html", table_context(
                request, access, csrf_token=CSRF_SLOT, form_initial={"client_id": CLIENT_ID_SLOT}))
        html = INDENTATION.sub("\n", page.content.decode())
        cache.set(key, html, PAGE_CACHE_SECONDS)
    # Each page gets its own id for the deal it will record: two phones must never share one.
    return HttpResponse(html.replace(CSRF_SLOT, get_token(request)).replace(CLIENT_ID_SLOT, str(uuid.uuid4())))


def live_etag(request: HttpRequest, token: str, **kwargs: Any) -> str | None:
    """As :func:`table_etag`, for the live region, which shows no flash message: asked every two seconds by
    every phone watching, it reads nothing but the table's version."""
    seen = version_of(token)
    request.tapete_version = seen  # type: ignore[attr-defined]
    if seen is None:
        return None
    return f"{seen.table_id}-{seen.version}-{seen.updated}-{get_language()}-{seen.can_edit}-{request.get_full_path()}"


@require_GET
@condition(etag_func=live_etag)
def live(request: HttpRequest, token: str) -> HttpResponse:
    """204 while nothing changed since version ``v`` (or 304 for the same ETag); else the standings region."""
    seen = getattr(request, "tapete_version", None)
    if seen is not None and request.GET.get("v") == str(seen.version):
        return HttpResponse(status=204)  # what every watching phone gets while nothing happens: no ORM at all
    access = resolve(token)
    context = table_context(request, access, with_form=False, polled=True)
    return _revalidate(render(request, "scoring/table.html#live", context))


@require_POST
@limited("new_table")
def rematch(request: HttpRequest, token: str) -> HttpResponse:
    """One tap: the same players, teams and options at a new table, opened for editing."""
    access = resolve_for_edit(token)
    table = services.rematch(access.table, device=device_key(request), user=request.user)
    response = redirect("table", token=table.edit_token)
    remember_table(request, response, table.edit_token)
    return response


@require_GET
def chart(request: HttpRequest, token: str) -> HttpResponse:
    """The chart as an image; asked by htmx, as the SVG the table page draws in place when it is scrolled to
    (its first load does not carry it)."""
    access = resolve(token)
    st = services.standings(access.table)
    inline = bool(request.htmx)
    svg = score_chart.render_svg(st, standalone=not inline, labels=side_labels(st))
    response = HttpResponse(svg, content_type="text/html; charset=utf-8" if inline else "image/svg+xml; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["HX-Request"])
    return response


def table_url(token: str) -> str:
    return reverse("table", args=[token])


# -- the table between deals ----------------------------------------------------------------------------------

class PlayersForm(forms.Form):
    """A name per seat, in the order of play."""

    def __init__(self, names: list[str], *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for position, name in enumerate(names):
            self.fields[f"seat_{position}"] = forms.CharField(
                label=_("Seat %(n)s") % {"n": position + 1}, initial=name, max_length=40)

    def names(self) -> list[str]:
        return [self.cleaned_data[name] for name in self.fields]


class _JSONField(forms.JSONField):
    """Django's JSON field, with a number too long for ``int()`` (over 4,300 digits) unreadable as any bad JSON
    is, not a 500."""

    def to_python(self, value: Any) -> Any:
        try:
            return super().to_python(value)
        except ValueError:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid", params={"value": value}) \
                from None

    def bound_data(self, data: Any, initial: Any) -> Any:
        try:
            return super().bound_data(data, initial)
        except ValueError:
            return forms.fields.InvalidJSONInput(data)


class _VersionField(forms.Field):
    """The table's version a page was drawn at: a whole number, or, for anything else sent (words, a number too
    long for the database), a version no table is at, so the page is drawn again rather than a 500."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        return int(value) if re.fullmatch(r"[0-9]{1,18}", str(value)) else -1


class SeenPlayersForm(forms.Form):
    """A form about the seats as the page showed them (sent back, to refuse a change made on stale seats). A change
    that closes the game is made once ``confirm`` comes back from the page that says what it does, with the
    table's ``version`` that page was drawn at (refused if the table moved since: a deal recorded meanwhile)."""

    players = _JSONField(widget=forms.HiddenInput, required=False)  # unreadable: taken as other players
    confirm = forms.BooleanField(widget=forms.HiddenInput, required=False)
    version = _VersionField(widget=forms.HiddenInput, required=False)
    choice = ""  # the field that chooses a seat among the players shown

    def __init__(self, names: list[str], *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["players"].initial = names
        self.shown = self._posted_players() or names

    def _posted_players(self) -> list[str] | None:
        """The players the page showed, as it sent them back (None from a page that did not say, or unreadably):
        a seat is chosen among them."""
        if not self.is_bound:
            return None
        try:
            players = self.fields["players"].clean(self.data.get(self.add_prefix("players")))
        except forms.ValidationError:
            return None
        return [str(p) for p in players] if isinstance(players, list) and players else None

    def on(self, names: list[str]) -> bool:
        """Whether the page showed ``names``, the players now (not others, nor unreadably): asked before anything
        else about the form, so that a change made on players gone meanwhile is refused as such."""
        return not self.has_error("players") and seating.same_players(self.shown, names)

    def afresh(self, names: list[str], why: str) -> Self:
        """This form drawn again on ``names``, the players now, as a page drawn now would (the page showed others
        and the change was refused, for ``why``, above it): what was typed is kept, and the seat chosen is the
        same player's if still seated."""
        initial = {key: value for key, value in self.cleaned_data.items()
                   if key not in ("players", "confirm", "version", self.choice)}
        chosen = self.cleaned_data.get(self.choice)
        if isinstance(chosen, int) and 0 <= chosen < len(self.shown):
            seats = [name.casefold() for name in names]
            if self.shown[chosen].casefold() in seats:
                initial[self.choice] = str(seats.index(self.shown[chosen].casefold()))
        form = type(self)(names, initial=initial)
        form.errors[NON_FIELD_ERRORS] = form.error_class([why], error_class="nonfield", renderer=form.renderer)
        return form


class JoinForm(SeenPlayersForm):
    """Someone joins: a name, and after whom in the order of play."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=40,
                           error_messages={"required": gettext_lazy("Give the name of who joins.")})
    after = forms.TypedChoiceField(label=gettext_lazy("Sits after"), coerce=int, error_messages={
        "required": gettext_lazy("Choose who the new player sits after."),
        "invalid_choice": gettext_lazy("Choose who the new player sits after.")})  # a seat no one has: sent by hand
    choice = "after"

    def __init__(self, names: list[str], *args: Any, **kwargs: Any):
        super().__init__(names, *args, prefix="join", **kwargs)
        self.fields["after"].choices = [(str(i), name) for i, name in enumerate(self.shown)]
        self.fields["after"].initial = str(len(self.shown) - 1)

    def seated(self) -> list[str]:
        return seating.joined(self.shown, self.cleaned_data["name"], self.cleaned_data["after"])


class LeaveForm(SeenPlayersForm):
    """Someone leaves: which seat."""

    seat = forms.TypedChoiceField(label=gettext_lazy("Who leaves"), coerce=int,
                                  error_messages={"required": gettext_lazy("Choose who leaves."),
                                                  "invalid_choice": gettext_lazy("Choose who leaves.")})
    choice = "seat"

    def __init__(self, names: list[str], *args: Any, **kwargs: Any):
        super().__init__(names, *args, prefix="leave", **kwargs)
        self.fields["seat"].choices = [("", "—"), *((str(i), name) for i, name in enumerate(self.shown))]

    def seated(self) -> list[str]:
        return seating.left(self.shown, self.cleaned_data["seat"])


def _seats_changed(request: HttpRequest, access: Access, form: JoinForm | LeaveForm, action: str) -> HttpResponse:
    """The table goes on with the players ``form`` says (:mod:`scoring.seating`), or :class:`InvalidRecord`. A
    change that closes the game is first said, with the standings it closes on (and what the game says becomes of
    what it leaves on the table: its presenter's ``closing_notes``) and the new game's players, and
    made only once confirmed (Cancel changes nothing), at the table's version it was said at: if a deal was
    recorded meanwhile, it is said again as it is now. A change that closes nothing is made at the version it
    was worked out at, so a deal recorded meanwhile has it asked first."""
    table, token, names = access.table, access.token, form.seated()
    confirmed = form.cleaned_data.get("confirm")
    said = form.cleaned_data.get("version") if confirmed else None  # the version the confirmation was drawn at
    moved = ""
    for _attempt in range(3):
        change = seating.preview_seats(table, names, seen=form.shown)
        if change.closes and (moved or not confirmed):
            st = change.standings
            return render(request, "scoring/table_players_confirm.html", {
                "access": access, "token": token, "table": table, "game": st.game, "form": form,
                "action": action, "change": change, "moved": moved, "standings": standing_rows(st, side_labels(st)),
                "notes": presenter_for(table.game).closing_notes(st)})
        try:
            closed = seating.change_seats(table, names, seen=form.shown, device=device_key(request),
                                          version=change.version if said is None or moved else said,
                                          user=request.user, author=author_of(request))
        except seating.TableMoved as exc:
            moved = str(exc)
        else:
            break
    else:  # the table moved three times under a change that closes nothing (no deal): asked to try again
        raise InvalidRecord({"players": _("The table changed on another phone meanwhile: nothing was changed. "
                                          "Try again.")})
    if closed is None:
        messages.success(request, one_stop(_("Players: %(list)s.") % {"list": ", ".join(names)}))
    else:
        messages.success(request, one_stop(_("The game so far is kept in the history; a new game starts with "
                                             "%(list)s.") % {"list": ", ".join(names)}))
    return redirect("table", token=token)


@require_http_methods(["GET", "POST"])
@limited("write")
def players(request: HttpRequest, token: str) -> HttpResponse:
    """Between deals: a name corrected, or someone else taking a seat (it keeps the seat's score); someone
    joining or leaving where the game allows it (:mod:`scoring.seating`)."""
    access = resolve_for_edit(token)
    table = access.table
    game, spec = get_game(table.game), services.table_spec(table)
    names = list(spec.players)
    action = request.POST.get("action", "rename") if request.method == "POST" else ""
    form = PlayersForm(names, request.POST if action == "rename" else None)
    join = JoinForm(names, request.POST if action == "join" else None)
    leave = LeaveForm(names, request.POST if action == "leave" else None)
    seats = join if action == "join" else leave if action == "leave" else None
    if action == "rename" and form.is_valid():
        try:
            changed = services.change_players(table, form.names(), device=device_key(request), user=request.user,
                                              author=author_of(request))
        except InvalidRecord as exc:
            form.add_error(None, "; ".join(services.field_errors(exc).values()))
        else:
            if changed:
                messages.success(request, one_stop(_("Players changed: %(list)s.") % {"list": ", ".join(
                    f"{c['before']} → {c['after']}" for c in changed)}))
            return redirect("table", token=token)
    elif seats is not None:
        try:  # the seats as the page showed them: refused if they changed, whatever else is wrong
            if not seats.on(names):
                raise seating.PlayersChanged
            if seats.is_valid():
                return _seats_changed(request, access, seats, action)
        except seating.PlayersChanged:  # the page drawn again on the players now, so that trying again works
            spec = services.table_spec(table)
            names, stale = list(spec.players), str(seating.STALE)
            form = PlayersForm(names)
            join = join.afresh(names, stale) if action == "join" else JoinForm(names)
            leave = leave.afresh(names, stale) if action == "leave" else LeaveForm(names)
        except InvalidRecord as exc:
            seats.add_error(None, "; ".join(services.field_errors(exc).values()))
    allowed = seating.may_change_seats(game, spec)
    shown = {key: allowed[key] or action == key for key in allowed}  # the one sent, with why not
    return render(request, "scoring/table_players.html", {
        "access": access, "token": token, "table": table, "game": game, "form": form, "join": join,
        "leave": leave, "allowed": shown, "teams": bool(spec.teams),
        "started": table.deals.exists() or bool(table.carried)})


class CarryOverForm(forms.Form):
    """What the game under way on paper carries: the fields the game asks for (whole numbers, a player or a
    choice, a line of text such as a list of amounts, which the game reads). Each field's ``kind`` tells the
    page which input to draw."""

    def __init__(self, fields: tuple[Any, ...], *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for spec_field in fields:
            common = {"label": services.translate(spec_field.label), "required": spec_field.required,
                      "help_text": services.translate(spec_field.help) if spec_field.help else ""}
            field: forms.Field
            if spec_field.kind in ("choice", "player"):
                choices = [(str(value), services.translate(label)) for value, label in spec_field.choices]
                field = forms.ChoiceField(choices=[("", "—"), *choices], initial=spec_field.default, **common)
            elif spec_field.kind == "text":
                field = forms.CharField(max_length=500, initial=spec_field.default, **common)
            else:
                said = {"invalid": _("Enter a whole number.")}  # in the app's own words (Django's Spanish says usted)
                if spec_field.minimum is not None:
                    said["min_value"] = _("Must be at least %(n)s.") % {"n": spec_field.minimum}
                if spec_field.maximum is not None:
                    said["max_value"] = _("Must be at most %(n)s.") % {"n": spec_field.maximum}
                field = forms.IntegerField(initial=spec_field.default, min_value=spec_field.minimum,
                                           max_value=spec_field.maximum, error_messages=said, **common)
            field.kind = spec_field.kind  # type: ignore[attr-defined]
            self.fields[spec_field.name] = field


@require_http_methods(["GET", "POST"])
@limited("write")
def carry_over(request: HttpRequest, token: str) -> HttpResponse:
    """A game already under way on paper: its scores (and state) entered once, before the first deal."""
    access = resolve_for_edit(token)
    table = access.table
    game, spec = get_game(table.game), services.table_spec(table)
    form = CarryOverForm(game.carried_fields(spec), request.POST or None)
    started = table.deals.exists()
    if request.method == "POST" and not started and form.is_valid():
        try:
            services.carry_over(table, form.cleaned_data, author=author_of(request))
        except InvalidRecord as exc:
            for name, message in services.field_errors(exc).items():
                form.add_error(name if name in form.fields else None, message)
        except services.ChangeRefused as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("The game from paper is carried over."))
            return redirect("table", token=token)
    return render(request, "scoring/carry_over.html", {"access": access, "token": token, "table": table,
                                                       "game": game, "form": form, "started": started})
