"""Who may act: the table PIN, session cookies, cross-site protection, PIN rate limits.

Anyone on the network may watch. Acting needs the PIN shown on the device (console and
``companion pin``), exchanged once for a session cookie. State-changing requests must be
JSON with the ``X-Companion`` header and, when the browser sends an ``Origin``, come from
this host: a page on another site cannot forge them.
"""

from __future__ import annotations

import hmac
import os
import secrets
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

PIN_FILE, SECRET_FILE = "pin", "secret_key"
PIN_DIGITS = 4
MAX_FAILURES, FAILURE_WINDOW_S = 5, 60.0


def _read_or_create(path: Path, make: Callable[[], str]) -> str:
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        value = make()
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(value + "\n")
        return value


def table_pin(state_dir: Path) -> str:
    """The table's PIN (made once, kept in the state directory)."""
    return _read_or_create(
        state_dir / PIN_FILE, lambda: f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"
    )


def secret_key(state_dir: Path) -> str:
    """The key that signs session cookies (made once, private to the service)."""
    return _read_or_create(state_dir / SECRET_FILE, lambda: secrets.token_hex(32))


def pin_matches(given: object, pin: str) -> bool:
    return isinstance(given, str) and hmac.compare_digest(given.strip(), pin)


def same_origin(origin: str | None, host: str) -> bool:
    """A request's ``Origin`` (if the browser sent one) names this very host."""
    if not origin:
        return True
    return urlsplit(origin).netloc == host


class PinRateLimit:
    """At most ``MAX_FAILURES`` wrong PINs per client per ``FAILURE_WINDOW_S`` seconds."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._failures: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def retry_after_s(self, client: str) -> float:
        """Seconds until ``client`` may try again; 0 when it may try now."""
        with self._lock:
            q = self._failures[client]
            now = self._clock()
            while q and now - q[0] >= FAILURE_WINDOW_S:
                q.popleft()
            return FAILURE_WINDOW_S - (now - q[0]) if len(q) >= MAX_FAILURES else 0.0

    def failed(self, client: str) -> None:
        with self._lock:
            self._failures[client].append(self._clock())

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._failures.pop(client, None)
