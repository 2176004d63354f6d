"""The ring memory: a hand changes a ring and keeps moving; a neighbour's new piece
changes it and keeps still, and becomes the ring's new look (seeded noise)."""

from __future__ import annotations

import numpy as np

from companion.sensing.vision.classify import CellColours
from companion.sensing.vision.ring_memory import RingMemory

CELLS, POINTS = 4, 24
SETUP = np.zeros((CELLS, POINTS, 3))


def colours(ring: np.ndarray) -> CellColours:
    n = len(ring)
    zeros = np.zeros(n)
    return CellColours(
        np.zeros((n, 3)), np.zeros(n, bool), np.zeros(n, bool), zeros + 1, zeros, ring
    )


def frames(rng: np.random.Generator, change, count: int):
    """``count`` rings: bare mat with sensor noise (about 1 unit a point), plus
    ``change(k)`` (cells, points, 3) in frame ``k``."""
    for k in range(count):
        yield SETUP + rng.normal(0, 1.0, SETUP.shape) + change(k)


def covered_per_frame(seed: int, change, count: int = 20) -> list[bool]:
    """Whether cell 1 reads covered, frame by frame, after 5 frames of bare mat."""
    rng = np.random.default_rng(seed)
    memory = RingMemory()
    for ring in frames(rng, lambda k: 0, 5):
        memory.update(colours(ring), SETUP)
    return [bool(memory.update(colours(r), SETUP)[1]) for r in frames(rng, change, count)]


def edge(k: int) -> np.ndarray:
    """A neighbouring stone's edge now covers 4 points of cell 1's ring, for good."""
    out = np.zeros(SETUP.shape)
    out[1, :4] = (0.0, 0.0, 25.0)
    return out


def hand(k: int) -> np.ndarray:
    """A hand over cell 1, never still: which points it covers moves every frame."""
    out = np.zeros(SETUP.shape)
    start = (5 * k) % POINTS
    out[1, [(start + i) % POINTS for i in range(8)]] = (12.0, 18.0, -30.0)
    return out


def test_a_neighbours_piece_reaching_into_the_ring_is_adopted_after_a_still_while():
    for seed in range(5):
        seen = covered_per_frame(seed, edge)
        assert seen[0], f"seed {seed}: a new change is covered at first"
        assert not any(seen[8:]), f"seed {seed}: still covered after 8 still frames: {seen}"


def test_a_moving_hand_stays_covered():
    for seed in range(5):
        seen = covered_per_frame(seed, hand)
        assert all(seen), f"seed {seed}: {seen}"
