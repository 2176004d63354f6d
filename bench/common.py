"""Helpers the engine benchmarks share. The scripts run as ``python bench/bench_x.py``, so
``bench/`` is first on ``sys.path`` and they import this as ``from common import ...``."""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import ModuleType

CPU = "cpu"  # this process's CPU seconds (time.process_time): steady when others share the machine
WALL = "wall"  # wall-clock seconds (time.perf_counter): what a user waits


def machine() -> str:
    """The CPU model, the operating system and the Python version, for a benchmark table."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("model name", "Model")):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}; {platform.system()} {platform.release()}; Python {platform.python_version()}"


def load_average(digits: int = 2, sep: str = " ") -> str:
    """The 1, 5 and 15 minute load averages, or ``unknown``."""
    try:
        return sep.join(f"{x:.{digits}f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def best_times(repeat: int, fn: Callable[[], object]) -> dict[str, float]:
    """The shortest CPU time and the shortest wall-clock time of ``repeat`` runs of ``fn``,
    in seconds, as ``{CPU: ..., WALL: ...}``."""
    best = {CPU: float("inf"), WALL: float("inf")}
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        fn()
        w1, c1 = time.perf_counter(), time.process_time()
        best[WALL] = min(best[WALL], w1 - w0)
        best[CPU] = min(best[CPU], c1 - c0)
    return best


def engine_args(doc: str | None, games: int = 200) -> argparse.Namespace:
    """The options every engine benchmark takes: ``--games`` and ``--repeat``."""
    ap = argparse.ArgumentParser(description=doc)
    ap.add_argument("--games", type=int, default=games, help="games per measurement")
    ap.add_argument("--repeat", type=int, default=3)
    return ap.parse_args()


class EngineBench:
    """The rows of one game engine's benchmark table.

    ``game`` is the engine's package (``start_game``, ``apply``, ``parse_action``,
    ``to_record``); ``columns`` maps each clock to report (``CPU``, ``WALL``), in table
    order, to its column heading. A new game is a callable from a seed to the iterator
    ``random_game_iter`` returns, (action, state after it) from the start on.
    """

    def __init__(self, game: ModuleType, args: argparse.Namespace, columns: dict[str, str]):
        self.game, self.games, self.repeat, self.columns = game, args.games, args.repeat, columns
        self.rows: list[tuple[str, ...]] = []

    def record(self, new_game: Callable[[int], Iterable]) -> list[list]:
        """The actions of ``--games`` random games (seeds 0, 1, ...), start first."""
        return [[a for a, _ in new_game(seed)] for seed in range(self.games)]

    def measure(
        self, name: str, fn: Callable[[], object], cell: Callable[[float], str], workload: str
    ) -> None:
        """A row: ``fn`` timed best of ``--repeat``, each clock's seconds shown by ``cell``."""
        best = best_times(self.repeat, fn)
        self.rows.append((name, *(cell(best[clock]) for clock in self.columns), workload))

    def rate(
        self, name: str, fn: Callable[[], object], count: int, unit: str, workload: str, digits=0
    ) -> None:
        """A row of ``count`` ``unit`` per second."""
        self.measure(name, fn, lambda t: f"{count / t:,.{digits}f} {unit}/s", workload)

    def apply(self, name: str, recorded: list[list], per_game: bool = False) -> None:
        """``apply, name``: recorded actions folded from the started states (the start is
        set up outside the timed region: the rate counts the actions after it)."""
        apply = self.game.apply
        games = [(self.game.start_game(g[0]), g[1:]) for g in recorded]
        count = sum(len(actions) for _, actions in games)

        def fold() -> None:
            for s, actions in games:
                for a in actions:
                    s = apply(s, a)

        workload = f"{count} actions"
        if per_game:
            workload += f" ({count / len(recorded):.0f} a game)"
        self.rate(f"apply, {name}", fold, count, "actions", workload)

    def replay(self, name: str, recorded: list[list]) -> None:
        """``replay from JSON lines, name``: each line parsed into an action and folded, the
        start line included."""
        start_game, apply, parse_action = (
            self.game.start_game,
            self.game.apply,
            self.game.parse_action,
        )
        lines = [[json.dumps(self.game.to_record(a)) for a in g] for g in recorded]
        count = sum(len(g) for g in lines)

        def parse_and_fold() -> None:
            for g in lines:
                acts = [parse_action(json.loads(x)) for x in g]
                s = start_game(acts[0])
                for a in acts[1:]:
                    s = apply(s, a)

        self.rate(
            f"replay from JSON lines, {name}", parse_and_fold, count, "lines", f"{count} lines"
        )

    def play(self, name: str, new_game: Callable[[int], Iterable], included: str = "") -> None:
        """``complete random games, name``: ``--games`` games played out by the random
        player; ``included`` follows the workload (what else the timing holds)."""
        games = self.games

        def play() -> None:
            for seed in range(games):
                for _ in new_game(seed):
                    pass

        self.rate(
            f"complete random games, {name}", play, games, "games", f"{games} games{included}", 1
        )

    def report(self, script: str, machine_note: str = "", notes: Sequence[str] = ()) -> None:
        """Print the machine, the command, ``notes`` and the Markdown table."""
        print(f"Machine: {machine()}{machine_note}")
        print(f"Command: make bench (bench/{script} --games {self.games} --repeat {self.repeat})")
        for line in notes:
            print(line)
        print()
        headings = ["measurement", *self.columns.values(), "workload"]
        print(f"| {' | '.join(headings)} |")
        print(f"|{' --- |' * len(headings)}")
        for row in self.rows:
            print(f"| {' | '.join(row)} |")
