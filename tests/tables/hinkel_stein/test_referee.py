"""The referee's reactions to what the scale observes (issue 5's observation sequences)."""

from __future__ import annotations

import pytest

from companion.profile import default_profile
from companion.referee.service import GameService
from companion.sensing.observations import (
    BoardLost,
    CellChange,
    CellsChanged,
    Fault,
    LoadShifted,
    ScaleDisturbed,
    ScaleNoise,
    ScaleSettled,
    StoneAdded,
    StoneRemoved,
)
from companion.tables.hinkel_stein.referee import FATE_REST_S

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}
X = {"L2": -180.0, "L1": -110.0, "R1": 110.0, "R2": 180.0}
T = iter(range(1, 10**6))


def added(mass, space):
    return StoneAdded(float(next(T)), mass, X[space], space)


def settled(down, total=400.0):
    return ScaleSettled(float(next(T)), total, 1000.0 if down == "right" else -1000.0, down, 10.0)


@pytest.fixture
def table(tmp_path):
    notches = []
    s = GameService(tmp_path, on_notch=notches.append)
    s.new_game(START)
    s.notches = notches
    yield s
    s.close()


def tablet(service, *records):
    for r in records:
        service.submit(r)


def aw(service):
    return service.snapshot()["replay"]["awaiting"]


def last(service):
    return service.snapshot()["game"]["actions"]


def test_a_stone_added_on_a_space_becomes_the_called_players_placement(table):
    tablet(
        table,
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": "Ben"},
        {"type": "stake", "player": "Ben", "add": 1},
    )
    table.observe(added(95.4, "L2"))
    table.observe(settled("left"))
    place = table.record_jsonl().splitlines()[-1]
    assert place == '{"type": "place", "player": "Ben", "stones": ["H5"], "space": "L2"}'
    assert aw(table) == {"player": "Ana", "action": "call"}


def test_both_pillars_together_are_recognised_by_their_sum(table):
    tablet(
        table,
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": "Ana"},
        {"type": "stake", "player": "Ana", "add": 1},
    )
    table.observe(added(170.8, "R1"))
    assert '"stones": ["P1", "P2"]' in table.record_jsonl().splitlines()[-1]


def test_a_stone_put_down_before_the_stake_is_placed_once_the_stake_is_entered(table):
    tablet(
        table,
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": "Cleo"},
    )
    table.observe(added(45.2, "R2"))
    snap = table.snapshot()
    assert snap["warnings"] == ["Stone seen on R2: Cleo must stake on the tablet first"]
    tablet(table, {"type": "stake", "player": "Cleo", "add": 3})
    assert (
        table.record_jsonl().splitlines()[-1]
        == '{"type": "place", "player": "Cleo", "stones": ["Q2"], "space": "R2"}'
    )
    assert table.snapshot()["warnings"] == []


def test_a_stone_placed_out_of_turn_is_a_warning_until_it_is_taken_off(table):
    tablet(table, {"type": "condition", "player": "Ana", "wins": "heavier"})
    n = last(table)
    table.observe(added(50.0, "L1"))
    (warning,) = table.snapshot()["warnings"]
    assert "went onto L1 out of turn (Ana must first call)" in warning
    assert last(table) == n  # nothing recorded
    table.observe(StoneRemoved(float(next(T)), 50.0, X["L1"], "L1"))
    assert table.snapshot()["warnings"] == []


def test_a_stone_on_a_taken_space_is_a_warning(table):
    tablet(
        table,
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": "Ben"},
        {"type": "stake", "player": "Ben", "add": 1},
        {"type": "place", "player": "Ben", "stones": ["H1"], "space": "L2"},
        {"type": "call", "player": "Ana", "calls": "Dora"},
        {"type": "stake", "player": "Dora", "add": 1},
    )
    table.observe(added(55.0, "L2"))
    assert table.snapshot()["warnings"] == [
        "A stone went onto L2, which is already taken: take it off"
    ]


def test_a_stone_of_the_wrong_kind_is_a_warning_naming_what_is_allowed(table):
    tablet(
        table,
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": "Ben"},
        {"type": "stake", "player": "Ben", "add": 1},
    )
    table.observe(added(110.0, "R1"))  # the large pillar, not a Hinkelstein
    (warning,) = table.snapshot()["warnings"]
    assert warning == (
        "Ben's stone on R1: no allowed stone weighs about 110.0 g (allowed: H5 (95 g),"
        " H4 (80 g), H3 (65 g), H2 (50 g), H1 (35 g)); choose it on the tablet"
    )


def test_two_stones_too_close_to_tell_apart_are_asked_on_the_tablet(tmp_path):
    stones = dict(default_profile().stone_mass_g) | {"H3": 52.0}  # a real census can be close
    service = GameService(tmp_path, profile=default_profile().with_changes(stone_mass_g=stones))
    service.new_game(START)
    tablet(
        service,
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": "Ben"},
        {"type": "stake", "player": "Ben", "add": 1},
    )
    service.observe(added(51.0, "R2"))
    snap = service.snapshot()
    assert "H2 (50 g) and H3 (52 g) are too close to tell apart at 51.0 g" in snap["warnings"][0]
    assert sorted(a["label"] for a in snap["asks"]) == ["H2", "H3"]
    service.submit(snap["asks"][0]["record"])  # the players choose on the tablet
    assert service.snapshot()["warnings"] == [] and aw(service)["action"] == "call"
    service.close()


def test_a_stone_taken_off_during_the_round_must_be_put_back(table):
    tablet(
        table,
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": "Ben"},
        {"type": "stake", "player": "Ben", "add": 1},
        {"type": "place", "player": "Ben", "stones": ["H1"], "space": "L2"},
    )
    table.observe(StoneRemoved(float(next(T)), 35.0, X["L2"], "L2"))
    assert table.snapshot()["warnings"] == [
        "A stone (35 g) was taken off L2 during the round: put it back"
    ]


def test_a_load_shift_on_the_hinkelstein_turn_is_the_notch_moving(table):
    tablet(
        table,
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": "Ben"},
        {"type": "stake", "player": "Ben", "add": 1},
    )
    table.observe(settled("left", total=255.0))  # beam 180 g + Stone of Fate 75 g
    # the pivot moves 20 mm to the right: torque about it changes by -255 g * 20 mm
    table.observe(LoadShifted(float(next(T)), -255.0 * 20))
    assert (
        table.record_jsonl().splitlines()[-1]
        == '{"type": "notch", "player": "Ben", "notch": "right"}'
    )
    assert table.notches[-1] == "right"  # the sensing is told where the pivot is


def _four_stones(table):
    tablet(table, {"type": "condition", "player": "Ana", "wins": "heavier"})
    for who, stake, mass, space in (
        ("Ben", 1, 35, "L2"),
        ("Cleo", 1, 30, "R2"),
        ("Ana", 1, 60, "L1"),
        ("Dora", 1, 70, "R1"),
    ):
        tablet(
            table,
            {"type": "call", "player": "Ana", "calls": who},
            {"type": "stake", "player": who, "add": stake},
        )
        table.observe(added(mass, space))
        table.observe(settled("left"))


def test_the_last_stone_waits_for_the_boulder_holder_then_the_settled_side_is_the_tilt(table):
    _four_stones(table)
    assert aw(table) == {"player": None, "action": "tilt"}  # Dora may still act
    n = last(table)
    table.observe(LoadShifted(float(next(T)), 75.0 * 100))  # Stone of Fate 100 mm to the right
    rest = settled("right")
    table.observe(rest)
    table.tick(rest.t_mono + FATE_REST_S - 0.1)
    assert last(table) == n  # it may still be on its way
    table.tick(rest.t_mono + FATE_REST_S)
    assert table.record_jsonl().splitlines()[-1] == '{"type": "fate", "player": "Dora", "x": 40}'
    assert aw(table) == {"player": None, "action": "tilt"}  # B1 could still come
    table.boulder_done()
    assert table.record_jsonl().splitlines()[-1] == '{"type": "tilt", "down": "right"}'
    assert table.snapshot()["replay"]["round"] == 2


def test_the_smallest_boulder_added_on_the_boulder_is_seen(table):
    _four_stones(table)
    table.observe(added(40.3, "R1"))
    assert (
        table.record_jsonl().splitlines()[-1]
        == '{"type": "boulder", "player": "Dora", "stones": ["B1"], "space": "R1"}'
    )


def test_without_abilities_left_the_settled_side_after_the_last_stone_is_the_tilt(table):
    tablet(table, {"type": "condition", "player": "Ana", "wins": "lighter"})
    for who, mass, space in (("Ben", 35, "L2"), ("Cleo", 30, "R2"), ("Ana", 60, "L1")):
        tablet(
            table,
            {"type": "call", "player": "Ana", "calls": who},
            {"type": "stake", "player": who, "add": 1},
        )
        table.observe(added(mass, space))
        table.observe(settled("left"))
    tablet(
        table,
        {"type": "call", "player": "Ana", "calls": "Dora"},
        {"type": "stake", "player": "Dora", "add": 1},
        {"type": "place", "player": "Dora", "stones": ["B1"], "space": "R1"},
    )  # B1 itself: no extra boulder
    tablet(
        table, {"type": "fate", "player": "Dora", "x": 0}
    )  # fate used up: nothing left to wait for
    n = last(table)
    table.observe(settled("right"))
    assert last(table) == n + 1
    assert table.record_jsonl().splitlines()[-1] == '{"type": "tilt", "down": "right"}'


def test_a_reading_from_before_the_last_stone_never_decides_the_round(table):
    tablet(table, {"type": "condition", "player": "Ana", "wins": "heavier"})
    for who, mass, space in (("Ben", 35, "L2"), ("Cleo", 30, "R2"), ("Ana", 60, "L1")):
        tablet(
            table,
            {"type": "call", "player": "Ana", "calls": who},
            {"type": "stake", "player": who, "add": 1},
        )
        table.observe(added(mass, space))
        table.observe(settled("left"))
    tablet(
        table,
        {"type": "call", "player": "Ana", "calls": "Dora"},
        {"type": "stake", "player": "Dora", "add": 1},
        {"type": "place", "player": "Dora", "stones": ["B1"], "space": "R1"},
        {"type": "fate", "player": "Dora", "x": 0},
    )
    table.observe(added(40, "R1"))  # the sensing sees Dora's stone only now ...
    assert aw(table) == {"player": None, "action": "tilt"}  # ... and the old "left" is stale


def test_nothing_is_decided_while_a_hand_is_on_the_scale(table):
    _four_stones(table)
    table.observe(ScaleDisturbed(float(next(T))))
    n = last(table)
    table.boulder_done()  # Dora is done, but a hand holds the scale: no tilt yet
    assert table.snapshot()["hand_on_scale"] is True and last(table) == n
    table.observe(settled("right"))
    assert last(table) == n + 1 and table.snapshot()["hand_on_scale"] is False
    assert table.record_jsonl().splitlines()[-1] == '{"type": "tilt", "down": "right"}'


def test_a_sensor_fault_is_a_banner_until_the_cells_read_again(table):
    table.observe(Fault(float(next(T)), "left", "stuck at the saturation code 0x7FFFFF"))
    (warning,) = table.snapshot()["warnings"]
    assert (
        warning.startswith("Load cell left: stuck at the saturation code")
        and "manual entry" in warning
    )
    tablet(table, {"type": "condition", "player": "Ana", "wins": "heavier"})  # manual entry goes on
    assert aw(table)["action"] == "call"
    table.observe(settled("left"))
    assert table.snapshot()["warnings"] == []


def test_a_noisy_scale_is_a_warning_with_its_noise_until_the_sensing_can_decide_again(table):
    noise = (("wedge", 2.4), ("left", 3.1), ("right", 2.9))
    why = "the scale is noisy: wedge 2.4 g, left 3.1 g, right 2.9 g a cell; shield the wires"
    table.observe(ScaleNoise(float(next(T)), noise, 4.9, 2.4, why))
    assert table.snapshot()["warnings"] == [
        "The scale is noisy: wedge 2.4 g, left 3.1 g, right 2.9 g a cell; shield the wires."
    ]
    table.observe(settled("left"))  # a settled reading does not make the noise go away
    tablet(table, {"type": "condition", "player": "Ana", "wins": "heavier"})  # nor the tablet
    assert table.snapshot()["warnings"] == [f"T{why[1:]}."]
    table.observe(ScaleNoise(float(next(T)), noise, 1.1, 0.6, None))
    assert table.snapshot()["warnings"] == []


def test_a_stone_of_fate_moved_onto_a_space_is_a_warning(table):
    _four_stones(table)
    n = last(table)
    table.observe(LoadShifted(float(next(T)), 75.0 * -50))  # -60 -> -110: onto L1
    rest = settled("left")
    table.observe(rest)
    table.tick(rest.t_mono + 2 * FATE_REST_S)
    assert last(table) == n
    assert table.snapshot()["warnings"] == [
        "The Stone of Fate seems to lie at -110 mm, on a placement space: move it off"
    ]
    table.boulder_done()  # done, but the stone lies on a space: nothing recorded yet
    assert last(table) == n
    table.observe(LoadShifted(float(next(T)), 75.0 * 80))  # -110 -> -30: off the space
    rest = settled("right")
    table.observe(rest)
    assert table.snapshot()["warnings"] == []
    table.tick(rest.t_mono + FATE_REST_S)
    lines = table.record_jsonl().splitlines()[-2:]
    assert lines == [
        '{"type": "fate", "player": "Dora", "x": -30}',
        '{"type": "tilt", "down": "right"}',
    ]


def test_a_stone_of_fate_slid_in_nudges_is_one_move_to_where_it_comes_to_rest(table):
    _four_stones(table)
    n = last(table)
    for dx in (20, 25, -5):  # three nudges, the scale resting briefly between them
        table.observe(ScaleDisturbed(float(next(T))))
        table.observe(LoadShifted(float(next(T)), 75.0 * dx))
        rest = settled("left")
        table.observe(rest)
        table.tick(rest.t_mono + FATE_REST_S / 2)
        assert last(table) == n, dx
        assert table.snapshot()["warnings"] == [], dx
    assert table.snapshot()["view"]["scale"]["fate_moving_mm"] == -20
    table.tick(rest.t_mono + FATE_REST_S)
    assert table.record_jsonl().splitlines()[-1] == '{"type": "fate", "player": "Dora", "x": -20}'
    assert table.snapshot()["view"]["scale"]["fate_moving_mm"] is None


def test_a_hand_on_the_scale_keeps_the_stone_of_fate_from_being_recorded(table):
    _four_stones(table)
    n = last(table)
    table.observe(LoadShifted(float(next(T)), 75.0 * 30))
    rest = settled("left")
    table.observe(rest)
    table.observe(ScaleDisturbed(rest.t_mono + 1.0))  # a hand on the beam: still moving it
    table.tick(rest.t_mono + 2 * FATE_REST_S)
    assert last(table) == n
    again = ScaleSettled(rest.t_mono + 3 * FATE_REST_S, 400.0, -1000.0, "left", 10.0)
    table.observe(again)
    table.tick(again.t_mono + FATE_REST_S)
    assert table.record_jsonl().splitlines()[-1] == '{"type": "fate", "player": "Dora", "x": -30}'


def test_done_records_the_stone_of_fate_at_once_and_then_the_tilt(table):
    _four_stones(table)
    table.observe(LoadShifted(float(next(T)), 75.0 * 100))
    table.observe(settled("right"))
    table.boulder_done()  # no need to wait: the holder says he has finished
    assert table.record_jsonl().splitlines()[-2:] == [
        '{"type": "fate", "player": "Dora", "x": 40}',
        '{"type": "tilt", "down": "right"}',
    ]


def test_the_smallest_boulder_after_a_stone_of_fate_move_records_both_in_order(table):
    _four_stones(table)
    table.observe(LoadShifted(float(next(T)), 75.0 * 100))
    table.observe(settled("right"))
    table.observe(added(40.3, "R1"))
    assert table.record_jsonl().splitlines()[-2:] == [
        '{"type": "fate", "player": "Dora", "x": 40}',
        '{"type": "boulder", "player": "Dora", "stones": ["B1"], "space": "R1"}',
    ]


def test_without_the_boulder_left_the_tilt_waits_for_the_stone_of_fate_to_rest(table):
    _four_stones(table)
    table.observe(added(40.3, "R1"))  # B1: only the Stone of Fate is left to Dora
    n = last(table)
    table.observe(LoadShifted(float(next(T)), 75.0 * 20))
    rest = settled("left")
    table.observe(rest)  # a pause in the slide, not yet the tilt
    assert last(table) == n
    table.observe(LoadShifted(rest.t_mono + 0.5, 75.0 * 100))
    rest = ScaleSettled(rest.t_mono + 0.6, 400.0, 1000.0, "right", 10.0)
    table.observe(rest)
    assert last(table) == n
    table.tick(rest.t_mono + FATE_REST_S)
    assert table.record_jsonl().splitlines()[-2:] == [
        '{"type": "fate", "player": "Dora", "x": 60}',
        '{"type": "tilt", "down": "right"}',
    ]


def test_the_stone_of_fate_moved_on_after_its_move_was_recorded_amends_the_record(table):
    _four_stones(table)
    table.observe(LoadShifted(float(next(T)), 75.0 * 100))
    rest = settled("right")
    table.observe(rest)
    table.tick(rest.t_mono + FATE_REST_S)
    n = last(table)
    assert table.record_jsonl().splitlines()[-1] == '{"type": "fate", "player": "Dora", "x": 40}'
    # Dora looks at the scale and slides it on, 10 mm: still her one move of the pass
    table.observe(LoadShifted(rest.t_mono + 5, 75.0 * 10))
    assert table.snapshot()["view"]["scale"]["fate_moving_mm"] == 50
    rest = ScaleSettled(rest.t_mono + 5.1, 400.0, 1000.0, "right", 10.0)
    table.observe(rest)
    shown = table.version
    assert table.snapshot()["view"]["scale"]["fate_x_mm"] == 40  # recorded; moving on
    table.tick(rest.t_mono + FATE_REST_S)
    assert table.version != shown  # the dashboards are told
    lines = table.record_jsonl().splitlines()
    assert lines[-1] == '{"type": "fate", "player": "Dora", "x": 50}'
    scale = table.snapshot()["view"]["scale"]  # every dashboard shows the amended place
    assert (scale["fate_x_mm"], scale["fate_moving_mm"]) == (50, None)
    assert sum('"fate"' in line for line in lines) == 1 and last(table) == n
    assert table.snapshot()["warnings"] == []
    assert table.accepted[("sensor", "fate amended")] == 1
    table.boulder_done()
    assert table.record_jsonl().splitlines()[-1] == '{"type": "tilt", "down": "right"}'


def test_an_amended_stone_of_fate_is_what_a_restart_replays(table, tmp_path):
    _four_stones(table)
    table.observe(LoadShifted(float(next(T)), 75.0 * 100))
    rest = settled("right")
    table.observe(rest)
    table.tick(rest.t_mono + FATE_REST_S)  # fate at 40 recorded
    table.observe(LoadShifted(rest.t_mono + 3, 75.0 * -20))
    rest = ScaleSettled(rest.t_mono + 3.1, 400.0, 1000.0, "right", 10.0)
    table.observe(rest)
    table.tick(rest.t_mono + FATE_REST_S)  # ... amended to 20
    record = table.record_jsonl()
    table.close()
    again = GameService(tmp_path)
    try:
        assert again.record_jsonl() == record
        assert again.game_state.round.fate_x == 20
    finally:
        again.close()


def test_the_stone_of_fate_moved_after_the_smallest_boulder_followed_it_is_a_warning(table):
    _four_stones(table)
    table.observe(LoadShifted(float(next(T)), 75.0 * 100))
    table.observe(settled("right"))
    table.observe(added(40.3, "R1"))  # fate at 40, then B1
    n = last(table)
    table.observe(LoadShifted(float(next(T)), 75.0 * 10))
    rest = settled("right")
    table.observe(rest)
    table.tick(rest.t_mono + FATE_REST_S)
    assert last(table) == n
    warning = (
        "The table changed the fate move after it was recorded, but boulder came after it:"
        " put it back as recorded, or undo on the tablet back to the fate and do it again"
    )
    assert table.snapshot()["warnings"] == [warning]
    table.tick(rest.t_mono + 2 * FATE_REST_S)
    assert table.snapshot()["warnings"] == [warning]  # it stands until put right
    table.observe(LoadShifted(float(next(T)), 75.0 * -10))  # put back where recorded
    rest = settled("right")
    table.observe(rest)
    table.tick(rest.t_mono + FATE_REST_S)
    assert table.snapshot()["warnings"] == [] and last(table) == n


def test_a_sensing_fault_shows_in_the_device_health(table):
    table.device_status("load cells", "ok", "HX711s at 80 samples/s")
    table.observe(Fault(float(next(T)), "right", "no samples for 2.0 s"))
    assert table.snapshot()["devices"]["load cells"] == {
        "state": "fault",
        "detail": "fault on right",
    }
    table.observe(settled("left"))
    assert table.snapshot()["devices"]["load cells"]["state"] == "ok"
    with pytest.raises(ValueError, match="allowed: ok, simulated, fault, off"):
        table.device_status("camera", "broken")


# -- weight and camera --------------------------------------------------------------


def camera(*changes):
    return CellsChanged(
        float(next(T)), "hinkel-stein", tuple(CellChange(c, b, a, 0.95) for c, b, a in changes)
    )


def placed_by_scale(table, space="L2", mass=35.0, stone_player="Ben"):
    tablet(
        table,
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": stone_player},
        {"type": "stake", "player": stone_player, "add": 1},
    )
    table.observe(added(mass, space))
    table.observe(settled("left"))


def test_weight_and_camera_agreeing_raise_nothing(table):
    table.observe(
        camera(
            ("L2", "empty", "empty"),
            ("L1", "empty", "empty"),
            ("R1", "empty", "empty"),
            ("R2", "empty", "empty"),
        )
    )
    placed_by_scale(table)
    table.observe(camera(("L2", "empty", "stone")))
    table.tick(float(next(T)) + 10)
    assert table.snapshot()["warnings"] == []


def test_the_camera_seeing_the_stone_elsewhere_is_asked_about(table):
    table.observe(camera(("L2", "empty", "empty"), ("L1", "empty", "empty")))
    placed_by_scale(table, "L2")
    table.observe(camera(("L1", "empty", "stone")))  # the camera sees it on L1
    assert table.snapshot()["warnings"] == []  # not yet: both need a moment
    table.tick(float(next(T)) + 3)
    warnings = table.snapshot()["warnings"]
    assert "The scale has Ben's H1 on L2, but the camera sees L2 empty" in warnings[0]
    assert "The camera sees a stone on L1, but the scale recorded none there" in warnings[1]
    table.submit({"type": "call", "player": "Ana", "calls": "Cleo"})  # players confirm and go on
    assert table.snapshot()["warnings"] == []
    table.tick(float(next(T)) + 10)
    assert table.snapshot()["warnings"] == []  # accepted as it is, until something changes


def test_a_disagreement_that_resolves_in_time_is_never_shown(table):
    table.observe(camera(("L2", "empty", "empty")))
    placed_by_scale(table, "L2")
    table.tick(float(next(T)) + 0.5)
    table.observe(camera(("L2", "empty", "stone")))  # the camera catches up
    table.tick(float(next(T)) + 10)
    assert table.snapshot()["warnings"] == []


def test_without_a_view_of_the_board_the_camera_judges_nothing(table):
    table.observe(camera(("L2", "empty", "empty")))
    placed_by_scale(table, "L2")
    table.observe(BoardLost(float(next(T)), "hinkel-stein", "markers covered"))
    table.tick(float(next(T)) + 10)
    assert table.snapshot()["warnings"] == []


def test_stones_of_the_last_round_on_camera_are_not_a_disagreement(table):
    placed_by_scale(table, "L2")
    table.observe(camera(("L2", "empty", "stone")))
    # ... the round ends (filled again to 4 by the tablet and tilted) and stones still lie there
    tablet(
        table,
        {"type": "call", "player": "Ana", "calls": "Cleo"},
        {"type": "stake", "player": "Cleo", "add": 1},
        {"type": "place", "player": "Cleo", "stones": ["Q1"], "space": "R2"},
        {"type": "call", "player": "Ana", "calls": "Ana"},
        {"type": "stake", "player": "Ana", "add": 1},
        {"type": "place", "player": "Ana", "stones": ["P1"], "space": "L1"},
        {"type": "call", "player": "Ana", "calls": "Dora"},
        {"type": "stake", "player": "Dora", "add": 1},
        {"type": "place", "player": "Dora", "stones": ["B1"], "space": "R1"},
        {"type": "fate", "player": "Dora", "x": 0},
        {"type": "tilt", "down": "left"},
    )
    table.observe(
        camera(("R2", "empty", "stone"), ("L1", "empty", "stone"), ("R1", "empty", "stone"))
    )
    table.tick(float(next(T)) + 10)
    assert table.snapshot()["warnings"] == []  # clearing the scale takes its time


def test_an_undone_stone_taken_off_as_the_undo_asks_is_no_warning(table):
    tablet(
        table,
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": "Ben"},
        {"type": "stake", "player": "Ben", "add": 1},
        {"type": "place", "player": "Ben", "stones": ["H5"], "space": "L2"},
        {"type": "call", "player": "Ana", "calls": "Cleo"},
        {"type": "stake", "player": "Cleo", "add": 1},
    )
    table.observe(added(30.0, "R2"))  # Cleo's Q1, from the scale
    assert table.record_jsonl().splitlines()[-1].endswith('"space": "R2"}')
    (hint,) = table.undo(1)["undo_hints"]
    assert hint.startswith("Take Q1 off R2")
    table.observe(StoneRemoved(float(next(T)), 30.0, X["R2"], "R2"))  # as the hint says
    assert table.snapshot()["warnings"] == []
    table.observe(StoneRemoved(float(next(T)), 95.0, X["L2"], "L2"))  # a recorded stone
    assert table.snapshot()["warnings"] == [
        "A stone (95 g) was taken off L2 during the round: put it back"
    ]


def test_stones_put_back_after_an_undone_tilt_are_no_warning_and_decide_it_again(table):
    _four_stones(table)
    table.boulder_done()
    assert table.record_jsonl().splitlines()[-1] == '{"type": "tilt", "down": "left"}'
    for mass, space in ((35, "L2"), (30, "R2"), (60, "L1"), (70, "R1")):  # the scale cleared
        table.observe(StoneRemoved(float(next(T)), mass, X[space], space))
    (hint,) = table.undo(1)["undo_hints"]
    assert "the stones go back on the scale" in hint
    for mass, space in ((35, "L2"), (30, "R2"), (60, "L1"), (70, "R1")):  # as the hint says
        table.observe(added(mass + 0.8, space))
        assert table.snapshot()["warnings"] == [], space
    table.observe(added(55.0, "L2"))  # not a stone of the record there: a warning
    assert "L2" in table.snapshot()["warnings"][0]
    table.observe(StoneRemoved(float(next(T)), 55.0, X["L2"], "L2"))
    table.observe(settled("left"))
    table.boulder_done()
    assert table.record_jsonl().splitlines()[-1] == '{"type": "tilt", "down": "left"}'
    assert table.snapshot()["warnings"] == []
