"""Forms built from what a game declares: the new-table form from its Options, the record form from its
Fields.

Nothing here knows a game's rules. A field's ``ui`` attribute tells the template how to draw it:
``seg`` (segmented radio buttons), ``checks`` (toggle buttons, several may be on), ``switch`` (a checkbox
switch), ``select`` (a dropdown, when choices are many) or ``input`` (a text or number box).
"""

from __future__ import annotations

import unicodedata
import uuid
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.forms.formsets import INITIAL_FORM_COUNT, TOTAL_FORM_COUNT, ManagementForm
from django.forms.renderers import TemplatesSetting
from django.utils import formats
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee import parse
from referee.cards import CARD_EXAMPLES, DeckKind
from referee.game import Errors, Field, Game, Option, TableSpec
from scoring.services import ChangeRefused, field_errors, table_for, translate
from scoring.stand_ins import UNREAD, item_field, plain_number, scalar_list, what_the_rest_breaks
from scoring.widgets import CardChoices, CardPicker

SEG_MAX = 8  # up to this many choices: segmented buttons; more: a dropdown
LIST_ROWS = 3  # rows of a list field when the game gives no maximum
LIST_ROWS_MAX = 10
CURRENCIES = ("EUR", "USD", "COP", "GBP", "🍺")  # or a round of beer a point (or a lost game)
EMPTY = (None, "", [], ())
MAX_MAGNITUDE = 30  # a typed number's digits before or after the point: far beyond any score or stake


CURRENCY_MESSAGE = gettext_lazy("A short currency name: EUR, USD, chips, 🍺…")


def currency_name(value: str) -> str:
    """What a table counts money in: a code in capitals (mxn: MXN), a word or a sign as typed (chips, cañas,
    €, 🍺); "" if it cannot be one (empty, longer than 8, or punctuation such as ``<b>``)."""
    text = value.strip()
    if not text or len(text) > 8 or not all(
            unicodedata.category(c)[0] in "LN" or unicodedata.category(c) in ("Sc", "So") for c in text):
        return ""
    return text.upper() if len(text) == 3 and text.isascii() and text.isalpha() else text


def _text(value: Any) -> str:
    return translate(value) if value is not None else ""


def parse_decimal(raw: Any) -> Decimal | None:
    """ "49", "40,5", " 40.5 ", "40½" -> Decimal; "" -> None; ValueError when it is not a number. The rules'
    own reader (:func:`referee.parse.number`), so a form and the API read a number alike."""
    errors = Errors()
    value = parse.number(raw, "number", errors)
    if errors:
        raise ValueError(raw)
    return value


_MONEY_SIGNS = "€$£¥'\u00a0\u202f "  # signs and the spaces or apostrophes some write between thousands


def parse_money(raw: Any) -> Decimal | None:
    """An amount of money as people write it, in any of the three languages: "0,10", "0.10", "2", "€1.50",
    and thousands "1.000" (Spanish, French: a thousand), "1,000" (English), "1 000", "1.000,50", "1,000.50".
    Money has at most two decimals, so a lone point or comma before exactly three digits groups thousands
    (after a first group that does not start with 0). "" -> None; ValueError when it is not an amount.

    >>> [str(parse_money(text)) for text in ("0,10", "1.000", "1,000", "1.000,5", "1,000.50", "1 000", "0.100", "-2")]
    ['0.10', '1000', '1000', '1000.5', '1000.50', '1000', '0.100', '-2']
    >>> [str(parse_money(text)) for text in (",5", ".5", "+1")]
    ['0.5', '0.5', '1']
    """
    text = str(raw if raw is not None else "").strip()
    for sign in _MONEY_SIGNS:
        text = text.replace(sign, "")
    if not text:
        return None
    negative = text[0] in "-\u2212"
    text = text[1:] if negative or text[0] == "+" else text
    if text[:1] in (".", ",") and text[1:2].isdigit():  # ",5": half a unit
        text = "0" + text
    marks = [c for c in text if c in ".,"]
    whole, point, cents = text, "", ""
    if len(set(marks)) == 2:  # both: the last one is the decimal point
        point = marks[-1]
        whole, _sep, cents = text.rpartition(point)
    elif marks:
        head, _sep, tail = text.rpartition(marks[0])
        groups = text.split(marks[0])
        thousands = (len(groups) > 1 and all(len(g) == 3 for g in groups[1:]) and 1 <= len(groups[0]) <= 3
                     and not groups[0].startswith("0"))
        if not thousands:
            if len(marks) > 1:
                raise ValueError(raw)
            whole, cents, point = head, tail, marks[0]
    if point:
        groups = whole.split({".": ",", ",": "."}[point]) if any(c in whole for c in ".,") else [whole]
        if len(groups) > 1 and not (1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])):
            raise ValueError(raw)
        whole = "".join(groups)
    else:
        whole = whole.replace(".", "").replace(",", "")
    if not whole.isascii() or not whole.isdigit() or (cents and not (cents.isascii() and cents.isdigit())):
        raise ValueError(raw)
    if len(whole) > MAX_MAGNITUDE or len(cents) > MAX_MAGNITUDE:
        raise ValueError(raw)
    amount = Decimal(f"{whole}.{cents}" if point else whole)
    return -amount if negative else amount


def local_decimal(value: Any) -> str:
    """A decimal as the reader writes it: "45,5" in French and Spanish, "45.5" in English (a record keeps
    "45.5"); anything else as it is."""
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    return formats.number_format(number, use_l10n=True) if number.is_finite() else str(value)


class DecimalText(forms.CharField):
    """A decimal typed on a phone: comma or dot, no spinner. Cleans to a Decimal (or None)."""

    default_error_messages = {"invalid": gettext_lazy("Enter a number, like 49 or 40.5.")}

    def __init__(self, **kwargs: Any):
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off",
                                                           "class": "form-control"}))
        super().__init__(**kwargs)

    parse = staticmethod(parse_decimal)

    def to_python(self, value: Any) -> Decimal | None:  # type: ignore[override]
        try:
            return self.parse(value)
        except ValueError:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None


class MoneyText(DecimalText):
    """An amount of money typed on a phone (:func:`parse_money`): cleans to a Decimal (or None)."""

    default_error_messages = {"invalid": gettext_lazy("Enter an amount, like 0.10 or 2.")}
    parse = staticmethod(parse_money)


class RuleChoiceField(forms.ChoiceField):
    """A choice in a deal record: the buttons offer the game's choices, but whether a value may be is for the
    rules module to say, with the rule that forbids it (a raise past doce, say), not Django's "not one of the
    available choices"."""

    def valid_value(self, value: Any) -> bool:
        return True


def message_id(base: str, number: int) -> str:
    """The id of a field's ``number``-th message (from 1): the first is Django's ``<id>_error``, the next ones
    ``<id>_error_2``, ``<id>_error_3``: two messages never share an id (a screen reader finds only the first
    element of an id, so a second message with the same id would never be heard).

    >>> message_id("id_points", 1), message_id("id_points", 2)
    ('id_points_error', 'id_points_error_2')
    """
    return f"{base}_error" if number <= 1 else f"{base}_error_{number}"


def message_ids(base: str, messages: Sequence[Any] | int) -> list[str]:
    """The ids of a field's messages (:func:`message_id`), given them or how many there are, for its inputs'
    ``aria-describedby``.

    >>> message_ids("id_points", ["Enter a number.", "At most 91."]), message_ids("id_points", 0)
    (['id_points_error', 'id_points_error_2'], [])
    """
    count = messages if isinstance(messages, int) else len(messages)
    return [message_id(base, n) for n in range(1, count + 1)] if base else []


class BoundField(forms.BoundField):
    """A field as every form of the project draws it (:class:`FormRenderer`). Django marks a field with a message
    ``aria-invalid`` and points a text box at one ``<id>_error`` element, but the templates draw each message
    on its own, each with its own id (:func:`message_id`): the text box is described by its help text
    (``<id>_helptext``) and every message. A group of buttons (radio buttons, checkboxes: a widget drawn in a
    fieldset) Django only marks invalid: a screen reader on a button of the group never hears why. Each button
    points at the messages, as a text box does."""

    @property
    def error_ids(self) -> list[str]:
        """The ids of this field's messages, in the order the templates draw them."""
        return message_ids(self.auto_id, self.errors) if self.auto_id and not self.is_hidden else []

    @property
    def aria_describedby(self) -> str | None:
        if self.field.widget.attrs.get("aria-describedby"):
            return None
        help_ids = [f"{self.auto_id}_helptext"] if self.auto_id and not self.is_hidden and self.help_text else []
        return " ".join(help_ids + self.error_ids)

    def build_widget_attrs(self, attrs: dict[str, Any], widget: forms.Widget | None = None) -> dict[str, Any]:
        attrs = super().build_widget_attrs(attrs, widget)
        widget = widget or self.field.widget
        if widget.use_fieldset and self.errors and self.auto_id and not attrs.get("aria-describedby") \
                and not widget.attrs.get("aria-describedby"):
            attrs["aria-describedby"] = " ".join(self.error_ids)
        return attrs


class FormRenderer(TemplatesSetting):
    """Django's renderer with the project's templates (widgets may use them) and :class:`BoundField`."""

    bound_field_class = BoundField


class SegmentedButtons(forms.RadioSelect):
    """A few choices as a row of buttons, one tap each (Bootstrap's ``btn-check``), named for screen readers."""

    template_name = "scoring/widgets/segmented.html"
    role = "radiogroup"

    def __init__(self, attrs: dict[str, Any] | None = None, choices: Any = (), *, label: str = "",
                 compact: bool = False):
        super().__init__({"class": "btn-check", "autocomplete": "off", **(attrs or {})}, choices)
        self.label, self.compact = label, compact

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"].update(role=self.role, group_label=self.label, compact=self.compact)
        return context


class ToggleButtons(SegmentedButtons, forms.CheckboxSelectMultiple):
    """Several choices that may all be on, as a row of toggle buttons."""

    role = "group"
    allow_multiple_selected = True
    input_type = "checkbox"


class Switch(forms.CheckboxInput):
    """A yes/no as a switch, with its label beside it (and a badge for a house rule)."""

    template_name = "scoring/widgets/switch.html"

    def __init__(self, attrs: dict[str, Any] | None = None, *, label: str = "", house_rule: str = ""):
        super().__init__({"class": "form-check-input", "role": "switch", **(attrs or {})})
        self.label, self.house_rule = label, house_rule

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"].update(group_label=self.label, house_rule=self.house_rule)
        return context


def _seg(choices: Sequence[tuple[Any, str]], field_class: type[forms.ChoiceField] = forms.ChoiceField,
         **kwargs: Any) -> forms.ChoiceField:
    field = field_class(choices=choices, widget=SegmentedButtons(label=str(kwargs.get("label") or "")), **kwargs)
    field.ui = "seg"  # type: ignore[attr-defined]
    return field


def _switch(house_rule: bool = False, **kwargs: Any) -> forms.BooleanField:
    badge = str(gettext_lazy("house rule")) if house_rule else ""
    field = forms.BooleanField(required=False, widget=Switch(label=str(kwargs.get("label") or ""),
                                                             house_rule=badge), **kwargs)
    field.ui = "switch"  # type: ignore[attr-defined]
    return field


def _input(field: forms.Field, hint: str = "") -> forms.Field:
    field.ui = "input"  # type: ignore[attr-defined]
    field.widget.attrs.setdefault("class", "form-control")
    if hint:
        field.help_text = hint
    return field


def _mark(field: forms.Field, ui: str) -> forms.Field:
    field.ui = ui  # type: ignore[attr-defined]
    return field


# -- starting a table ---------------------------------------------------------------------------------------

class NewTableForm(forms.Form):
    """Players in seating order, team letters (team games), first dealer, the game's options, name, stake."""

    # Carriers for messages about a group of inputs ("players", "teams"): never drawn as inputs.
    players = forms.CharField(required=False, widget=forms.HiddenInput)
    teams = forms.CharField(required=False, widget=forms.HiddenInput)
    # An id for this start made when the form is drawn (kept when it is drawn again with messages): "Start the
    # table" sent twice (a double tap, a retry) starts one table. Never restored by a browser going back (Firefox
    # refills hidden fields): a form sent again after its names were changed is a new start.
    client_id = forms.CharField(widget=forms.HiddenInput(attrs={"autocomplete": "off"}), required=False,
                                max_length=64, initial=uuid.uuid4)

    def __init__(self, game: Game, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game = game
        self.seats = max(game.player_counts or (2,))
        self.fields["game"] = forms.CharField(required=False, widget=forms.HiddenInput, initial=game.slug)
        for i in range(self.seats):
            self.fields[f"player_{i}"] = forms.CharField(
                label=_("Player %(n)s") % {"n": i + 1}, required=False, max_length=40,
                widget=forms.TextInput(attrs={
                    "class": "form-control", "list": "known-names", "autocomplete": "off",
                    "autocapitalize": "words", "enterkeyhint": "next", "data-player": "",
                    "placeholder": _("Name")}))
            if game.team_game:
                letters = [("", "—")] + [(c, c) for c in "ABCDEFGH"[:game.team_count]]
                # Named by its label and the name typed beside it, as the name changes: "Team of player 1 Ana".
                self.fields[f"team_{i}"] = forms.ChoiceField(
                    label=_("Team of player %(n)s") % {"n": i + 1}, required=False, choices=letters,
                    widget=forms.Select(attrs={"class": "form-select",
                                               "aria-labelledby": f"id_team_{i}_label id_player_{i}"}))
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label=_("First dealer"), coerce=int, initial=0,
            choices=[(i, str(i + 1)) for i in range(self.seats)],
            help_text=_("Who deals first."),
            widget=SegmentedButtons(label=_("First dealer"), compact=True))
        self.fields["first_dealer"].ui = "seg"  # type: ignore[attr-defined]
        self.option_names: list[str] = []
        for option in game.options:
            name = f"opt_{option.key}"
            self.fields[name] = self._option_field(option)
            self.fields[name].house_rule = option.house_rule  # type: ignore[attr-defined]
            if option.shown_with:  # hidden by new_table.js unless the other option has that value
                other, value = option.shown_with
                self.fields[name].shown_with = (f"opt_{other}", str(value).lower())  # type: ignore[attr-defined]
            self.option_names.append(name)
        self.fields["name"] = _input(forms.CharField(label=_("Table name"), required=False, max_length=80,
                                                     widget=forms.TextInput(attrs={"autocomplete": "off"})),
                                     _("Optional, e.g. “Friday at Ana’s”."))
        self.fields["stake"] = _input(MoneyText(label=_("Stake per point"), required=False, initial="0"),
                                      _("Money per point, e.g. 0.10. Leave 0 to play for honour."))
        self.fields["currency"] = _seg([(c, c) for c in CURRENCIES], label=_("Currency"), required=False,
                                       initial="EUR")
        self.fields["currency_other"] = _input(forms.CharField(
            label=_("Other currency"), required=False, max_length=8,
            widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters",
                                          "placeholder": _("e.g. MXN, chips")})))

    @staticmethod
    def _option_field(option: Option) -> forms.Field:
        label, hint = _text(option.label), _text(option.help)
        if option.kind == "bool":
            return _switch(label=label, initial=bool(option.default), help_text=hint, house_rule=option.house_rule)
        if option.kind == "choice":
            choices = [(v, _text(lbl)) for v, lbl in option.choices]
            if len(choices) <= SEG_MAX:
                return _seg(choices, label=label, initial=option.default, required=False, help_text=hint)
            return _mark(forms.ChoiceField(choices=choices, label=label, initial=option.default,
                                           required=False, help_text=hint,
                                           widget=forms.Select(attrs={"class": "form-select"})), "select")
        attrs = {"inputmode": "numeric"}
        if option.minimum is not None:
            attrs["min"] = str(option.minimum)
        if option.maximum is not None:
            attrs["max"] = str(option.maximum)
        return _input(forms.IntegerField(label=label, initial=option.default, required=False,
                                         widget=forms.NumberInput(attrs=attrs)), hint)

    # -- groups for the template
    def seat_rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField | None]]:
        return [(i + 1, self[f"player_{i}"], self[f"team_{i}"] if self.game.team_game else None)
                for i in range(self.seats)]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.option_names]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        chosen = data.get("first_dealer") or 0
        if chosen and not (data.get(f"player_{chosen}") or "").strip():
            self.add_error("first_dealer", _("Seat %(n)s has no player: choose who deals first among the names.")
                           % {"n": chosen + 1})
        return data

    def clean_stake(self) -> Decimal:
        stake = self.cleaned_data.get("stake") or Decimal(0)
        if stake < 0:
            raise forms.ValidationError(_("The stake cannot be negative."))
        if stake > 100000:  # before quantize, which cannot round a number this large
            raise forms.ValidationError(_("That stake is too high."))
        if stake != stake.quantize(Decimal("0.01")):
            raise forms.ValidationError(_("At most two decimals, e.g. 0.05."))
        return stake

    def clean_client_id(self) -> uuid.UUID | None:
        try:  # an unreadable id is no id, as a deal's (RecordForm): never an error nobody can see
            return uuid.UUID(self.cleaned_data.get("client_id") or "")
        except ValueError:
            return None

    def clean_currency_other(self) -> str:
        other = self.cleaned_data.get("currency_other", "")
        if other.strip() and not currency_name(other):
            raise forms.ValidationError(CURRENCY_MESSAGE)
        return currency_name(other)

    def table_kwargs(self) -> dict[str, Any]:
        """The arguments of ``services.create_table`` (call after ``is_valid()``)."""
        data = self.cleaned_data
        players: list[str] = []
        teams: list[str] = []
        chosen = data.get("first_dealer") or 0  # a seat of the form; the table's seats are its names, in order
        first_dealer = 0
        for i in range(self.seats):
            name = (data.get(f"player_{i}") or "").strip()
            if name:
                if i == chosen:
                    first_dealer = len(players)
                players.append(name)
                teams.append(data.get(f"team_{i}") or "")
        options: dict[str, Any] = {}
        for option in self.game.options:
            value = data.get(f"opt_{option.key}")
            if option.kind == "bool":
                options[option.key] = bool(value)
            elif value not in EMPTY:
                options[option.key] = value
        return {
            "game": self.game.slug,
            "players": players,
            "teams": teams if any(teams) else [],
            "options": options,
            "first_dealer": first_dealer,
            "name": data.get("name", "").strip(),
            "stake_minor": int(data.get("stake", 0) * 100),
            "currency": data.get("currency_other") or data.get("currency") or "EUR",
            "client_id": data.get("client_id"),
        }

    def add_rule_errors(self, errors: Mapping[str, str], *, beside_others_only: bool = False) -> None:
        """Put each message from ``InvalidRecord`` beside its input ("options.x" -> the option's input);
        ``beside_others_only``: not beside an input that already has a message."""
        marked = set(self.errors)  # a name that cannot be read marks the players: their count is not what was typed
        marked |= {group for group, seat in (("players", "player_"), ("teams", "team_"))
                   if any(name.startswith(seat) for name in self.errors)}
        for key, message in errors.items():
            target: str | None = key
            if key.startswith("options."):
                target = f"opt_{key.split('.', 1)[1]}"
            elif key.startswith("players.") or key.startswith("teams."):
                target = key.split(".", 1)[0]
            if target not in self.fields or target == "game":
                target = None
            if beside_others_only and (target or "__all__") in marked:
                continue
            self.add_error(target, message)

    def check_the_rest(self) -> None:
        """On a form that is not valid, what the game's rules say of the players and options that could be
        read, so that one save shows every message."""
        if not self.is_bound:
            return
        kwargs = self.table_kwargs()
        try:
            table_for(kwargs["game"], kwargs["players"], kwargs["options"], kwargs["teams"], kwargs["first_dealer"])
        except parse.InvalidRecord as exc:
            self.add_rule_errors(field_errors(exc), beside_others_only=True)


# -- recording a deal ---------------------------------------------------------------------------------------

def _positive(raw: str) -> int | None:
    """A hidden number the page carries (a deal number, a revision), or None when unreadable. At most 9 digits:
    int() refuses a 5,000-digit number outright (a ValueError, not a number)."""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 and int(raw) >= 1 else None


def _rows(spec: Field, items: int = 0) -> int:
    rows = int(spec.maximum) if spec.maximum else LIST_ROWS
    return max(1, min(rows, LIST_ROWS_MAX), items)


class IntChoices:
    """Segmented whole numbers arrive as text: read them as numbers (a mixin for the record form and its rows)."""

    fields: dict[str, forms.Field]

    def coerce_ints(self, cleaned: dict[str, Any]) -> dict[str, Any]:
        for name, field in self.fields.items():
            if getattr(field, "coerce_int", False) and cleaned.get(name) not in EMPTY:
                try:
                    cleaned[name] = int(cleaned[name])
                except (TypeError, ValueError):
                    self.add_error(name, _("Enter a whole number."))  # type: ignore[attr-defined]
        return cleaned


class RowForm(IntChoices, forms.Form):
    """One row of a list field (a poignée, a bet, a lulo paid). Its inputs are named ``<list>__<row>__<field>``
    (``<list>__<row>`` for a list of plain values), as the games' own record templates post them."""

    scalar = False

    def add_prefix(self, field_name: str) -> str:
        if not self.prefix:
            return field_name
        return self.prefix if self.scalar else f"{self.prefix}__{field_name}"

    def clean(self) -> dict[str, Any]:
        return self.coerce_ints(super().clean() or {})


class RowFormSet(forms.BaseFormSet):  # type: ignore[type-arg]
    """The rows of a list field. A phone's form carries no management inputs: the rows are counted from what
    was posted (at most :data:`LIST_ROWS_MAX` × 2), so a tampered count can never make it fail."""

    rows = LIST_ROWS

    def add_prefix(self, index: Any) -> str:
        return f"{self.prefix}__{index}"

    @cached_property
    def management_form(self) -> ManagementForm:
        data = {f"{self.prefix}-{TOTAL_FORM_COUNT}": self.rows, f"{self.prefix}-{INITIAL_FORM_COUNT}": 0}
        form = ManagementForm(data if self.is_bound else None, auto_id=self.auto_id, prefix=self.prefix,
                              initial={TOTAL_FORM_COUNT: self.rows, INITIAL_FORM_COUNT: 0})
        form.full_clean()
        return form

    def total_form_count(self) -> int:
        return self.rows

    def initial_form_count(self) -> int:
        return 0


class RecordForm(IntChoices, forms.Form):
    """One deal, whatever the game: built from ``game.record_fields(spec)``; list fields are formsets.

    ``record()`` turns the cleaned data into the record the game parses; ``add_rule_errors`` puts the
    game's messages (keyed by record paths like ``"poignees.1.size"``) beside the matching input.
    """

    # The number the page offered, to catch another phone recording first. Hidden, so an unreadable value
    # (a tampered page) cannot be shown or fixed beside it: it is read as no number, never as an error.
    deal_number = forms.CharField(widget=forms.HiddenInput, required=False)
    # An id for this deal made when the form is drawn: a Save sent twice (a retry, a double tap) records once.
    client_id = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    # The revision of the deal an edit began from, to catch another phone changing it meanwhile (read as the
    # deal number is: an unreadable value is none).
    revision = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, game: Game, spec: TableSpec, *args: Any, number: int | None = None,
                 record: Mapping[str, Any] | None = None, revision: int | None = None, **kwargs: Any):
        self.game, self.spec = game, spec
        self.specs: tuple[Field, ...] = tuple(game.record_fields(spec))
        initial = dict(kwargs.pop("initial", None) or {})
        if record is not None:
            initial.update(self.initial_from(record))
        if number is not None:
            initial["deal_number"] = number
            initial.setdefault("client_id", uuid.uuid4())
        if revision is not None:
            initial["revision"] = revision
        super().__init__(*args, initial=initial, **kwargs)
        self.row_counts: dict[str, int] = {}
        self.formsets: dict[str, RowFormSet] = {}
        for spec_ in self.specs:
            if spec_.kind == "list":
                items = record.get(spec_.name) if record else None
                rows = _rows(spec_, len(items) if isinstance(items, list) else 0)
                rows = max(rows, self._rows_in_data(spec_.name))
                self.row_counts[spec_.name] = rows
                group = forms.CharField(required=False, widget=forms.HiddenInput, label=_text(spec_.label))
                self.fields[spec_.name] = _mark(group, "group")  # carries the messages about the whole list
                self.formsets[spec_.name] = self._formset(spec_, rows, items if isinstance(items, list) else [])
            else:
                self.fields[spec_.name] = self._field(spec_)
        self._index_to_row: dict[str, list[int]] = {}

    def _formset(self, spec: Field, rows: int, items: list[Any]) -> RowFormSet:
        subs = (item_field(spec),) if scalar_list(spec) else spec.fields
        row_form = type(f"{spec.name.title()}Row", (RowForm,),
                        {"scalar": scalar_list(spec), **{sub.name: self._field(sub, row_of=spec) for sub in subs}})
        formset_class = forms.formset_factory(row_form, formset=RowFormSet, extra=0)
        formset_class.rows = rows
        initial = []
        for item in items:
            if scalar_list(spec):
                initial.append({subs[0].name: self._initial_value(subs[0], item)})
            elif isinstance(item, Mapping):
                initial.append({sub.name: self._initial_value(sub, item[sub.name]) for sub in subs if sub.name in item})
        return formset_class(self.data if self.is_bound else None, prefix=spec.name, initial=initial or None,
                             auto_id=self.auto_id)

    def bound_field(self, name: str) -> forms.BoundField | None:
        """A field by its input name, a row's too (``payments__0__lulo``, ``bets__1``); None if there is none."""
        if name in self.fields:
            return self[name]
        group, _sep, rest = name.partition("__")
        formset = self.formsets.get(group)
        if formset is None:
            return None
        row, _sep, sub = rest.partition("__")
        if not (row.isascii() and row.isdigit()) or int(row) >= len(formset.forms):
            return None
        form = formset.forms[int(row)]
        key = sub or next(iter(form.fields), "")
        return form[key] if key in form.fields else None

    def is_valid(self) -> bool:
        valid = super().is_valid()
        return all([fs.is_valid() for fs in self.formsets.values()]) and valid

    @property
    def any_errors(self) -> bool:
        return bool(self.errors) or any(form.errors for fs in self.formsets.values() for form in fs.forms)

    def _rows_in_data(self, name: str) -> int:
        """Rows a posted form had (so nothing typed is dropped when it comes back with errors)."""
        if not self.data:
            return 0
        highest = -1
        for key in self.data:
            if key.startswith(f"{name}__"):
                index = key[len(name) + 2:].split("__", 1)[0]
                if index.isascii() and index.isdigit():
                    highest = max(highest, int(index))
        return min(highest + 1, LIST_ROWS_MAX * 2)

    def _field(self, spec: Field, row_of: Field | None = None) -> forms.Field:
        """The form field for one record field (never required here: the game says what is missing)."""
        label = _text(spec.label)
        hint = _text(spec.help)
        initial = spec.default if row_of is None else None
        kind = spec.kind
        if kind in ("choice", "player"):
            if spec.choices:
                choices = [(str(v), _text(lbl)) for v, lbl in spec.choices]
            else:
                choices = [(p, p) for p in self.spec.players] if kind == "player" else []
            if row_of is not None or (not spec.required and spec.default is None):
                choices = [("", "—")] + choices
            if len(choices) <= SEG_MAX:
                field = _seg(choices, RuleChoiceField, label=label, required=False, initial=initial,
                             help_text=hint)
            else:
                if choices[0][0] != "":
                    choices = [("", "—")] + choices
                select = forms.Select(attrs={"class": "form-select"})
                field = _mark(RuleChoiceField(choices=choices, label=label, required=False, initial=initial,
                                              help_text=hint, widget=select), "select")
        elif kind == "players":
            choices = [(str(v), _text(lbl)) for v, lbl in spec.choices] or [(p, p) for p in self.spec.players]
            field = _mark(forms.MultipleChoiceField(
                choices=choices, label=label, required=False, initial=initial, help_text=hint,
                widget=ToggleButtons(label=label)), "checks")
        elif kind == "int":
            step = int(spec.step or 1)
            lo, hi = spec.minimum, spec.maximum
            if lo is not None and hi is not None and (hi - lo) / step + 1 <= SEG_MAX:
                values = [str(v) for v in range(int(lo), int(hi) + 1, step)]
                choices = [(v, v) for v in values]
                if row_of is not None or (not spec.required and spec.default is None):
                    choices = [("", "—")] + choices
                field = _seg(choices, RuleChoiceField, label=label, required=False,
                             initial=None if initial is None else str(initial), help_text=hint)
                field.coerce_int = True  # type: ignore[attr-defined]
            else:
                attrs: dict[str, str] = {"inputmode": "numeric", "step": str(step), "autocomplete": "off"}
                if lo is not None:
                    attrs["min"] = str(int(lo))
                if hi is not None:
                    attrs["max"] = str(int(hi))
                field = _input(forms.IntegerField(label=label, required=False, initial=initial,
                                                  widget=forms.NumberInput(attrs=attrs)), hint)
        elif kind == "decimal":
            field = _input(DecimalText(label=label, required=False,
                                       initial=None if initial is None else str(initial)), hint)
        elif kind == "bool":
            field = _switch(label=label, initial=bool(initial), help_text=hint)
        elif kind == "card" and spec.choices:  # the few cards it takes, one tap each, named: nothing typed
            choices = [(str(v), _text(lbl)) for v, lbl in spec.choices]
            if row_of is not None or not spec.required:
                choices = [("", "—")] + choices
            widget = CardChoices(self.game.deck_for(self.spec), label=label)
            field = _mark(RuleChoiceField(choices=choices, label=label, required=False, initial=initial,
                                          help_text=hint, widget=widget), "seg")
        elif kind in ("card", "cards"):  # the card picker: codes typed without JavaScript, tapped with it
            deck = DeckKind(self.game.deck_for(self.spec))
            example = _("e.g. %(cards)s") % {"cards": CARD_EXAMPLES[deck][kind]}
            picker = CardPicker(deck, many=kind == "cards", attrs={"placeholder": example})
            field = _input(forms.CharField(label=label, required=False, initial=initial, widget=picker),
                           hint or (_("Cards separated by spaces.") if kind == "cards" else ""))
        else:
            field = _input(forms.CharField(label=label, required=False, initial=initial,
                                           widget=forms.TextInput(attrs={"autocomplete": "off"})), hint)
        field.spec = spec  # type: ignore[attr-defined]
        return field

    # -- record <-> form ------------------------------------------------------------------------------------
    def initial_from(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """The inverse of :meth:`record` for the plain fields (the rows are their formsets' initial)."""
        return {spec.name: self._initial_value(spec, record[spec.name]) for spec in self.specs
                if spec.kind != "list" and spec.name in record}

    def _initial_value(self, spec: Field, value: Any) -> Any:
        value = self._seat_names(value)
        if value is None:
            return None
        if spec.kind == "cards" and isinstance(value, list | tuple):
            return " ".join(str(v) for v in value)
        if spec.kind == "players":
            return [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]
        if spec.kind == "bool":
            return bool(value)
        if spec.kind == "decimal":
            return local_decimal(value)
        if spec.kind in ("choice", "player", "int"):
            return str(value)
        return value

    def _seat_names(self, value: Any) -> Any:
        """Stored seats (``{"seat": 1, "name": "Bea"}``) as the names the seats have now."""
        if isinstance(value, Mapping) and set(value) == {"seat", "name"}:
            seat = value.get("seat")
            known = isinstance(seat, int) and 0 <= seat < self.spec.size
            return self.spec.players[seat] if known else value.get("name")
        if isinstance(value, list | tuple):
            return [self._seat_names(v) for v in value]
        return value

    @staticmethod
    def _value(spec: Field, value: Any) -> Any:
        if value in EMPTY:
            return None
        if spec.kind == "int" and isinstance(value, str):
            return int(value)
        if spec.kind == "decimal" and isinstance(value, Decimal):
            return plain_number(value)
        if spec.kind == "cards" and isinstance(value, str):
            cards = value.replace(",", " ").split()
            return cards or None
        if spec.kind in ("card", "text") and isinstance(value, str):
            return value.strip() or None
        return value

    def clean_client_id(self) -> uuid.UUID | None:
        try:  # an unreadable id is no id: never an error nobody can see
            return uuid.UUID(self.cleaned_data.get("client_id") or "")
        except ValueError:
            return None

    def clean_deal_number(self) -> int | None:
        return _positive(self.cleaned_data.get("deal_number", ""))

    def clean_revision(self) -> int | None:
        return _positive(self.cleaned_data.get("revision", ""))

    def with_revision(self, revision: int) -> None:
        """Draw the form again as an edit of ``revision`` (the deal as another phone left it), entries kept."""
        self.data = self.data.copy()
        self.data["revision"] = str(revision)

    def clean(self) -> dict[str, Any]:
        return self.coerce_ints(super().clean() or {})

    def record(self, *, unread_marked: bool = False) -> dict[str, Any]:
        """The deal record (call after ``is_valid()``): empty optional values are left out. ``unread_marked``: a
        row's value with a message beside it (the form could not read it, or the rules refused it) is
        :data:`~scoring.stand_ins.UNREAD`, not left out as if left empty, and so is a field with a message (for
        :meth:`mark_rules_the_rest_breaks`)."""
        record: dict[str, Any] = {}
        index_to_row: dict[str, list[int]] = {}
        for spec in self.specs:
            if spec.kind == "list":
                items: list[Any] = []
                rows: list[int] = []
                subs = (item_field(spec),) if scalar_list(spec) else spec.fields
                for row, form in enumerate(self.formsets[spec.name].forms):
                    data = getattr(form, "cleaned_data", {})
                    marked = set(form.errors) if unread_marked else set()
                    if scalar_list(spec):
                        item: Any = UNREAD if subs[0].name in marked else self._value(subs[0], data.get(subs[0].name))
                        if item is None:
                            continue
                    else:
                        item = {}
                        for sub in subs:
                            value = UNREAD if sub.name in marked else self._value(sub, data.get(sub.name))
                            if sub.kind == "bool" and not value:
                                value = None
                            if value is not None:
                                item[sub.name] = value
                        if not item:
                            continue
                    items.append(item)
                    rows.append(row)
                index_to_row[spec.name] = rows
                if items or spec.required:
                    record[spec.name] = items
                continue
            if unread_marked and spec.name in self.errors:  # not left empty: a value the form could not read
                record[spec.name] = UNREAD
                continue
            value = self._value(spec, self.cleaned_data.get(spec.name))
            if spec.kind == "bool":
                if value or spec.default:
                    record[spec.name] = bool(value)
            elif value is not None:
                record[spec.name] = value
        if not unread_marked:
            self._index_to_row = index_to_row
        return record

    def complete_record(self, before: Callable[[], Any] | None = None) -> dict[str, Any] | None:
        """The record when the form is valid and nothing required is missing; else None, errors marked: those of
        the fields that cannot be read, and what is missing or wrong in the others, so that one save shows
        every message. ``before`` (the state the deal follows, asked for only then): what the rules find wrong
        with the rest against it too (:meth:`mark_rules_the_rest_breaks`)."""
        if not self.is_valid():
            self._mark_the_rest()
        else:
            record = self.record()
            missing = self.missing(record)
            if not missing:
                return record
            # said with whatever else the rules find wrong, so that one save shows every message
            self.add_rule_errors({**missing, **self.rule_errors(record)})
        if before is not None:
            try:
                state = before()
            except ChangeRefused:  # a stored deal before it the rules cannot read: the form says no more
                return None
            self.mark_rules_the_rest_breaks(state)
        return None

    def mark_rules_the_rest_breaks(self, before: Any) -> None:
        """On a form refused before the rules could check it against the table (a count out of range, a
        required field left empty: the rules could not read it), what they say of the rest against ``before``,
        the state the deal follows: a rule another field breaks, beside it, as well as "Must be between 0 and 9"
        beside the count. A message is said only if it holds whatever the unread fields hold
        (:func:`scoring.stand_ins.what_the_rest_breaks`, which the API says too)."""
        self.add_rule_errors(what_the_rest_breaks(self.game, self.spec, self.specs, lambda: before,
                                                  self.record(unread_marked=True), self._unread()))

    def _unread(self) -> set[str]:
        """The fields the rules could not read: each with a message beside it or beside one of its rows."""
        return (set(self.errors) | {name for name, formset in self.formsets.items()
                                    if any(form.errors for form in formset.forms)}) - {NON_FIELD_ERRORS}

    def _mark_the_rest(self) -> None:
        """Beside the fields that could not be read, what is missing or wrong in the ones that could (a form
        that is not valid keeps its readable values in ``cleaned_data``)."""
        unread = self._unread()
        record = self.record()
        others = {**self.missing(record), **self.rule_errors(record)}
        self.add_rule_errors({path: message for path, message in others.items()
                              if path.split(".")[0] not in unread})

    def rule_errors(self, record: Mapping[str, Any]) -> dict[str, str]:
        """What the game's rules find wrong with the record as far as it goes, about this form's own fields
        (their words for a field left empty come before the form's generic one). A form asking part of a record
        (a contract before its cards) leaves the rest to later."""
        try:
            self.game.parse(self.spec, record)
        except parse.InvalidRecord as exc:
            asked = {spec.name for spec in self.specs}
            return {path: message for path, message in field_errors(exc).items() if path.split(".")[0] in asked}
        return {}

    def missing(self, record: Mapping[str, Any]) -> dict[str, str]:
        """Required fields left empty (a void deal needs none of them)."""
        if record.get("void"):
            return {}
        return {spec.name: _("This field is required.") for spec in self.specs
                if spec.required and spec.kind not in ("bool", "list") and spec.name not in record}

    def add_rule_errors(self, errors: Mapping[str, str]) -> None:
        """Each message beside its input: ``"points"``, ``"poignees.1.size"``, ``"bets.0"``, ``"__all__"``."""
        for path, message in errors.items():
            if self._add_row_error(path, message):
                continue
            name = path.split(".")[0]
            target = name if name in self.fields and name != "deal_number" else None
            if target is None and path not in ("__all__", ""):
                message = f"{self._label_of(path)}: {message}" if self._label_of(path) else message
            self.add_error(target, message)

    def _add_row_error(self, path: str, message: str) -> bool:
        """A message about one row of a list (``"poignees.1.size"``) beside that row's input."""
        parts = path.split(".")
        formset = self.formsets.get(parts[0])
        if formset is None or len(parts) < 2 or not (parts[1].isascii() and parts[1].isdigit()):
            return False
        index = int(parts[1])
        rows = self._index_to_row.get(parts[0], [])
        row = rows[index] if index < len(rows) else index
        if row >= len(formset.forms):
            return False
        form = formset.forms[row]
        sub = parts[2] if len(parts) >= 3 and parts[2] in form.fields else next(iter(form.fields))
        form.add_error(sub, message)
        return True

    def _label_of(self, path: str) -> str:
        for spec in self.specs:
            if spec.name == path.split(".")[0]:
                return _text(spec.label)
        return ""

    # -- layout for the template ---------------------------------------------------------------------------
    def layout(self) -> list[dict[str, Any]]:
        """Fields in the game's order, each as {"field": BoundField} or a list {"group", "rows"}."""
        items: list[dict[str, Any]] = []
        for spec in self.specs:
            if spec.kind == "list":
                rows = [[form[name] for name in form.fields] for form in self.formsets[spec.name].forms]
                items.append({"spec": spec, "group": self[spec.name], "rows": rows,
                              "more": not spec.required})
            else:
                # Optional fields with a default (petit au bout: none) wait behind "more"; an optional choice
                # without one (a partner who may not exist) is a real question and stays in view.
                essential = spec.required or (spec.default is None and spec.kind in ("player", "choice"))
                items.append({"spec": spec, "field": self[spec.name], "more": not essential})
        return items

    def main_items(self) -> list[dict[str, Any]]:
        return [i for i in self.layout() if not i["more"]]

    def more_items(self) -> list[dict[str, Any]]:
        return [i for i in self.layout() if i["more"]]

    def more_open(self) -> bool:
        """Open the "more" section when one of its fields has an error or a value other than its default."""
        for item in self.more_items():
            fields = [item["group"]] + [f for row in item["rows"] for f in row] if "rows" in item \
                else [item["field"]]
            for bound in fields:
                if bound.errors:
                    return True
                value = bound.value()
                default = bound.field.initial
                if "rows" in item and bound is not item["group"]:
                    if value not in EMPTY and value is not False:
                        return True
                elif value not in EMPTY and str(value) != str(default) and not (
                        value is False and not default):
                    return True
        return False
