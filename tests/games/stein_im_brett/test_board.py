"""The board as data: the default hexagon of 36 fields, any hex layout, neighbours by
hex adjacency; a start line names a layout or carries its board."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.errors import IllegalAction
from companion.games.stein_im_brett import DEFAULT, LAYOUTS, Board, parse_action, start_game

from .conftest import TWO
from .script import RING, start_record

VISION_LAYOUT = Path(__file__).parents[3] / "companion/sensing/vision/layouts/stein-im-brett.toml"


def test_the_default_board_is_a_hexagon_of_four_fields_a_side_without_its_centre():
    assert DEFAULT.size == 36 and DEFAULT.name == "stein-im-brett"
    assert (0, 0) not in DEFAULT.coords
    assert all(max(abs(q), abs(r), abs(q + r)) <= 3 for q, r in DEFAULT.coords)
    assert len(set(DEFAULT.coords)) == 36  # 37 hexes of radius 3, less the centre
    assert 36 * 3 == 108  # three rounds of the bag fill it exactly


def test_fields_are_neighbours_when_their_hexes_touch():
    assert DEFAULT.adjacent("a1", "a2") and DEFAULT.adjacent("a1", "b1")
    assert DEFAULT.adjacent("a1", "b2") and not DEFAULT.adjacent("a1", "b3")
    assert not DEFAULT.adjacent("d3", "d5")  # the missing centre lies between them
    assert DEFAULT.adjacent("d1", "e1") and DEFAULT.adjacent("e1", "d2")
    degrees = sorted(len(n) for n in DEFAULT.neighbours)
    # 6 corners with 3 neighbours, 12 other edge fields with 4, the 6 fields around the
    # centre with 5, the other 12 with 6.
    assert degrees == [3] * 6 + [4] * 12 + [5] * 6 + [6] * 12


def test_the_default_board_is_the_vision_layouts_board():
    if not VISION_LAYOUT.exists():
        pytest.skip("the vision layout is not in this checkout")
    layout = tomllib.loads(VISION_LAYOUT.read_text())
    cells = next(g for g in layout["groups"] if g["region"] == "board")["cells"]
    assert [c["id"] for c in cells] == list(DEFAULT.ids)
    for c, (q, r) in zip(cells, DEFAULT.coords, strict=True):
        # 40 mm across flats: x = 200 + 40 (q + r/2), y = 200 + 40 (sqrt 3 / 2) r
        assert c["centre_mm"] == pytest.approx([200 + 40 * (q + r / 2), 200 + 34.641 * r], abs=0.1)


def test_a_start_line_names_a_layout_or_carries_its_board():
    named = start_game(parse_action(start_record(TWO, layout="stein-im-brett")))
    assert named.board is LAYOUTS["stein-im-brett"]
    default = start_game(parse_action(start_record(TWO)))
    assert default.board is DEFAULT
    carried = start_game(parse_action(start_record(TWO, board=RING)))
    assert carried.board.ids == ("r1", "r2", "r3", "r4", "r5", "r6") and carried.board.name is None
    assert carried.board.neighbours[0] == (1, 5)  # r1 touches r2 and r6


def test_a_layout_and_a_board_together_are_refused():
    with pytest.raises(IllegalAction, match="names a 'layout' or carries a 'board', not both"):
        start_game(parse_action(start_record(TWO, layout="stein-im-brett", board=RING)))


def test_an_unknown_layout_is_refused_naming_the_known_ones():
    with pytest.raises(IllegalAction, match="unknown layout 'go'; the layouts are stein-im-brett"):
        start_game(parse_action(start_record(TWO, layout="go")))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ([("a", 0, 0), ("a", 1, 0)], "a board names each field once; a twice"),
        ([("a", 0, 0), ("b", 0, 0)], "two fields of a board cannot lie on one hex; q=0, r=0"),
        ([], "a board needs at least one field"),
    ],
)
def test_a_board_with_a_field_twice_or_no_field_is_refused(fields, message):
    with pytest.raises(IllegalAction, match=message):
        Board.of(fields)
