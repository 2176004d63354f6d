"""Serving the dashboard: the referee's service and the Flask app, in one process, on waitress.

The process that serves the dashboard is the one that will own the devices (the camera
and GPIO cannot be shared), so the server runs in it. Each live page holds one worker
thread for its event stream; the streams are bounded (``dashboard.streams``) and the
server gets a thread for each of them plus threads that only ordinary requests use.
Idle connections are closed soon, and many may be open at once (docs/server.md).
"""

from __future__ import annotations

import errno
import logging
import socket
import threading
from collections.abc import Callable
from dataclasses import replace

from waitress.server import create_server

from .dashboard import create_app
from .dashboard.streams import StreamLimits
from .errors import CompanionError
from .i18n.catalogues import SOURCE_LANGUAGE, render
from .i18n.message import msg
from .pairing import Pairing
from .referee.service import GameService

log = logging.getLogger("companion.server")

#: Sockets open at once before waitress stops accepting (its default is 100): room for
#: every stream, many idle connections and the tablet, well under the usual 1,024 files.
CONNECTION_LIMIT = 500
#: Seconds a connection may sit without a request in progress before it is closed (a
#: browser opens a new one when it needs it); streams in progress are never cut.
IDLE_CONNECTION_TIMEOUT_S = 10
#: Seconds between two sweeps for idle connections.
CLEANUP_INTERVAL_S = 2
#: Bytes waiting to be sent on one connection before the thread writing them waits for
#: the client (waitress's default, 16 MiB, would let slow pages hold memory).
OUTBUF_HIGH_WATERMARK = 256 * 1024


def waitress_settings(threads: int) -> dict[str, object]:
    """waitress's settings for the dashboard with ``threads`` worker threads.

    ``channel_request_lookahead`` lets waitress keep reading a connection while its
    request runs, so it sees a client that went away (``waitress.client_disconnected``);
    ``asyncore_use_poll`` has no 1,024-socket ceiling as ``select`` has."""
    return {
        "threads": threads,
        "connection_limit": CONNECTION_LIMIT,
        "channel_timeout": IDLE_CONNECTION_TIMEOUT_S,
        "cleanup_interval": CLEANUP_INTERVAL_S,
        "outbuf_high_watermark": OUTBUF_HIGH_WATERMARK,
        "channel_request_lookahead": 1,
        "asyncore_use_poll": True,
    }


class CannotListen(CompanionError, OSError):
    """The dashboard cannot listen where asked (the port in use, a host that is not this
    machine's): one line saying what and what to try instead."""


def _cannot_listen(e: OSError, host: str, port: int) -> CannotListen:
    if e.errno == errno.EADDRINUSE:
        return CannotListen(
            msg(
                "port {port} is in use: another companion or program listens there; stop it,"
                " or choose another port (--port {next}; with make: make demo PORT={next})",
                port=port,
                next=port + 1,
            )
        )
    if e.errno in (errno.EACCES, errno.EPERM):
        return CannotListen(
            msg(
                "not allowed to listen on port {port} (ports below 1024 need privileges):"
                " choose a port from 1024 up, e.g. --port 8000",
                port=port,
            )
        )
    return CannotListen(
        msg(
            "cannot listen on {host}:{port}: {reason}",
            host=host,
            port=port,
            reason=str(e.strerror or e),
        )
    )


def lan_address() -> str | None:
    """This machine's address on the local network, for the tablet (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: routing lookup only, nothing is sent
            return s.getsockname()[0]
        except OSError:
            return None


def limits_for_threads(threads: int) -> StreamLimits:
    """The stream limits for ``threads`` worker threads: the pool of streams gets what
    the paired tablets' reserve and the request threads leave (at least one)."""
    limits = StreamLimits()
    least = limits.sessions + limits.request_threads + 1
    if threads < least:
        log.warning("%d server threads are too few: using %d", threads, least)
    pool = max(1, threads - limits.sessions - limits.request_threads)
    return replace(limits, pool=pool, per_address=min(limits.per_address, pool))


def serve(
    service: GameService,
    *,
    host: str,
    port: int,
    threads: int | None = None,
    background: Callable[[], None] | None = None,
    ready: Callable[[str], None] | None = None,
    pairing: Pairing | None = None,
    language: str | None = None,
) -> None:
    """Serve the dashboard for ``service`` until interrupted; print where to point the
    tablet and the PIN; ``CannotListen`` (one line, what to try) if it cannot listen
    where asked. ``threads``: waitress worker threads (``limits_for_threads``;
    by default ``StreamLimits().threads``). ``background`` (e.g. the demo table) runs on
    its own thread; ``ready`` is called with the dashboard's address once the server
    listens (e.g. to tell systemd, ``systemd_notify``). ``pairing``: the table's pairing
    state, shared with its controls (default: one of its own). ``language``: the table's
    language (``companion run --lang``; default: as ``companion.i18n.language`` finds it)."""
    if pairing is None:
        pairing = Pairing(
            service.state_dir,
            announce=service.announce,
            show_requests=service.show_pairing_requests,
        )
    limits = StreamLimits() if threads is None else limits_for_threads(threads)
    config: dict = {"STREAM_LIMITS": limits}
    if language is not None:
        config["COMPANION_LANG"] = language
    app = create_app(service, pairing=pairing, test_config=config)
    settings = waitress_settings(limits.threads)
    try:
        server = create_server(app, host=host, port=port, **settings)
    except OSError as e:
        service.close()
        raise _cannot_listen(e, host, port) from e
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    url = f"http://{shown or host}:{server.effective_port}/"
    lang = language or SOURCE_LANGUAGE  # the terminal's lines in the table's language
    print(render(msg("Dashboard: {url}", url=url), lang), flush=True)
    print(render(msg("Table PIN: {pin}", pin=pairing.code), lang), flush=True)
    games = str(service.state_dir / "games")
    print(render(msg("Games are journaled in {path}", path=games), lang), flush=True)
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
