"""Scale sensing on seeds that no test and no other bench used while it was tuned
(300-323): random rounds with hands and brisk sessions at 80 samples/s, 1.5 to 2.5 g a
cell. Prints a markdown table for BENCHMARKS.md ("On data the sensing was not tuned on").
"unwarned": actions got wrong with no noise problem said within 8 s (scale_scoring).

    .venv/bin/python bench/bench_scale_unseen.py
    .venv/bin/python bench/bench_scale_unseen.py --first-seed 400   # another 24 unseen
    .venv/bin/python bench/bench_scale_unseen.py --hand-arrival-s 0   # hands as sharp as stones
    .venv/bin/python bench/bench_scale_unseen.py --first-seed 600 --mistakes   # and why

``--mistakes``: after each row, every action got wrong, in the scorer's words (the
seed, the truth, what the sensing reported), to trace them.

``--hand-arrival-s S``: random rounds only, their hands pressing in over S seconds (the
simulator's hand takes 0.1 s; 0 comes down at once, as sharply as a stone), with how
many sessions said ``undone`` (a hand weighed as a stone, said when it left).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_scale import noise_point

from companion.devices.scale_scenarios import random_round
from companion.devices.scale_scoring import RoundScore, score_round
from companion.devices.scale_sim import SignalModel
from companion.profile import default_profile
from companion.sensing.observations import ScaleNoise
from companion.sensing.scale_recording import Recording
from companion.sensing.scale_replay import sense_recording

SEEDS = range(300, 324)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first-seed", type=int, default=SEEDS.start,
                        help="the first of 24 seeds (default 300)")  # fmt: skip
    parser.add_argument("--hand-arrival-s", type=float, default=None,
                        help="rounds only, hands pressing in over this long (s)")  # fmt: skip
    parser.add_argument("--mistakes", action="store_true",
                        help="list every action got wrong after each row")  # fmt: skip
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + 24)
    profile = default_profile()
    if args.hand_arrival_s is not None:
        sharp_hands(profile, seeds, args.hand_arrival_s)
        return
    print("| stones | rate /s | noise g a cell | named right | spurious | wrong, unwarned |"
          " sessions warned |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for scenario in ("rounds", "brisk"):
        for noise in (1.5, 2.0, 2.5):
            sc, warned = noise_point(profile, scenario, 80, noise, seeds)
            print(f"| {scenario} | 80 | {noise:g} | {sc.placements_right}/{sc.placements} |"
                  f" {sc.spurious} | {sc.unwarned} | {warned}/{len(seeds)} |", flush=True)  # fmt: skip
            if args.mistakes:
                for mistake in sc.mistakes:
                    print(f"  - {scenario} {noise:g} g: {mistake}", file=sys.stderr, flush=True)


def sharp_hands(profile, seeds, arrival_s: float) -> None:
    """Random rounds whose hands press in over ``arrival_s`` (module docstring)."""
    print("| hand arrives over s | noise g a cell | named right | spurious | wrong, unwarned |"
          " sessions warned | sessions said `undone` |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for noise in (0.3, 0.8, 1.5, 2.0, 2.5):
        total, warned, undone = RoundScore(), 0, 0
        for seed in seeds:
            signal = SignalModel.per_sample(noise, 80, glitch_rate=0.01)
            session = random_round(profile, seed, signal=signal, hand_arrival_s=arrival_s)
            obs = sense_recording(Recording(session.samples, notches=session.notches), profile)
            total.add(score_round(session, obs, profile.stone_mass_g))
            said = [o.problem for o in obs if isinstance(o, ScaleNoise) and o.problem]
            warned += bool(said)
            undone += any("a hand resting on the beam there" in p for p in said)
        print(f"| {arrival_s:g} | {noise:g} | {total.placements_right}/{total.placements} |"
              f" {total.spurious} | {total.unwarned} | {warned}/{len(seeds)} |"
              f" {undone}/{len(seeds)} |", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
