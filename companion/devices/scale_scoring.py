"""Scoring sensing against a simulated round's truth (``scale_scenarios.Expected``).

Used by the statistical test and the benchmark. Observations are split by action: those
from one action's start to the next action's start belong to it. For each action:

- a placement or removal gets exactly one ``added``/``removed``, on the right space,
  whose mass names the right stone among the ``allowed`` ones (``census.identify_stone``);
- a Stone of Fate slide or a notch move gets ``shifted`` observations and no mass step,
  their torque summing to the true change (within ``torque_tolerance``);
- the last ``settled`` names the side that is truly down, except in a dead balance
  (true torque under ``dead_balance_gmm``, 200 g·mm: a gram on a pad, which the
  cells cannot tell from a slow tip within the settle time), where it must say so
  with a margin under 2 g;
- nothing but ``disturbed`` is reported while a hand is on the scale.

``spurious`` counts the placements and removals reported that did not happen: any
beyond the one an action makes, or before the first action. ``unwarned`` counts the
actions got wrong (any mistake above) with no ``ScaleNoise`` problem in effect when the
action began or said within ``WARN_WITHIN_S`` after: losses the players were not told of.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..sensing.census import identify_stone
from ..sensing.observations import (
    Fault,
    LoadShifted,
    Observation,
    ScaleNoise,
    ScaleSettled,
    StoneAdded,
    StoneRemoved,
)
from .scale_scenarios import Expected, Session

#: an action got wrong is ``unwarned`` unless a problem is said within this long (s): a
#: merged change is named (and said) once the scale rests, a scale never at rest says so
#: after 5 s
WARN_WITHIN_S = 8.0


@dataclass(slots=True)
class RoundScore:
    """Counts over one or more rounds, and every mistake in words."""

    placements: int = 0
    placements_right: int = 0
    shifts: int = 0
    shifts_seen: int = 0
    settles: int = 0
    settles_right: int = 0
    settle_delays_s: list[float] = field(default_factory=list)
    settle_delays_no_hand_s: list[float] = field(default_factory=list)  # no hand in the action
    spurious: int = 0  # added/removed reported beyond the one each placement or removal makes
    unwarned: int = 0  # actions got wrong with no ``ScaleNoise`` problem said (``WARN_WITHIN_S``)
    mistakes: list[str] = field(default_factory=list)

    def add(self, other: RoundScore) -> None:
        for name in ("placements", "placements_right", "shifts", "shifts_seen", "settles",
                     "settles_right", "spurious", "unwarned"):  # fmt: skip
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.settle_delays_s += other.settle_delays_s
        self.settle_delays_no_hand_s += other.settle_delays_no_hand_s
        self.mistakes += other.mistakes


def score_round(
    session: Session,
    observations: list[Observation],
    census,
    *,
    torque_tolerance: float = 0.08,
    dead_balance_gmm: float = 200.0,
) -> RoundScore:
    """Score one round's observations against its truth."""
    sc = RoundScore()
    seed = session.seed
    for obs in observations:
        reported = isinstance(obs, StoneAdded | StoneRemoved | LoadShifted | ScaleSettled)
        if reported and any(t0 <= obs.t_mono <= t1 for t0, t1 in session.hands):
            sc.mistakes.append(f"seed {seed}: {obs} reported while a hand was on the scale")
        if isinstance(obs, Fault):
            sc.mistakes.append(f"seed {seed}: unexpected fault {obs}")
    actions = session.expected
    first = actions[0].t_start if actions else float("inf")
    sc.spurious += sum(
        isinstance(o, StoneAdded | StoneRemoved) and o.t_mono < first for o in observations
    )
    for i, exp in enumerate(actions):
        t_next = actions[i + 1].t_start if i + 1 < len(actions) else float("inf")
        mine = [o for o in observations if exp.t_start <= o.t_mono < t_next]
        wrong = len(sc.mistakes)
        delay = _score_action(sc, seed, exp, mine, census, torque_tolerance, dead_balance_gmm)
        if len(sc.mistakes) > wrong and not _warned(observations, exp.t_start):
            sc.unwarned += 1
        hand = any(t0 < exp.t_settle and t1 > exp.t_start for t0, t1 in session.hands)
        if delay is not None and not hand:
            sc.settle_delays_no_hand_s.append(delay)
    return sc


def _warned(observations: list[Observation], t0: float) -> bool:
    """Whether a ``ScaleNoise`` problem was in effect at ``t0`` or said within
    ``WARN_WITHIN_S`` after it (the dashboard then shows why the scale cannot keep up)."""
    said = [o for o in observations if isinstance(o, ScaleNoise)]
    before = [o for o in said if o.t_mono <= t0]
    if before and before[-1].problem:
        return True
    return any(o.problem for o in said if t0 < o.t_mono <= t0 + WARN_WITHIN_S)


def _score_action(
    sc: RoundScore, seed, exp: Expected, mine, census, tol, dead_balance_gmm
) -> float | None:
    """Score one action; returns the delay from physical rest to its settled (s)."""
    steps = [o for o in mine if isinstance(o, StoneAdded | StoneRemoved)]
    shifts = [o for o in mine if isinstance(o, LoadShifted)]
    settles = [o for o in mine if isinstance(o, ScaleSettled)]
    where = f"seed {seed}, {exp.what} at t={exp.t_start:.2f}"
    sc.spurious += max(0, len(steps) - (exp.kind in ("added", "removed")))
    if exp.kind in ("added", "removed"):
        sc.placements += 1
        want = StoneAdded if exp.kind == "added" else StoneRemoved
        if len(steps) != 1 or not isinstance(steps[0], want) or shifts:
            sc.mistakes.append(f"{where}: expected one {exp.kind}, got {steps + shifts}")
        else:
            step = steps[0]
            ok = step.space == exp.space
            if exp.kind == "added":
                match = identify_stone(step.mass_g, exp.allowed, census)
                ok = ok and match.stones == exp.stones
                why = match.reason
            else:
                why = ""
                ok = ok and abs(step.mass_g - exp.mass_g) < 4.0
            if ok:
                sc.placements_right += 1
            else:
                sc.mistakes.append(f"{where}: got {step} {why}".rstrip())
    else:
        sc.shifts += 1
        total = sum(o.dtorque_gmm for o in shifts)
        if steps or not shifts or abs(total - exp.dtorque_gmm) > tol * abs(exp.dtorque_gmm) + 150:
            sc.mistakes.append(
                f"{where}: expected a shift of {exp.dtorque_gmm:.0f} g·mm, got {steps + shifts}"
            )
        else:
            sc.shifts_seen += 1
    sc.settles += 1
    if not settles:
        sc.mistakes.append(f"{where}: no settled observation")
        return None
    last = settles[-1]
    if abs(exp.torque_gmm) < dead_balance_gmm:
        # a dead balance: the cells cannot tell the side, but must say it is one
        if last.margin_g <= 2.0:
            sc.settles_right += 1
        else:
            sc.mistakes.append(f"{where}: a dead balance reported with margin {last.margin_g}")
    elif last.down == exp.down:
        sc.settles_right += 1
    else:
        sc.mistakes.append(f"{where}: settled {last.down} side down, truly {exp.down}")
    sc.settle_delays_s.append(last.t_mono - exp.t_settle)
    return last.t_mono - exp.t_settle
