"""The scale's step detection on real HX711 recordings it was not tuned on.

The coffee-pot recordings (four 5 kg cells, a Raspberry Pi, bit-banged HX711s, 10 Hz;
recorded by other people, beside the clone in ../shared/data/real/coffee-pot-hx711/):
how many steps the noise-adaptive thresholds find, how many glitches they reject, and
the size of the steps, per file, against the fixed-band detector. Prints Markdown rows
for BENCHMARKS.md. Usage: python bench/bench_real_hx711.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sensing.test_real_hx711_data import DATA, adaptive_steps, cells, steps, weight_10hz


def main() -> int:
    if not DATA.is_dir():
        print(f"no real data at {DATA}: skipped")
        return 0
    files = [("cells", cells, p.name) for p in sorted((DATA / "cells").glob("*.csv"))]
    files += [
        ("weight_10hz", weight_10hz, p.name) for p in sorted((DATA / "weight_10hz").glob("*.csv"))
    ]
    print(
        "| recording | samples | minutes | steps: fixed 30 g band | steps: noise-adaptive | glitches rejected (adaptive) | adaptive steps, kg |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for folder, read, name in files:
        data = read(name)
        minutes = (data[-1][0] - data[0][0]) / 60
        fixed, adaptive = steps(data), adaptive_steps(data)
        sizes = ", ".join(f"{(s.after - s.before) / 1000:+.2f}" for s in adaptive.steps[:12])
        more = " …" if len(adaptive.steps) > 12 else ""
        print(
            f"| {folder}/{name} | {len(data)} | {minutes:.1f} | {len(fixed.steps)} | {len(adaptive.steps)} | {adaptive.glitches} | {sizes}{more} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
