"""Reading game records (JSON Lines) and journals, and folding them into a game state.

A record is one JSON object a line, the game's ``start`` first; blank lines and
``comment`` lines are skipped. An illegal or malformed line stops the replay with a
``ReplayError`` that names the line (for a journal: the row's sequence number).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import CompanionError
from .games.registry import GAMES, GameRules, rules_for
from .i18n.message import msg
from .journal import Journal, is_journal


class ReplayError(CompanionError, ValueError):
    """A record line that cannot be replayed: ``line`` (1-based) and ``reason`` in words."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Replayed:
    """The outcome of a replay: the game's rules, its final state and the actions applied."""

    rules: GameRules
    state: Any
    actions: tuple[Any, ...]


def jsonl_objects(lines: Iterable[str | bytes]) -> Iterator[tuple[int, Any]]:
    """(line number, parsed object) for every non-blank line; bad JSON raises ReplayError."""
    for n, raw in enumerate(lines, start=1):
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise ReplayError(
                    n,
                    msg("not valid UTF-8 text ({why} at byte {at})", why=e.reason, at=e.start),
                ) from None
        text = raw.strip()
        if not text:
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as e:
            raise ReplayError(
                n, msg("not valid JSON ({why} at column {at})", why=e.msg, at=e.colno)
            ) from None
        yield n, obj


def replay_objects(objects: Iterable[tuple[int, Any]]) -> Replayed:
    """Fold numbered record objects into a state; the first action must be a ``start``."""
    rules: GameRules | None = None
    state: Any = None
    actions: list[Any] = []
    last = 0
    for n, obj in objects:
        last = n
        if rules is None:
            if isinstance(obj, dict) and obj.get("type") == "comment":
                continue
            if not isinstance(obj, dict) or obj.get("type") != "start":
                got = obj.get("type") if isinstance(obj, dict) else type(obj).__name__
                raise ReplayError(
                    n, msg("a record begins with a 'start' line, not {got!r}", got=got)
                )
            rules = rules_for(obj.get("game"))
            if rules is None:
                known = ", ".join(GAMES)
                raise ReplayError(
                    n,
                    msg(
                        "unknown game {game!r}; the companion knows {known}",
                        game=obj.get("game"),
                        known=known,
                    ),
                )
        try:
            action = rules.parse_action(obj)
            if action is None:
                continue
            state = rules.start(action) if state is None else rules.apply(state, action)
        except ValueError as e:  # IllegalAction and MalformedRecord are ValueErrors
            # the engine's message itself: a marked one can still be said in German
            why = e.args[0] if len(e.args) == 1 and isinstance(e.args[0], str) else str(e)
            raise ReplayError(n, why) from None
        actions.append(action)
    if rules is None:
        raise ReplayError(last + 1, msg("the record is empty: it needs a 'start' line first"))
    return Replayed(rules, state, tuple(actions))


def replay_path(path: str | Path) -> Replayed:
    """Replay a JSONL record or a journal file (told apart by the SQLite header).

    For a journal, undos are folded first and line numbers are the rows' ``seq``."""
    path = Path(path)
    if is_journal(path):
        with Journal(path, readonly=True) as j:
            rows = j.effective_rows()
        return replay_objects((row.seq, row.payload) for row in rows)
    with path.open("rb") as f:
        return replay_objects(jsonl_objects(f))
