"""Hinkel & Stein from the scale's observations: what the table did, as actions or warnings.

Pure: it reads the engine's state and one observation at a time and answers with a
``Reaction``: records to submit (they still go through the rules), warnings to show until
the table is put right, and the notch the sensing must now assume. A stone added becomes
the called player's ``place`` (which stone: the census, among the stones he may place); a
load shifted with no mass change becomes the notch's move, or the Stone of Fate's once
it has lain still for ``FATE_REST_S`` (a player may slide it in several nudges: they add
up to one move); the settled scale after the last stone (once the boulder holder has
acted or said done) becomes the ``tilt``. What the rules do not allow is a warning that
names what to do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ...games.hinkel_stein import queries as q
from ...games.hinkel_stein.names import (
    ABILITY_FATE,
    BOULDER,
    SMALLEST_BOULDER,
    SPACES,
    fate_position_allowed,
)
from ...games.hinkel_stein.state import GameState
from ...games.hinkel_stein.text import word
from ...i18n.message import Msg, clauses, msg
from ...i18n.sensed import channel, sensed
from ...profile import ScaleProfile
from ...sensing.census import identify_stone
from ...sensing.observations import (
    BoardLost,
    CellsChanged,
    Fault,
    LoadShifted,
    Observation,
    ScaleDisturbed,
    ScaleNoise,
    ScaleSettled,
    StoneAdded,
    StoneRemoved,
)

#: The camera's layout over the scale, its labels, and how long weight and camera may
#: disagree (s) before it is a warning: the camera needs a few clear frames, the scale
#: a settle, and a hand may cover the space meanwhile.
CAMERA_LAYOUT, STONE, EMPTY = "hinkel-stein", "stone", "empty"
CAMERA_GRACE_S = 2.0
#: How long (s) the Stone of Fate must lie still, the scale at rest, before its move is
#: recorded: a player who pauses between nudges is still moving it (decision HS-18).
FATE_REST_S = 1.5


@dataclass(frozen=True, slots=True)
class Reaction:
    """What the referee makes of one observation."""

    submit: tuple[dict[str, Any], ...] = ()  # records, in order, for the rules to check
    #: every warning now standing (replaces the previous): messages (``companion.i18n``)
    warnings: tuple[str, ...] = ()
    asks: tuple[dict[str, Any], ...] = ()  # choices for the players when the scale can't tell
    #: a record to take the place of the game's last action, of the same type, before
    #: ``submit``: the Stone of Fate moved on after its move was recorded (HS-18)
    amend: dict[str, Any] | None = None


@dataclass
class _Pending:
    """A stone seen on a space before its turn allowed placing (stake or mode still due)."""

    space: str
    mass_g: float
    player: str


@dataclass
class _FateMove:
    """The Stone of Fate being moved in the window: where it lies now (mm from the beam
    centre) and since when the scale has rested with it there (t_mono, s; None: moving)."""

    x_mm: float
    resting_since: float | None = None
    again: bool = False  # it moves on after this round's move was recorded: an amendment


@dataclass
class ScaleReferee:
    """Follows one game on the scale; create a new one for each game."""

    profile: ScaleProfile
    tolerance_g: float = 4.0
    hand_on_scale: bool = False
    faulty: set[str] = field(default_factory=set)
    last_settled: ScaleSettled | None = None
    window_done: bool = False
    _warnings: dict[str, str] = field(default_factory=dict)  # key -> message (a ``Msg``)
    _pending: _Pending | None = None
    _asks: tuple[dict[str, Any], ...] = ()
    _fresh: bool = False  # the last settled reading came after the last change on the scale
    camera: dict[str, str] = field(default_factory=dict)  # space -> label the camera settled on
    _disagree_since: dict[str, float] = field(default_factory=dict)  # space -> t_mono first seen
    _camera_ack: set[tuple[str, str]] = field(default_factory=set)  # (space, warning) confirmed
    _last_state: GameState | None = None
    _decided: str | None = None  # the side the last round ended on, until the scale is cleared
    _seen_result: object | None = None  # the last round result looked at
    _fate: _FateMove | None = None  # the Stone of Fate on its way, not recorded yet
    _amend: dict[str, Any] | None = None  # the next reaction's amendment of the last action

    # -- entry points ----------------------------------------------------------------

    def observe(self, obs: Observation, state: GameState) -> Reaction:
        """React to one observation, given the game as the rules see it now."""
        submit: list[dict[str, Any]] = []
        match obs:
            case Fault(channel=ch, reason=why):
                self.faulty.add(ch)
                self._warnings[f"fault:{ch}"] = msg(
                    "Load cell {cell}: {reason}. Until it is fixed, enter placements and the"
                    " tilt on the tablet (manual entry).",
                    cell=channel(ch),
                    reason=sensed(why),
                )
            case ScaleNoise(problem=problem):
                if problem:  # the sensing cannot decide: say why, until it can again
                    self._warnings["noise"] = msg("{problem}.", problem=clauses([sensed(problem)]))
                else:
                    self._warnings.pop("noise", None)
            case ScaleDisturbed():
                self.hand_on_scale = True
                self._fresh = False
                if self._fate is not None:
                    self._fate.resting_since = None
            case StoneAdded():
                self._fresh = False
                submit += self._added(obs, state)
            case StoneRemoved():
                self._fresh = False
                self._removed(obs, state)
            case LoadShifted():
                self._fresh = False
                submit += self._shifted(obs, state)
            case CellsChanged(layout=layout, changes=changes) if layout == CAMERA_LAYOUT:
                for ch in changes:
                    if ch.cell in SPACES:
                        self.camera[ch.cell] = ch.after
            case BoardLost(layout=layout) if layout == CAMERA_LAYOUT:
                self.camera.clear()  # the camera cannot judge now: no warnings from it
            case ScaleSettled():
                self.hand_on_scale = False
                self.last_settled = obs
                self._fresh = True
                for key in [k for k in self._warnings if k.startswith("fault:")]:
                    del self._warnings[key]  # a settled reading: the cells work again
                    self.faulty.discard(key.split(":", 1)[1])
                if self._fate is not None and self._fate.resting_since is None:
                    self._fate.resting_since = obs.t_mono
                submit += self._settled(obs, state)
        if not submit:
            submit += self._fate_if_rested(obs.t_mono, state)
        self._check_camera(obs.t_mono, state)
        return self._reaction(submit)

    def tick(self, t_mono: float, state: GameState) -> Reaction:
        """Let time pass (the sensing loop calls this): lasting disagreements surface, and
        a Stone of Fate that has lain still long enough is recorded."""
        submit = self._fate_if_rested(t_mono, state)
        self._check_camera(t_mono, state)
        return self._reaction(submit)

    @property
    def fate_moving_mm(self) -> float | None:
        """Where the Stone of Fate lies while its move is not recorded yet (mm), else None."""
        return None if self._fate is None else self._fate.x_mm

    def after_change(self, state: GameState) -> Reaction:
        """Called after any accepted action (tablet or sensor): a stone seen early may now
        be placed; a window with nothing left to do resolves with the last settled side."""
        submit: list[dict[str, Any]] = []
        p = self._pending
        if p is not None and p.space not in q.free_spaces(state):
            self._pending = None  # the stone was entered on the tablet meanwhile
            self._warnings.pop("pending", None)
        elif p is not None:
            aw = q.awaiting(state)
            if aw is not None and aw.action == "place" and aw.player == p.player:
                self._pending = None
                self._warnings.pop("pending", None)
                submit += self._place(p.space, p.mass_g, state)
        fate = self._fate
        if fate is not None and (
            not self._fate_may_move(state, fate.again)
            or (fate.again and round(fate.x_mm) == round(state.round.fate_x))
        ):
            self._fate = None  # recorded where it lies; entered, undone, or the round is over
            self._warnings.pop("fate", None)
            self._warnings.pop("amend", None)
        if state.round.filled == 0:
            self.window_done = False
        result = state.last_result
        if result is not None and result is not self._seen_result:
            self._seen_result = result  # a round was just decided: its stones still lie there
            self._decided = result.down
        if not submit:
            submit += self._tilt_if_ready(state)
        return self._reaction(submit)

    def done(self, state: GameState) -> Reaction:
        """The boulder holder says he is done: a Stone of Fate he moved is recorded where
        it lies, and the settled side becomes the tilt."""
        self.window_done = True
        fate = self._fate_record(state)
        if fate or self._amend is not None:
            return self._reaction(fate)  # the tilt follows in ``after_change``
        return self._reaction(self._tilt_if_ready(state))

    def tablet_action(self) -> None:
        """Players entered an action on the tablet: that confirms the table as it is (the
        warnings about it go), and the scale must settle again before it decides a round."""
        keep = ("fault:", "pending", "noise")
        self._warnings = {k: v for k, v in self._warnings.items() if k.startswith(keep)}
        self._asks = ()
        self._fresh = False
        # what the camera disagrees about now is accepted as it is, until it changes
        self._camera_ack = set(self._camera_disagreements().items())
        self._disagree_since.clear()

    # -- observations ------------------------------------------------------------------

    def _added(self, obs: StoneAdded, state: GameState) -> list[dict[str, Any]]:
        r = state.round
        where = _where(obs.space, obs.x_mm)
        if state.finished:
            self._warnings[f"stray:{where}"] = msg(
                "A stone ({mass:.0f} g) went onto {where}, but the game is over",
                mass=obs.mass_g,
                where=where,
            )
            return []
        if obs.space is None:
            self._warnings[f"stray:{where}"] = msg(
                "A stone ({mass:.0f} g) was put down at {x:.0f} mm, off the"
                " placement spaces: put it on a free space",
                mass=obs.mass_g,
                x=obs.x_mm,
            )
            return []
        if q.window_open(state):
            space = q.boulder_space_option(state)
            b1 = self.profile.stone_mass_g[SMALLEST_BOULDER]
            if obs.space == space and abs(obs.mass_g - b1) <= self.tolerance_g:
                holder = state.players[state.holder(BOULDER)]
                return [
                    *self._fate_record(state),  # a Stone of Fate moved before B1 came
                    {
                        "type": "boulder",
                        "player": holder,
                        "stones": [SMALLEST_BOULDER],
                        "space": space,
                    },
                ]
            if self._put_back(obs, state):
                return []
            self._warnings[f"stray:{where}"] = msg(
                "A stone ({mass:.0f} g) went onto {where} after the fourth stone: only"
                " the boulder holder's B1 may join this round's boulder; take it off",
                mass=obs.mass_g,
                where=where,
            )
            return []
        if self._put_back(obs, state):
            return []
        turn = r.turn
        if turn is None:
            aw = q.awaiting(state)
            need = (
                _must_first(aw.player, aw.action) if aw and aw.player else msg("nobody is on turn")
            )
            self._warnings[f"stray:{where}"] = msg(
                "A stone ({mass:.0f} g) went onto {where} out of turn ({need}):"
                " take it off, or enter the turn on the tablet",
                mass=obs.mass_g,
                where=where,
                need=need,
            )
            return []
        player = state.players[turn.player]
        if turn.kind is None or q.stake_due(state):
            self._pending = _Pending(obs.space, obs.mass_g, player)
            self._warnings["pending"] = (
                msg(
                    "Stone seen on {space}: {who} must choose the kind and mode on the"
                    " tablet first",
                    space=obs.space,
                    who=player,
                )
                if turn.kind is None
                else msg(
                    "Stone seen on {space}: {who} must stake on the tablet first",
                    space=obs.space,
                    who=player,
                )
            )
            return []
        return self._place(obs.space, obs.mass_g, state)

    def _put_back(self, obs: StoneAdded, state: GameState) -> bool:
        """Whether ``obs`` is a stone put back where the record has it, as an undo asks
        ("the stones go back on the scale"): its mass is that of the recorded stones on
        its space, or of some of them (put back one at a time)."""
        p = state.round.placement(obs.space)
        if p is None:
            return False
        masses = [self.profile.stone_mass_g[s] for s in p.stones]
        sums = {sum(c) for k in range(1, len(masses) + 1) for c in combinations(masses, k)}
        return any(abs(obs.mass_g - m) <= self.tolerance_g for m in sums)

    def _place(self, space: str, mass_g: float, state: GameState) -> list[dict[str, Any]]:
        turn = state.round.turn
        player = state.players[turn.player]
        if space not in q.free_spaces(state):
            self._warnings[f"stray:{space}"] = msg(
                "A stone went onto {space}, which is already taken: take it off", space=space
            )
            return []
        match = identify_stone(
            mass_g, q.stone_options(state), self.profile.stone_mass_g, tolerance_g=self.tolerance_g
        )
        if match.stones is None:
            self._warnings[f"stray:{space}"] = msg(
                "{who}'s stone on {space}: {reason}; choose it on the tablet",
                who=player,
                space=space,
                reason=match.reason,
            )
            self._asks = tuple(
                {
                    "label": "+".join(stones),
                    "record": {
                        "type": "place",
                        "player": player,
                        "stones": list(stones),
                        "space": space,
                    },
                }
                for stones, _, _ in match.candidates
            )
            return []
        return [{"type": "place", "player": player, "stones": list(match.stones), "space": space}]

    def _removed(self, obs: StoneRemoved, state: GameState) -> None:
        where = _where(obs.space, obs.x_mm)
        if self._pending is not None and self._pending.space == obs.space:
            self._pending = None  # the player took his early stone back
            self._warnings.pop("pending", None)
            return
        if f"stray:{where}" in self._warnings:
            del self._warnings[f"stray:{where}"]  # the stray stone is gone: put right
            self._asks = ()
            return
        if state.round.filled == 0:
            self._decided = None  # clearing the scale: it may move as it likes now
            self._warnings.pop("touched", None)
            return  # clearing the scale after a round: stones go back or leave the game
        if obs.space is not None and state.round.placement(obs.space) is None:
            return  # the record holds the space free: an undone stone taken off, as asked
        self._warnings[f"removed:{where}"] = msg(
            "A stone ({mass:.0f} g) was taken off {where} during the round: put it back",
            mass=obs.mass_g,
            where=where,
        )

    def _shifted(self, obs: LoadShifted, state: GameState) -> list[dict[str, Any]]:
        r = state.round
        prof = self.profile
        turn = r.turn
        options = q.notch_options(state) if turn is not None else ()
        if options and self.last_settled is not None:
            p_old = prof.notch_x_mm[r.notch]
            p_new = p_old - obs.dtorque_gmm / self.last_settled.total_g
            notch = min(prof.notch_x_mm, key=lambda n: abs(prof.notch_x_mm[n] - p_new))
            if notch in options:
                player = state.players[turn.player]
                return [{"type": "notch", "player": player, "notch": notch}]
        again = not q.fate_open(state)
        if self._fate_may_move(state, again):
            # the Stone of Fate is on its way: recorded once it has lain still (nudges add
            # up); moved on after its move was recorded, the record is amended (HS-18)
            start = r.fate_x if self._fate is None else self._fate.x_mm
            self._fate = _FateMove(start + obs.dtorque_gmm / prof.fate_mass_g, again=again)
            x = round(self._fate.x_mm)
            if fate_position_allowed(x):
                self._warnings.pop("fate", None)
            else:
                self._warnings["fate"] = msg(
                    "The Stone of Fate seems to lie at {x} mm, on a placement space: move it off",
                    x=x,
                )
            return []
        if r.filled == 0:
            return []  # after a round: notch and Stone of Fate go back
        self._warnings["shift"] = msg(
            "Something moved on the scale with no stone added (the Stone of Fate or the notch),"
            " though nobody may move them now: put it back"
        )
        return []

    @staticmethod
    def _fate_may_move(state: GameState, again: bool) -> bool:
        """Whether the Stone of Fate may move now: its move is open, or (``again``) it was
        moved this round and the round is not decided yet, so the move goes on. "This
        round" is read from the state: the ability used and the stone off its home (a
        move recorded exactly at home, HS-20, is not seen as one to go on)."""
        if not again:
            return q.fate_open(state)
        r = state.round
        return q.window_open(state) and ABILITY_FATE in state.used and r.fate_x != state.fate_home_x

    def _fate_record(self, state: GameState) -> list[dict[str, Any]]:
        """The ``fate`` record for the Stone of Fate moved and not yet recorded (the move
        then forgotten), or nothing while there is none or it lies on a space. A move that
        goes on after its record becomes the next reaction's ``amend`` instead, and is
        kept until ``after_change`` sees the record show it where it lies."""
        fate = self._fate
        if fate is None or not self._fate_may_move(state, fate.again):
            return []
        x = round(fate.x_mm)
        if not fate_position_allowed(x):
            return []
        holder = state.players[state.holder(BOULDER)]
        record = {"type": "fate", "player": holder, "x": x}
        if fate.again:  # kept until the amended record shows it where it lies
            self._warnings.pop("amend", None)
            if x == round(state.round.fate_x):
                self._fate = None  # back where it was recorded
            else:
                self._amend = record
                fate.resting_since = None  # asked again only once it has rested again
            return []
        self._fate = None
        return [record]

    def amend_refused(self, why: Msg | str) -> Reaction:
        """The service could not amend the last action as asked (another came after it):
        ``why`` stands as a warning until the table or the tablet changes the game."""
        self._warnings["amend"] = why
        return self._reaction([])

    def _fate_if_rested(self, t_mono: float, state: GameState) -> list[dict[str, Any]]:
        """The ``fate`` record once the Stone of Fate has lain still ``FATE_REST_S``."""
        fate = self._fate
        if fate is None or fate.resting_since is None or self.hand_on_scale:
            return []
        if t_mono - fate.resting_since < FATE_REST_S:
            return []
        return self._fate_record(state)

    def _settled(self, obs: ScaleSettled, state: GameState) -> list[dict[str, Any]]:
        decided = self._decided
        if decided is not None and state.round.filled == 0 and obs.down != decided:
            self._warnings["touched"] = msg(
                "The scale moved after the round was decided: it now rests {down} side"
                " down, but the round ended {decided} side down, and that result stands."
                " Clear the scale for the next round",
                down=word("side", obs.down),
                decided=word("side", decided),
            )
        elif decided is not None and obs.down == decided:
            self._warnings.pop("touched", None)
        return self._tilt_if_ready(state)

    def _tilt_if_ready(self, state: GameState) -> list[dict[str, Any]]:
        if not q.window_open(state) or state.keep_pending is not None or self.hand_on_scale:
            return []
        if self.last_settled is None or not self._fresh:
            return []  # wait for the scale to come to rest after the last change
        if self._fate is not None:
            return []  # the Stone of Fate is still on its way (or on a space)
        holder_can_act = q.boulder_space_option(state) is not None or q.fate_open(state)
        if holder_can_act and not self.window_done:
            return []
        self.window_done = False
        return [{"type": "tilt", "down": self.last_settled.down}]

    # -- weight and camera ------------------------------------------------------------

    def _camera_disagreements(self, state: GameState | None = None) -> dict[str, str]:
        """Spaces where the camera and the recorded game disagree, with the warning."""
        state = state or self._last_state
        if state is None or not self.camera or state.finished:
            return {}
        r = state.round
        out = {}
        for space in SPACES:
            seen = self.camera.get(space)
            placed = r.placement(space)
            if placed is not None and seen == EMPTY:
                who = state.players[placed.player]
                out[space] = msg(
                    "The scale has {who}'s {stones} on {space}, but the camera"
                    " sees {space} empty: check where the stone is, then confirm on the tablet"
                    " (or undo)",
                    who=who,
                    stones="+".join(placed.stones),
                    space=space,
                )
            elif placed is None and seen == STONE and r.filled >= 1:
                out[space] = msg(
                    "The camera sees a stone on {space}, but the scale recorded none there:"
                    " take it off, or enter it on the tablet",
                    space=space,
                )
        return out

    def _check_camera(self, t_mono: float, state: GameState) -> None:
        self._last_state = state
        found = self._camera_disagreements(state)
        for space in list(self._disagree_since):
            if space not in found:
                del self._disagree_since[space]
        for key in [k for k in self._warnings if k.startswith("camera:")]:
            if key[7:] not in found:
                del self._warnings[key]
        self._camera_ack = {(sp, text) for sp, text in self._camera_ack if found.get(sp) == text}
        for space, text in found.items():
            if (space, text) in self._camera_ack:
                continue
            since = self._disagree_since.setdefault(space, t_mono)
            if t_mono - since >= CAMERA_GRACE_S:  # both sources had time to see the move
                self._warnings[f"camera:{space}"] = text

    def _reaction(self, submit: list[dict[str, Any]]) -> Reaction:
        amend, self._amend = self._amend, None
        return Reaction(tuple(submit), tuple(self._warnings.values()), self._asks, amend)


def _where(space: str | None, x_mm: float) -> str:
    """Where a stone went: its space (``L2``), else where on the beam (``-110 mm``)."""
    return space if space is not None else msg("{x:.0f} mm", x=x_mm)


def _must_first(who: str, action: str) -> Msg | str:
    """``Ana must first call``: who must act before a stone may go on the scale."""
    match action:
        case "answer":
            return msg("{who} must first answer", who=who)
        case "keep":
            return msg("{who} must first keep", who=who)
        case "condition":
            return msg("{who} must first condition", who=who)
        case "call":
            return msg("{who} must first call", who=who)
        case "mode":
            return msg("{who} must first mode", who=who)
        case "stake":
            return msg("{who} must first stake", who=who)
        case "place":
            return msg("{who} must first place", who=who)
    return f"{who} must first {action}"
