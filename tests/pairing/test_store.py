"""The persisted PIN and sessions: shared by processes, revoked at once."""

from __future__ import annotations

import json
import stat

from companion.pairing.store import SESSION_S, STORE_FILE, PairingStore


class FakeWall:
    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


def test_the_pin_is_eight_digits_private_to_the_service_and_kept(tmp_path):
    store = PairingStore(tmp_path)
    assert len(store.code) == 8 and store.code.isdigit()
    assert stat.S_IMODE((tmp_path / STORE_FILE).stat().st_mode) == 0o600
    assert PairingStore(tmp_path).code == store.code


def test_an_old_four_digit_pin_file_is_replaced(tmp_path):
    (tmp_path / "pin").write_text("1234\n")
    store = PairingStore(tmp_path)
    assert len(store.code) == 8 and not (tmp_path / "pin").exists()


def test_the_file_holds_no_session_id(tmp_path):
    store = PairingStore(tmp_path)
    sid = store.add_session(how="pin", client="10.0.0.5")
    assert store.valid(sid)
    assert sid not in (tmp_path / STORE_FILE).read_text()


def test_ending_a_session_ends_only_that_one(tmp_path):
    store = PairingStore(tmp_path)
    a, b = store.add_session(how="pin", client="a"), store.add_session(how="button", client="b")
    assert store.end_session(a) and not store.valid(a) and store.valid(b)
    assert not store.end_session(a)
    assert not store.valid(None) and not store.valid("") and not store.valid(123)


def test_a_reset_in_another_process_ends_every_session_at_the_next_check(tmp_path):
    server = PairingStore(tmp_path)
    sid = server.add_session(how="pin", client="10.0.0.5")
    old_code, generation = server.code, server.generation
    cli = PairingStore(tmp_path)  # `companion pin --reset`, another process
    new_code = cli.reset()
    assert not server.valid(sid)
    assert server.code == new_code != old_code
    assert server.generation == generation + 1


def test_changes_of_either_process_are_kept(tmp_path):
    one, two = PairingStore(tmp_path), PairingStore(tmp_path)
    a = one.add_session(how="pin", client="a")
    b = two.add_session(how="pin", client="b")
    assert one.valid(b) and two.valid(a) and one.sessions() == 2


def test_a_session_ends_thirty_days_after_pairing(tmp_path):
    wall = FakeWall()
    store = PairingStore(tmp_path, wall=wall)
    sid = store.add_session(how="pin", client="a")
    wall.t += SESSION_S - 1
    assert store.valid(sid)
    wall.t += 1
    assert not store.valid(sid)


def test_rotating_the_pin_keeps_the_sessions(tmp_path):
    store = PairingStore(tmp_path)
    sid, code = store.add_session(how="pin", client="a"), store.code
    assert store.rotate_code() != code
    assert store.valid(sid)


def test_a_damaged_file_becomes_a_fresh_one_with_no_sessions(tmp_path):
    store = PairingStore(tmp_path)
    sid = store.add_session(how="pin", client="a")
    (tmp_path / STORE_FILE).write_text("{not json")
    assert not store.valid(sid)
    data = json.loads((tmp_path / STORE_FILE).read_text())
    assert len(data["code"]) == 8 and data["sessions"] == {}


def test_a_state_directory_that_refuses_writes_keeps_pin_and_sessions_in_memory(tmp_path):
    (tmp_path / (STORE_FILE + ".tmp")).mkdir()  # every write fails, even for root
    store = PairingStore(tmp_path)
    assert "cannot write" in store.problem and "in memory" in store.problem
    sid, code = store.add_session(how="pin", client="a"), store.code
    assert store.valid(sid) and len(code) == 8 and store.code == code
    assert store.end_session(sid) and not store.valid(sid)
    assert store.reset() != code
