"""The journal: append-only, durable, folded into the effective record, refusing bad files."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion.errors import CompanionError, JournalError, MalformedRecord
from companion.games.hinkel_stein.record import parse_action, to_record
from companion.journal import SCHEMA_VERSION, Journal, Row, is_journal

ROOT = Path(__file__).resolve().parents[1]
WRITER = Path(__file__).with_name("journal_writer.py")
_spec = importlib.util.spec_from_file_location("journal_writer", WRITER)
journal_writer = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(journal_writer)
planned = journal_writer.planned

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Bo", "Cem", "Dörte"],
    "deal": {"Ana": ["pillar"], "Bo": ["hinkelstein"], "Cem": ["quartz"], "Dörte": ["boulder"]},
}
ACTIONS = [
    {"type": "condition", "player": "Ana", "wins": "heavier"},
    {"type": "call", "player": "Ana", "calls": "Bo"},
    {"type": "stake", "player": "Bo", "add": 2},
    {"type": "place", "player": "Bo", "stones": ["H3"], "space": "L2"},
    {"type": "call", "player": "Ana", "calls": "Cem"},
]
FIXED_WALL_S = 1_800_000_000.0  # 2027-01-15T08:00:00Z


def _journal(tmp_path: Path, **kwargs) -> Journal:
    return Journal(tmp_path / "game.journal", **kwargs)


def _filled(tmp_path: Path, n: int = len(ACTIONS)) -> Journal:
    j = _journal(tmp_path)
    j.append(START)
    for a in ACTIONS[:n]:
        j.append(a)
    return j


# -- appending and resuming ----------------------------------------------------------


def test_a_new_journal_is_empty_and_numbers_rows_from_one(tmp_path):
    with _journal(tmp_path) as j:
        assert (j.last_seq, j.records(), j.rows()) == (0, [], [])
        assert [j.append(START), *(j.append(a) for a in ACTIONS)] == [1, 2, 3, 4, 5, 6]
        assert j.records() == [START, *ACTIONS]


def test_reopening_resumes_after_the_last_row(tmp_path):
    _filled(tmp_path, 2).close()
    with _journal(tmp_path) as j:
        assert j.last_seq == 3
        assert j.records() == [START, *ACTIONS[:2]]
        assert j.append(ACTIONS[2]) == 4
    with _journal(tmp_path, create=False) as j:
        assert [r.seq for r in j.rows()] == [1, 2, 3, 4]


def test_the_payload_is_the_record_as_json_text_with_key_order_kept(tmp_path):
    record = {"type": "place", "space": "L2", "player": "Dörte", "stones": ["B1"]}
    with _journal(tmp_path) as j:
        j.append(START)
        j.append(record)
        assert list(j.records()[1]) == ["type", "space", "player", "stones"]
    con = sqlite3.connect(tmp_path / "game.journal")
    (text,) = con.execute("SELECT payload FROM journal WHERE seq = 2").fetchone()
    con.close()
    assert text == json.dumps(record, ensure_ascii=False)
    assert "Dörte" in text


def test_times_come_from_the_injected_clocks(tmp_path):
    with _journal(tmp_path, clock_mono=lambda: 12.5, clock_wall=lambda: FIXED_WALL_S) as j:
        j.append(START)
        assert j.rows() == [Row(1, 12.5, "2027-01-15T08:00:00.000+00:00", "action", START)]


def test_the_default_wall_time_is_utc_iso_8601_with_offset(tmp_path):
    with _journal(tmp_path) as j:
        j.append(START)
        (row,) = j.rows()
    t = datetime.fromisoformat(row.t_wall)
    assert t.utcoffset() == timedelta(0)
    assert row.t_wall.endswith("+00:00")
    assert abs(datetime.now(UTC) - t) < timedelta(minutes=1)
    assert isinstance(row.t_mono, float)


def test_wal_mode_and_synchronous_full_are_set(tmp_path):
    with _journal(tmp_path) as j:
        j.append(START)
        assert j._con.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert j._con.execute("PRAGMA synchronous").fetchone() == (2,)  # 2 = FULL
    con = sqlite3.connect(tmp_path / "game.journal")
    assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)  # stored in the file
    assert con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == (
        str(SCHEMA_VERSION),
    )
    con.close()


def test_the_first_record_must_be_a_start(tmp_path):
    with _journal(tmp_path) as j:
        with pytest.raises(MalformedRecord, match="first record of a journal is a 'start'"):
            j.append(ACTIONS[0])
        assert j.rows() == []


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        (["type", "start"], "JSON object"),
        ({"type": "fate", "x": float("nan")}, "cannot be stored as JSON"),
        ({"type": "comment", "at": datetime(2027, 1, 1)}, "cannot be stored as JSON"),
        ({"type": "place", "stones": ("H1",)}, "does not survive JSON"),
        ({"type": "comment", 1: "one"}, "does not survive JSON"),
    ],
)
def test_a_record_that_is_not_plain_json_is_refused_and_nothing_is_written(
    tmp_path, record, reason
):
    with _filled(tmp_path, 1) as j:
        with pytest.raises(MalformedRecord, match=reason):
            j.append(record)
        assert j.last_seq == 2


def test_a_record_from_the_engine_round_trips_exactly(tmp_path):
    actions = [parse_action(r) for r in (START, *ACTIONS)]
    with _journal(tmp_path) as j:
        for a in actions:
            j.append(to_record(a))
        assert [parse_action(r) for r in j.records()] == actions


# -- undo ------------------------------------------------------------------------------


def test_undo_appends_a_correction_and_deletes_nothing(tmp_path):
    with _filled(tmp_path) as j:
        assert j.undo() == 7
        assert j.records() == [START, *ACTIONS[:-1]]
        rows = j.rows()
        assert [r.seq for r in rows] == [1, 2, 3, 4, 5, 6, 7]
        assert rows[5].payload == ACTIONS[-1]
        assert (rows[6].kind, rows[6].payload) == ("undo", {"count": 1})


def test_an_undo_takes_back_earlier_actions_never_an_undo(tmp_path):
    with _filled(tmp_path) as j:
        j.undo()
        j.undo()
        assert j.records() == [START, *ACTIONS[:-2]]
        j.append({"type": "comment", "text": "redo by hand"})
        j.undo()
        assert j.records() == [START, *ACTIONS[:-2]]


def test_undo_may_take_back_several_actions_at_once(tmp_path):
    with _filled(tmp_path) as j:
        j.undo(3)
        assert j.records() == [START, *ACTIONS[:2]]
        assert j.rows()[-1].payload == {"count": 3}


def test_the_start_cannot_be_undone(tmp_path):
    with _filled(tmp_path, 2) as j:
        with pytest.raises(
            JournalError, match=r"cannot undo 3 action\(s\): only 2 after the start"
        ):
            j.undo(3)
        j.undo(2)
        with pytest.raises(JournalError, match="only 0 after the start"):
            j.undo()
        assert j.records() == [START]
        assert j.last_seq == 4


def test_undo_in_an_empty_journal_is_refused(tmp_path):
    with _journal(tmp_path) as j, pytest.raises(JournalError, match="only 0"):
        j.undo()


@pytest.mark.parametrize("count", [0, -1, 1.0, True, "1"])
def test_an_undo_count_is_a_whole_number_from_one(tmp_path, count):
    with _filled(tmp_path) as j:
        with pytest.raises(ValueError, match="undo count"):
            j.undo(count)
        assert j.last_seq == 6


def test_undos_survive_reopening(tmp_path):
    with _filled(tmp_path) as j:
        j.undo(2)
    with _journal(tmp_path) as j:
        assert j.records() == [START, *ACTIONS[:-2]]
        assert j.undo() == 8


def test_undo_agrees_with_the_fold_through_random_appends_undos_and_reopenings(tmp_path):
    seed = 20261129
    rng = random.Random(seed)
    model = [START]
    j = _journal(tmp_path)
    j.append(START)
    try:
        for i in range(300):
            roll = rng.random()
            if roll < 0.1:
                j.close()
                j = _journal(tmp_path)
            elif roll < 0.4:
                count = rng.randint(1, 4)
                if count < len(model):
                    j.undo(count)
                    del model[-count:]
                else:
                    with pytest.raises(JournalError, match="cannot undo"):
                        j.undo(count)
            else:
                record = {"type": "comment", "i": i}
                j.append(record)
                model.append(record)
            assert j.records() == model
    except BaseException as e:
        e.add_note(f"random.Random seed {seed}, step {i}")
        raise
    finally:
        j.close()


# -- export ----------------------------------------------------------------------------


def test_export_writes_the_effective_record_as_json_lines(tmp_path):
    out = tmp_path / "game.jsonl"
    with _filled(tmp_path) as j:
        j.undo()
        assert j.export_jsonl(out) == 5
        expected = j.records()
    text = out.read_text(encoding="utf-8")
    assert text.endswith("\n")
    assert "Dörte" in text  # ensure_ascii=False
    assert [json.loads(line) for line in text.splitlines()] == expected
    assert text == "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in expected)
    assert [parse_action(json.loads(line)) for line in text.splitlines()]


def test_export_to_an_open_file(tmp_path):
    buf = io.StringIO()
    with _filled(tmp_path, 1) as j:
        assert j.export_jsonl(buf) == 2
    assert buf.getvalue().splitlines() == [
        json.dumps(START, ensure_ascii=False),
        *[json.dumps(ACTIONS[0])],
    ]


def test_export_replaces_an_existing_file_whole(tmp_path):
    out = tmp_path / "game.jsonl"
    out.write_text("old\n" * 100)
    with _filled(tmp_path, 0) as j:
        j.export_jsonl(out)
    assert out.read_text(encoding="utf-8").count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.journal", "game.jsonl"]


def test_export_to_a_missing_directory_is_a_journal_error(tmp_path):
    with _filled(tmp_path, 0) as j, pytest.raises(JournalError, match="cannot export"):
        j.export_jsonl(tmp_path / "nowhere" / "game.jsonl")


# -- telling journals from other files -------------------------------------------------


def test_is_journal_checks_the_sqlite_header(tmp_path):
    _filled(tmp_path, 0).close()
    (tmp_path / "game.jsonl").write_text(json.dumps(START) + "\n")
    (tmp_path / "empty").write_bytes(b"")
    assert is_journal(tmp_path / "game.journal")
    assert is_journal(str(tmp_path / "game.journal"))
    assert not is_journal(tmp_path / "game.jsonl")
    assert not is_journal(tmp_path / "empty")
    assert not is_journal(tmp_path / "missing.journal")
    assert not is_journal(tmp_path)


def test_a_file_that_is_not_sqlite_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(START) + "\n")
    with pytest.raises(JournalError, match="not an SQLite database") as e:
        Journal(path)
    assert str(path) in str(e.value)
    assert path.read_text() == json.dumps(START) + "\n"


def test_a_foreign_sqlite_database_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE things (x)")
    con.commit()
    con.close()
    with pytest.raises(JournalError, match=r"other\.db.*without a 'meta' table"):
        Journal(path)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    con.close()


def test_an_empty_file_becomes_a_new_journal_but_is_not_one_to_read(tmp_path):
    path = tmp_path / "game.journal"
    path.touch()
    with pytest.raises(JournalError, match="not a journal: an empty file"):
        Journal(path, readonly=True)
    with Journal(path) as j:
        assert j.append(START) == 1
    assert is_journal(path)


def _set_meta(path: Path, key: str, value: str) -> None:
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value = ? WHERE key = ?", (value, key))
    con.commit()
    con.close()


def test_a_journal_of_a_newer_schema_is_refused(tmp_path):
    _filled(tmp_path, 0).close()
    _set_meta(tmp_path / "game.journal", "schema_version", str(SCHEMA_VERSION + 1))
    with pytest.raises(JournalError, match=r"game\.journal.*newer companion: schema version '2'"):
        _journal(tmp_path)


def test_a_database_of_another_application_is_refused(tmp_path):
    _filled(tmp_path, 0).close()
    _set_meta(tmp_path / "game.journal", "application", "someone-else")
    with pytest.raises(JournalError, match="application='someone-else'"):
        _journal(tmp_path)


def test_a_missing_directory_is_refused(tmp_path):
    with pytest.raises(JournalError, match=r"directory .*nowhere' does not exist"):
        Journal(tmp_path / "nowhere" / "game.journal")


def test_without_create_a_missing_file_is_refused_and_not_made(tmp_path):
    for kwargs in ({"create": False}, {"readonly": True}):
        with pytest.raises(JournalError, match="no such file"):
            _journal(tmp_path, **kwargs)
    assert list(tmp_path.iterdir()) == []


def test_a_directory_is_refused(tmp_path):
    with pytest.raises(JournalError, match="is a directory"):
        Journal(tmp_path)


def test_journal_errors_are_os_errors_and_companion_errors(tmp_path):
    with pytest.raises(OSError) as e:
        Journal(tmp_path)
    assert isinstance(e.value, CompanionError)


def test_a_damaged_payload_is_reported_with_its_row(tmp_path):
    _filled(tmp_path, 1).close()
    con = sqlite3.connect(tmp_path / "game.journal")
    con.execute("UPDATE journal SET payload = '{broken' WHERE seq = 2")
    con.commit()
    con.close()
    with _journal(tmp_path) as j, pytest.raises(JournalError, match="row 2 holds invalid JSON"):
        j.records()


# -- readers, threads, closing ---------------------------------------------------------


def test_a_read_only_journal_reads_but_refuses_to_write(tmp_path):
    with _filled(tmp_path, 2), _journal(tmp_path, readonly=True) as r:
        assert r.records() == [START, *ACTIONS[:2]]
        with pytest.raises(JournalError, match="read-only"):
            r.append(ACTIONS[2])
        with pytest.raises(JournalError, match="read-only"):
            r.undo()


def test_a_reader_sees_each_row_as_soon_as_append_returns(tmp_path):
    with _journal(tmp_path) as w:
        w.append(START)
        with _journal(tmp_path, readonly=True) as r:
            for i, a in enumerate(ACTIONS):
                seq = w.append(a)
                assert r.last_seq == seq
                assert r.records() == [START, *ACTIONS[: i + 1]]
            w.undo()
            assert r.records() == [START, *ACTIONS[:-1]]


def test_a_reader_in_another_thread_sees_whole_committed_prefixes(tmp_path):
    n = 300
    record = [START, *({"type": "comment", "n": i} for i in range(2, n + 1))]
    seen: list[int] = []
    errors: list[BaseException] = []
    done = threading.Event()

    def read() -> None:
        try:
            with _journal(tmp_path, readonly=True) as r:
                while not done.is_set():
                    got = r.records()
                    assert got == record[: len(got)]
                    seen.append(len(got))
        except BaseException as e:
            errors.append(e)

    with _journal(tmp_path) as w:
        w.append(START)
        reader = threading.Thread(target=read)
        reader.start()
        for rec in record[1:]:
            w.append(rec)
        done.set()
        reader.join()
        assert errors == []
        assert seen == sorted(seen)
        assert seen[0] >= 1 and seen[-1] <= n
        with _journal(tmp_path, readonly=True) as r:
            assert r.records() == record


def test_the_writer_may_be_shared_between_threads(tmp_path):
    with _journal(tmp_path) as j:
        j.append(START)

        def write(t: int) -> None:
            for i in range(50):
                j.append({"type": "comment", "thread": t, "i": i})

        threads = [threading.Thread(target=write, args=(t,)) for t in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert [r.seq for r in j.rows()] == list(range(1, 202))


def test_close_is_idempotent_and_a_closed_journal_refuses_use(tmp_path):
    j = _filled(tmp_path, 0)
    with j:
        assert "open" in repr(j)
    j.close()
    assert "closed" in repr(j)
    with pytest.raises(JournalError, match="closed"):
        j.append(ACTIONS[0])
    with pytest.raises(JournalError, match="closed"):
        j.records()
    assert not (tmp_path / "game.journal-wal").exists()  # checkpointed on close


# -- crashing --------------------------------------------------------------------------


def _expected_records(rows: int) -> list[dict]:
    effective: list[dict] = []
    for seq in range(1, rows + 1):
        kind, what = planned(seq)
        if kind == "undo":
            del effective[-what:]
        else:
            effective.append(what)
    return effective


def _kill_writer(path: Path, *, acks: int, extra_delay_s: float) -> int:
    """Run the writer until it acknowledged ``acks`` rows (plus a delay), SIGKILL it.

    Returns the last seq it acknowledged (pipe drained after the kill: an ack written
    before death is an ack).
    """
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    child = subprocess.Popen(
        [sys.executable, str(WRITER), str(path)], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        last = 0
        for _ in range(acks):
            line = child.stdout.readline()
            assert line, f"writer died early with status {child.wait()}"
            last = int(line)
        if extra_delay_s:
            threading.Event().wait(extra_delay_s)
        child.send_signal(signal.SIGKILL)
        rest = child.stdout.read()
    finally:
        child.kill()
        child.wait()
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    return max([last, *map(int, rest.split())])


def _check_after_kill(path: Path, last_ack: int) -> int:
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    seqs = [s for (s,) in con.execute("SELECT seq FROM journal ORDER BY seq")]
    for (text,) in con.execute("SELECT payload FROM journal"):
        json.loads(text)
    con.close()
    assert seqs == list(range(1, len(seqs) + 1))
    assert last_ack <= len(seqs) <= last_ack + 1
    with Journal(path) as j:  # resumes, and the fold is what the writer meant
        assert j.records() == _expected_records(len(seqs))
    return len(seqs)


def _crash_rounds(tmp_path: Path, *, seed: int, rounds: int, max_acks: int) -> list[tuple]:
    rng = random.Random(seed)
    path = tmp_path / "crash.journal"
    results = []
    for _ in range(rounds):
        acks = rng.randint(1, max_acks)
        last_ack = _kill_writer(path, acks=acks, extra_delay_s=rng.choice([0, 0, 1e-4, 1e-3]))
        results.append((acks, last_ack, _check_after_kill(path, last_ack)))
    return results


def _seed() -> int:
    return int(os.environ.get("JOURNAL_CRASH_SEED", random.SystemRandom().randrange(2**32)))


def test_sigkill_while_appending_loses_at_most_the_row_being_written(tmp_path):
    seed = _seed()
    try:
        _crash_rounds(tmp_path, seed=seed, rounds=6, max_acks=150)
    except BaseException:
        print(f"crash test seed: JOURNAL_CRASH_SEED={seed}")
        raise


@pytest.mark.slow
def test_sigkill_many_times_in_a_row(tmp_path):
    seed = _seed()
    try:
        rounds = int(os.environ.get("JOURNAL_CRASH_ROUNDS", "40"))
        results = _crash_rounds(tmp_path, seed=seed, rounds=rounds, max_acks=200)
    except BaseException:
        print(f"crash test seed: JOURNAL_CRASH_SEED={seed}")
        raise
    in_flight = sum(rows == last_ack + 1 for _, last_ack, rows in results)
    print(f"seed {seed}, {len(results)} kills, {results[-1][2]} rows: {in_flight} kills left")
    print("a committed but unacknowledged row, the others none; no acknowledged row was lost")
