"""A deal read aloud, the way players check it: "Garde, 2 bouts, 49 points: 49 − 41 = 8" and so on.

The templates are marked for translation here and filled in as ``Text(LINE.template, params)``. Each line
depends on a few numbers only, so each distinct line is built once and then shared between outcomes (a
:class:`Text` is an immutable value): replaying thousands of deals then allocates, and leaves the garbage
collector to walk, a few lines instead of a few per deal. The caches are bounded.

>>> str(header_line("garde", 2, 98, 41, 8)), str(base_line(True, 8, 2))
('Garde, 2 bouts, 49 points: 49 − 41 = 8', 'Made by 8: (25 + 8) × 2 = 66')
"""

from __future__ import annotations

from functools import lru_cache

from games.tarot.count import DealCount
from games.tarot.numbers import (
    CONTRACT_NAMES,
    PETIT_AU_BOUT_BASE,
    PETIT_AU_BOUT_SIGN,
    POIGNEE_BONUS,
    TOTAL_HALVES,
    format_halves,
    number,
)
from games.tarot.record import PetitAuBout, Side, TarotRecord
from referee.text import Text, _, ngettext, signed

POIGNEE_LINES: dict[str, Text] = {
    "simple": _("Simple poignée: %(amount)s"),
    "double": _("Double poignée: %(amount)s"),
    "triple": _("Triple poignée: %(amount)s"),
}
DEFENCE_COUNTED_LINE = _("The defence counted %(defence)s: the attack has 91 − %(defence)s = %(attack)s.")
HEADER_LINES: dict[bool, Text] = {  # whole points?
    True: _("%(contract)s, %(bouts)s, %(points)s: %(counted)s − %(target)s = %(difference)s"),
    False: _("%(contract)s, %(bouts)s, %(points)s, the half to the winner: %(counted)s − %(target)s = "
             "%(difference)s"),
}
# The header lines deals were stored with before the bouts and points said how many (French "0 bout"): marked so
# that their translations stay in the catalogue, as those deals' breakdowns still read them.
STORED_HEADER_LINES: tuple[Text, ...] = (
    _("%(contract)s, 1 bout, %(points)s points: %(points)s − %(target)s = %(difference)s"),
    _("%(contract)s, %(bouts)s bouts, %(points)s points: %(points)s − %(target)s = %(difference)s"),
    _("%(contract)s, 1 bout, %(points)s points, the half to the winner: %(counted)s − %(target)s = "
      "%(difference)s"),
    _("%(contract)s, %(bouts)s bouts, %(points)s points, the half to the winner: %(counted)s − %(target)s = "
      "%(difference)s"),
)
JUSTE_FAIT_LINE = _("Juste fait, made by 0: (25 + 0) × %(mult)s = %(value)s")
MADE_LINE = _("Made by %(margin)s: (25 + %(margin)s) × %(mult)s = %(value)s")
FAILED_LINE = _("Failed by %(margin)s: (25 + %(margin)s) × %(mult)s = %(value)s to the defence")
PETIT_AU_BOUT_LINES: dict[str, Text] = {
    "attack": _("Petit au bout to the attack: 10 × %(mult)s = %(amount)s"),
    "defence": _("Petit au bout to the defence: 10 × %(mult)s = %(amount)s"),
}
POIGNEES_TO_ATTACK_LINE = _("Poignées are not multiplied and go to the side that wins the deal: the attack.")
POIGNEES_TO_DEFENCE_LINE = _("Poignées are not multiplied and go to the side that wins the deal: the defence.")
CHELEM_LINES: dict[str, Text] = {
    "announced_made": _("Chelem announced and made: +400"),
    "unannounced_made": _("Chelem made without announcing it: +200"),
    "announced_failed": _("Chelem announced and failed: −200"),
    "defence": _("Chelem by the defence: each defender +200, so −200"),
}
# Who pays and who gets what, the same way whether the contract is made or not: each defender's score first (what
# the defenders pay on a made contract, what they are paid on a fall), then the attack's (RULINGS.md, "Marks"). At
# five players the taker's share is said (2 units with the partner's 1, 4 when he plays alone), so that a taker's
# −56 beside a defender's +28 is not a riddle.
EACH_LINE = _("→ Each defender %(defender)s; taker %(taker)s %(score)s")
EACH_WITH_PARTNER_LINE = _(
    "→ Each defender %(defender)s; taker %(taker)s %(score)s (2 × %(unit)s), partner %(partner)s %(partner_score)s")
EACH_ALONE_LINE = _("→ Each defender %(defender)s; taker %(taker)s %(score)s (4 × %(unit)s, no partner)")
# The last lines deals were stored with before they said who pays ("→ −28 each" read as each defender losing 28 on
# a fall): marked so that their translations stay in the catalogue, as those deals' breakdowns still read them.
STORED_EACH_LINES: tuple[Text, ...] = (
    _("→ %(unit)s each; %(attack)s"),
    _("→ %(unit)s each; %(taker)s 2 × %(factor)s = %(score)s, %(partner)s %(partner_score)s"),
    _("→ %(unit)s each; %(taker)s alone: 4 × %(factor)s = %(score)s"),
)
MISERE_LINE = _("Misère: %(player)s %(gain)s, each other player −%(each)s")


def deal_lines(record: TarotRecord, deal: DealCount) -> list[Text]:
    """The deal read aloud, up to the unit: the count, the base, petit au bout, poignées, chelem."""
    assert record.contract is not None
    lines: list[Text] = []
    if record.points_side is Side.DEFENCE:
        lines.append(defence_counted_line(deal.attack_halves))
    difference = deal.margin if deal.made else -deal.margin
    lines.append(header_line(record.contract, record.bouts, deal.attack_halves, deal.target, difference))
    lines.append(base_line(deal.made, deal.margin, deal.multiplier))
    if record.petit_au_bout is not PetitAuBout.NONE:
        lines.append(petit_au_bout_line(record.petit_au_bout, deal.multiplier))
    for poignee in record.poignees:
        lines.append(poignee_line(poignee.size, deal.made))
    if record.poignees:
        line = POIGNEES_TO_ATTACK_LINE if deal.made else POIGNEES_TO_DEFENCE_LINE
        lines.append(fixed_line(line.template))
    chelem = CHELEM_LINES.get(record.chelem)
    if chelem is not None:
        lines.append(fixed_line(chelem.template))
    return lines


@lru_cache(maxsize=1024)
def defence_counted_line(attack_halves: int) -> Text:
    return Text(DEFENCE_COUNTED_LINE.template, {"defence": format_halves(TOTAL_HALVES - attack_halves),
                                                "attack": format_halves(attack_halves)})


@lru_cache(maxsize=4096)
def header_line(contract: str, bouts: int, attack_halves: int, target: int, difference: int) -> Text:
    """``Garde, 2 bouts, 49 points: 49 − 41 = 8``, or with the half point given to the winning side."""
    header = HEADER_LINES[attack_halves % 2 == 0]
    return Text(header.template, {
        "contract": CONTRACT_NAMES[contract], "bouts": bouts_said(bouts), "points": points_said(attack_halves),
        "counted": target + difference, "target": target, "difference": number(difference)})


@lru_cache(maxsize=8)
def bouts_said(bouts: int) -> Text:
    """``2 bouts``, ``1 bout``, and ``0 bouts`` as each language says it (``0 bout`` in French)."""
    return ngettext("%(n)s bout", "%(n)s bouts", bouts)


@lru_cache(maxsize=256)
def points_said(halves: int) -> Text:
    """``49 points``, ``40½ points``, ``1 point``, ``½ point``, and ``0 points`` as each language says it (``0
    point`` in French): the form for the points rounded up, so that ``1½`` is plural in English.

    >>> str(points_said(98)), str(points_said(1)), str(points_said(0)), str(points_said(3))
    ('49 points', '½ point', '0 points', '1½ points')
    """
    return ngettext("%(points)s point", "%(points)s points", (halves + 1) // 2, points=format_halves(halves))


@lru_cache(maxsize=1024)
def base_line(made: bool, margin: int, multiplier: int) -> Text:
    """``Made by 8: (25 + 8) × 2 = 66``."""
    value = (25 + margin) * multiplier
    if made and margin == 0:
        return Text(JUSTE_FAIT_LINE.template, {"mult": multiplier, "value": value})
    line = MADE_LINE if made else FAILED_LINE
    return Text(line.template, {"margin": margin, "mult": multiplier, "value": value})


@lru_cache(maxsize=64)
def petit_au_bout_line(side: str, multiplier: int) -> Text:
    amount = PETIT_AU_BOUT_SIGN[side] * PETIT_AU_BOUT_BASE * multiplier
    return Text(PETIT_AU_BOUT_LINES[side].template, {"mult": multiplier, "amount": signed(amount)})


@lru_cache(maxsize=64)
def poignee_line(size: str, made: bool) -> Text:
    amount = POIGNEE_BONUS[size] * (1 if made else -1)
    return Text(POIGNEE_LINES[size].template, {"amount": signed(amount)})


@lru_cache(maxsize=64)
def fixed_line(template: str) -> Text:
    """A line without numbers (a chelem, where the poignées go)."""
    return Text(template, {})


@lru_cache(maxsize=4096)
def each_line(unit: int, taker: str, taker_score: int, partner: str | None = None, partner_score: int = 0,
              five: bool = False) -> Text:
    """Who pays and who gets what, from the attack's ``unit`` (positive when the defenders pay): each defender's
    score, then the taker's (and at five players the partner's, or the taker's share when he plays alone).

    >>> str(each_line(106, "E", 318)), str(each_line(-42, "S", -126))
    ('→ Each defender −106; taker E +318', '→ Each defender +42; taker S −126')
    >>> str(each_line(60, "A", 120, "C", 60, five=True))
    '→ Each defender −60; taker A +120 (2 × 60), partner C +60'
    >>> str(each_line(-28, "A", -56, "C", -28, five=True))
    '→ Each defender +28; taker A −56 (2 × 28), partner C −28'
    >>> str(each_line(-28, "A", -112, five=True))
    '→ Each defender +28; taker A −112 (4 × 28, no partner)'
    """
    said = {"defender": signed(-unit), "taker": taker, "score": signed(taker_score)}
    if not five:
        return Text(EACH_LINE.template, said)
    if partner is None:
        return Text(EACH_ALONE_LINE.template, {**said, "unit": abs(unit)})
    return Text(EACH_WITH_PARTNER_LINE.template, {**said, "unit": abs(unit), "partner": partner,
                                                  "partner_score": signed(partner_score)})


@lru_cache(maxsize=1024)
def misere_line(player: str, gain: int, each: int) -> Text:
    return Text(MISERE_LINE.template, {"player": player, "gain": signed(gain), "each": each})
