"""Recording a demo game in-process, for the black box's tests."""

from __future__ import annotations

from pathlib import Path

from companion.blackbox.recorder import SessionRecorder, tap_demo_table
from companion.profile import default_profile
from companion.referee.service import GameService
from companion.tables.hinkel_stein.demo import SimulatedTable

NAMES = ["Ana", "Ben", "Cleo", "Dora"]


def record_demo(
    tmp: Path, *, seed: int, players: int = 2, camera: bool = False, steps: int | None = None
) -> tuple[Path, GameService]:
    """A demo game (or its first ``steps`` decisions) on a recorded table; the service
    is closed. Returns the session folder and the service."""
    service = GameService(tmp / "state")
    recorder = SessionRecorder(tmp / "recordings", source="demo")
    profile = default_profile()
    session = recorder.start(service, profile)
    recorder.tap_service(service)
    table = SimulatedTable(
        service, profile, seed=seed, speed=None, camera_every_s=0.5 if camera else None
    )
    tap_demo_table(recorder, table)
    if steps is None:
        table.play_game(NAMES[:players])
    else:
        service.start_game(NAMES[:players], deal=None, rng=table.rng)
        table.run(2.0)
        for _ in range(steps):
            table.step(service.game_state)
    recorder.stop()
    service.close()
    return session, service


def record_sib(tmp: Path, *, seed: int, players: int = 2, steps: int = 6):
    """The first ``steps`` decisions of a Stein im Brett demo game (the synthetic camera
    only) on a recorded table; the service is closed. Returns the session and service."""
    from companion.games.stein_im_brett.random_player import DEFAULT_NAMES
    from companion.tables.stein_im_brett.demo import SimulatedBoardTable

    service = GameService(tmp / "state")
    recorder = SessionRecorder(tmp / "recordings", source="demo")
    session = recorder.start(service, default_profile())
    recorder.tap_service(service)
    table = SimulatedBoardTable(service, seed=seed, speed=None)
    tap_demo_table(recorder, table)
    table.start(list(DEFAULT_NAMES[:players]))
    for _ in range(steps):
        state = service.game_state
        table.match_board(state)
        table.step(service.game_state)
    recorder.stop()
    service.close()
    return session, service
