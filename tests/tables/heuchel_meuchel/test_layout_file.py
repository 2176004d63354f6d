"""A table's own layout file (``companion run --layout FILE``): its squares, die tray and
discard areas where its printed board has them. Checked before anything starts (a clear
error naming the file, exit 2), then read by the camera loop for the game under way."""

from __future__ import annotations

from importlib import resources

import pytest

from companion.cli import main
from companion.referee.service import GameService

SHIPPED = resources.files("companion.sensing.vision") / "layouts" / "heuchel-meuchel.toml"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def own_layout(tmp_path, *, tray_x: float = 470.0, discards: bool = True):
    """A copy of the shipped layout with its die tray moved (and, or, no discard areas)."""
    text = SHIPPED.read_text(encoding="utf-8")
    text = text.replace("centre_mm = [470.0, 500.0]", f"centre_mm = [{tray_x}, 500.0]")
    if not discards:
        text = text[: text.index('[[groups]]\nregion = "discards"')]
    path = tmp_path / "our-board.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "no such file"),
        ("name = [", "not valid TOML"),
        ('name = "our-board"\n', "missing field 'size_mm'"),
    ],
)
def test_run_refuses_a_layout_file_that_is_missing_or_bad_and_names_it(
    capsys, tmp_path, content, says
):
    path = tmp_path / "board.toml"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "run", "--no-sensors", "--state-dir", tmp_path / "s",
                         "--layout", path)  # fmt: skip
    assert code == 2 and out == ""
    assert f"companion run: --layout {path}:" in err and says in err, err


def test_a_layout_named_for_no_shipped_layout_says_which_names_are_allowed(capsys, tmp_path):
    path = own_layout(tmp_path)
    path.write_text(
        path.read_text().replace('name = "heuchel-meuchel"', 'name = "our-board"'), "utf-8"
    )
    code, _, err = run(capsys, "run", "--no-sensors", "--state-dir", tmp_path / "s",
                       "--layout", path)  # fmt: skip
    assert code == 2 and "'our-board' is no shipped layout's" in err and "heuchel-meuchel" in err
    code, _, err = run(capsys, "run", "--no-sensors", "--state-dir", tmp_path / "s",
                       "--layout", tmp_path / "board.txt")  # fmt: skip
    assert code == 2 and "a layout is a .toml file" in err


def test_run_hands_the_layout_files_to_the_camera_loop(capsys, monkeypatch, tmp_path):
    import companion.table as table
    from companion.errors import DeviceUnavailable

    got = {}

    def no_camera(service, *, requested, tap=None, decks=None, layouts=None):
        got["layouts"] = layouts
        raise DeviceUnavailable("no camera found by picamera2")

    class Scale:
        def stop(self):
            pass

    monkeypatch.delenv("COMPANION_BACKEND", raising=False)
    monkeypatch.setattr(
        table, "open_scale", lambda service, profile, *, requested, tap=None: Scale()
    )
    monkeypatch.setattr(table, "open_camera_loop", no_camera)
    path = own_layout(tmp_path)
    code, _, _ = run(capsys, "run", "--backend", "real", "--state-dir", tmp_path / "s",
                     "--layout", path)  # fmt: skip
    assert code == 5 and got["layouts"] == {"heuchel-meuchel": path}


def test_the_camera_loop_reads_heuchel_meuchel_by_the_tables_own_layout(tmp_path):
    from companion.table import CameraLoop, CameraView
    from companion.tables.heuchel_meuchel.camera import CardCamera, ready_deck

    path = own_layout(tmp_path, tray_x=30.0, discards=False)
    service = GameService(tmp_path / "s")
    try:
        service.start_game(["Ana", "Ben"], game="heuchel-meuchel")
        shared = CameraLoop(service, source=None, layouts={"heuchel-meuchel": path}).view
        assert isinstance(shared, CameraView) and "discards" not in shared.layout.regions
        deck = ready_deck(tmp_path / "deck")
        loop = CameraLoop(
            service, source=None, decks={"heuchel-meuchel": deck}, layouts={"heuchel-meuchel": path}
        )
        own = loop.view
        assert isinstance(own, CardCamera) and own.tray.centre_mm == (30.0, 500.0)
        assert own.layout.name == "heuchel-meuchel"  # what the referee listens to
        assert "discards" not in own.layout.regions  # so the tablet asks, as before
        shipped = CameraLoop(service, source=None, decks={"heuchel-meuchel": deck}).view
        assert shipped.tray.centre_mm == (470.0, 500.0) and "discards" in shipped.layout.regions
    finally:
        service.close()
