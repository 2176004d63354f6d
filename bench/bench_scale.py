"""Scale sensing: pipeline throughput, settle delay and placement accuracy.

Run with ``make bench`` (or ``.venv/bin/python bench/bench_scale.py``). Prints a Markdown
section for BENCHMARKS.md ("Scale sensing"), with the machine it ran on.

- throughput: raw samples per second through ``ScaleSensor.feed`` on one thread (CPU
  time of this process, best of N), over recorded simulated rounds: busy ones, where
  the scale is moving much of the time;
- settle delay: from the moment the simulated beam is physically at rest (no motion,
  no hand) to the ``settled`` observation, over seeded random rounds at 80 samples/s,
  for all actions and for those with no hand on the scale;
- accuracy: placements whose stone and space are right (named from the census among the
  stones allowed), shifts seen, settled sides right, at 80 and 10 samples/s;
- the noise curve: the same over per-cell noise 0.1 to 3 g (sd of one sample at the
  rate, 1 % glitched samples), for stones put down briskly (``stones_in_a_row``: 0.8 s
  apart, no hand; at 10 samples/s also 2 s apart, "paced") and for random rounds (hands, slides, notch moves), at 80 and 10
  samples/s: placements named right, spurious placements, settles reported, the delay
  from physical rest to ``settled`` (median, p90), actions got wrong with no
  ``ScaleNoise`` problem said within 8 s ("unwarned", ``scale_scoring``), and in how
  many sessions the sensing said it could not keep up (a ``ScaleNoise`` problem).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import statistics
import time

from common import machine

from companion.devices.scale_scenarios import random_round, stones_in_a_row
from companion.devices.scale_scoring import RoundScore, score_round
from companion.devices.scale_sim import SignalModel
from companion.profile import default_profile
from companion.sensing.observations import ScaleNoise
from companion.sensing.scale import ScaleSensor, SensingConfig
from companion.sensing.scale_recording import Recording
from companion.sensing.scale_replay import sense_recording


def throughput(profile, sessions, repeat: int) -> tuple[float, int]:
    samples = [s for session in sessions for s in session.samples]
    best = float("inf")
    for _ in range(repeat):
        sensor = ScaleSensor(profile, config=SensingConfig())
        feed = sensor.feed
        t0 = time.process_time()
        for s in samples:
            feed(s)
        best = min(best, time.process_time() - t0)
    return len(samples) / best, len(samples)


def score(profile, seeds, rate_sps, config=None) -> RoundScore:
    total = RoundScore()
    for seed in seeds:
        session = random_round(profile, seed, rate_sps=rate_sps)
        rec = Recording(session.samples, notches=session.notches)
        obs = sense_recording(rec, profile, config=config)
        total.add(score_round(session, obs, profile.stone_mass_g))
    return total


NOISE_LEVELS_G = (0.1, 0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 3.0)
SCENARIOS = {
    "brisk": stones_in_a_row,
    "paced": functools.partial(stones_in_a_row, gap_s=2.0),  # 10/s only: a player's pace
    "rounds": random_round,
}


def noise_point(profile, scenario: str, rate_sps: int, noise_g: float, seeds):
    """Score ``scenario`` at ``noise_g`` a cell; also how many sessions said a noise problem."""
    total, warned = RoundScore(), 0
    for seed in seeds:
        signal = SignalModel.per_sample(noise_g, rate_sps, glitch_rate=0.01)
        session = SCENARIOS[scenario](profile, seed, rate_sps=rate_sps, signal=signal)
        rec = Recording(session.samples, notches=session.notches)
        obs = sense_recording(rec, profile)
        total.add(score_round(session, obs, profile.stone_mass_g))
        warned += any(isinstance(o, ScaleNoise) and o.problem for o in obs)
    return total, warned


def noise_curve(profile, seeds) -> None:
    print("| stones | rate /s | noise g a cell | named right | spurious | settles reported |"
          " rest to `settled` median / p90 ms | wrong, unwarned | sessions warned |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for scenario in SCENARIOS:
        for rate in (80, 10) if scenario != "paced" else (10,):
            prof = profile if rate == profile.rate_sps else profile.with_changes(rate_sps=rate)
            for noise in NOISE_LEVELS_G:
                sc, warned = noise_point(prof, scenario, rate, noise, seeds)
                d = sc.settle_delays_s
                share = 100 * sc.placements_right / max(1, sc.placements)
                delay = (f"{statistics.median(d) * 1000:.0f} / {pct(d, 0.9) * 1000:.0f}"
                         if d else "-")  # fmt: skip
                print(f"| {scenario} | {rate} | {noise:g} | {sc.placements_right}/{sc.placements}"
                      f" ({share:.0f} %) | {sc.spurious} | {len(d)}/{sc.settles} | {delay} |"
                      f" {sc.unwarned} | {warned}/{len(seeds)} |", flush=True)  # fmt: skip


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200, help="random rounds at 80 samples/s")
    ap.add_argument("--rounds-10", type=int, default=100, help="random rounds at 10 samples/s")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--curve-seeds", type=int, default=8,
                    help="sessions per point of the noise curve (0: no curve)")  # fmt: skip
    ap.add_argument("--hand-window-s", type=float, default=None,
                    help="another SensingConfig.hand_window_s (delay trade-off)")  # fmt: skip
    args = ap.parse_args()
    config = None
    if args.hand_window_s is not None:
        config = dataclasses.replace(SensingConfig(), hand_window_s=args.hand_window_s)
    prof = default_profile()

    sessions = [random_round(prof, seed) for seed in range(10)]
    rate, n = throughput(prof, sessions, args.repeat)
    s80 = score(prof, range(args.rounds), 80, config)
    slow = prof.with_changes(rate_sps=10)
    s10 = score(slow, range(args.rounds_10), 10)
    load = ", ".join(f"{x:.1f}" for x in _loadavg())

    print(f"Machine: {machine()}; load average {load} while it ran")
    extra = f" --hand-window-s {args.hand_window_s:g}" if config else ""
    print(f"Command: make bench (bench/bench_scale.py --rounds {args.rounds}"
          f" --rounds-10 {args.rounds_10} --repeat {args.repeat}"
          f" --curve-seeds {args.curve_seeds}{extra})")  # fmt: skip
    print()
    print("| measurement | value | target |")
    print("| --- | --- | --- |")
    print(f"| sensing pipeline throughput (CPU time, one thread, best of {args.repeat}) |"
          f" {rate:,.0f} samples/s ({n} samples) | 200,000/s |")  # fmt: skip
    d, dn = s80.settle_delays_s, s80.settle_delays_no_hand_s
    print(f"| physical rest to `settled`, 80/s, no hand in the action: median / p90 / max |"
          f" {statistics.median(dn) * 1000:.0f} / {pct(dn, 0.9) * 1000:.0f} /"
          f" {max(dn) * 1000:.0f} ms ({len(dn)} actions) | ≤ 150 ms |")  # fmt: skip
    print(f"| physical rest to `settled`, 80/s, all actions: median / p90 / max |"
          f" {statistics.median(d) * 1000:.0f} / {pct(d, 0.9) * 1000:.0f} /"
          f" {max(d) * 1000:.0f} ms ({len(d)} actions) | ≤ 150 ms |")  # fmt: skip
    for label, sc, rounds in (("80", s80, args.rounds), ("10", s10, args.rounds_10)):
        share = 100 * sc.placements_right / sc.placements
        right = f"{sc.placements_right}/{sc.placements}"
        print(f"| placements identified (stone and space), {label}/s |"
              f" {right} ({share:.2f} %, {rounds} rounds) | all |")  # fmt: skip
        print(f"| Stone of Fate and notch moves seen, {label}/s |"
              f" {sc.shifts_seen}/{sc.shifts} | all |")  # fmt: skip
        print(f"| settled side right, {label}/s | {sc.settles_right}/{sc.settles} | all |")
    print(f"| mistakes of any kind (incl. reports while a hand is on), 80/s / 10/s |"
          f" {len(s80.mistakes)} / {len(s10.mistakes)} | 0 |")  # fmt: skip
    if args.curve_seeds:
        print()
        print(f"Noise curve ({args.curve_seeds} sessions a point, seeds 0..{args.curve_seeds - 1};"
              " brisk: 24 stones put down and taken off 0.8 s apart a session; paced: the"
              " same 2 s apart; rounds: random rounds with hands):")  # fmt: skip
        print()
        noise_curve(prof, range(args.curve_seeds))


def _loadavg() -> tuple[float, ...]:
    try:
        import os

        return os.getloadavg()
    except OSError:
        return ()


if __name__ == "__main__":
    main()
