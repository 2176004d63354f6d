"""History figures: ``GET /api/games`` with 10 and 1,000 kept games.

Run with ``make bench``. Each kept game is a whole random game of Hinkel & Stein (one
journal written through ``Journal``, then copied under new ids: the same work to replay
as many different games). Through the real server (waitress, loopback) it times the
first page (50 games) with the index warm, the same with the index deleted (rebuilt
from the journals for that page), and a page far back (``?before=``). For comparison it
times what the history did before the index: replaying every kept journal.
"""

from __future__ import annotations

import http.client
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common import load_average, machine  # noqa: E402
from waitress.server import create_server  # noqa: E402

from companion.dashboard import create_app  # noqa: E402
from companion.games.hinkel_stein.random_player import random_game  # noqa: E402
from companion.games.hinkel_stein.record import to_record  # noqa: E402
from companion.journal import Journal  # noqa: E402
from companion.referee.history import INDEX_FILE, summarise  # noqa: E402
from companion.referee.service import GameService  # noqa: E402

SIZES = (10, 1000)
WARM_REQUESTS = 20


def kept_games(state_dir: Path, n: int) -> int:
    """``n`` journals of one whole random game in ``state_dir/games``; its action count."""
    games = state_dir / "games"
    games.mkdir(parents=True, exist_ok=True)
    first = games / "20250101-000000-000000.journal"
    actions = random_game(4, seed=7)
    with Journal(first) as j:
        for a in actions:
            j.append(to_record(a))
    for i in range(1, n):
        stamp = f"20250101-{i // 3600:02d}{i // 60 % 60:02d}{i % 60:02d}-{i:06x}"
        shutil.copyfile(first, games / f"{stamp}.journal")
    return len(actions)


def get_ms(port: int, path: str) -> tuple[float, dict]:
    """Milliseconds for one ``GET path`` on a fresh connection, and the JSON answer."""
    t0 = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", path)
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    assert resp.status == 200, (resp.status, body[:200])
    return (time.perf_counter() - t0) * 1000, json.loads(body)


def measure(n: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as d:
        state = Path(d)
        n_actions = kept_games(state, n)
        paths = sorted((state / "games").glob("*.journal"))
        t0 = time.perf_counter()
        for p in paths:  # what every GET /api/games did before the index
            summarise(p)
        replay_all_ms = (time.perf_counter() - t0) * 1000

        service = GameService(state)
        server = create_server(create_app(service), host="127.0.0.1", port=0, threads=4)
        threading.Thread(target=server.run, daemon=True).start()
        port = server.effective_port
        try:
            cold_ms, first = get_ms(port, "/api/games")  # the index has no entry yet
            warm = [get_ms(port, "/api/games")[0] for _ in range(WARM_REQUESTS)]
            warm10 = [get_ms(port, "/api/games?limit=10")[0] for _ in range(WARM_REQUESTS)]
            far = first["games"][-1]["id"] if n > 50 else None
            back = [get_ms(port, f"/api/games?before={far}")[0] for _ in range(5)] if far else []
            service.history.close()
            for p in (state / "games").glob(INDEX_FILE + "*"):
                p.unlink()
            service.history = type(service.history)(state / "games")
            rebuilt_ms, again = get_ms(port, "/api/games")
            assert again == first
        finally:
            server.close()
            service.close()
    return {
        "actions": n_actions,
        "replay_all_ms": replay_all_ms,
        "cold_ms": cold_ms,
        "warm_ms": statistics.median(warm),
        "warm10_ms": statistics.median(warm10),
        "back_ms": statistics.median(back) if back else float("nan"),
        "rebuilt_ms": rebuilt_ms,
        "listed": len(first["games"]),
    }


def main() -> None:
    results = {n: measure(n) for n in SIZES}
    print(f"Machine: {machine()}; load average {load_average()}")
    print("Command: make bench (bench/bench_history.py)")
    print(
        f"Each kept game: one whole random 4-player game ({results[SIZES[0]]['actions']} actions)"
    )
    print()
    print(
        "| kept games | GET /api/games?limit=10, median | GET /api/games (page of 50),"
        " median | first page, index empty or deleted (replays that page) | a page further"
        " back (?before=), median | before the index: replay every journal |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for n, r in results.items():
        back = "—" if r["back_ms"] != r["back_ms"] else f"{r['back_ms']:.1f} ms"
        print(
            f"| {n} | {r['warm10_ms']:.1f} ms | {r['warm_ms']:.1f} ms ({WARM_REQUESTS} requests, {r['listed']} listed)"
            f" | {r['cold_ms']:.0f} ms, after deleting the index {r['rebuilt_ms']:.0f} ms"
            f" | {back} | {r['replay_all_ms']:.0f} ms |"
        )


if __name__ == "__main__":
    main()
