"""The Stein auf Stein demo table: scripted children at a synthetic camera, end to end.

Seeded random legal players (``RandomPlayer``) decide; what they do on the table goes
through the whole pipeline: the synthetic camera renders the mat with its blocks and the
die (``devices.block_scenes``: one pose and lamp for the game, fresh noise each frame, a
hand over the tray while the die is thrown, over the site while the crane fishes), the
block vision reads the frames (``sensing.vision.blocks``) and the referee records what
it saw (``GameService.observe``). The die tumbles (a smear of faces) and then lies still;
the crane's blocks leave the site; those of the rolled colour are laid at the end of the
child's row, the others put back on the site somewhere else; now and then a block on the
site is knocked over, and the children turn it back once the tablet says so.

What the camera cannot see from above is entered on the tablet, as at a real table:
piling in fishing order, stopping, a fall, a tower's or the remaining blocks' height.
A roll or lift the camera did not record within ``PATIENCE_S`` is entered on the tablet
too, announced, and counted in ``missed``: never silently.

Only frames that can tell the camera something are made: the die in the air, the hand
over the site, then clear frames until the referee records the move. Frames are made
cheaply (``devices.frame_maker.FrameMaker``): the table rendered once for each way its
blocks and the die lie, each frame that picture with fresh sensor noise and the hand laid
over it (``cheap_frames=False``: every frame rendered in full, as before).
"""

from __future__ import annotations

import logging
import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from ...devices.block_scenes import (
    Die,
    LaidBlock,
    block_scene,
    draw_block,
    draw_die,
    render_table,
)
from ...devices.frame_maker import FrameMaker
from ...devices.scenes import random_hand
from ...errors import IllegalAction, MalformedRecord
from ...games.stein_auf_stein import actions as A
from ...games.stein_auf_stein import apply as apply_rules
from ...games.stein_auf_stein import queries as q
from ...games.stein_auf_stein import scoring
from ...games.stein_auf_stein.catalogue import Catalogue
from ...games.stein_auf_stein.random_player import RandomPlayer
from ...games.stein_auf_stein.record import to_record
from ...referee.service import GameService
from ...sensing.vision.blocks import SETTLE_FRAMES, BlockReader
from ...sensing.vision.layout import load_layout
from ...table import CameraLoop
from ..demo_clock import DemoClock
from .camera import known_blocks
from .referee import area_of

log = logging.getLogger("companion.demo_stein_auf_stein")

GAME = "stein-auf-stein"
FRAME_S = 0.2  # simulated seconds between two frames
THINK_S = 1.0  # simulated seconds a child takes before acting
PATIENCE_S = 2.0  # simulated seconds of clear frames the demo waits for the referee
KNOCK = 0.12  # chance that a try with the crane knocks a block over on the site
GAP_MM = (1.0, 3.0)  # gaps children leave between the blocks of a row
ROW_CLEAR_MM = 4.0  # a block laid in a row keeps this far from the other rows' blocks


def _bbox(b: LaidBlock) -> tuple[float, float, float, float]:
    """A laid block's axis-aligned box: (x0, y0, x1, y1) mm, or (cx, cy, w, h) for a
    block at the origin (used as the half sizes' source)."""
    a = math.radians(b.angle_deg)
    w = abs(b.size_mm[0] * math.cos(a)) + abs(b.size_mm[1] * math.sin(a))
    h = abs(b.size_mm[0] * math.sin(a)) + abs(b.size_mm[1] * math.cos(a))
    if b.centre_mm == (0.0, 0.0):
        return (0.0, 0.0, w, h)
    cx, cy = b.centre_mm
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _apart(p: tuple, q: tuple) -> float:
    """How far apart two boxes are (mm; negative: they overlap)."""
    return max(q[0] - p[2], p[0] - q[2], q[1] - p[3], p[1] - q[3])


class SimulatedBlockTable(DemoClock):
    """Plays games of Stein auf Stein on ``service`` through a synthetic camera.

    ``seed``: everything (variant draws, rolls, lifts, places, scene, noise, hands) comes
    from it; ``speed`` > 0 runs in real time (``speed`` times faster), None as fast as
    possible; ``size_px``: the camera's frame; ``tilt_deg``: the camera's tilt from
    straight down (None: drawn, 0-25 degrees); ``cheap_frames``: frames made by
    ``FrameMaker`` (a clean render per way the table lies), else each rendered in full.
    Counters: ``missed`` (rolls and lifts entered on the tablet because the camera did
    not record them), ``by_camera`` (record type -> recorded from the camera),
    ``by_tablet`` (record type -> entered on the tablet), ``lifts_as_played`` and
    ``lifts`` (lifts whose record names exactly the blocks the crane lifted),
    ``lifts_right`` / ``lifts_asked`` / ``lifts_wrong`` (recorded from the camera as
    played / entered on the tablet / recorded from the camera otherwise than played),
    ``lift_notes`` (one line for each lift asked or wrong: which, and what was recorded),
    ``frames``, ``clean_renders`` (full renders among them), ``read_s`` / ``render_s``
    (CPU seconds reading / making frames), ``t_mono`` (simulated s).
    """

    def __init__(
        self,
        service: GameService,
        *,
        seed: int = 1,
        speed: float | None = 1.0,
        size_px: tuple[int, int] = (960, 720),
        tilt_deg: float | None = None,
        sleep: Callable[[float], None] = time.sleep,
        cheap_frames: bool = True,
    ) -> None:
        self.service = service
        self.seed = seed
        self.speed = speed
        self.sleep = sleep
        self.rng = random.Random(seed)
        self.player = RandomPlayer(seed)
        self.np_rng = np.random.default_rng(seed)
        self.layout = load_layout(GAME)
        tilt = float(self.np_rng.uniform(0, 25)) if tilt_deg is None else tilt_deg
        self.scene = block_scene(self.layout, self.np_rng, size_px=size_px, tilt_deg=tilt)
        #: the cheap frames: one clean render per way the table lies (None: every frame
        #: rendered in full)
        self.frames_maker = FrameMaker(self.scene, self.np_rng) if cheap_frames else None
        self.hexes = {name: p.colour for name, p in self.layout.pieces.items()}
        #: the camera loop of ``companion run``, fed the rendered frames: it picks the
        #: game's own pipeline (``camera.BlockCamera``) as it does at a real table
        self.camera = CameraLoop(service, source=None)
        self.reader: BlockReader | None = None
        self.laid: dict[str, LaidBlock] = {}  # block id -> where it lies (site or a row)
        self.rows: dict[str, list[str]] = {}  # area -> block ids in its row
        self.die = Die(self._tray_centre(), self.hexes["red"])
        self.t_mono = 0.0
        self.missed = 0
        self.by_camera: dict[str, int] = {}
        self.by_tablet: dict[str, int] = {}
        self.lifts = self.lifts_as_played = 0
        self.lifts_right = self.lifts_asked = self.lifts_wrong = 0
        self.row_errors_mm: list[float] = []
        self.lift_notes: list[str] = []
        self.rows_cleared = 0  # blocks laid further along to keep clear of another row
        self.frames = 0
        self.read_s = self.render_s = 0.0
        self.stop = threading.Event()
        service.device_status(
            "camera", "simulated", "rendered views of the demo's Stein auf Stein table"
        )

    # -- the physical table --------------------------------------------------------------

    def _tray_centre(self) -> tuple[float, float]:
        return self.layout.cell("die").centre_mm

    def _site_box(self) -> tuple[float, float, float, float]:
        assert self.reader is not None
        return self.reader.site_box

    def _free_spot(self, size: tuple[float, float]) -> tuple[tuple[float, float], float]:
        """A place on the site where a block of ``size`` (mm), turned a little, keeps
        6 mm from every other block (their bounding boxes)."""
        x0, y0, x1, y1 = self._site_box()
        others = [_bbox(b) for i, b in self.laid.items() if self._on_site(i)]
        best = None
        for k in range(600):
            angle = self.rng.uniform(-25, 25) if k < 300 else 0.0  # crowded: laid square
            probe = LaidBlock("", "", (0.0, 0.0), size, angle)
            hx, hy = (v / 2 for v in _bbox(probe)[2:])
            c = (
                self.rng.uniform(x0 + hx + 4, x1 - hx - 4),
                self.rng.uniform(y0 + hy + 4, y1 - hy - 4),
            )
            box = (c[0] - hx, c[1] - hy, c[0] + hx, c[1] + hy)
            gap = min((_apart(box, o) for o in others), default=99.0)
            if gap >= 8.0:
                return c, angle
            if best is None or gap > best[0]:
                best = (gap, c, angle)
        return best[1], best[2]

    def _on_site(self, block_id: str) -> bool:
        return not any(block_id in row for row in self.rows.values()) and block_id in self.laid

    def _put_on_site(self, block_id: str, catalogue: Catalogue, *, knocked: bool = False) -> None:
        b = catalogue.index[block_id]
        size = (b.length_mm, b.height_mm) if knocked else (b.length_mm, b.width_mm)
        self.laid.pop(block_id, None)
        centre, angle = self._free_spot(size)
        self.laid[block_id] = LaidBlock(
            block_id, self.hexes[b.colour], centre, size, angle, button=not knocked
        )

    def _lay_in_row(self, block_id: str, seat: int, catalogue: Catalogue) -> None:
        """At the end of the child's row, along the area's axis, a small gap before it."""
        assert self.reader is not None
        area = next(a for a in self.reader.areas if a.name == area_of(seat))
        row = self.rows.setdefault(area.name, [])
        b = catalogue.index[block_id]
        along, across = sorted((b.length_mm, b.width_mm, b.height_mm))[::-1][:2]
        x0, y0, x1, y1 = area.box_mm
        start = (x0 if area.axis == 0 else y0) + 12.0
        if row:
            last = self.laid[row[-1]]
            start = last.centre_mm[area.axis] + last.size_mm[0] / 2 + self.rng.uniform(*GAP_MM)
        end = (x1 if area.axis == 0 else y1) - 10.0
        mid = (y0 + y1) / 2 if area.axis == 0 else (x0 + x1) / 2
        start = self._clear_of_other_rows(area, start, mid, (along, across))
        self.laid.pop(block_id, None)
        row.append(block_id)
        if start + along > end:  # no room on the mat: laid beside it, out of sight
            self.laid[block_id] = LaidBlock(
                block_id, self.hexes[b.colour], (-500, -500), (along, across)
            )
            return
        centre = (start + along / 2, mid) if area.axis == 0 else (mid, start + along / 2)
        angle = (0.0 if area.axis == 0 else 90.0) + self.rng.uniform(-0.8, 0.8)
        self.laid[block_id] = LaidBlock(
            block_id, self.hexes[b.colour], centre, (along, across), angle
        )

    def _clear_of_other_rows(self, area, start: float, mid: float, size) -> float:
        """Where along ``area``'s axis a block of ``size`` (along, across mm) starting at
        ``start`` lies clear of the blocks in the other children's rows (``ROW_CLEAR_MM``
        apart): a child does not lay his block on another's. The rows meet in the mat's
        corners: a wide block at the start of one row lay on the first block of the next
        (seed 9, lift 27: Cleo's B1 on Ana's B2, both read as one blob, neither named)."""
        others = [
            _bbox(self.laid[i])
            for name, ids in self.rows.items()
            if name != area.name
            for i in ids
            if self.laid[i].centre_mm[0] > -100
        ]
        ax = area.axis
        for _ in range(len(others) + 1):
            lo = (start, mid - size[1] / 2) if ax == 0 else (mid - size[1] / 2, start)
            box = (lo[0], lo[1], lo[0] + (size[0] if ax == 0 else size[1]),
                   lo[1] + (size[1] if ax == 0 else size[0]))  # fmt: skip
            hit = [o for o in others if _apart(box, o) < ROW_CLEAR_MM]
            if not hit:
                break
            start = max(o[ax + 2] for o in hit) + ROW_CLEAR_MM
            self.rows_cleared += 1
        return start

    def row_truth_mm(self, area: str) -> float | None:
        """The laid-out row's length (mm) from the first block's start to the last one's end."""
        ids = [i for i in self.rows.get(area, []) if self.laid[i].centre_mm[0] > -100]
        if not ids:
            return None
        axis = next(a.axis for a in self.reader.areas if a.name == area)
        ends = [
            (
                self.laid[i].centre_mm[axis] - self.laid[i].size_mm[0] / 2,
                self.laid[i].centre_mm[axis] + self.laid[i].size_mm[0] / 2,
            )
            for i in ids
        ]
        return max(e for _, e in ends) - min(s for s, _ in ends)

    # -- time and frames -----------------------------------------------------------------

    def frame(self, hand_at: str | None = None) -> None:
        """One frame of the table as it lies now (a hand reaching to the cell ``hand_at``),
        read by the vision and handed to the referee; then ``FRAME_S`` passes."""
        scene = self.scene
        hand = None if hand_at is None else random_hand(scene, self.np_rng, target=hand_at)
        t0 = time.process_time()
        blocks = tuple(b for b in self.laid.values() if b.centre_mm[0] > -100)  # in sight
        if self.frames_maker is not None:
            key = (blocks, self.die)
            image = self.frames_maker.frame(key, {}, {}, hand, self._drawing(blocks, self.die))
        else:
            hands = () if hand is None else (hand,)
            image = render_table(replace(scene, hands=hands), blocks, self.die, self.np_rng)
        t1 = time.process_time()
        self.camera.feed(image, self.t_mono)  # the live camera loop's own path
        self.render_s += t1 - t0
        self.read_s += time.process_time() - t1
        self.frames += 1
        self.idle(FRAME_S)

    def _drawing(self, blocks: tuple[LaidBlock, ...], die: Die) -> Callable:
        """What lies freely on the mat, painted on the board texture (``Scene.draw``)."""
        smear = np.random.default_rng(int(self.np_rng.integers(1 << 31)))

        def draw(tex: np.ndarray, ppm: float) -> None:
            for b in blocks:
                draw_block(tex, b, ppm)
            draw_die(tex, die, ppm, smear)

        return draw

    @property
    def clean_renders(self) -> int:
        """Full renders made (all frames without ``cheap_frames``)."""
        return self.frames if self.frames_maker is None else self.frames_maker.clean_renders

    def _frames_until(self, done: Callable[[], bool], patience_s: float = PATIENCE_S) -> bool:
        waited = 0.0
        while not done() and waited < patience_s - 1e-9 and not self.stop.is_set():
            self.frame()
            waited += FRAME_S
        return done()

    # -- a game --------------------------------------------------------------------------

    def start(self, players: list[str], variant: str = "basic") -> None:
        """A new game: every block on the site, button up, the die in the tray."""
        self.service.start_game(list(players), game=GAME, options={"variant": variant})
        state = self.service.game_state
        cat = state.catalogue
        self.reader = BlockReader(self.layout, known_blocks(cat))  # where things lie (truth)
        self.laid, self.rows = {}, {}
        for b in cat.blocks:
            self._put_on_site(b.id, cat)
        self.die = Die(self._tray_centre(), self.hexes[cat.die[0]])
        for _ in range(4):  # the camera settles on the table as set up
            self.frame()

    def play_game(self, players: list[str], variant: str = "basic") -> None:
        """Start a game and play it to the end, or until ``stop`` is set."""
        self.start(players, variant)
        for _ in range(2000):
            if self.stop.is_set():
                return
            state = self.service.game_state
            if state is None or state.finished:
                break
            try:
                self.step(state)
            except (IllegalAction, MalformedRecord, ValueError) as e:
                log.info("seed %d: the tablet got there first (%s); looking again", self.seed, e)
                self.idle(THINK_S)
        state = self.service.game_state
        for area in self.rows:
            truth = self.row_truth_mm(area)
            if truth is not None and state is not None and state.measuring:
                seat = int(area[-1]) - 1
                if seat < state.n and state.measured[seat] is not None:
                    self.row_errors_mm.append(state.measured[seat] - truth)

    def step(self, state) -> None:
        """The next decision, played on the table (roll, lift) or on the tablet."""
        aw = q.awaiting(state)
        action = self.player.choose(state)
        self.idle(THINK_S)
        if isinstance(action, A.Roll):
            self._roll(state, action)
        elif isinstance(action, A.Lift):
            self._lift(state, action)
        elif isinstance(action, A.Measure) and aw.of == "own" and state.build == "row":
            # the camera measures the rows by itself once play is over
            if not self._frames_until(lambda: self.service.game_state is not state):
                self._enter(action, "did not measure")
        else:
            self._tablet(action)
            fell = (
                self.player.after(self.service.game_state) if isinstance(action, A.Pile) else None
            )
            if fell is not None:
                self._tablet(fell)

    def _roll(self, state, action: A.Roll) -> None:
        cat = state.catalogue
        tray = self._tray_centre()
        path = tuple(
            (tray[0] + self.rng.uniform(-25, 25), tray[1] + self.rng.uniform(-20, 20))
            for _ in range(4)
        )
        faces = tuple(self.hexes[c] for c in self.rng.sample(list(cat.die), k=min(3, len(cat.die))))
        self.die = Die(tray, self.hexes[action.colour], rolling=True, path_mm=path, faces=faces)
        self.frame(hand_at="die")
        self.frame()
        spot = (tray[0] + self.rng.uniform(-8, 8), tray[1] + self.rng.uniform(-8, 8))
        self.die = Die(spot, self.hexes[action.colour], self.rng.uniform(0, 90))
        if self._frames_until(lambda: self.service.game_state is not state):
            self._count(self.by_camera, "roll")
        else:
            self._enter(action, "did not read the die")

    def _lift(self, state, action: A.Lift) -> None:
        cat = state.catalogue
        seat = state.turn
        kept = [b for b in action.blocks if cat.colour(b) == state.rolled]
        back = [b for b in action.blocks if cat.colour(b) != state.rolled]
        for b in action.blocks:  # in the crane
            self.laid[b] = replace(self.laid[b], centre_mm=(-500.0, -500.0))
        knocked = None
        site = [b for b in q.site_blocks(state) if b not in action.blocks]
        if site and self.rng.random() < KNOCK:
            knocked = self.rng.choice(site)
            self._put_on_site(knocked, cat, knocked=True)
        self.frame(hand_at="s22")
        if back:  # the child looks at the blocks in the crane, off the site, then puts
            for _ in range(SETTLE_FRAMES):  # back those of another colour
                self.frame()
        for b in back:
            self._put_on_site(b, cat)
        for b in kept:
            self._lay_in_row(b, seat, cat)
        self.lifts += 1
        after = apply_rules(state, action) if not action.blocks else None
        # an empty try that no throw follows (the game's end): entered on the tablet
        last = after is not None and (after.finished or q.awaiting(after).action != "roll")
        try:
            asked = self._await_lift(state, action, after, last)
        except (IllegalAction, MalformedRecord, ValueError) as e:
            # a tablet entry refused: the lift still counts, by what was recorded
            self._tally(state, action, asked=True, why=f"(a tablet entry refused: {e})")
            raise
        self._tally(state, action, asked, "(an empty try with no throw after it)" if last else "")
        if last:
            return
        if knocked is not None:  # the tablet asks to turn it back: the children do
            self.idle(THINK_S)
            self._put_on_site(knocked, cat)
            self.frame(hand_at="s22")
            self._frames_until(lambda: not any("Turn" in w for w in self.service.warnings))

    def _await_lift(self, state, action: A.Lift, after, last: bool) -> bool:
        """Frames until the referee records the lift (an empty try: until the next child's
        throw, the state ``after`` it awaiting that roll), else the tablet (``last``: an
        empty try no throw follows); True when it was entered on the tablet (asked)."""
        if last:
            self._tablet(action)
            return True
        if not action.blocks:
            # nothing hooked: the referee records it when the next child throws the die
            roll = self.player.choose(after)
            missed = self.missed
            self._roll(state, roll)
            return self.missed > missed  # the roll (and so the empty try) was entered
        if self._frames_until(lambda: self.service.game_state is not state):
            self._count(self.by_camera, "lift")
            return False
        self._enter(action, "did not record")
        return True

    def _tally(self, state, action: A.Lift, asked: bool, why: str = "") -> None:
        """Count the lift just played once: right, asked or wrong (with a note), by the
        record that followed ``state``."""
        cat = state.catalogue
        recorded = self._recorded_lift(state, self.service.game_state)
        if recorded == cat.sorted(action.blocks):
            self.lifts_as_played += 1
        elif recorded is not None:
            log.info("seed %d: lift %s recorded as %s", self.seed, action.blocks, recorded)
        if asked:
            self.lifts_asked += 1
            self._note(state, action, "asked", f"entered on the tablet as {recorded} {why}".strip())
        elif recorded == cat.sorted(action.blocks):
            self.lifts_right += 1
        else:
            self.lifts_wrong += 1
            self._note(state, action, "wrong", f"recorded as {recorded} {why}".strip())

    def _note(self, state, action: A.Lift, kind: str, what: str) -> None:
        """One line in ``lift_notes`` for a lift the camera did not record as played."""
        self.lift_notes.append(
            f"seed {self.seed} lift {self.lifts} ({state.variant}, seat {state.turn + 1},"
            f" rolled {state.rolled}): {kind}: {list(action.blocks)} {what}"
        )

    @staticmethod
    def _recorded_lift(before, now) -> tuple[str, ...] | None:
        """The blocks of the lift recorded after ``before`` (None: none recorded yet)."""
        if now is None or now.last is None or now.last is before.last:
            return None
        return tuple(now.last.lifted)

    # -- the tablet ------------------------------------------------------------------------

    def _count(self, counter: dict[str, int], kind: str) -> None:
        counter[kind] = counter.get(kind, 0) + 1

    def _tablet(self, action) -> None:
        self._count(self.by_tablet, to_record(action)["type"])
        self.service.submit(to_record(action), source="tablet")

    def _enter(self, action, why: str) -> None:
        self.missed += 1
        record = to_record(action)
        self.service.announce(
            f"demo: the camera {why}; {record['type']} entered on the tablet instead"
        )
        log.info("seed %d: the camera %s: %s", self.seed, why, record)
        state = self.service.game_state
        if isinstance(action, A.Lift) and state.rolled is None:
            return  # the referee recorded it meanwhile
        aw = q.awaiting(state)
        if isinstance(action, A.Roll) and aw is not None and aw.action == "lift":
            # the throw that ends an empty try was not seen, so neither was the try: the
            # grown-up taps the empty try first (before, the roll was refused and the try
            # counted neither right, asked nor wrong: seed 14)
            self._tablet(A.Lift(state.players[state.turn], ()))
            if q.awaiting(self.service.game_state).action != "roll":
                # the referee had seen the throw but held the try back (a block of
                # another colour read as off the site): once the try is tapped it records
                # the throw itself, and the roll tapped after it was refused, leaving the
                # try counted nowhere (seed 16, lift 5)
                return
        self._tablet(action)


def computed_rows(state) -> dict[str, float]:
    """Each player's row length computed from the catalogue (for reports)."""
    return {p: scoring.computed_mm(state, i) for i, p in enumerate(state.players)}
