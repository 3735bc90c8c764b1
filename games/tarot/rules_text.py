"""The rules page of French Tarot, in our own words (RULINGS.md, French Tarot), and the rules a refusal cites.

Each section has a ``key``, its anchor on the rules page; a :class:`~referee.game.Rule` names the section it
comes from, so every rule the referee or a refusal cites is one the rules page states.

>>> [section.key for section in RULES][:3], str(RULE_POIGNEE), RULE_POIGNEE.key in SECTION_KEYS
(['cards', 'bidding', 'chien'], 'Poignée', True)
"""

from __future__ import annotations

from referee.game import Rule, RulesSection
from referee.text import _

# -- the paragraphs a ruling rests on (it names its paragraph, which the referee quotes) ---------------------------
P_ECART = _("The écart may hold no King and no bout. Trumps go in only when the taker has nothing else to put there, "
            "and any trump put in is shown to the table.")
P_PETIT_SEC = _("A player dealt the Petit with no other trump and no Excuse (petit sec) shows it and the deal is "
                "void.")
P_POIGNEE_SHOWN = _("A player with many trumps may show them before playing to the first trick, for a bonus: simple "
                    "20, double 30, triple 40. The Excuse can stand in for a trump only when the player has no other "
                    "trump left out.")
P_POIGNEE_TRUMPS = _("Trumps needed (simple / double / triple): 13 / 15 / 18 at three players, 10 / 13 / 15 at four, "
                     "8 / 10 / 13 at five.")
P_POIGNEE_BONUS = _("The bonus is not multiplied by the contract and goes to the side that wins the deal, whoever "
                    "showed it. Several poignées in one deal each count.")
P_OPENING = _("On the first trick nobody may lead the called suit, except the called card itself.")
P_LEAD = _("The player after the dealer leads the first trick and the winner of each trick leads the next; the leader "
           "may lead any card.")
P_FOLLOW = _("Follow the suit that was led if you can. If you cannot, you must play a trump; if a trump is already "
             "in the trick you must beat it when you can, and play a lower trump when you cannot (pisser). Only with "
             "neither the suit nor a trump may you throw any card.")
P_TRUMPS_LED = _("When trumps are led, every trump played must beat the highest trump in the trick if possible, even "
                 "your partner's.")
P_WINNER = _("The highest trump takes the trick; with no trump in it, the highest card of the suit led does.")
P_EXCUSE = _("The Excuse may be played at any time instead of obeying. It never wins: its owner keeps it and gives "
             "the winner a ½-point card in exchange. If the Excuse is led, the next card played sets the suit. In the "
             "last trick it goes to the side that wins that trick, unless it was led to finish a chelem, where it "
             "wins.")

RULES: tuple[RulesSection, ...] = (
    RulesSection(_("Cards and card points"), (
        _("The deck has 78 cards: four suits of fourteen (King, Queen, Knight, Jack, then 10 down "
          "to 1), 21 numbered trumps that beat every suit card, and the Excuse, which belongs to "
          "no suit."),
        _("Three cards are special, the bouts: the 1 of trumps (the Petit), the 21 and the "
          "Excuse."),
        _("What you count at the end: bouts and Kings 4½, Queens 3½, Knights 2½, Jacks 1½, every "
          "other card ½. The whole deck is worth 91."),
        _("Everyone gets the same number of cards (24 each at three, 18 at four, 15 at five) and "
          "a few go face down in the middle: the chien (6 cards, or 3 at five players)."),
    ), "cards"),
    RulesSection(_("Bidding and contracts"), (
        _("Starting after the dealer, each player bids once or passes; a bid must be stronger "
          "than the one before it. The strongest bidder becomes the taker and plays against the "
          "others, the defence."),
        _("From weakest to strongest: Prise (also called Petite) counts once; Garde twice; Garde "
          "sans le chien four times; Garde contre le chien six times."),
        _("If everyone passes, the deal is void and the cards are dealt again by the next dealer."),
    ), "bidding"),
    RulesSection(_("The chien and the écart"), (
        _("In a Prise or a Garde the taker turns the chien face up for all to see, takes it into "
          "hand, and puts the same number of cards face down as the écart, which counts for the "
          "taker at the end."),
        P_ECART,
        _("In a Garde sans nobody sees the chien, but its cards count for the taker. In a Garde "
          "contre nobody sees it and its cards count for the defence."),
        P_PETIT_SEC,
    ), "chien"),
    RulesSection(_("Five players: the called King"), (
        _("At five the taker names a King before play; whoever holds it is the taker's secret "
          "partner, revealed when the King is played. A taker holding all four Kings may call a "
          "Queen, and so on down to a Jack."),
        _("If the taker holds the called card, or it lies in the chien, the taker plays alone "
          "against four."),
        P_OPENING,
    ), "five-players"),
    RulesSection(_("Play"), (
        P_LEAD,
        P_FOLLOW,
        P_TRUMPS_LED,
        P_WINNER,
        P_EXCUSE,
    ), "play"),
    RulesSection(_("Poignée"), (
        P_POIGNEE_SHOWN,
        P_POIGNEE_TRUMPS,
        P_POIGNEE_BONUS,
    ), "poignee"),
    RulesSection(_("Petit au bout"), (
        _("Taking the last trick with the Petit in it is worth 10 times the contract's multiplier "
          "to the side that took it, whether the contract is made or not."),
        _("A side that wins every trick and takes the last one with the Excuse scores the petit au bout by "
          "playing the Petit in the next-to-last trick."),
    ), "petit-au-bout"),
    RulesSection(_("Chelem"), (
        _("Taking every trick is a chelem. Announced before play and made: +400; made without "
          "announcing: +200; announced and failed: −200. These are not multiplied."),
        _("A taker who announces a chelem leads to the first trick."),
        _("If the defence takes every trick, each defender gets 200 on top."),
        _("The attack's chelem holds all 91 points, or 87 when the defence kept its Excuse; in a "
          "Garde contre the chien still counts for the defence."),
    ), "chelem"),
    RulesSection(_("Counting the score"), (
        _("The points the attack needs depend on the bouts it holds at the end: 3 bouts 36, 2 "
          "bouts 41, 1 bout 51, no bout 56."),
        _("The margin is the difference between the points taken and those needed. At three and "
          "five players a half point goes to the side that wins: 41½ with 2 bouts is made by 1, "
          "40½ fails by 1. Exactly the target is made by 0 (juste fait)."),
        _("The unit is (25 + margin) × the contract's multiplier, to the attack if made, to the "
          "defence if not. Then petit au bout, poignées and chelem are added as above."),
        _("Example: Garde, 2 bouts, 49 points: 49 − 41 = 8; (25 + 8) × 2 = 66; a poignée +20; "
          "petit au bout +20: 106 from each defender."),
    ), "counting"),
    RulesSection(_("Who pays whom"), (
        _("Each defender pays the unit to the attack, or receives it when the contract fails, so "
          "every deal sums to zero."),
        _("At four players the taker wins three units; at three, two units."),
        _("At five the taker wins two units and the partner one; a taker playing alone wins four."),
    ), "paying"),
    RulesSection(_("House rule: misère (off unless the table turns it on)"), (
        _("A player whose hand holds no trump and no court card (King, Queen, Knight or Jack) may "
          "declare misère and receives 10 from each other player. It is not multiplied and does "
          "not depend on the contract."),
    ), "misere"),
)

SECTION_KEYS: frozenset[str] = frozenset(section.key for section in RULES)
SECTIONS: dict[str, RulesSection] = {section.key: section for section in RULES}

# The rules a refused record cites: each is a section of the rules page, under its own title.
RULE_CARD_POINTS = Rule("cards", _("Cards and card points"))
RULE_CHIEN = Rule("chien", _("The chien and the écart"))
RULE_CALLED_KING = Rule("five-players", _("Five players: the called King"))
RULE_POIGNEE = Rule("poignee", _("Poignée"))
RULE_PETIT_AU_BOUT = Rule("petit-au-bout", _("Petit au bout"))
RULE_CHELEM = Rule("chelem", _("Chelem"))
RULE_MISERE = Rule("misere", _("House rule: misère (off unless the table turns it on)"))
