"""Burro's rules page, in our own words (seed 003 and RULINGS.md, "Burro"), and the rules that rulings and
refusals cite.

Each section has a ``key``, its anchor on the rules page; every :class:`~referee.game.Rule` names the section
that states it, and the paragraphs a ruling quotes are paragraphs of the page:

>>> {rule.key for rule in CITED} <= SECTION_KEYS
True
>>> all(any(text in section.paragraphs for section in RULES) for text in QUOTED)
True
>>> str(RULE_DRAW), RULE_DRAW.key
('Draw until you can follow', 'drawing')
"""

from __future__ import annotations

from referee.game import Rule, RulesSection
from referee.text import _

# -- the paragraphs a ruling quotes ---------------------------------------------------------------------------
R_RANKING = _("In every suit the King (12) is highest, then the Horse (11), the Jack (10), the 9, the 8, the 7 "
              "and so on down to the Ace, the lowest. There are no trumps.")
R_LEAD = _("The leader plays any card of their hand: its suit is the suit led.")
R_FOLLOW = _("Each player in turn must play a card of the suit led if they hold one.")
R_TRICK = _("Every card in a trick is of the suit led, so the highest card takes the trick; whoever played it "
            "leads the next one.")
R_DRAW = _("A player with no card of the suit led must draw from the stock, one card at a time, until they "
           "draw one, and then play it.")
R_PASS = _("If the stock is empty, or runs out before they find one, they pass: they play no card to this trick.")
R_KEEP_DRAWING = _("In the Portuguese game a player who had to draw may go on drawing even after drawing a card "
                   "of the suit led.")
R_NO_DRAW = _("Nobody draws while holding a card of the suit led, except a Portuguese player who is already "
              "drawing. The leader never draws.")
R_DRAW_AT_WILL = _("House rule (off unless the table turns it on): in the Portuguese game a player may draw "
                   "instead of following suit, even while holding the suit led.")
R_KNOCKED = _("A player who knocks the stock over while drawing takes the whole stock into their hand.")
R_LETTER = _("The last player still holding cards loses the hand and takes the next letter of B-U-R-R-O: first "
             "the B, then the U, the R, the second R and the O.")
R_END = _("The game ends at once when a player takes the fifth letter and so spells BURRO.")
R_FEWEST = _("The player with the fewest letters wins. Players tied for the fewest share the win, unless they "
             "play a decider.")
R_DECIDER = _("Only the tied players play the decider, a hand like any other: its loser takes a letter.")
R_SAME_TRICK = _("Tapete's reading (the texts do not say): if the last two players play their last cards to the "
                 "same trick, the one who played later was still holding a card when the other had none, and takes "
                 "the letter. Tapete records whoever the table names as the loser.")
R_DECIDER_DEALER = _("Tapete (house rule): the deal keeps passing in turn, so the dealer in turn deals the decider "
                     "even when not in it, and the first tied player after them leads. A table may instead have "
                     "the first tied player from the dealer in turn deal it, and the deal passes on from them.")
R_DECIDER_REFUSED = _("Tapete refuses a decider before the game is over, when nobody is tied for the fewest "
                      "letters, or when it is lost by a player who was not tied.")

QUOTED = (R_RANKING, R_LEAD, R_FOLLOW, R_TRICK, R_DRAW, R_PASS, R_KEEP_DRAWING, R_NO_DRAW, R_DRAW_AT_WILL, R_KNOCKED,
          R_LETTER, R_SAME_TRICK, R_END, R_FEWEST, R_DECIDER, R_DECIDER_DEALER, R_DECIDER_REFUSED)

# -- the rules page -------------------------------------------------------------------------------------------
RULES: tuple[RulesSection, ...] = (
    RulesSection(_("Players and cards"), (
        _("Two to eight players. Tapete lists them in the order of play; the deal and the lead pass to the next "
          "player in that order."),
        _("The Spanish game is usually played with the 48-card Spanish deck (with the 8s and 9s), or with the "
          "more common 40-card deck. The Portuguese game always uses the 40-card deck."),
        R_RANKING,
    ), "players-and-cards"),
    RulesSection(_("The deal"), (
        _("The dealer gives each player 4 cards (5 in the Portuguese game) and puts the rest face down as the "
          "stock. The player after the dealer leads first."),
        _("With 48 cards and four players, for example, 16 cards are dealt and 32 make the stock. At eight "
          "players the Portuguese deal uses all 40 cards, and there is no stock."),
        _("After each hand the deal passes to the next player."),
    ), "deal"),
    RulesSection(_("Leading and following suit"), (
        R_LEAD, R_FOLLOW, R_TRICK,
    ), "play"),
    RulesSection(_("Drawing from the stock"), (
        R_DRAW, R_PASS, R_KEEP_DRAWING, R_NO_DRAW, R_DRAW_AT_WILL,
    ), "drawing"),
    RulesSection(_("Burro em pé"), (
        _("In Burro deitado, the usual Portuguese game, the stock lies face down. In Burro em pé it is split in "
          "two piles leaned against each other like an A."),
        R_KNOCKED,
    ), "burro-em-pe"),
    RulesSection(_("Going out, and the letters"), (
        _("A player who has played their last card drops out of the hand; the others play on."),
        R_LETTER,
        R_SAME_TRICK,
        _("A misdeal is recorded as a void hand: nobody takes a letter, and the deal passes on."),
    ), "going-out"),
    RulesSection(_("The end of the game and the winner"), (
        R_END, R_FEWEST,
    ), "end"),
    RulesSection(_("The decider"), (
        R_DECIDER,
        _("Then the fewest letters wins. If three or more were tied, those still tied may play another decider, "
          "or share the win."),
        R_DECIDER_DEALER,
        R_DECIDER_REFUSED,
    ), "decider"),
    RulesSection(_("Settling up"), (
        _("Burro settles by rank: every other player pays the winner the stake once for every letter they have "
          "more than the winner or, if the table prefers, one stake for the lost game; winners tied for the "
          "fewest letters share what each pays. Tapete asks which when you settle up."),
    ), "settling"),
)

SECTION_KEYS: frozenset[str] = frozenset(section.key for section in RULES)

# -- the rules cited: a title, the key of the section that states it and, for a ruling, the paragraph it rests
# on (the referee quotes it) -----------------------------------------------------------------------------------
_SECTION = {section.key: section for section in RULES}
RULE_PLAYERS = Rule("players-and-cards", _("Players and cards"))
RULE_LEAD = _SECTION["play"].rule(R_LEAD, _("Leading"))
RULE_FOLLOW = _SECTION["play"].rule(R_FOLLOW, _("Follow suit"))
RULE_TRICK = _SECTION["play"].rule(R_TRICK, _("Who takes the trick"))
RULE_DRAW = _SECTION["drawing"].rule(R_DRAW, _("Draw until you can follow"))
RULE_PASS = _SECTION["drawing"].rule(R_PASS, _("The stock is empty: pass"))
RULE_KEEP_DRAWING = _SECTION["drawing"].rule(R_KEEP_DRAWING, _("Portuguese: you may keep drawing"))
RULE_NO_DRAW = _SECTION["drawing"].rule(R_NO_DRAW, _("No drawing while you can follow"))
RULE_DRAW_AT_WILL = _SECTION["drawing"].rule(R_DRAW_AT_WILL, _("House rule: drawing at will"))
RULE_EM_PE = Rule("burro-em-pe", _("Burro em pé"))
RULE_KNOCKED = _SECTION["burro-em-pe"].rule(R_KNOCKED, _("Knocking the stock over"))
RULE_LETTER = _SECTION["going-out"].rule(R_LETTER, _("The last player holding cards takes a letter"))
RULE_MISDEAL = Rule("going-out", _("A misdeal"))
RULE_END = _SECTION["end"].rule(R_END, _("The fifth letter ends the game"))
RULE_DECIDER = Rule("decider", _("The decider"))

CITED = (RULE_PLAYERS, RULE_LEAD, RULE_FOLLOW, RULE_TRICK, RULE_DRAW, RULE_PASS, RULE_KEEP_DRAWING, RULE_NO_DRAW,
         RULE_DRAW_AT_WILL, RULE_EM_PE, RULE_KNOCKED, RULE_LETTER, RULE_MISDEAL, RULE_END, RULE_DECIDER)
