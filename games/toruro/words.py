"""Toruro in our own words: the names of suits, ranks, pots and play rules, the rules page, and the situations
to try on the referee page.

Every rule a record or a ruling breaks is cited as a :class:`~referee.game.Rule` whose key is the anchor of
its section on the rules page:

>>> str(RULE["follow_suit"]), RULE["follow_suit"].key in {s.key for s in RULES}
('Follow suit', True)
"""

from __future__ import annotations

from referee.game import Example, Rule, RulesSection
from referee.text import Text, _

SUIT_WORDS: dict[str, Text] = {"O": _("oros"), "C": _("copas"), "E": _("espadas"), "B": _("bastos")}

RANK_NAMES: dict[str, Text] = {
    "1": _("Ace"), "2": _("2"), "3": _("3"), "4": _("4"), "5": _("5"), "6": _("6"), "7": _("7"),
    "10": _("sota"), "11": _("caballo"), "12": _("King"),
}

POTS: tuple[str, ...] = ("cabeza", "barriga", "cola")  # won by the first, second and third trick
POT_NAMES: dict[str, Text] = {"cabeza": _("Cabeza"), "barriga": _("Barriga"), "cola": _("Cola")}

# The play rules (the keys deal records and rulings use), with the situations where nothing binds.
RULE_NAMES: dict[str, Text] = {
    "lead_ace": _("First trick: lead the Ace of trumps"),
    "lead_three_or_king": _("First trick: lead the 3 or the King of trumps when holding both"),
    "lead_highest_trump_second": _("Second trick: lead your highest trump"),
    "follow_suit": _("Follow suit"),
    "trump_when_void": _("Trump when you cannot follow suit"),
    "play_higher_to_trump_lead": _("Play higher to a trump lead"),
    # Situations where no obligation binds (no breach possible, so not misplay keys):
    "free_lead": _("Free lead"),
    "free_discard": _("Free discard"),
    "trick_winner": _("Who takes the trick"),
}

# -- the rules page: each section's key is its anchor (the slug of its English title, as before) -------------

CARDS = "cards-and-ranking"
POTS_SECTION = "the-three-pots"
PAYING = "paying-lulos"
DEALING = "the-deal-and-the-turned-card"
GOING = "going-and-exchanging"
LEADING = "leading"
FOLLOWING = "following"
LULO_LIST = "the-lulo-list"
END = "the-end-of-the-night"
HOUSE_RULES = "house-rules-options-of-the-table"

RULES: tuple[RulesSection, ...] = (
    RulesSection(_("Cards and ranking"), (
        _("A Spanish deck of 40 cards, for 5 to 10 players. Chips, and Tapete instead of the paper lulo "
          "list."),
        _("In every suit the Ace is highest, then the 3, then King, caballo, sota, 7, 6, 5, 4 and the 2 "
          "lowest. The 3 being second is what makes the game."),
    ), CARDS),
    RulesSection(_("The three pots"), (
        _("At the start of each deal the dealer puts one chip in each of the three pots: the cabeza (head), "
          "the barriga (belly) and the cola (tail). Whoever takes the first trick wins the cabeza, the "
          "second trick the barriga, the third trick the cola."),
        _("If nobody goes, nothing is played and the pots stay on the table for the next deal, "
          "where the next dealer adds their chips."),
    ), POTS_SECTION),
    RulesSection(_("Paying lulos"), (
        _("Before the deal, lulos are paid from the lowest amount up. Among the players who owe the lowest "
          "amount, the first from the dealer round the table who chooses to pays it; nobody else pays that "
          "deal. The payer puts the whole debt into the pots, split however they like (all on the cabeza, "
          "evenly, mostly on the cola...), and the lulo is crossed off the list."),
        _("Tapete records the split because it decides who wins what."),
    ), PAYING),
    RulesSection(_("The deal and the turned card"), (
        _("Each player gets three cards; one more card is turned face up by the pots. Its suit is trumps."),
        _("If the turned card is a sota or higher (sota, caballo, King, 3 or Ace), the 7 of trumps counts as "
          "that card: with the 3 of copas turned, the 7 of copas plays as the 3 of copas."),
        _("The deal passes to the next player in the order of play after each deal."),
    ), DEALING),
    RulesSection(_("Going and exchanging"), (
        _("Starting with the player after the dealer, each player says whether they go. Whoever goes plays "
          "the three tricks and risks a lulo; whoever does not sits the deal out."),
        _("Then each player who goes may exchange none, one, two or all three cards; exchanging three, they "
          "get four and give back the worst. Play starts with the first player after the dealer who goes."),
        _("If only one player goes, they play the three tricks alone and take all three pots."),
    ), GOING),
    RulesSection(_("Leading"), (
        _("First trick: the leader must lead the Ace of trumps if they hold it; otherwise, holding both the "
          "3 and the King of trumps, one of those two. Otherwise any card."),
        _("Second trick: the leader (who took the first) must lead their highest trump, if they have "
          "trumps."),
        _("The third lead is free. Breaking a lead rule is a lulo."),
    ), LEADING),
    RulesSection(_("Following"), (
        _("Follow the suit led if you can; if you cannot, you must play a trump if you have one."),
        _("When trumps are led, everyone must play higher than every card already played, if they can."),
        _("The highest trump takes the trick; with no trump in it, the highest card of the suit led. The "
          "winner takes the next pot and leads the next trick. Breaking a following rule is a lulo."),
    ), FOLLOWING),
    RulesSection(_("The lulo list"), (
        _("A player who went and took no trick commits lulo; so does a player who broke a play rule (and "
          "they keep any pot they won). Each of them owes the whole money in play this deal: everything in "
          "the three pots when play started (the dealer's chips, the lulos paid this deal, any carried "
          "pots)."),
        _("Lulos are paid lowest first, so each time the stakes climb."),
    ), LULO_LIST),
    RulesSection(_("The end of the night"), (
        _("The game ends when, after at least one deal, nobody owes anything. The players with the best net "
          "are the winners; everyone settles their net in chips."),
        _("If the last lulo is paid in a deal where nobody goes, chips are left in the pots with nobody owing: "
          "the night ends and they go back to who put them in. A table may instead play on until someone wins "
          "them (house rule)."),
    ), END),
    RulesSection(_("House rules (options of the table)"), (
        _("1. Every tenth lulo is free: a player's 10th, 20th, 30th... lulo, paid or not, costs nothing."),
        _("2. If the turned card is an Ace, everyone must go."),
        _("3. On the very first deal, everyone must go, so that there are lulos to pay."),
        _("4. If the night drags, pay 2 or even 3 lulos per deal: the stakes rise faster and the night ends "
          "sooner."),
        _("Tapete's own, where the rules are silent: a player who took no trick and also broke a play rule (or "
          "broke two) commits one lulo, not one per offence; and chips left in the pots when nobody owes go "
          "back to who put them in. A table may choose otherwise for either."),
        _("Andres, who sent the rules, always goes when copas are trumps. That one is his, not the table's."),
    ), HOUSE_RULES),
)

# The paragraph of its section a play rule's ruling quotes (from 0): "Leading" says the first trick's rules, the
# second's, then the free third lead; "Following" says follow suit (or trump), higher to a trump lead, then who
# takes the trick. A free lead quotes the paragraph of its trick (:data:`FREE_LEAD`).
PARAGRAPHS: dict[str, int] = {
    "lead_ace": 0, "lead_three_or_king": 0, "free_lead": 0, "lead_highest_trump_second": 1,
    "follow_suit": 0, "trump_when_void": 0, "free_discard": 0, "play_higher_to_trump_lead": 1, "trick_winner": 2,
}

# The rules a record or a ruling cites, by key: a play rule by its name, the rest by their section.
RULE: dict[str, Rule] = {
    **{key: Rule(LEADING, name, PARAGRAPHS[key]) for key, name in RULE_NAMES.items()
       if key in ("lead_ace", "lead_three_or_king", "lead_highest_trump_second", "free_lead")},
    **{key: Rule(FOLLOWING, name, PARAGRAPHS[key]) for key, name in RULE_NAMES.items()
       if key in ("follow_suit", "trump_when_void", "play_higher_to_trump_lead", "free_discard",
                  "trick_winner")},
    "paying": Rule(PAYING, _("Paying lulos")),
    "going": Rule(GOING, _("Going and exchanging")),
    "pots": Rule(POTS_SECTION, _("The three pots")),
    "lulo_list": Rule(LULO_LIST, _("The lulo list")),
    "end": Rule(END, _("The end of the night")),
    "house_rules": Rule(HOUSE_RULES, _("House rules (options of the table)")),
    "void": Rule(DEALING, _("The deal and the turned card")),
    # who takes a trick when the 7 of trumps, playing as the turned card, decides it: the paragraph that says so
    "seven_as_turned": Rule(DEALING, _("The 7 of trumps plays as the turned card"), 1),
}

# The referee's questions beyond a play (:mod:`games.toruro.going`, :mod:`games.toruro.lulo_referee`): each rests on
# one paragraph, which the referee quotes. A house rule is named as the table's option names it.
RULE.update({
    "going_choice": Rule(GOING, _("Going and exchanging"), 0),
    "going_alone": Rule(GOING, _("Going and exchanging"), 2),
    "nobody_goes": Rule(POTS_SECTION, _("The three pots"), 1),
    "trump_ace_all_go": Rule(HOUSE_RULES, _("Ace turned: everyone goes"), 1),
    "first_deal_all_go": Rule(HOUSE_RULES, _("First deal: everyone goes"), 2),
    "lowest_first": Rule(PAYING, _("Paying lulos"), 0),
    "lulos_per_deal": Rule(HOUSE_RULES, _("Lulos paid per deal"), 3),
    "lulo_owed": Rule(LULO_LIST, _("The lulo list"), 0),
    "pots_won": Rule(POTS_SECTION, _("The three pots"), 0),
    "night_over": Rule(END, _("The end of the night"), 0),
    "pots_left": Rule(END, _("The end of the night"), 1),
})

# A free lead, by trick: the paragraph of "Leading" that says that trick's lead (the third's is free).
FREE_LEAD: dict[int, Rule] = {n: Rule(LEADING, RULE_NAMES["free_lead"], n - 1) for n in (1, 2, 3)}

EXAMPLES: tuple[Example, ...] = (
    Example(_("Trumps were led: must I play higher?"),
            {"turned_card": "5O", "trick_number": 1, "trick": ["6O"], "hand": ["7O", "2O", "12C"], "card": "2O"}),
    Example(_("First trick: must I lead the Ace of trumps?"),
            {"turned_card": "5O", "trick_number": 1, "hand": ["1O", "4C", "6E"], "card": "4C"}),
    Example(_("Three of us went and one trumped: who takes the trick?"),
            {"turned_card": "5O", "trick_number": 3, "went": ["Player 1", "Player 3", "Player 4"],
             "leader": "Player 3", "trick": ["3C", "2O", "1C"]}),
    Example(_("The turned card is an Ace: must everyone go?"),
            {"question": "going", "turned_card": "1E", "stayed_out": "Player 3"}),
    Example(_("Copas are trumps: must I go?"), {"question": "going", "turned_card": "5C", "stayed_out": "Player 2"}),
    Example(_("Two of us owe 3 chips: who pays first?"),
            {"question": "lulos", "dealer": "Player 1", "lulos_1": "6", "lulos_2": "3", "lulos_3": "3"}),
    Example(_("Their lulo is 6 chips and mine 3: may they pay first?"),
            {"question": "lulos", "dealer": "Player 1", "lulos_1": "6", "lulos_3": "3", "payer": "Player 2"}),
    Example(_("I took the cabeza but broke a rule: do I keep it, and what do I owe?"),
            {"question": "pots", "dealer": "Player 1", "paid_by": "Player 4", "paid_cabeza": 3,
             "cabeza_to": "Player 2", "barriga_to": "Player 3", "cola_to": "Player 3", "broke_rule": "Player 2",
             "rule": "follow_suit"}),
)
