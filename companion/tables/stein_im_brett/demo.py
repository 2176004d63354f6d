"""The Stein im Brett demo table: scripted players at a synthetic camera, end to end.

Seeded random legal players (``RandomPlayer``) decide; what they do on the board goes
through the whole pipeline: the synthetic camera renders the board as a camera over the
table sees it (``devices.render``: one pose and lamp for the whole game, fresh sensor
noise every frame, a hand reaching in while a stone is laid), the vision pipeline reads
the frames (``table.CameraView("stein-im-brett")``) and the referee records the turn
(``GameService.observe``). The draw for the starting player is entered on the tablet
(the camera cannot see into the bag). A turn the camera did not record within
``PATIENCE_S`` is entered on the tablet, announced and counted in ``missed``: never
silently. After each round the players clear the board.

The tablet may take over at any moment (a turn entered by hand, a draw, an undo): the
scripted players yield. Each step reads the game afresh and first brings the board in
line with the record (undone stones off, stones entered on the tablet on, the scored
round cleared), then plays whoever is on turn; an action the rules refuse because the
tablet got there first means "look again" (counted in ``yielded``), never the end.

Rendering is the cost (about 50-60 ms a 640x480 frame on a small CPU), so the table
renders only frames that can tell the camera something: one frame with the hand over
each stone as it is laid, then clear frames, 5 a simulated second, until the referee
records the turn. While nothing on the board changes (a player thinking) the clock
moves on without frames: a frame of an unchanged board cannot change what the camera
has settled.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from ...devices.render import Hand, render
from ...devices.scenes import random_hand, random_scene
from ...errors import IllegalAction, MalformedRecord
from ...games.stein_im_brett import actions as A
from ...games.stein_im_brett import apply as apply_rules
from ...games.stein_im_brett import queries as q
from ...games.stein_im_brett.random_player import RandomPlayer, random_start
from ...games.stein_im_brett.record import to_record
from ...referee.service import GameService
from ...table import CameraView
from ..demo_clock import DemoClock

log = logging.getLogger("companion.demo_stein_im_brett")

GAME = "stein-im-brett"
FRAME_S = 0.2  # simulated seconds between two frames (5 frames a second)
THINK_S = 1.5  # simulated seconds a player takes to draw stones from the bag
PATIENCE_S = 6.0  # simulated seconds the demo waits for the referee before it says "missed"
SETTLE_S = 0.6  # simulated seconds of clear frames on the empty board at the start (3 frames)
CARE = 0.5  # chance a player arranges a turn as the placing rule asks (``advice.arrange``)


class SimulatedBoardTable(DemoClock):
    """Plays games of Stein im Brett on ``service`` through a synthetic camera.

    ``seed``: everything (colours, draws, fields, scene, noise, hands) comes from it;
    ``speed`` > 0 runs in real time (``speed`` times faster), None as fast as possible
    (tests); ``size_px``: the camera's frame (width, height) in pixels.
    Counters: ``missed`` (turns entered on the tablet because the camera did not record
    them as placed), ``frames`` (frames read), ``read_s`` / ``render_s`` (CPU seconds spent
    reading / rendering them), ``t_mono`` (simulated seconds since the table was set up),
    ``longest_wait_s`` (the longest a recorded turn took from the last stone laid to its
    record, simulated seconds), ``yielded`` (steps given up because the tablet changed
    the game meanwhile).
    """

    def __init__(
        self,
        service: GameService,
        *,
        seed: int = 1,
        speed: float | None = 1.0,
        size_px: tuple[int, int] = (640, 480),
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.service = service
        self.seed = seed
        self.speed = speed
        self.sleep = sleep
        self.rng = random.Random(seed)  # colours
        self.player = RandomPlayer(seed, care=CARE)  # draws and fields
        self.np_rng = np.random.default_rng(seed)  # scene, hands, sensor noise
        self.view = CameraView(GAME)
        scene = random_scene(self.view.layout, self.np_rng, size_px=size_px, hands=0, shadows=0)
        self.scene = replace(scene, contents={})
        self.board: dict[str, str] = {}  # field -> colour of the stone lying there
        self.t_mono = 0.0
        self.missed = 0
        self.yielded = 0
        self.frames = 0
        self.read_s = self.render_s = self.longest_wait_s = 0.0
        self.stop = threading.Event()
        service.device_status(
            "camera", "simulated", "rendered views of the demo's Stein im Brett board"
        )

    # -- time and frames -----------------------------------------------------------------

    def frame(self, hand: Hand | None = None) -> None:
        """One frame of the board as it lies now (with ``hand`` reaching in), read by the
        vision pipeline and handed to the referee; then ``FRAME_S`` passes."""
        scene = replace(self.scene, contents=dict(self.board), hands=(hand,) if hand else ())
        t0 = time.process_time()
        image = render(scene, self.np_rng).image
        t1 = time.process_time()
        obs = self.view.feed(image, self.t_mono)
        self.render_s += t1 - t0
        self.read_s += time.process_time() - t1
        self.frames += 1
        if obs is not None:
            self.service.observe(obs)
        self.idle(FRAME_S)

    def _hand(self, target: str) -> Hand:
        """A hand reaching in from a random edge to ``target``, a little off its centre."""
        hand = random_hand(self.scene, self.np_rng, target=target)
        wobble = self.np_rng.normal(0, 0.1 * hand.width_px, 2)
        return replace(hand, to_px=(hand.to_px[0] + wobble[0], hand.to_px[1] + wobble[1]))

    def _clear_frames_until(self, done: Callable[[], bool], patience_s: float) -> float | None:
        """Clear frames until ``done()`` or ``patience_s`` simulated seconds have passed:
        the seconds it took, None if not done."""
        waited = 0.0
        while not done() and waited < patience_s - 1e-9 and not self.stop.is_set():
            self.frame()
            waited += FRAME_S
        return waited if done() else None

    # -- a game --------------------------------------------------------------------------

    def start(self, players: list[str], colours: dict[str, list[str]] | None = None) -> None:
        """Start a game on an empty board. Without ``colours`` they are dealt from the
        table's seed: the same seed, the same game."""
        if colours is None:
            start = random_start(players, self.rng)
            colours = {p: list(cs) for p, cs in zip(players, start.colours, strict=True)}
        self.service.start_game(list(players), game=GAME, colours=colours)
        self.board = {}
        self._clear_frames_until(lambda: False, SETTLE_S)  # the camera sees the empty board

    def play_game(self, players: list[str], colours: dict[str, list[str]] | None = None) -> None:
        """Start a game (see ``start``) and play it to the end, or until ``stop`` is set.
        Whatever the tablet does meanwhile, the players carry on from the game as it is."""
        self.start(players, colours)
        while not self.stop.is_set():
            state = self.service.game_state
            if state is None or state.finished:
                return
            self.match_board(state)
            if self.service.game_state is not state:
                continue  # the tablet acted while the board was put right: look again
            try:
                self.step(state)
            except (IllegalAction, MalformedRecord, ValueError) as e:
                self.yielded += 1  # the tablet got there first: look again
                log.info("seed %d: the tablet got there first (%s); looking again", self.seed, e)
                self.idle(THINK_S)

    def step(self, state) -> None:
        """The next decision: a draw (on the tablet) or a turn (on the board)."""
        action = self.player.choose(state)
        if isinstance(action, A.Draw):
            self.idle(THINK_S)
            if self.service.game_state is state:
                self.service.submit(to_record(action), source="tablet")
            return
        self.idle(THINK_S)
        sensed = self.service.accepted[("sensor", "place")]
        for f, colour in action.stones:  # one at a time, the hand over the field
            if self.service.game_state is not state:
                return  # the tablet took the turn (or undid one): look again
            self.board[f] = colour
            self.frame(self._hand(f))
        waited = self._clear_frames_until(lambda: self.service.game_state is not state, PATIENCE_S)
        after = self.service.game_state
        if waited is None:
            self._enter_by_hand(action, "did not record")
        elif not _one_turn_of(state, after, action.player):
            return  # the tablet changed the game (an undo, a turn entered): look again
        elif not _placed_as(state, after, action):
            if self.service.accepted[("sensor", "place")] == sensed + 1:
                self.service.undo(1)  # the camera misread a stone: the tablet puts it right
                self._enter_by_hand(action, "misread")
            # else the tablet entered this turn otherwise: the table follows (match_board)
        else:
            self.longest_wait_s = max(self.longest_wait_s, waited)
        after = self.service.game_state
        if len(after.scorings) > len(state.scorings):
            self._clear_board()

    def match_board(self, state) -> None:
        """Bring the board in line with the record, as players do after the tablet took
        over: stones the record does not hold come off (undone on the tablet, the scored
        round), stones it holds go on (a turn entered on the tablet, a scoring undone),
        a hand over each; then clear frames until the camera has settled (at most
        ``PATIENCE_S``). Nothing happens when the board already matches."""
        want = {f: c for f, c in zip(state.board.ids, state.cells, strict=True) if c is not None}
        if self.board == want:
            return
        off = [f for f in self.board if want.get(f) != self.board[f]]
        on = [f for f in want if self.board.get(f) != want[f]]
        for f in off:
            del self.board[f]
            self.frame(self._hand(f))
        for f in on:
            self.board[f] = want[f]
            self.frame(self._hand(f))
        log.info(
            "seed %d: the board follows the record: %d off, %d on", self.seed, len(off), len(on)
        )
        self._clear_frames_until(lambda: not self.service.warnings, PATIENCE_S)

    def _enter_by_hand(self, action: A.Place, why: str) -> None:
        record = to_record(action)
        self.missed += 1
        self.service.announce(
            f"demo: the camera {why} {action.player}'s turn; entered on the tablet instead"
        )
        log.info("seed %d: the camera %s %s", self.seed, why, record)
        self.service.submit(record, source="tablet")

    def _clear_board(self) -> None:
        """After a round is scored: the players sweep the stones off in two handfuls
        (a hand over each), then clear frames until the referee's warnings (the request
        to clear the board) are gone, for at most ``PATIENCE_S``."""
        self.idle(THINK_S)
        ids = [c.id for c in self.view.layout.cells]
        lying = sorted(self.board, key=ids.index)
        for half in (lying[: len(lying) // 2], lying[len(lying) // 2 :]):
            if not half:
                continue
            for f in half:
                del self.board[f]
            self.frame(self._hand(half[len(half) // 2]))
        if self._clear_frames_until(lambda: not self.service.warnings, PATIENCE_S) is None:
            log.info("seed %d: warnings stand after clearing: %s", self.seed, self.service.warnings)


def _one_turn_of(before, after, player: str) -> bool:
    """Whether ``after`` is ``before`` with one turn of ``player`` placed (whatever the
    stones), the round scored if it ended: the turn recorded, not an undo or another
    player's turn entered on the tablet."""
    last = after.scorings[-1].cells if len(after.scorings) > len(before.scorings) else after.cells
    ids = before.board.index
    stones = [(f, last[ids[f]]) for f in q.free_fields(before) if last[ids[f]] is not None]
    try:
        return stones != [] and apply_rules(before, A.Place(player, tuple(stones))) == after
    except (IllegalAction, ValueError):
        return False


def _placed_as(before, after, action: A.Place) -> bool:
    """Whether the referee recorded ``action``'s stones (fields and colours) as the turn
    after ``before`` (order aside); ``after`` may be the next round already."""
    last = after.scorings[-1].cells if len(after.scorings) > len(before.scorings) else after.cells
    ids = before.board.index
    placed = {(f, last[ids[f]]) for f in q.free_fields(before) if last[ids[f]] is not None}
    return placed == set(action.stones)
