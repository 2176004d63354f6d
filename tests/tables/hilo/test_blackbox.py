"""A HiLo session on the black box: the camera's slot readings (``CardsSeen``) are
recorded as observations and a recorded game replays to the same result."""

from __future__ import annotations

import json

import pytest

from companion.blackbox import codec
from companion.blackbox.recorder import SessionRecorder
from companion.blackbox.replay import replay_session
from companion.blackbox.session import read_session
from companion.journal import Journal
from companion.profile import default_profile
from companion.referee.service import GameService
from companion.sensing.observations import CardsSeen, SlotSeen
from companion.tables.hilo.demo import SimulatedCardTable


def test_cards_seen_round_trips_through_the_session_json():
    obs = CardsSeen(
        2.5,
        "hilo-3",
        (
            SlotSeen("A7", "face", "plain-03"),
            SlotSeen("discard", "face", None, candidates=("plain-05", "plain-06")),
            SlotSeen("B2", "unknown", None, occluded=True),
        ),
    )
    again = codec.from_json(json.loads(json.dumps(codec.to_json(obs))))
    assert again == obs
    assert codec.is_camera(obs)


def test_a_cards_seen_slot_that_is_no_object_is_named():
    bad = {"type": "CardsSeen", "t_mono": 1.0, "layout": "hilo", "slots": ["A1"]}
    try:
        codec.from_json(bad)
    except ValueError as e:
        assert "CardsSeen" in str(e) and "object" in str(e)
    else:
        raise AssertionError("a slot that is a string was accepted")


def test_a_recorded_hilo_game_replays_to_the_same_result(tmp_path):
    service = GameService(tmp_path / "state")
    recorder = SessionRecorder(tmp_path / "recordings", source="demo")
    session = recorder.start(service, default_profile())
    recorder.tap_service(service)
    table = SimulatedCardTable(service, seed=4, players=3, speed=None)
    table.play_game()
    s = table.summary()
    recorder.stop()
    game = service.snapshot()["game"]["id"]
    service.close()
    assert s["scores"] == s["truth"]

    events = read_session(session).events
    kinds = {e["o"]["type"] for e in events if e["k"] == "obs"}
    assert kinds == {"CardsSeen"}
    result = replay_session(read_session(session))
    assert result.verdict == "identical", result.difference
    assert result.sensing == []
    with Journal(tmp_path / "state" / "games" / f"{game}.journal", readonly=True) as j:
        live = [(r.kind, r.payload) for r in j.rows()]
    assert [(a["kind"], a["record"]) for a in result.actions] == live
    assert len(live) > 40 and any(p["type"] == "uncover" for _, p in live)  # a whole game


@pytest.mark.slow
def test_the_vision_demo_keeps_every_frame_and_replays_through_the_card_reader(tmp_path):
    """``companion demo hilo --vision --record``: each rendered frame is in the session,
    at the size the reader read it, one ``frame`` event each, beside the observations;
    ``replay-session --vision --deck DIR`` reads them again to the same observations."""
    import cv2

    from companion.tables.hilo.camera import RenderedCardCamera, keep_frames

    service = GameService(tmp_path / "state")
    recorder = SessionRecorder(tmp_path / "recordings", source="demo")
    session = recorder.start(service, default_profile())
    recorder.tap_service(service)
    camera = RenderedCardCamera(tmp_path / "deck", seed=2, size_px=(1280, 960))
    keep_frames(recorder, camera)
    table = SimulatedCardTable(service, seed=2, players=2, speed=None, camera=camera)
    service.new_game(table.table.start_record())
    table.see(table.table.deal())  # the deal: every slot settles in two frames
    table.see(table.table.play(table.table.next_action())[0])  # the first card turned up
    recorder.stop()
    service.close()
    events = read_session(session).events
    frames = [e for e in events if e["k"] == "frame"]
    assert len(frames) == camera.frames >= 4
    assert not any(e.get("again") for e in frames)  # every one kept: none stood in for
    image = cv2.imread(str(session / "frames" / frames[-1]["file"]))
    assert image.shape[:2] == (960, 1280)
    assert any(e["k"] == "obs" and e["o"]["type"] == "CardsSeen" for e in events)
    # read again through the same card pipeline (``replay-session --vision --deck DIR``)
    result = replay_session(read_session(session), vision=True, decks={"hilo": camera.deck})
    assert result.vision.frames == camera.frames
    assert result.vision.live == result.vision.reread > 0
    assert result.vision.count == 0, result.vision.differences
    assert result.verdict == "identical", result.difference
