"""One game at the club, folded from the rows a table published, in ``seq`` order.

The same fold as the table's journal (``companion.journal``): an ``action`` row adds
its record, an ``undo`` row ``{"count": n}`` takes back the last n actions in effect.
Each action is applied with the game's rules, so the club knows whether the game is
over, who won and the points, exactly as ``companion replay`` would say.
"""

from __future__ import annotations

from typing import Any

from ..games.registry import rules_for


class GameFold:
    """The effective record and states of one game, fed rows 1, 2, 3, ... in order."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.rules = rules_for(game)
        self.upto = 0  # the last seq fed
        self.records: list[dict[str, Any]] = []
        self.states: list[Any] = []
        #: why the rows cannot be replayed (the game is kept, never counted)
        self.error: str | None = None if self.rules else f"unknown game {game!r}"

    def feed(self, seq: int, kind: str, record: dict[str, Any]) -> None:
        """Row ``seq`` (must be ``upto + 1``)."""
        if seq != self.upto + 1:
            raise ValueError(f"row {seq} fed after row {self.upto}")
        self.upto = seq
        if self.error is not None:
            return
        try:
            if kind == "undo":
                n = record.get("count")
                if not isinstance(n, int) or not 1 <= n < len(self.records):
                    raise ValueError(f"undoes {n!r} of {len(self.records)} actions")
                del self.records[-n:]
                del self.states[-n:]
                return
            if kind != "action":
                raise ValueError(f"unknown row kind {kind!r}")
            action = self.rules.parse_action(record)
            if action is None:
                return
            state = (
                self.rules.start(action)
                if not self.states
                else self.rules.apply(self.states[-1], action)
            )
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            self.error = f"row {seq} cannot be replayed: {e}"
            return
        self.records.append(record)
        self.states.append(state)

    @property
    def summary(self) -> dict[str, Any] | None:
        """What ``companion replay --json`` prints for the game so far (None: no state)."""
        if self.error is not None or not self.states:
            return None
        return self.rules.to_json(self.states[-1])
