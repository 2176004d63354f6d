"""Fit the simulator's noise model to real HX711 recordings (the Cambridge coffee pot).

Run with ``.venv/bin/python bench/fit_hx711_noise.py`` (needs ``../shared/data/real``
beside the clone). For each recording's stretch of empty platform (``REST``), per cell
(counts / 365 = grams, the authors' factor), it measures:

- glitches: samples more than 50 g from the median of them and their two neighbours
  (a bit-banging error: one sample kilograms off), as a share of all samples;
- white noise: the robust sd of one sample from first differences (glitch-free);
- wander: a slow random component (an AR(1) process, 1/f-like over seconds): its sd is
  what the deviations from a 30 s running median add to the white noise, its time
  constant from the correlation of successive 1 s means;
- drift: g/min, the slope of a straight line through the glitch-free readings.

It prints a Markdown table per cell and the median over all cells, which is the
``coffee-pot`` profile in ``companion/devices/scale_sim.py`` (``NOISE_PROFILES``).
Timestamps, not row numbers: gaps of up to 10 s occur; a stretch is cut at any gap
over 1 s.
"""

from __future__ import annotations

import csv
import itertools
import math
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "data" / "real" / "coffee-pot-hx711" / "cells"
COUNTS_PER_G = 365.0
#: per recording: the stretch with nothing on the platform (seconds from its start)
REST = {
    "2019-11-18_readings_cells.csv": (0.0, 1e9),  # empty all along
    "2019-11-22_new_pot_plus_cup_cells.csv": (300.0, 1e9),  # the pot gone
    "2019-11-15_full_to_empty_cells.csv": (520.0, 1e9),  # the pot gone
}


def load(name: str) -> tuple[np.ndarray, np.ndarray]:
    with (DATA / name).open(newline="") as f:
        rows = list(csv.DictReader(f))
    t = np.array([float(r["unix_ts"]) for r in rows])
    cells = np.array([[int(r[f"cell{i}"]) for i in range(4)] for r in rows], float)
    t0, t1 = REST[name]
    keep = (t - t[0] >= t0) & (t - t[0] <= t1)
    return t[keep] - t[keep][0], cells[keep] / COUNTS_PER_G


def segments(t: np.ndarray, gap_s: float = 1.0) -> list[slice]:
    cuts = [0, *(np.nonzero(np.diff(t) > gap_s)[0] + 1).tolist(), len(t)]
    return [slice(a, b) for a, b in itertools.pairwise(cuts) if b - a > 50]


def fit_cell(t: np.ndarray, x: np.ndarray) -> dict[str, float]:
    med3 = np.median(np.stack([np.r_[x[0], x[:-1]], x, np.r_[x[1:], x[-1]]]), axis=0)
    glitch = np.abs(x - med3) > 50.0
    clean = np.where(glitch, med3, x)
    d = np.diff(clean)
    white = 1.4826 * float(np.median(np.abs(d - np.median(d)))) / math.sqrt(2)
    dt = float(np.median(np.diff(t)))
    slow_var, rhos, slopes = [], [], []
    for seg in segments(t):
        ts, xs = t[seg], clean[seg]
        slopes.append(np.polyfit(ts, xs, 1)[0] * 60)
        k = max(3, int(30.0 / dt)) | 1
        pad = np.pad(xs, k // 2, mode="edge")
        base = np.array([np.median(pad[i : i + k]) for i in range(len(xs))])
        dev = xs - base
        total = (1.4826 * float(np.median(np.abs(dev)))) ** 2
        slow_var.append(max(0.0, total - white**2))
        n1 = max(1, round(1.0 / dt))  # 1 s means
        m = dev[: len(dev) // n1 * n1].reshape(-1, n1).mean(axis=1)
        if len(m) > 10 and m.var() > 0:
            rhos.append(float(np.corrcoef(m[:-1], m[1:])[0, 1]))
    rho = float(np.clip(np.median(rhos), 0.01, 0.99)) if rhos else 0.5
    return {
        "rate_sps": 1.0 / dt,
        "white_g": white,
        "wander_g": math.sqrt(float(np.median(slow_var))) if slow_var else 0.0,
        "wander_time_s": -1.0 / math.log(rho),
        "drift_g_per_min": float(np.median(slopes)) if slopes else 0.0,
        "glitch_rate": float(glitch.mean()),
    }


def main() -> None:
    if not DATA.is_dir():
        raise SystemExit(f"real HX711 data not found at {DATA}")
    print("| recording | cell | rate /s | white g | wander g | wander s | drift g/min | glitches |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    fits = []
    for name in REST:
        t, cells = load(name)
        for i in range(cells.shape[1]):
            f = fit_cell(t, cells[:, i])
            fits.append(f)
            print(f"| {name.split('_cells')[0]} | {i} | {f['rate_sps']:.1f} | {f['white_g']:.2f} |"
                  f" {f['wander_g']:.2f} | {f['wander_time_s']:.1f} |"
                  f" {f['drift_g_per_min']:+.2f} | {f['glitch_rate']:.2%} |")  # fmt: skip
    keys = ("white_g", "wander_g", "wander_time_s", "drift_g_per_min", "glitch_rate")
    med = {k: float(np.median([abs(f[k]) if k == "drift_g_per_min" else f[k] for f in fits]))
           for k in keys}  # fmt: skip
    print()
    print("Median over the cells (the coffee-pot profile, per sample at 10 samples/s):")
    print(", ".join(f"{k} = {v:.3g}" for k, v in med.items()))


if __name__ == "__main__":
    main()
