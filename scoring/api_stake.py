"""The API's stake (registered on :data:`scoring.api.api`): ``PUT /api/tables/{token}/stake`` saves a table's
stake and currency with its game's settle-up choices, as the settle-up page saves them (edit token only).

The choices are the game's ``settle_options``; each value sent must be of its option's kind, as the settle-up
reads a saved one only then (:func:`scoring.services.saved_settle_choices`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _

from referee.game import Game, Option, get_game
from scoring import services
from scoring.api import access_or_error, api, invalid, limit, settle_choices
from scoring.api_schemas import ErrorOut, StakeIn, StakeOut
from scoring.forms import CURRENCY_MESSAGE, currency_name


def choice_errors(rules: Game[Any, Any, Any], choices: Mapping[str, Any]) -> dict[str, str]:
    """A message per choice ``rules`` do not offer or whose value is not of its option's kind, by its path."""
    offered = {option.key: option for option in rules.settle_options}
    errors: dict[str, str] = {}
    for key, value in choices.items():
        option = offered.get(key)
        path = f"settle_choices.{key[:40]}"
        if option is None:
            errors[path] = _("%(game)s has no settle-up choice by this name: see its settle_options in "
                             "GET /api/games/%(slug)s.") % {"game": services.translate(rules.name), "slug": rules.slug}
        elif (wrong := kind_error(option, value)) is not None:
            errors[path] = wrong
    return errors


def kind_error(option: Option, value: Any) -> str | None:
    """Why ``value`` cannot be ``option``'s (the API's own words for a value of another kind), or None."""
    if option.kind == "bool":
        return None if isinstance(value, bool) else _("Must be true or false.")
    if option.kind == "int":
        if type(value) is not int:
            return _("Enter a whole number.")
        if option.minimum is not None and value < option.minimum:
            return _("Must be at least %(n)s.") % {"n": option.minimum}
        if option.maximum is not None and value > option.maximum:
            return _("Must be at most %(n)s.") % {"n": option.maximum}
        return None
    return None if value in [choice for choice, _label in option.choices] and isinstance(value, str) \
        else _("Not one of the choices.")


@api.put("/tables/{token}/stake", response={200: StakeOut, 400: ErrorOut, 403: ErrorOut, 404: ErrorOut,
                                            422: ErrorOut}, tags=["tables"], summary="Save the stake")
def save_stake(request: HttpRequest, token: str, payload: StakeIn) -> dict[str, Any]:
    """Save the table's stake and currency, and its game's settle-up choices (edit token), as the settle-up page's
    "Save" does: every phone's settle-up then starts from them. A choice not sent stays as saved. A currency that
    cannot be one, a key the game does not offer or a value of another kind answers 422 with a message under its
    field (`currency`, `settle_choices.<key>`), and nothing is saved. `GET /api/tables/{token}` reads them back."""
    limit(request, "write")
    table = access_or_error(token, edit=True).table
    rules = get_game(table.game)
    currency = currency_name(payload.currency)
    errors = {} if currency else {"currency": str(CURRENCY_MESSAGE)}
    errors |= choice_errors(rules, payload.settle_choices)
    if errors:
        raise invalid(errors)
    services.set_stake(table, payload.stake_minor, currency, payload.settle_choices)
    table.refresh_from_db(fields=["version"])  # as the write left it, whoever wrote before it
    return {"stake_minor": table.stake_minor, "currency": table.currency,
            "settle_choices": settle_choices(table, rules), "version": table.version}
