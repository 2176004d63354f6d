"""``companion replay``, ``generate``, ``demo`` and ``export`` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

DATA = Path(__file__).parent / "data"
TWO_ROUNDS = DATA / "hs-4p-two-rounds.jsonl"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, lines, name="r.jsonl"):
    p = tmp_path / name
    p.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n")
    return p


START = {"type": "start", "game": "hinkel-stein", "players": ["Ana", "Ben", "Cleo", "Dora"],
         "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]}}  # fmt: skip


def test_replay_json_prints_the_state_after_the_last_line_exactly_as_specified(capsys):
    code, out, _ = run(capsys, "replay", TWO_ROUNDS, "--json")
    assert code == 0
    # worked out by hand: see the comments in the record
    assert out == (
        '{"game": "hinkel-stein", "players": ["Ana", "Ben", "Cleo", "Dora"], "finished": false,'
        ' "pass": 1, "round": 2, "chieftain": "Ben", "supply": 38, "pot": 3,'
        ' "discs": {"Ana": 4, "Ben": 1, "Cleo": 4, "Dora": 0},'
        ' "kinds": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},'
        ' "winners": [], "awaiting": {"player": "Dora", "action": "stake"}}\n'
    )


def test_replay_without_json_prints_a_readable_summary(capsys):
    code, out, _ = run(capsys, "replay", TWO_ROUNDS)
    assert code == 0
    assert "pass 1 of 4, round 2 of 5" in out
    assert "Discs:     Ana 4, Ben 1, Cleo 4, Dora 0; pot 3; supply 38" in out
    assert "Chieftain: Ben, the lighter side wins" in out
    assert "Awaiting:  Dora to add discs to the prize or take one" in out
    assert "paid Ana 4 and Cleo 4, 1 left in the pot" in out


@pytest.mark.parametrize(
    ("lines", "line_no", "reason"),
    [
        ([START, "{not json"], 2, "not valid JSON"),
        ([START, {"type": "cal", "player": "Ana", "calls": "Ben"}], 2, "unknown type 'cal'"),
        ([START, {"type": "condition", "player": "Ana"}], 2, "condition: missing field 'wins'"),
        ([START, {"type": "condition", "player": "Zed", "wins": "heavier"}], 2, "'Zed' is not playing"),
        ([START, {"type": "condition", "player": "Ana", "wins": "heavier"},
          {"type": "call", "player": "Ana", "calls": "Ben"},
          {"type": "stake", "player": "Ben", "add": 1},
          {"type": "place", "player": "Ben", "stones": ["H9"], "space": "L2"}], 5, "unknown stone 'H9'"),
        ([START, "", {"type": "condition", "player": "Ben", "wins": "heavier"}], 3,
         "only the chieftain (Ana) sets the victory condition"),
        ([{"type": "condition", "player": "Ana", "wins": "heavier"}], 1, "begins with a 'start' line"),
        ([START, START], 2, "exactly one start line"),
        ([], 1, "the record is empty"),
        ([{**START, "game": "chess"}], 1, "unknown game 'chess'"),
    ],
)  # fmt: skip
def test_a_bad_line_stops_the_replay_with_status_3_and_its_line_number(
    capsys, tmp_path, lines, line_no, reason
):
    path = write(tmp_path, lines)
    code, out, err = run(capsys, "replay", path)
    assert code == 3 and out == ""
    assert err.startswith(f"line {line_no}: ") and reason in err
    code, out, err = run(capsys, "replay", path, "--json")
    assert code == 3
    obj = json.loads(out)
    assert obj["line"] == line_no and reason in obj["error"] and set(obj) == {"error", "line"}


def test_replay_of_a_missing_file_says_so_with_status_2(capsys, tmp_path):
    code, _, err = run(capsys, "replay", tmp_path / "nope.jsonl")
    assert code == 2 and "No such file" in err


def test_generated_games_replay_to_the_end(capsys, tmp_path):
    for players in (2, 3, 4):
        path = tmp_path / f"g{players}.jsonl"
        assert run(capsys, "generate", "--players", players, "--seed", 3, "-o", path)[0] == 0
        code, out, _ = run(capsys, "replay", path, "--json")
        state = json.loads(out)
        assert code == 0 and state["finished"] and state["awaiting"] is None
        assert (
            state["winners"] and state["supply"] + state["pot"] + sum(state["discs"].values()) == 50
        )


def test_demo_tells_a_whole_game(capsys):
    code, out, _ = run(capsys, "demo", "--terminal", "--players", 3, "--seed", 2, "--delay", 0)
    assert code == 0
    assert out.count("The scale settles") == 15  # 3 passes of 5 rounds
    assert "(game over)" in out and "Winners:" in out


def test_the_console_script_exits_3_on_an_illegal_line(tmp_path):
    path = write(tmp_path, [START, {"type": "tilt", "down": "left"}])
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 3
    assert proc.stderr.startswith("line 2: the round ends only when all four spaces are filled")


def _journal_of(tmp_path, lines):
    from companion.journal import Journal

    path = tmp_path / "game.journal"
    with Journal(path) as j:
        for obj in lines:
            j.append(obj)
    return path


def _record_lines():
    return [json.loads(x) for x in TWO_ROUNDS.read_text().splitlines() if x.strip()]


def test_replay_reads_a_journal_like_the_record_it_holds(capsys, tmp_path):
    path = _journal_of(tmp_path, _record_lines())
    code, out, _ = run(capsys, "replay", path, "--json")
    assert code == 0
    assert out == run(capsys, "replay", TWO_ROUNDS, "--json")[1]


def test_replay_of_a_journal_folds_its_undos(capsys, tmp_path):
    from companion.journal import Journal

    lines = _record_lines()
    path = _journal_of(tmp_path, lines[:-1])  # up to Ben's condition
    with Journal(path) as j:
        j.append({"type": "call", "player": "Ben", "calls": "Ana"})
        j.undo()  # Ben called the wrong player
        j.append(lines[-1])  # ... and calls Dora
    code, out, _ = run(capsys, "replay", path, "--json")
    assert code == 0 and json.loads(out)["awaiting"] == {"player": "Dora", "action": "stake"}


def test_a_bad_journal_row_is_named_by_its_sequence_number(capsys, tmp_path):
    lines = _record_lines()
    bad = {"type": "call", "player": "Cleo", "calls": "Dora"}  # Cleo is not chieftain
    path = _journal_of(tmp_path, [*lines[:3], bad])
    code, out, _ = run(capsys, "replay", path, "--json")
    assert code == 3 and json.loads(out) == {
        "error": "only the chieftain (Ana) calls who places next",
        "line": 4,
    }


def test_export_writes_the_journal_as_a_record_that_replays_the_same(capsys, tmp_path):
    path = _journal_of(tmp_path, _record_lines())
    out_path = tmp_path / "exported.jsonl"
    assert run(capsys, "export", path, "-o", out_path)[0] == 0
    assert (
        run(capsys, "replay", out_path, "--json")[1]
        == run(capsys, "replay", TWO_ROUNDS, "--json")[1]
    )


def test_export_of_something_that_is_not_a_journal_says_so(capsys, tmp_path):
    code, out, err = run(capsys, "export", TWO_ROUNDS)
    assert code == 2 and out == ""
    assert err.startswith("companion export: journal ") and "not a journal" in err


def test_demo_tells_a_whole_game_of_stein_im_brett(capsys):
    code, out, _ = run(
        capsys, "demo", "stein-im-brett", "--terminal", "--players", 5, "--seed", 2, "--delay", 0
    )
    assert code == 0
    assert "Stein im Brett" in out and "Emil" in out  # 5 players
    assert out.count(" places ") == 36  # 108 stones, three a turn
    assert [f"Round {r} is scored" in out for r in (1, 2, 3)] == [True] * 3
    assert "(game over)" in out and "Winners:" in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("--players", 5), "Hinkel & Stein is for 2 to 4 players, not 5"),
        (("hinkel-stein", "--players", 1), "Hinkel & Stein is for 2 to 4 players, not 1"),
        (("stein-im-brett", "--players", 7), "Stein im Brett is for 2 to 6 players, not 7"),
        (("stein-im-brett", "--players", 1), "Stein im Brett is for 2 to 6 players, not 1"),
    ],
)
def test_demo_checks_the_number_of_players_for_its_game(capsys, argv, says):
    code, out, err = run(capsys, "demo", *argv, "--terminal", "--delay", 0)
    assert code == 2 and says in err and out == ""


def test_demo_of_stein_im_brett_takes_six_players(capsys):
    code, out, _ = run(
        capsys, "demo", "stein-im-brett", "--terminal", "--players", 6, "--seed", 1, "--delay", 0
    )
    assert code == 0 and "Fay" in out and "Winners:" in out


def test_demo_rejects_an_unknown_game(capsys):
    with pytest.raises(SystemExit) as e:
        run(capsys, "demo", "chess", "--terminal")
    assert e.value.code == 2


def test_export_to_a_missing_folder_says_so_with_status_2_and_writes_nothing(capsys, tmp_path):
    path = _journal_of(tmp_path, _record_lines())
    target = tmp_path / "nowhere" / "game.jsonl"
    code, out, err = run(capsys, "export", path, "-o", target)
    assert code == 2 and out == ""
    assert err.startswith(f"companion export: cannot export journal to '{target}'"), err
    assert not target.parent.exists()


def test_markers_into_a_folder_that_cannot_be_made_says_so_with_status_2(capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    code, out, err = run(capsys, "markers", "stein-im-brett", "-o", blocker / "markers")
    assert code == 2 and out == ""
    assert err.startswith("companion markers: cannot write ") and "use -o FOLDER" in err, err
    assert blocker.read_text() == "not a folder"


def test_run_with_a_real_camera_missing_exits_5_and_stops_the_load_cells_it_opened(
    capsys, monkeypatch, tmp_path
):
    import companion.table as table
    from companion.errors import DeviceUnavailable

    class Scale:
        stopped = False

        def stop(self):
            self.stopped = True

    scale = Scale()

    def no_camera(service, *, requested, tap=None, decks=None, layouts=None):
        raise DeviceUnavailable("no camera found by picamera2")

    monkeypatch.delenv("COMPANION_BACKEND", raising=False)
    monkeypatch.setattr(table, "open_scale", lambda service, profile, *, requested, tap=None: scale)
    monkeypatch.setattr(table, "open_camera_loop", no_camera)
    code, _, err = run(capsys, "run", "--backend", "real", "--state-dir", tmp_path)
    assert code == 5
    assert "companion run: no camera found by picamera2" in err
    assert scale.stopped


def test_pin_prints_the_table_pin_and_reset_makes_a_new_one_and_ends_every_session(
    capsys, tmp_path
):
    from companion.pairing import PairingStore

    code, first, _ = run(capsys, "pin", "--state-dir", tmp_path)
    assert code == 0 and first.strip().isdigit() and len(first.strip()) == 8
    assert run(capsys, "pin", "--state-dir", tmp_path)[1] == first  # kept
    session = PairingStore(tmp_path).add_session(how="pin", client="192.168.1.20")
    code, new, err = run(capsys, "pin", "--reset", "--state-dir", tmp_path)
    assert code == 0 and new != first and len(new.strip()) == 8
    assert "every tablet is locked" in err
    assert not PairingStore(tmp_path).valid(session)


def test_pin_in_an_unusable_state_directory_says_why(capsys, tmp_path):
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    code, out, err = run(capsys, "pin", "--state-dir", not_a_folder)
    assert code == 2 and out == "" and "companion pin:" in err


def test_run_refuses_a_deck_folder_that_is_no_deck_or_of_a_game_the_camera_does_not_read(
    capsys, tmp_path
):
    """``--deck`` is checked before anything starts: a folder without a deck.toml, and a
    deck of a game whose cards the camera does not read by a deck, are named, exit 2."""
    from companion.devices.card_art import write_ready_deck

    code, _, err = run(capsys, "run", "--no-sensors", "--state-dir", tmp_path / "s",
                       "--deck", tmp_path / "nothing")  # fmt: skip
    assert code == 2 and "nothing: no such deck folder" in err
    deck = tmp_path / "go-deck"
    write_ready_deck("hilo", deck)
    toml = deck / "deck.toml"
    toml.write_text(toml.read_text().replace('game = "hilo"', 'game = "go"'))
    code, _, err = run(capsys, "run", "--no-sensors", "--state-dir", tmp_path / "s",
                       "--deck", deck)  # fmt: skip
    assert code == 2
    assert "'go'" in err and "heuchel-meuchel, hilo" in err
