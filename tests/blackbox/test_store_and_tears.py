"""The store stays bounded (oldest sessions dropped first, never the current one), and
a session torn by a power cut reads back to its last whole line."""

from __future__ import annotations

from companion.blackbox.recorder import SessionRecorder
from companion.blackbox.replay import replay_session
from companion.blackbox.session import read_session, sessions_in
from companion.blackbox.store import folder_bytes, prune
from companion.profile import default_profile
from companion.referee.service import GameService

from .helpers import record_demo


def _old_session(store, name: str, size: int) -> None:
    folder = store / name
    folder.mkdir(parents=True)
    (folder / "session.json").write_text("{}")
    (folder / "scale.csv").write_bytes(b"x" * size)


def test_the_oldest_sessions_go_first_and_never_the_current(tmp_path):
    store = tmp_path / "rec"
    for i, name in enumerate(["20260101-000000-aaaa", "20260102-000000-bbbb",
                              "20260103-000000-cccc"]):  # fmt: skip
        _old_session(store, name, 40_000 + i)
    service = GameService(tmp_path / "state")
    recorder = SessionRecorder(store, max_bytes=100_000)
    current = recorder.start(service, default_profile())
    names = [p.name for p in sessions_in(store)]
    # 120 kB of old sessions + the new one: the oldest goes, the two others fit
    assert names == ["20260102-000000-bbbb", "20260103-000000-cccc", current.name]
    (current / "scale.csv").open("a").write("0.1,wedge,1\n" * 20_000)  # the current grows
    assert prune(store, 100_000, keep=current) == [store / n for n in names[:2]]
    assert sessions_in(store) == [current]  # over the bound alone, and kept
    assert folder_bytes(current) > 100_000
    recorder.stop()
    service.close()


def test_a_torn_last_line_is_dropped_and_the_rest_replays(tmp_path):
    session, _ = record_demo(tmp_path, seed=3, players=2, steps=14)
    events, csv = session / "events.jsonl", session / "scale.csv"
    whole = read_session(session)
    # a power cut: the end marker never written, both files cut in the middle of a line
    # (well after the second stone was laid)
    lines = events.read_bytes().splitlines(keepends=True)
    added = [i for i, line in enumerate(lines) if b'"StoneAdded"' in line]
    cut = added[1] + 40
    events.write_bytes(b"".join(lines[:cut]) + lines[cut][:9])
    data = csv.read_bytes()
    csv.write_bytes(data[: len(data) * 19 // 20 + 5])
    torn = read_session(session)
    assert sorted(torn.torn) == ["events.jsonl", "scale.csv"]
    assert torn.samples == whole.samples[: len(torn.samples)]
    assert torn.events == whole.events[: len(torn.events)]
    result = replay_session(torn)
    assert result.verdict == "identical", result.difference
    assert any(a["record"]["type"] == "place" for a in result.actions)
