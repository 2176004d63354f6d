"""Serving the dashboard: the referee's service and the Flask app, in one process, on waitress.

The process that serves the dashboard is the one that will own the devices (the camera
and GPIO cannot be shared), so the server runs in it, with enough threads for several
open dashboards (each live page holds one thread for its event stream).
"""

from __future__ import annotations

import errno
import logging
import socket
import threading
from collections.abc import Callable

from waitress.server import create_server

from .dashboard import create_app
from .dashboard.auth import table_pin
from .errors import CompanionError
from .referee.service import GameService

log = logging.getLogger("companion.server")


class CannotListen(CompanionError, OSError):
    """The dashboard cannot listen where asked (the port in use, a host that is not this
    machine's): one line saying what and what to try instead."""


def _cannot_listen(e: OSError, host: str, port: int) -> CannotListen:
    if e.errno == errno.EADDRINUSE:
        return CannotListen(
            f"port {port} is in use: another companion or program listens there; stop it,"
            f" or choose another port (--port {port + 1}; with make: make demo PORT={port + 1})"
        )
    if e.errno in (errno.EACCES, errno.EPERM):
        return CannotListen(
            f"not allowed to listen on port {port} (ports below 1024 need privileges):"
            f" choose a port from 1024 up, e.g. --port 8000"
        )
    return CannotListen(f"cannot listen on {host}:{port}: {e.strerror or e}")


def lan_address() -> str | None:
    """This machine's address on the local network, for the tablet (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: routing lookup only, nothing is sent
            return s.getsockname()[0]
        except OSError:
            return None


def serve(
    service: GameService,
    *,
    host: str,
    port: int,
    threads: int = 16,
    background: Callable[[], None] | None = None,
    ready: Callable[[str], None] | None = None,
) -> None:
    """Serve the dashboard for ``service`` until interrupted; print where to point the
    tablet and the PIN; ``CannotListen`` (one line, what to try) if it cannot listen
    where asked. ``background`` (e.g. the demo table) runs on its own thread;
    ``ready`` is called with the dashboard's address once the server listens (e.g. to
    tell systemd, ``systemd_notify``)."""
    app = create_app(service)
    try:
        server = create_server(app, host=host, port=port, threads=threads, channel_timeout=3600)
    except OSError as e:
        service.close()
        raise _cannot_listen(e, host, port) from e
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    url = f"http://{shown or host}:{server.effective_port}/"
    print(f"Dashboard: {url}", flush=True)
    print(f"Table PIN: {table_pin(service.state_dir)}", flush=True)
    print(f"Games are journaled in {service.state_dir / 'games'}", flush=True)
    if background is not None:
        threading.Thread(target=background, name="table", daemon=True).start()
    if ready is not None:
        ready(url)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        service.close()  # ends the event streams, then the server
        server.close()
