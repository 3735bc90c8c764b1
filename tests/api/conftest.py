"""Helpers for the JSON API tests: a JSON client that enforces CSRF like a real browser-less script would meet
it, the FFT's worked Tarot deals, and a tiny made-up game to reach the API's generic paths (a state that makes
a later deal impossible, a game that crashes on odd input)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
from django.test import Client
from hypothesis import strategies as st

from referee.game import _REGISTRY as REGISTRY
from referee.game import Field, Options, Ruling, TableSpec, all_games
from referee.text import _
from tests.pool_game import PoolState, Take, TakeFromPool


class JsonClient:
    """Django's test client speaking JSON, with CSRF checks on (as for a script without a CSRF cookie)."""

    def __init__(self, language: str = "en") -> None:
        self.client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE=language)

    def get(self, path: str):
        return self.client.get(path)

    def post(self, path: str, body: Any = None, *, raw: bytes | str | None = None):
        data = raw if raw is not None else ("" if body is None else json.dumps(body))
        return self.client.post(path, data, content_type="application/json")

    def put(self, path: str, body: Any):
        return self.client.put(path, json.dumps(body), content_type="application/json")


@pytest.fixture
def api() -> JsonClient:
    return JsonClient()


FFT_PLAYERS = ["N", "S", "E", "W"]
# RULINGS.md, "The FFT rulebook's worked examples": (record, scores of the deal).
FFT_DEALS: list[tuple[dict[str, Any], dict[str, int]]] = [
    # 1. E takes a Garde, shows a simple poignée, takes the petit au bout, 2 bouts, 49 points.
    ({"taker": "E", "contract": "garde", "bouts": 2, "points": 49,
      "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack"},
     {"N": -106, "S": -106, "E": 318, "W": -106}),
    # 2. W wins a Garde sans by 4 (2 bouts, 45), the defence takes the petit au bout.
    ({"taker": "W", "contract": "garde_sans", "bouts": 2, "points": 45, "petit_au_bout": "defence"},
     {"N": -76, "S": -76, "E": -76, "W": 228}),
    # 3. S falls a Prise by 7 (2 bouts, 34) after showing a simple poignée, S takes the petit au bout.
    ({"taker": "S", "contract": "prise", "bouts": 2, "points": 34,
      "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack"},
     {"N": 42, "S": -126, "E": 42, "W": 42}),
    # 4. N wins a Garde by 11 (2 bouts, 52); the defence showed a simple poignée.
    ({"taker": "N", "contract": "garde", "bouts": 2, "points": 52,
      "poignees": [{"side": "defence", "size": "simple"}]},
     {"N": 276, "S": -92, "E": -92, "W": -92}),
    # 5. S, Garde, announces and makes the chelem, simple poignée, petit au bout; 2 bouts, 87 points.
    ({"taker": "S", "contract": "garde", "bouts": 2, "points": 87, "chelem": "announced_made",
      "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack"},
     {"N": -582, "S": 1746, "E": -582, "W": -582}),
]
def as_stored(record: dict[str, Any], players: list[str] = FFT_PLAYERS, game: str = "tarot") -> dict[str, Any]:
    """A record as the rules store it: seats with their names, values normalised."""
    from referee.game import get_game

    rules = get_game(game)
    return rules.parse(rules.table(players), record).to_json()


FFT_TOTALS = {"N": -446, "S": 1346, "E": -390, "W": -510}  # "The sheet of those five deals totals..."


# -- a made-up game: "countdown" ------------------------------------------------------------------------

class Countdown(TakeFromPool):
    """Each deal one player takes 1–10 from a pool of 20; a deal cannot take more than is left.

    ``{"crash": ...}`` in a record makes ``validate`` fail the way careless code does on odd JSON.
    """

    slug = "countdown"
    name = "Countdown"
    ruling_fields = (Field("card", _("Card"), "card"),)

    def record_fields(self, table: TableSpec[Options]) -> tuple[Field, ...]:
        return (Field("player", _("Player"), "player"),
                Field("points", _("Points"), "int", minimum=1, maximum=10))

    def parse(self, table: TableSpec[Options], raw: Mapping[str, Any]) -> Take:
        if "crash" in raw:
            return raw["crash"] + 1  # type: ignore[no-any-return]  # TypeError on odd JSON, like real bugs
        return super().parse(table, raw)

    def winners(self, table: TableSpec[Options], state: PoolState) -> tuple[int, ...]:
        if state.left > 0:
            return ()
        best = max(state.totals)
        return tuple(i for i, total in enumerate(state.totals) if total == best)

    def display_state(self, table: TableSpec[Options], state: PoolState) -> dict[str, Any]:
        return {"left": state.left}

    def ruling(self, table: TableSpec[Options], situation: Mapping[str, Any]) -> Ruling:
        return Ruling(None, _("No rule"), _("Card %(c)s.", c=situation["card"].upper()))


@pytest.fixture
def countdown(monkeypatch) -> Countdown:
    """The made-up game, registered for one test beside the real ones."""
    all_games()  # load the real games first: the registry loads only when empty
    game = Countdown()
    monkeypatch.setitem(REGISTRY, game.slug, game)
    return game


# -- strategies for the "never a 500" fuzz tests --------------------------------------------------------

json_scalars = (st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
                | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


def mostly(plausible, junk, odds: int = 6):
    """``plausible`` about ``odds`` times in ``odds + 1``, else ``junk``: deep enough to reach the scoring."""
    return st.integers(0, odds).flatmap(lambda roll: junk if roll == 0 else plausible)


def plausible_value(field: Mapping[str, Any], names: list[str], codes: list[str]):
    """A value of the field's kind, within its choices and range (it may still not fit the rest)."""
    kind = field["kind"]
    player = st.sampled_from(names) if names else st.text(max_size=3)
    card = st.sampled_from(codes) if codes else st.text(max_size=3)
    if field.get("choices"):
        return st.sampled_from([c["value"] for c in field["choices"]])
    if kind in ("int", "decimal"):
        low = int(field.get("minimum", 0))
        high = int(field.get("maximum", low + 12))
        number = st.integers(low, high)
        return number | number.map(str) if kind == "int" else number | st.integers(2 * low, 2 * high).map(
            lambda halves: str(halves / 2))
    if kind == "bool":
        return st.sampled_from([False, False, False, True])
    if kind == "player":
        return player
    if kind == "players":
        return st.lists(player, max_size=3)
    if kind == "card":
        return card
    if kind == "cards":
        return st.lists(card, max_size=6)
    if kind == "list" and field.get("fields"):
        return st.lists(record_values(field["fields"], names, codes), max_size=3)
    return json_scalars


def record_values(fields: list[Mapping[str, Any]], names: list[str], codes: list[str]):
    """Records (or situations) with the declared fields: required ones usually there, values mostly sane."""
    values = {f["name"]: mostly(plausible_value(f, names, codes), json_values) for f in fields}
    required = {k: v for k, v in values.items() if any(f["name"] == k and f["required"] for f in fields)}
    optional = {k: v for k, v in values.items() if k not in required}
    return mostly(st.fixed_dictionaries(required, optional=optional),
                  st.fixed_dictionaries({}, optional=values), odds=3)


def assert_answered(response) -> None:
    """Whatever was sent: an answer in JSON, never a server error; a message with every refusal."""
    assert response.status_code < 500, response.content[:2000]
    data = response.json()
    if response.status_code >= 400:
        assert isinstance(data["detail"], str) and data["detail"]
        assert isinstance(data.get("errors", {}), dict)
