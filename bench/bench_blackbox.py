"""The black box: how fast a recorded session replays through the sensing, referee and
engine (table seconds per CPU second), and how much a recording costs per hour of table
(scale alone; scale and camera).

Seeded demo games (scripted players at the simulated scale, 80 samples/s on three
cells) are recorded as ``companion demo --record`` does, then replayed as
``companion replay-session`` does. The camera's cost: the demo's rendered views of the
scale (one every 0.5 s), kept as the recorder keeps a real camera's (JPEG, only when
the picture changed, at most 2 a second, 640 px across).

Run with ``make bench``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import load_average, machine

from companion.blackbox.recorder import SessionRecorder, tap_demo_table
from companion.blackbox.replay import replay_session
from companion.blackbox.session import EVENTS, FRAMES, SCALE, read_session
from companion.demo import SimulatedTable
from companion.profile import default_profile
from companion.referee.service import GameService

NAMES = ["Ana", "Ben", "Cleo", "Dora"]
HOUR = 3600.0


def record(folder: Path, seeds: list[int], *, camera: bool) -> tuple[Path, float, float]:
    """One session of the games of ``seeds``; (its folder, table seconds, CPU seconds)."""
    service = GameService(folder / "state")
    recorder = SessionRecorder(folder / "rec", source="demo")
    profile = default_profile()
    session = recorder.start(service, profile)
    recorder.tap_service(service)
    table_s = 0.0
    c0 = time.process_time()
    for seed in seeds:
        table = SimulatedTable(
            service, profile, seed=seed, speed=None, camera_every_s=0.5 if camera else None
        )
        tap_demo_table(recorder, table)
        table.play_game(NAMES[: 2 + seed % 3])
        table_s += table.sim.t_mono
    cpu = time.process_time() - c0
    recorder.stop()
    service.close()
    return session, table_s, cpu


def play_only(folder: Path, seeds: list[int]) -> float:
    """CPU seconds to play the same games with no recorder (the overhead's baseline)."""
    service = GameService(folder / "state")
    c0 = time.process_time()
    for seed in seeds:
        table = SimulatedTable(service, default_profile(), seed=seed, speed=None)
        table.play_game(NAMES[: 2 + seed % 3])
    cpu = time.process_time() - c0
    service.close()
    return cpu


def noisy_frame_bytes(files: list[Path], *, sd: float = 3.0, quality: int = 70) -> float:
    """Mean JPEG bytes of ``files`` with a real sensor's noise added (rendered frames are
    smoother than photos, and smooth pictures compress better)."""
    import cv2
    import numpy as np

    rng = np.random.default_rng(1)
    sizes = []
    for f in files:
        image = cv2.imread(str(f)).astype(np.float32)
        image = np.clip(image + rng.normal(0, sd, image.shape), 0, 255).astype(np.uint8)
        _, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        sizes.append(len(jpeg))
    return sum(sizes) / max(1, len(sizes))


def size(path: Path) -> int:
    return path.stat().st_size if path.is_file() else sum(p.stat().st_size for p in path.iterdir())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=6, help="demo games recorded (scale alone)")
    ap.add_argument("--camera-games", type=int, default=1, help="demo games with the camera")
    ap.add_argument("--first-seed", type=int, default=200)
    args = ap.parse_args()
    print(f"Machine: {machine()}; load average {load_average()}")
    with tempfile.TemporaryDirectory() as d:
        seeds = list(range(args.first_seed, args.first_seed + args.games))
        session, table_s, rec_cpu = record(Path(d) / "scale", seeds, camera=False)
        c0 = time.process_time()
        s = read_session(session)
        read_cpu = time.process_time() - c0
        result = replay_session(s)
        cpu = time.process_time() - c0
        assert result.verdict == "identical", result.difference
        scale_b, events_b = size(session / SCALE), size(session / EVENTS)
        print(f"Scale alone: {args.games} demo games, {table_s:.0f} s of table, "
              f"{len(s.samples)} samples, {len(result.actions)} journal rows: replay identical")  # fmt: skip
        print(f"| replay speed | {table_s / cpu:,.0f} table s per CPU s | "
              f"an hour of table in {HOUR * cpu / table_s:.1f} CPU s "
              f"(reading the files {read_cpu / cpu:.0%} of it) |")  # fmt: skip
        base = play_only(Path(d) / "plain", seeds)
        print(f"| recording overhead | {rec_cpu:.1f} CPU s to play and record {table_s:.0f} s,"
              f" {base:.1f} CPU s to play them unrecorded (+{rec_cpu / base - 1:.0%}) |")  # fmt: skip
        per_h = (scale_b + events_b) * HOUR / table_s
        print(f"| scale alone | {per_h / 1e6:.1f} MB/h | scale.csv {scale_b * HOUR / table_s / 1e6:.1f}"
              f" MB/h, events {events_b * HOUR / table_s / 1e6:.1f} MB/h |")  # fmt: skip
        if args.camera_games:
            cam_seeds = list(range(args.first_seed, args.first_seed + args.camera_games))
            session, cam_s, _ = record(Path(d) / "camera", cam_seeds, camera=True)
            files = list((session / FRAMES).iterdir())
            frames_b = sum(p.stat().st_size for p in files)
            other = size(session / SCALE) + size(session / EVENTS)
            mean = frames_b / max(1, len(files))
            import cv2

            h, w = cv2.imread(str(files[0])).shape[:2]
            c0 = time.process_time()
            cam = replay_session(read_session(session))
            cam_cpu = time.process_time() - c0
            assert cam.verdict == "identical", cam.difference
            print(f"Scale and camera: {args.camera_games} demo game(s), {cam_s:.0f} s of table, "
                  f"{len(files)} frames kept of {cam_s / 0.5:.0f} seen, {w}x{h} px,"
                  f" {mean / 1e3:.1f} kB each;"
                  f" replay {cam_s / cam_cpu:,.0f} table s per CPU s")  # fmt: skip
            per_h_cam = (frames_b + other) * HOUR / cam_s
            worst = mean * 2 * HOUR + per_h
            print(f"| scale and camera | {per_h_cam / 1e6:.1f} MB/h (as the demo changed) |"
                  f" at most {worst / 1e6:.0f} MB/h (a frame kept every 0.5 s) |")  # fmt: skip
            noisy = noisy_frame_bytes(files[: min(20, len(files))])
            worst = noisy * 2 * HOUR + per_h
            print(f"| scale and a noisy camera | {noisy / 1e3:.1f} kB a frame with sensor noise"
                  f" (sd 3 grey levels) | at most {worst / 1e6:.0f} MB/h |")  # fmt: skip


if __name__ == "__main__":
    main()
