"""Scale sensing on seeds that no test and no other bench used while it was tuned
(300-323): random rounds with hands and brisk sessions at 80 samples/s, 1.5 to 2.5 g a
cell. Prints a markdown table for BENCHMARKS.md ("On data the sensing was not tuned on").
"unwarned": actions got wrong with no noise problem said within 8 s (scale_scoring).

    .venv/bin/python bench/bench_scale_unseen.py
    .venv/bin/python bench/bench_scale_unseen.py --first-seed 400   # another 24 unseen
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_scale import noise_point

from companion.profile import default_profile

SEEDS = range(300, 324)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first-seed", type=int, default=SEEDS.start,
                        help="the first of 24 seeds (default 300)")  # fmt: skip
    seeds = range(parser.parse_args().first_seed, parser.parse_args().first_seed + 24)
    profile = default_profile()
    print("| stones | rate /s | noise g a cell | named right | spurious | wrong, unwarned |"
          " sessions warned |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for scenario in ("rounds", "brisk"):
        for noise in (1.5, 2.0, 2.5):
            sc, warned = noise_point(profile, scenario, 80, noise, seeds)
            print(f"| {scenario} | 80 | {noise:g} | {sc.placements_right}/{sc.placements} |"
                  f" {sc.spurious} | {sc.unwarned} | {warned}/{len(seeds)} |", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
