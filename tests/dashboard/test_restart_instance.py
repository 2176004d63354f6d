"""The snapshot names the instance of the companion that made it: versions count from 0
again after a restart, so a dashboard orders snapshots only within one instance."""

from __future__ import annotations

from companion.referee.service import GameService

START = {
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}


def test_a_restarted_service_is_another_instance_and_counts_versions_afresh(tmp_path):
    first = GameService(tmp_path)
    first.start_game(**START)
    first.submit({"type": "condition", "player": "Ana", "wins": "heavier"})
    before = first.snapshot()
    assert first.snapshot()["instance"] == before["instance"]  # stable within one start
    first.close()
    again = GameService(tmp_path)
    try:
        after = again.snapshot()
        assert after["replay"] == before["replay"]  # the same game...
        assert after["instance"] != before["instance"]  # ...from another instance
        assert after["version"] < before["version"]  # whose versions start again
        _, text = again.snapshot_json()
        assert f'"instance": "{after["instance"]}"' in text  # the event stream carries it
    finally:
        again.close()
