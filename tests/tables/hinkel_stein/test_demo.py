"""The demo table end to end: scripted players, the simulated scale's physics and HX711
signals, the sensing pipeline and the referee. Every move on the table must be recorded
from the sensors alone (the demo enters a missed move by hand and counts it)."""

from __future__ import annotations

import random

import pytest

from companion.games.registry import GAMES
from companion.profile import default_profile
from companion.records import jsonl_objects, replay_objects
from companion.referee.service import GameService
from companion.tables.hinkel_stein.demo import SimulatedTable

NAMES = ["Ana", "Ben", "Cleo", "Dora"]
TABLE_MOVES = {"place", "boulder", "fate", "notch", "tilt"}


def play(tmp_path, seed: int, players: int) -> tuple[GameService, SimulatedTable]:
    service = GameService(tmp_path / f"s{seed}")
    table = SimulatedTable(service, default_profile(), seed=seed, speed=None)
    table.play_game(NAMES[:players])
    return service, table


@pytest.mark.parametrize(("seed", "players"), [(1, 4), (2, 3), (3, 2)])
def test_a_whole_game_is_refereed_from_the_scale_alone(tmp_path, seed, players):
    service, table = play(tmp_path, seed, players)
    try:
        state = service.game_state
        assert state.finished, f"seed {seed}"
        assert table.missed == 0, f"seed {seed}: {service.notices}"
        by_hand = {t for (src, t) in service.accepted if src != "sensor"}
        assert not (by_hand & TABLE_MOVES), f"seed {seed}: {sorted(service.accepted.items())}"
        sensed = sum(n for (src, t), n in service.accepted.items() if src == "sensor")
        assert sensed >= 4 * 5 * 3  # at least every stone and tilt of 3 passes
        assert service.snapshot()["warnings"] == []
        # the journal is the game: replaying its record gives the same final state
        replayed = replay_objects(jsonl_objects(service.record_jsonl().splitlines()))
        assert replayed.rules is GAMES["hinkel-stein"] and replayed.state == state
    finally:
        service.close()


@pytest.mark.slow
def test_forty_seeded_games_need_no_manual_entry(tmp_path):
    for seed in range(100, 140):
        service, table = play(tmp_path, seed, 2 + seed % 3)
        try:
            assert service.game_state.finished and table.missed == 0, (
                f"seed {seed}: {service.notices}"
            )
        finally:
            service.close()


def test_the_camera_over_the_simulated_scale_agrees_with_the_weight(tmp_path):
    service = GameService(tmp_path)
    table = SimulatedTable(service, default_profile(), seed=5, speed=None, camera_every_s=0.5)
    try:
        service.start_game(NAMES, rng=random.Random(5))  # the same cards every run
        table.run(2.0)
        while service.game_state.round_no < 3:  # two whole rounds
            table.step(service.game_state)
            assert service.snapshot()["warnings"] == [], service.snapshot()["warnings"]
        referee = service._referee
        assert table.missed == 0
        # the camera saw the scale through the real vision pipeline: spaces read, and
        # after the last round was cleared, every space empty again
        assert set(referee.camera) == {"L2", "L1", "R1", "R2"}
        assert table.camera.frames_with_hand >= 8  # a hand over every space as it was filled
        assert service.snapshot()["devices"]["camera"]["state"] == "simulated"
    finally:
        service.close()


def test_a_scale_that_never_matches_the_record_stops_the_demo_with_a_notice(tmp_path, monkeypatch):
    # The runaway of HS-18: the demo puts the Stone of Fate where the record has it, the
    # sensing places it more than FATE_SLACK_MM elsewhere, the record is amended, and so
    # on. Stood in for here by a putting right that changes the record every time (and a
    # limit of 5, so that the game cannot end first).
    from companion.tables.hinkel_stein import demo
    from companion.tables.hinkel_stein.view import choices

    monkeypatch.setattr(demo, "MATCH_LIMIT", 5)

    service = GameService(tmp_path)
    table = SimulatedTable(service, default_profile(), seed=1, speed=None)
    rng = random.Random(1)
    calls = []

    def record_moves_each_time(state) -> tuple[str, ...]:
        calls.append(state)
        options = [c["record"] for c in choices(state) if c["record"]]
        service.submit(rng.choice(options), source="tablet")
        return ("fate",)

    table.match_scale = record_moves_each_time
    try:
        table.play_game(NAMES[:2])
        assert len(calls) == 5
        assert table.stop.is_set() and not service.game_state.finished
        assert any("demo stopped" in n and "Stone of Fate" in n for n in service.notices)
    finally:
        service.close()
