"""``GameService``: validate with the rules, journal, then show; resume after any crash.

One game is under way at a time. Its journal lives in ``STATE_DIR/games/``; the file
``STATE_DIR/current`` names it, so a restart (also after SIGKILL or power loss) resumes
the same game in the same state. A journal that cannot be read is moved whole into
``STATE_DIR/damaged/`` (never deleted) and named on every dashboard; a state directory
that cannot be written (full, read-only) is a notice, and each refused change a
``StorageError``: nothing in memory runs ahead of the journal. Dashboards wait on
``wait_for_change`` and always get the latest snapshot (latest wins: a slow tablet skips
intermediate states, never falls behind).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import random
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import (
    CompanionError,
    IllegalAction,
    JournalError,
    MalformedRecord,
    StorageError,
    reason,
)
from ..games.common.text import and_list
from ..games.registry import GameRules, rules_for
from ..i18n.catalogues import SOURCE_LANGUAGE, render_all
from ..i18n.message import Msg, commas, msg, reason_of
from ..i18n.sensed import channel, sensed
from ..journal import Journal, record_text, storage_error
from ..profile import ScaleProfile, default_profile
from ..sensing.observations import Fault, Observation
from ..tables import TABLES
from ..tables.hinkel_stein.referee import Reaction, ScaleReferee
from . import seat_codes, state_files
from .history import DEFAULT_LIMIT, HistoryIndex

log = logging.getLogger("companion.referee")

#: Per game the dashboard knows: its view module. Each has ``view(states, actions, table)``
#: (``table``: the game's referee, for what the sensors see),
#: ``choices(state)``, ``undo_hint(action, before, after)``, ``start_record(players,
#: options, rng)`` and ``CAMERA_LAYOUT`` (the vision layout the camera reads it with).
VIEWS = {game: table.view for game, table in TABLES.items()}

#: Per game: the referee that turns the table's sensors into actions and warnings. Each
#: has ``observe(obs, state)``, ``after_change(state)`` and ``tick(t_mono, state)`` (each
#: a ``Reaction``), ``tablet_action()``, and ``hand_on_scale``, ``last_settled``,
#: ``faulty``; optional, where the table needs them: ``done(state)`` (the boulder holder),
#: ``undone(state)`` and ``accept_table(state)`` (stones still lying after an undo; a
#: misread accepted), ``watches_after_the_end`` (the board is still cleared after the game),
#: a ``Reaction.amend`` (a record to replace the last action) with ``amend_refused(why)``.
REFEREES: dict[str, Callable[[ScaleProfile], Any]] = {
    game: table.referee for game, table in TABLES.items()
}


_GAME_ID = state_files.GAME_ID
DEVICE_STATES = ("ok", "simulated", "fault", "off")


class NoGame(CompanionError, LookupError):
    """No game is under way: start one first."""


class RecordHidden(CompanionError, PermissionError):
    """The game under way hides cards (its view's ``HIDES_CARDS``): its record, which
    lists them, is given out once the game is over."""


class UndoConflict(CompanionError, ValueError):
    """The undo names an action that is no longer the last one: another tablet took it
    back already, or a newer action came. The message says which."""


@dataclass
class _Game:
    """The fold of one journal: every state, the actions and their journal rows."""

    rules: GameRules
    journal: Journal
    actions: list[Any] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    seqs: list[int] = field(default_factory=list)

    @property
    def state(self) -> Any:
        return self.states[-1]


class GameService:
    """The one place a game changes. Thread-safe; one instance owns the state directory."""

    def __init__(
        self,
        state_dir: str | os.PathLike[str],
        *,
        clock_mono: Callable[[], float] = time.monotonic,
        profile: ScaleProfile | None = None,
        on_notch: Callable[[str], None] | None = None,
    ) -> None:
        self.state_dir = Path(state_dir)
        self._clock_mono = clock_mono
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._version = 0
        #: this start of the service: versions count from 0 again after a restart, so a
        #: dashboard orders snapshots by version only within one instance
        self.instance = secrets.token_hex(8)
        self._game: _Game | None = None
        self.notices: list[str] = []  # banners for every dashboard (fallbacks, recoveries)
        self.warnings: list[str] = []  # table and rules disagreeing, until resolved
        #: what the table showed and the rules refused: stands until the game changes
        self._refusals: list[str] = []
        self.last_undo: list[str] = []
        self.asks: tuple[dict[str, Any], ...] = ()
        #: (game id, {seat code: player}) for games whose view has ``seat_view``
        self._seat_codes: tuple[str, dict[str, str]] | None = None
        #: (game id, {player: look}) for games whose view has ``LOOKS`` (kept in STATE_DIR)
        self._looks: tuple[str, dict[str, dict[str, str]]] | None = None
        #: the addresses that ask to pair now (``companion.pairing``), named on every dashboard
        self.pairing_requests: tuple[str, ...] = ()
        self.accepted: Counter[tuple[str, str]] = Counter()  # (source, record type) -> count
        self.closed = False
        self._snapshot_cache: dict[str, Any] | None = None
        #: language -> (version, the snapshot in it as JSON)
        self._json_cache: dict[str, tuple[int, str]] = {}
        self.devices: dict[str, dict[str, str]] = {}  # device -> {"state", "detail"}
        self.profile = profile or default_profile()
        self.on_notch = on_notch  # tells the scale sensing where the pivot is now
        self._referee: ScaleReferee | None = None
        self._notch: str | None = None
        #: why the state directory cannot be written now (a notice on every dashboard)
        self.storage_problem: str | None = None
        self._storage_kind: str | None = None  # "full", "read-only" or "io" (StorageError)
        #: the first version that shows the game's actions as they are now (undo by version)
        self._actions_version = 0
        problem = state_files.probe_writable(self.state_dir / "games")
        if problem is not None:
            self._storage_failed(problem)
        self.history = HistoryIndex(self.state_dir / "games")
        self._resume()

    # -- lifecycle -----------------------------------------------------------------

    @property
    def _current_file(self) -> Path:
        return self.state_dir / "current"

    def _resume(self) -> None:
        """Resume the game ``current`` names. A journal that cannot be read is moved
        aside whole and named in a notice; the companion comes up without a game."""
        name, problem = state_files.read_current(self._current_file)
        if problem is not None:
            self.announce(
                msg(
                    "{problem}: no game was resumed; start a new game (the kept games are in"
                    " the history)",
                    problem=problem,
                )
            )
        if name is None:
            return
        path = self.state_dir / "games" / name
        if not path.exists():
            self.announce(
                msg(
                    "the game journal {name} named in {current} is missing",
                    name=name,
                    current=str(self._current_file),
                )
            )
            return
        # a full disk still opens the journal for writing: once space is freed it goes on
        writable = self._storage_kind in (None, "full")
        try:
            if state_files.is_empty(path):  # opened, it would become a new, empty journal
                raise JournalError(msg("journal {path!r}: an empty file (0 bytes)", path=str(path)))
            journal = self._open_to_resume(path, writable=writable)
            try:
                game = self._fold(journal)
            except BaseException:
                journal.close()
                raise
        except StorageError:  # the disk, not the journal: leave it where it is
            self.announce(
                msg(
                    "the game journal {name} cannot be opened while the state directory"
                    " cannot be written: no game was resumed (the journal is left as it is)",
                    name=name,
                )
            )
            return
        except (JournalError, MalformedRecord, OSError) as e:
            why = reason_of(e) if isinstance(e, CompanionError) else reason(e)
            self._set_aside(path, why, writable=writable)
            return
        self._game = game
        self._new_referee()
        if journal.readonly:  # the storage notice says why nothing can be recorded
            log.warning("the game %s is shown read-only", path.stem)
        log.info("resumed game %s at row %s", name, game.seqs[-1] if game.seqs else 0)

    def _open_to_resume(self, path: Path, *, writable: bool) -> Journal:
        """The journal at ``path``, for writing if the disk lets it open so, else to read
        only (a full disk may refuse even SQLite's shared-memory file)."""
        if writable:
            try:
                return Journal(path, clock_mono=self._clock_mono)
            except StorageError as e:
                if self.storage_problem is None:  # else the probe said it better already
                    self._storage_failed(e)
        # read the file as it is, unless a WAL holds rows not in it yet (SQLite reads those)
        immutable = state_files.is_empty(Path(f"{path}-wal"), wal=False)
        return Journal(path, clock_mono=self._clock_mono, readonly=True, immutable=immutable)

    def _set_aside(self, path: Path, why: str, *, writable: bool) -> None:
        """Move the unreadable journal ``path`` whole into ``STATE_DIR/damaged/`` (see
        ``state_files.move_aside``); say so on every dashboard."""
        if not writable:
            self.announce(
                msg(
                    "the game journal {name} cannot be read ({why}) and cannot be moved"
                    " aside while the state directory cannot be written: no game was resumed",
                    name=path.name,
                    why=why,
                )
            )
            return
        try:
            dest = state_files.move_aside(self.state_dir, path)
            self._current_file.unlink(missing_ok=True)
        except OSError as e:
            self.announce(
                msg(
                    "the game journal {name} cannot be read ({why}), and moving it to"
                    " {folder} failed ({reason}): no game was resumed",
                    name=path.name,
                    why=why,
                    folder=str(self.state_dir / "damaged"),
                    reason=reason(e),
                )
            )
            return
        self.announce(
            msg(
                "the game journal {name} could not be read ({why}): it was moved whole"
                " to {dest} (nothing was deleted). Start a new game; a newer companion or"
                " `companion replay` may still read the file",
                name=path.name,
                why=why,
                dest=str(dest),
            )
        )

    def _storage_failed(self, error: StorageError) -> None:
        """The state directory refused a write: say why on every dashboard."""
        message = reason_of(error)  # a message: each page says it in its language
        if message != self.storage_problem:
            log.error("state directory: %s", message)
            with self._lock:
                self.storage_problem = message
                self._storage_kind = error.kind
                self._bump()

    def _storage_recovered(self) -> None:
        if self.storage_problem is not None and not (self._game and self._game.journal.readonly):
            log.warning("state directory: writes work again")
            self.storage_problem = self._storage_kind = None
            self._bump()

    def _fold(self, journal: Journal) -> _Game:
        rows = journal.effective_rows()
        if not rows:
            raise MalformedRecord(f"the journal {journal.path.name} holds no start")
        rules = rules_for(rows[0].payload.get("game"))
        if rules is None:
            raise MalformedRecord(f"the journal {journal.path.name} is for an unknown game")
        game = _Game(rules, journal)
        for row in rows:
            try:
                action = rules.parse_action(row.payload)
                if action is None:
                    continue
                state = rules.start(action) if not game.states else rules.apply(game.state, action)
            except ValueError as e:  # keep what replays; say plainly what did not
                self.announce(
                    msg(
                        "journal row {row} could not be replayed ({reason}); the game goes on"
                        " from before it",
                        row=row.seq,
                        reason=reason_of(e),
                    )
                )
                break
            game.actions.append(action)
            game.states.append(state)
            game.seqs.append(row.seq)
        if not game.states:
            raise MalformedRecord(f"the journal {journal.path.name} does not start a game")
        return game

    def close(self) -> None:
        """Close the journal and end every dashboard's event stream."""
        with self._lock:
            self.closed = True
            if self._game is not None:
                self._keep_in_history(self._game)
            self.history.close()
            self._changed.notify_all()

    def _keep_in_history(self, game: _Game) -> None:
        """Close ``game``'s journal and store its summary in the history index."""
        summary = game.rules.to_json(game.state)
        game.journal.close()
        self.history.record(game.journal.path.stem, summary)

    def announce(self, message: str) -> None:
        """Show ``message`` on every dashboard (and in the log) until the service restarts."""
        log.warning(message)
        with self._lock:
            self.notices.append(message)
            self._bump()

    def show_pairing_requests(self, addresses: list[str]) -> None:
        """The devices that ask to pair now (their addresses): every dashboard names them
        while they wait, so that people at the table notice a request nobody there made."""
        with self._lock:
            if tuple(addresses) != self.pairing_requests:
                self.pairing_requests = tuple(addresses)
                self._bump()

    def device_status(self, device: str, state: str, detail: str = "") -> None:
        """Report a device's health for the dashboards: ``state`` is ``ok``, ``simulated``,
        ``fault`` or ``off``; ``detail`` says what is wrong or what it is, in words."""
        if state not in DEVICE_STATES:
            raise ValueError(f"device state {state!r}; allowed: {', '.join(DEVICE_STATES)}")
        with self._lock:
            entry = {"state": state, "detail": detail}
            if self.devices.get(device) != entry:
                self.devices[device] = entry
                self._bump()

    # -- changing the game ---------------------------------------------------------

    def new_game(self, start: dict[str, Any]) -> dict[str, Any]:
        """Start a new game from its ``start`` record; the previous game's journal stays.

        The record is checked whole (rules, names, storable text) before any file
        exists; a disk that refuses the new journal raises ``StorageError`` and leaves
        no file behind and the game under way as it was."""
        rules = rules_for(start.get("game")) if isinstance(start, dict) else None
        if rules is None:
            raise MalformedRecord("a new game needs a start record naming a known game")
        action = rules.parse_action(start)
        state = rules.start(action)  # IllegalAction for a bad deal, before any file exists
        record = rules.to_record(action)
        record_text(record)  # MalformedRecord for text no file can hold, before any file exists
        name = state_files.new_journal_name(self.state_dir / "games", datetime.now(UTC))
        path = self.state_dir / "games" / name
        journal = None
        try:
            journal = Journal(path, clock_mono=self._clock_mono)
            seq = journal.append(record)
            self._point_to(name)
        except (StorageError, OSError) as e:
            if journal is not None:
                journal.close()
            state_files.remove_unaccepted(path)
            problem = e if isinstance(e, StorageError) else storage_error(e, path)
            if problem is None:
                raise
            self._storage_failed(problem)
            raise problem from e
        with self._lock:
            if self._game is not None:
                self._keep_in_history(self._game)
            self._game = _Game(rules, journal, [action], [state], [seq])
            self.history.forget_listing()
            self.warnings.clear()
            self._refusals.clear()
            self.last_undo = []
            self._new_referee()
            self._storage_recovered()
            self._actions_version = self._version + 1
            self._bump()
            return self.snapshot()

    def start_game(
        self,
        players: list[str],
        *,
        game: str = "hinkel-stein",
        options: dict[str, Any] | None = None,
        rng: random.Random | None = None,
        **more: Any,
    ) -> dict[str, Any]:
        """Start a game of ``game`` for ``players`` (clockwise). ``options`` (and keywords)
        are the game's: Hinkel & Stein ``deal`` and ``supply`` (without a deal the cards
        are drawn), Stein im Brett ``colours`` and ``layout`` (without colours they are
        dealt); ``rng`` draws what is not given (default: the system's randomness)."""
        if options is not None and not isinstance(options, dict):
            raise MalformedRecord(f"a new game's options are an object, not {options!r}")
        options = {**(options or {}), **more}
        view = VIEWS.get(game) if isinstance(game, str) else None
        if view is None:
            known = and_list([rules_for(g).title for g in VIEWS])
            raise MalformedRecord(f"the dashboard can start {known} games, not {game!r}")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise MalformedRecord("players must be a list of names, in clockwise order")
        players = [p.strip() for p in players]
        options = {k: v for k, v in options.items() if v is not None}
        return self.new_game(view.start_record(players, options, rng or random.SystemRandom()))

    def _point_to(self, name: str) -> None:
        tmp = self._current_file.with_suffix(".tmp")
        with tmp.open("w", encoding="utf-8") as f:
            f.write(name + "\n")
            f.flush()
            os.fsync(f.fileno())
        tmp.replace(self._current_file)

    def submit(self, record: dict[str, Any], *, source: str = "tablet") -> dict[str, Any]:
        """Apply one action (a record object): checked by the rules, journaled, then shown.

        Raises ``MalformedRecord`` or ``IllegalAction`` and changes nothing when refused.
        """
        with self._lock:
            game = self._require_game()
            action = game.rules.parse_action(record)
            if action is None:
                raise MalformedRecord("a comment is not an action")
            state = game.rules.apply(game.state, action)
            canonical = game.rules.to_record(action)
            seq = self._journaled(game, "append", canonical)  # durable before shown
            game.actions.append(action)
            game.states.append(state)
            game.seqs.append(seq)
            self.last_undo = []
            self._refusals.clear()  # the game moved on: what was refused is judged afresh
            self.accepted[(source, record["type"])] += 1
            log.info("accepted %s from %s (row %d)", canonical, source, seq)
            if self._referee is not None:
                if source != "sensor":
                    self._referee.tablet_action()  # players confirmed the table as it is
                self._react(self._referee.after_change(state))
            self._sync_notch()
            self._bump()
            return self.snapshot()

    def undo(
        self, count: int = 1, *, row: int | None = None, version: int | None = None
    ) -> dict[str, Any]:
        """Take back the last ``count`` actions (never the start); say what to put back.

        With ``row`` (the journal row of the last action as the tablet saw it, the
        snapshot's ``game.row``) exactly that action is taken back, and only if it is
        still the last: else ``UndoConflict`` says whether it was taken back already or
        which newer action came, and nothing changes (two tablets pressing Undo at once
        take back one action). ``version`` (the snapshot's ``version``) does the same
        for the last action that snapshot showed: refused if an action came or was taken
        back since."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"undo takes a count of 1 or more actions, not {count!r}")
        if row is not None and (isinstance(row, bool) or not isinstance(row, int) or row < 1):
            raise ValueError(f"undo takes the row of the action to take back, not {row!r}")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            raise ValueError(f"undo takes the version the tablet showed, not {version!r}")
        if (row is not None or version is not None) and count != 1:
            raise ValueError("undo takes back one action by its row; send a row or a count")
        with self._lock:
            game = self._require_game()
            if row is not None:
                self._check_undo_row(game, row)
            if version is not None and not self._actions_version <= version <= self._version:
                raise UndoConflict(
                    msg(
                        "the game changed since version {version} (an action came or was"
                        " taken back, by another tablet or the table); the last action now is"
                        " {last} (row {row}): look at it again and undo if it is wrong",
                        version=version,
                        last=_said(game.rules.to_record(game.actions[-1])),
                        row=game.seqs[-1],
                    )
                )
            if count >= len(game.actions):
                left = len(game.actions) - 1
                raise ValueError(
                    msg(
                        "cannot undo {count} action(s): only {left} after the start",
                        count=count,
                        left=left,
                    )
                )
            self._journaled(game, "undo", count)
            self._refusals.clear()
            hints = []
            view = VIEWS.get(game.rules.name)
            for _ in range(count):
                action = game.actions.pop()
                after = game.states.pop()
                game.seqs.pop()
                if view is not None:
                    hints.append(view.undo_hint(action, game.state, after))
            self.last_undo = hints
            if self._referee is not None:
                self._referee.tablet_action()
                undone = getattr(self._referee, "undone", None)
                if undone is not None:  # the undone stones still lie on the table
                    self._react(undone(game.state))
            self._sync_notch()
            self._bump()
            return self.snapshot()

    @staticmethod
    def _check_undo_row(game: _Game, row: int) -> None:
        last = game.seqs[-1]
        if row == last:
            if len(game.seqs) == 1:
                raise ValueError(msg("nothing to undo: the game has only its start"))
            return
        if row in game.seqs:
            newer = game.seqs.index(row) + 1
            came = [_said(game.rules.to_record(a)) for a in game.actions[newer:]]
            raise UndoConflict(
                msg(
                    "a newer action came after row {row}: {came} (row {last});"
                    " look at the game again and undo that first if it is wrong",
                    row=row,
                    came=_commas(came),
                    last=last,
                )
            )
        raise UndoConflict(
            msg(
                "that action (row {row}) was already taken back by another tablet or the"
                " table; the last action now is {action} (row {last})",
                row=row,
                action=_said(game.rules.to_record(game.actions[-1])),
                last=last,
            )
        )

    def _journaled(self, game: _Game, write: str, *args: Any) -> int:
        """``game.journal.<write>(*args)``; a refused write is a notice and re-raised. A
        journal opened read-only on a full disk is opened for writing again first: once
        space is freed, the game goes on without a restart."""
        if game.journal.readonly and self._storage_kind == "full":
            with contextlib.suppress(JournalError):  # still full: refused below, as before
                writable = Journal(game.journal.path, clock_mono=self._clock_mono)
                game.journal.close()
                game.journal = writable
            if game.journal.readonly:  # the disk's own reason, not the read-only opening
                raise StorageError(self.storage_problem or msg("the disk is full"), kind="full")
        try:
            seq = getattr(game.journal, write)(*args)
        except StorageError as e:
            self._storage_failed(e)
            raise
        self._actions_version = self._version + 1  # the next version shows this change
        self._storage_recovered()
        return seq

    # -- the table's sensors --------------------------------------------------------

    def _new_referee(self) -> None:
        game = self._game
        make = REFEREES.get(game.rules.name) if game is not None else None
        self._referee = make(self.profile) if make is not None else None
        self.asks = ()
        self._sync_notch()

    @property
    def camera_layout(self) -> str | None:
        """The vision layout the camera should read for the game under way (None: the
        game has no camera referee, or no game is under way)."""
        with self._lock:
            game = self._game
            view = VIEWS.get(game.rules.name) if game is not None else None
            if view is None or self._referee is None:
                return None
            per_game = getattr(view, "camera_layout_for", None)  # e.g. by the number of players
            return per_game(game.state) if per_game is not None else view.CAMERA_LAYOUT

    def camera_game(self) -> tuple[str, str, Any] | None:
        """The game under way as the camera loop needs it: (its id, its game's name, its
        state now); None while no game with a camera referee is under way."""
        with self._lock:
            game = self._game
            if game is None or self._referee is None or game.rules.name not in VIEWS:
                return None
            return game.journal.path.stem, game.rules.name, game.state

    def _sync_notch(self) -> None:
        notch = (
            getattr(getattr(self._game.state, "round", None), "notch", None) if self._game else None
        )
        if notch is not None and notch != self._notch:
            self._notch = notch
            if self.on_notch is not None:
                self.on_notch(notch)

    def observe(self, obs: Observation) -> None:
        """An observation from the sensing: becomes actions (through the rules) or warnings."""
        with self._lock:
            ended = self._game is not None and self._game.state.finished
            if (
                self._game is None
                or self._referee is None
                or (ended and not getattr(self._referee, "watches_after_the_end", False))
            ):
                if isinstance(obs, Fault):
                    self.announce(
                        msg(
                            "{channel}: {reason}",
                            channel=channel(obs.channel),
                            reason=sensed(obs.reason),
                        )
                    )
                return
            self._react(self._referee.observe(obs, self._game.state))
            self._bump()

    def tick(self, t_mono: float) -> None:
        """Time passes on the sensors' clock: lasting disagreements between weight and
        camera become warnings (the sensing loops call this)."""
        with self._lock:
            if self._game is None or self._referee is None:
                return
            before = list(self.warnings)
            self._react(self._referee.tick(t_mono, self._game.state))
            if self.warnings != before:
                self._bump()

    def boulder_done(self) -> dict[str, Any]:
        """The boulder holder will neither add B1 nor move the Stone of Fate this round."""
        with self._lock:
            game = self._require_game()
            done = getattr(self._referee, "done", None)
            if done is None:
                raise ValueError(f"{game.rules.title} has no boulder holder to say done")
            self._react(done(game.state))
            self._bump()
            return self.snapshot()

    def confirm(self) -> dict[str, Any]:
        """The table's confirm button: the boulder holder is done if the round waits for
        him; otherwise the players confirm the table as it is (its warnings go)."""
        with self._lock:
            game = self._require_game()
            view = VIEWS.get(game.rules.name)
            choices = view.choices(game.state) if view is not None else []
            if any(c["type"] == "done" for c in choices):
                return self.boulder_done()
            if self._referee is not None:
                self._referee.tablet_action()
                self.warnings, self.asks = [], ()
                self._refusals.clear()
                accept = getattr(self._referee, "accept_table", None)
                if accept is not None:  # what the camera reads now is taken as it is
                    self._react(accept(game.state))
            self._bump()
            return self.snapshot()

    def _react(self, reaction: Reaction) -> None:
        restart = getattr(reaction, "restart", None)
        if restart is not None:  # the deal as the camera read it, before any action
            self._restart_from(restart)
            return
        self.warnings = list(reaction.warnings) + self._refusals
        self.asks = reaction.asks
        amend = getattr(reaction, "amend", None)
        if amend is not None:
            self._amend_last(amend)
        for record in reaction.submit:
            try:
                self.submit(record, source="sensor")
            except StorageError:
                why = msg(
                    "The table showed: {action}. It could not be recorded.",
                    action=self._told(record),
                )
                if why not in self._refusals:
                    self._refusals.append(why)
                    self.warnings.append(why)
            except (IllegalAction, MalformedRecord) as e:
                why = msg(
                    "The table showed: {action}. The rules say: {reason}",
                    action=self._told(record),
                    reason=reason_of(e),
                )
                if why not in self._refusals:
                    self._refusals.append(why)
                    self.warnings.append(why)

    def _told(self, record: dict[str, Any]) -> Msg | str:
        """What a referee's record says, as the game's log says it (``Ben places H5 on
        L2``), in the table's language; the record's type where it cannot be read."""
        game = self._require_game()
        try:
            action = game.rules.parse_action(record)
            if action is not None:
                return game.rules.describe(action)
        except (MalformedRecord, IllegalAction, KeyError, TypeError, ValueError):
            pass
        return str(record.get("type", "?"))

    def _restart_from(self, start: dict[str, Any]) -> None:
        """Begin the game anew from the table's ``start`` record (the previous start stays
        in the history, with no action); refused, a warning says why."""
        try:
            self.new_game(start)
        except (IllegalAction, MalformedRecord, StorageError) as e:
            self.warnings = [
                msg(
                    "The camera read a deal the game cannot start from: {reason}",
                    reason=reason_of(e),
                )
            ]
            return
        log.info("the game starts anew from the deal the camera read")

    def _amend_last(self, record: dict[str, Any]) -> None:
        """Put the sensors' ``record`` in place of the game's last action, which must be of
        the same type (the Stone of Fate moved on after its move was recorded, HS-18): the
        journal takes the last action back and appends ``record``. If the last action is
        of another type, or the rules refuse ``record`` there, nothing changes and a
        warning says what to do."""
        game = self._require_game()
        kind = record["type"]
        last = game.rules.to_record(game.actions[-1]) if len(game.actions) > 1 else None
        why = None
        if last is None or last["type"] != kind:
            what = (
                msg("{action} came after it", action=last["type"])
                if last is not None
                else msg("nothing to amend")
            )
            why = msg(
                "The table changed the {action} move after it was recorded, but {what}:"
                " put it back as recorded, or undo on the tablet back to the {action} and"
                " do it again",
                action=kind,
                what=what,
            )
        else:
            try:
                action = game.rules.parse_action(record)
                state = game.rules.apply(game.states[-2], action)
            except (IllegalAction, MalformedRecord) as e:
                why = msg(
                    "The table changed the {action} move, but the rules say: {reason}",
                    action=kind,
                    reason=reason_of(e),
                )
        if why is not None:
            refused = getattr(self._referee, "amend_refused", None)
            if refused is not None:
                self._react(refused(why))
            else:
                self.warnings.append(why)
            return
        canonical = game.rules.to_record(action)
        try:  # the last action taken back and the new one appended: both or neither
            seq = self._journaled(game, "replace_last", canonical)
        except StorageError:
            self.warnings.append(
                msg(
                    "The table changed the {action} move, but it could not be recorded", action=kind
                )
            )
            return
        game.actions[-1], game.states[-1], game.seqs[-1] = action, state, seq
        self.last_undo = []
        self._refusals.clear()
        self.accepted[("sensor", f"{kind} amended")] += 1
        log.info("amended the last action %s to %s (row %d)", last, canonical, seq)
        self._react(self._referee.after_change(state))
        self._sync_notch()
        self._bump()

    def _require_game(self) -> _Game:
        if self._game is None:
            raise NoGame(msg("no game is under way: start a new game first"))
        return self._game

    # -- reading -------------------------------------------------------------------

    @property
    def game_state(self) -> Any:
        """The rules' state of the game under way (None without a game): for the wiring
        that drives a simulated table, and for tests."""
        with self._lock:
            return self._game.state if self._game is not None else None

    @property
    def version(self) -> int:
        """Bumped on every change; a dashboard compares it with what it last showed."""
        return self._version

    def _bump(self) -> None:
        self._version += 1
        self._changed.notify_all()

    def wait_for_change(self, seen: int, timeout_s: float) -> int:
        """Block until the version differs from ``seen`` or ``timeout_s`` passes; the version."""
        with self._changed:
            self._changed.wait_for(lambda: self._version != seen or self.closed, timeout=timeout_s)
            return self._version

    def snapshot(self, lang: str = SOURCE_LANGUAGE) -> dict[str, Any]:
        """Everything a dashboard shows, as JSON-ready data (a fresh top-level dict; the
        parts are built once per version and shared by every open dashboard). Its texts
        (warnings, hints, what the game awaits) are messages: said in ``lang`` as plain
        strings; in English (the default) they stay messages, whose text is the English."""
        with self._lock:
            cached = self._snapshot_cache
            if cached is None or cached["version"] != self._version:
                cached = self._snapshot_cache = self._build_snapshot()
            return render_all(dict(cached), lang)

    def snapshot_json(self, lang: str = SOURCE_LANGUAGE) -> tuple[int, str]:
        """The snapshot in ``lang`` as JSON text, with its version: serialised once per
        version and language, and shared by every dashboard's event stream in it."""
        with self._lock:
            cached = self._json_cache.get(lang)
            if cached is None or cached[0] != self._version:
                snap = self.snapshot(lang)
                text = json.dumps(snap, ensure_ascii=False)
                cached = self._json_cache[lang] = (snap["version"], text)
            return cached

    def _device_view(self) -> dict[str, dict[str, str]]:
        """Device health, with the sensing's faults (a channel stuck or silent) folded in."""
        out = {name: dict(entry) for name, entry in self.devices.items()}
        faulty = sorted(self._referee.faulty) if self._referee is not None else []
        if faulty and "load cells" in out:
            out["load cells"] = {"state": "fault", "detail": f"fault on {', '.join(faulty)}"}
        return out

    def _build_snapshot(self) -> dict[str, Any]:
        with self._lock:
            storage = [self.storage_problem] if self.storage_problem else []
            base: dict[str, Any] = {
                "instance": self.instance,
                "version": self._version,
                "notices": list(self.notices) + storage,
                "warnings": list(self.warnings),
                "undo_hints": list(self.last_undo),
                "asks": list(self.asks),
                "pairing_requests": list(self.pairing_requests),
                "hand_on_scale": bool(self._referee and self._referee.hand_on_scale),
                "devices": self._device_view(),
            }
            game = self._game
            if game is None:
                return base | {"game": None, "replay": None, "view": None}
            state = game.state
            view = VIEWS.get(game.rules.name)
            view_data = (
                view.view(game.states, game.actions, self._referee) if view is not None else None
            )
            return base | {
                "game": {
                    "id": game.journal.path.stem,
                    "name": game.rules.name,
                    "title": game.rules.title,
                    "actions": len(game.actions),
                    "row": game.seqs[-1],
                    **({"looks": self._looks_of(game)} if hasattr(view, "LOOKS") else {}),
                },
                # a game that hides cards says what the shared page may know of it
                "replay": getattr(view, "public_json", game.rules.to_json)(state),
                "view": view_data,
            }

    def record_jsonl(self) -> str:
        """The game so far as a JSONL record (undone actions left out)."""
        with self._lock:
            game = self._require_game()
            self._check_record_shown(game)
            return "".join(
                json.dumps(game.rules.to_record(a), ensure_ascii=False) + "\n" for a in game.actions
            )

    def _check_record_shown(self, game: _Game) -> None:
        view = VIEWS.get(game.rules.name)
        if getattr(view, "HIDES_CARDS", False) and not game.state.finished:
            raise RecordHidden(
                f"the record of a {game.rules.title} game lists the cards hidden in the"
                " stacks: it is given out once the game is over"
            )

    def seat_codes(self) -> dict[str, str]:
        """{player: code} for the game under way, one random code per seat (kept apart
        from the table PIN, new for each game, kept in the state directory across a
        restart: ``seat_codes``): with it a player opens his own view (``seat_view``).
        Only for games with a seat view."""
        with self._lock:
            game = self._require_game()
            view = VIEWS.get(game.rules.name)
            if not hasattr(view, "seat_view"):
                raise ValueError(f"{game.rules.title} has no private seat views")
            gid = game.journal.path.stem
            if self._seat_codes is None or self._seat_codes[0] != gid:
                codes = seat_codes.load(self.state_dir, gid)
                if codes is None or set(codes.values()) != set(game.state.players):
                    codes = seat_codes.new_codes(game.state.players)
                    seat_codes.save(self.state_dir, gid, codes)  # kept across a restart
                self._seat_codes = (gid, codes)
            return {p: c for c, p in self._seat_codes[1].items()}

    def _looks_of(self, game: _Game) -> dict[str, dict[str, str]]:
        """{player: {"picture", "colour"}} chosen for ``game`` (its view's ``LOOKS`` store,
        in the state directory: kept across a restart); players not named have none."""
        gid = game.journal.path.stem
        if self._looks is None or self._looks[0] != gid:
            self._looks = (gid, VIEWS[game.rules.name].LOOKS.load(self.state_dir, gid))
        return dict(self._looks[1])

    def set_looks(self, looks: Any) -> dict[str, Any]:
        """Set the pictures and colours the players chose (``{player: {"picture",
        "colour"}}``, for games whose view has ``LOOKS``): checked, kept in the state
        directory, then shown. ``ValueError`` names what is wrong."""
        with self._lock:
            game = self._require_game()
            store = getattr(VIEWS.get(game.rules.name), "LOOKS", None)
            if store is None:
                raise ValueError(f"{game.rules.title} has no pictures to choose")
            chosen = self._looks_of(game) | store.check(game.state.players, looks)
            why = store.save(self.state_dir, game.journal.path.stem, chosen)
            if why is not None:
                self.announce(why)
            self._looks = (game.journal.path.stem, chosen)
            self._bump()
            return self.snapshot()

    def seat_view(self, code: str) -> dict[str, Any]:
        """The private view of the seat whose code is ``code``; ``LookupError`` if no
        seat of the game under way has that code."""
        with self._lock:
            game = self._game
            codes = self._seat_codes
            if game is not None and codes is None:  # given out before a restart?
                kept = seat_codes.load(self.state_dir, game.journal.path.stem)
                if kept is not None:
                    codes = self._seat_codes = (game.journal.path.stem, kept)
            if game is None or codes is None or codes[0] != game.journal.path.stem:
                raise NoGame("no seat codes are given out for a game under way")
            text = code.strip().upper() if isinstance(code, str) else ""
            player = None
            for c, p in codes[1].items():  # compared in constant time, each
                if secrets.compare_digest(c.encode(), text.encode()):
                    player = p
            if player is None:
                raise NoGame("no seat has that code: ask for it at the table")
            out = VIEWS[game.rules.name].seat_view(game.states, player)
            return out | {"version": self._version, "instance": self.instance}

    def games(self, *, limit: int = DEFAULT_LIMIT, before: str | None = None) -> dict[str, Any]:
        """A page of the kept games, newest first, from the history index:
        ``{"games": [{"id", "current", "summary"}, ...], "next": id or None}`` (``next``:
        pass it as ``before`` for the older ones). ``summary`` is what ``companion replay
        --json`` prints, or ``{"error": reason}``; the game under way's is from memory."""
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"limit is a whole number of games from 1, not {limit!r}")
        if before is not None and not _GAME_ID.fullmatch(before):
            raise ValueError(f"before is a game id like 20261129-112631-4ae865, not {before!r}")
        with self._lock:
            game = self._game
            current = (game.journal.path.stem, lambda: self.snapshot()["replay"]) if game else None
        return self.history.page(limit=limit, before=before, current=current)

    def record_of(self, game_id: str) -> str:
        """The JSONL record of a kept game (``games()`` lists their ids)."""
        if not _GAME_ID.fullmatch(game_id or ""):
            raise NoGame(f"no game {game_id!r}: ids look like 20261129-112631-4ae865")
        path = self.state_dir / "games" / f"{game_id}.journal"
        if not path.exists():
            raise NoGame(f"no game {game_id!r} is kept here")
        with self._lock:
            if self._game is not None and self._game.journal.path.stem == game_id:
                self._check_record_shown(self._game)
        with Journal(path, readonly=True) as j:
            return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in j.records())


def _said(record: dict[str, Any]) -> Any:
    """An action in a few words for a message: its type and who, e.g. "stake by Ben"."""
    who = record.get("player")
    if isinstance(who, str):
        return msg("{action} by {who}", action=record["type"], who=who)
    return str(record["type"])


_commas = commas
