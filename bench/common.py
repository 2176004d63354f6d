"""Helpers the engine benchmarks share. The scripts run as ``python bench/bench_x.py``, so
``bench/`` is first on ``sys.path`` and they import this as ``from common import ...``."""

from __future__ import annotations

import platform
import time
from collections.abc import Callable
from pathlib import Path


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


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    """The fastest of ``repeat`` wall-clock runs of ``fn``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best
