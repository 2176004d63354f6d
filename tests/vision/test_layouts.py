"""Layouts are data: every shipped board loads, and each matches its rulebook."""

from __future__ import annotations

import math
import tomllib

import pytest

from companion.sensing.vision.layout import (
    grid_layout,
    layout_names,
    load_layout,
    parse_grid,
    parse_layout,
)


def test_every_game_has_a_layout():
    assert set(layout_names()) >= {
        "hinkel-stein",
        "stein-im-brett",
        "heuchel-meuchel",
        "stein-auf-stein",
        "hilo",
    }


@pytest.mark.parametrize("name", layout_names())
def test_each_layout_has_four_markers_of_its_own_and_cells_inside_the_mat(name):
    lay = load_layout(name)
    assert len(lay.markers) == 4
    others = {m.id for n in layout_names() if n != name for m in load_layout(n).markers}
    assert not {m.id for m in lay.markers} & others
    w, h = lay.size_mm
    for c in lay.cells:
        assert 0 < c.centre_mm[0] < w and 0 < c.centre_mm[1] < h, c.id
    assert lay.neutral is not None and lay.white_balance == "neutral-patch"


@pytest.mark.parametrize("name", layout_names())
def test_no_cell_overlaps_a_marker_or_another_cell(name):
    lay = load_layout(name)
    for m in lay.markers:
        quiet = m.size_mm * 8 / 6 / 2
        for c in lay.cells:
            dx = abs(c.centre_mm[0] - m.centre_mm[0]) - c.size_mm[0] / 2
            dy = abs(c.centre_mm[1] - m.centre_mm[1]) - c.size_mm[1] / 2
            assert dx >= quiet - 0.5 or dy >= quiet - 0.5, (c.id, m.id)
    for i, a in enumerate(lay.cells):
        for b in lay.cells[i + 1 :]:
            d = math.dist(a.centre_mm, b.centre_mm)
            assert d >= 0.99 * min(min(a.size_mm), min(b.size_mm)), (a.id, b.id)


def test_stein_im_brett_is_a_hexagon_of_four_fields_a_side_without_its_centre():
    lay = load_layout("stein-im-brett")
    assert len(lay.cells) == 36 and 3 * len(lay.cells) == 108
    centre = (200.0, 200.0)
    pitch = 40.0
    assert all(c.shape == "hex" for c in lay.cells)
    distances = sorted(round(math.dist(c.centre_mm, centre) / pitch, 2) for c in lay.cells)
    assert distances[0] == 1.0  # nothing at the centre
    assert max(distances) == 3.0  # four fields a side: three rings around the centre
    neighbours = [
        sum(1 for b in lay.cells if abs(math.dist(a.centre_mm, b.centre_mm) - pitch) < 0.1)
        for a in lay.cells
    ]
    assert (min(neighbours), max(neighbours)) == (3, 6)  # corners 3; inner ring 5: no centre
    assert sorted(neighbours).count(5) == 6
    assert {len(lay.regions["board"])} == {36}


def test_hinkel_stein_spaces_sit_where_the_scale_spec_puts_them():
    lay = load_layout("hinkel-stein")
    notch_x = 280.0  # the middle notch on the mat (layout comment)
    offsets = {c: lay.cell(c).centre_mm[0] - notch_x for c in lay.regions["spaces"]}
    assert offsets == {"L2": -180.0, "L1": -110.0, "R1": 110.0, "R2": 180.0}
    assert all(lay.cell(c).size_mm == (50.0, 50.0) for c in offsets)
    fate = [lay.cell(c).centre_mm[0] - notch_x for c in lay.regions["fate-zone"]]
    assert fate == [-60.0, -30.0, 0.0, 30.0, 60.0]  # spec: the Stone of Fate starts at -60
    assert lay.regions["pot"] == ("pot",)
    assert lay.cell("L2").pieces == ("stone",) and lay.cell("F-60").pieces == ("fate",)


def test_heuchel_meuchel_has_one_column_per_player_of_thirteen_rows():
    lay = load_layout("heuchel-meuchel")
    columns = [r for r in lay.regions if r.startswith("column")]
    assert len(columns) == 6
    for col in columns:
        cells = [lay.cell(i) for i in lay.regions[col]]
        assert len(cells) == 13
        assert len({c.centre_mm[0] for c in cells}) == 1
        ys = [c.centre_mm[1] for c in cells]
        assert ys == sorted(ys, reverse=True)  # row 1 at the bottom


def test_hilo_has_a_two_by_six_layout_per_player_and_the_piles():
    lay = load_layout("hilo")
    for player in ("playerA", "playerB"):
        cells = [lay.cell(i) for i in lay.regions[player]]
        assert len(cells) == 12
        assert len({c.centre_mm[1] for c in cells}) == 2
        assert len({c.centre_mm[0] for c in cells}) == 6
    assert set(lay.regions["piles"]) == {"draw", "discard"}


def test_stein_auf_stein_has_site_die_tray_and_player_areas():
    lay = load_layout("stein-auf-stein")
    assert len(lay.regions["site"]) == 16 and lay.regions["die"] == ("die",)
    assert [len(lay.regions[f"player{i}"]) for i in range(1, 5)] == [6, 6, 6, 6]
    assert set(lay.cell("die").pieces) == set(lay.pieces)  # the die shows the block colours


def test_grid_layout_is_a_plain_lattice_of_points():
    g = grid_layout(*parse_grid("19x19"))
    assert len(g.cells) == 361 and g.white_balance == "surface"
    assert g.cell("1-1").centre_mm == (0.0, 0.0)
    assert g.cell("19-19").centre_mm == pytest.approx((18 * 22.0, 18 * 23.7))
    assert g.labels == ("empty", "black", "white")


@pytest.mark.parametrize("text", ["19", "axb", "19x"])
def test_a_bad_grid_argument_says_what_is_wanted(text):
    with pytest.raises(ValueError, match="COLSxROWS"):
        parse_grid(text)


def test_an_unknown_layout_names_the_shipped_ones():
    with pytest.raises(ValueError, match=r"shipped: .*hinkel-stein"):
        load_layout("chess")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('name = "x"', "missing field 'size_mm'"),
        (
            'name = "x"\nsize_mm = [10, 10]\nwhite_balance = "neutral-patch"',
            "no \\[neutral\\] patch",
        ),
        (
            'name = "x"\nsize_mm = [10, 10]\n[[groups]]\nregion = "r"\nsize_mm = 5\npieces = ["red"]\ncells = []',
            "unknown piece 'red'",
        ),
        (
            'name = "x"\nsize_mm = [10, 10]\nwhite_balance = "surface"\n[[groups]]\nregion = "r"\nshape = "star"\nsize_mm = 5\ncells = []',
            "shape 'star'",
        ),
        (
            'name = "x"\nsize_mm = [10, 10]\nwhite_balance = "surface"\n[regions]\nr = ["nope"]',
            "unknown cells",
        ),
    ],
)
def test_a_bad_layout_file_is_rejected_with_the_reason(text, message):
    with pytest.raises(ValueError, match=message):
        parse_layout(tomllib.loads(text), source="test.toml")


def test_a_layout_file_given_by_path_loads(tmp_path):
    p = tmp_path / "mine.toml"
    p.write_text('name = "mine"\nsize_mm = [100, 100]\nwhite_balance = "surface"\n')
    assert load_layout(p).name == "mine"
