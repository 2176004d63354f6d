"""What `companion run` prints before it serves, in the table's language: a scale
profile's problems, `--deck`, `--layout`, the broker's settings; a device driver's own
words (the HX711s); `companion see`'s frame status and cell labels. Both languages, with
names, numbers (a decimal comma) and the driver's figures."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.cli import EXIT_USAGE, main
from companion.devices.hx711 import HX711Bank
from companion.devices.hx711_sim import ManualClock, mock_bank
from companion.errors import DeviceError
from companion.i18n import reason_of
from companion.i18n.catalogues import render
from companion.i18n.cli_help import bind_argparse

PROFILE = """
[profile]
name = "bent"
format = 1
[beam]
length_mm = 5
"""


@pytest.fixture(autouse=True)
def table(tmp_path, monkeypatch):
    for var in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    yield
    bind_argparse("en")


def _run(capsys, *argv: str) -> str:
    assert main(["run", "--no-sensors", *argv]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("companion run: "), err
    return err


def test_a_missing_profile_in_german_names_the_file_and_the_names_there_are(capsys, tmp_path):
    err = _run(capsys, "--lang", "de", "--profile", str(tmp_path / "nope.toml"))
    assert f"kann das Profil der Waage '{tmp_path / 'nope.toml'}' nicht lesen" in err
    assert "gebt eine .toml-Datei oder einen der Namen an: " in err and "default" in err


def test_a_profile_s_problems_in_german_with_numbers_and_in_english(capsys, tmp_path):
    path = tmp_path / "bent.toml"
    path.write_text(PROFILE, encoding="utf-8")
    err = _run(capsys, "--lang", "de", "--profile", str(path))
    assert "[beam] length_mm = 5 liegt außerhalb des Bereichs (erlaubt 100..2000 mm)" in err
    assert "[beam] mass_g fehlt (1..5000 g)" in err and "[notches] fehlt" in err
    assert "; " in err and "out of range" not in err
    err = _run(capsys, "--profile", str(path))
    assert "[beam] length_mm = 5 is out of range (allowed 100..2000 mm)" in err


def test_layout_and_deck_errors_in_german(capsys, tmp_path):
    err = _run(capsys, "--lang", "de", "--layout", "mine.txt")
    assert err == "companion run: --layout mine.txt: ein Layout ist eine .toml-Datei\n"
    bad = tmp_path / "mine.toml"
    bad.write_text("name = [", encoding="utf-8")
    err = _run(capsys, "--lang", "de", "--layout", str(bad))
    assert err.startswith(f"companion run: --layout {bad}: kein gültiges TOML (")
    assert err.count(str(bad)) == 1  # the file named once
    err = _run(capsys, "--lang", "de", "--deck", str(tmp_path / "deck"))
    assert (
        err
        == f"companion run: {tmp_path / 'deck'}: diesen Ordner eines Kartenspiels gibt es nicht\n"
    )


def test_broker_settings_in_german_and_english(capsys, tmp_path):
    err = _run(capsys, "--lang", "de", "--mqtt", "http://club.lan")
    assert "--mqtt 'http://club.lan': die URL beginnt mit mqtt:// oder mqtts:// (TLS)" in err
    err = _run(capsys, "--lang", "de", "--mqtt", "mqtt://club.lan:99999")
    assert "der Port ist eine Zahl von 1 bis 65535" in err
    err = _run(capsys, "--mqtt", "mqtt://club.lan:99999")
    assert "the port is a number from 1 to 65535" in err


def test_the_hx711_driver_s_own_words_in_german_with_a_decimal_comma():
    clock = ManualClock()
    _factory, clk, chips = mock_bank({"wedge": iter(range(10))}, clock=clock, rate_sps=80)
    pins = {ch: chip.data_pin for ch, chip in chips.items()}
    bank = HX711Bank(clk, pins, rate_sps=80, clock_ns=clock, sleep=clock.sleep)
    chips["wedge"].next_ready_ns = 10**18
    with pytest.raises(DeviceError) as e:
        bank.read()
    why = reason_of(e.value)
    assert str(why).startswith("no HX711 (wedge) became ready within 0.14 s")
    assert render(why, "de").startswith("kein HX711 (wedge) wurde innerhalb von 0,14 s bereit")


def test_a_saturated_chip_said_in_german():
    clock = ManualClock()
    _factory, clk, chips = mock_bank({"wedge": [0x7FFFFF]}, clock=clock, rate_sps=80)
    pins = {ch: chip.data_pin for ch, chip in chips.items()}
    bank = HX711Bank(clk, pins, rate_sps=80, clock_ns=clock, sleep=clock.sleep)
    problem = bank.read().problems["wedge"]
    assert render(problem, "de") == (
        "gesättigt (8388607): der Eingang liegt außerhalb des Messbereichs"
    )


def test_see_says_a_lost_board_and_the_cells_labels_in_german(tmp_path, capsys, monkeypatch):
    from companion.devices.render import render as draw
    from companion.devices.scenes import random_scene

    from ..vision.helpers import layout

    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((240, 320, 3), 200, np.uint8))
    monkeypatch.setenv("COMPANION_LANG", "de")
    main(["see", str(blank), "--layout", "stein-im-brett"])
    out = capsys.readouterr().out
    assert out.startswith(f"{blank}: kein Brett: 0 der Marker des Layouts (")
    assert out.rstrip().endswith("sichtbar, 3 nötig; gesehene Marker: keine")
    rng = np.random.default_rng(41)
    truth = draw(random_scene(layout("stein-im-brett"), rng, hands=0, shadows=0), rng)
    board = tmp_path / "board.png"
    cv2.imwrite(str(board), truth.image)
    assert main(["see", str(board), "--layout", "stein-im-brett"]) == 0
    german = capsys.readouterr().out
    assert " leer" in german and " empty" not in german and " Schwarz" in german
    assert "; Weißabgleich: Neutralfeld\n" in german
    monkeypatch.setenv("COMPANION_LANG", "en")
    assert main(["see", str(board), "--layout", "stein-im-brett"]) == 0
    english = capsys.readouterr().out
    assert " empty" in english and " black" in english and "white balance: neutral patch" in english


def test_doctor_says_a_profile_s_problems_in_german(tmp_path, capsys, monkeypatch):
    path = tmp_path / "bent.toml"
    path.write_text(PROFILE, encoding="utf-8")
    monkeypatch.setenv("COMPANION_LANG", "de")
    argv = [
        "doctor",
        "--profile",
        str(path),
        "--backend",
        "simulated",
        "--state-dir",
        str(tmp_path),
    ]
    main([*argv, "--url", "http://127.0.0.1:9/"])
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("FAIL  calibration: "))
    assert "[beam] length_mm = 5 liegt außerhalb des Bereichs (erlaubt 100..2000 mm)" in line
    assert "; [notches] fehlt" in line


def test_see_says_the_camera_driver_s_own_words_in_german(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COMPANION_LANG", "de")
    video = tmp_path / "nothing.mp4"
    assert main(["see", "--layout", "stein-im-brett", "--video", str(video)]) == EXIT_USAGE
    assert capsys.readouterr().err == f"companion see: {video}: diese Datei gibt es nicht\n"
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not a picture")
    main(["see", str(broken), "--layout", "stein-im-brett"])
    err = capsys.readouterr().err
    assert f"{broken}: kein Bild, das OpenCV lesen kann (leer oder beschädigt?)" in err, err


@pytest.mark.slow  # a deck written and registered: a few seconds
def test_see_with_a_deck_says_the_slots_labels_in_german(tmp_path, capsys, monkeypatch):
    from companion.devices.card_art import write_ready_deck
    from companion.devices.card_scenes import deck_pictures, render_card_table

    from ..vision.helpers import layout

    deck = write_ready_deck("hilo", tmp_path / "hilo")
    rendered, _ = render_card_table(layout("hilo"), deck_pictures(deck), 31)
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), rendered.image)
    argv = ["see", str(image), "--layout", "hilo", "--deck", str(deck)]
    monkeypatch.setenv("COMPANION_LANG", "de")
    assert main(argv) == 0
    german = capsys.readouterr().out
    monkeypatch.setenv("COMPANION_LANG", "en")
    assert main(argv) == 0
    english = capsys.readouterr().out
    assert german.splitlines()[0] == english.splitlines()[0] == f"{image}: ok"
    labels = {c for c in ("empty", "back") if f" {c} " in english}
    assert labels, english  # the table shows an empty slot or a card face down
    for word in labels:
        assert f" {word} " not in german
    assert (" leer " in german) == ("empty" in labels)
    assert (" Rückseite " in german) == ("back" in labels)
    # registering a deck notes its designs alike but for their numbers: a plural, in German
    from companion.sensing.vision.deck import load_deck

    (note,) = load_deck(write_ready_deck("heuchel-meuchel", tmp_path / "hm")).warnings
    n = int(str(note).split()[0])
    assert n > 1 and str(note).startswith(f"{n} pairs of designs alike")
    assert render(note, "de").startswith(f"{n} Paare Motive, gleich bis auf einen kleinen Bereich")
    assert render(note, "de").endswith(f"und {n - 8} weitere") or n <= 8
