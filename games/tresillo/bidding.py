"""The bidding of Tresillo and L'Ombre: one rule book for the record form, a deal entered card by card and the
referee (:mod:`games.tresillo.bid_referee`), so that none of them can say what another refuses.

Tresillo (seed 003, "Game Evolution – Tresillo"): the bids are juego, vuelta and solo, "listed below from lowest
to highest in rank. The highest bid becomes the Hombre for the hand. If there is a tie bid, the last player to
give that bid is the Hombre. Like poker, you can raise the bid as it goes around the table, until the other two
players pass." Read as poker is played: a player who passed speaks no more (the bidding ends when "the other
two players pass"); all three passing is a void deal (RULINGS.md, General: "all passed").

>>> names = ("Ana", "Bea", "Carl")
>>> auction = Auction((1, 2, 0)).after(1, "juego").after(2, "vuelta")   # Ana deals: Bea, Carl, then Ana
>>> auction.turn, auction.highest
(0, (2, 'vuelta'))
>>> str(auction.refusal(0, "juego", names)[0])
'Ana bid juego after vuelta: a bid must be at least the highest so far.'
>>> auction.after(0, "vuelta").after(1, "pass").after(2, "pass").hombre   # Ana gave vuelta last
(0, 'vuelta')

L'Ombre (seed 003, "The Goal and Bidding"): "the eldest hand has the right to bid game or pass, letting the
second player make the same choice, followed by the third. When you pass, you pay one Lesser Counter to the
stakes. If all three players pass without bidding game, the eldest hand automatically wins the bid"; "in this
first bidding game, you either bid to win or you pass". RULINGS.md: "the first player to bid game is the Hombre
and the bidding stops".

>>> ombre = OmbreAuction((1, 2, 0)).after(1, "pass")
>>> ombre.turn, str(ombre.refusal(0, "game", names)[0])
(2, 'Carl speaks now, not Ana: each player speaks once, in turn from the eldest.')
>>> ombre.after(2, "game").hombre, ombre.after(2, "pass").after(0, "pass").hombre   # all three passed: the eldest
(2, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from referee.game import Rule
from referee.parse import Errors
from referee.text import Text, _

from .record import BIDS, PASS, Bid
from .rules_text import RULE_BIDS, RULE_FOURTH, RULE_OMBRE_BIDS, RULE_OMBRE_ONCE, RULE_TURNS

GAME = "game"  # L'Ombre's one bid
BID_WORDS: dict[str, Text] = {"juego": _("juego"), "vuelta": _("vuelta"), "solo": _("solo")}
SAID_WORDS: dict[str, Text] = {**BID_WORDS, PASS: _("pass")}
ALL_PASSED = _("All three passed: nobody is the Hombre and the deal is void. Record the three passes as the "
               "bidding.")

Refusal = tuple[Text, Rule]  # why a player may not say it now, and the rule that says so


def hombre_of(bids: Sequence[tuple[int, str | None]]) -> tuple[int, str] | None:
    """Who is the Hombre after the bidding, and at what bid: ``bids`` are ``(seat, bid)`` in the order given
    (``None`` a pass; a player may bid again to raise). The highest bid wins (juego < vuelta < solo); of two
    players who gave the same bid, the last to give it. ``None`` if everyone passed.

    >>> hombre_of([(1, "juego"), (2, "juego"), (0, None)]), hombre_of([(1, "vuelta"), (2, "juego"), (0, "solo")])
    ((2, 'juego'), (0, 'solo'))
    """
    best: tuple[int, str] | None = None
    for seat, bid in bids:
        if bid is not None and (best is None or BIDS.index(bid) >= BIDS.index(best[1])):
            best = (seat, bid)
    return best


def hombre_of_bids(bids: Sequence[Bid]) -> tuple[int, str] | None:
    """:func:`hombre_of` a record's bidding (its :class:`~games.tresillo.record.Bid` calls, a pass as ``PASS``)."""
    return hombre_of([(said.player.index, None if said.bid == PASS else said.bid) for said in bids])


def _next_in(order: tuple[int, ...], seat: int, skipped: frozenset[int] | tuple[int, ...]) -> int | None:
    """The first player after ``seat`` round the table, from ``order``, not in ``skipped``; ``None`` if none."""
    at = order.index(seat)
    return next((s for s in (order[(at + k) % len(order)] for k in range(1, len(order) + 1)) if s not in skipped),
                None)


# -- Tresillo -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Auction:
    """Tresillo's bidding as it stands: the three dealt in from the eldest (``order``), who has passed, and the
    highest bid with the last player to give it (``(seat, bid)``). Whose turn it is follows from that: the
    first player round the table after whoever holds the highest bid who has not passed (before any bid, the
    first from the eldest who has not passed), as the bidding went round."""

    order: tuple[int, ...]
    passed: frozenset[int] = frozenset()
    highest: tuple[int, str] | None = None

    @property
    def all_passed(self) -> bool:
        return len(self.passed) == len(self.order)

    @property
    def over(self) -> bool:
        """All three passed, or a bid was made and the other two passed."""
        return self.all_passed or (self.highest is not None and len(self.passed) == len(self.order) - 1)

    @property
    def hombre(self) -> tuple[int, str] | None:
        """The Hombre and the bid, once the bidding is over with a bid; else ``None``."""
        return self.highest if self.over else None

    @property
    def turn(self) -> int | None:
        """Who speaks now; ``None`` once the bidding is over."""
        if self.over:
            return None
        if self.highest is None:
            return next(seat for seat in self.order if seat not in self.passed)
        return _next_in(self.order, self.highest[0], self.passed)

    def bids_allowed(self) -> tuple[str, ...]:
        """The bids the player to speak may make: at least the highest so far."""
        return BIDS[BIDS.index(self.highest[1]):] if self.highest is not None else BIDS

    def refusal(self, seat: int, said: str, names: Sequence[str]) -> Refusal | None:
        """Why ``seat`` may not say ``said`` (a bid, or ``pass``) now, and the rule; ``None`` if they may."""
        name = names[seat]
        if self.all_passed:
            return _("The bidding was over before %(name)s spoke: all three had passed.", name=name), RULE_TURNS
        if self.over:
            return _("The bidding was over before %(name)s spoke: two players had passed.", name=name), RULE_TURNS
        if seat not in self.order:
            return _("%(name)s sits this deal out and does not bid.", name=name), RULE_FOURTH
        turn = self.turn
        assert turn is not None
        if seat in self.passed:
            return _("%(name)s has passed, and a player who passed speaks no more: %(turn)s speaks here.",
                     name=name, turn=names[turn]), RULE_TURNS
        if seat != turn:
            return _("%(turn)s speaks here, not %(name)s: the bidding goes round from the eldest, and a player who "
                     "passed speaks no more.", turn=names[turn], name=name), RULE_TURNS
        if said != PASS and self.highest is not None and BIDS.index(said) < BIDS.index(self.highest[1]):
            return _("%(name)s bid %(bid)s after %(higher)s: a bid must be at least the highest so far.", name=name,
                     bid=BID_WORDS[said], higher=BID_WORDS[self.highest[1]]), RULE_BIDS
        return None

    def after(self, seat: int, said: str) -> Auction:
        """The bidding once ``seat`` has said ``said`` (checked by :meth:`refusal`)."""
        if said == PASS:
            return dataclasses.replace(self, passed=self.passed | {seat})
        return dataclasses.replace(self, highest=(seat, said))


def check_bidding(names: Sequence[str], order: tuple[int, ...], bids: Sequence[Bid], errors: Errors) -> Auction | None:
    """The bidding of a recorded deal, said by said from the eldest (``order``): the first thing said out of
    turn or too low is refused under ``bids``, and so is a bidding that is not over. The bidding at its end
    otherwise: its :attr:`Auction.hombre`, or all three passed (the deal is void)."""
    auction = Auction(order)
    for said in bids:
        refused = auction.refusal(said.player.index, said.bid, names)
        if refused is not None:
            errors.add("bids", refused[0], rule=refused[1])
            return None
        auction = auction.after(said.player.index, said.bid)
    turn = auction.turn
    if turn is not None:
        errors.add("bids", _("The bidding is not over: %(name)s speaks next (it ends when two have passed).",
                             name=names[turn]) if auction.highest is not None else
                   _("The bidding is not over: %(name)s speaks next (nobody has bid yet).", name=names[turn]),
                   rule=RULE_TURNS)
        return None
    return auction


# -- L'Ombre --------------------------------------------------------------------------------------------------

def speakers_before(order: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The players dealt in who speak before ``seat``, from the eldest: those who had passed when ``seat`` bids
    game (the first to bid game stops the bidding)."""
    return order[:order.index(seat)]


def check_passes(names: Sequence[str], order: tuple[int, ...], hombre: int, passed: Sequence[int],
                 errors: Errors) -> None:
    """Who passed, as recorded beside the Hombre: everyone who spoke before him and nobody after (the bidding
    stopped at his bid), or all three, the eldest then being the Hombre."""
    outside = [seat for seat in passed if seat not in order]
    if outside:
        errors.add("passed", _("%(name)s sits this deal out.", name=names[outside[0]]), rule=RULE_FOURTH)
        return
    if hombre in passed:
        if len(passed) != len(order):
            errors.add("passed", _("The Hombre passed only if all three passed: tick all three, or untick "
                                   "%(name)s.", name=names[hombre]), rule=RULE_OMBRE_BIDS)
        elif hombre != order[0]:
            errors.add("hombre", _("All three passed, so the eldest, %(name)s, is the Hombre.",
                                   name=names[order[0]]), rule=RULE_OMBRE_BIDS)
        return
    before = speakers_before(order, hombre)
    after = [seat for seat in passed if seat not in before]
    if after:
        errors.add("passed", _("A pass after the bid: %(hombre)s bid game and the bidding stopped, so "
                               "%(name)s did not pass.", hombre=names[hombre], name=names[after[0]]),
                   rule=RULE_OMBRE_BIDS)
        return
    missing = [seat for seat in before if seat not in passed]
    if missing:
        errors.add("passed", _("%(name)s spoke before %(hombre)s and did not bid game, so passed: tick "
                               "%(name)s.", name=names[missing[0]], hombre=names[hombre]), rule=RULE_OMBRE_BIDS)


@dataclass(frozen=True)
class OmbreAuction:
    """L'Ombre's bidding as it stands: the three dealt in from the eldest (``order``), who passed (in turn from
    the eldest) and who bid game (``bid_by``), if anyone has."""

    order: tuple[int, ...]
    passed: tuple[int, ...] = ()
    bid_by: int | None = None

    @property
    def all_passed(self) -> bool:
        return len(self.passed) == len(self.order)

    @property
    def over(self) -> bool:
        return self.bid_by is not None or self.all_passed

    @property
    def hombre(self) -> int | None:
        """Who bid game, or the eldest once all three passed; ``None`` while the bidding goes on."""
        return self.bid_by if self.bid_by is not None else self.order[0] if self.all_passed else None

    @property
    def turn(self) -> int | None:
        """Who speaks now: the next from the eldest; ``None`` once the bidding is over."""
        return None if self.over else self.order[len(self.passed)]

    def refusal(self, seat: int, said: str, names: Sequence[str]) -> Refusal | None:
        """Why ``seat`` may not say ``said`` (``game`` or ``pass``) now, and the rule; ``None`` if they may."""
        name = names[seat]
        if self.bid_by is not None:
            return _("%(hombre)s bid game and the bidding stopped: nobody speaks after the bid, and nobody outbids "
                     "the Hombre.", hombre=names[self.bid_by]), RULE_OMBRE_ONCE
        if self.all_passed:
            return _("All three have passed: the bidding is over, and the eldest, %(name)s, is the Hombre.",
                     name=names[self.order[0]]), RULE_OMBRE_BIDS
        if seat not in self.order:
            return _("%(name)s sits this deal out and does not bid.", name=name), RULE_FOURTH
        if seat in self.passed:
            return _("%(name)s has passed already: each player speaks once, and a player who passed cannot bid game "
                     "afterwards.", name=name), RULE_OMBRE_ONCE
        turn = self.turn
        if seat != turn:
            assert turn is not None
            return _("%(turn)s speaks now, not %(name)s: each player speaks once, in turn from the eldest.",
                     turn=names[turn], name=name), RULE_OMBRE_ONCE
        return None

    def after(self, seat: int, said: str) -> OmbreAuction:
        """The bidding once ``seat`` has said ``said`` (checked by :meth:`refusal`)."""
        if said == PASS:
            return dataclasses.replace(self, passed=(*self.passed, seat))
        return dataclasses.replace(self, bid_by=seat)
