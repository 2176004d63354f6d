"""The demo's real camera for HiLo: the table rendered, read by the card reader.

``RenderedCardCamera`` renders the cards as they lie (``devices.render``: the deck's
pictures in the layout's slots, one pose and lamp for the whole game, fresh sensor noise
every frame; rendered in full once per way the cards lie, ``devices.frame_maker``),
reads each frame with the card reader (``sensing.vision.card_reader``)
and settles the readings: a slot's reading counts once it is the same in ``SETTLE``
frames in a row. A face the reader is not sure of (confidence below ``CONFIDENT``) is
reported as a face without a design, with the designs it may be (``candidates``: the
reader's own, where it names them, else its guess first, then the guess's twins in the
deck, or every design for a guess without twins; another guess is a new reading): the
referee narrows them down by what it knows or asks on the tablet. Its output is
``CardsSeen`` with the slots whose settled reading changed.

Only the two-player layout ``hilo`` exists so far; the deck is the generated
provisional one (``companion calibrate cards --ready hilo``), registered once into a
folder the caller gives.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from ...devices.card_art import write_ready_deck
from ...devices.card_scenes import deck_pictures, tilted_pose
from ...devices.frame_maker import FrameMaker
from ...devices.render import render
from ...devices.scenes import random_hand, random_scene
from ...sensing.observations import BoardLost, Observation
from ...sensing.vision.card_reader import CONFIDENT, CardReader
from ...sensing.vision.deck import load_deck, register
from ...sensing.vision.layout import load_layout
from .seen import BACK, DISCARD, DRAW, EMPTY, FACE, UNKNOWN, CardsSeen, SlotSeen, layout_for

SETTLE = 2  # frames in a row with the same reading
PIECE = "back"  # the layout's card-shaped piece (the picture comes from the deck)


def ready_deck(folder: str | Path):
    """The provisional HiLo deck, written and registered into ``folder`` once."""
    folder = Path(folder)
    if not (folder / "registered.npz").exists():
        write_ready_deck("hilo", folder)
        register(folder)
    return load_deck(folder)


def look_alikes(deck) -> dict[str, tuple[str, ...]]:
    """Design id -> the designs of its twin group in ``deck`` (itself first; the groups
    are the deck's pairs of twins joined), every design for one without twins."""
    ids = [i for i in deck.ids if i != "back"]
    group = {i: {i} for i in ids}
    for a, b in deck.twins:
        x, y = deck.ids[a], deck.ids[b]
        if x in group and y in group and group[x] is not group[y]:
            joined = group[x] | group[y]
            for k in joined:
                group[k] = joined
    return {
        i: (i, *sorted(group[i] - {i})) if len(group[i]) > 1 else (i, *(k for k in ids if k != i))
        for i in ids
    }


class SlotSettler:
    """Per-slot card readings, frame by frame -> ``CardsSeen`` of the slots whose reading
    held ``SETTLE`` frames in a row and differs from what was settled before.
    ``look_alike``: design -> the designs an unsure reading of it may be (``look_alikes``;
    None: an unsure face comes without candidates)."""

    def __init__(self, layout_name: str, look_alike: dict | None = None) -> None:
        self.layout_name = layout_name
        self.look_alike = look_alike or {}
        self._runs: dict[str, tuple[tuple, int]] = {}
        self.settled: dict[str, tuple[str, str | None]] = {}  # slot -> (label, card)
        self._settled: dict[str, tuple] = {}  # the same with the candidates
        self.unsure = 0  # settled readings of a face not named surely

    def forget(self) -> None:
        """Settle every slot afresh (each is reported again once it holds)."""
        self._runs.clear()
        self.settled.clear()
        self._settled.clear()

    def _candidates(self, r) -> tuple[str, ...]:
        named = getattr(r, "candidates", None)  # a reader that names them itself
        if named:
            return tuple(named)
        if r.card is None:
            return ()
        return self.look_alike.get(r.card, (r.card,))  # the guess first

    def update(self, cards: dict, t_mono: float) -> CardsSeen | None:
        """``cards``: slot -> ``CardReading`` of one frame taken at ``t_mono`` s."""
        changed = []
        for slot, r in cards.items():
            if r.occluded:
                reading: tuple = (UNKNOWN, None, ())
            elif r.label == FACE and r.confidence >= CONFIDENT:
                reading = (FACE, r.card, ())
            elif r.label == FACE:
                reading = (FACE, None, self._candidates(r))
            elif r.label in (BACK, EMPTY):
                reading = (r.label, None, ())
            else:
                reading = (UNKNOWN, None, ())
            last, n = self._runs.get(slot, (None, 0))
            n = n + 1 if last == reading else 1
            self._runs[slot] = (reading, n)
            if n >= SETTLE and self._settled.get(slot) != reading:
                self._settled[slot] = reading
                self.settled[slot] = reading[:2]
                self.unsure += reading[0] == FACE and reading[1] is None
                changed.append(SlotSeen(slot, reading[0], reading[1], candidates=reading[2]))
        if not changed:
            return None
        return CardsSeen(t_mono, self.layout_name, tuple(changed))


#: Name an unsure look-alike over the frames it lies still (``twin_evidence.py``). On
#: since seed 115's 3 wrong records were traced to the referee (a hand lifting the
#: discard top while the arm still covered the layout, taken for the old card put down;
#: ``camera_memory.py``), not to the evidence (docs/hilo.md, BENCHMARKS.md).
TWIN_EVIDENCE = True


class LiveCardCamera:
    """The camera pipeline of a HiLo game at the table (``companion.tables.Table.camera``):
    every slot of the game's layout (``hilo``, or ``hilo-3`` .. ``hilo-5``: a mat per
    player) read with the registered deck, settled into ``CardsSeen``. A table the camera
    loses is one ``BoardLost``; once it is seen again every slot is reported afresh."""

    def __init__(self, layout_name: str, deck) -> None:
        from ...sensing.vision.table_reader import TableCardReader

        self.layout = load_layout(layout_name)
        self.reader = (
            TableCardReader(self.layout, deck, stream=True, evidence=TWIN_EVIDENCE)
            if self.layout.mats
            else CardReader(self.layout, deck, stream=True, evidence=TWIN_EVIDENCE)
        )
        self.settler = SlotSettler(layout_name, look_alikes(deck))
        self.colours_from = f"cards of the deck {deck.name!r}"
        self.lost = False

    def feed(self, image, t_mono: float) -> Observation | None:
        """One frame (BGR) taken at ``t_mono`` s: what it makes certain, or None."""
        board, cards = self.reader.read(image)
        if not board.ok:
            if self.lost:
                return None
            self.lost = True
            self.settler.forget()
            return BoardLost(t_mono, self.layout.name, board.status)
        self.lost = False
        return self.settler.update(cards, t_mono)


def live_camera(state, decks) -> LiveCardCamera | None:
    """The camera pipeline for a game under way: its layout read by the registered HiLo
    deck (``companion run --deck DIR``); None without one (the shared reader of the
    two-player mat tells face from back, and the tablet names the cards)."""
    deck = decks.get("hilo")
    return LiveCardCamera(layout_for(state.n), deck) if deck is not None else None


class RenderedCardCamera:
    """A camera over a HiLo table: ``frame(table)`` renders and reads one frame of the
    cards as they lie (camera slot -> (label, card)) and returns the settled changes.

    ``cheap_frames`` (the default): the table is rendered in full once for each way the
    cards lie, and each frame is that picture with fresh sensor noise, the scene's JPEG
    and a hand at the draw pile laid over it (``devices.frame_maker.FrameMaker``); else
    every frame is rendered in full. Counters: ``frames``, ``clean_renders`` (full
    renders), ``render_s`` and ``read_s`` (CPU seconds)."""

    def __init__(
        self,
        deck_folder: str | Path,
        *,
        layout: str = "hilo",
        seed: int = 1,
        size_px: tuple[int, int] = (1280, 960),
        tilt_deg: float = 8.0,
        cheap_frames: bool = True,
    ) -> None:
        self.layout_name = layout
        self.layout = load_layout(layout)
        self.size_px = size_px
        self.deck = ready_deck(deck_folder)
        self.pictures = deck_pictures(deck_folder)
        #: the live camera's pipeline, fed the rendered frames (``view.feed``: the black
        #: box keeps the frames there, ``blackbox.seams.tap_demo_table``)
        self.view = LiveCardCamera(layout, self.deck)
        self.rng = np.random.default_rng(seed)
        scene = random_scene(self.layout, self.rng, size_px=size_px, hands=0, shadows=0)
        pose = tilted_pose(self.layout, size_px, self.rng, tilt_deg=tilt_deg)
        self.scene = replace(scene, board_to_image=pose, contents={})
        self.frames_maker = FrameMaker(self.scene, self.rng) if cheap_frames else None
        self._offsets: dict[str, tuple[float, float, float]] = {}
        self._pile_seen: dict[str, tuple[str, str | None]] = {}  # what each pile showed last
        self.frames = self._full_renders = 0
        self.render_s = self.read_s = 0.0

    @property
    def clean_renders(self) -> int:
        """Full renders made so far (one a frame without ``cheap_frames``)."""
        if self.frames_maker is not None:
            return self.frames_maker.clean_renders
        return self._full_renders

    def _lying(self, table: dict[str, tuple[str, str | None]]):
        """How ``table`` lies: (contents, art, offsets, a hand over a pile or None, a key
        naming the way the cards lie). A pile under a hand (``unknown``: a card taken from
        it or put on it) still shows what it showed last around the hand."""
        contents, art, offsets, names = {}, {}, {}, {}
        hands = []
        for slot, (label, card) in table.items():
            if label == UNKNOWN and slot in (DRAW, DISCARD):  # a hand over the pile
                hands.append(slot)
                label, card = self._pile_seen.get(slot, (EMPTY, None))  # still under it
            elif slot in (DRAW, DISCARD):
                self._pile_seen[slot] = (label, card)
            if label not in (FACE, BACK):
                self._offsets.pop(slot, None)  # a card put back lies a little otherwise
                continue
            contents[slot] = PIECE
            names[slot] = card if label == FACE and card else "back"
            art[slot] = self.pictures[names[slot]]
            if slot not in self._offsets:
                r = self.rng
                self._offsets[slot] = (r.uniform(-1.5, 1.5), r.uniform(-1.5, 1.5),
                                       r.uniform(-0.02, 0.02))  # fmt: skip
            offsets[slot] = self._offsets[slot]
        hand = random_hand(self.scene, self.rng, target=hands[0]) if hands else None
        key = tuple(sorted((slot, names[slot], offsets[slot]) for slot in offsets))
        return contents, art, {**self.scene.offsets_mm, **offsets}, hand, key

    def _image(self, table: dict[str, tuple[str, str | None]]) -> np.ndarray:
        contents, art, offsets, hand, key = self._lying(table)
        if self.frames_maker is not None:
            return self.frames_maker.frame(key, contents, art, hand, offsets_mm=offsets)
        scene = replace(self.scene, contents=contents, art=art, offsets_mm=offsets,
                        hands=(hand,) if hand is not None else ())  # fmt: skip
        self._full_renders += 1
        return render(scene, self.rng).image

    @property
    def settler(self) -> SlotSettler:
        return self.view.settler

    @property
    def unsure(self) -> int:
        """Settled readings of a face the reader was not sure of, so far."""
        return self.settler.unsure

    def frame(self, table: dict[str, tuple[str, str | None]], t_mono: float) -> Observation | None:
        """One frame of ``table``: the slots whose settled reading changed (or the table
        lost, once), or None."""
        t0 = time.process_time()
        image = self._image(table)
        t1 = time.process_time()
        seen = self.view.feed(image, t_mono)
        self.read_s += time.process_time() - t1
        self.render_s += t1 - t0
        self.frames += 1
        return seen


def keep_frames(recorder, camera: RenderedCardCamera) -> None:
    """The black box (``blackbox.recorder.SessionRecorder``) keeps every frame ``camera``
    reads, at the size it was read: a card told from its twin by a small patch does not
    move the recorder's coarse change test, so no frame is left to an ``again``."""
    from ...blackbox.seams import tap_demo_table

    recorder.frame_width_px = max(recorder.frame_width_px, camera.size_px[0])
    recorder.change_level = 0.0  # every frame differs enough to be kept
    tap_demo_table(recorder, SimpleNamespace(camera=camera))
