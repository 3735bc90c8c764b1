"""Card-by-card entry of a deal, for a game that offers it (:mod:`scoring.play_drafts`): the contract first,
then each card as it is played, one tap each; at the end the record the cards make, with its score, to save.

Every play is judged as it comes (:class:`referee.played.PlayedDeal`): a flagged play is shown at once with its
rule and recorded all the same; a revoke is shown when a later card proves it, naming both tricks. The last
card can be taken back and any card corrected, and the contract changed (a raise said during the play) with the
cards kept. Where the game has face-down plays, a "face down" toggle beside the picker plays the next card face
down (two taps: the toggle, then the card). The record is shown to save as soon as the cards make one: every
trick played, or a deal the game lets end sooner (a team with two tricks), the picker staying for a deal played
on; a deal that what was said ended (a refused raise: ``PlayedDeal.ended``) asks no more cards. The deal under
way is a draft in this phone's session, so a reload loses nothing. A stored deal that kept its cards shows them
trick by trick (each card a link to the referee with that situation), and its cards can be corrected: the
record is derived again.

Every form posts without JavaScript (each card a submit button) and is swapped in place with htmx.
"""

from __future__ import annotations

import dataclasses
import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from referee.cards import EXCUSE, TRUMP, Card
from referee.game import Game, InvalidRecord, TableSpec, get_game
from referee.played import Flag, FlagKind, PlayedDeal, PlayedTrick
from scoring import play_drafts, services
from scoring.access import Access, author_of, resolve, resolve_for_edit
from scoring.forms import RecordForm
from scoring.limits import limited, message, over_limit, retry_later
from scoring.models import Deal
from scoring.play_drafts import Draft, code_of, face_down_allowed, played_code
from scoring.referee_context import situation_fields
from scoring.views.deals import changed_message, describe_record  # the deal pages' own words
from scoring.views.tables import side_labels
from scoring.widgets import card_words, deck_groups

PAGE = "scoring/play.html"
ENDED = gettext_lazy("The deal ended before its tricks were played out: there are no more cards to enter.")


class _AskedFirst:
    """The game as the contract form sees it: its ``play_fields`` in place of its record's fields; as the night
    stands before the deal (``state``) where the game can say more from it (``contract_fields``: the debts open
    at the table, to tap)."""

    def __init__(self, game: Game[Any, Any, Any], state: Any = None):
        self._game, self._state = game, state

    def record_fields(self, spec: TableSpec[Any]) -> Any:
        given_the_night = getattr(self._game, "contract_fields", None)
        if callable(given_the_night) and self._state is not None:
            return given_the_night(spec, self._state)
        return self._game.play_fields(spec)  # type: ignore[attr-defined]

    def parse(self, spec: TableSpec[Any], raw: Any) -> Any:
        """A contract read as the deal it starts reads it (who leads changes no field), not as a whole record: a
        record does not know a contract's own fields (the turned card) and would call them unknown."""
        return self._game.played_deal(spec, raw, spec.seat(0))  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def contract_form(game: Game[Any, Any, Any], spec: TableSpec[Any], data: Any = None,
                  contract: dict[str, Any] | None = None, state: Any = None) -> RecordForm:
    """The record form, asking what is said before the first card (the game's ``play_fields``, given the
    night's ``state`` before the deal where the game asks more from it)."""
    return RecordForm(_AskedFirst(game, state), spec, data, record=contract)  # type: ignore[arg-type]


def _night_before(access: Access, game: Game[Any, Any, Any], spec: TableSpec[Any],
                  draft: Draft | None = None) -> Any:
    """The state before the deal under way: a new deal's, or the corrected one's (None if a stored deal cannot
    be read: the contract is then asked without it)."""
    if draft is None or draft.number is None:
        return services.standings(access.table).state
    try:
        return services.state_before(access.table, draft.number, game, spec)
    except services.ChangeRefused:
        return None


def _game(access: Access) -> tuple[Game[Any, Any, Any], TableSpec[Any]]:
    game = get_game(access.table.game)
    if not play_drafts.entered_by_cards(game):
        raise Http404("This game is not entered card by card.")
    return game, services.table_spec(access.table)


# -- what the page shows ------------------------------------------------------------------------------------

def flag_view(flag: Flag, game: Game[Any, Any, Any]) -> dict[str, Any]:
    rule = flag.rule
    key = getattr(rule, "key", "")
    return {"index": flag.index, "kind": flag.kind.value, "rule": services.translate(rule), "rule_key": key,
            "why": services.translate(flag.explanation), "trick": flag.trick, "proven_by": flag.proven_by,
            "revoke": flag.kind is FlagKind.REVOKE}


def referee_query(game: Game[Any, Any, Any], token: str, deal: PlayedDeal, done: PlayedTrick,
                  position: int | None) -> str:
    """The referee page's query for a recorded trick: the card at ``position`` (its hand being what its player
    played from this trick on), or the whole trick (who wins it) when ``position`` is None."""
    plays = done.trick.plays
    before = plays if position is None else plays[:position]
    fields = situation_fields(game, deal, done.number, done.leader, before,
                              None if position is None else plays[position])
    return f"{reverse('referee', args=[game.slug])}?{urlencode({'ask': '1', 'table': token, **fields}, doseq=True)}"


def tricks_view(game: Game[Any, Any, Any], spec: TableSpec[Any], token: str, deal: PlayedDeal,
                correcting: int | None = None) -> list[dict[str, Any]]:
    """Each trick with its plays (card, seat, face down and the game's name for that card if it has one, flags,
    links), its leader and winner."""
    deck = game.deck_for(spec)
    size = len(deal.seats)
    flags: dict[int, list[dict[str, Any]]] = {}
    for flag in deal.flags:
        flags.setdefault(flag.index, []).append(flag_view(flag, game))
    found = []
    for done in deal.tricks:
        plays = []
        for position, play in enumerate(done.trick.plays):
            index = (done.number - 1) * size + position
            words = card_words(play.card.code, deck)
            name = deal.course.face_down_name(deal, done, position) if play.face_down else None
            plays.append({"index": index, "seat": play.seat.name if play.seat else "", "card": words,
                          "face_down": play.face_down, "face_down_name": services.translate(name) if name else "",
                          "flags": flags.get(index, []),
                          "correcting": index == correcting,
                          "winning": done.verdict is not None and done.verdict.index == position,
                          "referee": referee_query(game, token, deal, done, position)})
        found.append({"number": done.number, "leader": done.leader.name, "complete": done.complete,
                      "winner": done.winner.name if done.winner else "", "plays": plays,
                      "referee": referee_query(game, token, deal, done, None) if done.complete else ""})
    return found


def _group_of(card: Card) -> str:
    return TRUMP if card.suit in (TRUMP, EXCUSE) else card.suit


def picker_view(game: Game[Any, Any, Any], spec: TableSpec[Any], deal: PlayedDeal,
                correcting: int | None = None) -> dict[str, Any]:
    """The deck as tabs of buttons: cards played greyed (the one being corrected is not), the tab open the
    suit led in the trick under way (else the last card's); the face-down toggle where the game has any, on
    when the card being corrected went face down."""
    played = {p.card.code for i, p in enumerate(deal.plays) if i != correcting}
    groups = deck_groups(game.deck_for(spec))
    for group in groups:
        group["cards"] = [{**c, "played": c["code"] in played} for c in group["cards"]]
    tricks = deal.tricks
    current = tricks[-1] if tricks and not tricks[-1].complete else None
    if correcting is not None:
        selected = _group_of(deal.plays[correcting].card)
    elif current is not None:
        selected = _group_of(current.trick.plays[0].card)
    elif deal.plays:
        selected = _group_of(deal.plays[-1].card)
    else:
        selected = groups[0]["key"]
    face_down = face_down_allowed(deal)
    return {"groups": groups, "selected": selected, "deck": game.deck_for(spec).value, "face_down": face_down,
            "face_down_on": face_down and correcting is not None and deal.plays[correcting].face_down}


def _draft_context(request: HttpRequest, access: Access, game: Game[Any, Any, Any], spec: TableSpec[Any],
                   draft: Draft, correcting: int | None = None, error: str = "") -> dict[str, Any]:
    table = access.table
    try:
        deal = draft.deal(game, spec)
    except InvalidRecord:  # the players changed since: the contract no longer reads
        play_drafts.drop(request.session, table)
        return _contract_context(access, game, spec, contract_form(game, spec, state=_night_before(
            access, game, spec)), error=_("The table changed since this deal was started: give the contract again."))
    if correcting is not None and not 0 <= correcting < len(deal.plays):
        correcting = None
    new_flags = []
    if deal.plays:
        before = {(f.index, f.kind) for f in deal.undo().flags}
        new_flags = [flag_view(f, game) for f in deal.flags if (f.index, f.kind) not in before]
    context: dict[str, Any] = {
        "access": access, "token": access.token, "table": table, "game": game, "draft": draft, "deal": deal,
        "tricks": tricks_view(game, spec, access.token, deal, correcting), "picker": picker_view(
            game, spec, deal, correcting), "correcting": correcting, "new_flags": new_flags,
        "next_seat": deal.next_seat.name if deal.next_seat else "", "played": len(deal.plays),
        "total": deal.tricks_in_deal * len(deal.seats), "error": error, "stage": "cards",
        "flag_count": len(deal.flags),
        "contract_lines": describe_record(game, spec, draft.contract,  # the contract as said, above the cards
                                          asked=game.play_fields(spec),  # type: ignore[attr-defined]
                                          state=_night_before(access, game, spec, draft)),
    }
    if correcting is not None:
        context["correcting_card"] = card_words(deal.plays[correcting].card.code, game.deck_for(spec))
        context["correcting_face_down"] = deal.plays[correcting].face_down
        context["correcting_seat"] = deal.seated[correcting].seat
    if deal.over:
        context.update(_derived(access, game, spec, draft, deal))
        context["show_derived"] = True
    else:  # a deal the game lets end before its tricks are played (a refused raise): the record, to save
        derived = _derived(access, game, spec, draft, deal, quiet=True)
        if derived:
            context.update(derived, show_derived=True)
    context["asks_card"] = not (deal.complete or deal.ended)  # a deal ended by what was said asks no more cards
    context["may_play_on"] = context.get("show_derived", False) and context["asks_card"]
    return context


def _derived(access: Access, game: Game[Any, Any, Any], spec: TableSpec[Any], draft: Draft,
             deal: PlayedDeal, quiet: bool = False) -> dict[str, Any]:
    """The record the cards make, with its score against the state before the deal; or why it cannot be. With
    ``quiet`` (a deal not over), nothing when the cards make no record yet."""
    table = access.table
    try:
        record, lines = game.record_from_plays(spec, draft.contract, deal)  # type: ignore[attr-defined]
    except InvalidRecord as exc:
        return {} if quiet else {"derive_errors": list(services.field_errors(exc).values())}
    try:
        number = draft.number or services.next_number(table)
        before = services.state_before(table, number, game, spec)
        _state, outcome = game.apply(spec, before, record)
    except InvalidRecord as exc:
        return {"derive_errors": list(services.field_errors(exc).values())}
    except services.ChangeRefused as exc:
        return {"derive_errors": [str(exc)]}
    labels = side_labels(services.standings(table))
    stored = outcome.to_json()
    return {"derived_lines": [services.translate(line) for line in lines],
            "record_lines": _record_lines(game, spec, record.to_json(), before),
            "breakdown": stored.get("breakdown", []),
            "scores": services.scores_in_order(game, spec, stored, labels)}


def _record_lines(game: Game[Any, Any, Any], spec: TableSpec[Any], record: dict[str, Any],
                  before: Any) -> list[tuple[str, str]]:
    """The record the cards make, as (label, value) lines, given the state ``before`` the deal."""
    return [(label, value) for label, value in describe_record(game, spec, record, state=before)
            if label in {services.translate(f.label) for f in game.record_fields(spec)}]


def _contract_context(access: Access, game: Game[Any, Any, Any], spec: TableSpec[Any], form: RecordForm,
                      error: str = "", draft: Draft | None = None) -> dict[str, Any]:
    """The contract form: to start a deal, or (``draft``) to change the contract of the deal under way."""
    st = services.standings(access.table)
    note = getattr(game, "first_lead_note", None)  # a game whose contract decides who leads says so
    return {"access": access, "token": access.token, "table": access.table, "game": game, "form": form,
            "stage": "contract", "leader": st.leader, "error": error, "changing": draft is not None,
            "draft": draft, "lead_note": services.translate(note(spec, st.leader)) if callable(note) else ""}


def _show(request: HttpRequest, context: dict[str, Any], status: int = 200) -> HttpResponse:
    template = f"{PAGE}#play-body" if getattr(request, "htmx", False) else PAGE
    return render(request, template, context, status=status)


def _back_to_page(request: HttpRequest, access: Access, game: Game[Any, Any, Any], spec: TableSpec[Any],
                  draft: Draft | None, error: str = "", status: int = 200) -> HttpResponse:
    """After a change: the page body for htmx (or an error to show), else back to the page (a reload is safe)."""
    if not error and not getattr(request, "htmx", False):
        return redirect("play", token=access.token)
    if draft is None:
        form = contract_form(game, spec, state=_night_before(access, game, spec))
        return _show(request, _contract_context(access, game, spec, form, error), status)
    return _show(request, _draft_context(request, access, game, spec, draft, error=error), status)


def _too_many(request: HttpRequest, access: Access, game: Game[Any, Any, Any], spec: TableSpec[Any],
              draft: Draft | None, group: str = "tap") -> HttpResponse | None:
    """Over this phone's rate (scoring.limits): the page as it was, saying to wait (429; the deal under way
    kept), else None. Counted here rather than by ``limited`` so that the message shows where the card goes."""
    if not over_limit(request, group):
        return None
    return retry_later(_back_to_page(request, access, game, spec, draft, message(group), status=429))


# -- the views ----------------------------------------------------------------------------------------------

@require_http_methods(["GET", "POST"])
def play(request: HttpRequest, token: str) -> HttpResponse:
    """The page: the contract (GET without a draft, POST to start), else the cards so far and the picker;
    ``?contract=1`` with a draft: its contract to change, the cards kept (POST with ``keep``)."""
    access = resolve_for_edit(token)
    game, spec = _game(access)
    table = access.table
    loaded = _load(request, access, game, spec)
    draft = loaded[0] if loaded else None
    if request.method == "GET":
        if draft is None:
            if not services.standings(table).accepts_deals:
                return redirect("table", token=token)
            form = contract_form(game, spec, state=_night_before(access, game, spec))
            return _show(request, _contract_context(access, game, spec, form))
        if request.GET.get("contract"):
            form = contract_form(game, spec, contract=draft.contract, state=_night_before(access, game, spec, draft))
            return _show(request, _contract_context(access, game, spec, form, draft=draft))
        correcting = _index(request.GET.get("correct", ""))
        return _show(request, _draft_context(request, access, game, spec, draft, correcting))
    kept = draft if draft is not None and request.POST.get("keep") else None
    night = _night_before(access, game, spec, kept)
    form = contract_form(game, spec, request.POST, state=night)
    if over_limit(request, "tap"):  # the contract as typed, kept, with why it waits
        return retry_later(_show(request, _contract_context(access, game, spec, form, message("tap"), draft=kept),
                                 429))
    contract = form.complete_record()
    if contract is not None:
        if kept is not None and (kept.cards or kept.number is not None):  # the same deal: who led it, and who
            leader = kept.leader                                           # dealt it if its contract said so
            if kept.contract.get("dealer") and not contract.get("dealer"):
                contract = {**contract, "dealer": kept.contract["dealer"]}
        else:  # no card yet: who leads may follow from the contract (the game's first_lead)
            contract, leader = game.first_lead(spec, night, contract)
        try:
            deal = game.played_deal(spec, contract, spec.seat(leader))  # type: ignore[attr-defined]
            _check_contract(game, spec, night, contract)
            if kept is not None and kept.cards and loaded and deal.seats != loaded[1].seats:
                raise InvalidRecord({"__all__": _(
                    "The players in the deal changed: the cards already played would go to other players. Keep "
                    "the same players, or throw this deal away and start it again.")})
        except InvalidRecord as exc:
            form.add_rule_errors(services.field_errors(exc))
        else:
            if kept is not None:  # the same cards under the contract as now said
                draft = Draft(contract=contract, leader=leader, cards=kept.cards, number=kept.number,
                              client_id=kept.client_id, players=list(spec.players), revision=kept.revision,
                              expected=kept.expected)
            else:
                draft = Draft(contract=contract, leader=leader, players=list(spec.players),
                              expected=services.next_number(table))
            play_drafts.store(request.session, table, draft)
            return _back_to_page(request, access, game, spec, draft)
    return _show(request, _contract_context(access, game, spec, form, draft=kept), status=200)


def _check_contract(game: Game[Any, Any, Any], spec: TableSpec[Any], night: Any, contract: dict[str, Any]) -> None:
    """What the contract breaks given the night before the deal (a game that can say so: ``check_contract``),
    at once rather than when the cards are all in."""
    check = getattr(game, "check_contract", None)
    if callable(check) and night is not None:
        check(spec, night, contract)


def _load(request: HttpRequest, access: Access, game: Game[Any, Any, Any],
          spec: TableSpec[Any]) -> tuple[Draft, PlayedDeal] | None:
    """This phone's deal under way at the table and the deal its cards make, if it still reads (else dropped,
    with why: the players changed since it began)."""
    draft = play_drafts.load(request.session, access.table)
    if draft is None:
        return None
    try:
        return draft, draft.deal(game, spec)
    except InvalidRecord:
        play_drafts.drop(request.session, access.table)
        messages.warning(request, _("The table changed since this deal was started: give the contract again."))
        return None


def _index(raw: str) -> int | None:
    """A card's place in the deal as a form or link sends it (a few digits), else None."""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 4 else None


def _face_down(request: HttpRequest, deal: PlayedDeal) -> bool:
    """The face-down toggle, where the game has face-down plays (elsewhere it is not offered, and ignored)."""
    asked = request.POST.get("face_down", "") in ("1", "on", "true")
    return asked and face_down_allowed(deal)


@require_POST
def add_card(request: HttpRequest, token: str) -> HttpResponse:
    """One card played, by whoever's turn it is (flagged, never refused, when it breaks a rule)."""
    access = resolve_for_edit(token)
    game, spec = _game(access)
    loaded = _load(request, access, game, spec)
    if loaded is None:
        return redirect("play", token=token)
    draft, under_way = loaded
    if slowed := _too_many(request, access, game, spec, draft):
        return slowed
    card = play_drafts.card_of(request.POST.get("card", ""), game, spec)
    if card is None:
        return _back_to_page(request, access, game, spec, draft, _("Tap a card of the deck."), status=400)
    if len(draft.cards) >= under_way.tricks_in_deal * len(under_way.seats):  # at four, one may sit out
        return _back_to_page(request, access, game, spec, draft, _("Every trick of the deal has been played."),
                             status=400)
    if under_way.ended:  # a page from before the contract said so (another tab)
        return _back_to_page(request, access, game, spec, draft, str(ENDED), status=400)
    draft.cards.append(code_of(card, _face_down(request, under_way)))
    play_drafts.store(request.session, access.table, draft)
    return _back_to_page(request, access, game, spec, draft)


@require_POST
def undo_card(request: HttpRequest, token: str) -> HttpResponse:
    access = resolve_for_edit(token)
    game, spec = _game(access)
    loaded = _load(request, access, game, spec)
    if loaded is None:
        return redirect("play", token=token)
    draft = loaded[0]
    if slowed := _too_many(request, access, game, spec, draft):
        return slowed
    if draft.cards:
        draft.cards.pop()
        play_drafts.store(request.session, access.table, draft)
    return _back_to_page(request, access, game, spec, draft)


@require_POST
def correct_card(request: HttpRequest, token: str) -> HttpResponse:
    """Any card replaced; everything after it is derived again."""
    access = resolve_for_edit(token)
    game, spec = _game(access)
    loaded = _load(request, access, game, spec)
    if loaded is None:
        return redirect("play", token=token)
    draft, under_way = loaded
    if slowed := _too_many(request, access, game, spec, draft):
        return slowed
    index = _index(request.POST.get("index", ""))
    card = play_drafts.card_of(request.POST.get("card", ""), game, spec)
    if index is None or index >= len(draft.cards) or card is None:
        return _back_to_page(request, access, game, spec, draft, _("Pick the card to put in its place."),
                             status=400)
    draft.cards[index] = code_of(card, _face_down(request, under_way))
    play_drafts.store(request.session, access.table, draft)
    return _back_to_page(request, access, game, spec, draft)


@require_POST
@limited("tap")
def discard(request: HttpRequest, token: str) -> HttpResponse:
    access = resolve_for_edit(token)
    _game(access)
    play_drafts.drop(request.session, access.table)
    messages.info(request, _("The deal entered card by card was thrown away."))
    return redirect("table", token=token)


@require_POST
def save(request: HttpRequest, token: str) -> HttpResponse:
    """The record the cards make, stored (a new deal, or the corrected one) with its cards."""
    access = resolve_for_edit(token)
    game, spec = _game(access)
    table = access.table
    loaded = _load(request, access, game, spec)
    if loaded is None:
        return redirect("play", token=token)
    draft, deal = loaded
    if slowed := _too_many(request, access, game, spec, draft, "write"):
        return slowed
    try:
        record, _lines = game.record_from_plays(spec, draft.contract, deal)  # type: ignore[attr-defined]
        if draft.number is not None:
            stored = get_object_or_404(Deal, table=table, number=draft.number)
            services.edit_deal(stored, record, author=author_of(request), expected_revision=draft.revision)
            done = changed_message(stored)
        else:
            stored = services.record_deal(table, record, author=author_of(request), expected_number=draft.expected,
                                          client_id=uuid.UUID(draft.client_id))
            # a second tap of Save while the first was on its way is stored once, and said so
            done = (_("Deal %(n)s was already saved.") if getattr(stored, "repeated", False)
                    else _("Deal %(n)s saved.")) % {"n": stored.number}
    except InvalidRecord as exc:
        return _back_to_page(request, access, game, spec, draft, " ".join(services.field_errors(exc).values()),
                             status=400)
    except (services.ChangeRefused, services.Conflict, services.DealConflict, services.NotTheNextNumber) as exc:
        said = str(exc)
        if isinstance(exc, services.DealChanged):  # the next Save replaces the deal as it is now, knowingly
            draft.revision = exc.revision
            play_drafts.store(request.session, table, draft)
        elif isinstance(exc, services.DealConflict | services.NotTheNextNumber):  # the next Save: the next deal
            draft, said = _as_next_deal(access, game, spec, draft, deal, exc)
            play_drafts.store(request.session, table, draft)
        return _back_to_page(request, access, game, spec, draft, said, status=409)
    play_drafts.drop(request.session, table)
    messages.success(request, done)
    target = reverse("deal", args=[token, draft.number]) if draft.number is not None else reverse("table",
                                                                                                  args=[token])
    if getattr(request, "htmx", False):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = target
        return response
    return redirect(target)


def _as_next_deal(access: Access, game: Game[Any, Any, Any], spec: TableSpec[Any], draft: Draft,
                  entered: PlayedDeal, exc: services.DealConflict | services.NotTheNextNumber) -> tuple[Draft, str]:
    """Another phone moved the table on (or back) since the cards began: the next Save is to record them as the
    deal next at the table, knowingly. That deal may be led by another player (the deal passes on; at four
    another may sit out), so the contract as said is read again on the night as it is now (``first_lead``) and
    the cards checked again as that deal, going to its players in turn from its leader. If they still make a
    deal there, the draft becomes that deal, said plainly and shown before the next Save records it. If not (a
    player the contract names sits that deal out), that is said and the draft kept as entered: its next Save is
    refused again, until the table is back at its deal or the cards are thrown away. The draft to keep, and
    what the page says."""
    number = services.next_number(access.table)
    recorded = isinstance(exc, services.DealConflict) and not exc.undone
    night = _night_before(access, game, spec)  # the deal now next's
    asked = {f.name for f in game.play_fields(spec)}  # type: ignore[attr-defined]
    said = {key: value for key, value in draft.contract.items() if key in asked}  # not what the night added
    lines = []
    try:
        contract, leader = game.first_lead(spec, night, said)
        moved = dataclasses.replace(draft, contract=contract, leader=leader, expected=number)
        now = moved.deal(game, spec)
        if _round(now) != _round(entered):
            lines.append(_("In deal %(next)s the cards go round %(order)s, %(leader)s leading the first trick; they "
                           "were entered round %(was)s.") % {"next": number, "order": ", ".join(_round(now)),
                                                              "leader": now.first_leader.name,
                                                              "was": ", ".join(_round(entered))})
        record, _lines = game.record_from_plays(spec, contract, now)  # type: ignore[attr-defined]
        game.apply(spec, night, record)
    except InvalidRecord as why:
        head = (_("Deal %(n)s was just recorded by another phone, perhaps this same deal. Nothing was saved.")
                % {"n": exc.number} if recorded else str(exc))
        return draft, " ".join((head, *lines, _(
            "These cards cannot be recorded as deal %(next)s: %(why)s They are kept here as entered: save them "
            "again if the table goes back to deal %(was)s, or throw them away.") % {
                "next": number, "why": " ".join(services.field_errors(why).values()), "was": draft.expected}))
    head = (_("Deal %(n)s was just recorded by another phone, perhaps this same deal. Nothing was saved: save again "
              "to record these cards as deal %(next)s, or throw them away.") % {"n": exc.number, "next": number}
            if recorded else str(exc))
    if lines:
        lines.append(_("They are now shown that way: check who played each card before you save."))
    return moved, " ".join((head, *lines))


def _round(deal: PlayedDeal) -> list[str]:
    """Who plays to the first trick, in turn from its leader."""
    at = deal.seats.index(deal.first_leader)
    return [seat.name for seat in (*deal.seats[at:], *deal.seats[:at])]


@require_http_methods(["GET", "POST"])
def deal_cards(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """A stored deal's cards, trick by trick, each card a link to the referee (GET; ``?part=1`` or htmx: the
    part the deal page loads); POST (edit link): correct its cards, starting from them."""
    access = resolve(token) if request.method == "GET" else resolve_for_edit(token)
    game, spec = _game(access)
    deal = get_object_or_404(Deal, table=access.table, number=number)
    try:
        entered = game.plays_of(spec, deal.record)  # type: ignore[attr-defined]
    except InvalidRecord:
        entered = None
    if entered is None:
        raise Http404("This deal was not entered card by card.")
    contract, leader, cards = entered
    draft = Draft(contract=contract, leader=leader.index, cards=[played_code(c) for c in cards], number=number,
                  players=list(spec.players), revision=deal.revision)
    if request.method == "POST":
        play_drafts.store(request.session, access.table, draft)
        return redirect("play", token=token)
    try:
        played = draft.deal(game, spec)
    except InvalidRecord:
        raise Http404("This deal's cards no longer read at this table.") from None
    context = {"access": access, "token": token, "table": access.table, "game": game, "number": number,
               "tricks": tricks_view(game, spec, token, played), "flag_count": len(played.flags)}
    part = getattr(request, "htmx", False) or request.GET.get("part")
    return render(request, "scoring/play_deal.html#tricks" if part else "scoring/play_deal.html", context)

