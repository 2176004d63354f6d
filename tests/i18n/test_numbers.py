"""Numbers in the language: 1,5 s and 25,7 g in German."""

from __future__ import annotations

from companion.i18n.numbers import decimal, grams, number_format, seconds


def test_seconds_and_grams_in_german_and_english():
    assert seconds(1.5, "de") == "1,5\u00a0s" and seconds(1.5, "en") == "1.5\u00a0s"
    assert grams(25.66, "de") == "25,7\u00a0g" and grams(25.66, "en") == "25.7\u00a0g"
    assert decimal(3, "de", places=0) == "3"


def test_number_format_keeps_pythons_spec_and_swaps_the_separators():
    de = number_format("de")
    assert de(1234.5, ",.1f") == "1.234,5"
    assert de(7, "") == "7" and de(0.25, "g") == "0,25"
    assert number_format("en")(1234.5, ",.1f") == "1,234.5"
