"""Casita Robada in our own words (seed 003, RULINGS.md "Casita Robada"): the rules page, and the rules that
refusals and rulings cite.

Each section has a ``key``, its anchor on the rules page; every :class:`~referee.game.Rule` cited names one of
them and carries its title, and the paragraphs a ruling quotes are paragraphs of the page:

>>> {rule.key for rule in CITED} <= SECTION_KEYS
True
>>> all(str(rule) == str(TITLES[rule.key]) for rule in CITED)
True
>>> all(any(text in section.paragraphs for section in RULES) for text in QUOTED)
True
"""

from __future__ import annotations

from referee.game import Rule, RulesSection
from referee.text import Text, _

# -- the paragraphs a ruling quotes ---------------------------------------------------------------------------
P_CAPTURE = _("If your card has the same rank as one or more cards in the centre, you capture them all: your "
              "card and every centre card of that rank go face up onto your pile, your card on top. Suits do "
              "not matter, only ranks.")
P_NO_MATCH = _("If it matches nothing, your card stays face up in the centre. Either way, play passes to the "
               "next player.")
P_STEAL = _("If your card has the same rank as the top card of another player's pile, you steal that whole "
            "pile instead of capturing from the centre: put it on your own pile with your card on top. The "
            "centre cards of that rank stay where they are.")
P_OWN_PILE = _("Your own pile cannot be stolen by you: a card matching only its top card captures from the "
               "centre as usual.")
P_LEFT_OVER = _("When every card has been played, the cards still in the centre go to the last player who "
                "captured. Stealing a pile is a capture too.")
P_SEVERAL = _("Tapete (house rule): when your card matches the top of several other players' piles, you "
              "steal one of them, whichever you choose; a table may instead steal them all.")
P_NO_CAPTURE = _("Tapete (house rule): when nobody captured anything in the whole deal, there is no last "
                 "capturer; the deal is void and dealt again, or, if the table so chooses, the dealer takes the "
                 "cards left.")
P_SHORT_ROUND = _("Tapete's reading (the texts do not say): the pack need not go round in fours, so the last "
                  "round may be short. The dealer deals what is left evenly, as far as it goes, and lays any cards "
                  "that cannot go round face up in the centre. With 40 cards, 36 are left after the centre: the "
                  "last round is 2 cards each at two players and 1 each at four (at three, 3 rounds of 4 use them "
                  "all). With 48 cards, 44 are left: the last round is 2 each at two players, 2 each at three "
                  "with 2 to the centre, and 3 each at four. The 52 French cards always go round in fours.")

QUOTED: tuple[Text, ...] = (P_CAPTURE, P_NO_MATCH, P_STEAL, P_OWN_PILE, P_LEFT_OVER, P_SEVERAL, P_NO_CAPTURE)

# -- the rules page -------------------------------------------------------------------------------------------
RULES: tuple[RulesSection, ...] = (
    RulesSection(_("Players and cards"), (
        _("Two to four players, each on their own. Any deck will do, since only ranks count: Tapete offers the "
          "Spanish deck of 40 or 48 cards and the French deck of 52, chosen when the table starts."),
        _("The aim is to finish the deal with more cards in front of you than anyone else."),
    ), "players-and-cards"),
    RulesSection(_("The deal"), (
        _("The dealer gives four cards to each player and lays four more face up in the centre of the table."),
        _("When everybody has played their four cards, the dealer gives each player four more, but none to "
          "the centre, and so on until the pack is used up."),
        P_SHORT_ROUND,
        _("The player after the dealer plays first, and the deal passes to that player for the next deal. A "
          "misdeal may be recorded as a void deal: nobody wins it, it does not count towards the match, and "
          "the deal passes on."),
    ), "the-deal"),
    RulesSection(_("Capturing from the centre"), (
        _("On your turn, play one card from your hand face up into the centre."),
        P_CAPTURE,
        P_NO_MATCH,
        _("Keep your pile face up in front of you so that everyone can see its top card."),
    ), "capturing"),
    RulesSection(_("Stealing a pile"), (
        P_STEAL,
        P_OWN_PILE,
        P_SEVERAL,
    ), "stealing"),
    RulesSection(_("Cards left at the end"), (
        P_LEFT_OVER,
        P_NO_CAPTURE,
    ), "cards-left"),
    RulesSection(_("Counting and winning a deal"), (
        _("Each player counts the cards in their pile. The most cards wins the deal; players tied for the "
          "most all win it."),
        _("Tapete records each player's count. The counts add up to the whole deck (40, 48 or 52 cards). A "
          "pile never holds exactly one card, since every capture takes at least two: the card played and "
          "one it matches."),
        _("Leave one count blank and Tapete works it out from the others."),
    ), "counting"),
    RulesSection(_("The match"), (
        _("The table chooses the length of a match when it starts: a number of deals (one, unless it says "
          "more), won by whoever wins the most of them, with ties sharing the win; or first to N deals won, "
          "which ends after the first deal in which someone reaches N, everyone who has N sharing the win."),
        _("Once the match is over no more deals are recorded: start a new table for the next match."),
    ), "the-match"),
    RulesSection(_("Settling up"), (
        _("When settling up, each loser pays the winner the stake times the difference in deals won or, if "
          "the table prefers, just one stake; tied winners share what each loser pays."),
    ), "settling-up"),
)

SECTION_KEYS: frozenset[str] = frozenset(section.key for section in RULES)
TITLES: dict[str, Text] = {section.key: section.title for section in RULES}

# -- the rules cited: each is a section of the rules page, under its own title; a ruling's rule names the
# paragraph it rests on, which the referee quotes ---------------------------------------------------------------
_SECTION = {section.key: section for section in RULES}
RULE_DEAL = Rule("the-deal", _("The deal"))
RULE_CAPTURE = _SECTION["capturing"].rule(P_CAPTURE)
RULE_NO_MATCH = _SECTION["capturing"].rule(P_NO_MATCH)
RULE_STEAL = _SECTION["stealing"].rule(P_STEAL)
RULE_OWN_PILE = _SECTION["stealing"].rule(P_OWN_PILE)
RULE_SEVERAL = _SECTION["stealing"].rule(P_SEVERAL)
RULE_LEFT_OVER = _SECTION["cards-left"].rule(P_LEFT_OVER)
RULE_NO_CAPTURE = _SECTION["cards-left"].rule(P_NO_CAPTURE)
RULE_COUNTING = Rule("counting", _("Counting and winning a deal"))
RULE_MATCH = Rule("the-match", _("The match"))

CITED: tuple[Rule, ...] = (RULE_DEAL, RULE_CAPTURE, RULE_NO_MATCH, RULE_STEAL, RULE_OWN_PILE, RULE_SEVERAL,
                           RULE_LEFT_OVER, RULE_NO_CAPTURE, RULE_COUNTING, RULE_MATCH)
