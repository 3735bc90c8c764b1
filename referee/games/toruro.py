"""Toruro: three pots, three tricks and the lulo list (seed 002; RULINGS.md, "Toruro").

Everything is counted in whole **chips** (the app multiplies by the table's chip value). The night is a run
of deals; what outlives a deal is the three pots and the lulo list, both kept in ``state``.

Deal record (one per deal, what the phone form sends)::

    {
      "turned_card": "3C",                      # the face-up card: its suit is trumps; sota or higher
                                                #   (sota, caballo, King, 3, Ace): the 7 of trumps plays as it
      "payments": [                             # lulos paid into the pots before the deal, in the order paid
        {"lulo": 4, "cabeza": 2, "barriga": 1, "cola": 1}    # the split must add up to lulo #4's amount;
      ],                                        #   "player" (who owed it) is optional, checked if given,
                                                #   and always stored (see ``fact``)
      "went": ["Ana", "Pepe"],                  # who went (any order; stored in the order of play)
      "tricks": ["Pepe", "Ana", "Pepe"],        # who took tricks 1, 2, 3 (cabeza, barriga, cola);
                                                #   [] if nobody went
      "misplays": [{"player": "Ana", "rule": "follow_suit"}],   # play rules broken (one entry per card)
      "void": false                             # a misdeal: nothing moves (NOT "nobody went": that is [])
    }

Misplay rule keys: ``lead_ace``, ``lead_three_or_king``, ``lead_highest_trump_second``, ``follow_suit``,
``trump_when_void``, ``play_higher_to_trump_lead``.

State (JSON-able, carried deal to deal)::

    {
      "totals": {"Ana": -3, ...},   # each player's net chips over the night (taken out minus paid in)
      "dealer": 0, "deals": 0,      # managed by the base class: who deals next, deals recorded (voids too)
      "played": 0,                  # deals actually played (not void): "the first deal" is played == 0
      "pots": {"cabeza": 0, "barriga": 0, "cola": 0},
      "pot_shares": {"Ana": 0, ...},   # who put the chips now lying in the pots (for settling mid-night)
      "lulos": [{"id": 1, "player": "Ana", "amount": 3, "worth": 3, "deal": 1, "reason": "no_trick",
                 "misplay": null, "free": false, "paid_deal": null}, ...],
      "lulo_counts": {"Ana": 1, ...},  # lulos committed so far (towards every tenth being free)
      "chips": {"paid_in": 9, "taken_out": 6}   # chips put into and taken out of the pots over the night,
    }                                           #   counted from the deals' money moves (the ledger's check)

A lulo is *open* while ``paid_deal`` is null and it is not free; a free lulo has ``amount`` 0 and keeps what
it would have cost in ``worth``. Lulos are never removed: the list is the night's paper lulo list.

Conservation, every deal: ``sum(outcome.scores) + (pots after - pots before) == 0``; over the night:
``sum(totals) + sum(pots) == 0``. Open lulos are debts, not money, until paid.

Outcome: ``scores`` = each player's net chips this deal (dealer's antes and lulo payments negative, pots won
positive); ``money`` = every chip moved (player → ``"pot:cabeza"``, ``"pot:cola"`` → player...);
``extra`` = ``lulo_list`` (with ``status`` open/paid/free), ``new_lulos`` (ids), ``pots``, ``pots_at_start``,
``trump``, ``seven_as_turned`` (the rank the 7 of trumps plays as, or null) and ``payable`` (next deal).

Ruling situation (``ruling()``; see :func:`play_ruling`)::

    {"turned_card": "3C" (or "trump": "C"), "trick_number": 1, "trick": ["5C", "2O"],
     "hand": ["7C", "12C", "4E"], "card": "7C", "players": ["Ana", "Luis"]}

With ``hand``: is ``card`` legal, which rule governs, the legal cards and a reason per card. Without it: who
takes ``trick`` (+ ``card``), by player name when ``players`` names who played each card.

Readings where neither the seed nor RULINGS.md decides (house-rule options, on by default, are marked *):

- If only one player goes, they play the three tricks alone and take all three pots.
- * ``one_lulo_per_deal``: a player who took no trick and broke a rule (or broke two) commits one lulo.
- ``play_out_pots`` (off by default, as RULINGS.md ends the night "when, after at least one deal, nobody owes
  anything"): on, the night ends only when nobody owes AND the pots are empty (chips left after a deal nobody
  went are played for); off, it ends as soon as nobody owes and the chips go back to who put them.
- The 7 of trumps standing in for the turned card counts as that card for the lead rules too ("is considered
  as this face-up card"): with the Ace turned, a first leader holding the 7 of trumps must lead it.
- The turned card lies by the pots: nobody holds or plays it.
- A void deal (misdeal) moves nothing (no ante, no payment), does not count as "the first deal", and the deal
  passes on as after any deal.
- Among several lulos of the lowest amount, any one may be paid (the first in turn from the dealer may
  decline); a deal may pay none.
- Winners: the players with the best net when the night ends.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from referee.cards import SPANISH_SUITS, Card, CardError, DeckKind, card_codes
from referee.games.base import (
    Errors,
    Field,
    Game,
    InvalidRecord,
    MoneyMove,
    Option,
    Outcome,
    RulesSection,
    Ruling,
    TableSpec,
)
from referee.games.toruro_play import (
    FIRST_LEAD_RULES,
    MISPLAY_RULES,
    RANK_NAMES,
    RULE_NAMES,
    SUIT_WORDS,
    card_name,
    explain,
    judge_play,
    seven_stands_in_for,
    trick_winner_index,
    winner_explanation,
)
from referee.text import Text, _

POTS: tuple[str, ...] = ("cabeza", "barriga", "cola")
POT_NAMES: dict[str, Text] = {"cabeza": _("Cabeza"), "barriga": _("Barriga"), "cola": _("Cola")}
FOLLOW_RULES: frozenset[str] = frozenset({"follow_suit", "trump_when_void", "play_higher_to_trump_lead"})
ANTE = 1  # the dealer's chip in each pot ("three of the lowest-valued chips")


def _sign(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def _as_bool(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "on", "yes")
    return bool(value)


def _as_int(value: Any) -> int | None:
    """A whole number from an int or a digit string; ``None`` for anything else (bools, floats, text)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text.startswith("-") else text
        if digits.isascii() and digits.isdigit():  # not "²", "٣" nor "--1", which int() refuses or misreads
            return int(text)
    return None




def order_from(table: TableSpec, seat: int, include_seat: bool = True) -> list[str]:
    """The players in the order of play starting at ``seat`` (or just after it)."""
    start = 0 if include_seat else 1
    return [table.players[table.after(seat, k)] for k in range(start, start + table.size)]


_PLAYER_KEYS = ("totals", "pot_shares", "lulo_counts")


def _complete(table: TableSpec, state: Mapping[str, Any]) -> bool:
    return all(k in state for k in ("dealer", "deals", "played", "pots", "lulos", "chips", *_PLAYER_KEYS)) and all(
        p in state[k] for k in _PLAYER_KEYS for p in table.players)


def fill_state(table: TableSpec, state: dict[str, Any]) -> dict[str, Any]:
    """Add any missing Toruro key to ``state`` in place (older or hand-made states get the defaults)."""
    state.setdefault("totals", {})
    state.setdefault("dealer", table.first_dealer)
    state.setdefault("deals", 0)
    state.setdefault("played", 0)
    state.setdefault("pots", {pot: 0 for pot in POTS})
    state.setdefault("pot_shares", {})
    state.setdefault("lulos", [])
    state.setdefault("lulo_counts", {})
    if "chips" not in state:  # a state kept before the chips were counted: what its antes, lulos and nets say
        paid_in = ANTE * len(POTS) * int(state["played"]) + sum(
            int(lulo.get("amount", 0)) for lulo in state["lulos"] if lulo.get("paid_deal") is not None)
        state["chips"] = {"paid_in": paid_in, "taken_out": paid_in + sum(map(int, state["totals"].values()))}
    for key in _PLAYER_KEYS:
        for p in table.players:
            state[key].setdefault(p, 0)
    return state


def full_state(table: TableSpec, state: Mapping[str, Any]) -> Mapping[str, Any]:
    """``state`` with every Toruro key present, for reading: itself when complete, else a filled-in copy."""
    if _complete(table, state):
        return state
    return fill_state(table, copy.deepcopy(dict(state)))


def is_open(lulo: Mapping[str, Any]) -> bool:
    return lulo.get("paid_deal") is None and not lulo.get("free") and lulo.get("amount", 0) > 0


def open_lulos(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [dict(lulo) for lulo in state.get("lulos", []) if is_open(lulo)]


def payable_lulos(table: TableSpec, state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The lulos that may be paid this deal, lowest first, then in order from the dealer round the table.

    With ``lulos_per_deal`` = n, these are the open lulos no dearer than the n-th lowest one. Each item is
    the lulo plus ``from_dealer`` (0 = the dealer, 1 = the next player...): among equal amounts, the first
    from the dealer who chooses pays.
    """
    st = full_state(table, state)
    if _night_over(table, st):
        return []
    per_deal = int(table.options.get("lulos_per_deal", 1))
    seat_of = {p: i for i, p in enumerate(order_from(table, st["dealer"]))}
    debts = sorted(open_lulos(st), key=lambda lulo: (lulo["amount"], seat_of[lulo["player"]], lulo["id"]))
    if not debts:
        return []
    cutoff = debts[min(per_deal, len(debts)) - 1]["amount"]
    return [{**lulo, "from_dealer": seat_of[lulo["player"]]} for lulo in debts if lulo["amount"] <= cutoff]


def pots_at_start(table: TableSpec, state: Mapping[str, Any],
                  payments: Sequence[Mapping[str, Any]] = ()) -> dict[str, int]:
    """What lies in each pot when play starts: carried pots + the dealer's chips (+ ``payments``' splits).

    ``total`` is the lulo anyone who commits one this deal will owe.
    """
    st = full_state(table, state)
    pots = {pot: int(st["pots"].get(pot, 0)) + ANTE for pot in POTS}
    for pay in payments:
        for pot in POTS:
            pots[pot] += int(pay.get(pot, 0) or 0)
    return {**pots, "total": sum(pots[pot] for pot in POTS)}


def _night_over(table: TableSpec, st: Mapping[str, Any]) -> bool:
    if st.get("played", 0) < 1 or open_lulos(st):
        return False
    if table.options.get("play_out_pots", False) and any(st["pots"].get(pot, 0) for pot in POTS):
        return False
    return True


def _share_equally(amount: int, players: Sequence[str]) -> dict[str, int]:
    """Split ``amount`` chips equally; the odd chips go one each to the first players of ``players``."""
    each, rest = divmod(amount, len(players))
    return {p: each + (1 if i < rest else 0) for i, p in enumerate(players)}


def balances(table: TableSpec, state: Mapping[str, Any], include_open_lulos: bool = False) -> dict[str, int]:
    """Each player's net in chips if the night stopped now; always sums to zero.

    - Default (``include_open_lulos=False``): open lulos are let off, and the chips lying in the pots go back
      to whoever put them there (``pot_shares``: the dealers' antes and lulo money since the pots were last
      won). Each player gets their net over the night plus their own chips still on the table.
    - ``include_open_lulos=True``: every open lulo is paid now, and the chips on the table (the pots plus
      those payments) are shared equally among all the players, as if played out, where each player has the
      same chance at them; odd chips go one each in the order of play from the player after the dealer.
    """
    st = full_state(table, state)
    nets = {p: int(st["totals"].get(p, 0)) for p in table.players}
    if not include_open_lulos:
        return {p: nets[p] + int(st["pot_shares"].get(p, 0)) for p in table.players}
    on_table = sum(int(st["pots"].get(pot, 0)) for pot in POTS)
    for lulo in open_lulos(st):
        nets[lulo["player"]] -= lulo["amount"]
        on_table += lulo["amount"]
    shares = _share_equally(on_table, order_from(table, st["dealer"], include_seat=False))
    return {p: nets[p] + shares[p] for p in table.players}


def _lulo_line(lulo: Mapping[str, Any]) -> dict[str, Any]:
    status = "free" if lulo.get("free") else ("paid" if lulo.get("paid_deal") is not None else "open")
    return {**lulo, "status": status}


def display_state(table: TableSpec, state: Mapping[str, Any]) -> dict[str, Any]:
    """What the table page shows: the lulo list, counts towards the free tenth, pots, dealer, nets."""
    st = full_state(table, state)
    free_tenth = bool(table.options.get("free_tenth", True))
    counts = {}
    for p in table.players:
        n = int(st["lulo_counts"].get(p, 0))
        counts[p] = {"count": n, "next_free": (n // 10 + 1) * 10 if free_tenth else None}
    owed = {p: 0 for p in table.players}
    for lulo in open_lulos(st):
        owed[lulo["player"]] += lulo["amount"]
    pots = {pot: int(st["pots"].get(pot, 0)) for pot in POTS}
    over = _night_over(table, st)
    return {
        "lulo_list": [_lulo_line(lulo) for lulo in st["lulos"]],
        "owed": owed,
        "open_total": sum(owed.values()),
        "lulo_counts": counts,
        "pots": pots,
        "pots_total": sum(pots.values()),
        "next_dealer": table.players[st["dealer"]],
        "first_to_speak": table.players[table.after(st["dealer"])],
        "nets": {p: int(st["totals"].get(p, 0)) for p in table.players},
        "payable": payable_lulos(table, st),
        "lulos_per_deal": int(table.options.get("lulos_per_deal", 1)),
        "pots_at_start": None if over else pots_at_start(table, st),
        "first_deal": st["played"] == 0,
        "game_over": over,
        "chips_moved": dict(st["chips"]),
    }


RULES: tuple[RulesSection, ...] = (
    RulesSection(_("Cards and ranking"), (
        _("A Spanish deck of 40 cards, for 5 to 10 players. Chips, and Tapete instead of the paper lulo "
          "list."),
        _("In every suit the Ace is highest, then the 3, then King, caballo, sota, 7, 6, 5, 4 and the 2 "
          "lowest. The 3 being second is what makes the game."),
    )),
    RulesSection(_("The three pots"), (
        _("At the start of each deal the dealer puts one chip in each of the three pots: the cabeza (head), "
          "the barriga (belly) and the cola (tail). Whoever takes the first trick wins the cabeza, the "
          "second trick the barriga, the third trick the cola."),
        _("If nobody goes, nothing is played and the pots stay on the table for the next deal, "
          "where the next dealer adds their chips."),
    )),
    RulesSection(_("Paying lulos"), (
        _("Before the deal, lulos are paid from the lowest amount up. Among the players who owe the lowest "
          "amount, the first from the dealer round the table who chooses to pays it; nobody else pays that "
          "deal. The payer puts the whole debt into the pots, split however they like (all on the cabeza, "
          "evenly, mostly on the cola...), and the lulo is crossed off the list."),
        _("Tapete records the split because it decides who wins what."),
    )),
    RulesSection(_("The deal and the turned card"), (
        _("Each player gets three cards; one more card is turned face up by the pots. Its suit is trumps."),
        _("If the turned card is a sota or higher (sota, caballo, King, 3 or Ace), the 7 of trumps counts as "
          "that card: with the 3 of copas turned, the 7 of copas plays as the 3 of copas."),
        _("The deal passes to the next player in the order of play after each deal."),
    )),
    RulesSection(_("Going and exchanging"), (
        _("Starting with the player after the dealer, each player says whether they go. Whoever goes plays "
          "the three tricks and risks a lulo; whoever does not sits the deal out."),
        _("Then each player who goes may exchange none, one, two or all three cards; exchanging three, they "
          "get four and give back the worst. Play starts with the first player after the dealer who goes."),
        _("If only one player goes, they play the three tricks alone and take all three pots."),
    )),
    RulesSection(_("Leading"), (
        _("First trick: the leader must lead the Ace of trumps if they hold it; otherwise, holding both the "
          "3 and the King of trumps, one of those two. Otherwise any card."),
        _("Second trick: the leader (who took the first) must lead their highest trump, if they have "
          "trumps."),
        _("The third lead is free. Breaking a lead rule is a lulo."),
    )),
    RulesSection(_("Following"), (
        _("Follow the suit led if you can; if you cannot, you must play a trump if you have one."),
        _("When trumps are led, everyone must play higher than every card already played, if they can."),
        _("The highest trump takes the trick; with no trump in it, the highest card of the suit led. The "
          "winner takes the next pot and leads the next trick. Breaking a following rule is a lulo."),
    )),
    RulesSection(_("The lulo list"), (
        _("A player who went and took no trick commits lulo; so does a player who broke a play rule (and "
          "they keep any pot they won). Each of them owes the whole money in play this deal: everything in "
          "the three pots when play started (the dealer's chips, the lulos paid this deal, any carried "
          "pots)."),
        _("Lulos are paid lowest first, so each time the stakes climb."),
    )),
    RulesSection(_("The end of the night"), (
        _("The game ends when, after at least one deal, nobody owes anything. The players with the best net "
          "are the winners; everyone settles their net in chips."),
    )),
    RulesSection(_("House rules (options of the table)"), (
        _("1. Every tenth lulo is free: a player's 10th, 20th, 30th... lulo, paid or not, costs nothing."),
        _("2. If the turned card is an Ace, everyone must go."),
        _("3. On the very first deal, everyone must go, so that there are lulos to pay."),
        _("4. If the night drags, pay 2 or even 3 lulos per deal: the stakes rise faster and the night ends "
          "sooner."),
        _("Andres, who sent the rules, always goes when copas are trumps. That one is his, not the table's."),
    )),
)


class Toruro(Game):
    slug = "toruro"
    name = "Toruro"
    player_counts = (5, 6, 7, 8, 9, 10)
    deck = DeckKind.SPANISH40
    stake_unit = _("chip")
    options = (
        Option("free_tenth", _("Every tenth lulo is free"), "bool", True, house_rule=True,
               help=_("A player's 10th, 20th, 30th... lulo (paid or not) costs nothing.")),
        Option("trump_ace_all_go", _("Ace turned: everyone goes"), "bool", True, house_rule=True),
        Option("first_deal_all_go", _("First deal: everyone goes"), "bool", True, house_rule=True),
        Option("lulos_per_deal", _("Lulos paid per deal"), "int", 1, minimum=1, maximum=3, house_rule=True,
               help=_("Pay 2 or 3 lulos per deal when the night drags.")),
        Option("one_lulo_per_deal", _("At most one lulo per player per deal"), "bool", True, house_rule=True,
               help=_("A player who took no trick and also broke a play rule (or broke two) commits one "
                      "lulo. Off: each offence is its own lulo.")),
        Option("play_out_pots", _("Play out the pots before the night ends"), "bool", False, house_rule=True,
               help=_("When the last lulo is paid in a deal nobody went, the pots still hold chips: play on "
                      "until someone wins them. Off: the night ends and the chips go back to who put them.")),
    )
    rules = RULES
    ruling_fields = (
        Field("turned_card", _("Turned card"), "card", required=False,
              help=_("Its suit is trumps; sota or higher, the 7 of trumps plays as it.")),
        Field("trump", _("Trumps (if the turned card is not given)"), "choice", required=False,
              choices=tuple((s, SUIT_WORDS[s]) for s in SPANISH_SUITS)),
        Field("trick_number", _("Trick"), "int", required=False, minimum=1, maximum=3, default=1),
        Field("trick", _("Cards played to this trick, in order"), "cards", required=False),
        Field("hand", _("The hand of the player to play"), "cards", required=False),
        Field("card", _("The card played"), "card", required=False),
        Field("players", _("Who played each card of the trick (for the winner)"), "players", required=False),
    )

    # -- the record ---------------------------------------------------------------------------------------
    def record_fields(self, table: TableSpec) -> tuple[Field, ...]:
        players = tuple((p, Text(p)) for p in table.players)
        rules = tuple((key, RULE_NAMES[key]) for key in MISPLAY_RULES)
        return (
            Field("turned_card", _("Turned card (trumps)"), "card",
                  help=_("Sota or higher: the 7 of trumps plays as it.")),
            Field("payments", _("Lulos paid"), "list", required=False, default=[],
                  help=_("Lowest first; split each over the pots as the payer likes."),
                  fields=(
                      Field("lulo", _("Lulo #"), "int", minimum=1),
                      Field("cabeza", _("Cabeza"), "int", minimum=0, default=0),
                      Field("barriga", _("Barriga"), "int", minimum=0, default=0),
                      Field("cola", _("Cola"), "int", minimum=0, default=0),
                  )),
            Field("went", _("Who went"), "players", required=False, default=[], choices=players,
                  help=_("Nobody: the pots stay for the next deal.")),
            Field("tricks", _("Who took tricks 1, 2 and 3 (cabeza, barriga, cola)"), "list", required=False,
                  default=[], fields=(Field("player", _("Player"), "player", choices=players),)),
            Field("misplays", _("Play rules broken (each is a lulo)"), "list", required=False, default=[],
                  maximum=3 * table.size,  # one entry per card played, at most
                  fields=(Field("player", _("Player"), "player", choices=players),
                          Field("rule", _("Rule"), "choice", choices=rules))),
            Field("void", _("Void deal (misdeal): nothing moves"), "bool", required=False, default=False,
                  help=_("If nobody goes, do not void the deal: record it with nobody going, the pots carry "
                         "over.")),
        )

    # -- deals --------------------------------------------------------------------------------------------
    def initial_state(self, table: TableSpec) -> dict[str, Any]:
        return fill_state(table, super().initial_state(table))

    def copy_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """A private copy: the per-player dicts, the pots and each lulo (all flat) copied one level deep."""
        flat = ("totals", "pots", "pot_shares", "lulo_counts")
        new = {k: copy.deepcopy(v) for k, v in state.items() if k not in flat and k != "lulos"}
        new.update({k: dict(state[k]) for k in flat if k in state})
        new["lulos"] = [dict(lulo) for lulo in state.get("lulos", [])]
        return new

    def validate(self, table: TableSpec, state: Mapping[str, Any],
                 record: Mapping[str, Any]) -> dict[str, Any]:
        st = full_state(table, state)
        if not isinstance(record, Mapping):
            raise InvalidRecord({"__all__": _("A deal record is a set of fields.")})
        if _night_over(table, st):
            raise InvalidRecord({"__all__": _("The night is over: nobody owes anything.")})
        errors = Errors()
        empty: dict[str, Any] = {"void": True, "turned_card": None, "payments": [], "went": [], "tricks": [],
                                 "misplays": []}
        if _as_bool(record.get("void", False)):
            if record.get("payments"):
                errors.add("payments", _("A void deal moves no chips: no lulo is paid in it."))
            errors.raise_if_any()
            return empty

        turned = self._turned_card(record.get("turned_card"), errors)
        payments = self._payments(table, st, record.get("payments"), errors)
        went = self._went(table, st, record.get("went"), turned, errors)
        tricks = self._tricks(table, record.get("tricks"), went, errors)
        misplays = self._misplays(table, st, record.get("misplays"), went, tricks, errors)
        errors.raise_if_any()
        return {"void": False, "turned_card": turned.code if turned else None, "payments": payments,
                "went": went, "tricks": tricks, "misplays": misplays}

    @staticmethod
    def _turned_card(raw: Any, errors: Errors) -> Card | None:
        if raw in (None, ""):
            errors.add("turned_card", _("Which card was turned? Its suit is trumps."))
            return None
        try:
            return Card.parse(str(raw), DeckKind.SPANISH40)
        except CardError:
            errors.add("turned_card", _("%(card)s is not a card of the Spanish 40-card deck.", card=str(raw)))
            return None

    @staticmethod
    def _payments(table: TableSpec, st: Mapping[str, Any], raw: Any, errors: Errors) -> list[dict[str, Any]]:
        if raw in (None, ""):
            return []
        if not isinstance(raw, (list, tuple)):
            errors.add("payments", _("Payments are a list of lulos paid."))
            return []
        per_deal = int(table.options.get("lulos_per_deal", 1))
        if len(raw) > per_deal:
            errors.add("payments", _("At most %(n)s lulo(s) may be paid in one deal (%(given)s given).",
                                     n=per_deal, given=len(raw)))
            return []
        by_id = {int(lulo["id"]): lulo for lulo in st["lulos"]}
        remaining = {lulo["id"]: lulo for lulo in open_lulos(st)}
        clean: list[dict[str, Any]] = []
        for item in raw:
            if not isinstance(item, Mapping):
                errors.add("payments", _("Each payment names a lulo and its split over the three pots."))
                return []
            lulo_id = _as_int(item.get("lulo"))
            if lulo_id is None:
                errors.add("payments", _("Which lulo is paid? Give its number on the lulo list."))
                return []
            lulo = by_id.get(lulo_id)
            if lulo is None:
                errors.add("payments", _("There is no lulo #%(id)s on the list.", id=lulo_id))
                return []
            named = item.get("player")
            if named not in (None, "") and table.player_named(named) != lulo["player"]:
                # A stored payment names its debtor: correcting an earlier deal may renumber the list.
                errors.add("payments", _("Lulo #%(id)s is %(owner)s's, not %(name)s's.", id=lulo_id,
                                         owner=lulo["player"], name=str(named)))
                return []
            if any(p["lulo"] == lulo_id for p in clean):
                errors.add("payments", _("Lulo #%(id)s is paid twice.", id=lulo_id))
                return []
            if lulo.get("free"):
                errors.add("payments", _("Lulo #%(id)s was free: there is nothing to pay.", id=lulo_id))
                return []
            if lulo.get("paid_deal") is not None:
                errors.add("payments", _("Lulo #%(id)s was already paid, in deal %(deal)s.", id=lulo_id,
                                         deal=lulo["paid_deal"]))
                return []
            lowest = min(debt["amount"] for debt in remaining.values())
            if lulo["amount"] > lowest:
                owers = ", ".join(f"#{d['id']} {d['player']}" for d in sorted(
                    remaining.values(), key=lambda d: d["id"]) if d["amount"] == lowest)
                errors.add("payments", _("Lulos are paid lowest first: lulo #%(id)s is %(amount)s chips, but "
                                         "%(lowest)s-chip lulos are still open (%(owers)s).", id=lulo_id,
                                         amount=lulo["amount"], lowest=lowest, owers=owers))
                return []
            split: dict[str, int] = {}
            for pot in POTS:
                value = item.get(pot, 0)
                chips = 0 if value in (None, "") else _as_int(value)
                if chips is None or chips < 0:
                    errors.add("payments", _("Lulo #%(id)s: the %(pot)s gets a whole number of chips, 0 or "
                                             "more.", id=lulo_id, pot=POT_NAMES[pot]))
                    return []
                split[pot] = chips
            if sum(split.values()) != lulo["amount"]:
                errors.add("payments", _("Lulo #%(id)s is %(amount)s chips, but the split (cabeza %(c)s, "
                                         "barriga %(b)s, cola %(k)s) adds up to %(sum)s.", id=lulo_id,
                                         amount=lulo["amount"], c=split["cabeza"], b=split["barriga"],
                                         k=split["cola"], sum=sum(split.values())))
                return []
            clean.append({"lulo": lulo_id, **split})
            del remaining[lulo_id]
        return clean

    @staticmethod
    def _names(table: TableSpec, raw: Any, field: str, errors: Errors, what: Text) -> list[str] | None:
        if raw in (None, ""):
            return []
        if not isinstance(raw, (list, tuple)):
            errors.add(field, _("%(what)s: a list of player names.", what=what))
            return None
        names: list[str] = []
        for item in raw:
            if isinstance(item, Mapping):
                item = item.get("player")
            name = table.player_named(item)
            if name is None:
                errors.add(field, _("%(name)s is not a player at this table.", name=str(item)))
                return None
            names.append(name)
        return names

    def _went(self, table: TableSpec, st: Mapping[str, Any], raw: Any, turned: Card | None,
              errors: Errors) -> list[str]:
        names = self._names(table, raw, "went", errors, _("Who went"))
        if names is None:
            return []
        if len(set(names)) != len(names):
            twice = next(n for n in names if names.count(n) > 1)
            errors.add("went", _("%(name)s is listed twice.", name=twice))
            return []
        in_order = [p for p in order_from(table, st["dealer"], include_seat=False) if p in names]
        missing = [p for p in in_order_all(table, st) if p not in names]
        if missing:
            if table.options.get("first_deal_all_go", True) and st["played"] == 0:
                errors.add("went", _("On the first deal everyone must go (house rule 3); %(names)s did not.",
                                     names=", ".join(missing)))
            elif table.options.get("trump_ace_all_go", True) and turned is not None and turned.rank == "1":
                errors.add("went", _("The turned card is an Ace: everyone must go (house rule 2); %(names)s "
                                     "did not.", names=", ".join(missing)))
        return in_order

    def _tricks(self, table: TableSpec, raw: Any, went: list[str], errors: Errors) -> list[str]:
        names = self._names(table, raw, "tricks", errors, _("Tricks"))
        if names is None or "went" in errors:
            return []
        if not went:
            if names:
                errors.add("tricks", _("Nobody went, so nobody took a trick: leave the tricks empty."))
            return []
        if len(names) != 3:
            errors.add("tricks", _("Three tricks are played: name who took each of them (%(n)s given).",
                                   n=len(names)))
            return []
        for name in names:
            if name not in went:
                errors.add("tricks", _("%(name)s did not go, so cannot have taken a trick.", name=name))
                return []
        return names

    def _misplays(self, table: TableSpec, st: Mapping[str, Any], raw: Any, went: list[str], tricks: list[str],
                  errors: Errors) -> list[dict[str, str]]:
        if raw in (None, ""):
            return []
        if not isinstance(raw, (list, tuple)):
            errors.add("misplays", _("Misplays: a list of who broke which rule."))
            return []
        clean: list[dict[str, str]] = []
        for item in raw:
            if not isinstance(item, Mapping):
                errors.add("misplays", _("Each misplay names a player and the rule broken."))
                return []
            name = table.player_named(item.get("player"))
            rule = item.get("rule")
            if name is None:
                errors.add("misplays", _("%(name)s is not a player at this table.",
                                         name=str(item.get("player"))))
                return []
            if rule not in MISPLAY_RULES:
                errors.add("misplays", _("%(rule)s is not a Toruro play rule (one of: %(rules)s).",
                                         rule=str(rule), rules=", ".join(MISPLAY_RULES)))
                return []
            if name not in went:
                errors.add("misplays", _("%(name)s did not go, so cannot have broken a play rule.",
                                         name=name))
                return []
            clean.append({"player": name, "rule": str(rule)})
        if not clean or "went" in errors or "tricks" in errors:
            return clean
        first_leader = went[0]
        first_leads = [m for m in clean if m["rule"] in FIRST_LEAD_RULES]
        if len(first_leads) > 1:
            errors.add("misplays", _("One card leads the first trick: at most one first-lead misplay."))
        elif first_leads and first_leads[0]["player"] != first_leader:
            errors.add("misplays", _("%(leader)s led the first trick (the first player after the dealer who "
                                     "went), not %(name)s.", leader=first_leader,
                                     name=first_leads[0]["player"]))
        second = [m for m in clean if m["rule"] == "lead_highest_trump_second"]
        if len(second) > 1:
            errors.add("misplays", _("One card leads the second trick: at most one second-lead misplay."))
        elif second and second[0]["player"] != tricks[0]:
            errors.add("misplays", _("%(leader)s took the first trick and led the second, not %(name)s.",
                                     leader=tricks[0], name=second[0]["player"]))
        leaders = [first_leader, tricks[0], tricks[1]]
        for name in dict.fromkeys(m["player"] for m in clean):
            follows = sum(1 for m in clean if m["player"] == name and m["rule"] in FOLLOW_RULES)
            could = sum(1 for leader in leaders if leader != name)
            if follows > could:
                if len(went) == 1:
                    errors.add("misplays", _("%(name)s went alone: nobody follows, so no following rule can "
                                             "be broken.", name=name))
                else:
                    errors.add("misplays", _("%(name)s followed in %(n)s trick(s) only, so broke a following "
                                             "rule at most %(n)s time(s).", name=name, n=could))
        return clean

    def score(self, table: TableSpec, state: dict[str, Any], record: dict[str, Any]) -> Outcome:
        fill_state(table, state)
        deal_no = state["deals"] + 1
        dealer = table.players[state["dealer"]]
        pots: dict[str, int] = state["pots"]
        shares: dict[str, int] = state["pot_shares"]
        scores = {p: 0 for p in table.players}
        money: list[MoneyMove] = []
        lines: list[Text] = []

        turned = Card.parse(record["turned_card"], DeckKind.SPANISH40)
        trump = turned.suit
        seven_as = seven_stands_in_for(turned)
        lines.append(_("Deal %(n)s, dealt by %(dealer)s. Turned card %(card)s: %(suit)s are trumps.",
                       n=deal_no, dealer=dealer, card=turned.code, suit=SUIT_WORDS[trump]))
        if seven_as is not None:
            lines.append(_("The turned card is a sota or higher: the 7 of %(suit)s plays as the %(rank)s.",
                           suit=SUIT_WORDS[trump], rank=RANK_NAMES[seven_as]))

        # The dealer's chips.
        for pot in POTS:
            pots[pot] += ANTE
            shares[dealer] += ANTE
            scores[dealer] -= ANTE
            money.append(MoneyMove(dealer, f"pot:{pot}", ANTE, _("Dealer's chip in the %(pot)s",
                                                                 pot=POT_NAMES[pot])))
        lines.append(_("Dealer %(dealer)s antes %(ante)s chip in each pot (%(total)s chips).", dealer=dealer,
                       ante=ANTE, total=ANTE * len(POTS)))

        # Lulos paid into the pots.
        by_id = {int(lulo["id"]): lulo for lulo in state["lulos"]}
        for pay in record["payments"]:
            lulo = by_id[pay["lulo"]]
            payer = lulo["player"]
            for pot in POTS:
                if pay[pot]:
                    pots[pot] += pay[pot]
                    shares[payer] += pay[pot]
                    scores[payer] -= pay[pot]
                    money.append(MoneyMove(payer, f"pot:{pot}", pay[pot],
                                           _("Lulo #%(id)s into the %(pot)s", id=lulo["id"],
                                             pot=POT_NAMES[pot])))
            lulo["paid_deal"] = deal_no
            lines.append(_("%(player)s pays lulo #%(id)s (%(amount)s chips): cabeza %(c)s, barriga %(b)s, "
                           "cola %(k)s.", player=payer, id=lulo["id"], amount=lulo["amount"], c=pay["cabeza"],
                           b=pay["barriga"], k=pay["cola"]))

        at_start = sum(pots.values())
        lines.append(_("In play: cabeza %(c)s, barriga %(b)s, cola %(k)s = %(total)s chips; a lulo this "
                       "deal costs %(total)s.", c=pots["cabeza"], b=pots["barriga"], k=pots["cola"],
                       total=at_start))

        went: list[str] = record["went"]
        new_lulos: list[dict[str, Any]] = []
        if not went:
            lines.append(_("Nobody went: the pots (%(total)s chips) stay for the next deal.", total=at_start))
        else:
            lines.append(_("Went: %(names)s.", names=", ".join(went)))
            for pot, taker in zip(POTS, record["tricks"], strict=True):
                amount = pots[pot]
                scores[taker] += amount
                pots[pot] = 0
                money.append(MoneyMove(f"pot:{pot}", taker, amount,
                                       _("%(pot)s won", pot=POT_NAMES[pot])))
                if amount == 1:
                    lines.append(_("%(pot)s (1 chip) to %(player)s.", pot=POT_NAMES[pot], player=taker))
                else:
                    lines.append(_("%(pot)s (%(amount)s chips) to %(player)s.", pot=POT_NAMES[pot],
                                   amount=amount, player=taker))
            for p in shares:
                shares[p] = 0
            new_lulos = self._commit_lulos(table, state, record, at_start, deal_no, lines)

        state["played"] += 1
        chips = state["chips"]
        chips["paid_in"] += sum(m.amount for m in money if m.payee.startswith("pot:"))
        chips["taken_out"] += sum(m.amount for m in money if m.payer.startswith("pot:"))
        net = ", ".join(f"{p} {_sign(scores[p])}" for p in table.players if scores[p])
        lines.append(_("Net this deal: %(net)s.", net=net or "0"))
        return Outcome(scores, lines, money, extra={
            "lulo_list": [_lulo_line(lulo) for lulo in state["lulos"]],
            "new_lulos": [lulo["id"] for lulo in new_lulos],
            "pots": dict(pots),
            "pots_at_start": at_start,
            "trump": trump,
            "seven_as_turned": seven_as,
            "payable": [],  # filled in apply(), once the next dealer is known
        })

    def _commit_lulos(self, table: TableSpec, state: dict[str, Any], record: Mapping[str, Any], at_start: int,
                      deal_no: int, lines: list[Text]) -> list[dict[str, Any]]:
        """Add this deal's lulos to the list, in the order of play from the dealer's left."""
        opts = table.options
        one_per_deal = bool(opts.get("one_lulo_per_deal", True))
        free_tenth = bool(opts.get("free_tenth", True))
        went, tricks, misplays = record["went"], record["tricks"], record["misplays"]
        next_id = max((int(lulo["id"]) for lulo in state["lulos"]), default=0) + 1
        added: list[dict[str, Any]] = []
        for player in went:  # already in the order of play from the dealer's left
            offences: list[tuple[str, str | None]] = []
            if player not in tricks:
                offences.append(("no_trick", None))
                lines.append(_("%(player)s went and took no trick: lulo.", player=player))
            for m in misplays:
                if m["player"] == player:
                    offences.append(("misplay", m["rule"]))
                    lines.append(_("%(player)s broke the rule “%(rule)s”: lulo (any pot won is kept).",
                                   player=player, rule=RULE_NAMES[m["rule"]]))
            if not offences:
                continue
            if one_per_deal:
                reason = offences[0][0]
                rule = next((r for _kind, r in offences if r is not None), None)
                offences = [(reason, rule)]
            for reason, rule in offences:
                state["lulo_counts"][player] += 1
                count = state["lulo_counts"][player]
                free = free_tenth and count % 10 == 0
                lulo = {"id": next_id, "player": player, "amount": 0 if free else at_start, "worth": at_start,
                        "deal": deal_no, "reason": reason, "misplay": rule, "free": free, "paid_deal": None}
                next_id += 1
                state["lulos"].append(lulo)
                added.append(lulo)
                if free:
                    lines.append(_("Lulo #%(id)s is %(player)s's lulo number %(count)s: free (every tenth "
                                   "lulo is free).", id=lulo["id"], player=player, count=count))
                else:
                    lines.append(_("Lulo #%(id)s: %(player)s owes %(amount)s chips.", id=lulo["id"],
                                   player=player, amount=at_start))
        return added

    def fact(self, table: TableSpec, state: Mapping[str, Any], record: Mapping[str, Any]) -> dict[str, Any]:
        """The record with each payment naming who owed the lulo: the list is renumbered when an earlier deal
        is corrected, and then the payment must not pass silently to whoever owns that number now."""
        stored = dict(record)
        payments = record.get("payments")
        if isinstance(payments, (list, tuple)):
            owners = {lulo["id"]: lulo["player"] for lulo in full_state(table, state)["lulos"]}
            stored["payments"] = [
                {**item, "player": owners[lulo_id]}
                if isinstance(item, Mapping) and item.get("player") in (None, "")
                and (lulo_id := _as_int(item.get("lulo"))) in owners else item
                for item in payments]
        return stored

    def apply(self, table: TableSpec, state: Mapping[str, Any],
              record: Mapping[str, Any]) -> tuple[dict[str, Any], Outcome]:
        new_state, outcome = super().apply(table, full_state(table, state), record)
        if outcome.void:
            outcome.breakdown = [_("Void deal (misdeal): no chip moves; the pots and the lulo list stay as "
                                   "they were.")]
        outcome.extra.update({
            "lulo_list": [_lulo_line(lulo) for lulo in new_state["lulos"]],
            "pots": dict(new_state["pots"]),
            "payable": payable_lulos(table, new_state),
        })
        outcome.extra.setdefault("new_lulos", [])
        return new_state, outcome

    def winners(self, table: TableSpec, state: Mapping[str, Any]) -> list[str]:
        """When the night is over: the players with the best net (ties share the win)."""
        st = full_state(table, state)
        if not _night_over(table, st):
            return []
        nets = balances(table, st)
        best = max(nets.values())
        return [p for p in table.players if nets[p] == best]

    # -- settling up --------------------------------------------------------------------------------------
    def balances(self, table: TableSpec, state: Mapping[str, Any], include_open_lulos: bool = False,
                 **choices: Any) -> dict[str, int]:
        return balances(table, state, include_open_lulos=include_open_lulos)

    def display_state(self, table: TableSpec, state: Mapping[str, Any]) -> dict[str, Any]:
        return display_state(table, state)

    # -- the referee --------------------------------------------------------------------------------------
    def ruling(self, table: TableSpec, situation: Mapping[str, Any]) -> Ruling:
        return play_ruling(table, situation)


def in_order_all(table: TableSpec, st: Mapping[str, Any]) -> list[str]:
    return order_from(table, st["dealer"], include_seat=False)


def _parse_one(raw: Any, field: str, errors: Errors) -> Card | None:
    try:
        return Card.parse(str(raw), DeckKind.SPANISH40)
    except CardError:
        errors.add(field, _("%(card)s is not a card of the Spanish 40-card deck.", card=str(raw)))
        return None


def _parse_many(raw: Any, field: str, errors: Errors) -> list[Card]:
    codes = card_codes(raw)
    if codes is None:
        errors.add(field, _("A list of cards."))
        return []
    cards: list[Card] = []
    for code in codes:
        card = _parse_one(code, field, errors)
        if card is None:
            return []
        cards.append(card)
    return cards


def play_ruling(table: TableSpec, situation: Mapping[str, Any]) -> Ruling:
    """Answer "may this card be played?" (with ``hand``) or "who takes this trick?" (without).

    Situation: ``turned_card`` (or ``trump``, a suit letter), ``trick_number`` 1–3, ``trick`` (cards already
    played, in order; empty = the player leads), ``hand`` (the player's cards: 3, 2 or 1 for tricks 1, 2, 3),
    ``card`` (the card played, optional), ``players`` (who played each card of the trick, optional).
    """
    if not isinstance(situation, Mapping):
        raise InvalidRecord({"__all__": _("A situation is a set of fields.")})
    errors = Errors()
    turned = None
    if situation.get("turned_card") not in (None, ""):
        turned = _parse_one(situation["turned_card"], "turned_card", errors)
    trump_raw = situation.get("trump")
    trump: str | None = None
    if trump_raw not in (None, ""):
        trump = str(trump_raw).strip().upper()
        if trump not in SPANISH_SUITS:
            errors.add("trump", _("Trumps are one of O (oros), C (copas), E (espadas), B (bastos)."))
            trump = None
    if turned is not None:
        if trump is not None and trump != turned.suit:
            errors.add("trump", _("The turned card %(card)s makes %(suit)s trumps.", card=turned.code,
                                  suit=SUIT_WORDS[turned.suit]))
        trump = turned.suit
    elif trump is None and "turned_card" not in errors and "trump" not in errors:
        errors.add("trump", _("Give the turned card (or at least the trump suit)."))

    trick = _parse_many(situation.get("trick"), "trick", errors)
    hand_given = situation.get("hand") not in (None, "", [])
    hand = _parse_many(situation.get("hand"), "hand", errors)
    card = None
    if situation.get("card") not in (None, ""):
        card = _parse_one(situation["card"], "card", errors)

    number_raw = situation.get("trick_number", 1 if not hand_given else None)
    trick_number = _as_int(number_raw)
    if trick_number is None or not 1 <= trick_number <= 3:
        errors.add("trick_number", _("Which trick: 1, 2 or 3?"))
        trick_number = 1

    seen: set[Card] = set()
    for field, cards in (("trick", trick), ("hand", hand)):
        for c in cards:
            if c in seen:
                errors.add(field, _("%(card)s appears twice.", card=c.code))
            if turned is not None and c == turned:
                errors.add(field, _("%(card)s is the turned card: it lies face up by the pots, nobody "
                                    "plays it.", card=c.code))
            seen.add(c)
    if card is not None and turned is not None and card == turned:
        errors.add("card", _("%(card)s is the turned card: it lies face up by the pots, nobody plays it.",
                             card=card.code))
    in_trick = len(trick) + (1 if card is not None or hand_given else 0)
    if in_trick > table.size:
        errors.add("trick", _("%(n)s players play at most %(n)s cards to a trick.", n=table.size))

    players: list[str] | None = None
    if situation.get("players") not in (None, "", []):
        raw_players = situation["players"]
        if not isinstance(raw_players, (list, tuple)):
            errors.add("players", _("Who played: a list of player names."))
        else:
            players = []
            for name in raw_players:
                found = table.player_named(name)
                if found is None:
                    errors.add("players", _("%(name)s is not a player at this table.", name=str(name)))
                players.append(found or "")
            if len(set(players)) != len(players):
                errors.add("players", _("A player plays one card per trick."))

    if hand_given:
        if "trick_number" not in errors and len(hand) != 4 - trick_number:
            errors.add("hand", _("In trick %(t)s the player holds %(n)s card(s), not %(k)s.", t=trick_number,
                                 n=4 - trick_number, k=len(hand)))
        if card is not None and hand and card not in hand:
            errors.add("card", _("%(card)s is not in the hand.", card=card.code))
    else:
        cards = trick + ([card] if card is not None else [])
        if not cards and not errors:
            errors.add("trick", _("Give the hand to judge a play, or the cards of the trick to find who "
                                  "takes it."))
        if card is not None and card in trick:
            errors.add("card", _("%(card)s appears twice.", card=card.code))
        if players is not None and len(players) != len(cards):
            errors.add("players", _("Name who played each of the %(n)s cards.", n=len(cards)))
    errors.raise_if_any()
    assert trump is not None
    seven_as = seven_stands_in_for(turned)

    if not hand_given:
        cards = trick + ([card] if card is not None else [])
        index = trick_winner_index(cards, trump, seven_as)
        who = players[index] if players else None
        return Ruling(None, RULE_NAMES["trick_winner"],
                      winner_explanation(cards, trump, seven_as, index, who),
                      winner=who if who is not None else cards[index].code)

    rule, verdicts = judge_play(hand, trick, trick_number, trump, seven_as)
    allowed = [c for c in hand if verdicts[c] is None]
    explanation = explain(rule, hand, trick, trick_number, trump, seven_as, allowed)
    reasons: dict[str, Text] = {}
    for c in hand:
        broken = verdicts[c]
        if broken is None:
            reasons[c.code] = _("%(card)s may be played.", card=card_name(c, trump, seven_as))
        else:
            reasons[c.code] = _("%(card)s breaks “%(rule)s”: a lulo.",
                                card=card_name(c, trump, seven_as), rule=RULE_NAMES[broken])
    legal: bool | None = None
    if card is not None:
        legal = verdicts[card] is None
        explanation = _("%(explanation)s %(verdict)s", explanation=explanation,
                        verdict=reasons[card.code])
    return Ruling(legal, RULE_NAMES[rule], explanation, legal_cards=[c.code for c in allowed],
                  reasons=reasons)


GAME = Toruro()
