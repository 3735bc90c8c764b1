"""Toruro derived from its cards: a deal played card by card gives who took each pot and the misplays.

Given the contract as the record holds it (the turned card, the lulos paid before the deal, who went) and the
deal played card by card (:class:`~referee.played.PlayedDeal`, made by :func:`new_deal` with the players who
went, in the order of play from the dealer's left: the first of them leads), :func:`derive` finds:

- who took each trick, and so the cabeza, the barriga and the cola (the game's own referee,
  :class:`~games.toruro.play.ToruroTrickRules`, with the 7 of trumps standing in for a turned sota or higher);
- the **misplays**: every card the cards themselves prove illegal, at once (from what the player is known to
  hold then) or later (a revoke: the player who did not follow, trump, overtrump, lead the Ace or the highest
  trump, plays the card that shows he could have). Each is a :class:`~games.toruro.record.Misplay` naming
  the rule broken (``follow_suit``, ``lead_ace``...), so the game's ``score`` puts the player on the lulo
  list for it, as it does a player who went and took no trick (RULINGS.md, "Toruro").

It gives back a :class:`~games.toruro.record.ToruroRecord` the game's ``parse``, ``check`` and ``score``
accept; :func:`said` gives the lines that say what the cards said (who took each pot, who went and took no
trick, each misplay turned into its lulo), and :func:`check_plays` refuses a stored record whose cards say
otherwise than its tricks and misplays.

>>> from games.toruro.rules import GAME
>>> from referee.cards import Card
>>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])
>>> deal = new_deal(table, Card("B", "5"), dealer=table.seat(0), went=[table.seat(3), table.seat(1)])
>>> deal.next_seat.name, [s.name for s in deal.seats]
('Luis', ['Luis', 'Marta'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.cards import Card
from referee.game import TableSpec
from referee.parse import Errors, InvalidRecord
from referee.played import Course, Flag, FlagKind, PlayedDeal, require_sound_cards
from referee.text import Text, _
from referee.tricks import Situation
from referee.values import Seat

from .options import ToruroOptions
from .play import REFEREE, TRICKS, PlayRule, card_name, judge_play, seven_stands_in_for
from .record import Misplay, Taken, ToruroRecord, parse_record
from .words import POT_NAMES, POTS, RULE, RULE_NAMES

CARD_FIELDS = ("tricks", "misplays", "plays")  # what the cards say, not the person
PROVEN = (FlagKind.ILLEGAL, FlagKind.REVOKE)


def in_turn(table: TableSpec[Any], dealer: Seat, went: Iterable[Seat]) -> tuple[Seat, ...]:
    """The players who went, in the order of play from the dealer's left."""
    order = {table.after(dealer.index, k): k for k in range(1, table.size + 1)}
    return tuple(sorted({table.seat(s.index) for s in went}, key=lambda s: order[s.index]))


class ToruroCourse(Course):
    """A Toruro deal's course: the usual one, but only those who went play, which the referee is told (a trick
    holds a card from each of them, so a card that ends it is also told who takes it)."""

    def referee_fields(self, deal: PlayedDeal) -> Mapping[str, str | list[str]]:
        return {"went": [seat.name for seat in deal.seats]}  # tapped on, one by one


def new_deal(table: TableSpec[ToruroOptions], turned: Card, dealer: Seat, went: Iterable[Seat],
             known: Mapping[int, Iterable[Card]] | None = None) -> PlayedDeal:
    """A Toruro deal about to be played card by card by those who went: the turned card makes trumps, the
    first who went from the dealer's left leads; three tricks of a card from each who went."""
    seats = in_turn(table, dealer, went)
    if not seats:
        raise InvalidRecord({"went": _("Nobody went: no card is played.")})
    context = Situation(table, trump=turned.suit, turned=turned)
    return PlayedDeal.new(REFEREE, context, seats[0], tricks=TRICKS, seats=seats, known=known,
                          course=ToruroCourse())


def contract_record(table: TableSpec[ToruroOptions], raw: Mapping[str, Any]) -> ToruroRecord:
    """The contract as a person sends it (turned card, payments, who went): a record whose tricks and
    misplays the cards will say. Those sent are ignored; a message per field as :func:`parse_record` gives."""
    return parse_record(table.players, {k: v for k, v in raw.items() if k not in CARD_FIELDS})


@dataclass(frozen=True)
class ProvenMisplay:
    """A misplay the cards prove: the play's flag (its trick, and the trick that proves it) and the rule."""

    misplay: Misplay
    flag: Flag


@dataclass(frozen=True)
class ToruroCards:
    """What the cards of a deal say, and the record they make."""

    record: ToruroRecord
    takers: tuple[Seat, ...]  # who took the cabeza, the barriga and the cola
    misplays: tuple[ProvenMisplay, ...]


def broken_rule(deal: PlayedDeal, flag: Flag) -> PlayRule:
    """The rule a flagged play broke, judged as the flag was: from the cards its player is known to have held
    then (those played from its trick to the trick that proves it, and any known from the start)."""
    size = len(deal.seats)
    play = deal.seated[flag.index]
    seat = play.seat
    assert seat is not None
    last = flag.proven_by or flag.trick
    before: set[Card] = set()
    hand: set[Card] = set()
    for index, other in enumerate(deal.seated):
        if other.seat != seat:
            continue
        trick = index // size + 1
        if trick < flag.trick:
            before.add(other.card)
        elif trick <= last:
            hand.add(other.card)
    hand |= set(deal.known.get(seat.index, frozenset())) - before
    start = (flag.trick - 1) * size
    led = [p.card for p in deal.seated[start:flag.index]]
    turned = deal.context.turned
    trump = deal.context.trump or (turned.suit if turned is not None else "")
    _rule, verdicts = judge_play(sorted(hand), led, flag.trick, trump, seven_stands_in_for(turned))
    broken = verdicts.get(play.card)
    if broken is not None:
        return PlayRule(broken)
    return next(r for r in PlayRule if RULE[r.value] == flag.rule)  # the rule the flag cites


def derive(table: TableSpec[ToruroOptions], contract: ToruroRecord, deal: PlayedDeal | None) -> ToruroCards:
    """The record's tricks and misplays from the cards (``deal`` ``None`` when nobody went);
    :class:`InvalidRecord` (a message per field) when the deal is not over, has a card played twice, not of the
    deck or the turned card, or was played by others than those who went or with another turned card."""
    if contract.void:
        raise InvalidRecord({"void": _("A void deal has no cards to count.")})
    errors = Errors()
    if deal is None or not deal.plays:
        if contract.went:
            errors.add("plays", _("Those who went played no card yet: the deal is not over."))
        errors.raise_if_any()
        return ToruroCards(dataclasses.replace(contract, tricks=(), misplays=()), (), ())
    if contract.turned_card is not None and deal.context.turned != contract.turned_card:
        errors.add("turned_card", _("The cards were played with %(card)s turned.",
                                    card=deal.context.turned.code if deal.context.turned else "?"))
    if set(deal.seats) != set(contract.went):
        errors.add("went", _("The cards were played by %(names)s: they are the ones who went.",
                             names=", ".join(s.name for s in deal.seats)), rule=RULE["going"])
    if not deal.complete:
        errors.add("plays", _("%(played)s of the %(total)s cards have been played: the deal is not over.",
                              played=len(deal.plays), total=TRICKS * len(deal.seats)), rule=RULE["pots"])
    require_sound_cards(deal, errors)
    turned = deal.context.turned
    if turned is not None and any(p.card == turned for p in deal.plays):
        errors.add("plays", _("%(card)s is the turned card: it lies face up by the pots, nobody plays it.",
                              card=card_name(turned, turned.suit, None)), rule=RULE["void"])
    errors.raise_if_any()

    takers = tuple(t.winner for t in deal.tricks if t.winner is not None)
    assert len(takers) == TRICKS
    proven = tuple(ProvenMisplay(Misplay(_seat(deal, f), broken_rule(deal, f)), f)
                   for f in deal.flags if f.kind in PROVEN)
    record = dataclasses.replace(contract, tricks=tuple(Taken(s) for s in takers),
                                 misplays=tuple(p.misplay for p in proven))
    return ToruroCards(record, takers, proven)


def said(table: TableSpec[ToruroOptions], deal: PlayedDeal, found: ToruroCards) -> tuple[Text, ...]:
    """What the cards of a complete deal said, in the words a player would check them with: who took each pot
    (with which card), who went and took no trick, and each misplay with its rule and the tricks that prove it,
    turned into its lulo (none more once the player has one this deal, when the table allows one a deal)."""
    turned = deal.context.turned
    trump = turned.suit if turned is not None else deal.context.trump or ""
    seven_as = seven_stands_in_for(turned)
    lines: list[Text] = []
    for number, (pot, done) in enumerate(zip(POTS, deal.tricks, strict=True), start=1):
        assert done.winner is not None and done.winning_card is not None
        lines.append(_("Trick %(n)s: %(player)s takes the %(pot)s with %(card)s.", n=number,
                       player=done.winner.name, pot=POT_NAMES[pot],
                       card=card_name(done.winning_card, trump, seven_as)))
    empty = [s for s in deal.seats if s not in found.takers]
    if empty:
        lines.append(_("Went and took no trick: %(names)s (a lulo each).",
                       names=", ".join(s.name for s in empty)))
    one_a_deal = table.options.one_lulo_per_deal
    owing = set(empty)
    for proven in found.misplays:
        player, flag = proven.misplay.player, proven.flag
        cost = (_("no extra lulo, they already have one this deal (house rule: at most one lulo per player per "
                  "deal).") if one_a_deal and player in owing else _("a lulo (any pot won is kept)."))
        owing.add(player)
        rule = RULE_NAMES[proven.misplay.rule.value]
        if flag.proven_by is not None and flag.proven_by != flag.trick:
            lines.append(_("%(player)s broke “%(rule)s” in trick %(trick)s, as the card played in trick %(proof)s "
                           "proves: %(cost)s", player=player.name, rule=rule, trick=flag.trick,
                           proof=flag.proven_by, cost=cost))
        else:
            lines.append(_("%(player)s broke “%(rule)s” in trick %(trick)s: %(cost)s", player=player.name,
                           rule=rule, trick=flag.trick, cost=cost))
    if not found.misplays:
        lines.append(_("No misplay: every card followed the rules."))
    return tuple(lines)


def check_plays(table: TableSpec[ToruroOptions], dealer: Seat, record: ToruroRecord, errors: Errors) -> None:
    """A record that kept its cards says what they say: they were played by those who went, the first of them
    after ``dealer`` leading, and they make its tricks and misplays (a message under ``plays``, else under the
    field the cards contradict)."""
    plays = record.plays
    if plays is None or record.turned_card is None or not record.went:
        return
    deal = new_deal(table, record.turned_card, dealer, record.went)
    if plays.leader != deal.first_leader:
        errors.add("plays", _("%(leader)s led the first trick (the first player after the dealer who went), not "
                              "%(name)s.", leader=deal.first_leader.name, name=plays.leader.name),
                   rule=RULE["going"])
        return
    try:
        for card in plays.cards:
            deal = deal.add(card)
        found = derive(table, dataclasses.replace(record, tricks=(), misplays=(), plays=None), deal)
    except InvalidRecord as exc:
        for name, message in exc.errors.items():
            errors.add("plays" if name == "card" else name, message, exc.rules.get(name))
        return
    if found.record.tricks != record.tricks:
        errors.add("tricks", _("The cards say who took tricks 1, 2 and 3: %(names)s.",
                               names=", ".join(s.name for s in found.takers)), rule=RULE["pots"])
    if sorted(_key(m) for m in found.record.misplays) != sorted(_key(m) for m in record.misplays):
        proven = ", ".join(f"{m.player.name} ({RULE_NAMES[m.rule.value]})" for m in found.record.misplays)
        errors.add("misplays", _("The cards prove these misplays: %(misplays)s.", misplays=proven or "—"),
                   rule=RULE["lulo_list"])


def _key(misplay: Misplay) -> tuple[int, str]:
    return misplay.player.index, misplay.rule.value


def _seat(deal: PlayedDeal, flag: Flag) -> Seat:
    seat = deal.seated[flag.index].seat
    assert seat is not None
    return seat


__all__ = ["ProvenMisplay", "ToruroCards", "broken_rule", "check_plays", "contract_record", "derive", "in_turn",
           "new_deal", "said"]
