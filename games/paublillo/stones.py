"""The score as the table keeps it: malas and buenas, and the twelve stones in front of the scorers.

The first six points are malas, the next six buenas; a team scores with stones from a supply of twelve, ten
plain and two special.

>>> [str(score_text(n)) for n in (0, 1, 4, 6, 7, 9, 12)]
['0', '1 mala', '4 malas', '6 malas (fuera de malas)', '1 buena', '3 buenas', '6 buenas']
>>> stones(4), stones(9), stones(6, other=5)
((4, 0), (2, 1), (0, 0))
"""

from __future__ import annotations

from referee.text import Text, _, ngettext

TARGET = 12  # the first team to 12 or more wins
ALVER = 11  # a team on 11 is on alver
MALAS = 6  # the first six points are malas
PLAIN_STONES = 10  # the set of twelve stones: ten plain, two special


def stones(score: int, other: int | None = None, keep_six: bool = True) -> tuple[int, int]:
    """The stones in front of a team's scorer for ``score``: ``(plain, special)``.

    Malas (1–6) are plain stones; buenas (7–12) are one special stone plus one plain stone for each
    buena after the first. At 6 (fuera de malas) the scorer may keep the six plain stones (``keep_six``,
    the safer habit) but must give them back when the other team needs them: there are only ten plain
    stones, so at 6–5 the team on 6 holds none. ``other`` is the other team's score, if known. Scores past
    12 show as 12 (the game is over).

    >>> stones(4), stones(6), stones(6, other=5), stones(7), stones(10), stones(12)
    ((4, 0), (6, 0), (0, 0), (0, 1), (3, 1), (5, 1))
    """
    score = max(0, min(score, TARGET))
    if score > MALAS:
        return score - MALAS - 1, 1
    if score < MALAS:
        return score, 0
    if not keep_six:
        return 0, 0
    if other is not None:
        other = max(0, min(other, TARGET))
        other_plain = other if other <= MALAS else other - MALAS - 1  # a team on 6 too would keep six
        if MALAS + other_plain > PLAIN_STONES:
            return 0, 0
    return MALAS, 0


def score_text(score: int) -> Text:
    """A score the way the table says it: "4 malas", "fuera de malas", "3 buenas", and past 12 "6 buenas: game"."""
    if score <= 0:
        return _("0")
    if score == 1:
        return _("1 mala")
    if score < MALAS:
        return _("%(n)s malas", n=score)
    if score == MALAS:
        return _("6 malas (fuera de malas)")
    if score == MALAS + 1:
        return _("1 buena")
    if score <= TARGET:
        return _("%(n)s buenas", n=score - MALAS)
    return _("6 buenas: game")  # past 12 as well: the stones stop at six buenas (the points say how far)


def stones_text(plain: int, special: int) -> Text:
    """The stones in front of a scorer, each count in its own number, so that a language whose words agree with
    it says "1 piedra especial", not "1 especiales".

    >>> str(stones_text(4, 1)), str(stones_text(1, 0))
    ('4 plain stones, 1 special stone', '1 plain stone, 0 special stones')
    """
    return _("%(plain)s, %(special)s",
             plain=ngettext("%(n)s plain stone", "%(n)s plain stones", plain),
             special=ngettext("%(n)s special stone", "%(n)s special stones", special))
