"""Dashboard figures: delay from a simulated sensor event to the dashboard's SSE update
(median and 99th percentile), the server's memory, and the page's transferred size.

Run with ``make bench``. The latency runs the real stack in this process: waitress, the
Flask app, the referee's service and its journal (synchronous=FULL, so each event waits
for a disk flush), with a client reading ``/api/events`` over loopback.
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common import machine  # noqa: E402
from waitress.server import create_server  # noqa: E402

from companion.dashboard import create_app  # noqa: E402
from companion.referee.service import GameService  # noqa: E402
from companion.sensing.observations import StoneAdded  # noqa: E402

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}


def sse_latency(n_events: int) -> list[float]:
    """Seconds from ``service.observe`` (a stone seen on the scale) to the SSE event."""
    with tempfile.TemporaryDirectory() as d:
        service = GameService(d)
        app = create_app(service)
        server = create_server(app, host="127.0.0.1", port=0, threads=4)
        threading.Thread(target=server.run, daemon=True).start()
        versions: dict[int, float] = {}
        got = threading.Condition()

        def reader() -> None:
            conn = http.client.HTTPConnection("127.0.0.1", server.effective_port)
            conn.request("GET", "/api/events")
            resp = conn.getresponse()
            for raw in resp:
                line = raw.decode().strip()
                if line.startswith("id: "):
                    with got:
                        versions[int(line[4:])] = time.perf_counter()
                        got.notify_all()

        threading.Thread(target=reader, daemon=True).start()
        delays = []
        for i in range(n_events):
            if i % 4 == 0:  # a fresh turn: Ben staked, waiting for his stone
                service.new_game(START)
                for rec in (
                    {"type": "condition", "player": "Ana", "wins": "heavier"},
                    {"type": "call", "player": "Ana", "calls": "Ben"},
                    {"type": "stake", "player": "Ben", "add": 1},
                ):
                    service.submit(rec)
                time.sleep(0.05)
            else:
                service.undo()  # take the stone back for the next measurement
                time.sleep(0.05)
            target = service.version + 1
            t0 = time.perf_counter()
            service.observe(StoneAdded(float(i), 95.0, -180.0, "L2"))  # Ben's H5 on L2
            with got:
                ok = got.wait_for(lambda t=target: max(versions, default=0) >= t, timeout=5)
            if ok:
                delays.append(min(t for v, t in versions.items() if v >= target) - t0)
        service.close()  # ends the event stream first
        time.sleep(0.1)
        server.close()
        return delays


def server_memory_and_page() -> tuple[float, int]:
    """(resident memory of a running `companion run`, MiB; bytes to load the page)."""
    with tempfile.TemporaryDirectory() as d:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "companion",
                "run",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--state-dir",
                d,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        url = proc.stdout.readline().split()[1].rstrip("/")
        size = 0
        for path in (
            "/",
            "/static/app.js",
            "/static/app.css",
            "/static/icon.svg",
            "/manifest.webmanifest",
            "/api/state",
        ):
            with urllib.request.urlopen(url + path) as r:
                size += len(r.read())
        status = Path(f"/proc/{proc.pid}/status").read_text()
        rss_kb = next(
            int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")
        )
        proc.terminate()
        proc.wait(10)
        return rss_kb / 1024, size


def main() -> None:
    delays = sorted(sse_latency(200))
    p50 = statistics.median(delays) * 1000
    p99 = delays[int(0.99 * (len(delays) - 1))] * 1000
    rss, size = server_memory_and_page()
    print(f"Machine: {machine()}")
    print("Command: make bench (bench/bench_dashboard.py)")
    print()
    print("| measurement | value | target |")
    print("| --- | --- | --- |")
    print(f"| sensor event to SSE update, median | {p50:.1f} ms ({len(delays)} events) | < 50 ms |")
    print(f"| sensor event to SSE update, 99th percentile | {p99:.1f} ms | < 50 ms |")
    print(
        f"| server resident memory (`companion run` idle, no game, the simulated load cells running: no GPIO here) | {rss:.0f} MiB | |"
    )
    print(
        "| page transferred (HTML, JS, CSS, icon, manifest, state) |"
        f" {size / 1024:.1f} KiB | < 300 KB |"
    )
    print(
        json.dumps(
            {
                "p50_ms": round(p50, 2),
                "p99_ms": round(p99, 2),
                "rss_mib": round(rss, 1),
                "page_bytes": size,
            }
        )
    )


if __name__ == "__main__":
    main()
