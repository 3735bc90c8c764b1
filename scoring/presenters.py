"""What a game's pages show beyond the generic ones: the Django side of a game, registered by its app.

A game's ``presenter.py`` subclasses :class:`Presenter` and its ``AppConfig.ready`` registers it. The table
page includes ``state_template`` beside the standings (with ``board`` in its context) and, when the game has
its own record form, ``record_template`` instead of the generic one (with ``r`` in its context). What the state
template folds away from the first load (``folds``) is drawn when opened: the page with ``?<name>=1`` draws it
open, and an htmx request for it is answered with its partial alone. Before a change of players closes a game, the
players page says its ``closing_notes`` under the standings it closes on. The score sheet, the big screen and the
table page's recent deals write beside a deal what the game's paper sheet writes there (``deal_marks``: who played
what, and who with, by their scores).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from django.apps import AppConfig

from referee.text import Text

if TYPE_CHECKING:
    from referee.game import TableSpec
    from scoring.services import Standings


@dataclass(frozen=True)
class DealMark:
    """What a game's paper sheet writes beside one side's score in a deal, in the game's words and the reader's
    language: the side it goes by (its column on the sheet), a few letters or a sign there, and the same said
    whole, as the big screen says it and a screen reader reads the letters. A mark that several sides earned
    together (a team's, the defence's) goes by each of their scores: the others are ``also``; it is said once.

    >>> DealMark(2, "P1", "Simple poignée shown by the defence", also=(0, 3)).sides
    (2, 0, 3)
    """

    side: int
    mark: str
    said: str
    also: tuple[int, ...] = ()

    @property
    def sides(self) -> tuple[int, ...]:
        return (self.side, *self.also)


def marks_by_side(marks: Sequence[DealMark]) -> dict[int, tuple[DealMark, ...]]:
    """Each side's marks in a deal, in the order the game gives them (its main one first).

    >>> by_side = marks_by_side([DealMark(0, "G", "Taker"), DealMark(1, "P1", "Defence", also=(2,)),
    ...                          DealMark(0, "PAB", "Attack")])
    >>> {side: [m.mark for m in marks] for side, marks in sorted(by_side.items())}
    {0: ['G', 'PAB'], 1: ['P1'], 2: ['P1']}
    """
    by_side: dict[int, tuple[DealMark, ...]] = {}
    for mark in marks:
        for side in mark.sides:
            by_side[side] = (*by_side.get(side, ()), mark)
    return by_side


class Presenter:
    """The defaults: the generic record form, nothing beside the standings."""

    record_template: str | None = None
    state_template: str | None = None
    stylesheet: str | None = None  # a static path, linked on the game's pages
    says_who_deals = False  # state_template says who deals and who speaks first: the page's own line does not
    # The record form pays debts earlier deals made (a lulo): the outbox warns that one made by a deal not yet sent
    # cannot be paid in it.
    form_pays_debts = False
    pot_names: Mapping[str, Text] = {}  # a pot's key in the stored moves -> its name as players say it
    # A part of state_template drawn only when opened (its query parameter -> its partial, "<template>#<name>"):
    # ``?<parameter>=1`` draws it open, in the page and in the live region; htmx asks for the partial alone.
    folds: Mapping[str, str] = {}

    def pot_name(self, pot: str) -> str:
        """A pot as players say it, in the reader's language (the game's ``pot_names``); its key capitalised if
        the game does not name it (a pot whose name is the same in every language)."""
        from scoring.services import translate  # services imports the models: not before the apps are loaded

        return translate(self.pot_names[pot]) if pot in self.pot_names else pot.capitalize()

    def board(self, standings: Standings) -> Mapping[str, Any]:
        """The context of ``state_template``, worked out from the standings (the templates only draw)."""
        return {}

    def money_check(self, outcome: Mapping[str, Any], paid_in: int, taken_out: int) -> Mapping[str, Any] | None:
        """A deal's own money check, from its stored outcome and the chips it moved into and out of the pots:
        ``{"before": …, "after": …, "ok": …}`` (pots before + paid in = taken out + pots after), or None; with
        ``"where"``, what the money lies in as the game's players say it (else the history says "the pots")."""
        return None

    def record(self, form: Any, table: Any, deal: Any = None, standings: Standings | None = None) -> Mapping[str, Any]:
        """The context of ``record_template`` for ``form``: for a new deal after ``standings``, or to edit
        ``deal`` (then the state before it)."""
        return {}

    def deal_marks(self, spec: TableSpec[Any], record: Mapping[str, Any],
                   outcome: Mapping[str, Any]) -> Sequence[DealMark]:
        """What the game's paper sheet writes beside a deal's scores, from the deal's stored record and outcome (a
        void deal is never asked), the main one first, a side's own before what it shares (the big screen says
        them in this order; a side with several shows them in this order too): nothing by default."""
        return ()

    def side_marks(self, spec: TableSpec[Any], record: Mapping[str, Any],
                   outcome: Mapping[str, Any]) -> dict[int, tuple[DealMark, ...]]:
        """Each side's marks in a deal (:meth:`deal_marks` by :func:`marks_by_side`); none in a void deal."""
        return {} if outcome.get("void") else marks_by_side(self.deal_marks(spec, record, outcome))

    @property
    def writes_marks(self) -> bool:
        """Whether the game writes marks beside a deal's scores (its own :meth:`deal_marks`): only its table page
        links their stylesheet, which every other game's first load does without."""
        return type(self).deal_marks is not Presenter.deal_marks

    def void_said(self, record: Mapping[str, Any]) -> str:
        """What the sheet and the big screen write for a void deal, from its stored record, when the game says more
        than "void" (a deal all passed is no misdeal): nothing by default."""
        return ""

    def marks_legend(self, spec: TableSpec[Any], shown: Collection[str]) -> str:
        """What the letters of :meth:`deal_marks` stand for at this table, said once under the sheet, ``shown``
        being the letters on it (a game may leave out those it writes only now and then): nothing by default."""
        return ""

    def closing_notes(self, standings: Standings) -> Sequence[str]:
        """What becomes of what the game leaves on the table beyond its standings (debts still owed, chips in a
        pot) when it closes on ``standings`` — someone joining or leaving a game under way
        (:mod:`scoring.seating`) — each a paragraph the players page says before the change is confirmed, in the
        game's own words: nothing by default."""
        return ()


DEFAULT = Presenter()
_PRESENTERS: dict[str, Presenter] = {}


def register(slug: str, presenter: Presenter) -> None:
    _PRESENTERS[slug] = presenter


def presenter_for(slug: str) -> Presenter:
    return _PRESENTERS.get(slug, DEFAULT)


class GameApp(AppConfig):
    """A game's app (``games/<slug>/apps.py``): it registers the game's ``presenter.PRESENTER`` when Django
    starts. A game's app only says its name: ``class MyGameApp(GameApp): name = "games.mygame"``."""

    default = False  # imported into each game's apps.py: Django picks the game's own class there

    def ready(self) -> None:
        module = import_module(f"{self.name}.presenter")
        presenters = getattr(module, "PRESENTERS", None)  # a family of games in one folder: one per slug
        for slug, presenter in (presenters or {self.name.rsplit(".", 1)[-1]: module.PRESENTER}).items():
            register(slug, presenter)
