"""The HiLo demo table: scripted players, a camera over the table, the real referee.

Seeded random legal players decide (``scripted.ScriptedTable``); each action becomes
the steps people make at the table (a card lifted, the old card in the hand, the discard
pile's top taken up, a hand over the draw pile), and a camera reports every step as the
card reader does: ``CardsSeen`` with the slots whose reading changed. The referee in the
``GameService`` records the game from those observations alone. A question the referee
asks (a card exchanged for one of the same design, say) is answered on the tablet, as
players would; an action the camera did not record by the end of the turn is entered on
the tablet, announced and counted in ``missed``; a wrong record is undone, entered right
and counted in ``wrong`` (never silently). An undo on the tablet (by a person watching
the demo) is followed, not fought: the players put the cards back as they were before
the undone actions and play on from there; actions entered on the tablet after it are
played at the table if the cards there agree (else the demo stops and says why).

Without ``camera`` every step is reported as it lies (a perfect camera: the referee's
part is what that measures); with a ``RenderedCardCamera`` each step is rendered as the
table then lies and read by the card reader (``--vision``).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from ...errors import IllegalAction, MalformedRecord
from ...games.hilo.actions import Action
from ...games.hilo.record import parse_action, to_record
from ...games.hilo.summary import describe
from ...i18n.message import msg, nmsg, reason_of
from ...referee.service import GameService
from ..demo_clock import DemoClock
from .scripted import ScriptedTable, Step, cards_seen

log = logging.getLogger("companion.demo_hilo")

STEP_S = 0.6  # simulated seconds between two steps at the table
THINK_S = 1.5  # simulated seconds a player thinks before acting
FRAME_S = 0.2  # simulated seconds between two rendered frames (5 a second)
FRAMES_A_STEP = 4  # rendered frames a step is given to settle
ASK_FRAMES = 4  # rendered frames the camera sees in the pause after a turn (0.8 s)


class SimulatedCardTable(DemoClock):
    """Plays games of HiLo on ``service`` through a camera that reports each step.

    ``seed``: the deal and every decision come from it; ``speed`` > 0 runs in real time
    (``speed`` times faster), None as fast as possible (tests, the bench). Counters per
    game: ``camera`` (actions recorded from the camera), ``asked`` (answered on the
    tablet when the referee asked), ``missed`` (entered on the tablet), ``wrong`` (wrong
    records put right), ``actions`` (all played), ``withdrawn`` (questions the camera
    settled itself while the players read them: a card lying still named surely),
    ``late`` (turns the camera recorded in the pause after them).
    """

    def __init__(
        self,
        service: GameService,
        *,
        seed: int = 1,
        players: int = 2,
        speed: float | None = 1.0,
        sleep: Callable[[float], None] = time.sleep,
        camera: Any = None,
    ) -> None:
        self.service = service
        self.camera = camera  # a RenderedCardCamera, or None: every slot read right
        self.seed = seed
        self.players = players
        self.speed = speed
        self.sleep = sleep
        self.t_mono = 0.0
        self.stop = threading.Event()
        self.table = ScriptedTable(players, seed=seed)
        self.played: list[Action] = []
        self.recorded_by_camera = self.asked = self.missed = self.wrong = 0
        self.withdrawn = 0  # questions the camera settled while the players read them
        self.late = 0  # turns the camera recorded in the players' pause after them
        self.undone = 0  # actions taken back on the tablet, followed by the table
        self.steps = 0  # observations the camera reported
        self._before: list[tuple] = []  # the table before each action played
        self._rows: list[int] = []  # the journal rows of the game as the demo last saw it
        #: the table as the camera sees it now: the steps seen so far (``table.play`` works
        #: out an action's steps at once, its ``table`` is the table after the last)
        self.in_view: Step = {}
        detail = (
            "rendered frames of the demo's HiLo table, read by the card reader"
            if camera is not None
            else "a camera reporting the demo's HiLo table slot by slot"
        )
        service.device_status("camera", "simulated", detail)

    # -- time and the camera ------------------------------------------------------------

    def see(self, step: Step) -> None:
        self.steps += 1
        self.in_view.update(step)
        if self.camera is None:
            self.t_mono += STEP_S
            self.service.observe(cards_seen(step, self.table.layout, self.t_mono))
            if self.speed:
                self.sleep(STEP_S / self.speed)
            return
        for _ in range(FRAMES_A_STEP):  # frames until the step has settled, at most
            self.t_mono += FRAME_S
            seen = self.camera.frame(self.in_view, self.t_mono)
            if seen is not None:
                self.service.observe(seen)
            if self.speed:
                self.sleep(FRAME_S / self.speed)
            if all(self.camera.settler.settled.get(k) == v for k, v in step.items()):
                break

    # -- the game -----------------------------------------------------------------------

    def recorded(self) -> list[Action]:
        """The game's actions as the service holds them (the start left out)."""
        lines = self.service.record_jsonl().splitlines()
        return [parse_action(json.loads(line)) for line in lines[1:]]

    def play_game(self, max_actions: int | None = None) -> None:
        """Deal, play until the game is over (or ``stop``, or ``max_actions`` played),
        count what the camera did."""
        self.service.new_game(self.table.start_record())
        self._rows = self._journal_rows()
        self.see(self.table.deal())
        self.play_on(max_actions)

    def play_on(self, max_actions: int | None = None) -> None:
        """Play the game under way on (to its end, or ``max_actions`` more actions)."""
        done = 0
        while not self.table.state.finished and not self.stop.is_set():
            if max_actions is not None and done >= max_actions:
                break
            self.idle(THINK_S)
            if self._follow_the_tablet():
                continue
            action = self.table.next_action()
            self._before.append(self.table.snapshot())
            self.played.append(action)
            done += 1
            for step in self.table.play(action):
                self.see(step)
            self._answer()
            if self.table.state.phase in ("turn", "over"):
                self._catch_up()
        self._catch_up()
        self.recorded_by_camera = len(self.played) - self.asked - self.missed

    # -- the tablet took over -------------------------------------------------------------

    def _journal_rows(self) -> list[int]:
        with self.service._lock:  # the demo reads the service's fold; it never writes it
            game = self.service._game
            return list(game.seqs) if game is not None else []

    def _follow_the_tablet(self) -> bool:
        """If actions the demo knew of were taken back on the tablet since it last looked:
        the cards go back as they lay before the first of them (the camera sees them put
        back), and what the tablet entered since is played at the table. True if so."""
        rows = self._journal_rows()
        if rows[: len(self._rows)] == self._rows:
            self._rows = rows
            return False
        rec = self.recorded()
        k = 0
        while k < min(len(rec), len(self.played)) and rec[k] == self.played[k]:
            k += 1
        if k < len(self.played):
            self.undone += len(self.played) - k
            n = len(self.played) - k
            self.service.announce(
                nmsg(
                    "demo: {n} action taken back on the tablet; the players put the cards back"
                    " and play on from there",
                    "demo: {n} actions taken back on the tablet; the players put the cards back"
                    " and play on from there",
                    n,
                    n=n,
                )
            )
            back = self.table.restore(self._before[k])
            del self._before[k:], self.played[k:]
            if back:
                self.see(back)
        for action in rec[k:]:  # entered on the tablet since the undo
            if self.table.cards.fill(self.table.state, action) != action:
                self.service.announce(
                    msg(
                        "demo: {action} was entered on the tablet, but the cards on the demo's"
                        " table say otherwise; the demo stops here",
                        action=describe(action),
                    )
                )
                self.stop.set()
                break
            self._before.append(self.table.snapshot())
            self.played.append(action)
            for step in self.table.play(action):
                self.see(step)
        self._rows = self._journal_rows()
        return True

    def _behind(self) -> tuple[bool, bool]:
        """(a question on the tablet, a turn over that the record lacks)."""
        asked = bool(self.service.snapshot()["asks"])
        over = self.table.state.phase in ("turn", "over")
        return asked, over and len(self.recorded()) < len(self.played)

    def _linger(self) -> None:
        """After an action the players pause (``THINK_S``) and the camera goes on
        looking at the still table. While the referee is behind (a question on the
        tablet, or a turn over and not recorded), the demo shows it up to
        ``ASK_FRAMES`` more frames: a card lying still may be named surely now, a slot a
        hand left may settle; a question may go before anyone taps."""
        if self.camera is None:
            return
        asked, lagging = self._behind()
        for _ in range(ASK_FRAMES if asked or lagging else 0):
            self.t_mono += FRAME_S
            seen = self.camera.frame(self.in_view, self.t_mono)
            if seen is None:
                continue
            self.service.observe(seen)
            still_asked, still_lagging = self._behind()
            if not (still_asked or still_lagging):
                self.withdrawn += asked
                self.late += lagging and not asked
                return

    def _answer(self) -> None:
        """Tap the referee's questions, while one fits the game as played."""
        self._linger()
        for _ in range(len(self.played) + 1):
            k = len(self.recorded())
            fits = None
            for ask in self.service.snapshot()["asks"]:
                actions = [parse_action(r) for r in ask.get("records", [])]
                if actions and self.played[k : k + len(actions)] == actions:
                    fits = ask
                    break
            if fits is None:
                return
            for r in fits["records"]:
                self.service.submit(r, source="tablet")
            self.asked += len(fits["records"])

    def _catch_up(self) -> None:
        """What the camera missed is entered on the tablet; a wrong record is undone."""
        for _ in range(4 * len(self.played) + 4):
            if self._follow_the_tablet():
                continue
            if self.stop.is_set():
                return
            rec = self.recorded()
            good = 0
            while good < min(len(rec), len(self.played)) and rec[good] == self.played[good]:
                good += 1
            if len(rec) > good:
                self.wrong += len(rec) - good
                did = describe(self.played[good]) if good < len(self.played) else None
                self.service.announce(
                    msg(
                        "demo: the camera recorded {recorded} but the players did {did}; undone"
                        " and entered right",
                        recorded=describe(rec[good]),
                        did=did if did is not None else msg("nothing more"),
                    )
                )
                self.service.undo(len(rec) - good)
                self._rows = self._journal_rows()
                continue
            if len(rec) == len(self.played):
                return
            missing = self.played[len(rec)]
            try:
                self.service.submit(to_record(missing), source="tablet")
            except (IllegalAction, MalformedRecord) as e:
                self.service.announce(
                    msg(
                        "demo: could not enter {action}: {reason}",
                        action=describe(missing),
                        reason=reason_of(e),
                    )
                )
                raise
            self.missed += 1
            self.service.announce(
                msg(
                    "demo: the camera missed {action}; entered on the tablet",
                    action=describe(missing),
                )
            )
        raise RuntimeError("demo: the record does not follow the game")

    def summary(self) -> dict:
        state = self.service.game_state
        return {
            "seed": self.seed,
            "players": self.players,
            "actions": len(self.played),
            "camera": self.recorded_by_camera,
            "asked": self.asked,
            "missed": self.missed,
            "wrong": self.wrong,
            "undone": self.undone,
            "withdrawn": self.withdrawn,
            "late": self.late,
            "scores": list(state.scores or ()),
            "truth": list(self.table.state.scores or ()),
        }
