"""A deal's score before Save: the record form's entries, parsed and scored against the table as it stands,
shown under the form as the person fills it in. Reads only: nothing is stored, no session is made, nothing is
counted against the rate limits (which write)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from referee.game import Game, InvalidRecord, State, TableSpec
from scoring import services
from scoring.access import resolve_for_edit
from scoring.forms import RecordForm
from scoring.kept_cards import CardsSayOtherwise, with_kept_cards
from scoring.models import Deal, Table
from scoring.views.deals import cards_say
from scoring.views.tables import players_in, side_labels


@dataclass
class Preview:
    """What the entries would make: ``lines`` (label, the deal's score, the total after it as the game says it)
    and the breakdown read aloud; or ``missing`` (the labels still to fill in); or ``problem`` (the first
    message, as beside its input). ``undone``: the deal edited is undone, so it moves no total. ``was``, when
    editing: each line's score as stored, where the entries change it (None where they do not); ``number``, the
    deal edited (its totals are the ones after it, not the table's now)."""

    lines: list[tuple[str, int, str]] = field(default_factory=list)
    was: list[int | None] = field(default_factory=list)
    breakdown: list[Any] = field(default_factory=list)
    void: bool = False
    winners: list[str] = field(default_factory=list)
    winner_count: int = 0  # the players they are (a team counts its members)
    missing: list[str] = field(default_factory=list)
    problem: str = ""
    undone: bool = False
    number: int | None = None

    @property
    def rows(self) -> list[tuple[str, int, str, int | None]]:
        """Each line with its stored score beside it (None: nothing stored, or the same)."""
        was = self.was + [None] * (len(self.lines) - len(self.was))
        return [(*line, before) for line, before in zip(self.lines, was, strict=False)]


def _labelled(label: Any, message: Any) -> str:
    return _("%(label)s: %(message)s") % {"label": label, "message": message} if label else str(message)


def first_form_error(form: RecordForm) -> str:
    """The first message the form has, after the label of its input."""
    for name, errors in form.errors.items():
        bound = form.fields.get(name)
        return _labelled(bound.label if bound is not None and name != "__all__" else "", errors[0])
    for formset in form.formsets.values():
        for row in formset.forms:
            for name, errors in row.errors.items():
                bound = row.fields.get(name)
                return _labelled(bound.label if bound is not None else "", errors[0])
    return ""


def _rule_error(game: Game[Any, Any, Any], spec: TableSpec[Any], exc: InvalidRecord) -> str:
    """The first message of the rules, after the label of the field it is about."""
    path, message = next(iter(services.field_errors(exc).items()), ("", ""))
    labels = {f.name: services.translate(f.label) for f in game.record_fields(spec)}
    return _labelled(labels.get(path.split(".")[0], ""), message)


def preview_of(form: RecordForm, game: Game[Any, Any, Any], spec: TableSpec[Any], before: State,
               labels: dict[str, str], then: Callable[[Any, Any], None] | None = None) -> Preview:
    """The form's entries scored against ``before``, or why they cannot be yet; ``then``, given the record and
    its checked form, raises what else Save would refuse (:func:`what_save_refuses`)."""
    if not form.is_valid():
        return Preview(problem=first_form_error(form))
    record = form.record()
    missing = form.missing(record)
    if missing:
        return Preview(missing=[str(form.fields[name].label) for name in missing if name in form.fields])
    try:
        fact = services.checked_record(game, spec, before, record)
        after, outcome = game.apply(spec, before, fact)
        if then is not None:
            then(record, fact)
    except InvalidRecord as exc:
        return Preview(problem=_rule_error(game, spec, exc))
    except services.ChangeRefused as refused:
        return Preview(problem=str(refused))
    except CardsSayOtherwise as otherwise:
        beside, above = cards_say(game, spec, otherwise)
        fields = {f.name: services.translate(f.label) for f in game.record_fields(spec)}
        return Preview(problem=" ".join([_labelled(fields[name], said) for name, said in beside.items()] + above))
    sides = game.sides(spec)
    won = [sides[i] for i in outcome.winners if 0 <= i < len(sides)]
    return Preview(
        lines=[(labels.get(side, side), outcome.scores[i], services.translate(game.show_total(spec, after, i)))
               for i, side in enumerate(sides)],
        breakdown=[line.to_i18n() for line in outcome.breakdown],
        void=outcome.void,
        winners=[labels.get(side, side) for side in won],
        winner_count=players_in(game, spec, won),
    )


def _deal_number(raw: str) -> int | None:
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 and int(raw) >= 1 else None


def what_save_refuses(table: Table, deal: Deal, game: Game[Any, Any, Any], spec: TableSpec[Any], before: State,
                      record: Any, fact: Any, *, replay_later: bool) -> None:
    """What Save refuses of an edit that its own score does not show, as :func:`services.edit_deal` finds it: the
    deal's cards (entered card by card) saying otherwise (:class:`CardsSayOtherwise`); with ``replay_later``, a
    later deal the change makes impossible (:class:`~scoring.services.ChangeRefused`)."""
    with_kept_cards(game, spec, deal.record, record,
                    lambda given: services.checked_record(game, spec, before, given).to_json())
    if replay_later:
        services.check_later_deals(table, deal, fact)


def with_stored(shown: Preview, deal: Deal | None, game: Game[Any, Any, Any], spec: TableSpec[Any]) -> Preview:
    """The preview of an edit: undone or not, and beside each score the one stored where the entries change it."""
    if deal is None:
        return shown
    shown.undone, shown.number = deal.withdrawn, deal.number
    stored = services.side_scores(game, spec, deal.outcome) if deal.outcome else {}
    shown.was = [stored[side] if side in stored and stored[side] != score else None
                 for side, (_label, score, _total) in zip(game.sides(spec), shown.lines, strict=False)]
    return shown


# An edit's preview replays the deals after it to say what Save would refuse, when they are few: each keystroke
# asks again, and no rate limit counts a read (Save itself still checks every later deal).
LATER_DEALS_REPLAYED = 200


@require_http_methods(["GET", "POST"])
def preview(request: HttpRequest, token: str) -> HttpResponse:
    """The preview partial for the record form's entries (POST from htmx, or GET): a new deal after the
    latest, or ``?deal=<n>``, deal n as edited (against the state before it)."""
    access = resolve_for_edit(token)
    table = access.table
    st = services.standings(table)
    form = RecordForm(st.game, st.spec, request.POST if request.method == "POST" else request.GET)
    number = _deal_number(request.GET.get("deal", ""))
    try:
        before = (services.state_before(table, number, st.game, st.spec) if number is not None
                  else st.state)
    except services.ChangeRefused as refused:
        shown = Preview(problem=str(refused))
    else:
        if st.problem and number is None:
            shown = Preview(problem=st.problem)
        else:
            deal = table.deals.filter(number=number).first() if number else None
            then = None if deal is None else partial(
                what_save_refuses, table, deal, st.game, st.spec, before,
                replay_later=services.next_number(table) - deal.number <= LATER_DEALS_REPLAYED)
            shown = with_stored(preview_of(form, st.game, st.spec, before, side_labels(st), then),
                                deal, st.game, st.spec)
    response = render(request, "scoring/_preview.html#result", {"preview": shown, "token": token})
    response["Cache-Control"] = "no-store"
    return response

