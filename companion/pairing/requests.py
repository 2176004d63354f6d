"""Pairing by holding the table's confirm button, as a bridge pairs a new app.

A tablet asks (``ask``); its dialog says "hold the table's confirm button for 3
seconds". A hold of ``PAIR_HOLD_S`` (``hold``) while exactly one request waits grants
that request; the tablet then claims its session with the request's secret id
(``claim``). A hold while two or more wait grants none of them (it cannot tell whose
hand held it) and says so to each. A short press is never a hold: it keeps its meaning
in the game, whether or not a request waits, so no press made for the game pairs
anybody. A request waits ``WAIT_S`` seconds at most; each address has one at a time (a
new one replaces it). Guessing codes never touches any of this. ``on_change`` hears the
addresses that wait whenever they change, so that every dashboard can name them.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

WAIT_S = 60.0
#: Seconds the confirm button must be held down to pair. A press for the game is a tap
#: (well under a second), so no ordinary press pairs anybody; three seconds is a
#: deliberate act that people at the table see, and short enough to do standing there.
PAIR_HOLD_S = 3.0
#: requests waiting at once, all addresses together (bounds memory; more answer 429)
MAX_WAITING = 16

WAITING, GRANTED, REFUSED, CLAIMED = "waiting", "granted", "refused", "claimed"


class TooManyRequests(Exception):
    """More than ``MAX_WAITING`` pairing requests wait already."""


@dataclass(slots=True)
class PairRequest:
    """One tablet's request: ``id`` is its secret; ``t_asked`` in monotonic seconds."""

    id: str
    client: str
    t_asked: float
    state: str = WAITING
    reason: str = ""


class ButtonPairing:
    """The requests that wait for a hold of the confirm button. Thread-safe.

    ``hold_s``: how long the button must be held (the controls give it to the button;
    the dashboard tells the tablet). ``on_change(addresses)``: called, under this
    object's lock, with the sorted addresses of the waiting requests each time that list
    changes (a request made, answered, replaced or expired; expiry is noticed on the
    next call of any method, e.g. ``waiting``)."""

    def __init__(
        self,
        *,
        wait_s: float = WAIT_S,
        hold_s: float = PAIR_HOLD_S,
        clock: Callable[[], float] = time.monotonic,
        on_change: Callable[[list[str]], None] | None = None,
    ) -> None:
        self.wait_s = wait_s
        self.hold_s = hold_s
        self._clock = clock
        self._on_change = on_change
        self._requests: dict[str, PairRequest] = {}
        self._lock = threading.Lock()
        self._reported: list[str] = []

    def _forget_old(self, now: float) -> None:
        """Requests older than ``wait_s``: a waiting one has expired; a finished one has
        been answered long enough for its tablet to see the answer."""
        for rid in [r.id for r in self._requests.values() if now - r.t_asked >= self.wait_s]:
            del self._requests[rid]

    def _waiting(self) -> list[PairRequest]:
        return [r for r in self._requests.values() if r.state == WAITING]

    def _report(self) -> None:
        """Tell ``on_change`` the waiting addresses if they changed (lock held)."""
        clients = sorted(r.client for r in self._waiting())
        if clients != self._reported:
            self._reported = clients
            if self._on_change is not None:
                self._on_change(list(clients))

    def ask(self, client: str) -> PairRequest:
        """A new request from ``client`` (replacing its own earlier one)."""
        with self._lock:
            now = self._clock()
            self._forget_old(now)
            for r in self._waiting():
                if r.client == client:
                    del self._requests[r.id]
            if len(self._waiting()) >= MAX_WAITING:
                self._report()
                raise TooManyRequests(
                    f"{MAX_WAITING} devices are waiting to pair already; try again in a minute"
                )
            request = PairRequest(secrets.token_urlsafe(24), client, now)
            self._requests[request.id] = request
            self._report()
            return request

    def waiting(self) -> int:
        """How many requests wait for a hold now."""
        with self._lock:
            self._forget_old(self._clock())
            self._report()
            return len(self._waiting())

    def status(self, request_id: str) -> tuple[PairRequest, float] | None:
        """The request and the seconds it may still wait; None when unknown or expired."""
        with self._lock:
            now = self._clock()
            self._forget_old(now)
            self._report()
            r = self._requests.get(request_id)
            return None if r is None else (r, self.wait_s - (now - r.t_asked))

    def hold(self) -> PairRequest | list[PairRequest] | None:
        """The confirm button was held ``hold_s``: the request it granted; the requests
        it refused (more than one waited); or None (none waited: the hold does nothing)."""
        with self._lock:
            self._forget_old(self._clock())
            waiting = self._waiting()
            if not waiting:
                return None
            if len(waiting) == 1:
                waiting[0].state = GRANTED
                self._report()
                return waiting[0]
            for r in waiting:
                r.state = REFUSED
                r.reason = (
                    f"{len(waiting)} devices asked to pair when the button was held, so"
                    " none was paired: ask again, and hold it when only yours asks"
                )
            self._report()
            return waiting

    def claim(self, request_id: str) -> bool:
        """The tablet collects the session of its granted request (once)."""
        with self._lock:
            r = self._requests.get(request_id)
            if r is None or r.state != GRANTED:
                return False
            r.state = CLAIMED
            return True
