"""The wrong-code budget: every client together, so that more addresses buy no more guesses.

A token bucket: ``burst`` wrong codes at once, then one more every ``refill_s`` seconds.
While it is empty no code is even compared (the answer says how long to wait). The
arithmetic behind the defaults is in docs/security.md and in ``expected_guess_time_s``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

CODE_DIGITS = 8
#: wrong codes allowed at once, then one every REFILL_S seconds (all clients together)
BURST, REFILL_S = 10, 30.0
YEAR_S = 365.25 * 24 * 3600


def expected_guess_time_s(*, code_space: int, burst: int, refill_s: float) -> float:
    """Seconds an attacker needs on average to hit a code drawn uniformly from
    ``code_space`` values when at most ``burst`` wrong guesses come at once and one more
    each ``refill_s`` s: he never repeats a guess, so he needs ``(code_space + 1) / 2``
    on average, the first ``burst`` of them free."""
    guesses = (code_space + 1) / 2
    return max(0.0, guesses - burst) * refill_s


class GuessBudget:
    """Wrong codes allowed, all clients together. Thread-safe; ``clock`` in seconds
    (monotonic)."""

    def __init__(
        self,
        *,
        burst: int = BURST,
        refill_s: float = REFILL_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if burst < 1 or refill_s <= 0:
            raise ValueError(f"burst {burst} and refill_s {refill_s}: both must be positive")
        self.burst, self.refill_s = burst, refill_s
        self._clock = clock
        self._tokens = float(burst)
        self._t_mono = clock()
        self.lock = threading.Lock()  # held by the caller across check, compare and spend

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._t_mono) / self.refill_s)
        self._t_mono = now

    def retry_after_s(self) -> float:
        """Seconds until a code may be tried again; 0 when one may be tried now."""
        self._refill()
        return 0.0 if self._tokens >= 1 else (1 - self._tokens) * self.refill_s

    def spend(self) -> None:
        """A wrong code was given."""
        self._refill()
        self._tokens = max(0.0, self._tokens - 1)

    def refill(self) -> None:
        """A new code (``companion pin --reset``): what was guessed before tells nothing."""
        self._tokens = float(self.burst)
        self._t_mono = self._clock()
