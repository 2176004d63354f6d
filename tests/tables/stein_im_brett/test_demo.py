"""The Stein im Brett demo table end to end: scripted players, the synthetic camera (a
hand reaching in for every stone), the vision pipeline and the camera referee. Every
turn on the board must be recorded from the camera alone (the demo enters a missed turn
on the tablet and counts it); only the starting player's draw is entered on the tablet.

A frame costs about 40-70 ms to render and read on a small CPU and a game takes about
250 frames, so the fast tier plays two games on a smaller frame (512x384 px, which the
vision still reads; the demo's camera is 640x480) and the slow tier more seeds at the
demo's size.
"""

from __future__ import annotations

import pytest

from companion.games.registry import GAMES
from companion.games.stein_im_brett.random_player import DEFAULT_NAMES
from companion.records import jsonl_objects, replay_objects
from companion.referee.service import GameService
from companion.tables.stein_im_brett.demo import SimulatedBoardTable

FAST_PX = (512, 384)


def play(tmp_path, seed: int, players: int, size_px=(640, 480)):
    service = GameService(tmp_path / f"s{seed}")
    table = SimulatedBoardTable(service, seed=seed, speed=None, size_px=size_px)
    table.play_game(list(DEFAULT_NAMES[:players]))
    return service, table


def check_refereed_from_the_camera(service: GameService, table: SimulatedBoardTable, seed: int):
    state = service.game_state
    assert state.finished, f"seed {seed}: {service.notices}"
    assert table.missed == 0, f"seed {seed}: {service.notices}"
    places = sum(n for (src, t), n in service.accepted.items() if t == "place")
    sensed = service.accepted[("sensor", "place")]
    assert sensed == places == 36, f"seed {seed}: {sorted(service.accepted.items())}"  # 3 x 12
    assert {t for (src, t) in service.accepted if src != "sensor"} == {"draw"}, f"seed {seed}"
    warnings = service.snapshot()["warnings"]
    assert warnings == [], f"seed {seed}: {warnings}"
    # the journal is the game: replaying its record gives the same final state
    replayed = replay_objects(jsonl_objects(service.record_jsonl().splitlines()))
    assert replayed.rules is GAMES["stein-im-brett"], f"seed {seed}"
    assert replayed.state == state, f"seed {seed}"


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 2)])
def test_a_whole_game_is_refereed_from_the_camera_alone(tmp_path, seed, players):
    service, table = play(tmp_path, seed, players, FAST_PX)
    try:
        check_refereed_from_the_camera(service, table, seed)
        # a hand over each stone, then clear frames: a handful of frames a turn
        assert table.frames <= 36 * 8 + 60, f"seed {seed}: {table.frames} frames"
        assert service.snapshot()["devices"]["camera"]["state"] == "simulated"
    finally:
        service.close()


def test_the_same_seed_deals_and_plays_the_same_turns(tmp_path):
    seed, names = 4, list(DEFAULT_NAMES[:4])
    services, tables = [], []
    try:
        for x in "ab":
            service = GameService(tmp_path / x)
            services.append(service)
            tables.append(SimulatedBoardTable(service, seed=seed, speed=None, size_px=FAST_PX))
            tables[-1].start(names)
            for _ in range(3):  # the draw(s) for the starting player, then turns
                tables[-1].step(service.game_state)
        a, b = services
        assert a.game_state == b.game_state and a.game_state.colours, f"seed {seed}"
        assert tables[0].frames == tables[1].frames > 0, f"seed {seed}"
        assert tables[0].missed == tables[1].missed == 0, f"seed {seed}: {a.notices}"
    finally:
        for service in services:
            service.close()


def test_a_turn_the_camera_misses_is_entered_on_the_tablet_and_announced(tmp_path, monkeypatch):
    import companion.tables.stein_im_brett.demo as demo

    seed = 3
    monkeypatch.setattr(demo, "PATIENCE_S", 1.0)
    service = GameService(tmp_path)
    table = SimulatedBoardTable(service, seed=seed, speed=None, size_px=FAST_PX)
    try:
        table.start(list(DEFAULT_NAMES[:2]))
        while service.game_state.turn is None:  # the draw(s)
            table.step(service.game_state)
        monkeypatch.setattr(table.view, "feed", lambda image, t_mono: None)  # a blind camera
        before = service.game_state
        table.step(before)
        assert service.game_state is not before and table.missed == 1, f"seed {seed}"
        assert service.accepted[("tablet", "place")] == 1, f"seed {seed}"
        assert any("camera did not record" in n for n in service.notices), f"seed {seed}"
    finally:
        service.close()


@pytest.mark.slow
def test_ten_seeded_games_need_no_manual_entry(tmp_path):
    for seed in range(100, 110):
        service, table = play(tmp_path, seed, 2 + seed % 5)
        try:
            check_refereed_from_the_camera(service, table, seed)
        finally:
            service.close()
