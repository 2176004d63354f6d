"""Club night: many tables on one Mosquitto, ``companion club`` following.

A simulated club: ``--tables`` tables (each a ``GameService`` with its journal and a
``TablePublisher``, in this process) play seeded random Hinkel & Stein games as fast
as the journal takes them, into one Mosquitto started here on a loopback port;
``companion club serve`` runs as its own process, and its page's event stream is read
here. Figures:

- messages per second through the broker and the club (journal rows stored by the club,
  and every message it received: rows, summaries, statuses, records);
- latency from an accepted action (``submit`` returned: journaled) to the club page's
  event that shows that row on the table's card (median, p99): under the full load,
  and for one table at a human pace (an action every 0.2 s);
- the resident memory of ``companion club`` (now and peak);
- catch-up after an outage: the broker is stopped, ``--hour-tables`` tables play an
  hour's worth of rows each (``--hour-rows``, 300: five actions a minute), the broker
  comes back, and the time until the club has stored every row.

Run with ``make bench`` (needs Debian's ``mosquitto``; skipped with a reason without).
"""

from __future__ import annotations

import argparse
import http.client
import json
import logging
import os
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import load_average, machine

from companion.games.hinkel_stein.random_player import random_game
from companion.games.hinkel_stein.record import to_record
from companion.mqtt.publisher import TablePublisher
from companion.mqtt.settings import MqttSettings
from companion.referee.service import GameService


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, timeout_s: float = 20) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"nothing listens on port {port} after {timeout_s} s")


class Broker:
    """Mosquitto with persistence (a stopped broker keeps the club's session)."""

    def __init__(self, binary: str, folder: Path) -> None:
        self.binary, self.folder, self.port = binary, folder, free_port()
        folder.mkdir()
        user = "user root\n" if os.geteuid() == 0 else ""
        (folder / "mosquitto.conf").write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence true\n"
            f"persistence_location {folder}/\nmax_queued_messages 0\nmax_inflight_messages 0\n"
            f"{user}log_dest none\n"
        )
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.binary, "-c", str(self.folder / "mosquitto.conf")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_port(self.port)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(20)


class PageReader(threading.Thread):
    """Reads the club page's event stream; when each (table, game id, row) first shows."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port, self.seen, self.events = port, {}, 0
        self.stop = False

    def run(self) -> None:
        con = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        con.request("GET", "/api/club/events")
        resp = con.getresponse()
        data = b""
        while not self.stop:
            line = resp.readline()
            if not line:
                return
            if line.startswith(b"data: "):
                data = line[6:]
            elif line == b"\n" and data:
                now = time.monotonic()
                self.events += 1
                for t in json.loads(data)["tables"]:
                    game = (t.get("summary") or {}).get("game")
                    if game:
                        self.seen.setdefault((t["table"], game["id"], game["row"]), now)
                data = b""


class Table:
    """One simulated table: its service, its publisher, and when each row was accepted."""

    def __init__(self, folder: Path, name: str, broker: Broker, seed: int) -> None:
        self.name, self.seed = name, seed
        self.service = GameService(folder / name)
        settings = MqttSettings(host="127.0.0.1", port=broker.port, table=name)
        self.publisher = TablePublisher(self.service, settings)
        self.publisher.start()
        self.accepted: dict[tuple[str, str, int], float] = {}
        self.records: list[dict] = []
        self.rows = 0

    def play(self, actions: int, pace_s: float = 0.0) -> None:
        for _ in range(actions):
            if not self.records:
                self.records = [to_record(a) for a in random_game(3, self.seed)]
                self.seed += 1000
                snap = self.service.new_game(self.records.pop(0))
            else:
                snap = self.service.submit(self.records.pop(0))
            game = snap["game"]
            self.accepted[(self.name, game["id"], game["row"])] = time.monotonic()
            self.rows += 1
            if pace_s:
                time.sleep(pace_s)

    def close(self) -> None:
        self.publisher.stop()
        self.service.close()


def stored_rows(db: Path) -> int:
    try:
        con = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            return con.execute("SELECT COUNT(*) FROM rows").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def wait_rows(db: Path, total: int, timeout_s: float) -> float:
    """Seconds until the club stored ``total`` rows (SystemExit after ``timeout_s``)."""
    t0 = time.monotonic()
    while stored_rows(db) < total:
        if time.monotonic() - t0 > timeout_s:
            raise SystemExit(f"the club stored {stored_rows(db)} of {total} rows in {timeout_s} s")
        time.sleep(0.05)
    return time.monotonic() - t0


def memory_kib(pid: int) -> dict[str, int]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


def club_view(port: int) -> dict:
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    con.request("GET", "/api/club")
    return json.loads(con.getresponse().read())


def latencies(tables: list[Table], page: PageReader) -> list[float]:
    return [
        (page.seen[key] - t) * 1000
        for table in tables
        for key, t in table.accepted.items()
        if key in page.seen
    ]


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run_threads(tables: list[Table], actions: int) -> float:
    t0 = time.monotonic()
    threads = [threading.Thread(target=t.play, args=(actions,)) for t in tables]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return time.monotonic() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--actions", type=int, default=60, help="actions per table, full speed")
    ap.add_argument("--hour-tables", type=int, default=50)
    ap.add_argument("--hour-rows", type=int, default=300, help="rows per table in an hour")
    args = ap.parse_args()
    logging.basicConfig(level=logging.ERROR)  # a broker stopped on purpose is no news
    binary = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    if not Path(binary).is_file():
        print("bench_club skipped: no mosquitto (apt-get install mosquitto)")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        broker = Broker(binary, folder / "broker")
        page_port, db = free_port(), folder / "club.sqlite"
        club = subprocess.Popen(
            [sys.executable, "-m", "companion", "club", "serve", "--db", str(db),
             "--host", "127.0.0.1", "--port", str(page_port),
             "--mqtt", f"mqtt://127.0.0.1:{broker.port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            wait_port(page_port)
            idle = memory_kib(club.pid)
            page = PageReader(page_port)
            page.start()
            tables = [Table(folder, f"table-{i:02d}", broker, seed=i) for i in range(args.tables)]
            time.sleep(1.0)  # every publisher connected
            received0 = club_view(page_port)["received"]
            play_s = run_threads(tables, args.actions)
            total = sum(t.rows for t in tables)
            all_s = play_s + wait_rows(db, total, 300)
            time.sleep(1.5)  # the page's last update
            received = club_view(page_port)["received"] - received0
            busy = latencies(tables, page)
            mem_busy = memory_kib(club.pid)

            # one table at a human pace, the others idle
            human = tables[0]
            human.accepted.clear()
            human.play(50, pace_s=0.2)
            wait_rows(db, total + 50, 60)
            time.sleep(1.5)
            calm = latencies([human], page)

            # an hour of play while the broker is down
            for t in tables:
                t.accepted.clear()
            broker.stop()
            hour = tables[: args.hour_tables]
            t_hour = run_threads(hour, args.hour_rows)
            before = stored_rows(db)
            expected = before + len(hour) * args.hour_rows
            broker.start()
            catch_up_s = wait_rows(db, expected, 900)
            mem_end = memory_kib(club.pid)
            page.stop = True
            for t in tables:
                t.close()
        finally:
            club.send_signal(signal.SIGTERM)
            club.wait(20)
            broker.stop()

    print(f"Machine: {machine()}; load average {load_average()} at the end")
    print("Command: make bench (bench/bench_club.py)")
    print()
    print("| measurement | value |")
    print("| --- | --- |")
    print(
        f"| {args.tables} tables at full speed: rows accepted | {total} in {play_s:.1f} s ({total / play_s:.0f}/s, all tables journaling in one process) |"
    )
    print(
        f"| rows stored by the club | {total / all_s:.0f}/s ({total} rows, until the last was stored: {all_s:.1f} s) |"
    )
    print(
        f"| messages received by the club (rows, summaries, statuses) | {received} ({received / all_s:.0f}/s) |"
    )
    print(
        f"| accepted action to the club page, {args.tables} tables at full speed | {statistics.median(busy):.0f} ms median, {pct(busy, 0.99):.0f} ms p99 ({len(busy)} rows shown; the page sends at most 2 updates/s, latest wins) |"
    )
    print(
        f"| accepted action to the club page, one table, an action every 0.2 s | {statistics.median(calm):.0f} ms median, {pct(calm, 0.99):.0f} ms p99 ({len(calm)} rows shown) |"
    )
    print(
        f"| `companion club` resident memory: idle, after the full-speed run, after the hour | {idle['VmRSS'] / 1024:.0f} MiB, {mem_busy['VmRSS'] / 1024:.0f} MiB, {mem_end['VmRSS'] / 1024:.0f} MiB (peak {mem_end['VmHWM'] / 1024:.0f} MiB) |"
    )
    print(
        f"| catch-up after an outage: {len(hour)} tables x {args.hour_rows} rows (an hour of play) journaled while the broker was down ({t_hour:.0f} s) | {catch_up_s:.1f} s from the broker's return until the club stored all {len(hour) * args.hour_rows} rows ({len(hour) * args.hour_rows / catch_up_s:.0f} rows/s, the tables' reconnect wait included) |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
