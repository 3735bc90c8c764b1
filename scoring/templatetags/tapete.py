"""Template helpers: translate referee text, show signed scores and money."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django import template
from django.utils import timezone
from django.utils.dateformat import format as date_format_as
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.timesince import timesince
from django.utils.translation import gettext

from referee.game import get_game
from referee.text import signed as signed_number
from scoring.forms import message_id, message_ids
from scoring.money import is_currency, money_text
from scoring.services import translate

register = template.Library()


@register.filter
def tr(text: Any) -> str:
    """A referee text (``[template, params]`` as stored, or a Text) in the active language."""
    return translate(text)


# A full stop straight after another stop (not part of an ellipsis): the one a name brought with it.
_SECOND_STOP = re.compile(r"(?<=[^.][.!?…])\.(?!\.)")


@register.filter(is_safe=True)
def one_stop(text: Any) -> str:
    """A page's sentence (``{% filter one_stop %}{% blocktranslate %}…``) whose name ends with a stop of its own
    said with one stop, not two: "empieza Ana Ma." (not "Ana Ma.."), as :func:`referee.text.fill` does for the
    games' own sentences; an ellipsis stays.

    >>> one_stop("Reparte Bea, empieza Ana Ma.."), one_stop("Wait... Yahoo!."), one_stop("From Ana. Nobody: …")
    ('Reparte Bea, empieza Ana Ma.', 'Wait... Yahoo!', 'From Ana. Nobody: …')
    """
    return _SECOND_STOP.sub("", str(text))


_BEFORE_A_NUMBER = re.compile(r"(?<=\S) (?=[−+-]?\d)")


@register.filter(is_safe=True)
def numbers_kept(text: Any) -> str:
    """A line of sums that wraps between its terms, never between a word and its number ("pot 17", "= 0").

    >>> numbers_kept("Players −22 + pot 17 = 0") == "Players\u00a0−22 + pot\u00a017 =\u00a00"
    True
    """
    return _BEFORE_A_NUMBER.sub("\u00a0", str(text))


# A total (a figure of one or two words) said with what it means after it, in brackets or after a colon:
# "−8 (−14, 6 back from the pots)", "6 malas (fuera de malas)", "6 buenas: game" ("6 buenas\u00a0: partie").
_TOTAL_AND_REASON = re.compile(r"^(\S+(?: \S+)?)(?: (\(.+\))|\u00a0?: (.+))$")


@register.filter
def total_parts(shown: Any) -> tuple[str, str]:
    """A total as the standings show it, split into its figure and what a game says it means after it, so the
    figure stays large and the reason goes under it in small type (on one line it made the column too wide for
    the names, "C/a/r/l/o/s", on a phone and on the big screen). A total without a reason is all figure.

    >>> total_parts("−8 (−14, 6 back from the pots)"), total_parts("6 malas (fuera de malas)")
    (('−8', '(−14, 6 back from the pots)'), ('6 malas', '(fuera de malas)'))
    >>> total_parts("6 buenas\u00a0: partie"), total_parts("+5"), total_parts("B-U-R")
    (('6 buenas', 'partie'), ('+5', ''), ('B-U-R', ''))
    """
    text = str(shown)
    found = _TOTAL_AND_REASON.match(text)
    return (found.group(1), found.group(2) or found.group(3)) if found else (text, "")


@register.filter
def signed(value: Any) -> str:
    """+12, −7, 0 (with a real minus sign)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return str(value)
    return signed_number(number)


@register.filter
def ago(moment: Any) -> str:
    """When ``moment`` was, as a list of tables says it: "just now" within the last minute (Django's
    ``timesince`` says "0 minutes" there, also for a moment a little in the future), else "10 minutes
    ago", "2 days, 3 hours ago" in the reader's language; nothing for no moment."""
    if not moment:
        return ""
    if timezone.now() - moment < timedelta(minutes=1):
        return gettext("just now")
    return gettext("%(ago)s ago") % {"ago": timesince(moment)}


@register.filter
def lowest_wins(table: Any) -> bool:
    """Whether the table's game is won by the lowest total (its pages colour a positive score as bad)."""
    try:
        return bool(get_game(table.game).lower_wins)
    except (AttributeError, KeyError):
        return False


@register.filter
def sign_class(value: Any) -> str:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return ""
    return "pos" if number > 0 else "neg" if number < 0 else "zero"


@register.filter
def total_class(value: Any, game: Any) -> str:
    """A side's total in the standings coloured by its sign (:func:`sign_class`) where a total is a net won or
    lost; not at all where it counts toward the game's end (``Game.signed_totals``: a losing side's count is no
    gain).

    >>> from types import SimpleNamespace
    >>> total_class(-12, SimpleNamespace(signed_totals=True)), total_class(8, SimpleNamespace(signed_totals=False))
    ('neg', '')
    """
    return sign_class(value) if getattr(game, "signed_totals", True) else ""


@register.filter
def money(minor: Any, currency: str = "") -> str:
    """Integer minor units as an amount (:func:`scoring.money.money_text`): 1250, "EUR" -> "12.50 EUR";
    100, "🍺" -> "1 🍺"; 5000000, "COP" -> "50,000 COP"."""
    try:
        return money_text(int(minor), currency)
    except (TypeError, ValueError):
        return str(minor)


@register.filter
def signed_money(minor: Any, currency: str = "") -> str:
    """As :func:`money`, with a sign either way: "+12.50 EUR", "−3.00 EUR"."""
    try:
        return money_text(int(minor), currency, signed=True)
    except (TypeError, ValueError):
        return str(minor)


@register.simple_tag
def settled_money(minor: Any, currency: str, decimals: Any, signed: bool = False) -> str:
    """An amount of a settlement with the decimals all of its amounts share (:func:`scoring.money.decimals_for`),
    so that they line up: ``{% settled_money row.net result.currency result.decimals signed=True %}`` "+3,00 COP"
    over "−1,50 COP", never "+3 COP".

    >>> settled_money(300, "COP", 2, signed=True), settled_money(300, "COP", 0), settled_money(150, "COP", 0)
    ('+3.00 COP', '3 COP', '1.50 COP')
    >>> settled_money(2700, "COP", "")  # no shared decimals given: the amount as it is said alone, never "2700"
    '27 COP'
    """
    try:
        amount = int(minor)
    except (TypeError, ValueError):
        return str(minor)
    try:
        return money_text(amount, currency, signed=signed, decimals=int(decimals))
    except (TypeError, ValueError):
        return money_text(amount, currency, signed=signed)


@register.filter
def money_word(currency: str) -> str:
    """The heading over a settlement's amounts: "Money" in a currency, else what is paid ("🍺", "chips")."""
    return gettext("Money") if is_currency(currency) else currency


@register.simple_tag
def payments_text(heading: str, transfers: Any, currency: str, decimals: Any, link: str = "",
                  notes: Any = ()) -> str:
    """Who pays whom as plain lines, to copy or share (a message to the friends who went home), each of ``notes``
    (what the page says above the payments: a game not over) on its own line before them:

    >>> print(payments_text("Friday · Who pays whom", [("Bea", "Ana", 150), ("Dan", "Ana", 50)], "EUR", 2, "https://t/x",
    ...                     ["This game is not over."]))
    Friday · Who pays whom
    This game is not over.
    Bea pays Ana 1.50 EUR
    Dan pays Ana 0.50 EUR
    https://t/x
    """
    lines = [str(heading), *(str(note) for note in notes or ())] + [
        gettext("%(payer)s pays %(payee)s %(amount)s") % {
            "payer": payer, "payee": payee, "amount": settled_money(amount, currency, decimals)}
        for payer, payee, amount in transfers]
    return "\n".join([*lines, link] if link else lines)


@register.filter
def player_counts(counts: Any) -> str:
    """A game's numbers of players as a reader takes them in: "3, 4, 5", "2, 4, 6, 8", but "3–8" for a longer run.

    >>> player_counts([3, 4, 5]), player_counts([2, 4, 6, 8]), player_counts([3, 4, 5, 6, 7, 8])
    ('3, 4, 5', '2, 4, 6, 8', '3–8')
    """
    values = sorted(int(n) for n in counts)
    if len(values) > 3 and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}–{values[-1]}"
    return ", ".join(str(n) for n in values)


@register.filter
def error_id(base: Any, number: Any) -> str:
    """The id of a field's ``number``-th message: ``{{ bound.auto_id|error_id:forloop.counter }}`` (each message
    its own id, :func:`scoring.forms.message_id`)."""
    return message_id(str(base), int(number))


@register.filter
def error_ids(base: Any, messages: Any) -> str:
    """The ids of all of a field's messages, for its inputs' ``aria-describedby``:
    ``{{ eid|error_ids:errs }}`` -> "id_x_error id_x_error_2"."""
    return " ".join(message_ids(str(base), list(messages or ())))


@register.filter
def get(mapping: Any, key: Any) -> Any:
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.simple_tag
def game_board(st: Any) -> Any:
    """The game's presenter's board for the standings ``st`` (what its state template draws)."""
    from scoring.presenters import presenter_for

    return presenter_for(st.table.game).board(st)


@register.simple_tag
def game_record(form: Any, table: Any, deal: Any = None, st: Any = None) -> Any:
    """The game's presenter's pieces for its own record form (``form`` for ``table``; ``deal`` when editing)."""
    from scoring.presenters import presenter_for

    return presenter_for(table.game).record(form, table, deal, st)


@register.filter
def local_time(moment: Any, part: str = "") -> str:
    """A moment as a ``<time>`` the phone's own script says in the phone's own time zone (``static/app/times.js``:
    the server's clock is UTC, hours off at most tables); the server's time without the script. Safe to put in a
    translated sentence ("started {{ when }}"). ``local_time:"date"``: its day alone (a game at 8 pm in Bogotá
    is the next day in UTC)."""
    if not moment:
        return ""
    here = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    if part == "date":
        return format_html('<time datetime="{}" data-local="date">{}</time>', date_format_as(here, "c"),
                           date_format(here, "SHORT_DATE_FORMAT"))
    return format_html('<time datetime="{}" data-local>{}</time>', date_format_as(here, "c"),
                       date_format(here, "SHORT_DATETIME_FORMAT"))
