"""French Tarot rulings: which cards may be played, who wins a trick, whether an écart is legal.

A situation (a dict, as the referee page and the API send it):

- a play: ``{"hand": ["KH", "T5", ...], "trick": ["7H", "T12"], "card": "T5"}``. ``trick`` is the cards
  already played, in order, as codes or as ``{"player": ..., "card": ...}``; ``card`` is optional (without it
  the ruling lists every legal card). At five players ``first_trick`` (bool) with ``called_card`` (``"KH"``)
  or ``called_suit`` (``"H"``; the King of that suit is meant) brings in the opening-lead rule.
- a complete trick (as many cards as players, no ``hand``): the winner. ``last_trick`` and ``chelem``
  (bools) say whether it is the last trick of a side that took every other one (the Excuse led there wins).
  The winner is the player's name when the trick names players, or when ``leader`` names who led;
  otherwise the winning card's code.
- an écart: ``{"question": "ecart", "hand": [...], "ecart": [...]}``, the hand being the taker's after
  taking the chien (30 cards at three players, 24 at four, 18 at five).

>>> from referee.games.tarot import GAME
>>> table = GAME.table(["N", "E", "S", "W"])
>>> GAME.ruling(table, {"hand": ["KH", "2H", "T5", "EX"], "trick": ["7H"]}).legal_cards
['KH', '2H', 'EX']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import SUIT_SYMBOLS, TAROT_RANKS, TRUMP, Card, CardError, DeckKind, card_codes
from referee.games.base import Errors, Field, Ruling, TableSpec
from referee.text import Text, _
from referee.tricks import Play, Trick, trick_winner

HAND_SIZE: dict[int, int] = {3: 24, 4: 18, 5: 15}
CHIEN_SIZE: dict[int, int] = {3: 6, 4: 6, 5: 3}

RULE_LEAD = _("Leading: any card")
RULE_EXCUSE_LED = _("The Excuse was led: the next card sets the suit")
RULE_FOLLOW = _("Follow suit")
RULE_TRUMP = _("Trump when void")
RULE_OVERTRUMP = _("Overtrump")
RULE_PISSER = _("Pisser: trump even if you cannot overtrump")
RULE_DISCARD = _("Discard when you can neither follow nor trump")
RULE_EXCUSE = _("The Excuse may always be played")
RULE_OPENING = _("Opening lead at five players")
RULE_WINNER = _("Who wins the trick")
RULE_ECART = _("The écart")

RULING_FIELDS: tuple[Field, ...] = (
    Field("question", _("Question"), "choice", required=False, default="play",
          choices=(("play", _("May this card be played? / Who wins the trick?")),
                   ("ecart", _("Is this écart legal?")))),
    Field("hand", _("Hand of the player to play"), "cards", required=False,
          help=_("Leave empty with a complete trick to find its winner. For an écart: the taker's hand "
                 "with the chien.")),
    Field("trick", _("Cards already played in this trick, in order"), "cards", required=False, default=[]),
    Field("card", _("Card to play"), "card", required=False,
          help=_("Leave empty to see every card that may be played.")),
    Field("ecart", _("Écart"), "cards", required=False),
    Field("leader", _("Who led this trick"), "player", required=False),
    Field("called_card", _("Called card (five players)"), "card", required=False),
    Field("first_trick", _("First trick of the deal"), "bool", required=False, default=False),
    Field("last_trick", _("Last trick of the deal"), "bool", required=False, default=False),
    Field("chelem", _("One side has taken every trick so far (chelem)"), "bool", required=False,
          default=False),
)

SUIT_LETTERS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
                "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C"}


# -- the rules of play ------------------------------------------------------------------------------------

def suit_mark(suit: str) -> str:
    return "trumps" if suit == TRUMP else SUIT_SYMBOLS.get(suit, suit)


def led_suit(trick: Sequence[Card]) -> str | None:
    """The suit that must be followed: the first card that is not the Excuse (led Excuse: the next card)."""
    for card in trick:
        if not card.is_excuse:
            return card.suit
    return None


def highest_trump(trick: Sequence[Card]) -> Card | None:
    trumps = [c for c in trick if c.is_trump]
    return max(trumps, key=lambda c: c.number) if trumps else None


@dataclass(frozen=True)
class PlayJudgement:
    """Which cards of a hand may be played to a trick, the rule in force, and a reason per card."""

    rule: Text
    explanation: Text
    legal: tuple[Card, ...]
    reasons: dict[str, Text]


def legal_plays(hand: Sequence[Card], trick: Sequence[Card], called: Card | None = None) -> PlayJudgement:
    """The cards of ``hand`` that may go to ``trick``; ``called`` brings in the five-player opening lead.

    >>> from referee.cards import parse_cards
    >>> j = legal_plays(parse_cards("2H T3 T15 EX", "tarot"), parse_cards("7S T10", "tarot"))
    >>> [c.code for c in j.legal], str(j.rule)
    (['T15', 'EX'], 'Overtrump')
    """
    reasons: dict[str, Text] = {}
    suit = led_suit(trick)
    trumps = [c for c in hand if c.is_trump]
    top = highest_trump(trick)

    def ruled(rule: Text, explanation: Text, legal: Sequence[Card], why_ok: Text,
              why_not: Text) -> PlayJudgement:
        for card in hand:
            if card.is_excuse:
                reasons[card.code] = _("The Excuse may be played at any time, instead of obeying.")
            else:
                reasons[card.code] = why_ok if card in legal else why_not
        allowed = tuple(c for c in hand if c in legal or c.is_excuse)
        return PlayJudgement(rule, explanation, allowed, reasons)

    if suit is None:
        if called is not None and not trick:
            banned = [c for c in hand if c.suit == called.suit and c != called]
            others = [c for c in hand if c not in banned]
            if banned and [c for c in others if not c.is_excuse]:
                return ruled(RULE_OPENING,
                             _("At five players the first trick may not be led in the called suit "
                               "(%(suit)s), "
                               "except with the called card %(called)s itself.", suit=suit_mark(called.suit),
                               called=called.code),
                             others, _("Any card but the called suit may open the deal."),
                             _("Not the called suit (%(suit)s) on the first lead, unless it is the called "
                               "card %(called)s.", suit=suit_mark(called.suit), called=called.code))
        if trick:
            return ruled(RULE_EXCUSE_LED,
                         _("The Excuse was led, so it sets no suit: play any card, and that card sets the "
                           "suit "
                           "for the others."),
                         hand, _("Any card may follow a led Excuse."), _("Any card may follow a led Excuse."))
        return ruled(RULE_LEAD, _("The leader may lead any card."), hand, _("Any card may be led."),
                     _("Any card may be led."))

    if suit == TRUMP:
        if not trumps:
            return ruled(RULE_DISCARD,
                         _("Trumps were led and you have none: play any card."),
                         hand, _("You have no trump: any card will do."), _("Any card will do."))
        higher = [c for c in trumps if top is None or c.number > top.number]
        if higher:
            return ruled(RULE_OVERTRUMP,
                         _("Trumps were led: you must beat the highest trump in the trick, %(top)s, even if "
                           "your "
                           "partner played it, since you can.", top=top.code if top else ""),
                         higher, _("Beats the %(top)s, as you must.", top=top.code if top else ""),
                         _("You must beat the %(top)s with a higher trump, and you hold one.",
                           top=top.code if top else ""))
        return ruled(RULE_FOLLOW,
                     _("Trumps were led: you cannot beat the %(top)s, so play any trump.",
                       top=top.code if top else ""),
                     trumps, _("A trump, as trumps were led; you cannot beat the %(top)s.",
                               top=top.code if top else ""),
                     _("Trumps were led and you hold trumps: play one."))

    mark = suit_mark(suit)
    following = [c for c in hand if c.suit == suit]
    if following:
        return ruled(RULE_FOLLOW,
                     _("%(suit)s was led and you hold %(suit)s: you must play one (or the Excuse).",
                       suit=mark),
                     following, _("Follows the suit led, %(suit)s.", suit=mark),
                     _("You hold %(suit)s, the suit led: you must follow suit.", suit=mark))
    if not trumps:
        return ruled(RULE_DISCARD,
                     _("You have no %(suit)s and no trump: throw any card.", suit=mark),
                     hand, _("You can neither follow %(suit)s nor trump: any card will do.", suit=mark),
                     _("Any card will do."))
    if top is None:
        return ruled(RULE_TRUMP,
                     _("You have no %(suit)s, the suit led: you must play a trump.", suit=mark),
                     trumps, _("A trump, as you have no %(suit)s.", suit=mark),
                     _("You have no %(suit)s but hold trumps: you must trump.", suit=mark))
    higher = [c for c in trumps if c.number > top.number]
    if higher:
        return ruled(RULE_OVERTRUMP,
                     _("You have no %(suit)s and the trick is already trumped with the %(top)s: you must "
                       "play a "
                       "higher trump, since you hold one.", suit=mark, top=top.code),
                     higher, _("Beats the %(top)s, as you must.", top=top.code),
                     _("The trick is trumped with the %(top)s and you can beat it: you must overtrump.",
                       top=top.code))
    return ruled(RULE_PISSER,
                 _("You have no %(suit)s and cannot beat the %(top)s: you must still play a trump (pisser).",
                   suit=mark, top=top.code),
                 trumps, _("A lower trump: you cannot beat the %(top)s but must still trump.", top=top.code),
                 _("You have no %(suit)s but hold trumps: you must trump, even under the %(top)s.",
                   suit=mark, top=top.code))


def _strength(excuse_wins: bool) -> Any:
    def strength(play: Play, trick: Trick) -> tuple[int, ...] | None:
        card = play.card
        if card.is_excuse:
            return (3, 0) if excuse_wins else None
        if card.is_trump:
            return (2, card.number)
        if card.suit == led_suit(trick.cards()):
            return (1, TAROT_RANKS.index(card.rank))
        return None
    return strength


def winning_index(trick: Sequence[Card], chelem_last_trick: bool = False) -> int:
    """Index of the winning card: highest trump, else highest of the suit led; the Excuse never wins,
    except led to the last trick of a chelem.

    >>> from referee.cards import parse_cards
    >>> winning_index(parse_cards("EX 3H KH T2", "tarot"))
    3
    """
    excuse_wins = chelem_last_trick and bool(trick) and trick[0].is_excuse
    plays = Trick(tuple(Play(str(i), c) for i, c in enumerate(trick)))
    best = trick_winner(plays, _strength(excuse_wins))
    assert best is not None  # a trick of three or more cards has a card that is not the Excuse
    return int(best.player)


# -- reading the situation --------------------------------------------------------------------------------

def _parse_bool(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "on", "yes")
    return bool(value)


def _card_list(value: Any, field: str, errors: Errors) -> list[Card]:
    codes = card_codes(value)
    if codes is None:
        errors.add(field, _("Give a list of cards, like KH 10S T21 EX."))
        return []
    cards: list[Card] = []
    for code in codes:
        card = _one_card(code, field, errors)
        if card is None:
            return []
        if card in cards:
            errors.add(field, _("%(code)s is given twice: there is one of each card.", code=card.code))
            return []
        cards.append(card)
    return cards


def _one_card(code: Any, field: str, errors: Errors) -> Card | None:
    if not isinstance(code, str):
        errors.add(field, _("%(code)s is not a Tarot card.", code=str(code)))
        return None
    try:
        return Card.parse(code, DeckKind.TAROT)
    except CardError:
        errors.add(field, _("%(code)s is not a Tarot card (trumps T1–T21, the Excuse EX, suit cards like KH, "
                            "10S, CD for a Knight).", code=code))
        return None


def _trick(table: TableSpec, value: Any, errors: Errors) -> tuple[list[Card], list[str | None]]:
    """The trick's cards and, where given, who played each."""
    if value is None or value == "":
        return [], []
    if isinstance(value, str) or (isinstance(value, Sequence) and all(isinstance(v, str) for v in value)):
        cards = _card_list(value, "trick", errors)
        return cards, [None] * len(cards)
    if not isinstance(value, Sequence):
        errors.add("trick", _("Give the trick as a list of cards in the order played."))
        return [], []
    cards: list[Card] = []
    players: list[str | None] = []
    for entry in value:
        if isinstance(entry, Mapping):
            code, player = entry.get("card"), entry.get("player")
        else:
            code, player = entry, None
        card = _one_card(code, "trick", errors)
        if card is None:
            return [], []
        if card in cards:
            errors.add("trick", _("%(code)s is given twice: there is one of each card.", code=card.code))
            return [], []
        name = None
        if player not in (None, ""):
            name = table.player_named(player)
            if name is None:
                errors.add("trick", _("%(name)s is not playing at this table.", name=str(player)))
                return [], []
            if name in players:
                errors.add("trick", _("%(name)s has already played to this trick.", name=name))
                return [], []
        cards.append(card)
        players.append(name)
    return cards, players




def _called(table: TableSpec, situation: Mapping[str, Any], errors: Errors) -> Card | None:
    raw_card, raw_suit = situation.get("called_card"), situation.get("called_suit")
    if raw_card in (None, "") and raw_suit in (None, ""):
        return None
    field = "called_card" if raw_card not in (None, "") else "called_suit"
    if table.size != 5:
        errors.add(field, _("Only at five players does the taker call a card."))
        return None
    if raw_card not in (None, ""):
        card = _one_card(raw_card, "called_card", errors)
        if card is not None and (card.is_trump or card.is_excuse or card.rank not in ("K", "Q", "C", "J")):
            errors.add("called_card", _("The called card is a King (or a Queen, Knight or Jack)."))
            return None
        return card
    suit = SUIT_LETTERS.get(str(raw_suit).strip().upper())
    if suit is None:
        errors.add("called_suit", _("The called suit is S, H, D or C."))
        return None
    return Card(suit, "K")


# -- the rulings ------------------------------------------------------------------------------------------

def tarot_ruling(table: TableSpec, situation: Mapping[str, Any]) -> Ruling:
    """Answer a situation (see the module's docstring); :class:`InvalidRecord` with a message per field."""
    question = str(situation.get("question") or "play").strip().lower()
    if question == "ecart":
        return ecart_ruling(table, situation)
    errors = Errors()
    if question not in ("play", "trick"):
        errors.add("question", _("Ask about a play or an écart."))
    n = table.size
    hand = _card_list(situation.get("hand"), "hand", errors)
    trick, players = _trick(table, situation.get("trick"), errors)
    called = _called(table, situation, errors)
    card: Card | None = None
    if situation.get("card") not in (None, ""):
        card = _one_card(situation.get("card"), "card", errors)
    leader = None
    if situation.get("leader") not in (None, ""):
        leader = table.player_named(situation.get("leader"))
        if leader is None:
            errors.add("leader", _("%(name)s is not playing at this table.",
                                   name=str(situation.get("leader"))))
    if len(trick) > n:
        errors.add("trick", _("A trick has one card per player: %(n)s here, not %(given)s.", n=n,
                              given=len(trick)))
    if len(hand) > HAND_SIZE[n]:
        errors.add("hand", _("A hand has %(cards)s cards at %(n)s players, not %(given)s.",
                             cards=HAND_SIZE[n], n=n, given=len(hand)))
    both = [c.code for c in hand if c in trick]
    if both:
        errors.add("hand", _("%(code)s cannot be both in the hand and in the trick.", code=both[0]))
    complete = len(trick) == n
    if complete and (hand or card is not None):
        errors.add("trick", _("Every player has played to this trick: nothing more can go on it."))
    if not complete and "trick" not in errors:
        if not hand:
            errors.add("hand", _("Give the hand of the player to play (or a complete trick for its winner)."))
        elif card is not None and card not in hand and "card" not in errors:
            errors.add("card", _("%(code)s is not in the hand given.", code=card.code))
    errors.raise_if_any()

    if complete:
        return _winner_ruling(table, trick, players, leader, _parse_bool(situation.get("last_trick")),
                              _parse_bool(situation.get("chelem")))

    opening = called if (called is not None and _parse_bool(situation.get("first_trick"))) else None
    judgement = legal_plays(hand, trick, opening)
    legal_codes = [c.code for c in judgement.legal]
    if card is None:
        return Ruling(None, judgement.rule, judgement.explanation, legal_codes, judgement.reasons)
    legal = card in judgement.legal
    rule = RULE_EXCUSE if card.is_excuse else judgement.rule
    reason = judgement.reasons[card.code]
    explanation = (_("%(card)s may be played. %(reason)s", card=card.code, reason=reason) if legal else
                   _("%(card)s may not be played. %(rule)s", card=card.code, rule=judgement.explanation))
    return Ruling(legal, rule, explanation, legal_codes, judgement.reasons)


def _winner_ruling(table: TableSpec, trick: list[Card], players: list[str | None], leader: str | None,
                   last_trick: bool, chelem: bool) -> Ruling:
    if leader is not None and all(p is None for p in players):
        seat = table.players.index(leader)
        players = [table.players[table.after(seat, i)] for i in range(len(trick))]
    index = winning_index(trick, last_trick and chelem)
    best = trick[index]
    winner = players[index] or best.code
    who = players[index] or best.code
    reasons: dict[str, Text] = {}
    notes: list[Text] = []
    if best.is_excuse:
        explanation = _("The Excuse led to the last trick of a chelem wins it: %(who)s takes the trick.",
                        who=who)
    elif best.is_trump:
        explanation = _("The %(card)s is the highest trump: %(who)s takes the trick.", card=best.code,
                        who=who)
    else:
        explanation = _("No trump was played: the %(card)s is the highest %(suit)s, the suit led, so %(who)s "
                        "takes the trick.", card=best.code, suit=suit_mark(best.suit), who=who)
    for position, card in enumerate(trick):
        if position == index:
            reasons[card.code] = _("Wins the trick.")
        elif card.is_excuse:
            reasons[card.code] = _("The Excuse never wins a trick.")
        elif card.is_trump:
            reasons[card.code] = _("A lower trump.")
        elif card.suit == best.suit or best.is_excuse:
            reasons[card.code] = _("Lower than the %(card)s.", card=best.code)
        else:
            reasons[card.code] = _("Not the suit led and not a trump: it cannot win.")
    if any(c.is_excuse for c in trick) and not best.is_excuse:
        if trick[0].is_excuse:
            notes.append(_("The Excuse was led, so the next card set the suit."))
        if last_trick:
            notes.append(_("In the last trick, outside a chelem, the Excuse goes to the side that wins the "
                           "trick."))
        else:
            notes.append(_("Its owner keeps the Excuse and gives the winner a ½-point card for it."))
    for note in notes:
        explanation = _("%(main)s %(note)s", main=explanation, note=note)
    return Ruling(None, RULE_WINNER, explanation, [], reasons, winner)


def ecart_ruling(table: TableSpec, situation: Mapping[str, Any]) -> Ruling:
    """Is this écart legal? No King, no bout; trumps only when unavoidable (and shown); the right count."""
    errors = Errors()
    n = table.size
    size = CHIEN_SIZE[n]
    hand = _card_list(situation.get("hand"), "hand", errors)
    ecart = _card_list(situation.get("ecart"), "ecart", errors)
    expected = HAND_SIZE[n] + size
    if "hand" not in errors and len(hand) != expected:
        errors.add("hand", _("With the chien the taker holds %(cards)s cards at %(n)s players, not "
                             "%(given)s.",
                             cards=expected, n=n, given=len(hand)))
    missing = [c.code for c in ecart if c not in hand]
    if missing and "hand" not in errors:
        errors.add("ecart", _("%(code)s is not in the taker's hand.", code=missing[0]))
    if not ecart and "ecart" not in errors:
        errors.add("ecart", _("Give the cards put down as the écart."))
    errors.raise_if_any()

    plain = [c for c in hand if not c.is_trump and not c.is_excuse and c.rank != "K"]
    trumps_needed = max(0, size - len(plain))
    may = [c for c in hand if c in plain or (trumps_needed and c.is_trump and not c.is_bout)]
    reasons: dict[str, Text] = {}
    faults: list[Text] = []
    trumps_in = [c for c in ecart if c.is_trump and not c.is_bout]
    for card in ecart:
        if card.is_bout:
            reasons[card.code] = _("A bout never goes in the écart.")
        elif card.rank == "K" and not card.is_trump:
            reasons[card.code] = _("A King never goes in the écart.")
        elif card.is_trump:
            reasons[card.code] = (_("Allowed and shown: you have only %(plain)s other cards to put down.",
                                    plain=len(plain)) if trumps_needed else
                                  _("A trump may go in only when nothing else can: you have %(plain)s other "
                                    "cards.", plain=len(plain)))
        else:
            reasons[card.code] = _("Allowed.")
    bad = [c for c in ecart if c.is_bout or (c.rank == "K" and not c.is_trump)]
    if bad:
        faults.append(_("No King and no bout may go in the écart (%(cards)s).",
                        cards=" ".join(c.code for c in bad)))
    if len(trumps_in) > trumps_needed:
        faults.append(_("Trumps go in only when unavoidable: you hold %(plain)s other cards that may go "
                        "down, so at most %(most)s trump(s) here, not %(given)s.", plain=len(plain),
                        most=trumps_needed, given=len(trumps_in)))
    if len(ecart) != size:
        faults.append(_("The écart is %(size)s cards at %(n)s players, not %(given)s.", size=size, n=n,
                        given=len(ecart)))
    legal_codes = [c.code for c in may]
    if faults:
        explanation = _("Not a legal écart.")
        for fault in faults:
            explanation = _("%(main)s %(note)s", main=explanation, note=fault)
        return Ruling(False, RULE_ECART, explanation, legal_codes, reasons)
    if trumps_in:
        explanation = _("A legal écart: with only %(plain)s cards that are neither trump nor King, "
                        "%(trumps)s "
                        "must go down, shown to the table.", plain=len(plain),
                        trumps=" ".join(c.code for c in trumps_in))
    else:
        explanation = _("A legal écart: %(size)s cards, no King, no bout and no trump.", size=size)
    return Ruling(True, RULE_ECART, explanation, legal_codes, reasons)
