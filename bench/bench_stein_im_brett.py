"""Stein im Brett engine throughput on one core: actions applied per second, random games
per second, and the placing advice per call.

Run with ``make bench`` (or ``.venv/bin/python bench/bench_stein_im_brett.py``). Prints a
Markdown table to paste into BENCHMARKS.md, with the machine it ran on. Timings are
best-of-N runs of pure Python on one thread, timed in CPU seconds of this process
(``time.process_time``) and in wall-clock seconds; the board is the default 36 fields.
"""

from __future__ import annotations

from common import CPU, WALL, EngineBench, engine_args, load_average

from companion.games import stein_im_brett
from companion.games.stein_im_brett import Place, advice, apply, start_game
from companion.games.stein_im_brett.random_player import random_game_iter


def main() -> None:
    args = engine_args(__doc__)
    columns = {CPU: f"CPU time (best of {args.repeat})", WALL: "wall clock"}
    bench = EngineBench(stein_im_brett, args, columns)
    tables = (2, 3, 4, 5, 6)

    def new_game(n: int, care: float = 0.0):
        return lambda seed: random_game_iter(n, seed, care=care)

    games = {n: bench.record(new_game(n)) for n in tables}
    for n in tables:
        bench.apply(f"{n} players", games[n], per_game=True)
    bench.replay("4 players", games[4])
    for n, care in [(n, 0.0) for n in tables] + [(2, 1.0), (6, 1.0)]:
        how = ", careful (placing rule)" if care else ""
        bench.play(f"{n} players{how}", new_game(n, care), " (random player included)")

    # The placing advice on every place of the 2-player games (3 own colours each).
    pairs = []
    for g in games[2][: max(1, args.games // 10)]:
        s = start_game(g[0])
        for a in g[1:]:
            if isinstance(a, Place):
                pairs.append((s, a))
            s = apply(s, a)

    def check():
        for s, a in pairs:
            advice(s, a)

    bench.measure(
        "placing advice, 2 players",
        check,
        lambda t: f"{1000 * t / len(pairs):.3f} ms/call",
        f"{len(pairs)} placements of random games",
    )
    bench.report("bench_stein_im_brett.py", notes=[f"Load average while it ran: {load_average()}"])


if __name__ == "__main__":
    main()
