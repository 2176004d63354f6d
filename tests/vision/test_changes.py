"""Stable changes: reported once steady over clear frames, never while a hand covers."""

from __future__ import annotations

import numpy as np

from companion.devices.scenes import reach_sequence
from companion.sensing.observations import BoardLost, CellChange, CellsChanged
from companion.sensing.vision.changes import ChangeTracker
from companion.sensing.vision.classify import CellReading
from companion.sensing.vision.layout import grid_layout
from companion.sensing.vision.reader import BoardReader, BoardReading

from .helpers import calibrated, layout

GRID = grid_layout(5, 1, pitch_mm=(100.0, 100.0))  # five cells 100 mm apart, in a row


def frame(**labels) -> BoardReading:
    """A reading of the 5-cell row: every cell empty unless named (``c3="black"``);
    ``"covered"`` means occluded."""
    cells = {}
    for c in GRID.cells:
        label = labels.get("c" + c.id.split("-")[0], "empty")
        cells[c.id] = (
            CellReading("unknown", 1.0, True) if label == "covered" else CellReading(label, 0.95)
        )
    return BoardReading(GRID.name, "ok", cells=cells)


def feed(tracker, readings):
    """The observations the tracker returns for ``readings``, 0.1 s apart."""
    out = []
    for k, r in enumerate(readings):
        obs = tracker.update(r, t_mono=0.1 * k)
        if obs:
            out.append(obs)
    return out


def test_the_first_clear_frames_report_the_board_as_it_lies():
    (obs,) = feed(ChangeTracker(GRID), [frame(c2="black")] * 3)
    assert isinstance(obs, CellsChanged) and obs.t_mono == 0.2
    assert CellChange("2-1", "unknown", "black", 0.95) in obs.changes
    assert len(obs.changes) == 5


def test_a_new_piece_is_reported_once_it_has_read_the_same_for_three_frames():
    tracker = ChangeTracker(GRID)
    feed(tracker, [frame()] * 3)
    assert feed(tracker, [frame(c4="white")] * 2) == []
    (obs,) = feed(tracker, [frame(c4="white")])
    assert obs.changes == (CellChange("4-1", "empty", "white", 0.95),)
    assert feed(tracker, [frame(c4="white")] * 5) == []  # reported once


def test_a_flicker_is_not_a_change():
    tracker = ChangeTracker(GRID)
    feed(tracker, [frame()] * 3)
    assert feed(tracker, [frame(c1="black"), frame(), frame(c1="black"), frame()] * 3) == []


def test_no_change_is_reported_for_a_covered_cell_nor_for_its_neighbours():
    tracker = ChangeTracker(GRID, guard_mm=120)
    feed(tracker, [frame(c3="black")] * 3)
    # a hand covers cell 3; under it the stone is taken and cell 2 reads a (wrong) white
    assert feed(tracker, [frame(c3="covered", c2="white")] * 6) == []
    (obs,) = feed(tracker, [frame()] * 3)  # the hand has gone: cell 3 is empty now
    assert obs.changes == (CellChange("3-1", "black", "empty", 0.95),)


def test_cells_far_from_the_hand_still_report_their_changes():
    tracker = ChangeTracker(GRID, guard_mm=120)
    feed(tracker, [frame()] * 3)
    (obs,) = feed(tracker, [frame(c1="covered", c5="black")] * 3)
    assert obs.changes == (CellChange("5-1", "empty", "black", 0.95),)


def test_a_frame_without_the_board_says_so_once_and_starts_the_count_again():
    tracker = ChangeTracker(GRID)
    feed(tracker, [frame()] * 3)
    lost = BoardReading(GRID.name, "no board: 1 of the layout's markers visible")
    (obs,) = feed(tracker, [frame(c2="black"), frame(c2="black"), lost, lost, frame(c2="black")])
    assert obs == BoardLost(t_mono=0.2, layout=GRID.name, reason=lost.status)
    assert len(feed(tracker, [frame(c2="black")] * 2)) == 1


def test_unsure_readings_do_not_count():
    tracker = ChangeTracker(GRID, min_confidence=0.8)
    feed(tracker, [frame()] * 3)
    unsure = frame(c2="black")
    unsure.cells["2-1"] = CellReading("black", 0.5)
    assert feed(tracker, [unsure] * 5) == []


def test_a_rendered_hand_placing_a_stone_is_reported_after_it_leaves_and_not_before():
    lay = layout("stein-im-brett")
    for seed in (31, 32):
        frames, cell, old, new = reach_sequence(lay, np.random.default_rng(seed))
        reader = BoardReader(lay, calibrated("stein-im-brett"), stream=True)
        tracker = ChangeTracker(lay)
        reported = []
        for k, f in enumerate(frames):
            obs = tracker.update(reader.read(f.image), t_mono=0.1 * k)
            for ch in obs.changes if isinstance(obs, CellsChanged) else ():
                recent = [frames[j].occluded for j in range(max(0, k - 2), k + 1)]
                assert not any(ch.cell in occ for occ in recent), f"seed {seed}: {ch} at frame {k}"
                if ch.before != "unknown":
                    reported.append((k, ch))
        assert [(ch.cell, ch.before, ch.after) for _, ch in reported] == [(cell, old, new)], (
            f"seed {seed}"
        )
        assert reported[0][0] >= 10  # after the hand has left (frames 4-9)
