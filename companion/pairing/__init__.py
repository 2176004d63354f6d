"""Pairing a tablet with the table, and the sessions it gets (docs/security.md).

Two ways in, both ending in a session (a random id in an HttpOnly cookie, checked
against ``pairing.json`` in the state directory on every request):

- **holding the confirm button** on the table for ``PAIR_HOLD_S`` (3 s;
  ``requests.ButtonPairing``): the tablet asks, a hold while exactly its request waits
  grants it. A short press is the game's, always: no press made for the game pairs
  anybody. No guessing can block or win it.
- **the table PIN** (``store``, ``limits``): 8 digits, shown on the console and by
  ``companion pin``; a new one after each use; wrong PINs from every address together
  spend one budget (``limits.GuessBudget``), so that guessing takes years.

``Pairing`` holds the three parts; ``companion run`` makes one and gives it to the
dashboard and to the table's controls (no hidden globals).
"""

from __future__ import annotations

import hmac
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .limits import GuessBudget, expected_guess_time_s
from .requests import PAIR_HOLD_S, ButtonPairing, PairRequest, TooManyRequests
from .store import SESSION_S, PairingStore

__all__ = [
    "PAIR_HOLD_S",
    "SESSION_S",
    "ButtonPairing",
    "CodeAnswer",
    "GuessBudget",
    "PairRequest",
    "Pairing",
    "PairingStore",
    "TooManyRequests",
    "expected_guess_time_s",
]

log = logging.getLogger("companion.pairing")


@dataclass(frozen=True, slots=True)
class CodeAnswer:
    """What a PIN got: a session id, or why not (``retry_after_s`` > 0: the budget is
    spent, the PIN was not even compared)."""

    session_id: str | None = None
    retry_after_s: float = 0.0


def normalise_code(given: object) -> str | None:
    """The digits of a PIN as typed (spaces and dashes between groups are allowed)."""
    if not isinstance(given, str) or len(given) > 64:
        return None
    return "".join(c for c in given if c not in " -\t")


class Pairing:
    """The table's pairing state: PIN and sessions (persisted), the wrong-PIN budget
    and the button requests (in memory). ``announce`` shows a message on every
    dashboard (``GameService.announce``): a tablet paired by the button is always told.
    ``show_requests(addresses)`` shows every dashboard the addresses that ask to pair
    now, whenever they change (``GameService.show_pairing_requests``), so that people at
    the table notice a request nobody there made. ``hold_s``: seconds the confirm button
    must be held to pair (``PAIR_HOLD_S``; smaller in tests)."""

    def __init__(
        self,
        state_dir: Path,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
        budget: GuessBudget | None = None,
        announce: Callable[[str], None] | None = None,
        show_requests: Callable[[list[str]], None] | None = None,
        hold_s: float = PAIR_HOLD_S,
    ) -> None:
        self.store = PairingStore(Path(state_dir), wall=wall)
        self.budget = budget or GuessBudget(clock=clock)
        self.announce = announce or (lambda message: log.warning("%s", message))
        self.show_requests = show_requests or (lambda addresses: None)
        self.button = ButtonPairing(
            hold_s=hold_s, clock=clock, on_change=lambda addresses: self.show_requests(addresses)
        )
        #: the table has a working confirm button (set by the controls once it is open)
        self.button_present = False
        self._generation = self.store.generation
        if self.store.problem:
            self.announce(self.store.problem)

    @property
    def code(self) -> str:
        return self.store.code

    def try_code(self, given: object, *, client: str) -> CodeAnswer:
        """A PIN typed on a tablet at ``client``: a session when it is the table's
        (then a new PIN replaces it); else one wrong guess spent from the budget."""
        code = normalise_code(given)
        with self.budget.lock:
            self._notice_reset()
            wait = self.budget.retry_after_s()
            if wait > 0:
                return CodeAnswer(retry_after_s=wait)
            if code is None or not hmac.compare_digest(code.encode(), self.code.encode()):
                self.budget.spend()
                return CodeAnswer()
        new = self.store.rotate_code()
        log.warning("the table PIN was used from %s; the next one is %s", client, new)
        return CodeAnswer(session_id=self.store.add_session(how="pin", client=client))

    def _notice_reset(self) -> None:
        """``companion pin --reset`` (any process) refills the budget: the new PIN owes
        nothing to the old one's guesses. Call with the budget's lock held."""
        generation = self.store.generation
        if generation != self._generation:
            self._generation = generation
            self.budget.refill()

    def hold(self) -> PairRequest | list[PairRequest] | None:
        """The confirm button was held ``button.hold_s`` seconds (never a game press):
        grants the one waiting request (the request), or refuses all when more wait
        (the list), and says so on every dashboard; None when none waited (nothing
        happens)."""
        outcome = self.button.hold()
        if outcome is None:
            log.info("the confirm button was held, but no device asks to pair: nothing done")
        elif isinstance(outcome, PairRequest):
            self.announce(
                f"a tablet at {outcome.client} was paired by holding the table's confirm button"
                f" at {time.strftime('%H:%M')} (the command companion pin --reset ends every"
                " session)"
            )
        else:
            clients = ", ".join(sorted({r.client for r in outcome}))
            self.announce(
                f"the confirm button was held while {len(outcome)} devices asked to pair"
                f" ({clients}): none was paired"
            )
        return outcome

    def claim(self, request_id: str) -> str | None:
        """The session of a granted button request (once), else None."""
        status = self.button.status(request_id)
        if status is None or not self.button.claim(request_id):
            return None
        return self.store.add_session(how="button", client=status[0].client)

    def valid(self, session_id: object) -> bool:
        return self.store.valid(session_id)

    def lock(self, session_id: object) -> bool:
        """End this tablet's session (its Lock button)."""
        return self.store.end_session(session_id)

    def reset(self) -> str:
        """A new PIN, every session ended, the wrong-PIN budget full again."""
        code = self.store.reset()
        with self.budget.lock:
            self._notice_reset()
        return code
