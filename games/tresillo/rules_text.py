"""Tresillo and L'Ombre in our own words (seed 003; RULINGS.md "Tresillo" and "L'Ombre"): the two rules pages,
and the rules that refusals and rulings cite.

The cards, the bidding's shape, the play and the three results are shared (:data:`COMMON`); each game adds its
payments. Every :class:`~referee.game.Rule` cited names a section of the page of the game that cites it:

>>> {rule.key for rule in TRESILLO_CITED} <= {s.key for s in TRESILLO_RULES}
True
>>> {rule.key for rule in OMBRE_CITED} <= {s.key for s in OMBRE_RULES}
True
"""

from __future__ import annotations

from referee.game import Rule, RulesSection
from referee.text import _

# -- shared ---------------------------------------------------------------------------------------------------
P_FOLLOW = _("Any card may be led; then you must follow suit when you can. Out of the suit led you may play "
             "anything: you need not trump.")
P_TRUMPS_LED = _("When a trump is led (a matador included), you must play a trump if you hold one. But “the three "
                 "Matador cards can only be forced out by the other Matadors”: if your only trumps are matadors, "
                 "you may keep them and play another card, unless the card led is another matador.")
P_MATADORS_HIGHER = _("House rule, where a table chooses it: only a higher matador led forces out a matador, the "
                      "traditional reading. The Spadillo is never forced out, the Manilla only by the Spadillo, the "
                      "Basto by the Spadillo or the Manilla. Without it, Tapete reads the rule as written: any "
                      "other matador led forces one out.")
P_WINNER = _("The highest trump wins the trick; with no trump in it, the highest card of the suit led. The "
             "winner leads the next trick.")
P_PLAYERS = _("Three players, each on their own, with the Spanish pack of 40 cards; nine cards each, the other "
              "thirteen set aside as the talon for exchanging. A fourth player may join: the dealer deals to the "
              "other three and sits the deal out, so everyone sits out in turn.")
_PLAY = RulesSection(_("The play"), (
    _("The Hombre is the player who won the bidding and plays alone against the other two."),
    P_FOLLOW,
    P_TRUMPS_LED,
    P_MATADORS_HIGHER,
    P_WINNER,
), "play")

COMMON: tuple[RulesSection, ...] = (
    RulesSection(_("Players and cards"), (
        P_PLAYERS,
        _("Players are entered in the order of play. The player after the dealer is the eldest: first to "
          "speak. The deal passes to that player."),
        _("The Hombre leads a card to the first trick. (Many tables have the eldest lead it: a house rule.)"),
    ), "players"),
    RulesSection(_("The ranking of the cards"), (
        _("The Ace of espadas (Spadillo) is always the highest trump and the Ace of bastos (Basto) always the "
          "third. The second, the Manilla, is the 2 of trumps when trumps are black (espadas or bastos) and "
          "the 7 of trumps when they are red (oros or copas). These three are the matadors."),
        _("In a red trump suit the Ace (Punto) comes fourth. Then black trumps run King, Knight, Jack, 7, 6, 5, "
          "4, 3 (eleven trumps) and red trumps King, Knight, Jack, 2, 3, 4, 5, 6 (twelve trumps)."),
        _("In the suits that are not trumps, black suits run King, Knight, Jack, 7 down to 2, and red suits "
          "King, Knight, Jack, then the Ace, 2, 3 up to 7: in red, the lower the number, the better."),
    ), "ranking"),
    _PLAY,
    RulesSection(_("Sacado, codillo and repuesto"), (
        _("After the nine tricks: sacado when the Hombre has more tricks than each opponent (five, or four "
          "against three and two); codillo when one opponent has more tricks than the Hombre and more than "
          "the other opponent; repuesto when the Hombre ties for the most, and also at 1-4-4, where no "
          "single opponent beat him."),
        _("Tapete records the tricks of each of the three players: they add up to nine, and the third is "
          "worked out from the other two."),
    ), "result"),
)

RULE_PLAYERS = Rule("players", _("Players and cards"))
RULE_FOURTH = COMMON[0].rule(P_PLAYERS)  # at four, the dealer sits the deal out
RULE_RANKING = Rule("ranking", _("The ranking of the cards"))
# The play's rulings each quote the paragraph they apply (the three share many words, in every language), and
# are named by it, not by the section: a flagged card says "Follow suit", not "The play".
RULE_LEAD = _PLAY.rule(P_FOLLOW, _("Leading: any card"))
RULE_FOLLOW = _PLAY.rule(P_FOLLOW, _("Follow suit"))  # a plain suit led
RULE_TRUMPS_LED = _PLAY.rule(P_TRUMPS_LED, _("When a trump is led"))
RULE_WINNER = _PLAY.rule(P_WINNER, _("Who wins the trick"))
RULE_MATADORS_HIGHER = _PLAY.rule(P_MATADORS_HIGHER, _("House rule: only a higher matador forces one out"))
RULE_RESULT = Rule("result", _("Sacado, codillo and repuesto"))
RULE_RECORD = Rule("recording", _("Recording a deal"))
RULE_SETTLE = Rule("settling", _("Settling up"))

_RECORDING = RulesSection(_("Recording a deal"), (
    _("Tapete shows who deals; you record the Hombre, the bid, each player's tricks and the extras. It works "
      "out the situation, the result and every payment, and refuses a record that cannot be: tricks that do "
      "not add up to nine, an extra the tricks do not allow, a player sitting out named as the Hombre."),
    _("A misdeal is recorded as a void deal: nothing is paid and the deal passes on."),
), "recording")

# -- Tresillo -------------------------------------------------------------------------------------------------
P_BIDS = _("From the eldest round the table, each player bids or passes, and may raise a bid already made. The "
           "bids, from the lowest: juego (choose trumps, then exchange), vuelta (trumps are the suit of the "
           "talon's top card turned over, then exchange), solo (choose trumps, exchange nothing). The highest "
           "bid makes the Hombre; if two players gave the same bid, the last to give it is the Hombre.")
P_TURNS = _("The bidding goes round as in poker: at his turn a player bids at least the highest bid so far, or "
            "passes, and a player who passed speaks no more. Once a bid is made and two players have passed, the "
            "bidding is over: the third, who holds the highest bid, is the Hombre. If all three pass, nobody is "
            "the Hombre: the deal is void (nothing is paid) and the deal passes on.")
_BIDDING = RulesSection(_("Bidding"), (
    P_BIDS,
    P_TURNS,
    _("After the Hombre, the opponents may exchange with the talon. Nobody pays to pass or to exchange."),
    _("Tapete may take the bidding as it was said, each bid or pass in turn from the eldest: it works out the "
      "Hombre and the bid, or checks those recorded, and refuses a bid lower than one already made. Three "
      "passes are recorded as they were said: the deal all three passed, void."),
), "bidding")

TRESILLO_ONLY: tuple[RulesSection, ...] = (
    _BIDDING,
    RulesSection(_("The middle pool and the plato"), (
        _("Before the first deal each player puts a 5-tanto piece in the middle pool: Tapete counts it with "
          "the first deal, as it begins. The plato holds the stakes and passes from dealer to dealer."),
        _("A dealer who finds the plato empty moves a 5 from the middle into it and adds 1 tanto of his own; "
          "otherwise he adds just 1. When the middle is empty and a 5 is needed, each player puts in another "
          "5 first."),
    ), "plato"),
    RulesSection(_("The three situations"), (
        _("The situation is judged before the dealer's top-up: any open debt on the Reserved Puesta sheet "
          "makes a reserved puesta (even with an empty plato); otherwise an empty plato makes a first puesta, "
          "and a plato with tantos in it a puesta in the plato."),
        _("The amount in play is the plato after the top-up plus 4 (first puesta, puesta in the plato), or "
          "the highest open debt on the sheet plus the plato (reserved puesta)."),
    ), "situations"),
    RulesSection(_("Payments"), (
        _("Sacado, first puesta or puesta in the plato: the Hombre takes the whole plato, and 1 tanto from "
          "each opponent."),
        _("Sacado, reserved puesta: the Hombre takes the plato, and the player who owes the highest open debt "
          "pays him that amount, which is crossed out. If that debt is the Hombre's own, it is crossed out "
          "and nothing is paid. No extra tanto from the opponents."),
        _("Repuesto: in a first puesta the Hombre pays the amount in play into the plato; otherwise the amount "
          "is written on the sheet under his name, no money moves and the plato keeps its contents."),
        _("Codillo: the Hombre pays the amount in play to the winning opponent, and as much again into the "
          "plato (first puesta) or onto the sheet under his name (the other two situations)."),
    ), "payments"),
    RulesSection(_("The Reserved Puesta sheet"), (
        _("The sheet lists debts: who, how much, written at which deal. They are promises, not money: only a "
          "sacado in a reserved puesta collects one, the highest, and crosses it out. Tapete keeps the sheet "
          "on the table's page."),
        _("Money moves only as cash, so at every moment the players' nets, the plato and the middle pool "
          "add up to zero; the page shows that check."),
        _("Tapete (house rule): when two open debts are equally the highest, the one written first is used; a "
          "table may choose the Hombre's own instead, when he has one of them."),
    ), "sheet"),
    RulesSection(_("Bonuses"), (
        _("Vuelta 1 tanto, solo 2, estuche (the Hombre holds the three matadors) 1, primeras 1, bola 8. Each "
          "opponent pays them to a Hombre who wins a sacado; a Hombre who does not (repuesto or codillo) pays "
          "them to each opponent. They add up."),
        _("Primeras: the Hombre won the first five tricks and stopped (record him with 5, the four unplayed "
          "tricks split between the opponents). Bola: all nine tricks. Never both. Estuche needs at least "
          "three tricks for the Hombre, since each matador wins its own."),
        _("A Hombre who took all nine tricks made the bola: Tapete counts it even when it was not ticked."),
    ), "bonuses"),
    _RECORDING,
    RulesSection(_("Tapete's readings"), (
        _("Where the rules leave a choice, Tapete reads them this way. The house rules are options chosen when "
          "the table is made, and the table's page shows them."),
        _("At a table of four, every player funds the middle pool, the one sitting out included, and the dealer "
          "who sits out still adds his tanto to the plato."),
        _("House rule: at a table of four the player sitting out pays and collects nothing else. A table may "
          "choose instead, as many Spanish tables do, that he pays and collects like an opponent: the tanto of "
          "a sacado and the bonuses."),
        _("A void deal (a misdeal, or all three passed) moves nothing: no top-up of the plato, no payment; the "
          "deal passes on."),
    ), "readings"),
    RulesSection(_("Settling up"), (
        _("At any moment the night can be settled: each player's net, with the plato and the middle pool "
          "shared equally among all the players (odd tantos one each from the player after the dealer)."),
        _("With the open reserved puestas: each debt on the sheet is paid into the plato first, then shared. "
          "Without them: the sheet is torn up."),
    ), "settling"),
)

TRESILLO_RULES: tuple[RulesSection, ...] = COMMON + TRESILLO_ONLY

RULE_BIDDING = Rule("bidding", _("Bidding"))
# The bidding's rulings each quote their paragraph: the bids and ties, or the turns, passes and the end.
RULE_BIDS = _BIDDING.rule(P_BIDS)
RULE_TURNS = _BIDDING.rule(P_TURNS)
RULE_PLATO = Rule("plato", _("The middle pool and the plato"))
RULE_SITUATIONS = Rule("situations", _("The three situations"))
RULE_PAYMENTS = Rule("payments", _("Payments"))
RULE_SHEET = Rule("sheet", _("The Reserved Puesta sheet"))
RULE_BONUSES = Rule("bonuses", _("Bonuses"))

TRESILLO_CITED = (RULE_PLAYERS, RULE_FOURTH, RULE_RANKING, RULE_FOLLOW, RULE_TRUMPS_LED, RULE_WINNER, RULE_RESULT,
                  RULE_RECORD, RULE_SETTLE, RULE_BIDDING, RULE_BIDS, RULE_TURNS, RULE_PLATO, RULE_SITUATIONS,
                  RULE_PAYMENTS, RULE_SHEET, RULE_BONUSES)

# -- L'Ombre --------------------------------------------------------------------------------------------------
P_OMBRE_BIDDING = _("From the eldest, each player bids game or passes. The first to bid game is the Hombre and "
                    "the bidding stops: nobody passes after the bid. Each player who passed before him pays a "
                    "lesser counter to the stakes. If all three pass, all three pay and the eldest is the Hombre.")
P_OMBRE_ONCE = _("Each player speaks once, at his turn: “you either bid to win or you pass”. Nobody outbids the "
                 "Hombre (that came later, with Tresillo), and a player who passed cannot bid game afterwards.")
_OMBRE_BIDDING = RulesSection(_("Bidding and taking in"), (
    P_OMBRE_BIDDING,
    P_OMBRE_ONCE,
    _("The Hombre names trumps and takes in first: each card he takes in costs a lesser counter to the "
      "stakes. The opponents' exchanges cost nothing."),
), "ombre-bidding")

OMBRE_ONLY: tuple[RulesSection, ...] = (
    RulesSection(_("Counters and stakes"), (
        _("A lesser counter is worth 1, a greater counter 5. A deal that starts with empty stakes (the first "
          "deal too) opens with a greater counter from each of the three players dealt in (15); a deal that starts "
          "with stakes left by a repuesto opens with a lesser counter from the eldest."),
    ), "stakes"),
    _OMBRE_BIDDING,
    RulesSection(_("Winning and losing"), (
        _("The stakes hold everything paid in during the deal on top of what was carried over. Sacado: the "
          "Hombre takes the stakes and a lesser counter from each opponent. Codillo: the player with most "
          "tricks takes the stakes and as much again from the Hombre. Repuesto: the Hombre pays the stakes' "
          "total in, doubling them for the next deal."),
    ), "ombre-payments"),
    RulesSection(_("Playing without taking in"), (
        _("A Hombre who takes in no card receives a greater counter from each opponent at once. Unless the "
          "deal is his sacado, he returns it and pays another greater counter to each: 10 in all."),
    ), "without"),
    RulesSection(_("Matadors"), (
        _("A Hombre holding the three matadors counts them and the unbroken trumps below them (3 to 9). On "
          "his sacado each opponent pays him three greater counters for the three (15) and a lesser counter "
          "more for each further trump in the run. A count of 1 or 2, over 9, or over the Hombre's tricks "
          "cannot be."),
    ), "matadors"),
    RulesSection(_("The first five tricks and the voll"), (
        _("Any player who wins the first five tricks takes a lesser counter from each other player at once, "
          "or declares the voll instead: made (all nine tricks), it earns a greater counter from each other "
          "player on top of the normal result; failed, it earns nothing, not even the lesser."),
    ), "first-five"),
    RulesSection(_("Recording a deal"), (
        _("Tapete shows who deals; you record the Hombre, who passed before he bid, how many cards he took in, "
          "each player's tricks and the extras. It works out the stakes, the result and every payment, and "
          "refuses a record that cannot be: tricks that do not add up to nine, a pass after the bid, matadors "
          "the tricks do not allow, a player sitting out named as the Hombre."),
        _RECORDING.paragraphs[1],
    ), "recording"),
    RulesSection(_("Tapete's readings"), (
        _("Where the rules leave a choice, Tapete reads them this way. The house rules are options chosen when "
          "the table is made, and the table's page shows them."),
        _("At a table of four, the greater counters that open empty stakes come from the three players dealt "
          "in (15)."),
        _("House rule: at a table of four the player sitting out pays and collects nothing. A table may choose "
          "instead that he pays and collects like an opponent: a sacado's lesser counter, matadors, playing "
          "without taking in, the first five tricks and the voll."),
        _("A void deal (a misdeal) moves nothing: the stakes stay for the next deal, which the next dealer "
          "deals."),
    ), "readings"),
    RulesSection(_("Settling up"), (
        _("At any moment the night can be settled: each player's net in counters, with what lies in the stakes "
          "shared equally among all the players (odd counters one each from the player after the dealer)."),
    ), "settling"),
)

OMBRE_RULES: tuple[RulesSection, ...] = COMMON + OMBRE_ONLY

RULE_STAKES = Rule("stakes", _("Counters and stakes"))
RULE_OMBRE_BIDDING = Rule("ombre-bidding", _("Bidding and taking in"))
RULE_OMBRE_BIDS = _OMBRE_BIDDING.rule(P_OMBRE_BIDDING, _("Bidding"))  # who is the Hombre, who pays to pass
RULE_OMBRE_ONCE = _OMBRE_BIDDING.rule(P_OMBRE_ONCE, _("Bidding"))  # one turn each, no outbidding
RULE_OMBRE_PAYMENTS = Rule("ombre-payments", _("Winning and losing"))
RULE_WITHOUT = Rule("without", _("Playing without taking in"))
RULE_MATADORS = Rule("matadors", _("Matadors"))
RULE_FIRST_FIVE = Rule("first-five", _("The first five tricks and the voll"))

OMBRE_CITED = (RULE_PLAYERS, RULE_FOURTH, RULE_RANKING, RULE_FOLLOW, RULE_TRUMPS_LED, RULE_WINNER, RULE_RESULT,
               RULE_RECORD, RULE_SETTLE, RULE_STAKES, RULE_OMBRE_BIDDING, RULE_OMBRE_BIDS, RULE_OMBRE_ONCE,
               RULE_OMBRE_PAYMENTS, RULE_WITHOUT, RULE_MATADORS, RULE_FIRST_FIVE)
