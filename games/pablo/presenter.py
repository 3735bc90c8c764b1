"""What the Pablo pages show beyond the generic ones: the variant the table plays (and how far each player is
from the end), beside the standings; and a record form for a phone: who called Pablo, then each player's cards
tapped in the card picker every card field uses (``scoring.widgets.CardPicker``, summed live) or their points
typed.

Everything is worked out here so the templates only draw; the record form posts the generic RecordForm's fields
(``caller``, ``hands__<row>__player``, ``hands__<row>__cards``, ``hands__<row>__points``, ``void``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from games.pablo import count
from games.pablo.options import VARIANT_NAMES, VARIANT_SUMMARIES, PabloOptions, Variant
from games.pablo.record import NO_CARDS, decks
from games.pablo.rules import GAME
from games.pablo.values import special_cards
from referee.cards import RANK_LETTERS
from scoring import services
from scoring.forms import message_ids
from scoring.presenters import Presenter
from scoring.widgets import CardPicker

if TYPE_CHECKING:
    from scoring.services import Standings

ADVANCED = ("one_hand", "empty_field_discards")  # the English text's own; the house rule shows with the others
NEAR_FIFTY = 25  # English: within this many points of 50, say what would bring a player back to 0
NEAR_HUNDRED = 50  # French: within this many points of 100, say how far a player is from the end


def _value(form: Any, name: str) -> str:
    bound = form.bound_field(name)
    if bound is None:
        return ""
    value = bound.value()
    return "" if value is None else str(value)


def _errors(form: Any, name: str) -> list[str]:
    bound = form.bound_field(name)
    return list(bound.errors) if bound is not None else []


def hand_picker(form: Any, row: int, cards: str, copies: int, aria: Mapping[str, str] | None = None) -> str:
    """Row ``row``'s cards box as the card picker: the deck to tap (one of each card per deck played with, so a
    card in another row is greyed out), the cards as chips; "-" (no cards left) is no card to it. ``aria``: what
    points the box at a message (:func:`pointing_at`)."""
    picker = CardPicker(form.game.deck_for(form.spec), many=True, copies=copies, attrs={
        "class": "form-control font-monospace", "placeholder": _("e.g. KD 10S AH; - for none"),
        "data-no-cards": NO_CARDS, "data-cards": ""})
    return str(picker.render(f"hands__{row}__cards", cards, {"id": f"id_hands__{row}__cards", **(aria or {})}))


def pointing_at(row: int, errors: list[str], hands_errors: list[str]) -> dict[str, str]:
    """A row's boxes point at the row's message (and are invalid), or else at the message about every hand.

    >>> pointing_at(2, ["Tap Cara's cards or type their points."], [])
    {'aria-invalid': 'true', 'aria-describedby': 'id_hands__2_error'}
    >>> pointing_at(2, [], ["Someone must have called Pablo.", "Each player once."]), pointing_at(2, [], [])
    ({'aria-describedby': 'id_hands_error id_hands_error_2'}, {})
    """
    if errors:
        return {"aria-invalid": "true", "aria-describedby": " ".join(message_ids(f"id_hands__{row}", errors))}
    return {"aria-describedby": " ".join(message_ids("id_hands", hands_errors))} if hands_errors else {}


def advanced_labels(options: PabloOptions) -> list[str]:
    """The English text's advanced rules this table plays, by their option's label."""
    return [services.translate(option.label) for option in GAME.options
            if option.key in ADVANCED and getattr(options, option.key)]


class PabloPresenter(Presenter):
    record_template = "pablo/record.html"
    state_template = "pablo/state.html"
    stylesheet = "pablo/pablo.min.css"

    def board(self, standings: Standings) -> Mapping[str, Any]:
        """The variant and what it means, the advanced rules in force, who starts next, and per player how far
        they are from the end (English: how many points would bring them to exactly 50, and back to 0)."""
        spec, state = standings.spec, standings.state
        options: PabloOptions = spec.options
        variant = options.kind
        end = count.FRENCH_END if variant is Variant.FRENCH else count.ENGLISH_END
        players = []
        for seat, name in enumerate(spec.players):
            total = state.totals[seat]
            to_end = end - total if variant is Variant.FRENCH else end - total + 1
            near = variant is Variant.ENGLISH and 0 < end - total <= NEAR_FIFTY
            players.append({"name": name, "total": total, "to_fifty": end - total if near else None,
                            "to_end": to_end if variant is Variant.FRENCH and to_end <= NEAR_HUNDRED else None})
        return {
            "variant": variant.value,
            "variant_name": services.translate(VARIANT_NAMES[variant]),
            "variant_rules": services.translate(VARIANT_SUMMARIES[variant]),
            "end": end,
            "decks": decks(spec),
            "advanced": advanced_labels(options),
            "players": players,
            "over": standings.game_over,
        }

    def record(self, form: Any, table: Any, deal: Any = None,
               standings: Standings | None = None) -> Mapping[str, Any]:
        """The form's pieces: one row per player with the cards and points the form has (so nothing typed is
        lost when the server refuses a round) and their messages, each row's cards in the card picker; the
        variant (for the live sums)."""
        spec = form.spec
        options: PabloOptions = spec.options
        stored = getattr(deal, "record", None) if not form.is_bound else None
        hands = stored.get("hands") if isinstance(stored, Mapping) else None
        rows = []
        hands_errors = _errors(form, "hands")
        for i in range(form.row_counts.get("hands", spec.size)):
            player = _value(form, f"hands__{i}__player") or (spec.players[i] if i < spec.size else "")
            if i >= spec.size and not player:
                continue
            cards = _value(form, f"hands__{i}__cards").strip().upper()
            if not cards and isinstance(hands, list) and i < len(hands) and isinstance(hands[i], Mapping) \
                    and hands[i].get("cards") == []:
                cards = NO_CARDS  # a round being edited: this player had no cards left
            errors = (_errors(form, f"hands__{i}__player") + _errors(form, f"hands__{i}__cards")
                      + _errors(form, f"hands__{i}__points"))
            aria = pointing_at(i, errors, hands_errors)
            rows.append({
                "index": i, "player": player, "cards": hand_picker(form, i, cards, decks(spec), aria),
                "none": cards == NO_CARDS, "points": _value(form, f"hands__{i}__points"), "errors": errors,
                "eid": f"id_hands__{i}", "aria": aria,
            })
        new = getattr(deal, "number", None) is None  # a template passes "" for no deal
        st = standings if getattr(standings, "spec", None) is not None else None
        over = bool(new and st is not None and st.game_over)
        game = form.game
        dealer = starter = None
        if st is not None and new:
            dealer = spec.players[game.dealer(spec, st.state)]
            starter = spec.players[game.leader(spec, st.state)]
        variant = options.kind
        return {
            "over": over,
            "variant": variant.value,
            "variant_name": services.translate(VARIANT_NAMES[variant]),
            "values": special_cards(variant, {rank: services.translate(letter)
                                              for rank, letter in RANK_LETTERS.items()}),
            "decks": decks(spec),
            "rows": rows,
            "hands_errors": hands_errors,
            "dealer": dealer,
            "starter": starter,
            "negative": variant is Variant.ENGLISH,
            "no_cards": NO_CARDS,
        }


PRESENTER = PabloPresenter()
