"""Illegal actions: each is refused with ``IllegalAction`` whose message names the rule
and what is allowed instead, and the state handed in is left exactly as it was
(``Table.rejects`` checks all three)."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from companion.errors import IllegalAction
from companion.games.stein_auf_stein import (
    STANDARD,
    Block,
    Lift,
    Measure,
    Roll,
    Start,
    apply,
    start_game,
)

from .script import Table

B = STANDARD.blocks
DIE = STANDARD.die


def refused(state, action, *words):
    """``action`` is refused with a message containing every one of ``words`` (at least
    one: the refusal's reason is asserted, not only that it happens); ``state`` is
    unchanged."""
    assert words, "say which words the refusal's reason must contain"
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        apply(state, action)
    for w in words:
        assert w in str(err.value), f"{w!r} not in {err.value}"
    assert state == before


# -- start ---------------------------------------------------------------------------

START_CASES = [
    ("another game", {"game": "hinkel-stein"}, ["not one for 'hinkel-stein'"]),
    ("unknown variant", {"variant": "crane"}, ["unknown variant 'crane'", "basic, yardstick"]),
    ("one player", {"players": ("Ana",)}, ["2 to 4 players", "not 1", "variant 'solo'"]),
    ("five players", {"players": tuple("ABCDE")}, ["2 to 4 players", "one peg each", "not 5"]),
    ("solo with two", {"variant": "solo"}, ["the solo constructor plays alone, not with 2"]),
    ("same name twice", {"players": ("Ana", "Ana")}, ["distinct"]),
    ("blank name", {"players": ("Ana", " ")}, ["not blank"]),
    ("unknown scoring", {"scoring": "eyeball"}, ["scoring must be computed or measured"]),
    (
        "yardstick computed",
        {"variant": "yardstick", "scoring": "computed"},
        ["the yardstick variant measures the rows", "play the variant 'basic'"],
    ),
    ("build outside solo", {"build": "row"}, ["only the solo constructor chooses 'build'"]),
    (
        "order outside solo",
        {"variant": "tower", "order": "fishing"},
        ["only the solo constructor", "the variant 'tower' builds a tower"],
    ),
    (
        "master with an order",
        {"variant": "master-tower", "order": "free"},
        ["builds a tower in fishing order"],
    ),
    ("unknown build", {"variant": "solo", "players": ("Ana",), "build": "wall"}, ["build must be"]),
    ("unknown order", {"variant": "solo", "players": ("Ana",), "order": "up"}, ["order must be"]),
    (
        "a row in fishing order",
        {"variant": "solo", "players": ("Ana",), "build": "row", "order": "fishing"},
        ["a row has no order to keep"],
    ),
    ("no blocks", {"blocks": ()}, ["the catalogue needs at least one block"]),
    ("two blocks one id", {"blocks": (B[0], B[0])}, ["two blocks share the id 'R1'"]),
    (
        "a block of no size",
        {"blocks": (Block("R1", "red", 30, 0, 30),), "die": ("red",)},
        ["block R1: width_mm must be a positive number, not 0"],
    ),
    (
        "a block without a colour",
        {"blocks": (Block("R1", "", 30, 30, 30),), "die": ("red",)},
        ["every block needs an id and a colour"],
    ),
    ("no die", {"die": ()}, ["the die needs at least one face"]),
    (
        "a face without blocks",
        {"die": (*DIE, "pink")},
        ["the die has a face 'pink' but no block has that colour"],
    ),
    (
        "a colour the die never shows",
        {"die": DIE[:-1]},
        ["no face of the die shows purple", "could never be kept"],
    ),
]


@pytest.mark.parametrize(
    ("changes", "words"), [c[1:] for c in START_CASES], ids=[c[0] for c in START_CASES]
)
def test_a_start_that_breaks_the_rules_is_refused(changes, words):
    assert words
    start = dataclasses.replace(Start(("Ana", "Ben"), "basic", B, DIE), **changes)
    with pytest.raises(IllegalAction) as err:
        start_game(start)
    for w in words:
        assert w in str(err.value), f"{w!r} not in {err.value}"


def test_a_second_start_is_refused():
    t = Table()
    refused(t.state, Start(("Ana", "Ben"), "basic", B, DIE), "exactly one start line")


def test_an_unknown_action_is_refused():
    refused(Table().state, "roll", "unknown action 'roll'")


# -- roll and lift -------------------------------------------------------------------


def test_only_the_player_on_turn_rolls():
    Table().rejects("Ben roll red", "it is Ana's turn, not Ben's", "only Ana may roll the die")


def test_a_stranger_may_not_roll():
    Table().rejects("Zed roll red", "'Zed' is not playing; the players are Ana and Ben")


def test_the_die_shows_only_its_colours():
    Table().rejects(
        "Ana roll pink", "the die shows red, yellow, green, blue, orange or purple, not 'pink'"
    )


def test_the_crane_lifts_only_blocks_of_the_game():
    Table().do("Ana roll red").rejects("Ana lift X9", "there is no block 'X9'", "R1, R2")


def test_the_crane_lifts_only_blocks_on_the_site():
    t = Table().do("Ana roll red", "Ana lift R1", "Ben roll red")
    t.rejects("Ben lift R1 R2", "R1 is not on the building site (Ana has it)", "on the site are R2")


def test_a_block_listed_twice_in_a_lift_is_refused():
    t = Table().do("Ana roll red")
    refused(t.state, Lift("Ana", ("R1", "R1")), "a block is listed twice")


def test_only_the_player_on_turn_lifts():
    Table().do("Ana roll red").rejects("Ben lift R1", "it is Ana's turn", "only Ana may try")


# -- the fishing order -----------------------------------------------------------------


def test_piling_stopping_and_falling_belong_to_the_fishing_order():
    t = Table("tower").do("Ana roll red", "Ana lift R1")
    t.rejects("Ben pile R1", "master tower builder", "the tower is built after the game")
    t.rejects("Ben stop", "nobody may stop building in this game")
    t.rejects("Ana fall", "nobody may have a tower fall")
    Table("basic").rejects("Ana pile R1", "laid out in a row after the game")


def test_nothing_is_piled_that_was_not_just_fished_out():
    t = Table("master-tower").do("Ana roll red")
    t.rejects("Ana pile R1", "Ana has no block waiting to be piled", "now Ana must lift")
    Table("master-tower").rejects("Ana pile R1", "now Ana must roll the die")


def test_only_the_player_who_fished_piles():
    t = Table("master-tower").do("Ana roll red", "Ana lift R1")
    t.rejects("Ben pile R1", "it is Ana's turn, not Ben's")
    t.rejects("Ana roll red", "Ana must first pile the blocks just fished out (R1)")
    t.rejects("Ana lift R2", "must first pile")


def test_stopping_needs_a_block_waiting():
    t = Table("master-tower").do("Ana roll red", "Ana lift R1", "Ana pile R1", "Ben roll red")
    t.rejects("Ben stop", "only when the next block cannot be placed", "none is waiting now")


def test_a_stranger_has_no_tower_to_fall():
    Table("master-tower").rejects("Zed fall", "'Zed' is not playing")


# -- measuring -----------------------------------------------------------------------


def measuring():
    """Yardstick: Ana R1+R2, Ben R3; red is gone and both rows await the yardstick."""
    return Table("yardstick").do(
        "Ana roll red", "Ana lift R1 R2", "Ben roll red", "Ben lift R3", "Ana roll red"
    )


def test_nothing_is_measured_in_a_game_of_computed_lengths():
    t = Table().do("Ana roll red", "Ana lift R1 R2 R3", "Ben roll red")
    t.rejects("Ana measure 90", "the game is over")
    t = Table().do("Ana roll red")
    t.rejects("Ana measure 90", "computed from the blocks kept", "nothing to measure")


def test_rows_are_measured_only_once_play_is_over():
    t = Table("yardstick").do("Ana roll red", "Ana lift R1")
    t.rejects("Ana measure 30", "measured once play is over; now Ben must roll")


def test_play_stops_while_the_rows_are_measured():
    t = measuring()
    t.rejects(
        "Ben roll red",
        "play is over (the die showed red and no red block was left)",
        "the yardstick measures Ana's row and Ben's row",
    )
    t.rejects("Ana lift R1", "nobody may lift blocks")


def test_each_row_is_measured_once():
    t = measuring().do("Ana measure 90")
    t.rejects("Ana measure 91", "Ana's row is measured already (90 mm)")


def test_a_row_of_blocks_is_longer_than_nothing():
    measuring().rejects("Ana measure 0", "Ana's row has blocks, so it is longer than 0 mm")


def test_a_length_is_never_negative():
    refused(measuring().state, Measure("Ana", -5), "cannot be negative")


def test_only_the_solo_constructor_measures_the_remaining_tower():
    measuring().rejects("Ana measure 400 remaining", "only the solo constructor")


def test_the_remaining_tower_is_measured_once_and_is_higher_than_nothing():
    t = Table("solo", ("Ana",), scoring="measured")
    t.do("Ana roll red", "Ana lift R1 R2 R3", "Ana roll red")
    t.rejects("Ana measure 0 remaining", "higher than 0 mm")
    t.do("Ana measure 530 remaining")
    t.rejects("Ana measure 531 remaining", "measured already (530 mm)")


def test_a_fallen_tower_is_not_measured_nor_falls_twice():
    t = Table("master-tower", scoring="measured").do(
        "Ana roll red", "Ana lift R1 R2", "Ana pile R1", "Ana pile R2", "Ben roll blue"
    )
    t.do("Ben lift B1", "Ben pile B1", "Ana fall")
    t.rejects("Ana fall", "play is over (Ana's tower fell over)", "changes nothing")
    t.rejects("Ana measure 60", "Ana's tower fell over, so it is not measured")
    t.do("Ben measure 15")
    assert t.winners == ("Ben",)


def test_nothing_is_allowed_once_the_game_is_over():
    t = Table("solo", ("Ana",), order="fishing").do("Ana roll red", "Ana lift R1", "Ana pile R1")
    t.do("Ana roll red", "Ana lift R2", "Ana pile R2", "Ana fall")
    t.rejects("Ana roll red", "the game is over; nobody won")
    refused(t.state, Roll("Ana", "red"), "the game is over")


def test_a_length_is_a_finite_number_of_millimetres():
    state = measuring().state
    refused(state, Measure("Ana", float("nan")), "a length is a number of millimetres, not nan")
    refused(state, Measure("Ana", True), "not True")
