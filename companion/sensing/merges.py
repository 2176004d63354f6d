"""Stones merged into one change: did the total hold a level on the way? (pure, numpy)

When stones are put down (or taken off) faster than the scale names them, the change
it finally names is their sum. What gives it away is a level the total held still on
the way, between the rest before and the rest after: one stone lay there, then the
next came. ``scale.ScaleSensor`` asks this once a change is named, and says so (the
``fast`` problem) when the answer is yes.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

HELD_LEVEL_S = 0.15  # a level held this long within a change: stones came one by one (s)


def level_held_between(
    frames: Sequence[tuple[float, float]],
    pads: Sequence[Sequence[float]],
    before: float,
    after: float,
    *,
    frame_dt: float,
    far_g: float,
    spread_g: float,
    min_pad_g: float,
    same_g: float,
) -> float | None:
    """When the total held still for ``HELD_LEVEL_S`` (at least 6 frames) at a level
    between ``before`` and ``after`` (g), ``far_g`` or more from both (or, where the two
    lie within ``same_g`` of each other, anywhere ``far_g`` from them): the time it left
    that level (s; the end of the first such stretch), else None.

    ``frames``: (t s, total g) of the change, oldest first; ``pads``: beside each, the
    loads on the left and right pads (g). "Still": the middle three quarters of the
    window within ``spread_g``, and the beam resting on a pad (a pad's median load at
    least ``min_pad_g``). A stone's impact and bounce never hold still between the two
    rests, nor a beam tipping over through the air; a hand held on the beam while a
    stone is put down (or taken off) holds a level beyond the two, not between.

    >>> frames = [(i / 80, 100.0 + (40.0 if i >= 20 else 0.0) + (40.0 if i >= 60 else 0.0))
    ...           for i in range(90)]
    >>> pads = [(10.0, 0.0)] * 90
    >>> level_held_between(frames, pads, 100.0, 180.0, frame_dt=1 / 80, far_g=15.0,
    ...                    spread_g=2.0, min_pad_g=1.0, same_g=10.0)
    0.7375
    """
    cancelled = abs(after - before) < same_g
    if not cancelled and abs(after - before) < 2 * far_g:
        return None
    k = max(6, round(HELD_LEVEL_S / frame_dt))
    if len(frames) < 2 * k or len(pads) != len(frames):
        return None
    data = np.asarray(frames, dtype=float)
    times, values = data[:, 0], data[:, 1]
    loads = np.asarray(pads, dtype=float)
    low, high = min(before, after) + far_g, max(before, after) - far_g
    trim = k // 8
    held_until = None
    for i in range(0, len(values) - k + 1, max(1, k // 2)):
        window = np.sort(values[i : i + k])
        level = float(window[k // 2])
        on_pad = float(np.median(loads[i : i + k], axis=0).max()) >= min_pad_g
        still = on_pad and window[-1 - trim] - window[trim] <= spread_g
        if still and (low <= level <= high or (cancelled and abs(level - before) >= far_g)):
            held_until = float(times[i + k - 1])
        elif held_until is not None:
            break  # the first level held, left: the next stone came
    return held_until
