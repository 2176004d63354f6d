"""The Heuchel & Meuchel demo table: scripted players at a synthetic camera, end to end.

Seeded random legal players (``RandomPlayer``) decide; what they do with the cards goes
through the whole pipeline: the synthetic camera renders the board as a camera over the
table sees it (``devices.render`` with the generated deck's pictures on the cards: one
pose and lamp for the game, fresh sensor noise every frame, a hand reaching in while a
card is laid or moved), the vision reads the frames (``CardCamera``: the card reader and
the change tracker) and the referee records what it sees (``GameService.observe``).

The deal: each player lays his cards on their starting squares, a stack card by card;
``DealReader`` reads it and the game starts from the deal as read. In the dice variant
the player throws the die into its tray (a hand over it, the die tumbling, then lying
still): the camera reads it (``die``); a roll not recorded so is tapped (``die_tapped``).
The end of a turn is tapped on the tablet (the camera does not see it). When the camera
cannot tell two readings apart (a remainder discarded, say), the tablet is asked and the
player taps what he did (counted in ``asked``). A move the referee did not record within
``PATIENCE_S`` is entered on the tablet, announced and counted in ``missed``; one it
recorded otherwise than played is undone, entered right and counted in ``wrong``: never
silently. Should the tablet change the game meanwhile (an undo, a move entered), the
table follows the record (``match_board``) and the players carry on from there.
"""

from __future__ import annotations

import logging
import random
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from ...devices.card_scenes import deck_pictures
from ...devices.frame_maker import FrameMaker
from ...devices.render import Hand, render
from ...devices.scenes import random_hand, random_scene
from ...errors import IllegalAction, MalformedRecord
from ...games.heuchel_meuchel import actions as A
from ...games.heuchel_meuchel import apply as apply_rules
from ...games.heuchel_meuchel.names import START_OF
from ...games.heuchel_meuchel.random_player import RandomPlayer, random_setup
from ...games.heuchel_meuchel.record import to_record
from ...games.heuchel_meuchel.state import GameState
from ...referee.service import GameService
from ..demo_clock import DemoClock
from .camera import CardCamera, DealReader, ready_deck
from .cells import BACK, cell_id, discard_id, parse_cell, parse_discard
from .die import DIE_MM, draw_die, draw_rolling_die

log = logging.getLogger("companion.demo_heuchel_meuchel")

GAME = "heuchel-meuchel"
FRAME_S = 0.2  # simulated seconds between two frames
THINK_S = 1.0  # simulated seconds a player thinks before he acts
PATIENCE_S = 3.0  # simulated seconds of clear frames before a move counts as missed


def camera_pose(
    board_mm: tuple[float, float], size_px: tuple[int, int], rng: np.random.Generator
) -> np.ndarray:
    """Board mm -> image px for a camera above the long board, its length along the frame's
    width (either way round), filling 85-92 % of it, a few degrees off square and a little
    perspective (each corner moved up to 1.5 % of the frame)."""
    bw, bh = board_mm
    w, h = size_px
    scale = rng.uniform(0.85, 0.92) * min(w / bh, h / bw)
    turn = np.radians(rng.uniform(-3, 3)) + (np.pi / 2 if rng.random() < 0.5 else -np.pi / 2)
    c, s = np.cos(turn), np.sin(turn)
    corners = np.array([[0, 0], [bw, 0], [bw, bh], [0, bh]], float) - np.array([bw, bh]) / 2
    pts = corners @ np.array([[c, s], [-s, c]]) * scale + np.array([w, h]) / 2
    pts += rng.uniform(-0.015, 0.015, (4, 2)) * np.array([w, h])
    src = (corners + np.array([bw, bh]) / 2).astype(np.float32)
    return cv2.getPerspectiveTransform(src, pts.astype(np.float32)).astype(np.float64)


def _deck_dir() -> Path:
    return Path(tempfile.gettempdir()) / "companion-heuchel-meuchel-deck"


class SimulatedCardTable(DemoClock):
    """Plays games of Heuchel & Meuchel on ``service`` through a synthetic camera.

    ``seed``: everything (deal, choices, scene, noise, hands) comes from it; ``speed`` > 0
    runs in real time (``speed`` times faster), None as fast as possible (tests, bench);
    ``size_px``: the camera's frame (width, height); ``layout``: the layout's name or file
    (where the die tray stands: its ``[tray]``). Counters: ``frames``, ``read_s`` /
    ``render_s`` (CPU seconds reading / making frames; ``cheap_frames``: the board
    rendered once per way the cards lie, see ``frames``, else every frame in full),
    ``recorded`` (actions the camera recorded as played), ``asked`` (tapped because the
    camera could not tell), ``missed`` (entered on the tablet), ``wrong`` (recorded
    otherwise than played), ``accepted`` (times the players accepted the table as it
    is: a card the camera misreads),
    ``deal_ok``.
    """

    def __init__(
        self,
        service: GameService,
        *,
        seed: int = 1,
        speed: float | None = 1.0,
        size_px: tuple[int, int] = (1600, 900),
        sleep: Callable[[float], None] = time.sleep,
        deck=None,
        deck_dir: str | Path | None = None,
        cheap_frames: bool = True,
        throw_die: bool = True,
        layout: str | Path = GAME,
    ) -> None:
        self.service = service
        self.seed = seed
        self.speed = speed
        self.sleep = sleep
        folder = Path(deck_dir) if deck_dir is not None else _deck_dir()
        self.deck = deck if deck is not None else ready_deck(folder)
        self.pictures = deck_pictures(folder)
        self.rng = random.Random(seed)
        self.player = RandomPlayer(seed)
        self.np_rng = np.random.default_rng(seed)
        self.camera = CardCamera(self.deck, layout=layout)
        layout = self.camera.layout
        scene = random_scene(layout, self.np_rng, size_px=size_px, hands=0, shadows=0)
        pose = camera_pose(layout.size_mm, size_px, self.np_rng)
        self.scene = replace(scene, contents={}, art={}, board_to_image=pose)
        #: the cheap frames (``FrameMaker``: a clean render per way the cards lie,
        #: fresh noise and hands laid over it); None: every frame rendered in full
        self.frames_maker = FrameMaker(self.scene, self.np_rng) if cheap_frames else None
        self.table: dict[str, tuple[str, ...] | str] = {}  # square -> cards (top first) or BACK
        self.t_mono = 0.0
        self.frames = self.recorded = self.asked = self.missed = self.wrong = self.accepted = 0
        self.read_s = self.render_s = 0.0
        self.deal_ok = None
        #: dice games: the die thrown into its tray and read by the camera (else tapped);
        #: ``die`` is how it lies: (value, centre mm, angle°), ("rolling", path, seed), None
        self.throw_die = throw_die
        self.die: tuple | None = None
        self.die_read = self.die_tapped = self.die_wrong = 0
        self.stop = threading.Event()
        self._deal: DealReader | None = None
        service.device_status("camera", "simulated", "rendered views of the demo's card table")

    # -- time and frames ---------------------------------------------------------------

    def frame(self, hand: Hand | None = None) -> None:
        """One frame of the table as it lies now, read and handed on; then ``FRAME_S``."""
        contents, art, tops = {}, {}, {}
        for cell, what in self.table.items():
            if what == BACK:
                contents[cell], art[cell] = "back", self.pictures["back"]
            elif what:
                contents[cell], art[cell] = "face", self.pictures[what[0]]
            tops[cell] = what if what == BACK else what[0] if what else None
        t0 = time.process_time()
        draw = self._draw_die()
        if self.frames_maker is not None:
            key = (tuple(sorted((c, v) for c, v in tops.items() if v)), self.die)  # in sight
            image = self.frames_maker.frame(key, contents, art, hand, draw)
        else:
            hands = (hand,) if hand else ()
            scene = replace(self.scene, contents=contents, art=art, hands=hands, draw=draw)
            image = render(scene, self.np_rng).image
        t1 = time.process_time()
        obs = self.camera.feed(image, self.t_mono)
        self.render_s += t1 - t0
        self.read_s += time.process_time() - t1
        self.frames += 1
        for o in obs if isinstance(obs, list) else [] if obs is None else [obs]:
            if self._deal is not None:
                self._deal.observe(o)
            else:
                self.service.observe(o)
        self.idle(FRAME_S)

    def _draw_die(self):
        """What paints the die on the board (None: no die on the table)."""
        if self.die is None:
            return None
        if self.die[0] == "rolling":
            path, seed = self.die[1], self.die[2]
            return lambda tex, ppm: draw_rolling_die(
                tex, ppm, path_mm=path, rng=np.random.default_rng(seed)
            )
        value, centre, angle = self.die
        return lambda tex, ppm: draw_die(tex, ppm, value=value, centre_mm=centre, angle_deg=angle)

    def _lay_die(self, value: int) -> None:
        """The die comes to rest in its tray, ``value`` up, somewhere in it, turned."""
        (cx, cy), (w, h) = self.camera.tray.centre_mm, self.camera.tray.size_mm
        room_x, room_y = w / 2 - DIE_MM, h / 2 - DIE_MM
        centre = (
            round(cx + self.rng.uniform(-room_x, room_x), 1),
            round(cy + self.rng.uniform(-room_y, room_y), 1),
        )
        self.die = (value, centre, round(self.rng.uniform(0, 90), 1))

    def throw(self, roll: A.Roll) -> bool:
        """The player on turn throws the die into its tray (a hand over it, the die
        tumbling for two frames, then still showing ``roll.value``); True if the camera
        recorded the roll as thrown (a roll read otherwise is undone and entered right:
        ``die_wrong``), False if it was tapped at last (``die_tapped``)."""
        state = self.service.game_state
        hand = self._hand("c6r7")
        tray = cv2.perspectiveTransform(
            np.array([[self.camera.tray.centre_mm]], float), self.scene.board_to_image
        )
        self.frame(replace(hand, to_px=(float(tray[0, 0, 0]), float(tray[0, 0, 1]))))
        (cx, cy), (w, h) = self.camera.tray.centre_mm, self.camera.tray.size_mm
        for _ in range(2):  # tumbling
            path = tuple(
                (cx + self.rng.uniform(-w / 3, w / 3), cy + self.rng.uniform(-h / 3, h / 3))
                for _ in range(4)
            )
            self.die = ("rolling", path, self.rng.randrange(1 << 30))
            self.frame()
        self._lay_die(roll.value)
        self._settle(lambda: self.service.game_state is not state)
        since = self._since(state)
        if since == [roll]:
            self.die_read += 1
            return True
        if since:
            self.die_wrong += 1
            log.warning("seed %d: the die read as %s, %s thrown", self.seed, since, roll)
            self.service.undo(len(since))
        self.die_tapped += 1
        self.service.submit(to_record(roll), source="tablet")
        return False

    def _hand(self, cell: str) -> Hand:
        return random_hand(self.scene, self.np_rng, target=cell)

    def _settle(self, done: Callable[[], bool], patience_s: float = PATIENCE_S) -> bool:
        waited = 0.0
        while not done() and waited < patience_s - 1e-9 and not self.stop.is_set():
            self.frame()
            waited += FRAME_S
        return done()

    def show_state(self, state: GameState) -> None:
        """The table as the record has it (square -> top first, flipped as ``back``), and
        each player's lost cards face up on his discard area where the layout has one:
        the cards lost at once are laid on the pile as they lay in their stack (its top
        card on top); cards no longer lost (undone) are taken back off it."""
        old = {c: v for c, v in self.table.items() if parse_discard(c) is not None}
        self.table = {}
        for s in range(state.n):
            for r, u in state.units(s):
                self.table[cell_id(s, r)] = BACK if u.flipped else u.cards
        areas = set(self.camera.layout.regions.get("discards", ()))
        for s, lost in enumerate(state.discards):
            cell = discard_id(s)
            if cell not in areas:
                continue
            pile = [c for c in old.get(cell, ()) if c in lost]  # top first
            added = [c for c in lost if c not in pile]
            pile = added + pile
            if pile:
                self.table[cell] = tuple(pile)

    # -- a game --------------------------------------------------------------------------

    def deal(self, players: list[str], *, dice: bool = False, read: bool = True) -> dict:
        """Lay a seeded deal, card by card (with ``read``: through the camera, the start
        as read; a deal misread is entered as laid and counted in ``missed``)."""
        stacks = random_setup(players, self.rng)
        truth = {
            "type": "start",
            "game": GAME,
            "players": list(players),
            "stacks": {p: [list(st) for st in ss] for p, ss in zip(players, stacks, strict=True)},
        }
        if dice:
            truth["dice"] = True
        if not read:
            return truth
        self._deal = DealReader(len(players))
        self.table = {}
        try:
            self._settle(lambda: False, 3 * FRAME_S)  # the empty board
            for s, ss in enumerate(stacks):
                for st in ss:
                    cell = cell_id(s, START_OF[st[0]])
                    for k in range(len(st) - 1, -1, -1):  # bottom card first
                        self.table[cell] = st[k:]
                        laid = sum(len(v) for v in self.table.values())
                        self.service.device_status(
                            "camera",
                            "simulated",
                            f"the demo's card table: the deal is being laid and read, {laid}"
                            f" of {6 * len(players)} cards",
                        )
                        self.frame(self._hand(cell))
                        self._settle(lambda cell=cell, c=st[k]: self._deal_top(cell) == c)
            try:
                read_start = self._deal.start_record(list(players), dice=dice)
            except ValueError as e:
                self.service.announce(f"demo: the deal was misread ({e}); entered as laid")
                self.missed += 1
                self.deal_ok = False
                return truth
            self.deal_ok = read_start == truth
            if not self.deal_ok:
                self.missed += 1
                self.service.announce(
                    "demo: the deal was read otherwise than laid; entered as laid"
                )
                return truth
            return read_start
        finally:
            self._deal = None

    def _deal_top(self, cell: str) -> str | None:
        """The card the deal reader last saw laid on ``cell``."""
        pile = self._deal.seen.get(parse_cell(cell)) if self._deal is not None else None
        return pile[-1] if pile else None

    def play_game(self, players: list[str], *, dice: bool = False, read_deal: bool = True) -> None:
        """Deal, start and play a whole game (or until ``stop`` is set)."""
        self.die = None
        if dice:
            self._lay_die(1)  # the die lies in its tray from the start (no throw)
        start = self.deal(players, dice=dice, read=read_deal)
        self.service.new_game(start)
        self.service.device_status("camera", "simulated", "rendered views of the demo's card table")
        self.show_state(self.service.game_state)
        self.service.observe(self.camera.current(self.t_mono))  # what the camera saw laid
        self._settle(lambda: False, 3 * FRAME_S)
        self.play_on()

    def play_on(self, max_actions: int | None = None) -> None:
        """Play the game under way to its end (or ``max_actions`` actions)."""
        done = 0
        while not self.stop.is_set() and (max_actions is None or done < max_actions):
            state = self.service.game_state
            if state is None or state.finished:
                return
            self.match_board(state)
            try:
                self.step(state)
            except (IllegalAction, MalformedRecord, ValueError) as e:
                log.info("seed %d: the tablet got there first (%s)", self.seed, e)
                self.idle(THINK_S)
            done += 1

    def step(self, state: GameState) -> None:
        """The next decision of whoever is on turn: tapped (the die, the end of the
        turn) or done with the cards under the camera."""
        action = self.player.choose(state)
        self.idle(THINK_S)
        if isinstance(action, A.Roll) and self.throw_die:
            self.throw(action)
            return
        if isinstance(action, A.Roll | A.End):
            self.service.submit(to_record(action), source="tablet")
            return
        after = apply_rules(state, action)
        before_table = dict(self.table)
        self.show_state(after)
        moved = [
            c
            for c in set(before_table) | set(self.table)
            if before_table.get(c) != self.table.get(c)
        ]
        target = moved[-1] if moved else cell_id(state.turn.player, 1)
        self.frame(self._hand(target))
        self._settle(lambda: self.service.game_state is not state or bool(self.service.asks))
        now = self.service.game_state
        if now is state and self.service.asks:
            self.asked += 1
            self.service.submit(to_record(action), source="tablet")  # the player taps it
            self._settle(lambda: self.service.game_state is not state)
            return
        if now is state and self.service.warnings:
            # the camera reads a square otherwise than the record (a misread card): the
            # players look, find the table right and accept it as it is
            self.accepted += 1
            self.service.confirm()
            self._settle(lambda: self.service.game_state is not state)
            now = self.service.game_state
        if now is state:
            self.missed += 1
            self.service.announce(
                f"demo: the camera did not record {action.player}'s {to_record(action)['type']};"
                " entered on the tablet instead"
            )
            self.service.submit(to_record(action), source="tablet")
            return
        since = self._since(state)
        if since is None:
            return  # the tablet changed the game meanwhile: look again
        if since == [action] or (since and since[-1] == action and now == after):
            self.recorded += 1
            return
        self.wrong += 1
        log.warning("seed %d: recorded %s, played %s", self.seed, since, action)
        self.service.announce(
            f"demo: the camera recorded {since} but {action} was played; undone and entered"
        )
        self.service.undo(len(since))
        self.service.submit(to_record(action), source="tablet")

    def _since(self, before: GameState) -> list[A.Action] | None:
        """The actions journaled since the game stood at ``before`` (None: undone since)."""
        game = self.service._game  # the demo reads the service's fold; it never writes it
        if game is None:
            return None
        for i in range(len(game.states) - 1, -1, -1):
            if game.states[i] is before:
                return list(game.actions[i + 1 :])
        return None

    def match_board(self, state: GameState) -> None:
        """Bring the table in line with the record after the tablet took over (an undo,
        a move entered by hand): a hand over each square that changes, then clear frames."""
        before = dict(self.table)
        self.show_state(state)
        changed = [c for c in set(before) | set(self.table) if before.get(c) != self.table.get(c)]
        if not changed:
            return
        for c in sorted(changed):
            self.frame(self._hand(c))
        self._settle(lambda: not self.service.warnings)
