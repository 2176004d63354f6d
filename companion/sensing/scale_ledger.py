"""What the scale has named on each space, to say what a load taken off was (pure).

The sensing names every stone put down (its mass in g, its place x in mm, its space).
When a load is taken off, ``BeamLedger.take`` finds the stones named before that it
matches: one stone (its place then is the stone's, even where the step's own place,
measured on noisy cells, fell just off the space), or several stones taken off together
or one after another faster than the scale names them (a merged step, split back into
its stones). Only an answer that is unambiguous at the tolerance given is returned;
else None ("unsure"), and the sensing says so.

>>> ledger = BeamLedger()
>>> ledger.add(30.0, 112.0, "R1")
>>> ledger.add(40.0, -108.0, "L1")
>>> [(p.space, p.mass_g) for p in ledger.take(71.0, -4.0, mass_tol_g=4.4, x_tol_mm=30.0)]
[('L1', 40.0), ('R1', 30.0)]
>>> ledger.entries
()
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

MAX_ENTRIES = 10  # more stones than this named on the beam: no combination is tried


@dataclass(frozen=True, slots=True)
class Named:
    """A stone named on the beam: its mass (g), place (mm) and space."""

    mass_g: float
    x_mm: float
    space: str


class BeamLedger:
    """The stones named on the beam and not yet taken off, oldest first."""

    def __init__(self) -> None:
        self._entries: list[Named] = []

    @property
    def entries(self) -> tuple[Named, ...]:
        return tuple(self._entries)

    def add(self, mass_g: float, x_mm: float, space: str) -> None:
        """A load of ``mass_g`` named at ``x_mm`` on ``space``."""
        self._entries.append(Named(mass_g, x_mm, space))

    def copy(self) -> BeamLedger:
        """A ledger with the same stones, to try a split on without changing this one."""
        other = BeamLedger()
        other._entries = list(self._entries)
        return other

    def clear(self) -> None:
        """The beam is empty again (or what was named no longer tells what is on it)."""
        self._entries.clear()

    @property
    def mass_g(self) -> float:
        """The mass of the stones named on the beam (g)."""
        return sum(e.mass_g for e in self._entries)

    def fits(self, mass_g: float, x_mm: float, *, mass_tol_g: float, x_tol_mm: float) -> bool:
        """Whether any choice of the stones named (ambiguous or not) could be a load of
        ``mass_g`` taken off at ``x_mm``, at the tolerances of ``take``."""
        entries = self._entries
        if len(entries) > MAX_ENTRIES:
            return True  # too many to try: no claim
        for k in range(1, len(entries) + 1):
            for chosen in itertools.combinations(entries, k):
                m = sum(e.mass_g for e in chosen)
                if abs(m - mass_g) > mass_tol_g:
                    continue
                x = sum(e.mass_g * e.x_mm for e in chosen) / m
                if abs(x - x_mm) <= x_tol_mm:
                    return True
        return False

    def take(
        self, mass_g: float, x_mm: float, *, mass_tol_g: float, x_tol_mm: float
    ) -> tuple[Named, ...] | None:
        """The stones named before that a load of ``mass_g`` taken off at ``x_mm`` (its
        centre of mass) is, if exactly one choice fits: their masses sum to ``mass_g``
        within ``mass_tol_g`` and their centre of mass lies within ``x_tol_mm`` of
        ``x_mm``. Choices that differ only in stones of the same space and mass count
        once; where two fit, the one much nearer ``x_mm`` (by ``x_tol_mm`` or more) wins.
        The stones found leave the ledger; None (unsure) leaves it as it was."""
        entries = self._entries
        if not entries or len(entries) > MAX_ENTRIES:
            return None
        fits: dict[tuple, tuple[float, tuple[int, ...]]] = {}
        for k in range(1, len(entries) + 1):
            for idx in itertools.combinations(range(len(entries)), k):
                chosen = [entries[i] for i in idx]
                m = sum(e.mass_g for e in chosen)
                if abs(m - mass_g) > mass_tol_g:
                    continue
                x = sum(e.mass_g * e.x_mm for e in chosen) / m
                miss = abs(x - x_mm)
                if miss > x_tol_mm:
                    continue
                key = tuple(sorted((e.space, round(e.mass_g)) for e in chosen))
                if key not in fits or miss < fits[key][0]:
                    fits[key] = (miss, idx)
        if not fits:
            return None
        ranked = sorted(fits.values())
        if len(ranked) > 1 and ranked[1][0] - ranked[0][0] < x_tol_mm:
            return None  # two choices fit about as well: unsure
        idx = ranked[0][1]
        taken = tuple(sorted((entries[i] for i in idx), key=lambda e: e.x_mm))
        self._entries = [e for i, e in enumerate(entries) if i not in idx]
        return taken
