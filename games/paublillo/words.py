"""Paublillo in our own words: the rules page, and the rules that rulings and refusals cite.

Every :class:`~referee.game.Rule` a ruling or a refused record cites names a section of the rules page by its
key (the anchor the page always had), and the rules a ruling quotes are paragraphs of that page:

>>> keys = {section.key for section in RULES}
>>> {rule.key for rule in CITED} <= keys
True
>>> quoted = (R_TRUMP_RANKING, R_PLAIN_RANKING, R_LEAD, R_FOLLOW_TRUMP, R_MONJA, R_PLAIN_LEAD, R_WINNER,
...           R_FACE_UP_TRUMP, R_PLAIN_FACE_DOWN, R_VUELTA, R_ENVIDO, R_RAISES, R_REFUSED, R_NO_BET_ON_ALVER,
...           R_BOTH_ON_ALVER)
>>> all(any(text in section.paragraphs for section in RULES) for text in quoted)
True
>>> str(FOLLOWING_TRUMP), FOLLOWING_TRUMP.key
('Following a trump lead', 'play-and-following')
"""

from __future__ import annotations

from referee.game import Rule, RulesSection
from referee.text import _

# -- the paragraphs a ruling quotes ---------------------------------------------------------------------------
R_TRUMP_RANKING = _("Trumps rank 4 (monja), 3 (paublillo), 2, King, Horse, Jack, Ace, 7, 6, 5.")
R_PLAIN_RANKING = _("The other suits rank King, Horse, Jack, Ace, 7, 6, 5, 4, 3, 2.")
R_LEAD = _("Any card may be led, and the lead is always placed face up.")
R_FOLLOW_TRUMP = _("When a trump is led, every other player must play a trump if they have one.")
R_MONJA = _("A player whose only trump is the 4 (the monja) does not have to play it and may play "
            "another card instead.")
R_PLAIN_LEAD = _("When a plain suit is led, the others may play any card they like, face up or face down.")
R_FACE_UP_TRUMP = _("When a trump is led, every card in the trick is played face up.")
R_FACE_DOWN = _("A card played face down cannot win the trick.")
R_PLAIN_FACE_DOWN = _("To a plain lead a card may be played face down, but a face-down card cannot win the trick.")
R_VUELTA = _("The vuelta: the last card of the second trick may be played face down, even to a trump lead "
             "(it must then still be a trump, if the player has one other than the monja), and still wins as if it "
             "were face up; whoever plays it leads the third trick, whether it won or not.")
R_ENVIDO = _("A deal starts worth 1. At their turn, before playing a card, a player may say envido: a "
             "proposal to play for 3.")
R_RAISES = _("Raises go 3 (envido), 6 (seis), 9 (nueve), 12 (doce), the teams taking turns: only the team "
             "that accepted the latest raise may raise next, at once or later at a player's turn.")
R_REFUSED = _("Refusing envido gives the raisers 1, seis 3, nueve 6, doce 9. Otherwise the team that wins "
              "two tricks scores the stake.")
R_NO_BET_ON_ALVER = _("A team on 11 is on alver. While a team is on alver nobody may bet.")
R_BOTH_ON_ALVER = _("If both teams are on 11 there is no betting and the hand is played for 1, which wins the "
                    "game.")
R_WINNER = _("A trick goes to the highest face-up trump in it or, with no trump in it, to the highest "
             "face-up card of the suit led.")

# -- the rules page -------------------------------------------------------------------------------------------
RULES = (
    RulesSection(_("Players and teams"), (
        _("Two, four, six or eight players in two equal teams, partners never side by side (two players "
          "play one against one). Play goes anticlockwise: Tapete lists the players in that order."),
        _("The first team to reach 12 points or more wins the game."),
    ), key="players-and-teams"),
    RulesSection(_("Cards and ranking"), (
        _("The Spanish 40-card deck: King (12), Horse (11), Jack (10), 7 to 2 and Ace in oros, copas, "
          "espadas and bastos. Each deal has a trump suit."),
        R_TRUMP_RANKING,
        R_PLAIN_RANKING,
        _("The 4 of trumps is called the monja and the 3 of trumps the paublillo."),
    ), key="cards-and-ranking"),
    RulesSection(_("Deal and monja"), (
        _("The deal passes to the right (to the next player in the order of play) after every hand. The "
          "dealer shuffles and the player to their right cuts."),
        _("Each player gets three cards. The next card is turned face up: its suit is trumps. It and the "
          "undealt cards take no part in the play."),
        _("If the turned card is the 4 (the monja), the dealer's team scores 1 at once, unless that team "
          "is on alver: a team on 11 cannot win the game with the monja point."),
    ), key="deal-and-monja"),
    RulesSection(_("Play and following"), (
        _("Three tricks; each team tries to win two of them. The player to the dealer's right leads the "
          "first trick and each trick's winner leads the next."),
        R_LEAD, R_FOLLOW_TRUMP, R_MONJA, R_PLAIN_LEAD, R_WINNER,
    ), key="play-and-following"),
    RulesSection(_("Face-down cards and the vuelta"), (
        R_FACE_UP_TRUMP,
        R_PLAIN_FACE_DOWN,
        R_VUELTA,
        _("The vuelta card is turned over when the third trick is over, to show who won the second."),
    ), key="face-down-cards-and-the-vuelta"),
    RulesSection(_("Betting: envido, seis, nueve, doce"), (
        R_ENVIDO,
        _("The other team answers: refuse (the deal ends and the raisers score what the deal was worth "
          "before the raise), accept (play on for the new stake), or raise again by 3."),
        R_RAISES,
        R_REFUSED,
        _("Before answering, the team that must answer may pass their cards around face down to look at "
          "them; once a raise is accepted both teams may look at their partners' cards. Any player may "
          "answer for the team, and the first answer binds it."),
    ), key="betting-envido-seis-nueve-doce"),
    RulesSection(_("Alver"), (
        R_NO_BET_ON_ALVER,
        _("At the start of play the team on alver looks at its cards together and chooses: play the hand "
          "for 3, or give up and the other team scores 1."),
        R_BOTH_ON_ALVER,
        _("Tapete (house rule, on by default): a monja point that takes the dealer's team to 11 puts "
          "them on alver for that same deal, since it is scored before play begins."),
    ), key="alver"),
    RulesSection(_("Scoring: malas, buenas and stones"), (
        _("The first six points are malas and the next six buenas: 4 points is 4 malas, 9 points is "
          "3 buenas, and 6 is fuera de malas."),
        _("Twelve stones are used, ten plain and two special. Malas are plain stones. Buenas are one "
          "special stone plus one plain stone for each buena after the first: 2 buenas is a special "
          "and a plain stone, 4 buenas a special and three plain."),
        _("At 6 the scorer may keep the six plain stones as a reminder or hand them back; at 6–5 they "
          "must go back, because the other team needs five plain stones."),
    ), key="scoring-malas-buenas-and-stones"),
    RulesSection(_("Table talk and signals (allowed)"), (
        _("Talking is allowed: questions, advice, and claims true or false. So are signals to a partner, "
          "given while the opponents are not looking, and false signals to fool them."),
        _("The usual signs for the top trumps: 4 raise the eyebrows; 3 wink; 2 show the tip of the "
          "tongue; King push out a cheek with the tongue; Horse shrug the shoulders; Jack make a finger "
          "purse; Ace show one finger. A table may invent its own."),
    ), key="table-talk-and-signals-allowed"),
)

# -- the rules cited: a title, the key of the rules page's section that states it and, for a ruling, the paragraph
# it rests on (the referee quotes it) ----------------------------------------------------------------------------
_SECTION = {section.key: section for section in RULES}
LEADING = _SECTION["play-and-following"].rule(R_LEAD, _("Leading"))
FOLLOWING_TRUMP = _SECTION["play-and-following"].rule(R_FOLLOW_TRUMP, _("Following a trump lead"))
FOLLOWING_PLAIN = _SECTION["play-and-following"].rule(R_PLAIN_LEAD, _("Following a plain lead"))
MONJA_EXEMPTION = _SECTION["play-and-following"].rule(R_MONJA, _("The monja need not be played"))
TRICK_WINNER = _SECTION["play-and-following"].rule(R_WINNER, _("Who wins the trick"))
FACE_DOWN = _SECTION["face-down-cards-and-the-vuelta"].rule(R_PLAIN_FACE_DOWN, _("Face-down cards"))
FACE_UP_TO_TRUMP = _SECTION["face-down-cards-and-the-vuelta"].rule(R_FACE_UP_TRUMP, _("Face-down cards"))
VUELTA = _SECTION["face-down-cards-and-the-vuelta"].rule(R_VUELTA, _("The vuelta"))
ENVIDO = _SECTION["betting-envido-seis-nueve-doce"].rule(R_ENVIDO, _("Envido"))
RAISING = _SECTION["betting-envido-seis-nueve-doce"].rule(R_RAISES, _("Who may raise"))
REFUSAL = _SECTION["betting-envido-seis-nueve-doce"].rule(R_REFUSED, _("A refused raise"))
NO_BET_ON_ALVER = _SECTION["alver"].rule(R_NO_BET_ON_ALVER, _("No betting on alver"))
BOTH_ON_ALVER = _SECTION["alver"].rule(R_BOTH_ON_ALVER, _("Both teams on alver"))
GAME_END = Rule("players-and-teams", _("Players and teams"))
BETTING = Rule("betting-envido-seis-nueve-doce", _("Betting: envido, seis, nueve, doce"))
ON_ALVER = Rule("alver", _("Alver"))
THREE_TRICKS = Rule("play-and-following", _("Play and following"))

CITED = (LEADING, FOLLOWING_TRUMP, FOLLOWING_PLAIN, MONJA_EXEMPTION, TRICK_WINNER, FACE_DOWN, FACE_UP_TO_TRUMP, VUELTA,
         ENVIDO, RAISING, REFUSAL, NO_BET_ON_ALVER, BOTH_ON_ALVER, GAME_END, BETTING, ON_ALVER, THREE_TRICKS)
