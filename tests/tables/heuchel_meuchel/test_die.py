"""The die of the dice variant from the camera: read in its tray on rendered frames, a
rolling die never read, and the referee recording a throw as the roll of the player on
turn (the die as it lay when first seen is no throw; tapping stays the fallback)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from companion.devices.render import render
from companion.games.heuchel_meuchel import Move, Roll, apply
from companion.games.heuchel_meuchel.record import to_record
from companion.games.heuchel_meuchel.state import ROLL, Turn
from companion.referee.service import GameService
from companion.sensing.observations import DieSeen
from companion.tables.heuchel_meuchel import die as D
from companion.tables.heuchel_meuchel.demo import SimulatedCardTable

from .scenes import camera, laid

LAYOUT = "heuchel-meuchel"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("die")
    service = GameService(tmp / "state")
    yield SimulatedCardTable(service, seed=5, speed=None, deck_dir=tmp / "deck")
    service.close()


def read(table, draw, hand=None):
    """Render the board with ``draw`` on it (and ``hand``) and read the tray."""
    scene = replace(table.scene, draw=draw, hands=(hand,) if hand else ())
    image = render(scene, table.np_rng).image
    board, _ = table.camera.reader.read(image)
    return D.read_die(image, board.pose, neutral=table.camera._neutral)


@pytest.mark.parametrize("value", [2, 5])
def test_the_die_lying_still_in_its_tray_is_read(table, value):
    at = (D.TRAY_CENTRE_MM[0] + 4, D.TRAY_CENTRE_MM[1] - 10)
    face, centre, why = read(
        table, lambda tex, ppm: D.draw_die(tex, ppm, value=value, centre_mm=at, angle_deg=25)
    )
    assert (face, why) == (str(value), "")
    assert np.hypot(centre[0] - at[0], centre[1] - at[1]) < 2.0
    scene = replace(table.scene, draw=lambda tex, ppm: D.draw_die(tex, ppm, value=value, centre_mm=at, angle_deg=25))  # fmt: skip
    image = render(scene, np.random.default_rng(value)).image  # the table's rng untouched
    board, _ = table.camera.reader.read(image)
    turn = D.read_die(image, board.pose, neutral=table.camera._neutral, with_turn=True)[3]
    assert min(abs(turn - 25), abs(turn - 65)) < 3  # its turn (either sense), for TrayDie


def test_a_rolling_die_or_a_hand_over_the_tray_is_never_read(table):
    path = tuple((D.TRAY_CENTRE_MM[0] - 15 + 8 * k, D.TRAY_CENTRE_MM[1] + 6 * k) for k in range(4))
    rng = np.random.default_rng(1)
    face, _, why = read(table, lambda tex, ppm: D.draw_rolling_die(tex, ppm, path_mm=path, rng=rng))
    assert face is None and why in ("rolling", "in a hand")
    hand = table._hand("c6r7")
    hand = replace(hand, to_px=tuple(_tray_px(table)))
    lying = lambda tex, ppm: D.draw_die(tex, ppm, value=4, centre_mm=D.TRAY_CENTRE_MM, angle_deg=0)  # noqa: E731
    face, _, why = read(table, lying, hand)
    assert face is None and why == "in a hand"


def _tray_px(table) -> np.ndarray:
    import cv2

    pt = np.array([[D.TRAY_CENTRE_MM]], float)
    return cv2.perspectiveTransform(pt, table.scene.board_to_image)[0, 0]


def test_a_throw_lying_still_is_the_roll_of_the_player_on_turn():
    s = laid({0: {1: "F2"}, 1: {1: "F3"}}, dice=True, turn=Turn(0, ROLL))
    cam = camera(s)
    r = cam.observe(DieSeen(1.0, LAYOUT, "4"), s)
    assert not r.submit  # the die as it lay when first seen is no throw
    cam.observe(DieSeen(2.0, LAYOUT, None, "moved"), s)
    r = cam.observe(DieSeen(2.6, LAYOUT, "3"), s)
    assert r.submit == (to_record(Roll("Ana", 3)),)
    s = apply(s, Roll("Ana", 3))
    assert not cam.after_change(s).submit  # the face is used once


def test_a_throw_while_no_roll_is_due_is_never_taken_for_a_later_roll():
    # Ana rolled a 3 (tapped) and must move: the die thrown again now is no roll
    s = laid({0: {1: "F2"}, 1: {1: "F3"}}, dice=True, turn=Turn(0, ROLL))
    rolled = apply(s, Roll("Ana", 3))
    cam = camera(s)
    cam.observe(DieSeen(1.0, LAYOUT, "2"), s)
    cam.observe(DieSeen(2.0, LAYOUT, None, "moving"), rolled)
    assert not cam.observe(DieSeen(2.6, LAYOUT, "6"), rolled).submit
    moved = apply(rolled, Move("Ana", 1, 1, 4))
    assert moved.turn.stage == ROLL and moved.turn.player == 1  # Ben's roll is due now
    assert not cam.after_change(moved).submit  # the 6 thrown before is not his


def test_a_rolling_die_records_nothing_and_the_roll_can_be_tapped():
    s = laid({0: {1: "F2"}, 1: {1: "F3"}}, dice=True, turn=Turn(0, ROLL))
    cam = camera(s)
    cam.observe(DieSeen(1.0, LAYOUT, "2"), s)
    assert not cam.observe(DieSeen(2.0, LAYOUT, None, "rolling"), s).submit
    tapped = apply(s, Roll("Ana", 5))  # tapped on the tablet meanwhile
    cam.tablet_action()
    assert not cam.observe(DieSeen(2.6, LAYOUT, "5"), tapped).submit  # no second roll


def test_a_hand_brushing_the_die_is_no_throw_but_the_die_lying_elsewhere_is():
    from companion.sensing.vision.blocks import DieSettle
    from companion.tables.heuchel_meuchel.camera import settle_die

    settle = DieSettle(LAYOUT)
    told = []
    frames = [("2", (470.0, 500.0), "")] * 3  # lying still: told once
    frames += [(None, None, "rolling")]  # half under a hand passing by
    frames += [("2", (470.4, 500.2), "")] * 3  # where it lay, as it lay: no throw
    for t, reading in enumerate(frames):
        told += settle_die(settle, reading, float(t))
    assert [d.colour for d in told] == ["2"]
    frames = [(None, None, "rolling")] + [("5", (462.0, 520.0), "")] * 3  # thrown
    for t, reading in enumerate(frames, start=10):
        told += settle_die(settle, reading, float(t))
    assert [d.colour for d in told] == ["2", None, "5"]


def test_an_arm_over_the_whole_tray_is_no_throw_but_the_die_picked_up_and_thrown_is():
    from companion.sensing.vision.blocks import DieSettle
    from companion.tables.heuchel_meuchel.camera import settle_die

    settle = DieSettle(LAYOUT)
    told = []
    frames = [("3", (470.0, 500.0), "")] * 3  # Ben's roll, lying still: told once
    frames += [(None, None, "not in the tray")] * 5  # his arm over the tray as he moves
    frames += [("3", (470.3, 499.8), "")] * 3  # as it lay: no roll for Ana yet
    for t, reading in enumerate(frames):
        told += settle_die(settle, reading, float(t))
    assert [d.colour for d in told] == ["3"]
    frames = [(None, None, "not in the tray")] * 2 + [(None, None, "rolling")]
    frames += [("6", (455.0, 530.0), "")] * 3  # Ana picks it up and throws it
    for t, reading in enumerate(frames, start=20):
        told += settle_die(settle, reading, float(t))
    assert [d.colour for d in told] == ["3", None, "6"]


# -- where the tray stands: the layout's [tray] -------------------------------------------

MOVED = (470.0, 250.0)  # the right margin beside row 11 instead of row 7


def _layout_file(tmp_path, tray: str):
    """The shipped layout with its ``[tray]`` table replaced by ``tray`` (TOML text)."""
    from importlib import resources

    text = (
        resources.files("companion.sensing.vision") / "layouts" / "heuchel-meuchel.toml"
    ).read_text(encoding="utf-8")
    head, rest = text.split("[tray]\n", 1)
    rest = rest.split("\n\n", 1)[1]  # the shipped tray's two lines dropped
    path = tmp_path / "my-table.toml"
    path.write_text(head + tray + "\n" + rest, encoding="utf-8")
    return path


def test_the_shipped_layout_names_the_tray_where_it_always_was():
    from companion.sensing.vision.layout import load_layout

    tray = D.tray_of(load_layout(LAYOUT))
    assert (tray.centre_mm, tray.size_mm) == (D.TRAY_CENTRE_MM, D.TRAY_SIZE_MM)
    assert D.tray_box(tray) == D.tray_box() == (432.0, 445.0, 508.0, 555.0)


def test_a_table_puts_the_tray_where_it_stands_and_the_die_is_read_there(table, tmp_path):
    from companion.tables.heuchel_meuchel.camera import CardCamera

    path = _layout_file(tmp_path, f"[tray]\ncentre_mm = [{MOVED[0]}, {MOVED[1]}]\nsize_mm = 80\n")
    cam = CardCamera(table.deck, layout=path)
    assert (cam.tray.centre_mm, cam.tray.size_mm) == (MOVED, (80.0, 80.0))
    draw = lambda tex, ppm: D.draw_die(tex, ppm, value=3, centre_mm=MOVED, angle_deg=10)  # noqa: E731
    scene = replace(table.scene, draw=draw)
    image = render(scene, table.np_rng).image
    board, _ = table.camera.reader.read(image)
    face, centre, why = D.read_die(image, board.pose, tray=cam.tray, neutral=cam._neutral)
    assert (face, why) == ("3", "")
    assert np.hypot(centre[0] - MOVED[0], centre[1] - MOVED[1]) < 2.0
    # the old place is empty now: nothing is read there
    assert D.read_die(image, board.pose, neutral=cam._neutral)[2] == "not in the tray"


@pytest.mark.parametrize(
    ("tray", "message"),
    [
        ("[tray]\ncentre_mm = [470, 250]\nsize_mm = [0, 80]\n", "tray: size_mm must be positive"),
        ("[tray]\nsize_mm = [80, 80]\n", "tray: missing field 'centre_mm'"),
        (
            "[tray]\ncentre_mm = [470, 250]\nsize_mm = [40, 80]\n",
            "the \\[tray\\] is 40 x 80 mm; .* needs at least 60 x 60 mm",
        ),
    ],
)
def test_a_tray_that_cannot_be_is_refused_with_what_is_allowed(table, tmp_path, tray, message):
    from companion.tables.heuchel_meuchel.camera import CardCamera

    path = _layout_file(tmp_path, tray)
    with pytest.raises(ValueError, match=message):
        CardCamera(table.deck, layout=path)
