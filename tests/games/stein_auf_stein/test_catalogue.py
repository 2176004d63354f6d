"""Blocks are data: the engine plays any catalogue the table registers, and the die's
faces may repeat a colour."""

from __future__ import annotations

import random

from companion.games.stein_auf_stein import STANDARD, Block, Catalogue
from companion.games.stein_auf_stein.random_player import random_game_iter

from .script import Table


def test_a_game_is_played_with_any_catalogue(tiny):
    t = Table("tower", ("Ana", "Ben"), catalogue=tiny)
    t.do("Ana roll white", "Ana lift W2", "Ben roll black", "Ben lift K1", "Ana roll black")
    # towers: Ana W2 50 mm, Ben K1 10 mm
    assert t.winners == ("Ana",)


def test_sizes_may_be_fractions_of_a_millimetre_and_add_up_exactly(tiny):
    assert tiny.row_mm(("W1", "W2")) == 40 + 50
    cat = Catalogue.of((Block("A", "a", 0.1, 0.1, 0.1), Block("B", "a", 1, 1, 0.2)), ("a",))
    assert cat.tower_mm(("A", "B")) == 0.3  # fsum, rounded to a micrometre: not 0.30000000000000004


def test_the_die_colours_are_listed_once_each_in_face_order(tiny):
    assert tiny.colours() == ("white", "black")
    assert STANDARD.colours() == STANDARD.die


def test_random_games_run_with_a_catalogue_of_one_block():
    one = Catalogue.of((Block("X", "grey", 10, 10, 10),), ("grey",))
    *_, (_, s) = random_game_iter(2, 3, variant="basic", catalogue=one)
    assert s.finished and s.ended_by == "empty"


def test_random_games_run_with_a_large_catalogue():
    rng = random.Random(5)
    colours = ("c1", "c2", "c3", "c4")
    blocks = tuple(
        Block(f"K{i}", colours[i % 4], rng.randint(5, 90), rng.randint(5, 90), rng.randint(5, 90))
        for i in range(60)
    )
    big = Catalogue.of(blocks, (*colours, "c1"))
    for variant in ("basic", "master-tower"):
        *_, (_, s) = random_game_iter(4, 11, variant=variant, catalogue=big)
        assert s.finished
