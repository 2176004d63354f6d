"""Numbers in the language: the decimal separator and digit grouping from Babel's locale
data (``1,5 s`` and ``25,7 g`` in German; ``1.5 s`` and ``25.7 g`` in English)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol


@functools.cache
def number_format(lang: str) -> Callable[[Any, str], str]:
    """``f(value, spec)``: ``format(value, spec)`` as Python writes it, then its decimal
    point and group commas swapped for the language's. Whole numbers without a spec stay
    as they are (counts, seats, years)."""
    point, group = get_decimal_symbol(lang), get_group_symbol(lang)
    table = str.maketrans({".": point, ",": group})

    def fmt(value: Any, spec: str) -> str:
        return format(value, spec).translate(table)

    return fmt


def decimal(value: float, lang: str, *, places: int = 1) -> str:
    """``value`` with ``places`` decimal places in the language (``25,7`` in German)."""
    pattern = "0." + "0" * places if places > 0 else "0"
    return format_decimal(value, format=pattern, locale=lang)


def seconds(value_s: float, lang: str, *, places: int = 1) -> str:
    """A duration in seconds: ``1,5 s`` (German), ``1.5 s`` (English)."""
    return f"{decimal(value_s, lang, places=places)}\N{NO-BREAK SPACE}s"


def grams(value_g: float, lang: str, *, places: int = 1) -> str:
    """A mass in grams: ``25,7 g`` (German), ``25.7 g`` (English)."""
    return f"{decimal(value_g, lang, places=places)}\N{NO-BREAK SPACE}g"
