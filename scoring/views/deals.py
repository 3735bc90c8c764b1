"""Recording, editing, undoing, restoring and reverting deals; the history. Every write goes through
services."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from referee.cards import DeckKind
from referee.game import Field, Game, InvalidRecord, State, TableSpec, get_game
from scoring import night, seating, services
from scoring.access import TOKEN_SHAPE, Access, author_of, resolve, resolve_for_edit
from scoring.forms import RecordForm, local_decimal
from scoring.kept_cards import PLAYS, CardsSayOtherwise, has_cards  # PLAYS: shown trick by trick, not as a line
from scoring.limits import limited
from scoring.models import Deal, DealRevision, TableChange
from scoring.views.tables import record_template, side_labels, table_context
from scoring.widgets import card_words

PER_PAGE = 50


def _back(request: HttpRequest, default: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    # A path on this site only: redirect() would take any other word for a view name and fail.
    if target.startswith("/") and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return default


def _rules(access: Access) -> tuple[Game[Any, Any, Any], TableSpec[Any]]:
    return get_game(access.table.game), services.table_spec(access.table)


def _render_body(request: HttpRequest, access: Access, form: RecordForm | None = None, *,
                 status: int = 200, reswap: str = "", **extra: Any) -> HttpResponse:
    """The table page after a change: the body partial for htmx, the whole page otherwise."""
    context = table_context(request, access, form=form, **extra)
    if request.htmx:
        response = render(request, "scoring/table.html#body", context, status=status)
        if reswap:
            response["HX-Reswap"] = reswap
        return response
    return render(request, "scoring/table.html", context, status=status)


@require_http_methods(["GET", "POST"])
@limited("write")
def record(request: HttpRequest, token: str) -> HttpResponse:
    access = resolve_for_edit(token)
    table = access.table
    game, spec = _rules(access)
    if request.method == "GET":
        if not services.standings(table).accepts_deals:  # the game is over: the table page says so
            return redirect("table", token=token)
        form = RecordForm(game, spec, number=services.next_number(table))
        return render(request, "scoring/record.html", {
            "access": access, "token": token, "table": table, "game": game, "form": form, "deal": None,
            "record_template": record_template(table),
        })
    form = RecordForm(game, spec, request.POST)
    conflict = ""
    record_ = form.complete_record(before=lambda: services.standings(table).state)
    if record_ is None:  # not a deal of this table as it is now: it may be one sent before the players changed
        try:
            sent = services.sent_before(table, form.cleaned_data.get("client_id"))
        except services.DealReplaced as exc:
            return _render_body(request, access, conflict=str(exc), reswap="outerHTML show:window:top")
        if sent is not None:
            return _saved(request, access, sent)
        if not services.standings(table).accepts_deals:
            return _after_the_end(request, access, form)
    else:
        try:
            deal = services.record_deal(table, record_, author=author_of(request),
                                        expected_number=form.cleaned_data.get("deal_number"),
                                        client_id=form.cleaned_data.get("client_id"))
        except InvalidRecord as exc:
            if not services.standings(table).accepts_deals:
                return _after_the_end(request, access, form)
            form.add_rule_errors(services.field_errors(exc))
            form.mark_rules_the_rest_breaks(services.standings(table).state)  # what else they say, against the table
        except services.ChangeRefused as exc:
            form.add_error(None, str(exc))
        except services.DealReplaced as exc:  # a resend of a deal undone and replaced since: said, not recorded
            return _render_body(request, access, conflict=str(exc), reswap="outerHTML show:window:top")
        except (services.DealConflict, services.NotTheNextNumber) as exc:  # the entries kept, numbered afresh
            if not services.standings(table).accepts_deals:  # the deal that won ended the game: no form is left
                if isinstance(exc, services.NotTheNextNumber) or exc.undone:  # no other phone's deal in its place
                    return _after_the_end(request, access, form)
                entries = pgettext("between the rows of a list", "; ").join(
                    _("%(label)s: %(value)s") % {"label": label, "value": value}
                    for label, value in describe_record(game, spec, record_))
                conflict = " ".join((str(exc), _("It ended the game, so your entries cannot be saved: %(entries)s.")
                                     % {"entries": entries}))
                return _render_body(request, access, status=409, conflict=conflict,
                                    reswap="outerHTML show:window:top")
            data = request.POST.copy()
            data["deal_number"] = str(services.next_number(table))
            if request.POST.get("outbox") and isinstance(exc, services.DealConflict) and not exc.undone:
                # a deal that waited on the phone: its card is read later, other deals of it sent meanwhile
                conflict = _("Deal %(n)s was recorded by another phone before this one was sent: this one was not "
                             "saved. Save it only if it is another deal, as the next one.") % {"n": exc.number}
            else:
                conflict = " ".join((str(exc), _("Your entries are kept below as deal %(n)s: save them only if "
                                                 "they are another deal.") % {"n": data["deal_number"]}))
            form = RecordForm(game, spec, data)  # the entries kept, ready to save as the next deal
        else:
            return _saved(request, access, deal)
    return _render_body(request, access, form, conflict=conflict,
                        reswap="outerHTML show:window:top" if conflict else "outerHTML show:#record:top")


def _after_the_end(request: HttpRequest, access: Access, form: RecordForm) -> HttpResponse:
    """A deal sent after the one that ended the game (saved offline, by a phone that could not know): refused,
    409, the table saying why. A retry of the deal that ended it is answered as saved, before this."""
    last = services.next_number(access.table) - 1
    number = getattr(form, "cleaned_data", {}).get("deal_number") or last + 1
    conflict = _("The game ended with deal %(last)s: deal %(n)s was not saved.") % {"last": last, "n": number}
    return _render_body(request, access, status=409, conflict=conflict, reswap="outerHTML show:window:top")


def _saved(request: HttpRequest, access: Access, deal: Deal) -> HttpResponse:
    """The table after a deal was saved, or found saved already (a phone sending it again)."""
    if getattr(deal, "earlier_game", False):
        messages.info(request, _("Deal %(n)s was already saved, in the game before the players changed.")
                      % {"n": deal.number})
    elif getattr(deal, "repeated", False):
        messages.info(request, _("Deal %(n)s was already saved.") % {"n": deal.number})
    else:
        messages.success(request, _("Deal %(n)s saved.") % {"n": deal.number})
    if request.htmx:
        return _render_body(request, access, reswap="outerHTML show:window:top")
    return redirect("table", token=access.token)


def _said(value: Any) -> bool:
    """A value worth a line: not nothing, not an empty list, not a plain "no"."""
    return value not in (None, "", [], {}, False)


def _said_in_row(value: Any) -> bool:
    """In a row of a list (a player and his tricks), a 0 is said: "Bea, 0", not "Bea"."""
    return value is not False and (value == 0 or _said(value))


def describe_record(game: Game[Any, Any, Any], spec: TableSpec[Any], record: dict[str, Any],
                    asked: Sequence[Field] = (), state: State | None = None) -> list[tuple[str, str]]:
    """A record as (label, value) lines, choices shown by their labels; what was not said is left out. With
    ``asked`` (a contract, as the card-by-card page asks it): those fields' words too, and only what they ask.
    Given the ``state`` before the deal, a field the game says in its own words from it (``record_words``) reads
    as the game says it."""
    fields = {f.name: f for f in (*asked, *game.record_fields(spec))}
    words = game.record_words(spec, state, record) if state is not None else {}
    # In the form's order: a record stored in PostgreSQL's jsonb does not keep its keys' order.
    keys = [name for name in fields if _said(record.get(name))] + ([] if asked else sorted(
        k for k in record if k not in fields and k != PLAYS and _said(record[k])))
    lines, deck = [], game.deck_for(spec)
    for key in keys:
        value, field = record[key], fields.get(key)
        lines.append((services.translate(field.label) if field else key,
                      services.translate(words[key]) if key in words else _value_text(field, value, deck)))
    return lines


def _card_name(code: Any, deck: DeckKind) -> str | None:
    """A card by its name ("6 of oros", not "6O"), or None if ``code`` is no card of the deck."""
    try:
        return str(card_words(str(code), deck)["name"])
    except (StopIteration, ValueError):
        return None


def _row_text(row: dict[str, Any], subs: Mapping[str, Field], deck: DeckKind) -> str:
    """A row of a list field, its values in the fields' order; its numbers labelled when there are several."""
    labelled = sum(isinstance(v, int | float) and not isinstance(v, bool) for v in row.values()) > 1
    return ", ".join(_row_value_text(subs.get(k), row[k], deck, labelled) for k in _in_field_order(row, subs)
                     if _said_in_row(row[k]))


def _row_value_text(field: Field | None, value: Any, deck: DeckKind, labelled: bool) -> str:
    """A value in a row of a list field; in a row of several numbers, each after its field's label ("Debt #2,
    Pot 1, Pot 1", which a bare "2, 1, 1" does not say); a name or a choice as it is."""
    text = _value_text(field, value, deck)
    if not labelled or field is None or isinstance(value, bool) or not isinstance(value, int | float) \
            or field.choices:
        return text
    label = services.translate(field.label)
    return f"{label}{text}" if label.endswith("#") else f"{label} {text}"


def _value_text(field: Field | None, value: Any, deck: DeckKind) -> str:
    if isinstance(value, dict) and set(value) == {"seat", "name"}:  # a seat, by the name it had then
        return str(value["name"])
    if field is not None and field.kind in ("card", "cards") and isinstance(value, str | list):
        names = [_card_name(code, deck) for code in (value if isinstance(value, list) else [value])]
        if names and None not in names:
            return ", ".join(name for name in names if name)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if field is not None and field.kind == "decimal" and not isinstance(value, list | dict):
        return local_decimal(value)
    if field is not None and field.choices and not isinstance(value, list | dict):
        for choice, label in field.choices:
            if str(choice) == str(value):
                return services.translate(label)
    if isinstance(value, list):
        subs = {f.name: f for f in field.fields} if field else {}
        return pgettext("between the rows of a list", "; ").join(
            _row_text(item, subs, deck) if isinstance(item, dict) and set(item) != {"seat", "name"}
            else _value_text(subs.get("value") or field, item, deck) for item in value) or "—"
    return str(value)


def _in_field_order(item: dict[str, Any], fields: dict[str, Field]) -> list[str]:
    """A row's keys as its fields come (jsonb keeps no order), then any others."""
    return [k for k in fields if k in item] + sorted(k for k in item if k not in fields)


@require_GET
def detail(request: HttpRequest, token: str, number: int) -> HttpResponse:
    access = resolve(token)
    deal = get_object_or_404(Deal, table=access.table, number=number)
    game, spec = _rules(access)
    revisions = list(deal.revisions.order_by("-revision", "-pk"))
    labels = side_labels(services.standings(access.table))
    try:  # the night before it, for what a game says in its own words from it (a debt paid: whose, which)
        before: State | None = services.state_before(access.table, number, game, spec)
    except services.ChangeRefused:
        before = None
    return render(request, "scoring/deal.html", {
        "access": access, "token": token, "table": access.table, "game": game, "deal": deal,
        "record_lines": describe_record(game, spec, deal.record, state=before),
        # undone, it counts for nobody: what it would say if restored, in the game's words, as a deal in play says it
        "if_restored": services.outcome_if_restored(access.table, deal, game, spec) if deal.withdrawn else None,
        "scores": services.scores_in_order(game, spec, deal.outcome, labels),
        "revisions": [(r, describe_record(game, spec, r.record, state=before)) for r in revisions],
        "me": author_of(request, create=False),
    })


def changed_message(deal: Deal) -> str:
    """What Save says of a deal changed: an undone deal stays undone, and no score moves; the scores after it
    were recomputed only if deals in play come after it (the last deal changed has none). An edit that left the
    deal as it was says so; one that dropped its cards (asked to: they said otherwise) says that too."""
    if getattr(deal, "unchanged", False):
        return _("Deal %(n)s: nothing changed.") % {"n": deal.number}
    if deal.withdrawn:
        said = _("Deal %(n)s changed. It stays undone and counts for nobody: restore it from the history to "
                 "count it.") % {"n": deal.number}
    elif services.active_deals(deal.table).filter(number__gt=deal.number).exists():
        said = _("Deal %(n)s changed; the scores after it were recomputed.") % {"n": deal.number}
    else:
        said = _("Deal %(n)s changed.") % {"n": deal.number}
    if getattr(deal, "cards_dropped", None) is not None:
        said = " ".join((said, _("Its cards were dropped: its earlier revisions in the history keep them.")))
    return said


def cards_say(game: Game[Any, Any, Any], spec: TableSpec[Any],
              otherwise: CardsSayOtherwise) -> tuple[dict[str, str], list[str]]:
    """What a deal's cards say otherwise than the record form's entries: a message beside each field they
    contradict ("The cards say: 3."), and the rest, to say above the form (why they cannot be played under the
    entries, or what they say of what the form does not ask)."""
    fields = {f.name: f for f in game.record_fields(spec)}
    deck = game.deck_for(spec)
    beside: dict[str, str] = {}
    above = [services.translate(message) for message in otherwise.why.values()]
    for key, value in otherwise.said.items():
        text = _("none") if value in (None, "", [], {}) else _value_text(fields.get(key), value, deck)
        if key in fields:
            beside[key] = _("The cards say: %(value)s.") % {"value": text}
        else:
            above.append(_("The cards say %(label)s: %(value)s.") % {"label": key, "value": text})
    return beside, above


@require_http_methods(["GET", "POST"])
@limited("write")
def edit(request: HttpRequest, token: str, number: int) -> HttpResponse:
    access = resolve_for_edit(token)
    deal = get_object_or_404(Deal, table=access.table, number=number)
    game, spec = _rules(access)
    changed_meanwhile = False
    cards_otherwise: dict[str, list[str]] | None = None  # the cards said otherwise: what to say above the form
    if request.method == "POST":
        form = RecordForm(game, spec, request.POST)
        record_ = form.complete_record(before=lambda: services.state_before(access.table, number, game, spec))
        if record_ is not None:
            try:
                services.edit_deal(deal, record_, author=author_of(request),
                                   expected_revision=form.cleaned_data.get("revision"),
                                   drop_cards=request.POST.get("drop_cards") == "1")
            except InvalidRecord as exc:
                form.add_rule_errors(services.field_errors(exc))
                with contextlib.suppress(services.ChangeRefused):  # what else the rules say, against the deals before
                    form.mark_rules_the_rest_breaks(services.state_before(access.table, number, game, spec))
            except CardsSayOtherwise as exc:  # nothing saved: the form says so, and how to keep the cards
                beside, above = cards_say(game, spec, exc)
                form.add_rule_errors(beside)
                cards_otherwise = {"above": above}
            except (services.ChangeRefused, services.Conflict) as exc:
                form.add_error(None, str(exc))
                changed_meanwhile = isinstance(exc, services.DealChanged)
            else:
                said = changed_message(deal)
                (messages.info if getattr(deal, "unchanged", False) else messages.success)(request, said)
                return redirect(_back(request, reverse("table", args=[token])))
        deal.refresh_from_db()
        if changed_meanwhile:  # the next Save replaces the deal as it is now, knowingly
            form.with_revision(deal.revision)
    else:
        form = RecordForm(game, spec, record=deal.record, revision=deal.revision)
    return render(request, "scoring/record.html", {
        "access": access, "token": token, "table": access.table, "game": game, "form": form, "deal": deal,
        "next": _back(request, ""),
        "record_template": record_template(access.table),
        "deal_now": describe_record(game, spec, deal.record) if changed_meanwhile else None,
        "deal_has_cards": has_cards(game, deal.record), "cards_otherwise": cards_otherwise,
    })


@require_POST
@limited("write")
def restore(request: HttpRequest, token: str, number: int) -> HttpResponse:
    access = resolve_for_edit(token)
    deal = get_object_or_404(Deal, table=access.table, number=number)
    try:
        services.set_withdrawn(deal, False, author=author_of(request))
    except services.DealRestored as exc:
        messages.info(request, str(exc))
    except (services.ChangeRefused, services.Conflict) as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Deal %(n)s restored.") % {"n": number})
    if request.htmx and not request.POST.get("next"):
        return _render_body(request, access)
    return redirect(_back(request, reverse("history", args=[token])))


@require_POST
@limited("write")
def undo(request: HttpRequest, token: str) -> HttpResponse:
    access = resolve_for_edit(token)
    raw = request.POST.get("number", "")
    seen = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else None  # the deal the page showed
    try:
        deal = services.undo_last(access.table, author=author_of(request), number=seen)
    except services.DealUndone as exc:
        messages.warning(request, str(exc))
    except (services.ChangeRefused, services.Conflict, services.NoSuchDeal) as exc:
        messages.error(request, str(exc))
    else:
        if deal is None:
            messages.info(request, _("There is no deal to undo."))
        else:
            messages.success(request, _("Deal %(n)s undone. It stays in the history, where you can restore "
                                        "it.") % {"n": deal.number})
    if request.htmx and not request.POST.get("next"):
        return _render_body(request, access)
    return redirect(_back(request, reverse("table", args=[token])))


@require_POST
@limited("write")
def revert(request: HttpRequest, token: str, revision: int) -> HttpResponse:
    access = resolve_for_edit(token)
    rev = get_object_or_404(DealRevision.objects.select_related("deal__table"), pk=revision,
                            deal__table=access.table)
    seen = request.POST.get("revision", "")  # the deal's revision the page showed
    expected = int(seen) if seen.isascii() and seen.isdigit() and len(seen) < 10 else None
    try:
        services.revert_to(rev, author=author_of(request), expected_revision=expected)
    except (services.ChangeRefused, services.Conflict) as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Deal %(n)s is back to revision %(r)s.")
                         % {"n": rev.deal.number, "r": rev.revision})
    return redirect(_back(request, reverse("history", args=[token])))


def with_links(changes: Iterable[TableChange], can_edit: bool = False) -> list[TableChange]:
    """The table's changes, a player joining or leaving with the link to the game before or after it, a rematch
    with the link to its table (the edit link for who may edit here), a game of the same night added or taken
    out with its view link (only a token of the shape links make: a file imported may say anything) and its
    ``game_title`` in the reader's words (:func:`scoring.night.logged_title`)."""
    found = list(changes)
    for change in found:
        details = change.details if isinstance(change.details, dict) else {}
        other = (can_edit and details.get("edit")) or details.get("later") or details.get("earlier") \
            or details.get("table")  # a game of the same night, by its view link
        change.link = reverse("table", args=[other]) if isinstance(other, str) and TOKEN_SHAPE.fullmatch(
            other) else ""  # type: ignore[attr-defined]
        if change.kind == TableChange.Kind.NIGHT:
            change.game_title = night.logged_title(details)  # type: ignore[attr-defined]
    return found


@require_GET
def history(request: HttpRequest, token: str) -> HttpResponse:
    access = resolve(token)
    table = access.table
    st = services.standings(table)
    labels = side_labels(st)
    sides = st.game.sides(st.spec)
    deals = Paginator(table.deals.order_by("-number"), PER_PAGE).get_page(request.GET.get("page"))
    in_play = st.last_deal.number if st.last_deal else 0
    rows = []
    for d in deals:
        # an undone deal scores nothing: what it would say if restored is shown, in the game's words as a recorded
        # deal's breakdown (its record's fields if its rules no longer take it), so Restore is no leap in the dark
        said = services.outcome_if_restored(table, d, st.game, st.spec, None if d.number < in_play or st.problem
                                            else st.state) if d.withdrawn else d.outcome
        rows.append({"deal": d, "breakdown": (said or {}).get("breakdown") or [],
                     "labelled": [] if d.withdrawn else [(labels.get(s, s), score) for s, score in zip(
                         sides, (d.outcome or {}).get("scores") or [None] * len(sides), strict=False)],
                     "record_lines": describe_record(st.game, st.spec, d.record) if d.withdrawn and not said else []})
    log = Paginator(DealRevision.objects.filter(deal__table=table).select_related("deal")
                    .order_by("-created", "-pk"), PER_PAGE).get_page(request.GET.get("log"))
    last_active = st.last_deal
    return render(request, "scoring/history.html", {
        "access": access, "token": token, "table": table, "game": st.game, "st": st,
        "deals": deals, "rows": rows, "log": log,
        "table_changes": with_links(seating.table_history(table)[:200], access.can_edit),
        "last_active": last_active, "me": author_of(request, create=False),
    })
