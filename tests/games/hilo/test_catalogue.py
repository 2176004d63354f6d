"""The deck as data: the provisional catalogue, and catalogues given in a record."""

from __future__ import annotations

from collections import Counter

from companion.games.hilo.catalogue import CATALOGUES, DEFAULT_CATALOGUE, from_dict, to_dict
from companion.games.hilo.names import KINDS

from .script import TINY


def test_the_built_in_catalogue_is_marked_provisional_and_holds_69_cards():
    # Components: "69 cards". The rulebook does not list them: ours are made up.
    cat = CATALOGUES[DEFAULT_CATALOGUE]
    assert cat.provisional and cat.size == 69


def test_the_provisional_catalogue_has_every_kind_the_rules_name():
    cat = CATALOGUES[DEFAULT_CATALOGUE]
    kinds = Counter()
    for c in cat.cards:
        kinds[c.kind] += c.count
    assert set(kinds) == set(KINDS)
    assert all(len(c.edges) == 4 and min(c.edges) >= 0 for c in cat.cards)
    assert any(c.whole for c in cat.cards) and any(sum(c.edges) for c in cat.cards)


def test_a_catalogue_round_trips_through_its_dict():
    assert from_dict(to_dict(TINY)) == TINY
    cat = CATALOGUES[DEFAULT_CATALOGUE]
    assert from_dict(to_dict(cat)) == cat
