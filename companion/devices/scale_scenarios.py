"""Seeded random rounds played on the simulated scale, with the truth to check sensing by.

A round, as players play it: stones placed one at a time (or both pillars together) on
free spaces, now and then a boulder stacked on its space, the Stone of Fate slid along
the beam, the beam lifted onto another notch; a player often holds the down side while
placing and lets go after; after every action the beam swings, bounces and settles; at
the end the stones come off one by one. ``stones_in_a_row`` is the brisk table: stones
put down (and taken off) one after another, ``gap_s`` apart, no hand. Both return the
raw samples, the notch changes (as a recording's ``# notch:`` lines give them) and, for each action,
what sensing should report (``Expected``). Stones are grouped into kinds by the letter
of their census name (``P1`` is a pillar); the player placing may place any remaining
stone of his kind, so ``allowed`` lists those.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..profile import ScaleProfile
from ..sensing.scale_recording import RawSample
from .scale_sim import FATE, ScaleSimulator, SignalModel

PILLARS = ("P1", "P2")


@dataclass(frozen=True, slots=True)
class Expected:
    """One physical action and what sensing should say about it.

    ``kind``: ``added``, ``removed`` or ``shifted``; ``t_start``: when the action began
    (a hand arriving, a stone put down; s); ``t_settle``: when the beam was physically at
    rest again (s); ``down``: the side down then.
    """

    kind: str
    t_start: float
    t_settle: float
    down: str | None
    stones: tuple[str, ...] = ()
    allowed: tuple[str | tuple[str, ...], ...] = ()
    mass_g: float = 0.0
    x_mm: float = 0.0
    space: str | None = None
    dtorque_gmm: float = 0.0
    torque_gmm: float = 0.0  # the true torque about the pivot once at rest
    what: str = ""  # in words, for failure messages


@dataclass(slots=True)
class Session:
    """A simulated session: samples, notch changes ``(t, notch)``, truth, hand intervals."""

    seed: int
    samples: list[RawSample] = field(default_factory=list)
    notches: list[tuple[float, str]] = field(default_factory=list)
    expected: list[Expected] = field(default_factory=list)
    hands: list[tuple[float, float]] = field(default_factory=list)


class _Round:
    def __init__(
        self, profile: ScaleProfile, seed: int, rate_sps: int, signal, hand_arrival_s: float = 0.1
    ) -> None:
        self.rng = rng = random.Random(seed)
        self.profile = profile
        self.hand_arrival_s = hand_arrival_s
        notch = rng.choice(("middle", "middle", "left", "right"))
        self.sim = ScaleSimulator(
            profile, seed=seed, rate_sps=rate_sps, signal=signal, notch=notch,
            fate_x_mm=self._fate_spot(None),
        )  # fmt: skip
        self.session = Session(seed, notches=[(0.0, notch)])
        self.on: dict[str, tuple[tuple[str, ...], str, float]] = {}  # load -> stones, space, x
        self._n = 0

    def run(self, seconds: float) -> None:
        self.session.samples.extend(self.sim.advance(seconds))

    def settle(self) -> float:
        """Run until the beam has been at rest for 0.6 s; the time it came to rest."""
        sim = self.sim
        for _ in range(200):
            self.run(0.1)
            if sim.t_mono - sim.t_last_motion >= 0.6:
                break
        # Players wait until they see the scale at rest; near a dead balance, where it
        # barely tips, they look twice.
        dead = abs(sim.physics.torque_gmm) < 250
        self.run(self.rng.uniform(1.6, 2.0) if dead else self.rng.uniform(0.3, 1.0))
        return sim.t_last_motion

    def _fate_spot(self, old: float | None) -> float:
        prof, rng = self.profile, self.rng
        half = prof.beam_length_mm / 2 - 10
        clear = prof.space_width_mm / 2 + 8
        while True:
            x = round(rng.uniform(-half, half), 1)
            if all(abs(x - c) > clear for c in prof.space_x_mm.values()) and (
                old is None or abs(x - old) >= 15
            ):
                return x

    def _hand(self, do_action) -> tuple[float, float | None]:
        """Do ``do_action`` perhaps with a hand holding the down side; (t_start, t_hand_off)."""
        rng, sim = self.rng, self.sim
        t0 = sim.t_mono
        if rng.random() < 0.6:
            side = sim.side_down or ("right" if sim.physics.torque_gmm >= 0 else "left")
            sim.hand_on(side, rng.uniform(60, 400), arrival_s=self.hand_arrival_s)
            self.run(rng.uniform(0.3, 0.8))
            do_action()
            self.run(rng.uniform(0.3, 1.5))
            sim.hand_off()
            self.session.hands.append((t0, sim.t_mono))
            return t0, sim.t_mono
        do_action()
        return t0, None

    def place(self, stones: tuple[str, ...], allowed, space: str) -> None:
        prof = self.profile
        mass = sum(prof.stone_mass_g[s] for s in stones)
        x = round(prof.space_x_mm[space] + self.rng.uniform(-15, 15), 1)
        self._n += 1
        name = f"load{self._n}"
        t0, _ = self._hand(lambda: self.sim.put(name, mass, x))
        self.on[name] = (stones, space, x)
        t_settle = self.settle()
        self.session.expected.append(Expected(
            "added", t0, t_settle, self.sim.side_down, stones, tuple(allowed), mass, x, space,
            torque_gmm=self.sim.physics.torque_gmm,
            what=f"{'+'.join(stones)} placed on {space} at {x} mm",
        ))  # fmt: skip

    def remove(self, name: str) -> None:
        stones, space, x = self.on.pop(name)
        mass = sum(self.profile.stone_mass_g[s] for s in stones)
        t0, _ = self._hand(lambda: self.sim.take(name))
        t_settle = self.settle()
        self.session.expected.append(Expected(
            "removed", t0, t_settle, self.sim.side_down, stones, (), mass, x, space,
            torque_gmm=self.sim.physics.torque_gmm,
            what=f"{'+'.join(stones)} taken off {space}",
        ))  # fmt: skip

    def slide_fate(self) -> None:
        sim, rng = self.sim, self.rng
        old = sim.physics.loads[FATE][1]
        new = self._fate_spot(old)
        t0 = sim.t_mono
        sim.slide(FATE, new, abs(new - old) / rng.uniform(100, 300))
        t_settle = self.settle()
        dtau = self.profile.fate_mass_g * (new - old)
        self.session.expected.append(Expected(
            "shifted", t0, t_settle, sim.side_down, dtorque_gmm=dtau,
            torque_gmm=sim.physics.torque_gmm,
            what=f"Stone of Fate slid from {old} to {new} mm",
        ))  # fmt: skip

    def move_notch(self) -> None:
        sim, rng = self.sim, self.rng
        old = sim.notch
        new = rng.choice([n for n in self.profile.notch_x_mm if n != old])
        tau0 = sim.physics.torque_gmm
        t0 = sim.t_mono
        sim.lift()
        self.run(rng.uniform(0.5, 1.5))
        sim.set_down(new)
        self.session.notches.append((sim.t_mono, new))
        self.session.hands.append((t0, sim.t_mono))
        t_settle = self.settle()
        self.session.expected.append(Expected(
            "shifted", t0, t_settle, sim.side_down, dtorque_gmm=sim.physics.torque_gmm - tau0,
            torque_gmm=sim.physics.torque_gmm,
            what=f"beam moved from the {old} notch to the {new} notch",
        ))  # fmt: skip


def stone_kinds(census) -> dict[str, list[str]]:
    """Stones grouped by the letter their name starts with, lightest first."""
    kinds: dict[str, list[str]] = {}
    for name in census:
        kinds.setdefault(name.rstrip("0123456789"), []).append(name)
    return {k: sorted(v, key=lambda s: census[s]) for k, v in kinds.items()}


def random_round(
    profile: ScaleProfile,
    seed: int,
    *,
    rate_sps: int = 80,
    signal: SignalModel | None = None,
    hand_arrival_s: float = 0.1,
) -> Session:
    """One seeded random round on the simulated scale, with the truth (module docstring).
    ``hand_arrival_s``: how long a hand takes to press in (0: as sharply as a stone)."""
    r = _Round(profile, seed, rate_sps, signal, hand_arrival_s)
    rng = r.rng
    r.run(2.5)
    hands = {k: list(v) for k, v in stone_kinds(profile.stone_mass_g).items()}
    rng.shuffle(free := list(profile.space_x_mm))
    boulder_space = None
    for _ in range(rng.randint(2, len(free))):
        if rng.random() < 0.25:
            r.slide_fate()
        if rng.random() < 0.15:
            r.move_notch()
        kind = rng.choice([k for k, v in hands.items() if v])
        left = hands[kind]
        allowed: list = list(left)
        if kind == "P" and all(p in left for p in PILLARS):
            allowed.append(PILLARS)
        pick = rng.choice(allowed)
        stones = (pick,) if isinstance(pick, str) else tuple(pick)
        for s in stones:
            left.remove(s)
        space = free.pop()
        if kind == "B":
            boulder_space = space
        r.place(stones, allowed, space)
    if boulder_space and hands.get("B") and rng.random() < 0.5:
        smallest = hands["B"].pop(0)  # the boulder holder adds his smallest boulder
        r.place((smallest,), (smallest,), boulder_space)
    if rng.random() < 0.2:
        r.slide_fate()
    names = list(r.on)
    rng.shuffle(names)
    for name in names:
        r.remove(name)
    return r.session


def stones_in_a_row(
    profile: ScaleProfile,
    seed: int,
    *,
    rate_sps: int = 80,
    signal: SignalModel | None = None,
    gap_s: float = 0.8,
    after_rest_s: float = 0.4,
    rounds: int = 3,
) -> Session:
    """A brisk table: ``rounds`` times, a stone of a random kind put down on each of the
    four spaces in a random order, ``gap_s`` seconds apart (no hand), then taken off
    again one by one, ``gap_s`` apart; 1.5 s pause between rounds. Only if the beam is
    still swinging (it may bounce for 0.7 s) does the next stone wait until it has
    been at rest ``after_rest_s``. No action leaves the beam in a dead balance (under
    400 g·mm: the sensing waits 1.5 s there, see docs/scale-sensing.md). Eight
    placements and removals a round, with the truth as ``random_round`` gives it."""
    r = _Round(profile, seed, rate_sps, signal)
    rng, sim = r.rng, r.sim
    r.run(2.5)
    for _ in range(rounds):
        hands = stone_kinds(profile.stone_mass_g)
        spaces = list(profile.space_x_mm)
        rng.shuffle(spaces)
        actions = [("put", space) for space in spaces] + [("take", None)] * len(spaces)
        for what, space in actions:
            t0 = sim.t_mono
            if what == "put":
                kind = rng.choice([k for k in hands if k != "P"])
                allowed = tuple(hands[kind])
                stone = rng.choice(allowed)
                hands[kind].remove(stone)
                mass = profile.stone_mass_g[stone]
                for _ in range(50):  # not into a dead balance (the scale waits 1.5 s there)
                    x = round(profile.space_x_mm[space] + rng.uniform(-15, 15), 1)
                    if abs(sim.physics.torque_gmm + mass * (x - sim.physics.pivot_x_mm)) > 400:
                        break
                r._n += 1
                name = f"load{r._n}"
                sim.put(name, mass, x)
                r.on[name] = ((stone,), space, x)
                stones, kind_word = (stone,), "added"
                what_words = f"{stone} placed on {space} at {x} mm"
            else:
                name = _clear_of_balance(sim, rng, list(r.on))
                stones, space, x = r.on.pop(name)
                mass = sum(profile.stone_mass_g[s] for s in stones)
                sim.take(name)
                allowed, kind_word = (), "removed"
                what_words = f"{'+'.join(stones)} taken off {space}"
            r.run(gap_s)
            for _ in range(100):  # nobody puts a stone onto a beam still swinging
                if sim.t_mono - sim.t_last_motion >= after_rest_s:
                    break
                r.run(0.05)
            r.session.expected.append(Expected(
                kind_word, t0, sim.t_last_motion, sim.side_down, stones, allowed, mass, x,
                space, torque_gmm=sim.physics.torque_gmm, what=what_words,
            ))  # fmt: skip
        r.run(1.5)
    return r.session


def _clear_of_balance(sim: ScaleSimulator, rng: random.Random, names: list[str]) -> str:
    """One of the loads ``names`` whose removal leaves the beam out of a dead balance, if
    there is one (else any)."""
    rng.shuffle(names)
    ph = sim.physics
    for name in names:
        mass, x = ph.loads[name]
        if abs(ph.torque_gmm - mass * (x - ph.pivot_x_mm)) > 400:
            return name
    return names[0]
