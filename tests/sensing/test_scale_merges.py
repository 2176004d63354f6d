"""``merges.level_held_between``: a level the total held on the way gives merged stones
away; a stone's bounce, a beam tipping through the air and a hand held on do not."""

from __future__ import annotations

import random

from companion.sensing.merges import level_held_between

DT = 1 / 80  # s a frame
KW = {"frame_dt": DT, "far_g": 15.0, "spread_g": 2.0, "min_pad_g": 1.0, "same_g": 10.0}


def frames(levels: list[tuple[int, float]], n: int, *, noise_g: float = 0.3, seed: int = 1):
    """n frames of a total that steps to each (frame, level) given, with a little noise."""
    rng = random.Random(seed)
    out, level = [], levels[0][1]
    steps = dict(levels)
    for i in range(n):
        level = steps.get(i, level)
        out.append((i * DT, level + rng.gauss(0.0, noise_g)))
    return out


def on_pad(n: int, load_g: float = 12.0):
    return [(load_g, 0.0)] * n


def test_two_stones_one_after_the_other_held_a_level_between():
    total = frames([(0, 100.0), (20, 145.0), (60, 205.0)], 100)  # 45 g, then 60 g
    held = level_held_between(total, on_pad(100), 100.0, 205.0, **KW)
    assert held is not None and 0.5 <= held < 60 * DT, held  # left when the second came


def test_one_stone_with_its_bounce_holds_no_level_between():
    rng = random.Random(2)
    total = [(i * DT, 100.0 + 60.0 * (1 - 0.9 ** i) + rng.uniform(-8, 8) * 0.85 ** i)
             for i in range(60)]  # fmt: skip
    assert level_held_between(total, on_pad(60), 100.0, 160.0, **KW) is None


def test_a_beam_tipping_over_through_the_air_holds_no_level():
    total = frames([(0, 100.0), (20, 150.0), (60, 200.0)], 100)
    in_air = on_pad(20) + [(0.0, 0.0)] * 40 + on_pad(40)  # no pad loaded meanwhile
    assert level_held_between(total, in_air, 100.0, 200.0, **KW) is None


def test_a_hand_held_on_while_a_stone_is_put_down_holds_a_level_beyond_not_between():
    total = frames([(0, 100.0), (20, 250.0), (60, 160.0)], 100)  # hand 150 gf, stone 60 g
    assert level_held_between(total, on_pad(100), 100.0, 160.0, **KW) is None


def test_a_stone_put_down_and_one_taken_off_cancel_out_but_held_a_level():
    total = frames([(0, 100.0), (20, 150.0), (60, 102.0)], 100)  # +50 g, then -48 g
    assert level_held_between(total, on_pad(100), 100.0, 102.0, **KW) is not None
    still = frames([(0, 100.0)], 100)  # nothing happened at all
    assert level_held_between(still, on_pad(100), 100.0, 100.5, **KW) is None
