"""The rules page of Pablo, both variants, in our own words (seeds 001 and 004, RULINGS.md "Pablo — two
variants"), and the rules a refusal or a ruling cites.

Each section has a ``key``, its anchor on the rules page; every :class:`~referee.game.Rule` names the section it
comes from, under that section's title, so every rule the referee or a refusal cites is one the page states.

>>> [section.key for section in RULES][:3], str(RULE_MATCH), RULE_MATCH.key in SECTION_KEYS
(['variants', 'deal', 'turn'], 'Matching the discard (English)', True)
"""

from __future__ import annotations

from referee.cards import Card, card_letters
from referee.game import Rule, RulesSection
from referee.text import _

# -- the paragraphs a ruling rests on (each ruling names its paragraph, which the referee quotes) -------------
P_TURN = _("Draw a card and look at it. Either put it face up on the discard pile, or put it face down in place of "
           "one of your cards and discard that card instead.")
P_KEPT_IN_PLACE = _("A card is kept only in place of one of yours: with no cards left in front of you, the card you "
                    "draw goes on the discard pile.")
P_ENGLISH_DRAW = _("English variant: you always draw from the draw pile; when it runs out, the discard pile is "
                   "shuffled into a new one.")
P_POWER_WHEN = _("A power works only on a card you have just drawn and put straight on the discard pile. A card kept "
                 "in your field, taken from the discard pile or put down as a match has no power, and you never have "
                 "to use one: a power card can simply be played for its value.")
P_FRENCH_POWERS = _("French variant (from the stock only): 7, look at one of your own cards; 8, swap one of your "
                    "cards with another player's card: only you may look at the card you get, so the other player now "
                    "has a card they do not know.")
P_ENGLISH_POWERS = _("English variant: 10, peek at one of your own cards; Jack, spy on one card of another player; "
                     "Queen, swap one of your cards with another player's without either of you looking, and the swap "
                     "must be made; King, look at one card of another player, then swap one of yours with one of "
                     "theirs if you like.")
P_PAIRS = _("Before you draw, if you hold a pair, you may put both cards on the discard pile and put the card you "
            "draw (from the stock or the discard pile) in their place: one card fewer in front of you. Triples and "
            "quadruples work the same way.")
P_WRONG_PAIR = _("If the cards were not a pair after all, you take them back and keep the card drawn as well: one "
                 "card more.")
P_MATCH = _("When a card lies on top of the discard pile, anyone may put a card of the same number (or the same "
            "picture: Jack on Jack) from a field onto it. Only one card may match it: the fastest player gets to "
            "discard.")
P_MATCH_OTHERS = _("You may match another player's card you know about: put it on the discard pile, then give that "
                   "player one of your own cards in its place.")
P_MATCH_NO_POWER = _("A card put down as a match has no power, even a 10, Jack, Queen or King.")
P_WRONG_MATCH = _("A wrong match: show the card to everyone, put it back where it was, and draw a penalty card from "
                  "the draw pile, look at it and add it face down to your field. The top card may still be matched by "
                  "you or by anyone.")
P_CALL_WHEN = _("When you think you have fewer points than everyone else, call “Pablo” at the end of your own turn: "
                "after playing, before the next player draws. Never during someone else's turn.")
P_LAST_TURNS = _("Every other player then plays one last turn, and the round ends when it would be the caller's turn "
                 "again: the caller plays no more turns. Everyone turns their cards face up and counts.")
P_CALLER_PROTECTED = _("English variant: during those last turns the caller is protected from any swapping "
                       "abilities: no Queen or King swap with the caller. The caller may still match cards, and "
                       "others may still use their powers on other players.")
P_KING_LOOKS = _("English variant, after Pablo: the text protects the caller from swapping abilities and does not "
                 "say whether the King's look is part of its swap. Tapete: a King may still look at one of the "
                 "caller's cards, but not swap it (a look changes nothing in front of the caller, and a Jack may "
                 "look anyway). House rule (table option): no King on the caller at all, not even to look.")
P_SCORE_FRENCH = _("French variant: a caller who really has strictly fewer points than every other player scores −5 "
                   "for the round instead of their cards. If anyone has as few or fewer, the caller scores their "
                   "cards + 10.")
P_SCORE_ENGLISH = _("English variant: the lowest score wins the round. The caller scores their cards + 10 if someone "
                    "has fewer, + 5 if someone has the same lowest score, and just their cards when strictly lowest.")
P_END_FRENCH = _("French variant: the game ends when someone reaches or passes 100; the lowest total wins, and "
                 "players tied for it share the win.")
P_END_ENGLISH = _("English variant: a player whose total comes to exactly 50 (penalties included) goes back to 0. "
                  "The game ends once someone passes 50; the lowest total wins, and players tied for it share the "
                  "win.")
P_NEXT_FRENCH = _("French variant: the deal passes to the next player in turn; the player after the dealer starts.")
P_NEXT_ENGLISH = _("English variant: the round's winner (fewest card points) starts the next round and its loser "
                   "(most card points) deals. Several winners: the one with the lowest total starts. Several "
                   "losers: the one with the highest total deals.")
P_EMPTY_FIELD = _("A player with no cards left in their field must discard whatever card they draw; if it is a "
                  "Queen, they draw one more card.")

RULES: tuple[RulesSection, ...] = (
    RulesSection(_("Two games called Pablo"), (
        _("Two different rule texts go by the name Pablo. Tapete plays both; each table says which one it "
          "plays. The French variant is a cousin of Tamalou: the game ends at 100 points. The English variant "
          "ends once someone passes 50, and exactly 50 sends a score back to 0."),
        _("In both you try to end each round with as few points as possible in front of you, among cards you "
          "have mostly never seen. The lowest total wins the game."),
    ), "variants"),
    RulesSection(_("The deal"), (
        _("One 52-card deck. The dealer gives each player 4 cards face down, laid out in front of them, and "
          "the rest is the stock. Each player looks at 2 of their own cards and must remember them (French: "
          "the two nearest, until their first draw; English: any two, once)."),
        _("French variant: 3 to 6 players; with more, shuffle in a second deck. The player after the dealer "
          "starts, and the deal passes on in turn."),
        _("English variant: for the first round a die decides who starts. After that the winner of the "
          "round starts the next one and its loser shuffles and deals (see “Who deals and who starts”)."),
    ), "deal"),
    RulesSection(_("A turn"), (
        P_TURN,
        P_KEPT_IN_PLACE,
        _("French variant: you may take the top card of the discard pile instead of drawing from the stock."),
        P_ENGLISH_DRAW,
    ), "turn"),
    RulesSection(_("Card values"), (
        _("French variant: Ace 1, 2 to 10 their number, Jacks, Queens and Kings 10, but the King of "
          "diamonds (%(king)s) 0.", king=card_letters(Card("D", "K"))),
        _("English variant: Ace −1, 2 to 10 their number, Jacks, Queens and black Kings 10, and the red "
          "Kings (%(hearts)s, %(diamonds)s) 0.", hearts=card_letters(Card("H", "K")),
          diamonds=card_letters(Card("D", "K"))),
        _("A player with no cards left in front of them has 0 points."),
    ), "values"),
    RulesSection(_("Card powers"), (
        P_POWER_WHEN,
        P_FRENCH_POWERS,
        P_ENGLISH_POWERS,
    ), "powers"),
    RulesSection(_("Pairs, triples and quadruples (French)"), (
        P_PAIRS,
        _("Example from the French text: holding 5 3 / 8 5, you draw a 4 and replace the pair of 5s; your "
          "cards become 4 3 / 8."),
        P_WRONG_PAIR,
    ), "pairs"),
    RulesSection(_("Matching the discard (English)"), (
        P_MATCH,
        P_MATCH_OTHERS,
        P_MATCH_NO_POWER,
        P_WRONG_MATCH,
    ), "matching"),
    RulesSection(_("Calling Pablo"), (
        P_CALL_WHEN,
        P_LAST_TURNS,
        P_CALLER_PROTECTED,
    ), "calling"),
    RulesSection(_("Scoring a round"), (
        _("Everyone counts the cards in front of them; that is their score for the round. Tapete adds them "
          "up as you tap the cards, or you type the points."),
        P_SCORE_FRENCH,
        P_SCORE_ENGLISH,
    ), "scoring"),
    RulesSection(_("The end of the game"), (
        P_END_FRENCH,
        P_END_ENGLISH,
        _("No round can be recorded after the game is over."),
    ), "end"),
    RulesSection(_("Who deals and who starts"), (
        P_NEXT_FRENCH,
        P_NEXT_ENGLISH,
    ), "next"),
    RulesSection(_("Advanced rules (English variant, by table option)"), (
        _("Each player may use only one hand to play."),
        P_EMPTY_FIELD,
    ), "advanced"),
    RulesSection(_("Where the texts are silent (Tapete's readings)"), (
        _("English variant: the round's winner and loser are counted on the cards' points, penalties aside "
          "(a house rule may count the caller's penalty too); totals that decide a tie are those after the "
          "round. Still tied: the first of them in turn after the round's dealer starts, and the first of the "
          "losers after the new starter deals."),
        _("A misdeal (void round) scores nothing and the deal passes to the next player. English variant: the "
          "last round's winner still starts, unless it is their turn to deal."),
        _("Pablo is called once a round: a second call is refused. The French text does not protect the "
          "caller from the 8's swap; the English text does, from the Queen and the King."),
        P_KING_LOOKS,
        _("More than 6 players at a French table: two decks, so a card can be in two hands."),
        _("English variant, first round: choose as first dealer the player just before the one the die picked "
          "to start."),
    ), "readings"),
)

SECTION_KEYS: frozenset[str] = frozenset(section.key for section in RULES)

# The rules a refused record or a ruling cites: each is a section of the rules page, under its own title. A ruling
# names the paragraph it rests on, which the referee quotes (the same paragraph in every language).
_SECTION = {section.key: section for section in RULES}
RULE_DEAL = Rule("deal", _("The deal"))
RULE_TURN = _SECTION["turn"].rule(P_TURN)
RULE_KEPT_IN_PLACE = _SECTION["turn"].rule(P_KEPT_IN_PLACE)
RULE_ENGLISH_DRAW = _SECTION["turn"].rule(P_ENGLISH_DRAW)
RULE_VALUES = Rule("values", _("Card values"))
RULE_POWER_WHEN = _SECTION["powers"].rule(P_POWER_WHEN)
RULE_FRENCH_POWERS = _SECTION["powers"].rule(P_FRENCH_POWERS)
RULE_ENGLISH_POWERS = _SECTION["powers"].rule(P_ENGLISH_POWERS)
RULE_PAIRS = _SECTION["pairs"].rule(P_PAIRS)
RULE_WRONG_PAIR = _SECTION["pairs"].rule(P_WRONG_PAIR)
RULE_MATCH = _SECTION["matching"].rule(P_MATCH)
RULE_MATCH_OTHERS = _SECTION["matching"].rule(P_MATCH_OTHERS)
RULE_MATCH_NO_POWER = _SECTION["matching"].rule(P_MATCH_NO_POWER)
RULE_WRONG_MATCH = _SECTION["matching"].rule(P_WRONG_MATCH)
RULE_CALL = _SECTION["calling"].rule(P_CALL_WHEN)
RULE_LAST_TURNS = _SECTION["calling"].rule(P_LAST_TURNS)
RULE_CALLER_PROTECTED = _SECTION["calling"].rule(P_CALLER_PROTECTED)
RULE_SCORING = Rule("scoring", _("Scoring a round"))
RULE_SCORE_FRENCH = _SECTION["scoring"].rule(P_SCORE_FRENCH)
RULE_SCORE_ENGLISH = _SECTION["scoring"].rule(P_SCORE_ENGLISH)
RULE_END = Rule("end", _("The end of the game"))
RULE_END_FRENCH = _SECTION["end"].rule(P_END_FRENCH)
RULE_END_ENGLISH = _SECTION["end"].rule(P_END_ENGLISH)
RULE_NEXT = Rule("next", _("Who deals and who starts"))
RULE_NEXT_FRENCH = _SECTION["next"].rule(P_NEXT_FRENCH)
RULE_NEXT_ENGLISH = _SECTION["next"].rule(P_NEXT_ENGLISH)
RULE_EMPTY_FIELD = _SECTION["advanced"].rule(P_EMPTY_FIELD)
RULE_KING_LOOKS = _SECTION["readings"].rule(P_KING_LOOKS)
ALL_RULES: tuple[Rule, ...] = (
    RULE_DEAL, RULE_TURN, RULE_KEPT_IN_PLACE, RULE_ENGLISH_DRAW, RULE_VALUES, RULE_POWER_WHEN, RULE_FRENCH_POWERS,
    RULE_ENGLISH_POWERS, RULE_PAIRS, RULE_WRONG_PAIR, RULE_MATCH, RULE_MATCH_OTHERS, RULE_MATCH_NO_POWER,
    RULE_WRONG_MATCH, RULE_CALL, RULE_LAST_TURNS, RULE_CALLER_PROTECTED, RULE_SCORING, RULE_SCORE_FRENCH,
    RULE_SCORE_ENGLISH, RULE_END, RULE_END_FRENCH, RULE_END_ENGLISH, RULE_NEXT, RULE_NEXT_FRENCH, RULE_NEXT_ENGLISH,
    RULE_EMPTY_FIELD, RULE_KING_LOOKS)
