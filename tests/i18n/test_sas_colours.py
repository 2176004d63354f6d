"""A Stein auf Stein catalogue's own block colours (beyond the standard six) said in the
page's language where the view names them; a colour no table knows stays as written."""

from __future__ import annotations

import pytest

from companion.games.stein_auf_stein import Block, Catalogue, apply, parse_action, start_game
from companion.games.stein_auf_stein.text import word
from companion.i18n.catalogues import render
from companion.tables.stein_auf_stein.view import awaiting_text

from ..games.stein_auf_stein.script import record, start_record

CATALOGUE = Catalogue.of(
    (
        Block("P1", "pink", 40, 20, 20),
        Block("T1", "teal", 25.5, 25.5, 50),
        Block("M1", "mauve", 100, 10, 10),
    ),
    ("pink", "teal", "mauve"),
)


def _rolled(colour: str):
    state = start_game(parse_action(start_record("basic", ("Ana", "Ben"), catalogue=CATALOGUE)))
    return apply(state, parse_action(record(f"Ana roll {colour}")))


@pytest.mark.parametrize(
    ("colour", "german"),
    [("pink", "Rosa"), ("teal", "Petrol"), ("mauve", "mauve")],
)
def test_the_colour_rolled_in_the_view_s_sentence(colour, german):
    said = awaiting_text(_rolled(colour))
    assert str(said) == f"Ana fishes a {colour} block with the crane"
    assert german in render(said, "de") and "Ana" in render(said, "de")


def test_more_colour_words_and_an_invented_one():
    assert render(word("colour", "light-blue"), "de") == "Hellblau"
    assert render(word("colour", "grey"), "de") == render(word("colour", "gray"), "de") == "Grau"
    assert word("colour", "mauve") == "mauve"  # no table knows it: as the catalogue writes it
