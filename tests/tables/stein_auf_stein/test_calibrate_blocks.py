"""``companion calibrate blocks``: a rendered photo of a real set (its blocks 8 % larger
than the catalogue says) is measured to within 2.5 mm (bright colours read up to 2 mm
large, dark ones up to 2 mm small: the blob's edge is where the colour is strong enough); a photo with a block missing says
what to lay out; the registered set starts new games; a broken file is named."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.devices.block_scenes import LaidBlock, block_scene, render_table
from companion.games.stein_auf_stein import STANDARD
from companion.sensing.vision.layout import load_layout
from companion.tables.stein_auf_stein import calibrate_blocks as cb
from companion.tables.stein_auf_stein import view

LAYOUT = load_layout("stein-auf-stein")
SCALE = 1.08


def photo(tmp_path, *, leave_out=()):
    """Every block on the site, button up, in a grid, 8 % larger than the catalogue."""
    rng = np.random.default_rng(4)
    scene = block_scene(LAYOUT, rng, size_px=(1280, 960), tilt_deg=12)
    laid, x, y, shelf = [], 190.0, 140.0, 0.0
    for b in sorted(STANDARD.blocks, key=lambda b: -b.width_mm):  # shelves, widest first
        if b.id in leave_out:
            continue
        w, h = b.length_mm * SCALE, b.width_mm * SCALE
        if x + w > 510:
            x, y, shelf = 190.0, y + shelf + 10, 0.0
        laid.append(LaidBlock(b.id, LAYOUT.pieces[b.colour].colour, (x + w / 2, y + h / 2), (w, h)))
        x, shelf = x + w + 10, max(shelf, h)
    path = tmp_path / f"set-{len(laid)}.png"
    cv2.imwrite(str(path), render_table(scene, laid, None, rng))
    return path


def test_the_set_is_measured_from_a_photo_and_starts_new_games(tmp_path, monkeypatch, capsys):
    out = tmp_path / "blocks.toml"
    code = main(["calibrate", "blocks", "--image", str(photo(tmp_path)), "-o", str(out)])
    assert code == 0, capsys.readouterr().err
    registered = cb.load_registered(out)
    for b in STANDARD.blocks:
        r = registered.index[b.id]
        assert abs(r.length_mm - b.length_mm * SCALE) <= 2.5, (b.id, r)
        assert abs(r.width_mm - b.width_mm * SCALE) <= 2.5, (b.id, r)
        assert r.height_mm == b.height_mm and r.colour == b.colour
    monkeypatch.setattr(cb, "default_path", lambda: out)
    start = view.start_record(["Mia", "Noah"], {}, None)
    assert {b["id"]: b["length_mm"] for b in start["blocks"]} == {
        b.id: b.length_mm for b in registered.blocks
    }


def test_a_photo_without_every_block_says_what_to_lay_out(tmp_path, capsys):
    code = main(["calibrate", "blocks", "--image", str(photo(tmp_path, leave_out=("G2",)))])
    assert code == 2
    assert "2 green blocks on the building site, the set has 3" in capsys.readouterr().err


def test_a_broken_registration_is_named_not_ignored(tmp_path):
    bad = tmp_path / "blocks.toml"
    bad.write_text("die = [\n")
    with pytest.raises(cb.RegistrationError, match=r"blocks\.toml"):
        cb.load_registered(bad)


def test_a_photo_without_every_block_is_said_in_the_tables_language(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COMPANION_LANG", "de")
    code = main(["calibrate", "blocks", "--image", str(photo(tmp_path, leave_out=("G2",)))])
    assert code == 2
    err = capsys.readouterr().err
    assert "Foto 1: 2 Bausteine in Grün auf der Baustelle, das Spiel hat 3" in err, err
