"""Where the companion keeps its state, from the environment (no machine-specific paths).

``COMPANION_STATE_DIR``, else systemd's ``STATE_DIRECTORY``, else
``$XDG_STATE_HOME/companion`` (``~/.local/state/companion``).
"""

from __future__ import annotations

import os
from pathlib import Path


def state_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The state directory: journals, the table PIN, the session secret."""
    if explicit:
        return Path(explicit)
    for var in ("COMPANION_STATE_DIR", "STATE_DIRECTORY"):
        value = os.environ.get(var)
        if value:
            return Path(value.split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return Path(base) / "companion"


def extra_host_names() -> tuple[str, ...]:
    """Further names the dashboard answers to (``COMPANION_HOSTS``, comma-separated, e.g.
    ``companion.lan,192.168.1.50``), beside the machine's own names and addresses; ``*``
    answers to any name (turns the DNS-rebinding check off)."""
    value = os.environ.get("COMPANION_HOSTS", "")
    return tuple(name.strip() for name in value.split(",") if name.strip())
