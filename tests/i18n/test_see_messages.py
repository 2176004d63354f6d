"""`companion see` (and `see --deck`) and `replay-session` in the table's language: their own
lines (markers, misfit, covered cells, the replay's report) and usage errors; what the vision
reads and the records stay as they are."""

from __future__ import annotations

import re

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.devices.render import render
from companion.devices.scenes import random_scene

from ..vision.helpers import layout


@pytest.fixture
def german(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COMPANION_LANG", "de")


def test_see_says_its_lines_in_german_with_a_decimal_comma(tmp_path, capsys, german):
    rng = np.random.default_rng(41)
    truth = render(random_scene(layout("stein-im-brett"), rng, hands=0, shadows=0), rng)
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), truth.image)
    assert main(["see", str(path), "--layout", "stein-im-brett"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}: ok"
    assert re.fullmatch(r"  Marker [\d, ]+; Passfehler \d+,\d mm; Weißabgleich: .+", out[1]), out[1]


@pytest.mark.parametrize(
    ("argv", "german_words"),
    [
        (["see", "x.png"], "gebt genau eines von --layout NAME und --grid SPALTENxREIHEN an"),
        (["see", "x.png", "--grid", "19x19"], "ein Raster hat keine Marker"),
        (["see", "--layout", "hilo"], "gebt Bilder, --video DATEI oder --camera an (eines davon)"),
        (["see", "x.png", "--deck", "nowhere"], "--deck braucht --layout NAME"),
    ],
)
def test_see_usage_mistakes_are_said_in_german(capsys, german, argv, german_words):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion see: ") and german_words in err, err


def test_see_usage_mistakes_stay_english_on_an_english_table(capsys, monkeypatch):
    monkeypatch.setenv("COMPANION_LANG", "en")
    assert main(["see", "--layout", "hilo"]) == 2
    assert "give images, or --video FILE, or --camera (one of them)" in capsys.readouterr().err


def test_replay_session_reports_in_german(tmp_path, capsys, german):
    from ..blackbox.helpers import record_demo

    record_demo(tmp_path, seed=3, players=2, steps=8)
    assert main(["replay-session", str(tmp_path / "recordings")]) == 0
    text = capsys.readouterr().out
    assert re.match(r"\d+,\d s am Tisch, \d+ Messwerte\n", text), text[:80]
    assert "Tablet new_game" in text and '"type": "place"' in text
    assert text.rstrip().endswith(
        "gleich: das Abspielen zeichnete die Züge, Warnungen und Fragen des Journals auf"
    )
    assert main(["replay-session"]) == 2
    assert capsys.readouterr().err == (
        "companion replay-session: gebt einen Sitzungsordner an (oder --from-csv DATEI"
        " --start START.json)\n"
    )
