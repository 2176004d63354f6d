"""Telling systemd how the companion is doing: readiness and the watchdog (``sd_notify``).

systemd passes a ``NOTIFY_SOCKET`` to a ``Type=notify`` service: an AF_UNIX datagram
socket, a path, or an abstract name written with a leading ``@``. Each datagram is
``KEY=VALUE`` lines: ``READY=1`` once the devices and the server are up,
``WATCHDOG=1`` at least every ``WatchdogSec`` (systemd passes that as ``WATCHDOG_USEC``),
``STATUS=...`` a line for ``systemctl status``, ``STOPPING=1`` on the way out. Without
``NOTIFY_SOCKET`` (a terminal, the tests) every call does nothing.

``Watchdog`` pings from a thread only while a health check passes (for ``companion
run``: the scale's sampling thread and the camera's reading thread are alive and have
read within 5 s), so a hung device thread stops the pings and systemd restarts the service.

``log_handler()`` writes log records to standard error, readable in ``journalctl``:
under systemd's journal each line starts with its syslog priority (``<3>`` for an error,
``<4>`` a warning), so that ``journalctl -p warning`` filters and colours them; the
journal adds the time and the unit, so the line holds the level, the logger and the
message only.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import threading
from collections.abc import Callable, Mapping

log = logging.getLogger("companion.systemd")


class Notifier:
    """Sends ``sd_notify`` messages to ``NOTIFY_SOCKET``; a no-op when it is unset."""

    def __init__(self, env: Mapping[str, str] = os.environ) -> None:
        address = env.get("NOTIFY_SOCKET", "")
        if address.startswith("@"):  # abstract socket namespace
            address = "\0" + address[1:]
        self.address = address or None
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        mine = not pid or pid == str(os.getpid())
        #: the watchdog interval systemd asked for, in seconds, or None
        self.watchdog_s = int(usec) / 1e6 if usec.isdigit() and int(usec) > 0 and mine else None

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def notify(self, **fields: str | int) -> bool:
        """Send ``KEY=VALUE`` lines (``notify(READY=1, STATUS="...")``); True if sent."""
        if self.address is None:
            return False
        message = "\n".join(f"{k}={v}" for k, v in fields.items()).encode("utf-8")
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as s:
                s.connect(self.address)
                s.sendall(message)
        except OSError as e:
            log.warning("cannot notify systemd at %r: %s", self.address, e)
            return False
        return True

    def ready(self, status: str = "") -> bool:
        return self.notify(READY=1, **({"STATUS": status} if status else {}))

    def status(self, status: str) -> bool:
        return self.notify(STATUS=status)

    def stopping(self) -> bool:
        return self.notify(STOPPING=1)

    def watchdog(self) -> bool:
        return self.notify(WATCHDOG=1)


class Watchdog:
    """Pings ``notifier.watchdog()`` every ``interval_s`` (default: half of systemd's
    ``WatchdogSec``) while ``healthy()`` is true; when it is false the pings stop, the
    reason is logged and shown in ``systemctl status``, and systemd restarts us."""

    def __init__(
        self,
        notifier: Notifier,
        healthy: Callable[[], bool],
        *,
        interval_s: float | None = None,
        name: str = "systemd-watchdog",
    ) -> None:
        self.notifier, self.healthy = notifier, healthy
        self.interval_s = interval_s or (notifier.watchdog_s or 0) / 2 or None
        self.pings = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> Watchdog:
        """Start pinging; does nothing when systemd asked for no watchdog."""
        if self.interval_s and self.notifier.enabled:
            self._thread.start()
        return self

    def _run(self) -> None:
        failing = False
        while not self._stop.is_set():
            ok = self._check()
            if ok:
                self.pings += self.notifier.watchdog()
                if failing:
                    log.info("health check passes again; watchdog pings resumed")
                    self.notifier.status("running")
            elif not failing:
                log.error("health check failed: no watchdog pings; systemd will restart us")
                self.notifier.status("unhealthy: the health check failed; restarting soon")
            failing = not ok
            self._stop.wait(self.interval_s)

    def _check(self) -> bool:
        try:
            return bool(self.healthy())
        except Exception:
            log.exception("the health check raised")
            return False

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(2.0)


#: syslog priorities (sd-daemon.h) by logging level
PRIORITY = {
    logging.CRITICAL: 2,
    logging.ERROR: 3,
    logging.WARNING: 4,
    logging.INFO: 6,
    logging.DEBUG: 7,
}
FORMAT = "%(levelname)s %(name)s: %(message)s"


class JournalFormatter(logging.Formatter):
    """``FORMAT`` with the syslog priority prefix the journal understands; the lines of
    a traceback are indented under the message they belong to."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record).replace("\n", "\n    ")
        level = max((lv for lv in PRIORITY if lv <= record.levelno), default=logging.DEBUG)
        return f"<{PRIORITY[level]}>{text}"


def under_journal(env: Mapping[str, str] = os.environ, stream=None) -> bool:
    """True when ``stream`` (standard error) is connected to systemd's journal."""
    value = env.get("JOURNAL_STREAM", "")
    dev, _, ino = value.partition(":")
    if not (dev.isdigit() and ino.isdigit()):
        return False
    try:
        st = os.fstat((stream or sys.stderr).fileno())
    except (OSError, ValueError, AttributeError):
        return False
    return (st.st_dev, st.st_ino) == (int(dev), int(ino))


def log_handler(env: Mapping[str, str] = os.environ, stream=None) -> logging.Handler:
    """A handler to standard error: ``JournalFormatter`` under the journal, else ``FORMAT``."""
    handler = logging.StreamHandler(stream)
    journal = under_journal(env, stream)
    handler.setFormatter(JournalFormatter(FORMAT) if journal else logging.Formatter(FORMAT))
    return handler
