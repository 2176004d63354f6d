"""Pairing by the table's confirm button, as a bridge pairs a new app.

A tablet asks (``ask``); its dialog says "press the confirm button on the table". A
press (``press``) while exactly one request waits grants that request; the tablet then
claims its session with the request's secret id (``claim``). A press while two or more
wait grants none of them (it cannot tell whose hand pressed) and says so to each. A
request waits ``WAIT_S`` seconds at most; each address has one at a time (a new one
replaces it). Guessing codes never touches any of this.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

WAIT_S = 60.0
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
    """The requests that wait for a press of the confirm button. Thread-safe."""

    def __init__(
        self, *, wait_s: float = WAIT_S, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.wait_s = wait_s
        self._clock = clock
        self._requests: dict[str, PairRequest] = {}
        self._lock = threading.Lock()

    def _forget_old(self, now: float) -> None:
        """Requests older than ``wait_s``: a waiting one has expired; a finished one has
        been answered long enough for its tablet to see the answer."""
        for rid in [r.id for r in self._requests.values() if now - r.t_asked >= self.wait_s]:
            del self._requests[rid]

    def _waiting(self) -> list[PairRequest]:
        return [r for r in self._requests.values() if r.state == WAITING]

    def ask(self, client: str) -> PairRequest:
        """A new request from ``client`` (replacing its own earlier one)."""
        with self._lock:
            now = self._clock()
            self._forget_old(now)
            for r in self._waiting():
                if r.client == client:
                    del self._requests[r.id]
            if len(self._waiting()) >= MAX_WAITING:
                raise TooManyRequests(
                    f"{MAX_WAITING} devices are waiting to pair already; try again in a minute"
                )
            request = PairRequest(secrets.token_urlsafe(24), client, now)
            self._requests[request.id] = request
            return request

    def waiting(self) -> int:
        """How many requests wait for a press now."""
        with self._lock:
            self._forget_old(self._clock())
            return len(self._waiting())

    def status(self, request_id: str) -> tuple[PairRequest, float] | None:
        """The request and the seconds it may still wait; None when unknown or expired."""
        with self._lock:
            now = self._clock()
            self._forget_old(now)
            r = self._requests.get(request_id)
            return None if r is None else (r, self.wait_s - (now - r.t_asked))

    def press(self) -> PairRequest | list[PairRequest] | None:
        """The confirm button was pressed: the request it granted; the requests it
        refused (more than one waited); or None (none waited: the press means what it
        means in the game)."""
        with self._lock:
            self._forget_old(self._clock())
            waiting = self._waiting()
            if not waiting:
                return None
            if len(waiting) == 1:
                waiting[0].state = GRANTED
                return waiting[0]
            for r in waiting:
                r.state = REFUSED
                r.reason = (
                    f"{len(waiting)} devices asked to pair when the button was pressed, so"
                    " none was paired: ask again, and press when only yours asks"
                )
            return waiting

    def claim(self, request_id: str) -> bool:
        """The tablet collects the session of its granted request (once)."""
        with self._lock:
            r = self._requests.get(request_id)
            if r is None or r.state != GRANTED:
                return False
            r.state = CLAIMED
            return True
