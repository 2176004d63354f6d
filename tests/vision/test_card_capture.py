"""Registering a deck by camera: each card shown in turn, taken once it lies still and
alone, refused when it is one already taken; a stopped run goes on where it stopped.
Driven by rendered frames (``devices/capture_scenes.py``) through ``--images``."""

from __future__ import annotations

import shutil
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from companion.card_capture import (
    AT_EDGE,
    NOT_A_CARD,
    CaptureStopped,
    Registered,
    StillCard,
    _peak_difference,
    capture_deck,
    cards_in_view,
    cut_card,
)
from companion.cli import main
from companion.devices.capture_scenes import card_quad, draw_frame, showing
from companion.devices.card_art import random_designs, write_deck
from companion.sensing.vision.deck import BACK, load_deck

SIZE = (480, 360)
ASPECT = 68 / 44


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """A random deck with twins (same art, another number): its printed pictures."""
    root = tmp_path_factory.mktemp("printed")
    card_mm, designs = random_designs(np.random.default_rng(7), 5, twins=3)
    folder = write_deck(root / "deck", "random", "test", card_mm, designs)
    ids = [BACK, *(d.id for d in designs)]
    return folder, {i: cv2.imread(str(folder / f"{i}.png")) for i in ids}


def empty_deck(source_folder, tmp_path):
    """A deck folder with its deck.toml and no pictures: what --camera starts from."""
    folder = tmp_path / "deck"
    folder.mkdir()
    shutil.copy(source_folder / "deck.toml", folder / "deck.toml")
    return folder


def write_frames(folder, frames, start: int = 0):
    folder.mkdir(exist_ok=True)
    for k, f in enumerate(frames, start=start):
        cv2.imwrite(str(folder / f"{k:04d}.png"), f)
    return start + len(frames)


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_each_card_is_taken_in_turn_and_the_deck_is_registered(source, tmp_path, capsys):
    printed, pictures = source
    deck = empty_deck(printed, tmp_path)
    rng = np.random.default_rng(1)
    frames = tmp_path / "frames"
    n = 0
    for did in pictures:  # the back first, then every design in deck.toml's order
        n = write_frames(frames, showing(pictures[did], ASPECT, rng, size_px=SIZE), n)
    code, out, err = run(capsys, "calibrate", "cards", deck, "--camera", "--images", frames)
    assert code == 0, err
    assert "show the back of any card" in out and "show card 1 of 5: d00" in out
    assert out.index("got back") < out.index("show card 1 of 5") < out.index("got d00")
    for did in pictures:
        assert (deck / f"{did}.png").is_file(), did
    assert "registered random" in out and (deck / "registered.npz").is_file()
    # each picture taken is the card that was shown, not its twin
    reg = Registered((44.0, 68.0), {})
    printed_looks = {did: reg.look(p)[1] for did, p in pictures.items()}
    for did in pictures:
        _, taken = reg.look(cv2.imread(str(deck / f"{did}.png")))
        nearest = min(
            printed_looks,
            key=lambda k: min(
                _peak_difference(t, printed_looks[k]) for t in (taken, taken[::-1, ::-1])
            ),
        )
        assert nearest == did
    assert len(load_deck(deck).designs) == 5


def test_a_card_already_taken_is_refused_and_named(source, tmp_path, capsys):
    printed, pictures = source
    deck = empty_deck(printed, tmp_path)
    rng = np.random.default_rng(2)
    shown = [BACK, "d00", "d00", BACK, "d01"]  # d00 twice, then the back face up again
    frames = tmp_path / "frames"
    n = 0
    for did in shown:
        n = write_frames(frames, showing(pictures[did], ASPECT, rng, size_px=SIZE), n)
    code, out, err = run(capsys, "calibrate", "cards", deck, "--camera", "--images", frames)
    assert code == 3
    assert "that card is d00, already registered: show d01" in out
    assert "that is the back: turn the card over" in out
    assert "got d01" in out and sorted(p.name for p in deck.glob("*.png")) == [
        "back.png",
        "d00.png",
        "d01.png",
    ]
    assert "3 of 6 pictures are in" in err and "Run the same command again" in err
    assert "next: card 3 of 5: d02" in err


def test_a_stopped_run_goes_on_where_it_stopped(source, tmp_path, capsys):
    printed, pictures = source
    deck = empty_deck(printed, tmp_path)
    rng = np.random.default_rng(3)
    first, second = tmp_path / "first", tmp_path / "second"
    n = 0
    for did in (BACK, "d00"):
        n = write_frames(first, showing(pictures[did], ASPECT, rng, size_px=SIZE), n)
    code, _, err = run(capsys, "calibrate", "cards", deck, "--camera", "--images", first)
    assert code == 3 and "the frames ended before d01 was shown" in err
    before = (deck / "d00.png").stat().st_mtime_ns
    n = 0
    for did in ("d01", "d02", "d03", "d04"):
        n = write_frames(second, showing(pictures[did], ASPECT, rng, size_px=SIZE), n)
    code, out, err = run(capsys, "calibrate", "cards", deck, "--camera", "--images", second)
    assert code == 0, err
    assert "2 of 6 pictures are there; 4 to take" in out and "show the back" not in out
    assert (deck / "d00.png").stat().st_mtime_ns == before  # what was done is kept
    code, out, _ = run(capsys, "calibrate", "cards", deck, "--camera", "--images", second)
    assert code == 0 and "has its picture already" in out


def test_ctrl_c_keeps_what_is_done_and_says_how_to_go_on(source, tmp_path, capsys, monkeypatch):
    printed, pictures = source
    deck = empty_deck(printed, tmp_path)
    rng = np.random.default_rng(4)
    frames = tmp_path / "frames"
    n = write_frames(frames, showing(pictures[BACK], ASPECT, rng, size_px=SIZE))
    write_frames(frames, showing(pictures["d00"], ASPECT, rng, size_px=SIZE)[:3], n)
    from companion.devices import frames as frames_module

    real_read = frames_module.ImageDirectorySource.read

    def read_then_interrupt(self):
        got = real_read(self)
        if got is None:
            raise KeyboardInterrupt
        return got

    monkeypatch.setattr(frames_module.ImageDirectorySource, "read", read_then_interrupt)
    code, out, err = run(capsys, "calibrate", "cards", deck, "--camera", "--images", frames)
    assert code == 130
    assert "got back" in out and (deck / "back.png").is_file()
    assert "stopped: 1 of 6 pictures" in err and "next: card 1 of 5: d00" in err


def test_what_the_camera_sees_is_said_once_per_change(source):
    _, pictures = source
    rng = np.random.default_rng(5)
    a = card_quad((150, 180), 110, ASPECT, 0.3, 0.2)
    b = card_quad((340, 180), 110, ASPECT, -0.5, 0.0)
    card, other = pictures["d00"], pictures["d03"]
    tracker = StillCard(still_frames=3)
    said = []
    for frame in [
        draw_frame(SIZE, [], rng),
        draw_frame(SIZE, [(card, a), (other, b)], rng),
        draw_frame(SIZE, [(card, a)], rng, hand=((480, 40), (200, 150))),
        draw_frame(SIZE, [(card, a + 30)], rng),
        draw_frame(SIZE, [(card, a)], rng),
        draw_frame(SIZE, [(card, a)], rng),
        draw_frame(SIZE, [(card, a)], rng),
    ]:
        quad, state = tracker.update(cards_in_view(frame, ASPECT))
        said.append(state)
    assert said[:3] == [
        "no card in view",
        "2 cards in view: show one at a time",
        AT_EDGE,
    ]
    assert said[4] == "card moved: let it lie still"
    assert said[-1] == "card lies still" and quad is not None
    got = cut_card(frame, quad, ASPECT)
    reg = Registered(
        (44.0, 68.0), {k: Registered((44.0, 68.0), {}).look(v) for k, v in pictures.items()}
    )
    assert reg.same_as(reg.look(got))[0] == "d00"


def test_a_card_at_the_frames_edge_is_not_taken(source):
    _, pictures = source
    rng = np.random.default_rng(6)
    edge = card_quad((30, 180), 110, ASPECT, 0.0, 0.0)
    seen = cards_in_view(draw_frame(SIZE, [(pictures["d01"], edge)], rng), ASPECT)
    assert not seen.cards and seen.others == (AT_EDGE,)
    hand = ((240, 0), (240, 150))  # a hand laid on the card: one region, not a card's shape
    centre = card_quad((240, 200), 110, ASPECT, 0.2, 0.0)
    seen = cards_in_view(draw_frame(SIZE, [(pictures["d01"], centre)], rng, hand=hand), ASPECT)
    assert not seen.cards and seen.others == (AT_EDGE,)
    blob = draw_frame(SIZE, [], rng)
    cv2.circle(blob, (240, 180), 60, (120, 160, 215), -1)  # a round thing lying there
    seen = cards_in_view(blob, ASPECT)
    assert not seen.cards and seen.others == (NOT_A_CARD,)


def test_camera_options_without_camera_and_a_deck_without_deck_toml(tmp_path, capsys):
    code, _, err = run(capsys, "calibrate", "cards", tmp_path, "--video", tmp_path / "v.mp4")
    assert code == 2 and "--video and --images go with --camera" in err
    code, _, err = run(capsys, "calibrate", "cards", tmp_path, "--camera", "--images", tmp_path)
    assert code == 2 and "no deck.toml" in err


def test_ready_with_camera_writes_only_the_catalogues_deck_toml(tmp_path, capsys):
    deck = tmp_path / "hm"
    frames = tmp_path / "frames"
    frames.mkdir()
    code, out, err = run(
        capsys, "calibrate", "cards", deck, "--ready", "heuchel-meuchel", "--camera",
        "--images", frames,
    )  # fmt: skip
    assert code == 3
    assert (deck / "deck.toml").is_file() and not list(deck.glob("*.png"))
    assert (deck / "deck.toml").read_text().startswith('name = "heuchel-meuchel (photographed)"')
    assert "0 of 37 pictures are there; 37 to take" in out
    assert "next: the back of any card" in err


def test_a_card_too_small_in_the_picture_is_not_taken_and_the_wait_is_bounded(source, tmp_path):
    printed, pictures = source
    deck = empty_deck(printed, tmp_path)
    rng = np.random.default_rng(8)
    tiny = card_quad((240, 180), 30, ASPECT, 0.4, 0.0)
    frames = [
        SimpleNamespace(image=draw_frame(SIZE, [(pictures[BACK], tiny)], rng), t_mono=0.5 * k)
        for k in range(12)
    ]
    said = []
    with pytest.raises(CaptureStopped, match="no card taken for back in 3 s"):
        capture_deck(deck, frames, said.append, wait_s=3.0)
    assert any("is only" in m and "bring the camera closer" in m for m in said), said
    assert not list(deck.glob("*.png"))
