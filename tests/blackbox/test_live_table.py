"""``companion run``'s wiring: the scale loop on its own thread, a game already under way
when the recording starts, tablet inputs from another thread, and the dashboard's switch."""

from __future__ import annotations

import json
import time

from companion.blackbox.control import SETTING_FILE, RecordingControl, wanted
from companion.blackbox.recorder import SessionRecorder
from companion.blackbox.replay import replay_session
from companion.blackbox.session import read_session, sessions_in
from companion.dashboard import create_app
from companion.devices.load_cells import SimulatedLoadCells
from companion.devices.scale_sim import ScaleSimulator
from companion.profile import default_profile
from companion.referee.service import GameService
from companion.table import ScaleLoop

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}
JSON = {"X-Companion": "1"}


def wait_for(predicate, timeout_s=20.0):
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def test_the_live_loop_recorded_mid_game_replays_identically(tmp_path):
    profile = default_profile()
    service = GameService(tmp_path / "state", profile=profile)
    service.new_game(START)
    service.submit({"type": "condition", "player": "Ana", "wins": "heavier"})
    control = RecordingControl(service, SessionRecorder(tmp_path / "rec"), profile)
    control.set(True)  # the game is under way: its journal so far is copied
    for rec in (
        {"type": "call", "player": "Ana", "calls": "Ben"},
        {"type": "stake", "player": "Ben", "add": 1},
    ):
        service.submit(rec)
    sim = ScaleSimulator(profile, seed=4)
    loop = ScaleLoop(service, SimulatedLoadCells(sim, chunk_s=0.05), profile)
    control.tap_scale(loop)
    loop.start()
    try:
        assert wait_for(lambda: loop.alive)
        sim.put("H3", 65.0, -180.0)
        assert wait_for(lambda: service.game_state.round.placement("L2") is not None)
        service.submit({"type": "call", "player": "Ana", "calls": "Cleo"})  # the tablet, meanwhile
        sim.put("Q2", 45.0, 110.0)  # too early: Cleo has not staked yet
        assert wait_for(lambda: any("must stake" in w for w in service.warnings))
        service.submit({"type": "stake", "player": "Cleo", "add": 1})  # the tablet: now it counts
    finally:
        loop.stop()
        control.set(False)
        service.close()
    session = read_session(sessions_in(tmp_path / "rec")[0])
    # how many samples came depends on the machine's load (the simulated cells run in real
    # time); two stones named need two settles, over a second of samples at the least
    assert session.meta["resumed"] and len(session.samples) >= 80
    result = replay_session(session)
    assert result.verdict == "identical", result.difference
    records = [a["record"] for a in result.actions]
    assert records[0] == {"type": "call", "player": "Ana", "calls": "Ben"}  # after the copy
    assert {"type": "place", "player": "Ben", "stones": ["H3"], "space": "L2"} in records
    assert any("must stake" in w for o in result.outs for w in o["warnings"])


def test_the_dashboard_switch_is_off_by_default_and_needs_the_pin(tmp_path):
    service = GameService(tmp_path)
    control = RecordingControl(service, SessionRecorder(tmp_path / "recordings"), default_profile())
    service.recording = control
    app = create_app(service, test_config={"TESTING": True})
    client = app.test_client()
    try:
        assert client.get("/api/settings").json["recording"]["record"] is False
        assert client.post("/api/settings", json={"record": True}, headers=JSON).status_code == 401
        client.post("/api/session", json={"pin": app.extensions["companion.pairing"].code})
        bad = client.post("/api/settings", json={"record": "yes"}, headers=JSON)
        assert bad.status_code == 400 and "record" in bad.json["error"]
        on = client.post("/api/settings", json={"record": True}, headers=JSON).json["recording"]
        assert on["record"] is True and (tmp_path / "recordings" / on["session"]).is_dir()
        assert wanted(tmp_path)  # remembered for the next start
        body = {"players": START["players"], "deal": START["deal"]}
        assert client.post("/api/games", json=body, headers=JSON).status_code == 200
        off = client.post("/api/settings", json={"record": False}, headers=JSON).json
        assert off["recording"]["record"] is False and not wanted(tmp_path)
        events = (tmp_path / "recordings" / on["session"] / "events.jsonl").read_text()
        kinds = [json.loads(line)["k"] for line in events.splitlines()]
        assert "in" in kinds and kinds[-1] == "end"
        assert json.loads((tmp_path / SETTING_FILE).read_text()) == {"record": False}
    finally:
        service.close()


def test_a_companion_that_cannot_record_says_so(tmp_path):
    service = GameService(tmp_path)
    app = create_app(service, test_config={"TESTING": True})
    client = app.test_client()
    try:
        assert client.get("/api/settings").json == {"recording": None}
        client.post("/api/session", json={"pin": app.extensions["companion.pairing"].code})
        r = client.post("/api/settings", json={"record": True}, headers=JSON)
        assert r.status_code == 409 and "cannot record" in r.json["error"]
    finally:
        service.close()
