"""Every command's ``--help`` and argparse's own words in the table's language
(``companion.i18n.cli_help``): ``companion --lang de run --help``, COMPANION_LANG, a
parse error, a plural, and every help text of every command with its German."""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

import pytest

from companion.cli import build_parser, main
from companion.i18n.catalogues import translations
from companion.i18n.cli_help import ARGPARSE_WORDS, bind_argparse, parser_class, say_help


@pytest.fixture(autouse=True)
def english_table(tmp_path, monkeypatch):
    for var in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("COLUMNS", "400")  # one line per option: no word wrapped
    yield
    bind_argparse("en")  # argparse's words as they were, for the tests after


def _help(argv, capsys) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 0
    return capsys.readouterr().out


def test_run_help_in_german_with_lang_before_the_command(capsys):
    out = _help(["--lang", "de", "run", "--help"], capsys)
    assert out.startswith("Aufruf: companion run [-h]")
    assert "\nOptionen:\n" in out
    assert "diese Hilfe zeigen und beenden" in out
    assert "nur Eingabe von Hand, keine Geräte" in out  # --no-sensors, ours
    assert "an den Broker des Vereins senden" in " ".join(out.split())  # --mqtt (mqtt/cli.py)
    assert "usage:" not in out and "show this help" not in out


def test_help_follows_companion_lang_and_the_lang_after_the_command(capsys, monkeypatch):
    monkeypatch.setenv("COMPANION_LANG", "de")
    out = _help(["replay", "--help"], capsys)
    assert "\nArgumente:\n" in out and "eine .jsonl-Aufzeichnung oder eine Journaldatei" in out
    monkeypatch.delenv("COMPANION_LANG")
    out = _help(["calibrate", "blocks", "--help", "--lang", "de"], capsys)
    # a help with its own field: the file's name filled into the German
    assert "(Vorgabe: calibration/blocks-stein-auf-stein.toml)" in " ".join(out.split())


def test_help_stays_english_by_default_and_for_a_language_not_spoken(capsys):
    out = _help(["run", "--help"], capsys)
    assert out.startswith("usage: companion run") and "manual entry only, no devices" in out
    out = _help(["--lang", "fr", "pin", "--help"], capsys)
    assert out.startswith("usage: companion pin") and "a new PIN, and every tablet" in out


def test_top_level_help_names_every_command_in_german(capsys):
    out = " ".join(_help(["--lang", "de", "--help"], capsys).split())
    assert "Der Table Companion: leitet Brettspiele als Schiedsrichter" in out
    assert "die Geräte prüfen und sagen, was nicht stimmt" in out  # doctor
    assert "Bildschirm und Liga des Vereins" in out  # club


def test_parse_errors_in_german_with_the_value_named(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "de", "generate", "--players", "7"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert (
        "companion generate: Fehler: Argument --players: ungültige Wahl: 7 (möglich: 2, 3, 4)"
        in err
    )
    with pytest.raises(SystemExit):
        main(["replay", "--lang", "de"])
    assert "Fehler: diese Argumente fehlen: record" in capsys.readouterr().err


def test_top_level_lang_reaches_a_command_without_its_own(tmp_path, capsys):
    out = tmp_path / "g.jsonl"
    assert main(["--lang", "de", "generate", "--players", "3", "-o", str(out)]) == 0
    assert "3 Spieler" in capsys.readouterr().out  # the command's own line in German too


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "argument --pair: expected 2 arguments"),
        ("de", "Argument --pair: erwartet 2 Argumente"),
    ],
)
def test_argparse_plural_in_each_language(lang, expected, capsys):
    bind_argparse(lang)
    p = parser_class(lang)(prog="x")
    p.add_argument("--pair", nargs=2)
    with pytest.raises(SystemExit):
        p.parse_args(["--pair", "one"])
    assert expected in capsys.readouterr().err


def _parsers(parser: argparse.ArgumentParser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


FIELD = re.compile(r"%\(\w+\)\w|\{\w+\}")


def test_every_help_text_of_every_command_has_its_german():
    """A help text added without its German fails here (and in test_catalogues.py)."""
    texts = []
    for p in _parsers(build_parser("de")):
        texts += [p.description] + [a.help for a in p._actions]
        for a in p._actions:
            if isinstance(a, argparse._SubParsersAction):
                texts += [c.help for c in a._choices_actions]
    texts = [t for t in texts if t and t != argparse.SUPPRESS]
    assert len(texts) > 120  # every command's, not a few
    untranslated = [t for t in texts if say_help(t, "de") == str(t)]
    assert untranslated == []
    for t in texts:  # argparse's %(default)s and the like kept in the German
        assert sorted(FIELD.findall(say_help(t, "de"))) == sorted(FIELD.findall(str(t)))


def test_argparse_words_are_argparses_own():
    """Our msgids are argparse's exactly (a Python that changes one fails here)."""
    tree = ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))
    theirs = {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) in ("_", "ngettext")
        and node.args
        and isinstance(node.args[0], ast.Constant)
    }
    ours = {w.msgid for w in ARGPARSE_WORDS}
    assert ours <= theirs
    de = translations("de")
    assert all(de.gettext(w) != w for w in ours if w != "%(prog)s: error: %(message)s\n")


def test_argparse_speaks_english_again_after_a_german_command(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "de", "generate", "--players", "7"])
    assert "ungültige Wahl" in capsys.readouterr().err
    p = argparse.ArgumentParser(prog="other")
    p.add_argument("--n", choices=("1",))
    with pytest.raises(SystemExit):
        p.parse_args(["--n", "2"])
    assert "invalid choice: '2'" in capsys.readouterr().err
