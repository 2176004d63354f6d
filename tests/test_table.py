"""``companion run``'s sensing loop: load cells -> sensing -> referee, on its own thread."""

from __future__ import annotations

import time

from companion.devices.load_cells import SimulatedLoadCells
from companion.devices.scale_sim import ScaleSimulator, SignalModel
from companion.errors import DeviceError
from companion.profile import default_profile
from companion.referee.service import GameService
from companion.table import ScaleLoop

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}


def wait_for(predicate, timeout_s=20.0):
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def test_a_stone_on_the_simulated_scale_is_recorded_through_the_loop(tmp_path):
    profile = default_profile()
    service = GameService(tmp_path, profile=profile)
    service.new_game(START)
    for rec in (
        {"type": "condition", "player": "Ana", "wins": "heavier"},
        {"type": "call", "player": "Ana", "calls": "Ben"},
        {"type": "stake", "player": "Ben", "add": 1},
    ):
        service.submit(rec)
    sim = ScaleSimulator(profile, seed=4)
    loop = ScaleLoop(service, SimulatedLoadCells(sim, chunk_s=0.05), profile).start()
    try:
        assert wait_for(lambda: loop.alive)
        sim.put("H3", 65.0, -180.0)  # the loop runs the simulation as fast as it can
        assert wait_for(lambda: service.game_state.round.placement("L2") is not None)
        assert (
            service.record_jsonl().splitlines()[-1]
            == '{"type": "place", "player": "Ben", "stones": ["H3"], "space": "L2"}'
        )
    finally:
        loop.stop()
        service.close()


class DeadCells:
    channels = ("wedge", "left", "right")
    rate_sps = 80
    simulated = False
    #: what the dead driver says on every read
    why = "HX711 on GPIO 6 not ready within 0.5 s: check its wiring and power"

    def read(self, timeout_s=1.0):
        time.sleep(0.01)
        raise DeviceError(self.why)

    def close(self):
        pass


def test_a_dead_device_is_announced_once_and_the_game_goes_on(tmp_path):
    service = GameService(tmp_path)
    service.new_game(START)
    loop = ScaleLoop(service, DeadCells(), default_profile()).start()
    try:
        assert wait_for(lambda: any("not ready" in n for n in service.notices))
        time.sleep(1.5)
        assert sum("not ready" in n for n in service.notices) == 1
        service.submit({"type": "condition", "player": "Ana", "wins": "heavier"})  # manual entry
        assert service.snapshot()["replay"]["awaiting"]["action"] == "call"
        assert not loop.alive  # a watchdog sees that nothing is being read
        assert loop.responsive  # but the thread is not hung: no restart for a dead HX711
    finally:
        loop.stop()
        service.close()


def test_device_health_follows_the_load_cells(tmp_path):
    service = GameService(tmp_path)
    loop = ScaleLoop(service, DeadCells(), default_profile()).start()
    try:
        assert wait_for(
            lambda: service.snapshot()["devices"].get("load cells", {}).get("state") == "fault"
        )
        assert "not ready" in service.snapshot()["devices"]["load cells"]["detail"]
    finally:
        loop.stop()
        service.close()
    sim_service = GameService(tmp_path / "sim")
    sim_loop = ScaleLoop(
        sim_service,
        SimulatedLoadCells(ScaleSimulator(default_profile(), seed=1)),
        default_profile(),
    ).start()
    try:
        assert wait_for(
            lambda: (
                sim_service.snapshot()["devices"].get("load cells", {}).get("state") == "simulated"
            )
        )
    finally:
        sim_loop.stop()
        sim_service.close()


def test_load_cells_too_noisy_to_name_stones_show_as_a_device_fault_with_the_noise(tmp_path):
    service = GameService(tmp_path)  # no game running: the device status still says it
    sim = ScaleSimulator(default_profile(), seed=2, signal=SignalModel(noise_g=8.0))
    loop = ScaleLoop(service, SimulatedLoadCells(sim, chunk_s=0.05), default_profile()).start()
    try:
        assert wait_for(
            lambda: "noisy" in service.snapshot()["devices"].get("load cells", {}).get("detail", "")
        ), service.snapshot()["devices"]
        status = service.snapshot()["devices"]["load cells"]
        assert status["state"] == "fault" and "g a cell" in status["detail"]
    finally:
        loop.stop()
        service.close()


def test_the_camera_loop_feeds_the_referee_what_it_sees(tmp_path):
    from dataclasses import replace

    import numpy as np

    from companion.devices.frames import SyntheticSource
    from companion.devices.scenes import random_scene
    from companion.sensing.vision.layout import load_layout
    from companion.table import CameraLoop

    lay = load_layout("hinkel-stein")
    scene = random_scene(lay, np.random.default_rng(3), hands=0, shadows=0)

    def scenes():
        while True:
            yield replace(scene, contents={"R2": "stone"})

    service = GameService(tmp_path)
    service.new_game(START)
    loop = CameraLoop(service, SyntheticSource(scenes(), seed=3), interval_s=0.01).start()
    try:
        assert wait_for(lambda: service._referee.camera.get("R2") == "stone")
        assert service.snapshot()["devices"]["camera"]["state"] == "ok" and loop.alive
    finally:
        loop.stop()
        service.close()


def test_the_camera_loop_reads_the_board_of_the_game_under_way(tmp_path):
    """A Stein im Brett game: the loop switches to that layout, and three stones laid on
    the rendered board become the turn, from the camera alone."""
    from dataclasses import replace

    import numpy as np

    from companion.devices.frames import SyntheticSource
    from companion.devices.scenes import random_scene
    from companion.sensing.vision.layout import load_layout
    from companion.table import CameraLoop

    lay = load_layout("stein-im-brett")
    scene = replace(random_scene(lay, np.random.default_rng(8), hands=0, shadows=0), contents={})
    on_board: dict[str, str] = {}

    def scenes():
        while True:
            yield replace(scene, contents=dict(on_board))

    service = GameService(tmp_path)
    service.start_game(
        ["Ana", "Ben"],
        game="stein-im-brett",
        colours={"Ana": ["red", "yellow", "green"], "Ben": ["blue", "white", "black"]},
    )
    service.submit({"type": "draw", "colour": "blue"})  # Ben starts
    loop = CameraLoop(service, SyntheticSource(scenes(), seed=8), interval_s=0.01).start()
    try:
        assert wait_for(lambda: len(service._referee.view) == 36)
        assert loop.view.layout.name == "stein-im-brett"
        on_board.update(a1="red", d5="blue", g4="white")
        assert wait_for(lambda: service.game_state.turn == 0)
        assert service.accepted[("sensor", "place")] == 1
        cells = dict(zip(service.game_state.board.ids, service.game_state.cells, strict=True))
        assert {f: c for f, c in cells.items() if c} == {"a1": "red", "d5": "blue", "g4": "white"}
        assert "Stein im Brett" in service.snapshot()["devices"]["camera"]["detail"]
    finally:
        loop.stop()
        service.close()


class HungCells(DeadCells):
    """A read that never comes back (a driver stuck in a kernel call)."""

    def __init__(self):
        import threading

        self.release = threading.Event()

    def read(self, timeout_s=1.0):
        self.release.wait(30)
        raise DeviceError("released")


def test_only_a_hung_sensing_thread_stops_the_watchdog(tmp_path):
    now = [0.0]
    service = GameService(tmp_path)
    cells = HungCells()
    loop = ScaleLoop(service, cells, default_profile(), clock=lambda: now[0]).start()
    try:
        assert wait_for(lambda: loop.last_turn == 0.0)  # came round once, now stuck in read
        assert loop.responsive
        now[0] = 6.0  # 6 s later the loop has not come round again
        assert not loop.responsive and not loop.alive
    finally:
        cells.release.set()
        loop.stop()
        service.close()


def test_the_camera_loop_reads_each_game_through_its_own_pipeline(tmp_path):
    """Stein auf Stein: the block watcher, made anew for each game (it knows the game's
    blocks); Heuchel & Meuchel: the card reader with the registered deck of ``--deck``,
    else the shared reader of the layout (face or back; the tablet asks the rest)."""
    from companion.table import CameraLoop, CameraView
    from companion.tables.heuchel_meuchel.camera import CardCamera, ready_deck
    from companion.tables.stein_auf_stein.camera import BlockCamera

    service = GameService(tmp_path)
    loop = CameraLoop(service, source=None)
    try:
        assert isinstance(loop.view, CameraView) and loop.view.layout.name == "hinkel-stein"
        service.start_game(["Ana", "Ben"], game="stein-auf-stein", options={"variant": "basic"})
        first = loop.view
        assert isinstance(first, BlockCamera) and loop.view is first
        assert "blocks" in first.colours_from
        service.start_game(["Ana", "Ben"], game="stein-auf-stein", options={"variant": "basic"})
        assert isinstance(loop.view, BlockCamera) and loop.view is not first
        service.start_game(["Ana", "Ben"], game="heuchel-meuchel")
        assert isinstance(loop.view, CameraView)
        assert loop.view.layout.name == "heuchel-meuchel"
        with_deck = CameraLoop(
            service, source=None, decks={"heuchel-meuchel": ready_deck(tmp_path / "d")}
        )
        assert isinstance(with_deck.view, CardCamera)
        assert "deck" in with_deck.view.colours_from
    finally:
        service.close()


def test_a_hilo_table_of_three_is_read_mat_by_mat_with_the_registered_deck(tmp_path):
    """HiLo with ``--deck``: the loop reads the game's own layout (a mat per player) with
    the deck; every slot settles into ``CardsSeen``; a frame without the table is one
    ``BoardLost``, and once the table is back every slot is reported afresh."""
    import numpy as np

    from companion.devices.card_scenes import deck_pictures
    from companion.devices.table_scenes import render_table
    from companion.sensing.observations import BoardLost
    from companion.table import CameraLoop
    from companion.tables.hilo.camera import LiveCardCamera, ready_deck
    from companion.tables.hilo.seen import CardsSeen

    deck = ready_deck(tmp_path / "deck")
    service = GameService(tmp_path / "state")
    service.start_game(["Ana", "Ben", "Cleo"], game="hilo")
    loop = CameraLoop(service, source=None, decks={"hilo": deck})
    try:
        view = loop.view
        assert isinstance(view, LiveCardCamera) and view.layout.name == "hilo-3"
        image = render_table(view.layout, deck_pictures(tmp_path / "deck"), 4)[0].image
        seen = [view.feed(image, 0.2 * i) for i in range(3)]
        first = next(o for o in seen if o is not None)
        assert isinstance(first, CardsSeen) and first.layout == "hilo-3"
        slots = {s.slot for s in first.slots}
        assert {"A1", "B12", "C7", "discard"} <= slots
        blank = np.zeros_like(image)
        assert isinstance(view.feed(blank, 1.0), BoardLost)
        assert view.feed(blank, 1.2) is None  # said once
        again = [view.feed(image, 1.4 + 0.2 * i) for i in range(3)]
        back = next(o for o in again if o is not None)
        assert {s.slot for s in back.slots} == slots
    finally:
        service.close()
