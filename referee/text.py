"""Translatable text without Django.

The referee speaks English. Every message a person reads is built with ``_("template %(x)s", x=...)``,
which keeps the template and its parameters apart so the app can translate the template
(``gettext(text.template) % text.params``) while the referee stays framework-free. ``makemessages``
finds the templates because ``_`` is one of xgettext's keywords.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

CONTEXT = "\x04"  # between a template's context and the template, as gettext's catalogs keep them
PLURAL = "\x1f"  # between a plural template's singular and plural (:func:`ngettext`); not NUL, which PostgreSQL's
#                  JSON cannot store


@dataclass(frozen=True)
class Text:
    template: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        template = plural_form(without_context(self.template), self.params)
        return fill(template, self.params, words_of(self.params)) if self.params else template

    def to_json(self) -> str:
        return str(self)

    @classmethod
    def from_i18n(cls, data: Any) -> Text:
        """A text back from :meth:`to_i18n` (nested texts too); a plain string as a text of its own.

        >>> str(Text.from_i18n(["%(a)s and %(b)s", {"a": ["%(n)s malas", {"n": 3}], "b": 2}]))
        '3 malas and 2'
        """
        if is_i18n(data):
            return cls(data[0], {k: cls.from_i18n(v) if is_i18n(v) else v for k, v in data[1].items()})
        return cls(str(data))

    def to_i18n(self) -> list[Any]:
        """``[template, params]`` for storage (JSON): nested texts keep their own ``[template, params]``, and
        any other value (a seat, a card) is stored as it reads (``str``).

        >>> from referee.values import Seat
        >>> _("%(p)s takes %(n)s.", p=Seat(1, "Bea"), n=3).to_i18n()
        ['%(p)s takes %(n)s.', {'p': 'Bea', 'n': 3}]
        """
        return [self.template, {k: v.to_i18n() if isinstance(v, Text) else
                                v if v is None or isinstance(v, str | int | float) else str(v)
                                for k, v in self.params.items()}]


def is_text(value: Any) -> bool:
    """Whether ``value`` is a text: a :class:`Text`, or its stored form."""
    return isinstance(value, Text) or is_i18n(value)


def is_i18n(value: Any) -> bool:
    """Whether ``value`` is a text's stored form, ``[template, params]``."""
    return (isinstance(value, list | tuple) and len(value) == 2 and isinstance(value[0], str)
            and isinstance(value[1], dict))


# A value that ends a sentence with its own stop ("Ana Ma.", "Yahoo!"), and one that opens a sentence.
_STOPPED = re.compile(r"%\((\w+)\)s\.(?!\.)")
_OPENING = re.compile(r"(?:^|[.!?…]\s+)%\((\w+)\)s")
_STOPS = (".", "!", "?", "…")


def fill(template: str, params: Mapping[str, Any], words: Collection[str] = ()) -> str:
    """``template % params`` as a sentence writes it, whatever the values: no second full stop after a value that
    ends with a stop of its own (a name such as "Ana Ma."), and, in a template that is a sentence (it ends with a
    stop), a capital letter on the word a sentence opens with when that word is one of ``words`` (the game's own
    words: "copas", not a player's name, which stays as the player wrote it).

    >>> fill("The dealer is %(name)s.", {"name": "Ana Ma."}), fill("The dealer is %(name)s.", {"name": "Ana"})
    ('The dealer is Ana Ma.', 'The dealer is Ana.')
    >>> fill("%(suit)s were led. You hold no %(suit)s.", {"suit": "copas"}, {"suit"})
    'Copas were led. You hold no copas.'
    >>> fill("%(name)s leads; you hold no %(suit)s.", {"name": "de Vries", "suit": "copas"}, {"suit"})
    'de Vries leads; you hold no copas.'
    >>> fill("%(suit)s of %(rank)s", {"suit": "copas", "rank": 3}, {"suit"})  # not a sentence
    'copas of 3'
    """
    if not words and not any(str(value).endswith(_STOPS) for value in params.values()):
        return template % params  # the usual case, as fast as plain % (a long score answer says thousands)
    sentence = template.rstrip().endswith(_STOPS)  # a phrase ("%(rank)s of %(suit)s") is left as it is
    template = _STOPPED.sub(lambda m: m.group(0)[:-1] if str(params.get(m.group(1), "")).endswith(_STOPS)
                            else m.group(0), template)
    if not sentence or not any(m.group(1) in words for m in _OPENING.finditer(template)):
        return template % params
    values = dict(params)

    def capital(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in words:
            return match.group(0)
        said = str(params[name])
        values[f"{name} opening"] = said[:1].upper() + said[1:]
        return match.group(0).replace(f"%({name})s", f"%({name} opening)s")

    return _OPENING.sub(capital, template) % values


def words_of(params: Mapping[str, Any]) -> frozenset[str]:
    """The parameters that are the game's own words, which a sentence may open with a capital: a text whose own
    template starts with a word ("copas", "Ace of espadas"), not with a value (a name, a number of malas).

    >>> sorted(words_of({"suit": _("copas"), "name": "ana", "n": _("%(n)s malas", n=3)}))
    ['suit']
    """
    return frozenset(name for name, value in params.items()
                     if is_text(value) and not without_context(
                         value.template if isinstance(value, Text) else value[0]).startswith("%("))


def _(template: str, **params: Any) -> Text:
    """Mark ``template`` for translation; ``params`` fill its ``%(name)s`` slots."""
    return Text(template, params)


def pgettext(context: str, template: str, **params: Any) -> Text:
    """``_`` for a word whose translation depends on what it is: ``pgettext("card rank, one letter: King",
    "K")`` is R in French and Spanish, where a Knight's C stays C. (``makemessages`` finds the context too.)

    >>> str(pgettext("card rank, one letter: King", "K"))
    'K'
    """
    return Text(f"{context}{CONTEXT}{template}", params)


def ngettext(singular: str, plural: str, n: int, **params: Any) -> Text:
    """``_`` for a message whose words depend on a number ``n`` (also its ``%(n)s``): the catalogue's plural rule
    picks the form (French says "0 bout", English "0 bouts"). The template keeps both forms, so a stored text
    still reads in the reader's language. (``makemessages`` finds both forms: ``ngettext`` is an xgettext keyword.)

    >>> [str(ngettext("%(n)s bout", "%(n)s bouts", n)) for n in (0, 1, 2)]
    ['0 bouts', '1 bout', '2 bouts']
    >>> str(ngettext("%(points)s point", "%(points)s points", 1, points="½"))
    '½ point'
    """
    return Text(f"{singular}{PLURAL}{plural}", {"n": n, **params})


def plural_forms(template: str) -> tuple[str, str] | None:
    """A plural template's two forms (:func:`ngettext`), English's singular and plural; ``None`` for any other."""
    if PLURAL not in template:
        return None
    singular, _sep, plural = template.partition(PLURAL)
    return singular, plural


def plural_count(params: Mapping[str, Any]) -> int:
    """The number that picks a plural template's form (its ``n``; 2, a plural, if it has none)."""
    n = params.get("n")
    return n if isinstance(n, int) else 2


def plural_form(template: str, params: Mapping[str, Any]) -> str:
    """The form of a plural template English says for its ``n`` (1: the singular); any other template as it is."""
    forms = plural_forms(template)
    if forms is None:
        return template
    return forms[0] if plural_count(params) == 1 else forms[1]


def without_context(template: str) -> str:
    """A template without the context :func:`pgettext` gave it (as gettext answers a message it has no
    translation for: the context and the message)."""
    return template.rpartition(CONTEXT)[2] if CONTEXT in template else template


def join(items: Sequence[Text | str], separator: str = ", ") -> Text:
    """Items said one after another, each still translatable (card names, say): a text of separators only."""
    return Text(separator.join(f"%(item{i})s" for i in range(len(items))),
                {f"item{i}": item for i, item in enumerate(items)})


def and_join(items: Sequence[Text | str]) -> Text:
    """Names said as a sentence lists them: "Ana", "Ana and Bea", "Ana, Bea and Cy" ("y", "et"...).

    >>> str(and_join(["Ana"])), str(and_join(["Ana", "Bea"])), str(and_join(["Ana", "Bea", "Cy"]))
    ('Ana', 'Ana and Bea', 'Ana, Bea and Cy')
    """
    if len(items) < 2:
        return join(items)
    if _sounds_i(str(items[-1])):  # Spanish says "e" there: "Ana e Inés", "Ana e Hilda" (but "Ana y Iago")
        return pgettext("and, before a word that starts with an i sound", "%(items)s and %(last)s",
                        items=join(items[:-1]), last=items[-1])
    return _("%(items)s and %(last)s", items=join(items[:-1]), last=items[-1])


def and_join_of(items: Sequence[Text | str]) -> Text:
    """Things said after "of" as a sentence lists them, the "of" before the first in the template around them:
    "the Kings of spades, hearts and clubs", Spanish "los Reyes de picas, corazones y tréboles", where French says
    its "de" again before each of the others, "les Rois de pique, de cœur et de trèfle" (and elides it before a
    vowel: "d’épées"). Each after the first is put in a text of its own that French translates "de %(item)s".

    >>> str(and_join_of(["spades"])), str(and_join_of(["spades", "hearts", "clubs"]))
    ('spades', 'spades, hearts and clubs')
    """
    if len(items) < 2:
        return join(items)
    again = [pgettext("a thing after the first in a list after 'of' (the Kings of spades, hearts and clubs): French "
                      "says its 'de' again", "%(item)s", item=item) for item in items[1:]]
    return and_join([items[0], *again])


def or_join(items: Sequence[Text | str]) -> Text:
    """Choices said as a sentence lists them: "3, 4 or 5" ("o", "ou"; Spanish "u" before an o sound: "6 u 8").

    >>> str(or_join(["3"])), str(or_join(["3", "4", "5"]))
    ('3', '3, 4 or 5')
    """
    if len(items) < 2:
        return join(items)
    last = str(items[-1]).lower()
    if last.startswith(("o", "ho", "8", "11")):  # ocho, once, otro...: Spanish says "u" there
        return pgettext("or, before a word that starts with an o sound", "%(items)s or %(last)s",
                        items=join(items[:-1]), last=items[-1])
    return _("%(items)s or %(last)s", items=join(items[:-1]), last=items[-1])


def _sounds_i(word: str) -> bool:
    """Whether ``word`` starts with the vowel i (an i or hi not followed by another vowel, as in "hielo").

    >>> [_sounds_i(w) for w in ("Inés", "Hilda", "Iago", "Hierro", "Ana")]
    [True, True, False, False, False]
    """
    bare = word.casefold().removeprefix("h")
    return bare[:1] in ("i", "í") and bare[1:2] not in ("a", "e", "o", "u", "á", "é", "ó", "ú")


def minus(value: int) -> str:
    """A number as a page writes it, a negative with a real minus sign (no plus sign).

    >>> minus(-50), minus(0), minus(7)
    ('−50', '0', '7')
    """
    return str(value).replace("-", "\u2212")


def signed(value: int) -> str:
    """A score as a sheet writes it, with a real minus sign.

    >>> signed(20), signed(-40), signed(0)
    ('+20', '−40', '0')
    """
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"
