"""The black box: how fast a recorded session replays through the sensing, referee and
engine (table seconds per CPU second), and how much a recording costs per hour of table
(scale alone; scale and camera).

Seeded demo games (scripted players at the simulated scale, 80 samples/s on three
cells) are recorded as ``companion demo --record`` does, then replayed as
``companion replay-session`` does. The camera's cost: the demo's rendered views of the
scale (one every 0.5 s), kept as the recorder keeps a real camera's (JPEG, only when
the picture changed, at most 5 a second, 640 px across).

Re-reading (``replay-session --vision``): a camera game is recorded at each JPEG quality
of ``--qualities`` while every live board reading is kept (each cell's label, per frame);
the replay reads the recorded frames again, and the two are compared frame by frame
(frames with any cell read otherwise, cells read otherwise) and observation by
observation (``Replay.vision``), with the frames' size per hour at that quality.

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
from companion.profile import default_profile
from companion.referee.service import GameService
from companion.tables.hinkel_stein.demo import SimulatedTable

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


class Readings:
    """Every board reading the vision makes while active: per frame, the board's status
    and each cell's label (``BoardReader.read`` wrapped)."""

    def __init__(self) -> None:
        from companion.sensing.vision.reader import BoardReader

        self.cls, self.read = BoardReader, BoardReader.read
        self.frames: list[tuple[str, dict[str, str]]] = []

    def __enter__(self) -> Readings:
        keep, read = self.frames, self.read

        def reading(reader, image):
            r = read(reader, image)
            keep.append((r.status, {k: c.label for k, c in r.cells.items()}))
            return r

        self.cls.read = reading
        return self

    def __exit__(self, *exc) -> None:
        self.cls.read = self.read


def re_read(folder: Path, seeds: list[int], quality: int) -> dict:
    """Record the camera games of ``seeds`` at JPEG ``quality``, replay with --vision."""
    import companion.blackbox.recorder as rec

    plain = rec.SessionRecorder
    rec_cls = type("Q", (plain,), {"__init__": lambda self, *a, **k: plain.__init__(
        self, *a, **{**k, "jpeg_quality": quality})})  # fmt: skip
    globals()["SessionRecorder"] = rec_cls
    try:
        with Readings() as live:
            session, table_s, _ = record(folder, seeds, camera=True)
    finally:
        globals()["SessionRecorder"] = plain
    with Readings() as again:
        result = replay_session(read_session(session), vision=True)
    assert len(live.frames) == len(again.frames), (len(live.frames), len(again.frames))
    cells = frames = status = 0
    for (s1, a), (s2, b) in zip(live.frames, again.frames, strict=True):
        status += s1 != s2
        n = sum(a.get(k) != b.get(k) for k in set(a) | set(b))
        cells += n
        frames += bool(n) or s1 != s2
    total_cells = sum(len(c) for _, c in live.frames)
    jpegs = list((session / FRAMES).iterdir())
    frames_b = sum(p.stat().st_size for p in jpegs)
    return {
        "q": quality, "table_s": table_s, "frames": len(live.frames), "kept": len(jpegs),
        "kB": frames_b / max(1, len(jpegs)) / 1e3, "MB_h": frames_b * HOUR / table_s / 1e6,
        "frames_differ": frames, "status_differ": status, "cells_differ": cells,
        "cells": total_cells, "v": result.vision, "verdict": result.verdict,
        "difference": result.difference,
    }  # fmt: skip


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


def noisy_frame_bytes(files: list[Path], *, sd: float = 3.0, quality: int = 90) -> float:
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
    ap.add_argument("--qualities", default="70,90", help="JPEG qualities to re-read at")
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
            worst = mean * 5 * HOUR + per_h
            print(f"| scale and camera | {per_h_cam / 1e6:.1f} MB/h (as the demo changed) |"
                  f" at most {worst / 1e6:.0f} MB/h (the live camera's 5 frames a second all kept) |")  # fmt: skip
            noisy = noisy_frame_bytes(files[: min(20, len(files))])
            worst = noisy * 5 * HOUR + per_h
            print(f"| scale and a noisy camera | {noisy / 1e3:.1f} kB a frame with sensor noise"
                  f" (sd 3 grey levels) | at most {worst / 1e6:.0f} MB/h |")  # fmt: skip
            for q in (int(x) for x in args.qualities.split(",") if x):
                noisy = noisy_frame_bytes(files[: min(20, len(files))], quality=q)
                m = re_read(Path(d) / f"q{q}", cam_seeds, q)
                v = m["v"]
                print(f"| re-read at JPEG {q} | {m['frames']} frames read live ({m['kept']} kept,"
                      f" {m['kB']:.1f} kB each, {m['MB_h']:.1f} MB/h of frames as the demo"
                      f" changed; {noisy / 1e3:.1f} kB a noisy frame, at most"
                      f" {noisy * 5 * HOUR / 1e6:.0f} MB/h at 5 a second) |"
                      f" frames read otherwise {m['frames_differ']} of {m['frames']}"
                      f" ({m['status_differ']} board found/lost otherwise), cells"
                      f" {m['cells_differ']} of {m['cells']}; camera observations"
                      f" {v.count} differ of {v.live} live / {v.reread} re-read;"
                      f" journal {m['verdict']} {m['difference'] or ''} |")  # fmt: skip


if __name__ == "__main__":
    main()
