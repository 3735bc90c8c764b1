"""Amounts of money as the reader writes them: integer minor units (cents) in, text in the page's language out.

A currency shows its cents ("12,50 EUR", "0,10 EUR"), except where people pay in whole units: a currency
whose coins have no cents in use (Colombian pesos: "50.000 COP", not "50.000,00 COP"; CLDR's cash digits), and
anything that is not a currency code (chips, rounds of beer: "1 🍺"). A fraction of those is still shown with
its cents, so no amount is ever rounded in the showing; and the amounts of one settlement, read down a column,
all have cents if one of them needs them ("+3,00 COP" over "−1,50 COP", not "+3 COP": :func:`decimals_for`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from decimal import Decimal

from django.utils.formats import number_format

# ISO 4217 codes whose cash has no minor unit in use (CLDR supplemental data: digits or cashDigits 0).
WHOLE_UNIT_CURRENCIES = frozenset({"CLP", "COP", "CRC", "HUF", "ISK", "JPY", "KRW", "PYG", "TWD", "UGX", "VND",
                                   "XAF", "XOF"})


def is_currency(currency: str) -> bool:
    """A currency's code ("EUR") or sign ("€", "$"), not chips or rounds of beer."""
    return (len(currency) == 3 and currency.isascii() and currency.isalpha()) or (
        len(currency) == 1 and unicodedata.category(currency) == "Sc")


def whole_units(currency: str) -> bool:
    """Whether ``currency`` is paid in whole units (pesos, chips), so that a whole amount shows no cents."""
    return currency.upper() in WHOLE_UNIT_CURRENCIES or not is_currency(currency)


def decimals_for(amounts: Iterable[int], currency: str) -> int:
    """The decimals that all the ``amounts`` (minor units) of one settlement are shown with, so that a column of
    them lines up: none in a currency paid in whole units if every amount is whole, else 2 for all of them.

    >>> decimals_for([300, -300], "COP"), decimals_for([300, -150, -150], "COP"), decimals_for([300, -300], "EUR")
    (0, 2, 2)
    >>> decimals_for([], "🍺"), decimals_for([250, -250], "chips")
    (0, 2)
    """
    if not whole_units(currency):
        return 2
    return 0 if all(int(minor) % 100 == 0 for minor in amounts) else 2


def amount_text(minor: int, currency: str, decimals: int | None = None) -> str:
    """The amount alone, grouped, in the reader's format; with ``decimals`` (:func:`decimals_for`), as many
    decimals as the other amounts beside it (a fraction of a unit always shows its cents).

    >>> from django.utils import translation
    >>> with translation.override("es"):
    ...     amount_text(5_000_000, "COP"), amount_text(1250, "EUR"), amount_text(1000, "EUR"), amount_text(50, "COP")
    ('50.000', '12,50', '10,00', '0,50')
    >>> amount_text(300, "🍺"), amount_text(250, "chips"), amount_text(100, "€"), amount_text(300, "COP", 2)
    ('3', '2.50', '1.00', '3.00')
    """
    amount = Decimal(int(minor)) / 100
    whole = amount == amount.to_integral_value()
    if decimals is None or not whole:
        decimals = 0 if whole_units(currency) and whole else 2
    return number_format(amount, decimal_pos=decimals, use_l10n=True, force_grouping=True)


def money_text(minor: int, currency: str, *, signed: bool = False, decimals: int | None = None) -> str:
    """The amount and its currency: "12.50 EUR", "−3.00 EUR" (a true minus), "+3.00 EUR" when ``signed``; with
    ``decimals``, as :func:`amount_text` says.

    >>> money_text(-300, "EUR"), money_text(300, "EUR", signed=True), money_text(0, "")
    ('−3.00 EUR', '+3.00 EUR', '0')
    >>> money_text(300, "COP"), money_text(300, "COP", decimals=2)
    ('3 COP', '3.00 COP')
    """
    sign = "−" if minor < 0 else "+" if signed and minor > 0 else ""
    return f"{sign}{amount_text(abs(minor), currency, decimals)} {currency}".strip()
