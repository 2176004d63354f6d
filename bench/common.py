"""Helpers the engine benchmarks share. The scripts run as ``python bench/bench_x.py``, so
``bench/`` is first on ``sys.path`` and they import this as ``from common import ...``."""

from __future__ import annotations

import platform
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
