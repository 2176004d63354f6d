"""Dashboard figures: delay from a simulated sensor event to the dashboard's SSE update;
``GET /api/state`` while a crowd of event streams and idle connections is open; delay
from the tablet's ``POST /api/actions`` to the event on 1, 20 and 200 listening pages;
the server's memory, idle and with 200 listeners; and the bytes of every file the page
loads (parsed from the page itself).

Run with ``make bench`` (or ``python bench/bench_dashboard.py``). The sensor latency runs
the real stack in this process: waitress, the Flask app, the referee's service and its
journal (synchronous=FULL, so each event waits for a disk flush), with a client reading
``/api/events`` over loopback. The crowd figures run ``companion run --no-sensors`` as a
separate process (the clients here do not share its interpreter); the listeners connect
from their own loopback addresses (127.0.1.x), the crowd's idle connections from
127.0.0.1, the tablet's (paired with the PIN) too.
"""

from __future__ import annotations

import http.client
import json
import re
import selectors
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common import load_average, machine  # noqa: E402
from waitress.server import create_server  # noqa: E402

from companion.dashboard import create_app  # noqa: E402
from companion.referee.service import GameService  # noqa: E402
from companion.sensing.observations import StoneAdded  # noqa: E402
from tests.dashboard.crowd import START as NEW_GAME  # noqa: E402
from tests.dashboard.crowd import RawStream, Tablet, connect  # noqa: E402
from tests.dashboard.server_process import ServerProcess  # noqa: E402

#: The crowd of the figures (issue 12): event streams, idle connections, listeners.
CROWD_STREAMS, CROWD_IDLE, LISTENERS = 200, 150, (1, 20, 200)
#: ``companion run --threads`` for the runs where all 200 listeners get a stream.
THREADS_FOR_200 = 212

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


def rss_mib(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return next(int(x.split()[1]) for x in status.splitlines() if x.startswith("VmRSS")) / 1024


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank; milliseconds in, out."""
    ordered = sorted(values)
    return ordered[round(q * (len(ordered) - 1))]


class Listeners:
    """Event streams read by one thread: when each first saw each version."""

    def __init__(self, streams: list[RawStream]) -> None:
        self.streams = streams
        self.seen: list[dict[int, float]] = [{} for _ in streams]
        self.latest = [max(s.versions, default=-1) for s in streams]
        self.cond = threading.Condition()
        self.sel = selectors.DefaultSelector()
        for i, s in enumerate(streams):
            s.sock.setblocking(False)
            self.sel.register(s.sock, selectors.EVENT_READ, i)
        self.running = True
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        bufs = [b""] * len(self.streams)
        for i, s in enumerate(self.streams):  # what came with the headers
            bufs[i] = self._take(i, s.buf, time.perf_counter())
        while self.running:
            for key, _ in self.sel.select(0.2):
                i = key.data
                try:
                    data = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                bufs[i] = self._take(i, bufs[i] + data, time.perf_counter())

    def _take(self, i: int, buf: bytes, t: float) -> bytes:
        """Note the versions in ``buf`` (seen at ``t``); the unfinished line is left."""
        ids = [int(v) for v in re.findall(rb"^id: (\d+)$", buf, re.M)]
        if ids:
            with self.cond:
                for v in ids:
                    self.seen[i].setdefault(v, t)
                self.latest[i] = max(self.latest[i], *ids)
                self.cond.notify_all()
        return buf[buf.rfind(b"\n") + 1 :]

    def wait_all(self, version: int, timeout_s: float = 10.0) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: min(self.latest) >= version, timeout_s)

    def arrival(self, i: int, version: int) -> float:
        return min(t for v, t in self.seen[i].items() if v >= version)

    def close(self) -> None:
        self.running = False
        self.thread.join(2)
        for s in self.streams:
            s.close()


def crowd_server(threads: int | None = None) -> tuple[ServerProcess, tempfile.TemporaryDirectory]:
    tmp = tempfile.TemporaryDirectory()
    extra = ("--no-sensors",) + (("--threads", str(threads)) if threads else ())
    return ServerProcess(Path(tmp.name), extra=extra), tmp


def state_times(tablet: Tablet, n: int = 100) -> list[float]:
    """Milliseconds for ``GET /api/state``, ``n`` times, one after the other."""
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        status, _, _ = tablet.call("GET", "/api/state")
        times.append((time.perf_counter() - t0) * 1000)
        assert status == 200
    return times


def state_with_crowd(threads: int | None, one_address: bool) -> dict:
    """``GET /api/state`` times while ``CROWD_STREAMS`` streams (from one address or
    each from its own) and ``CROWD_IDLE`` idle connections are open."""
    server, tmp = crowd_server(threads)
    try:
        tablet = Tablet(server.port, server.pin)
        idle = [connect(server.port) for _ in range(CROWD_IDLE)]
        sources = ["127.0.0.1" if one_address else f"127.0.1.{i + 1}" for i in range(CROWD_STREAMS)]
        streams = [RawStream(server.port, src) for src in sources]
        statuses = [s.read_status() for s in streams]
        times = state_times(tablet)
        for s in streams + idle:
            s.close()
        return {"open": statuses.count(200), "times": times}
    finally:
        server.kill()
        tmp.cleanup()


def post_to_event(n_listeners: int, n_events: int = 100) -> dict:
    """Milliseconds from the tablet's POST (an action, then its undo, in turn) to the event
    on its own stream and on the last of ``n_listeners`` streams (the tablet's one of
    them); and the server's memory with them open."""
    server, tmp = crowd_server(THREADS_FOR_200)
    try:
        tablet = Tablet(server.port, server.pin)
        status, snap, _ = tablet.call("POST", "/api/games", NEW_GAME)
        assert status == 200, snap
        rss_before = rss_mib(server.proc.pid)
        streams = [tablet.stream()] + [
            RawStream(server.port, f"127.0.1.{i + 1}") for i in range(n_listeners - 1)
        ]
        assert all(s.read_status() == 200 for s in streams)
        listeners = Listeners(streams)
        assert listeners.wait_all(snap["version"])
        rss_with = rss_mib(server.proc.pid)
        own, last = [], []
        for i in range(n_events):
            time.sleep(0.02)
            t0 = time.perf_counter()
            if i % 2 == 0:
                rec = {"type": "condition", "player": "Ana", "wins": "heavier"}
                status, snap, _ = tablet.call("POST", "/api/actions", rec)
            else:
                status, snap, _ = tablet.call("POST", "/api/undo", {"count": 1})
            assert status == 200, snap
            assert listeners.wait_all(snap["version"])
            own.append((listeners.arrival(0, snap["version"]) - t0) * 1000)
            last.append(
                (max(listeners.arrival(j, snap["version"]) for j in range(n_listeners)) - t0) * 1000
            )
        listeners.close()
        return {"own": own, "last": last, "rss_before": rss_before, "rss_with": rss_with}
    finally:
        server.kill()
        tmp.cleanup()


#: ``<link rel=...>`` that a browser loads at once.
LOADED_LINKS = frozenset({"stylesheet", "icon", "manifest", "apple-touch-icon", "preload"})


class _Refs(HTMLParser):
    """The files a page loads: stylesheets, icons, the manifest, scripts, images."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link" and set((a.get("rel") or "").split()) & LOADED_LINKS:
            self.urls.append(a.get("href") or "")
        elif tag in ("script", "img", "source") and a.get("src"):
            self.urls.append(a["src"])


def page_assets(url: str) -> dict[str, int]:
    """Bytes of every file the page at ``url`` loads: the page, what it links (parsed),
    the stylesheets' ``url(...)`` and the manifest's icons; then ``/api/state`` (the
    page's first data) and the first event of ``/api/events`` (the same snapshot)."""
    sizes: dict[str, int] = {}
    todo = ["/"]
    while todo:
        path = urljoin(url + "/", todo.pop(0))
        path = path[len(url) :] if path.startswith(url) else path
        if path in sizes or not path.startswith("/"):
            continue
        with urllib.request.urlopen(url + path, timeout=10) as r:
            body, kind = r.read(), r.headers.get_content_type()
        sizes[path] = len(body)
        if kind == "text/html":
            refs = _Refs()
            refs.feed(body.decode())
            todo += refs.urls
        elif kind == "text/css":
            todo += re.findall(r"url\(['\"]?([^'\")]+)", body.decode())
        elif path.endswith(".webmanifest") or kind == "application/manifest+json":
            todo += [icon["src"] for icon in json.loads(body).get("icons", [])]
    return sizes


def server_memory_and_page() -> tuple[float, dict[str, int], int]:
    """(resident memory of an idle `companion run`, MiB; bytes of each file the page
    loads; bytes of its first data: the state and the first event)."""
    with tempfile.TemporaryDirectory() as d:
        server = ServerProcess(Path(d), extra=())
        try:
            time.sleep(1.0)
            sizes = page_assets(server.url)
            data = len(urllib.request.urlopen(server.url + "/api/state", timeout=10).read())
            first = RawStream(server.port)
            first.read_status()
            first.read_event("snapshot")
            data += len(first.buf)
            first.close()
            return rss_mib(server.proc.pid), sizes, data
        finally:
            server.kill()


def row(name: str, ms: list[float], target: str = "") -> str:
    return (
        f"| {name} | {statistics.median(ms):.1f} ms median, {pct(ms, 0.99):.1f} ms p99,"
        f" {max(ms):.1f} ms max ({len(ms)}) | {target} |"
    )


def main() -> None:
    delays = [d * 1000 for d in sse_latency(200)]
    rss, sizes, first_data = server_memory_and_page()
    one = state_with_crowd(None, one_address=True)
    many = state_with_crowd(THREADS_FOR_200, one_address=False)
    posts = {n: post_to_event(n) for n in LISTENERS}
    print(f"Machine: {machine()}; load average {load_average()} at the end")
    print("Command: make bench (bench/bench_dashboard.py)")
    print()
    print("| measurement | value | target |")
    print("| --- | --- | --- |")
    print(row(f"sensor event to SSE update ({len(delays)} events)", delays, "< 50 ms"))
    print(
        row(
            f"`GET /api/state`, {CROWD_STREAMS} streams from the tablet's address"
            f" ({one['open']} open, the rest refused) + {CROWD_IDLE} idle connections,"
            " `companion run`'s defaults",
            one["times"],
            "< 1 s",
        )
    )
    print(
        row(
            f"`GET /api/state`, {CROWD_STREAMS} streams from {CROWD_STREAMS} addresses"
            f" ({many['open']} open: `--threads {THREADS_FOR_200}`) + {CROWD_IDLE} idle"
            " connections",
            many["times"],
            "< 1 s",
        )
    )
    for n, r in posts.items():
        listening = "1 listener" if n == 1 else f"{n} listeners"
        print(row(f"`POST /api/actions` to the event, {listening}: the tablet's own", r["own"]))
        if n > 1:
            print(row(f"`POST /api/actions` to the event, {n} listeners: the last one", r["last"]))
    big = posts[max(LISTENERS)]
    print(
        "| server resident memory (`companion run` idle, no game, the simulated load cells"
        f" running: no GPIO here) | {rss:.0f} MiB | |"
    )
    print(
        f"| server resident memory, `companion run --no-sensors --threads {THREADS_FOR_200}`,"
        f" a game: idle, then {max(LISTENERS)} listeners | {big['rss_before']:.0f} MiB,"
        f" then {big['rss_with']:.0f} MiB | |"
    )
    names = ", ".join(p.rsplit("/", 1)[-1] or "index.html" for p in sizes)
    print(
        f"| page transferred: its {len(sizes)} files ({names}) |"
        f" {sum(sizes.values()) / 1024:.1f} KiB | < 300 KB |"
    )
    print(
        "| page transferred with its first data (`/api/state`, the first event; no game) |"
        f" {(sum(sizes.values()) + first_data) / 1024:.1f} KiB | < 300 KB |"
    )
    print(
        json.dumps(
            {
                "sensor_p50_ms": round(statistics.median(delays), 2),
                "sensor_p99_ms": round(pct(delays, 0.99), 2),
                "rss_mib": round(rss, 1),
                "page_bytes": sizes,
                "first_data_bytes": first_data,
                "state_one_address_p99_ms": round(pct(one["times"], 0.99), 2),
                "state_many_p99_ms": round(pct(many["times"], 0.99), 2),
                "post_to_event": {
                    n: {
                        "own_p50_ms": round(statistics.median(r["own"]), 2),
                        "own_p99_ms": round(pct(r["own"], 0.99), 2),
                        "last_p50_ms": round(statistics.median(r["last"]), 2),
                        "last_p99_ms": round(pct(r["last"], 0.99), 2),
                        "rss_mib": round(r["rss_with"], 1),
                    }
                    for n, r in posts.items()
                },
            }
        )
    )


if __name__ == "__main__":
    main()
