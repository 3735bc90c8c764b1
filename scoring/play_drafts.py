"""The deal being entered card by card: a draft per table on the phone entering it, kept in its session until
it is saved or thrown away, so a reload (or a lost connection) loses nothing.

A draft is the contract as the game's ``play_fields`` asked it, who leads the first trick, the cards in the
order played, and (when a stored deal's cards are being corrected) that deal's number, else the number the new
deal was to have when it began. The cards are kept as
their codes, a card played face down with a star after its code (``6C*``, as the referee writes it; a draft
from before face-down plays still reads); the deal, its tricks and its flags are derived again from them on
each request (:class:`referee.played.PlayedDeal`), so nothing derived is ever stale. Two phones each have their
own draft (their own session); the same phone's two tabs share one, and the last write wins: never an error. A
draft is seen by no other phone, not even one with the same edit link: if another phone records a deal meanwhile
(perhaps this same deal, from the record form), the first Save says so and records nothing, keeping the draft;
a second Save records it as the next deal, knowingly, played from that deal's leader (``views.play``).

A game offers card-by-card entry by answering four questions (nothing here names a game):

- ``play_fields(table)``: the fields asked before the first card (the contract);
- ``played_deal(table, contract, first_leader)``: the deal before its first card (``InvalidRecord``);
- ``record_from_plays(table, contract, deal)``: the record a complete deal makes, keeping its cards, and the
  lines that say how (``InvalidRecord``);
- ``plays_of(table, stored_record)``: a stored deal's contract, first leader and cards, or ``None``; in a game
  with face-down plays each card may be given as a :class:`~referee.tricks.Play` saying whether it went face
  down.

And it may answer three more, where it has more to say (scoring/views/play.py asks them if they are there):
``contract_fields(table, state)``, the contract's fields as the night stands before the deal (the debts
that may be paid, to tap); ``check_contract(table, state, contract)``, what the contract breaks before any card
is in (``InvalidRecord``); ``first_lead_note(table, speaker)``, who leads when the contract decides it.

A card may be played face down only where the game's trick rules have face-down plays at all
(``rules.shape.face_down``); where exactly is the game's course to say (a flag, never a refusal).
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from referee.cards import Card, CardError
from referee.game import Game, InvalidRecord, TableSpec
from referee.played import PlayedDeal
from referee.tricks import Play
from scoring.models import Table

SESSION_KEY = "card_drafts"
FACE_DOWN_MARK = "*"  # after a card's code in a draft: played face down
MAX_DRAFTS = 10  # tables with a deal under way on one phone: the oldest is forgotten first
ASKS = ("play_fields", "played_deal", "record_from_plays", "plays_of")


def entered_by_cards(game: Game[Any, Any, Any]) -> bool:
    """Whether ``game`` offers card-by-card entry: it says so (``card_by_card = True``, which the table page
    reads) and answers the four questions."""
    return getattr(game, "card_by_card", False) is True and all(callable(getattr(game, n, None)) for n in ASKS)


@dataclass
class Draft:
    contract: dict[str, Any]
    leader: int  # the seat that leads the first trick
    cards: list[str] = field(default_factory=list)
    number: int | None = None  # the stored deal whose cards are being corrected, if any
    client_id: str = field(default_factory=lambda: str(uuid.uuid4()))  # Save sent twice records once
    players: list[str] = field(default_factory=list)  # the table's players when it began (older drafts: none)
    revision: int | None = None  # the corrected deal's revision when its correction began: another phone's change since
    expected: int | None = None  # a new deal's number when it began: another phone's deal since is said at Save

    def deal(self, game: Game[Any, Any, Any], spec: TableSpec[Any]) -> PlayedDeal:
        """The deal as played so far: ``InvalidRecord`` if the players changed since it began (someone joined,
        left or was renamed: its seats would name others) or its contract no longer reads."""
        if self.players and [p.casefold() for p in self.players] != [p.casefold() for p in spec.players]:
            raise InvalidRecord({"players": "The players changed since this deal was started."})
        try:
            first = spec.seat(self.leader)
            deal: PlayedDeal = game.played_deal(spec, self.contract, first)  # type: ignore[attr-defined]
            deck = game.deck_for(spec)
            plays = []
            for given in self.cards:
                code, face_down = read_code(given)
                plays.append(Play(None, Card.parse(code, deck), face_down))
        except (IndexError, CardError, ValueError) as exc:  # a seat or card this table no longer has
            raise InvalidRecord({"players": "This deal no longer reads at this table."}) from exc
        return dataclasses.replace(deal, plays=tuple(plays))

    @classmethod
    def read(cls, data: Any) -> Draft | None:
        """A draft back from the session; ``None`` for anything else (an older shape, a tampered value)."""
        try:
            draft = cls(**data)
        except TypeError:
            return None
        ok = (isinstance(draft.contract, dict) and isinstance(draft.leader, int) and isinstance(draft.cards, list)
              and all(isinstance(c, str) for c in draft.cards) and isinstance(draft.players, list)
              and all(isinstance(p, str) for p in draft.players)
              and (draft.number is None or isinstance(draft.number, int))
              and (draft.revision is None or isinstance(draft.revision, int))
              and (draft.expected is None or isinstance(draft.expected, int)))
        return draft if ok else None


def _key(table: Table) -> str:
    return str(table.pk)


def load(session: Any, table: Table) -> Draft | None:
    drafts = session.get(SESSION_KEY)
    if not isinstance(drafts, Mapping) or _key(table) not in drafts:
        return None
    return Draft.read(drafts[_key(table)])


def store(session: Any, table: Table, draft: Draft) -> None:
    drafts = dict(session.get(SESSION_KEY) or {})
    drafts.pop(_key(table), None)
    drafts[_key(table)] = asdict(draft)
    while len(drafts) > MAX_DRAFTS:
        drafts.pop(next(iter(drafts)))
    session[SESSION_KEY] = drafts


def drop(session: Any, table: Table) -> None:
    drafts = dict(session.get(SESSION_KEY) or {})
    if drafts.pop(_key(table), None) is not None:
        session[SESSION_KEY] = drafts


def code_of(card: Card, face_down: bool = False) -> str:
    """A card as the draft keeps it: its code, with a star when it went face down.

    >>> code_of(Card("C", "6"), face_down=True), code_of(Card("C", "6"))
    ('6C*', '6C')
    """
    return card.code + FACE_DOWN_MARK if face_down else card.code


def read_code(code: str) -> tuple[str, bool]:
    """A draft's code back as the card's code and whether it went face down.

    >>> read_code("6C*"), read_code("KH")
    (('6C', True), ('KH', False))
    """
    return (code[:-1], True) if code.endswith(FACE_DOWN_MARK) else (code, False)


def played_code(item: Card | Play) -> str:
    """A card of a stored deal's plays (a card, or a play that says whether it went face down) as a draft's."""
    return code_of(item.card, item.face_down) if isinstance(item, Play) else item.code


def face_down_allowed(deal: PlayedDeal) -> bool:
    """Whether the game has face-down plays at all (its trick rules' shape says so)."""
    return bool(getattr(deal.rules.shape, "face_down", False))


def card_of(code: str, game: Game[Any, Any, Any], spec: TableSpec[Any]) -> Card | None:
    """A card of the table's deck from what was sent; ``None`` if it is not one."""
    try:
        return Card.parse(code, game.deck_for(spec))
    except (CardError, ValueError, IndexError):
        return None
