"""The command line in the table's language: `companion replay --lang de`, COMPANION_LANG."""

from __future__ import annotations

import json

import pytest

from companion.cli import EXIT_RECORD, EXIT_USAGE, main

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}


@pytest.fixture
def record(tmp_path, monkeypatch):
    for var in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    path = tmp_path / "game.jsonl"
    lines = [START, {"type": "condition", "player": "Ben", "wins": "heavier"}]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


def test_replay_says_the_refusal_in_german_when_asked(record, capsys):
    assert main(["replay", str(record), "--lang", "de"]) == EXIT_RECORD
    assert capsys.readouterr().err == (
        "Zeile 2: nur der Häuptling (Ana) legt die Siegbedingung fest\n"
    )


def test_replay_speaks_english_by_default_and_json_stays_english(record, capsys, monkeypatch):
    assert main(["replay", str(record)]) == EXIT_RECORD
    assert (
        capsys.readouterr().err == "line 2: only the chieftain (Ana) sets the victory condition\n"
    )
    monkeypatch.setenv("COMPANION_LANG", "de")
    assert main(["replay", str(record), "--json"]) == EXIT_RECORD
    out = json.loads(capsys.readouterr().out)
    assert out == {"error": "only the chieftain (Ana) sets the victory condition", "line": 2}
    assert main(["replay", str(record)]) == EXIT_RECORD
    assert capsys.readouterr().err.startswith("Zeile 2: nur der Häuptling (Ana)")


def test_a_language_the_companion_does_not_speak_is_a_usage_error(record, capsys, monkeypatch):
    assert main(["replay", str(record), "--lang", "fr"]) == EXIT_USAGE
    assert capsys.readouterr().err == (
        "companion replay: --lang: the companion speaks en, de, not 'fr'\n"
    )
    monkeypatch.setenv("COMPANION_LANG", "tlh")
    assert main(["run", "--no-sensors"]) == EXIT_USAGE
    assert "companion run: COMPANION_LANG: the companion speaks en, de, not 'tlh'" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize(
    ("line", "english", "german"),
    [
        (
            {"type": "condition", "player": "Ana", "wins": "heavy"},
            "line 2: condition: 'wins' must be one of heavier, lighter, not 'heavy'",
            "Zeile 2: condition: 'wins' muss eines von heavier, lighter sein, nicht 'heavy'",
        ),
        (
            {"type": "condition", "player": "Ana"},
            "line 2: condition: missing field 'wins'",
            "Zeile 2: condition: es fehlt das Feld 'wins'",
        ),
        (
            {"type": "stake", "player": "Ana", "add": 0},
            "line 2: stake: 'add' must be at least 1, not 0",
            "Zeile 2: stake: 'add' muss mindestens 1 sein, nicht 0",
        ),
        (
            {"type": "fate", "player": "Ana", "x": "left"},
            "line 2: fate: 'x' must be a number of millimetres, not 'left'",
            "Zeile 2: fate: 'x' muss eine Zahl in Millimetern sein, nicht 'left'",
        ),
        (
            {"type": "jump", "player": "Ana"},
            "line 2: unknown type 'jump'; the types are ",
            "Zeile 2: unbekannter Typ 'jump'; die Typen sind ",
        ),
    ],
)
def test_a_malformed_record_is_named_in_the_tables_language(
    tmp_path, monkeypatch, capsys, line, english, german
):
    for var in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(START) + "\n" + json.dumps(line) + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--lang", "de"]) == EXIT_RECORD
    assert capsys.readouterr().err.startswith(german)
    assert main(["replay", str(path)]) == EXIT_RECORD
    assert capsys.readouterr().err.startswith(english)
    assert main(["replay", str(path), "--json", "--lang", "de"]) == EXIT_RECORD
    error = json.loads(capsys.readouterr().out)["error"]  # --json stays English
    assert error.startswith(english.removeprefix("line 2: "))
