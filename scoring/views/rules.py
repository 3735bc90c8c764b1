"""The rules page and the referee, for any registered game (driven by its ``rules`` and ``ruling_fields``).

Nothing here knows a game's rules: the form is built from the game's :class:`~referee.game.Field`
list, the answer is the game's :class:`~referee.game.Ruling`. The examples a person can tap come from
the game's ``examples``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from functools import cache
from typing import Any

from django import forms
from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.http import urlencode
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from referee.cards import DECK_HINTS, Card, CardError, DeckKind, ReaderLetters
from referee.game import Field, Game, InvalidRecord, Rule, Ruling, TableSpec, all_games, get_game
from referee.played import PlayedDeal
from referee.text import Text
from scoring import play_drafts, typed_cards
from scoring.access import Access, resolve
from scoring.forms import SegmentedButtons, Switch, ToggleButtons
from scoring.referee_context import current_fields
from scoring.services import standings, table_spec, translate
from scoring.typed_cards import reader_letters, typed_code, typed_codes, typed_items
from scoring.widgets import CardChoices, CardPicker, card_words

SEATS = "seats"  # the player-count field the page adds when no table is given
ASK = "ask"  # present once the form is submitted (an unticked box sends nothing)
TABLE = "table"
FACE_DOWN = "face_down"  # a list item's yes/no: this card was played face down

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = {"H", "D"}


def game_or_404(slug: str) -> Game:
    try:
        return get_game(slug)
    except KeyError:
        raise Http404("No such game.") from None


def table_access(request: HttpRequest) -> Access | None:
    token = request.GET.get(TABLE) or request.POST.get(TABLE)
    return resolve(token) if token else None


# -- the rules page ---------------------------------------------------------------------------------------

@require_http_methods(["GET", "HEAD"])
def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    rules = game_or_404(game)
    access = table_access(request)
    if access and access.table.game != rules.slug:
        access = None
    return render(request, "scoring/rules.html", {
        "game": rules, "sections": rule_sections(rules), "access": access,
        "has_referee": bool(rules.ruling_fields) and _implements_ruling(rules),
    })


def rule_sections(game: Game[Any, Any, Any]) -> list[dict[str, Any]]:
    """The rules page's sections in the reader's language: anchor (a rule's key), title and paragraphs."""
    sections = []
    used: set[str] = set()
    for index, section in enumerate(game.rules, start=1):
        anchor = section.key or slugify(str(section.title)) or f"section-{index}"
        if anchor in used:
            anchor = f"{anchor}-{index}"
        used.add(anchor)
        sections.append({"anchor": anchor, "title": translate(section.title),
                         "paragraphs": [translate(p) for p in section.paragraphs]})
    return sections


def citation(game: Game[Any, Any, Any], rule: Rule | Text) -> dict[str, str] | None:
    """Where a ruling's rule stands on the rules page (``anchor``, ``section``), and the paragraph of it the
    ruling rests on (``quote``): the one the rule names, else the section's only paragraph, else none (a
    quote chosen by guessing, as by the words it shares with the ruling, changes with the reader's language
    and can quote what the ruling does not say: the link to the section is better). ``None`` for a rule the
    page does not state."""
    if not isinstance(rule, Rule):
        return None
    section = next((s for s in rule_sections(game) if s["anchor"] == rule.key), None)
    if section is None or not section["paragraphs"]:
        return None
    paragraphs = section["paragraphs"]
    if rule.paragraph is not None and 0 <= rule.paragraph < len(paragraphs):
        quote = paragraphs[rule.paragraph]
    else:
        quote = paragraphs[0] if len(paragraphs) == 1 and rule.paragraph is None else ""
    return {"anchor": section["anchor"], "section": section["title"], "quote": quote}


def _implements_ruling(game: Game[Any, Any, Any]) -> bool:
    return game.trick_rules is not None or type(game).ruling is not Game.ruling


@require_http_methods(["GET", "HEAD"])
def referee_index(request: HttpRequest) -> HttpResponse:
    """The referee without a table: which game is being played (one tap), then its referee; its rules beside it."""
    games = [game for game in all_games() if game.ruling_fields and _implements_ruling(game)]
    return render(request, "scoring/referee_index.html", {"games": games})


# -- the referee: a form from the game's ruling fields ----------------------------------------------------

def split_cards(value: str) -> list[str]:
    return [c for c in value.replace(",", " ").replace(";", " ").split() if c]


class TypedCards:
    """A field of card codes typed in the page's letters (scoring.typed_cards): ``deck``, the table's."""

    max_length: int | None

    def __init__(self, *args: Any, deck: DeckKind = DeckKind.FRENCH52, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.deck = deck

    def within_length(self, text: str) -> str:
        """``text`` as typed; longer than the field takes, refused with Django's message before a card of it is
        read (a long paste would otherwise be read code by code)."""
        if self.max_length is not None:
            MaxLengthValidator(self.max_length)(text)
        return text


class CardsField(TypedCards, forms.CharField):
    """Cards typed as codes separated by spaces or commas, in the codes' letters or the page's; cleaned to a list
    of codes (upper case)."""

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]
        if isinstance(value, list | tuple):
            codes = [str(v).strip().upper() for v in value if str(v).strip()]
        else:
            codes = [c.upper() for c in split_cards(self.within_length(super().to_python(value)))]
        return typed_codes(codes, self.deck)

    def validate(self, value: Any) -> None:
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return " ".join(str(v) for v in value)
        return value


class CardField(TypedCards, forms.CharField):
    """One card, typed as CardsField's are."""

    def to_python(self, value: Any) -> str:
        code = self.within_length(super().to_python(value)).strip().upper()
        return typed_code(code, self.deck) if code else code


class CardChoiceField(forms.ChoiceField):
    """One of the few cards a field takes (the called card), tapped. A code sent otherwise (a link, in any case)
    is the rules' to read or refuse, with their rule."""

    def to_python(self, value: Any) -> str:
        return super().to_python(value).strip().upper()

    def prepare_value(self, value: Any) -> Any:  # "kh" in a link: the King of hearts shown tapped
        return value.strip().upper() if isinstance(value, str) else value

    def valid_value(self, value: Any) -> bool:
        return True


class ListField(TypedCards, forms.CharField):
    """A list of items: JSON (``[{"card": "5O", "player": "Ana"}]``), or, when the item is mostly a card,
    simply card codes separated by spaces (``5O 12E``)."""

    def __init__(self, *args: Any, card_key: str | None = None, down_key: str | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.card_key, self.down_key = card_key, down_key

    def item(self, code: str, letters: ReaderLetters) -> dict[str, Any]:
        """One card typed or tapped: ``12E``, or face down ``12E*`` / ``(12E)`` where the list says so."""
        code = typed_code(code, self.deck, letters)
        if self.down_key and (code.endswith("*") or (code.startswith("(") and code.endswith(")"))):
            return {self.card_key or "card": code.strip("()*"), self.down_key: True}
        return {self.card_key or "card": code}

    def to_python(self, value: Any) -> Any:
        if isinstance(value, list):
            return value
        text = self.within_length(super().to_python(value)).strip()
        if not text:
            return []
        if text.startswith(("[", "{")) or not self.card_key:
            try:
                found = json.loads(text)
            except ValueError:
                raise forms.ValidationError(_("Not valid JSON.")) from None
            return typed_items(found, self.card_key, self.deck) if self.card_key else found
        items, messages, letters = [], [], reader_letters(self.deck)
        for code in split_cards(text):
            try:
                items.append(self.item(code, letters))
            except forms.ValidationError as refused:
                messages.extend(refused.messages)
        if messages:
            raise forms.ValidationError(messages)
        return items

    def validate(self, value: Any) -> None:
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list):
            if self.card_key and all(isinstance(i, dict) and i.get(self.card_key) and set(i) <= {
                    self.card_key, self.down_key} for i in value):
                return " ".join(f"{i[self.card_key]}*" if self.down_key and i.get(self.down_key) is True else
                                str(i[self.card_key]) for i in value)
            return json.dumps(value, ensure_ascii=False)
        return value


class NamesField(forms.CharField):
    """Player names in a given order, separated by commas."""

    def __init__(self, *args: Any, players: Sequence[str] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.players = list(players)

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]
        if isinstance(value, list | tuple):
            names = [str(v).strip() for v in value]
        else:
            names = [n.strip() for n in super().to_python(value).split(",")]
        known = {p.casefold(): p for p in self.players}
        found = []
        for name in (n for n in names if n):
            if name.casefold() not in known:
                raise forms.ValidationError(_("%(name)s is not playing at this table.") % {"name": name})
            found.append(known[name.casefold()])
        return found

    def validate(self, value: Any) -> None:
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")

    def prepare_value(self, value: Any) -> Any:
        return ", ".join(value) if isinstance(value, list | tuple) else value


def choice_labels(choices: Iterable[tuple[str, Text]]) -> list[tuple[str, str]]:
    return [(value, translate(label)) for value, label in choices]


# The situation's own words (referee.tricks.parse_situation): the hand and the trick share no card, the card to
# play comes from the hand, and who led says whose turn it is.
EXCLUSIVE = ("hand", "trick")
HAND, TRICK, CARD, LEADER, DEALER, QUESTION = "hand", "trick", "card", "leader", "dealer", "question"


def card_picker(spec_field: Field, table: TableSpec[Any], deck: DeckKind, others: Sequence[Field],
                face_down: bool = False, example: str = "") -> CardPicker:
    """The picker for a ruling field that names cards, knowing the form's other fields: who led, and who plays
    the trick (who went), say whose turn it is. It reads the page's letters, as the field does (TypedCards)."""
    name = spec_field.name
    names = {f.name for f in others}
    turn = name in (HAND, TRICK) and TRICK in names and LEADER in names
    in_trick = {f.in_trick: f.name for f in others if f.in_trick} if turn else {}
    return CardPicker(deck, many=spec_field.kind != "card", face_down=face_down,
                      source=HAND if name == CARD and HAND in names else "",
                      exclusive=name in EXCLUSIVE, players=table.players if turn else (),
                      leader_field=LEADER if turn else "", turn_of=TRICK if turn else "",
                      in_field=in_trick.get("in", ""), out_field=in_trick.get("out", ""), letters=True,
                      attrs={"class": "form-control form-control-lg font-monospace",
                             **({"placeholder": _("e.g. %(cards)s") % {"cards": example}} if example else {})})


def form_field(spec_field: Field, table: TableSpec, deck: DeckKind, others: Sequence[Field] = ()) -> forms.Field:
    """A Django form field for one of the game's ruling fields (``others``: all of them, for the card pickers)."""
    label = translate(spec_field.label)
    help_text = translate(spec_field.help) if spec_field.help else ""
    required = spec_field.required
    kind = spec_field.kind
    if kind == "card" and spec_field.choices:  # the few cards it takes: one tap each, named, nothing typed
        blank = [] if required else [("", "—")]
        return CardChoiceField(label=label, required=required, help_text=help_text,
                               choices=blank + choice_labels(spec_field.choices), widget=CardChoices(deck, label=label))
    if kind in ("card", "cards"):
        cls = CardsField if kind == "cards" else CardField
        return cls(label=label, required=required, help_text=help_text, max_length=400, deck=deck,
                   widget=card_picker(spec_field, table, deck, others, example=typed_cards.example(deck, kind)))
    if kind == "choice":
        choices = choice_labels(spec_field.choices)
        if len(choices) <= 4:
            return forms.ChoiceField(label=label, required=required, help_text=help_text, choices=choices,
                                     widget=SegmentedButtons(label=label))
        blank = [] if required else [("", "—")]
        return forms.ChoiceField(label=label, required=required, help_text=help_text, choices=blank + choices)
    if kind == "bool":
        return forms.BooleanField(label=label, required=False, help_text=help_text, widget=Switch(label=label))
    if kind == "int":
        return forms.IntegerField(label=label, required=required, help_text=help_text,
                                  min_value=_int_or_none(spec_field.minimum),
                                  max_value=_int_or_none(spec_field.maximum))
    if kind == "decimal":
        return forms.DecimalField(label=label, required=required, help_text=help_text,
                                  min_value=_dec_or_none(spec_field.minimum),
                                  max_value=_dec_or_none(spec_field.maximum))
    if kind == "player":
        blank = [] if required else [("", "—")]
        return forms.ChoiceField(label=label, required=required, help_text=help_text,
                                 choices=blank + [(p, p) for p in table.players],
                                 widget=SegmentedButtons(label=label))
    if kind == "players" and spec_field.unordered:  # some of the players (who has passed): tapped on or off
        return forms.MultipleChoiceField(label=label, required=required, help_text=help_text,
                                         choices=[(p, p) for p in table.players], widget=ToggleButtons(label=label))
    if kind == "players":  # order matters in a situation (who played each card): typed, comma-separated
        names = ", ".join(table.players)
        hint = _("Names separated by commas, in order: %(names)s.") % {"names": names}
        return NamesField(label=label, required=required, help_text=f"{help_text} {hint}".strip(),
                          players=table.players, max_length=400)
    if kind == "list":
        card_keys = [f.name for f in spec_field.fields if f.kind == "card"]
        card_key = card_keys[0] if len(card_keys) == 1 else None
        down_key = next((f.name for f in spec_field.fields if f.name == FACE_DOWN and f.kind == "bool"), None)
        # The box still reads JSON (an item's other keys: whose pile), but a player at a table is told of cards
        # only; the API documents the JSON (its own description of the field).
        hint = _("Card codes separated by spaces.") if card_key else _("JSON.")
        widget: forms.Widget = forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off",
                                                      "spellcheck": "false"})
        if card_key:
            widget = card_picker(spec_field, table, deck, others, face_down=bool(down_key),
                                 example=typed_cards.example(deck, "cards"))
            if down_key:
                hint = _("Card codes separated by spaces, a face-down card with a star (12E*).")
        return ListField(label=label, required=required, help_text=f"{help_text} {hint}".strip(),
                         card_key=card_key, down_key=down_key, deck=deck, max_length=2000, widget=widget)
    return forms.CharField(label=label, required=required, help_text=help_text, max_length=200)


def _int_or_none(value: float | None) -> int | None:
    return None if value is None else int(value)


def _dec_or_none(value: float | None) -> Decimal | None:
    return None if value is None else Decimal(str(value))


class RefereeForm(forms.Form):
    def __init__(self, *args: Any, game: Game, table: TableSpec, seats_choice: Sequence[int] = (),
                 **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game = game
        self.spec_fields = game.referee_fields(table)  # the game's fields at this table (per seat, for some)
        if seats_choice:
            self.fields[SEATS] = forms.TypedChoiceField(
                label=_("Players at the table"), coerce=int, choices=[(n, str(n)) for n in seats_choice],
                widget=SegmentedButtons(label=_("Players at the table"), compact=True), initial=table.size,
                required=False, empty_value=table.size)
        for spec_field in self.spec_fields:
            field = form_field(spec_field, table, game.deck_for(table), self.spec_fields)  # the table's deck
            if spec_field.default is not None:
                field.initial = spec_field.default
            field.questions = spec_field.questions  # type: ignore[attr-defined]  # shown with those only
            self.fields[spec_field.name] = field

    def question(self) -> str | None:
        """The question asked (or about to be), for a game whose fields depend on it; else None."""
        if QUESTION not in self.fields:
            return None
        value = self[QUESTION].value()
        return str(value) if value not in (None, "") else str(self.fields[QUESTION].initial or "")

    def clean(self) -> dict[str, Any] | None:
        """A field of another question than the one asked is hidden on the page: what it holds is no error."""
        asked = self.question()
        for spec_field in self.spec_fields:
            if spec_field.questions and asked not in spec_field.questions:
                self._errors.pop(spec_field.name, None)
        return super().clean()

    def first_error(self) -> forms.BoundField | None:
        """The first field on the page with a message (the summary at the form's top links to it)."""
        return next((self[name] for name in self.fields if name in self.errors), None)

    def situation(self) -> dict[str, Any]:
        """The cleaned data as the game's situation: empty optional values left out, and so are the fields of
        other questions than the one asked (hidden on the page, whatever they still hold)."""
        situation: dict[str, Any] = {}
        asked = self.question()
        for spec_field in self.spec_fields:
            if spec_field.questions and asked not in spec_field.questions:
                continue
            value = self.cleaned_data.get(spec_field.name)
            if value in (None, "", []) and spec_field.kind != "bool":
                continue
            if isinstance(value, Decimal):
                value = str(value)
            situation[spec_field.name] = value
        return situation

    def add_ruling_errors(self, exc: InvalidRecord) -> None:
        for key, message in exc.errors.items():
            name = key.split(".")[0].split("[")[0]
            text = translate(message)
            if name in self.fields and name != SEATS:
                self.add_error(name, text)
            else:
                self.add_error(None, text)


def default_seats(game: Game) -> int:
    counts = game.player_counts or (4,)
    if game.usual_players in counts:
        return game.usual_players
    return 4 if 4 in counts else counts[0]


def anonymous_table(game: Game, seats: int) -> TableSpec:
    names = [_("Player %(n)s") % {"n": i} for i in range(1, seats + 1)]
    return game.table(names)


@cache
def _seat_words() -> list[re.Pattern[str]]:
    """"Player 2" as each of the site's languages says it (once per process: the catalogs do not change)."""
    patterns = []
    for code, _language in settings.LANGUAGES:
        with translation.override(code):
            said = _("Player %(n)s") % {"n": "999"}
        patterns.append(re.compile(re.escape(said).replace("999", r"(\d+)"), re.IGNORECASE))
    return patterns


def seat_number(value: Any) -> int | None:
    """The seat a value names as "Player 2" does in any of the site's languages, or by its bare number; None for
    anything else (a name). No table has a thousand seats, so a longer number (int() refuses 5,000 digits) is none."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    number = text if text.isascii() and text.isdigit() else next(
        (match.group(1) for match in (pattern.fullmatch(text) for pattern in _seat_words()) if match), None)
    return int(number) if number is not None and len(number) <= 3 else None


def anonymous_name(value: Any) -> Any:
    """A seat of the page's table without a table as the page's language calls it (Jugador 2, Joueur 2), from
    "Player 2" in any of the site's languages or the seat's number: an example, or a link shared in another
    language."""
    number = seat_number(value)
    return value if number is None else _("Player %(n)s") % {"n": number}


def seated_name(value: Any, spec: TableSpec) -> Any:
    """An example's "Player 2" at a real table: the name of its second seat (the examples are written for any
    table); any other value as it is."""
    number = seat_number(value)
    return spec.players[number - 1] if number is not None and 1 <= number <= spec.size else value


def anonymous_names(fields: Sequence[Field], data: Any) -> None:
    """Who played, led or holds, in ``data`` (a mutable copy of the query), as this page's table names them."""
    for spec_field in fields:
        value = data.get(spec_field.name)
        if not value:
            continue
        if spec_field.kind == "players" and spec_field.unordered:  # one value per player tapped
            data.setlist(spec_field.name, [anonymous_name(name) for name in data.getlist(spec_field.name)])
        elif spec_field.kind == "player":
            data[spec_field.name] = anonymous_name(value)
        elif spec_field.kind == "players":
            data[spec_field.name] = ", ".join(str(anonymous_name(name)) for name in str(value).split(","))


def card_display(code: Any, deck: DeckKind) -> dict[str, Any]:
    """A card as the picker's chips show it, in the reader's language ("R♥" in French, "12 copas", "★" for the
    Excuse), with its name said in full for a screen reader; anything else (a trick's winner) as it is."""
    text = str(code)
    try:
        card = Card.parse(text, deck)
    except (CardError, ValueError):
        return {"code": text, "text": text, "name": text, "red": False}  # a player's name (a trick's winner)
    words = card_words(card.code, deck)
    return {"code": card.code, "text": words["text"], "name": words["name"], "red": words["red"]}


def ruling_view(ruling: Ruling, game: Game[Any, Any, Any], situation: Mapping[str, Any],
                deck: DeckKind) -> dict[str, Any]:
    legal = {c.code for c in ruling.legal_cards}
    reasons = []
    for card, reason in ruling.reasons.items():
        reasons.append({"card": card_display(card.code, deck), "legal": card.code in legal,
                        "reason": translate(reason)})
    winner = None
    if ruling.winner_seat is not None:
        winner = card_display(ruling.winner_seat.name, deck)
    elif ruling.winner is not None:
        winner = card_display(ruling.winner.code, deck)
    explanation = translate(ruling.explanation)
    return {
        "legal": ruling.legal,
        "rule": translate(ruling.rule),
        "cite": citation(game, ruling.rule),
        "also": [cite for cite in (citation(game, rule) for rule in ruling.also) if cite],
        "explanation": explanation,
        "legal_cards": [card_display(c.code, deck) for c in ruling.legal_cards],
        "legal_cards_title": translate(ruling.legal_cards_title) if ruling.legal_cards_title else "",
        "reasons": reasons,
        "marks": bool(ruling.legal_cards) or ruling.legal is not None,  # ✓/✗ per card for a play question
        "winner": winner,
        "card": card_display(situation["card"], deck) if situation.get("card") else None,
    }


def examples(game: Game, token: str | None, spec: TableSpec) -> list[dict[str, str]]:
    """The game's tappable examples as links that fill the form (at a table, its players in the seats). Only a
    field that names players is read as seats: a bare number elsewhere (3 chips owed) is a number, not "Player 3"."""
    found = []
    tapped = {f.name for f in game.ruling_fields if f.kind == "players" and f.unordered}  # a value per player
    seated = {f.name for f in game.referee_fields(spec) if f.kind in ("player", "players")}
    for item in game.examples:
        title, situation = item.title, item.situation
        query: dict[str, Any] = {ASK: "1"}
        for key, value in situation.items():
            if isinstance(value, bool):
                if value:
                    query[key] = "on"
            elif key in tapped and isinstance(value, list | tuple):
                query[key] = [seated_name(v, spec) if token else anonymous_name(v) for v in value]
            elif isinstance(value, list | tuple):
                query[key] = " ".join(str(v) for v in value)
            elif key not in seated:
                query[key] = value
            else:
                query[key] = seated_name(value, spec) if token else anonymous_name(value)
        if token:
            query[TABLE] = token
        found.append({"title": translate(title), "query": urlencode(query, doseq=True)})
    return found


def deal_under_way(request: HttpRequest, access: Access, game: Game, spec: TableSpec) -> PlayedDeal | None:
    """The deal this phone is entering card by card at the table, if any (read from its session, never made)."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES or not play_drafts.entered_by_cards(game):
        return None
    draft = play_drafts.load(request.session, access.table)
    if draft is None:
        return None
    try:
        return draft.deal(game, spec)
    except InvalidRecord:  # the players changed since the draft began
        return None


@require_http_methods(["GET", "HEAD", "POST"])
def referee(request: HttpRequest, game: str) -> HttpResponse:
    rules = game_or_404(game)
    if not rules.ruling_fields or not _implements_ruling(rules):
        raise Http404("This game has no referee yet.")
    access = table_access(request)
    if access and access.table.game != rules.slug:
        access = None
    data = request.POST if request.method == "POST" else request.GET

    seats_choice: Sequence[int] = ()
    if access:
        spec = table_spec(access.table)
    else:
        seats_choice = rules.player_counts if len(rules.player_counts) > 1 else ()
        seats = default_seats(rules)
        try:
            requested = int(data.get(SEATS, seats))
        except (TypeError, ValueError):
            requested = seats
        spec = anonymous_table(rules, requested if requested in rules.player_counts else seats)
    fields = rules.referee_fields(spec)
    asked = ASK in data or any(name in data for name in (f.name for f in fields))

    if asked:  # a choice left out (a link, an API-like query) means its default, as on the blank form
        data = data.copy()
        for spec_field in fields:
            if spec_field.kind == "choice" and spec_field.default is not None and spec_field.name not in data:
                data[spec_field.name] = spec_field.default
        if seats_choice and SEATS not in data:
            data[SEATS] = str(spec.size)
        if access is None:
            anonymous_names(fields, data)
    form = RefereeForm(data if asked else None, game=rules, table=spec, seats_choice=seats_choice)
    if access:
        now = standings(access.table)
        for name, value in ((LEADER, now.leader), (DEALER, now.dealer)):  # the table knows who deals the deal
            if name in form.fields:                                         # now, and who leads its first trick
                form.fields[name].initial = value
        # what else the table knows that a question asks (what each player owes or has scored)
        form.initial.update({name: value for name, value in rules.referee_initial(spec, now.state).items()
                             if name in form.fields})
    under_way = deal_under_way(request, access, rules, spec) if access and not asked else None
    if under_way is not None:  # this phone is entering the deal card by card: its trick, trump, who led
        form.initial.update(current_fields(rules, under_way))
    answer = None
    if asked and form.is_valid():
        situation = form.situation()
        try:
            ruling = rules.ruling(spec, situation)
        except InvalidRecord as exc:
            form.add_ruling_errors(exc)
        except ValueError as exc:  # a card code the game did not catch itself: still an answer, never a 500
            form.add_error(None, str(exc))
        else:
            answer = ruling_view(ruling, rules, situation, rules.deck_for(spec))

    token = access.token if access else None
    has_cards = any(f.kind in ("card", "cards") for f in fields)
    context = {"game": rules, "form": form, "answer": answer, "asked": asked, "access": access,
               "token": token, "examples": examples(rules, token, spec), "spec": spec, "question": form.question(),
               "card_hint": translate(DECK_HINTS[rules.deck_for(spec)]) if has_cards else None,
               "card_letters": typed_cards.letters_key(rules.deck_for(spec)) if has_cards else ""}
    htmx = getattr(request, "htmx", False)
    return render(request, "scoring/referee.html#referee-body" if htmx else "scoring/referee.html", context)
