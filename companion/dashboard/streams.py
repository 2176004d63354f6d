"""Live event streams (``GET /api/events``) that cannot starve the server.

waitress serves each open stream from one of its worker threads for as long as the page
stays open. So the streams are counted and bounded (``StreamLimits``): a few per client
address, a pool for everyone, and a few more kept for paired tablets (a request with a
session), and the server gets enough threads for all of them plus ``request_threads``
that only ordinary requests can use. A stream over the limits is answered at once with
429 (too many from this address) or 503 (the pool is full), a JSON reason and
``Retry-After``. One watcher thread (``StreamHub``) waits for the referee's changes,
wakes the streams, and looks for clients that went away (waitress's
``waitress.client_disconnected``), so a vanished page frees its thread within
``check_s``. docs/server.md says why.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..i18n.catalogues import render
from ..i18n.message import msg
from ..referee.service import GameService


@dataclass(frozen=True)
class StreamLimits:
    """How many live pages the server keeps open at once, and how it serves them.

    Defaults suit a Raspberry Pi at a club table; each open stream costs one waitress
    worker thread (BENCHMARKS.md gives the memory and the delay per listener).
    """

    #: Streams open at once for everyone (the onlookers' pool).
    pool: int = 64
    #: Streams open at once from one client address in the pool (tabs, a household NAT).
    per_address: int = 6
    #: Streams kept for paired tablets (a valid session cookie), on top of the pool; a
    #: paired tablet whose reserve is taken uses the pool like anyone else.
    sessions: int = 4
    #: Worker threads that streams can never take: ordinary requests always find one.
    request_threads: int = 8
    #: Seconds a refused page is asked to wait before it tries again (``Retry-After``).
    retry_after_s: int = 20
    #: Seconds between two looks for clients that went away.
    check_s: float = 0.5

    @property
    def threads(self) -> int:
        """waitress worker threads: every stream at once plus ``request_threads``."""
        return self.pool + self.sessions + self.request_threads


@dataclass(frozen=True)
class Refusal:
    """Why a stream was not opened: the HTTP status and the reason for the page."""

    status: int
    reason: str
    retry_after_s: int


def refused_event(refusal: Refusal, lang: str = "en") -> str:
    """The last SSE message of a stream ended to make room: the reason (in ``lang``), and
    a ``retry`` that makes the browser wait ``retry_after_s`` before it comes back."""
    reason = render(refusal.reason, lang)
    data = json.dumps({"error": reason, "retry_after_s": refusal.retry_after_s}, ensure_ascii=False)
    return f"retry: {refusal.retry_after_s * 1000}\nevent: refused\ndata: {data}\n\n"


class Stream:
    """One admitted stream; ``release()`` frees its place (idempotent)."""

    def __init__(
        self, hub: StreamHub, address: str, reserved: bool, gone: Callable[[], bool]
    ) -> None:
        self.hub, self.address, self.reserved, self.gone = hub, address, reserved, gone
        self.ended = False
        #: Why the stream was ended by the server to make room (the page is told).
        self.evicted: Refusal | None = None

    def release(self) -> None:
        self.hub._release(self)


class StreamHub:
    """Admits streams within ``limits`` and wakes them on each change of ``service``."""

    def __init__(self, service: GameService, limits: StreamLimits | None = None) -> None:
        self.service = service
        self.limits = limits or StreamLimits()
        lock = threading.Lock()  # guards the counts and the version
        self._cond = threading.Condition(lock)  # the pool's streams wait on it
        self._tablets = threading.Condition(lock)  # paired tablets wait here, woken first
        self._open: dict[int, Stream] = {}  # in the order they were admitted
        self._pool_by_address: Counter[str] = Counter()
        self._pool = self._reserved = 0
        self._version = -1
        self._watcher: threading.Thread | None = None

    # ---- admission -------------------------------------------------------------------

    def refusal(self, address: str, *, session: bool) -> Refusal | None:
        """Why a stream from ``address`` would be refused now; None if it would open."""
        with self._cond:
            if session:
                return None  # a paired tablet always gets one (``admit``)
            return self._pool_refusal(address)

    def admit(
        self, address: str, *, session: bool, gone: Callable[[], bool] = lambda: False
    ) -> Stream | Refusal:
        """A place for a stream from ``address``, or why not. A paired tablet
        (``session``) takes a reserved place, else one in the pool, else the place of
        the oldest other paired page (told why). ``gone()`` says whether the client went
        away (looked at every ``check_s``)."""
        with self._cond:
            refusal = self._pool_refusal(address)
            if session and (self._reserved < self.limits.sessions or refusal):
                if self._reserved >= self.limits.sessions:
                    self._evict_oldest_session()
                self._reserved += 1
                stream = Stream(self, address, True, gone)
            elif refusal:
                return refusal
            else:
                self._pool += 1
                self._pool_by_address[address] += 1
                stream = Stream(self, address, False, gone)
            self._open[id(stream)] = stream
            self._start_watcher()
            return stream

    def _pool_refusal(self, address: str) -> Refusal | None:
        lim = self.limits
        if self._pool_by_address[address] >= lim.per_address:
            return Refusal(
                429,
                msg(
                    "too many live pages from your address ({n} at most): close a tab or wait",
                    n=lim.per_address,
                ),
                lim.retry_after_s,
            )
        if self._pool >= lim.pool:
            return Refusal(
                503,
                msg(
                    "the companion already serves its {n} live pages: wait or close another page",
                    n=lim.pool,
                ),
                lim.retry_after_s,
            )
        return None

    def _evict_oldest_session(self) -> None:
        """End the oldest paired page's stream (its place goes to a newer one)."""
        oldest = next(s for s in self._open.values() if s.reserved)
        self._forget(oldest)
        oldest.evicted = Refusal(
            409,
            msg(
                "another paired tablet took this page's live updates ({n} at most): reload to"
                " take them back",
                n=self.limits.sessions,
            ),
            self.limits.retry_after_s,
        )
        self._wake()

    def _release(self, stream: Stream) -> None:
        with self._cond:
            self._forget(stream)

    def _forget(self, stream: Stream) -> None:
        if self._open.pop(id(stream), None) is None:
            return
        stream.ended = True
        if stream.reserved:
            self._reserved -= 1
        else:
            self._pool -= 1
            self._pool_by_address[stream.address] -= 1
            if not self._pool_by_address[stream.address]:
                del self._pool_by_address[stream.address]

    def counts(self) -> dict[str, int]:
        """Streams open now: ``{"pool": n, "sessions": n}``."""
        with self._cond:
            return {"pool": self._pool, "sessions": self._reserved}

    # ---- serving -----------------------------------------------------------------------

    def events(
        self, stream: Stream, keepalive_s: float, *, once: bool = False, lang: str = "en"
    ) -> Iterator[str]:
        """The SSE text of ``stream``: the snapshot now, then each new one (latest wins),
        ``: keep-alive`` every ``keepalive_s`` seconds; ends when the client goes, the
        service closes, or (``once``, for tests) after the first snapshot. The snapshot's
        texts are in the page's ``lang`` (rendered once per version and language)."""
        seen = -1
        yield "retry: 2000\n\n"
        try:
            while True:
                with self._cond:
                    (self._tablets if stream.reserved else self._cond).wait_for(
                        lambda s=seen: stream.ended or self.service.closed or self._version > s,
                        timeout=keepalive_s,
                    )
                    ended = stream.ended or self.service.closed
                    changed = self._version > seen
                if ended:
                    if stream.evicted:
                        yield refused_event(stream.evicted, lang)
                    return
                if not changed:
                    yield ": keep-alive\n\n"
                    continue
                seen, data = self.service.snapshot_json(lang)
                yield f"event: snapshot\nid: {seen}\ndata: {data}\n\n"
                if once:
                    return
        finally:
            stream.release()

    def _wake(self) -> None:
        """Wake every stream, the paired tablets first (call with the lock held)."""
        self._tablets.notify_all()
        self._cond.notify_all()

    def _start_watcher(self) -> None:
        if self._watcher is None or not self._watcher.is_alive():
            self._version = self.service.version
            self._watcher = threading.Thread(target=self._watch, name="streams", daemon=True)
            self._watcher.start()

    def _watch(self) -> None:
        """Wake the streams on each change; end those whose client went away; stop when
        the service closes or no stream is left."""
        while True:
            with self._cond:
                seen = self._version
            version = self.service.wait_for_change(seen, self.limits.check_s)
            with self._cond:
                self._version = version
                gone = [s for s in self._open.values() if not s.ended and s.gone()]
                for s in gone:
                    s.ended = True
                if version != seen or gone or self.service.closed:
                    self._wake()
                if self.service.closed or not self._open:
                    self._watcher = None
                    return
