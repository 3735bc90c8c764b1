"""Settle up: each player's points × the stake → net money (integer minor units), then who pays whom.

A GET form, so viewers can settle too and the URL can be shared ("?stake=0.10&currency=EUR"). Editors may
save the stake and currency to the table (POST, edit link only), and the game's choices with them, so every
phone's whole night reads the same choices. Game-specific choices (a debt still open, say) are the game's
``settle_options``, keywords of its ``balances``; nothing here knows a game's rules.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from referee.game import Game, Settlement, State, TableSpec
from referee.settlement import Units, fewest_transfers, is_whole, to_money
from scoring import night, services
from scoring.access import author_of, device_key, recent_tokens, resolve
from scoring.forms import CURRENCY_MESSAGE, SegmentedButtons, currency_name, parse_money
from scoring.limits import limited
from scoring.models import Table
from scoring.money import amount_text, decimals_for, money_text
from scoring.services import Standings, standings, translate
from scoring.templatetags.tapete import signed

logger = logging.getLogger(__name__)
MAX_STAKE = Decimal("100000")
YES_NO = (("yes", gettext_lazy("Yes")), ("no", gettext_lazy("No")))

def parse_stake(raw: str) -> int:
    """Money per point as typed ("0.10", "0,10", "2", "€1.50", "1.000" a thousand: :func:`parse_money`) →
    integer minor units (cents).

    >>> parse_stake("0,10"), parse_stake("1.000")
    (10, 100000)
    """
    try:
        amount = parse_money(raw)
    except ValueError:
        raise forms.ValidationError(_("Enter an amount such as 0.10 or 0,10.")) from None
    if amount is None:
        raise forms.ValidationError(_("Enter the money per point, for example 0.10."))
    if not amount.is_finite() or amount < 0:
        raise forms.ValidationError(_("The stake cannot be negative."))
    if amount > MAX_STAKE:
        raise forms.ValidationError(_("That stake is too large: at most %(most)s.") % {
            "most": number_format(MAX_STAKE, decimal_pos=0, use_l10n=True, force_grouping=True)})
    minor = amount * 100
    if minor != minor.to_integral_value():
        raise forms.ValidationError(_("Use at most two decimals (cents)."))
    return int(minor)


@dataclass
class Choice:
    """A game-specific settlement choice (a keyword of the game's ``balances``, described by its
    ``settle_options``)."""

    name: str
    label: Any
    default: Any
    help: str = ""


def settlement_choices(game: Game[Any, Any, Any]) -> list[Choice]:
    return [Choice(o.key, translate(o.label), o.default, translate(o.help) if o.help else "")
            for o in game.settle_options]


def not_over(now: Standings) -> bool:
    """A game settled by rank is won only at its end (its winner is whoever leads then): settled before it, its
    payments treat the leaders now as its winners. Other games settle at any moment."""
    return now.game.settlement is Settlement.RANK and not now.game_over


def choices_that_matter(choices: list[Choice], games: list[Any]) -> list[Choice]:
    """The choices that change something in these games (``games``: each game's standings, this one and the
    ones before it in the night): a yes-or-no choice whose two answers give every game the same balances (a
    debt that would be counted, say, when none is open) is not asked; the game's default stands for it."""
    def matters(choice: Choice, now: Any) -> bool:
        try:
            both = [now.game.balances(now.spec, now.state, **{choice.name: value}) for value in (True, False)]
        except (TypeError, ValueError):  # as settle() says for these totals: never hide what may matter
            return True
        return both[0] != both[1]
    return [c for c in choices if not isinstance(c.default, bool) or any(matters(c, now) for now in games)]


def choice_field(choice: Choice) -> forms.Field:
    if isinstance(choice.default, bool):
        return forms.ChoiceField(label=choice.label, choices=YES_NO, widget=SegmentedButtons(label=str(choice.label)),
                                 required=False,
                                 initial="yes" if choice.default else "no")
    if isinstance(choice.default, int):
        return forms.IntegerField(label=choice.label, required=False, initial=choice.default)
    return forms.CharField(label=choice.label, required=False, initial=choice.default, max_length=40)


def choice_value(choice: Choice, raw: Any) -> Any:
    if raw in (None, ""):
        return choice.default
    if isinstance(choice.default, bool):
        return raw == "yes"
    return raw


class StakeForm(forms.Form):
    stake = forms.CharField(label=gettext_lazy("Stake per point"), max_length=20,
                            widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}))
    currency = forms.CharField(label=gettext_lazy("Currency"), max_length=8,
                               widget=forms.TextInput(attrs={"autocomplete": "off", "size": "5"}))

    def __init__(self, *args: Any, choices: list[Choice] = (), **kwargs: Any):  # type: ignore[assignment]
        super().__init__(*args, **kwargs)
        self.choices = list(choices)
        for choice in self.choices:
            self.fields[choice.name] = choice_field(choice)
            self.fields[choice.name].help_text = choice.help

    def clean_stake(self) -> int:
        return parse_stake(self.cleaned_data.get("stake", ""))

    def clean_currency(self) -> str:
        value = currency_name(self.cleaned_data.get("currency", ""))
        if not value:
            raise forms.ValidationError(CURRENCY_MESSAGE)
        return value

    def game_choices(self) -> dict[str, Any]:
        return {c.name: choice_value(c, self.cleaned_data.get(c.name)) for c in self.choices}


def defaults(table: Table, choices: list[Choice], saved: dict[str, Any]) -> dict[str, Any]:
    """The form as the table has it: its stake, and its saved choices (the game's defaults for the others)."""
    data: dict[str, Any] = {"stake": amount_text(table.stake_minor, table.currency), "currency": table.currency}
    for choice in choices:
        data[choice.name] = choice_text(choice, saved.get(choice.name, choice.default))
    return data


def choice_text(choice: Choice, value: Any) -> Any:
    """A choice's value as its field sends it."""
    return ("yes" if value else "no") if isinstance(choice.default, bool) else value


def settlement(game: Game[Any, Any, Any], spec: TableSpec[Any], state: State, stake_minor: int,
               choices: dict[str, Any]) -> dict[str, Any]:
    """Points, net money and transfers for the page."""
    points = {spec.players[seat]: units for seat, units in game.balances(spec, state, **choices).items()}
    nets = to_money(points, stake_minor)
    order = [p for p in spec.players if p in points] + [p for p in points if p not in spec.players]
    rows = [{"player": p, "points": units_text(points[p]), "net": nets.get(p, 0)} for p in order]
    return {"rows": rows, "transfers": fewest_transfers(nets), "stake_minor": stake_minor,
            "unstaked": not stake_minor and any(points.values()),  # balances, but nothing to pay them in
            "owing": any(points.values()),
            "shared": any(Fraction(units).denominator != 1 for units in points.values()),
            "rounded": not is_whole(points, stake_minor),
            "notes": [translate(note) for note in game.settle_notes(spec, state, **choices)]}


def whole_night(table: Table, form: StakeForm, result: dict[str, Any], deal_count: int,
                night: list[Table], others: dict[int, Any], choices: dict[str, Any]) -> dict[str, Any] | None:
    """The whole night (:func:`scoring.night.night_games`, ``night``: every game of it in the order they began,
    this one among them): each game settled, added up player by player (by name, whatever its capitals), and
    the fewest payments for it all. A player present in one game only has that game's balance.

    A game of this table's kind (a game before the players changed, a rematch) is settled at the stake and
    choices on the page: a real table plays one night at one stake, and those games are Tapete's (a change of
    players starts a new game; a rematch is a new table), so a stake saved with it, or none, is said but not
    used here. A game of another kind, added by hand, counts in other units (chips, letters, losing players): it
    is settled at its own saved stake, with the choices saved with it (its game's defaults for the others: every
    phone, and either game's page, adds up the same night); one without a stake, or saved in
    another currency, cannot be added to this money, and is left out, said so (``left_out``). Each game's own
    page still settles it on its own at its own stake. None on a page the night went on from (the caller gives
    no ``night``), for a night of one game, or without a stake (the page above says nobody pays). ``failed``:
    a game whose settlement cannot be worked out, named, and nothing added up. ``others``: each other game's
    standings by its key, as the page read them once; ``choices``: the page's. A game settled by rank that is
    not over is said so (``not_over``: the sentence for each, said above the night's payments and copied with
    them): its payments treat the leaders now as its winners."""
    stake, currency = form.cleaned_data["stake"], form.cleaned_data["currency"]
    if len(night) < 2 or not stake:
        return None
    games: list[dict[str, Any]] = []
    for game_table in night:
        if game_table.pk == table.pk:
            games.append({"label": _("This game"), "deals": deal_count, "rows": result["rows"], "unstaked": False,
                          "rounded": result["rounded"], "problem": "", "saved": "", "token": None, "this": True,
                          "title": game_table.full_title, "own": "", "left_out": "",  # type: ignore[attr-defined]
                          "not_over": result["not_over"]})
            continue
        now = others[game_table.pk]
        label = _("Game %(n)s") % {"n": game_table.number}  # type: ignore[attr-defined]
        same_kind = game_table.game == table.game
        own_stake = game_table.stake_minor if not same_kind else stake
        entry = {"label": label, "deals": game_table.deals_played,  # type: ignore[attr-defined]
                 "problem": now.problem, "token": game_table.view_token, "this": False,
                 "title": game_table.full_title,  # type: ignore[attr-defined]
                 "unstaked": same_kind and not game_table.stake_minor, "saved": "", "own": "", "left_out": "",
                 "rows": [], "rounded": False, "not_over": False}
        if not same_kind and not game_table.stake_minor:
            entry["left_out"] = "unstaked"
        elif not same_kind and game_table.currency != currency:
            entry["left_out"], entry["saved"] = "currency", game_table.currency
        own_choices = choices if same_kind else services.saved_settle_choices(game_table, now.game)
        if not entry["left_out"]:
            try:
                settled = settlement(now.game, now.spec, now.state, own_stake, own_choices)
            except (TypeError, ValueError):  # as settle() says for this game's own totals
                logger.exception("Cannot settle table %s", game_table.pk)
                return {"failed": label}
            entry["rows"], entry["rounded"] = settled["rows"], settled["rounded"]
            entry["not_over"] = not_over(now) and settled["owing"]
            if not same_kind:
                entry["own"] = money_text(own_stake, currency)
                entry["unit"] = translate(now.game.paid_per(**own_choices))
            elif game_table.stake_minor and (game_table.stake_minor, game_table.currency) != (stake, currency):
                entry["saved"] = money_text(game_table.stake_minor, game_table.currency)
        games.append(entry)
    names: dict[str, str] = {}  # one person by the name's case-folded form, as this game spells it, else the latest
    by_game: dict[str, list[tuple[int, str, int]]] = {}  # each person's net in each game they played
    spelling = [game for game in games if game["this"]] + [game for game in reversed(games) if not game["this"]]
    for game in spelling:
        for row in game["rows"]:
            name = names.setdefault(row["player"].casefold(), row["player"])
            by_game.setdefault(name, []).append((games.index(game), game["label"], row["net"]))
    totals = {name: sum(net for _at, _label, net in nets) for name, nets in by_game.items()}
    rows = [{"player": name, "net": totals[name], "games": [(label, net) for _at, label, net in sorted(nets)]}
            for name, nets in by_game.items()]  # this game's players first
    transfers = fewest_transfers(totals)
    amounts = [*settled_amounts({"rows": rows, "transfers": transfers}),
               *(net for row in rows for _label, net in row["games"])]
    return {"games": games, "rows": rows, "transfers": transfers, "currency": currency,
            "decimals": decimals_for(amounts, currency), "rounded": any(game["rounded"] for game in games),
            "mixed": any(game_table.game != table.game for game_table in night),
            "not_over": [_("%(game)s (%(title)s) is not over: its payments treat the leaders now as its winners.")
                         % {"game": game["label"], "title": game["title"]} for game in games if game["not_over"]]}


def mark_saved(form: StakeForm, saved: dict[str, Any]) -> bool:
    """Whether the page's choices are not the table's saved ones (its game's defaults where none is saved); each
    choice that differs says beside it what the table has (``saved_text`` on its field)."""
    differ = False
    for choice in form.choices:
        value = saved.get(choice.name, choice.default)
        if form.game_choices()[choice.name] != value:
            differ = True
            form.fields[choice.name].saved_text = dict(YES_NO).get(choice_text(choice, value), value)  # type: ignore[attr-defined]
    return differ


def settled_amounts(result: dict[str, Any]) -> list[int]:
    """The amounts of one settlement, in minor units: each player's net and each payment (a column of them is
    shown with the same decimals: :func:`scoring.money.decimals_for`)."""
    return [row["net"] for row in result["rows"]] + [amount for _payer, _payee, amount in result["transfers"]]


# The fractions with a character of their own in every phone's fonts since Unicode 1.1 (⅐, ⅑ and ⅒ came later).
VULGAR = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕", (2, 5): "⅖", (3, 5): "⅗",
          (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛", (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞"}


def units_text(units: Units) -> str:
    """A balance in stake units, signed: "+12", "−7", or a share as the fraction it is, whatever the language
    (tied winners share what each loser pays: a third of a letter is "+⅓", where "+0,33" would be a rounding
    the money column already shows); a fraction without a character of its own is written with a slash, as a
    screen reader reads it ("4 2/7", not superscript digits read as "42 7").

    >>> units_text(7), units_text(Fraction(5, 2)), units_text(Fraction(-1, 3)), units_text(Fraction(30, 7))
    ('+7', '+2½', '−⅓', '+4\u00a02/7')
    """
    if not isinstance(units, Fraction) or units.denominator == 1:
        return signed(int(units))
    whole, part = divmod(abs(units), 1)
    shown = VULGAR.get((part.numerator, part.denominator))
    if shown is None:
        shown = f"{chr(0xA0) if whole else ''}{part.numerator}/{part.denominator}"
    return f"{'+' if units > 0 else '−'}{whole or ''}{shown}"


class NightGameForm(forms.Form):
    """Another game of tonight to add to the night's settle-up: one of those offered (:func:`night.games_to_add`)."""

    game = forms.TypedChoiceField(label=gettext_lazy("Another game of tonight"), coerce=int, widget=forms.RadioSelect,
                                  error_messages={
                                      "required": gettext_lazy("Choose the game to add."),
                                      "invalid_choice": gettext_lazy("That game cannot be added: choose one of the "
                                                                     "games listed.")})

    def __init__(self, games: list[Table], *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.games = {game.pk: game for game in games}
        self.fields["game"].choices = [(str(game.pk), game.title) for game in games]

    def chosen(self) -> Table:
        return self.games[self.cleaned_data["game"]]


def _back(token: str, data: Any, form: StakeForm) -> HttpResponse:
    """Back to the settle-up with the stake and choices the page had (sent along with the form)."""
    query = {k: v for k, v in data.items() if k in form.fields}
    return redirect(f"{reverse('settle', args=[token])}?{urlencode(query)}")


def removable(game: Table, table: Table, played_on: dict[int, list[Table]]) -> bool:
    """Whether "Take it out" goes beside ``game`` on ``table``'s settle-up: a game added by hand, or played on
    from one or before one (its rematch), that a rematch or a change of players does not tie to ``table``.
    Taken out, they all go together (a reviewer: taking the by-hand links of a game a rematch tied to this one
    took out the game added to it instead; a tester: a rematch added here could only be taken out elsewhere)."""
    group = played_on.get(game.pk, [game])
    return all(one.pk != table.pk for one in group) and any(getattr(one, "added", 0) for one in group)


def _night_change(request: HttpRequest, access: Any, games: list[Table], form: StakeForm,
                  add_form: NightGameForm | None) -> HttpResponse | None:
    """A game added to the night (``action=add``) or taken out of it (``action=take_out``), then back to the page;
    None when the choice was refused (beside its field, the page drawn again)."""
    table, action = access.table, request.POST.get("action")
    if action == "add" and add_form is None:  # a page the night went on from adds nothing: the latest game's does
        return _back(access.token, request.POST, form)
    if action == "add" and add_form is not None:
        if not add_form.is_valid():
            already = next((game for game in games if str(game.pk) == request.POST.get("game", "")), None)
            if already is None:
                return None
            # added by another phone (or this tap sent twice) since this page offered it: not offered any more
            messages.info(request, _("%(game)s was already in tonight's settle-up.") % {"game": already.title})
            return _back(access.token, request.POST, form)
        other = add_form.chosen()
        if night.add_to_night(table, other, author=author_of(request)):
            messages.success(request, _("%(game)s is added to tonight's settle-up.") % {"game": other.title})
        else:
            messages.info(request, _("%(game)s was already in tonight's settle-up.") % {"game": other.title})
        return _back(access.token, request.POST, form)
    played_on = night.played_on(games)
    chosen = next((game for game in games if str(game.pk) == request.POST.get("game", "")
                   and removable(game, table, played_on)), None)
    if chosen is not None and night.take_out_of_night(played_on[chosen.pk], author=author_of(request)):
        messages.success(request, _("%(game)s is no longer in tonight's settle-up.") % {"game": chosen.title})
    else:  # taken out meanwhile on another phone, the same tap sent twice, or a game that was not added
        messages.info(request, _("That game was not added to tonight's settle-up: nothing changed."))
    return _back(access.token, request.POST, form)


def shared_payments(request: HttpRequest, table: Table, now: Standings, form: StakeForm) -> dict[str, str]:
    """What the payments are shared with: a heading, and this settle-up by the view link at the stake and
    choices on the page (never the edit link, whichever link the phone came with)."""
    title = table.name or translate(now.game.name)
    sent = request.GET if request.method == "GET" else request.POST
    query = urlencode({k: v for k, v in sent.items() if k in form.fields})
    return {"payments_heading": f"{title} · {_('Who pays whom')}",
            "night_heading": f"{title} · {_('The whole night')}",
            "shared_link": request.build_absolute_uri(reverse("settle", args=[table.view_token])
                                                      + (f"?{query}" if query else ""))}


@require_http_methods(["GET", "HEAD", "POST"])
@limited("write")
def settle(request: HttpRequest, token: str) -> HttpResponse:
    access = resolve(token)
    table = access.table
    now = standings(table)
    later = night.went_on(table)  # the night went on after this game: its page adds it all up
    games = [] if later is not None else night.night_games(table)
    others = {game.pk: standings(game) for game in games if game.pk != table.pk}  # read once: choices, the night
    same_kind = [others[game.pk] for game in games if game.pk in others and game.game == table.game]
    choices = choices_that_matter(settlement_choices(now.game), [now, *same_kind])
    saved = services.saved_settle_choices(table, now.game)
    to_add = night.games_to_add(games, device=device_key(request, create=False), user=request.user,
                                tokens=recent_tokens(request)) if access.can_edit and later is None else []
    add_form = NightGameForm(to_add) if access.can_edit and later is None else None

    action = request.POST.get("action") if request.method == "POST" else None
    if request.method == "POST" and not access.can_edit:
        raise PermissionDenied(_("This is the view link: it cannot change the table."))
    if action in ("add", "take_out"):
        data = {**defaults(table, choices, saved), **{k: v for k, v in request.POST.items() if v != ""}}
        form = StakeForm(data, choices=choices)
        if action == "add" and add_form is not None:
            add_form = NightGameForm(to_add, request.POST)
        done = _night_change(request, access, games, form, add_form)
        if done is not None:
            return done
    elif request.method == "POST":  # a choice the page did not send stays as saved
        kept = {c.name: choice_text(c, saved.get(c.name, c.default)) for c in choices if not request.POST.get(c.name)}
        form = StakeForm({**request.POST.dict(), **kept}, choices=choices)
        if form.is_valid():
            services.set_stake(table, form.cleaned_data["stake"], form.cleaned_data["currency"], form.game_choices())
            messages.success(request, _("Saved as the table's stake.") if not choices
                             else _("Saved as the table's stake and choices."))
            return _back(token, request.POST, form)
    else:
        submitted = any(name in request.GET for name in ("stake", "currency"))
        data = {**defaults(table, choices, saved), **{k: v for k, v in request.GET.items() if v != ""}} \
            if submitted else defaults(table, choices, saved)
        form = StakeForm(data, choices=choices)

    result = None
    form.is_valid()  # the choices are read even where the stake is not
    page_choices = {**saved, **form.game_choices()}  # a choice not asked (it changes nothing): as saved
    if form.is_valid():
        try:  # fewest_transfers refuses balances that do not sum to zero: say so rather than fail
            result = settlement(now.game, now.spec, now.state, form.cleaned_data["stake"], page_choices)
        except (TypeError, ValueError):
            logger.exception("Cannot settle table %s", table.pk)
            form.add_error(None, _("These totals do not add up to zero, so they cannot be settled. "
                                   "Please report this table."))
    if result is not None:
        result["currency"] = form.cleaned_data["currency"]
        result["decimals"] = decimals_for(settled_amounts(result), result["currency"])
        result["changed"] = (form.cleaned_data["stake"] != table.stake_minor
                             or form.cleaned_data["currency"] != table.currency)
        result["other_choices"] = mark_saved(form, saved)
        result["not_over"] = not_over(now) and result["owing"]
        result["not_over_said"] = [_("This game is not over: these payments treat the leaders now as its winners.")
                                   ] if result["not_over"] else []  # above the payments, and copied with them
        result["night"] = whole_night(table, form, result, now.deal_count, games, others, page_choices)

    played_on, offered = night.played_on(games), set()
    for game in games:  # "Take it out" once for a game and those played on from it, beside the first listed
        group = frozenset(one.pk for one in played_on.get(game.pk, [game]))
        game.removable = group not in offered and removable(game, table, played_on)  # type: ignore[attr-defined]
        offered.add(group)
    context = {"access": access, "table": table, "token": token, "standings": now, "form": form,
               "result": result, "others": [game for game in games if game.pk != table.pk],
               "mixed": any(game.game != table.game for game in games), "later": later,
               "add_form": add_form, "to_add": to_add, "recent_hours": night.RECENT_HOURS,
               "unit": now.game.paid_per(**page_choices),
               "units_counted": translate(now.game.units_counted(**page_choices)),
               **shared_payments(request, table, now, form)}
    template = "scoring/settle.html#settle-body" if getattr(request, "htmx", False) else "scoring/settle.html"
    refused = request.method == "POST" and (not form.is_valid() or bool(add_form and add_form.errors))
    return render(request, template, context, status=400 if refused else 200)
