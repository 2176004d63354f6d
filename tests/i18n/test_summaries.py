"""The engines' summaries (what `companion replay` prints) and their one-line
descriptions of actions, in German: every part translated, every name and number in
it, plurals by their count; English unchanged (the games' own summary tests)."""

from __future__ import annotations

import importlib
import json

import pytest

from companion.cli import EXIT_OK, main
from companion.i18n.catalogues import render

from .german import german_problems

GAMES = ["hinkel_stein", "stein_im_brett", "heuchel_meuchel", "hilo", "stein_auf_stein"]


@pytest.mark.parametrize("game", GAMES)
def test_every_summary_and_description_of_a_random_game_is_german(game):
    random_player = importlib.import_module(f"companion.games.{game}.random_player")
    summary = importlib.import_module(f"companion.games.{game}.summary")
    seed, seen = 3, 0
    for i, (action, state) in enumerate(random_player.random_game_iter(3, seed)):
        described = summary.describe(action)
        assert german_problems(described) == [], (seed, i, described)
        if i % 7 == 0 or state.finished:  # every summary costs: a sample and the end
            text = summary.to_text(state)
            assert german_problems(text) == [], (seed, i, str(text))
            assert render(text, "en") == str(text)
            seen += 1
    assert seen >= 2


@pytest.fixture
def record(tmp_path, monkeypatch):
    for var in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    start = {
        "type": "start",
        "game": "hinkel-stein",
        "players": ["Ana", "Ben"],
        "deal": {"Ana": ["pillar", "quartz"], "Ben": ["hinkelstein", "boulder"]},
    }
    lines = [start, {"type": "condition", "player": "Ana", "wins": "lighter"}]
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


def test_replay_prints_the_summary_in_the_tables_language(record, capsys, monkeypatch):
    assert main(["replay", str(record), "--lang", "de"]) == EXIT_OK
    german = capsys.readouterr().out.splitlines()
    assert german[0] == "Hinkel & Stein, 2 Spieler: Durchgang 1 von 4, Runde 1 von 5"
    assert german[1] == "Scheiben:  Ana 0, Ben 0; Pott 2; Vorrat 48"
    assert (
        german[3] == "Häuptling: Ana, die leichtere Seite gewinnt (muss die Säulen aktiv spielen)"
    )
    assert german[-1] == "Erwartet:  Ana soll aufrufen, wer als Nächstes setzt"
    monkeypatch.setenv("COMPANION_LANG", "en")
    assert main(["replay", str(record)]) == EXIT_OK
    english = capsys.readouterr().out.splitlines()
    assert english[0] == "Hinkel & Stein, 2 players: pass 1 of 4, round 1 of 5"
    assert english[-1] == "Awaiting:  Ana to call who places next"
    assert main(["replay", str(record), "--lang", "de", "--json"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["awaiting"]["action"] == "call"


def test_a_measured_length_has_a_decimal_comma_and_plurals_follow_the_count():
    from companion.games.hinkel_stein.actions import Stake
    from companion.games.hinkel_stein.summary import describe
    from companion.games.stein_auf_stein.actions import Measure
    from companion.games.stein_auf_stein.summary import describe as sas_describe

    m = sas_describe(Measure("Ana", 98.5))
    assert (str(m), render(m, "de")) == (
        "Ana's build measures 98.5 mm",
        "Der Bau von Ana misst 98,5 mm",
    )
    one, two = describe(Stake("Ben", add=1)), describe(Stake("Ben", add=2))
    assert render(one, "de") == "Ben legt 1 Scheibe in den Pott"
    assert render(two, "de") == "Ben legt 2 Scheiben in den Pott"
    assert (str(one), str(two)) == ("Ben adds 1 disc to the prize", "Ben adds 2 discs to the prize")


def test_the_terminal_demo_tells_the_game_in_the_tables_language(tmp_path, monkeypatch, capsys):
    for var in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    args = ["demo", "stein-auf-stein", "--terminal", "--delay", "0", "--seed", "2"]
    assert main([*args, "--lang", "de"]) == EXIT_OK
    german = capsys.readouterr().out
    assert "  Neues Spiel Stein auf Stein (" in german and "\nSieger:    " in german
    assert main(args) == EXIT_OK
    english = capsys.readouterr().out
    assert "  New game of Stein auf Stein (" in english and "\nWinners:   " in english
    assert main([*args, "--lang", "fr"]) == 2
    assert "the companion speaks en, de, not 'fr'" in capsys.readouterr().err
