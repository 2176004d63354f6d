"""The fold every engine is: ``dispatch`` one action to its rule handler, ``replay`` a
record's actions, ``play_out`` a game with a player choosing the actions.

Each game keeps its own ``apply`` (and its own wording of the finished-game message);
these helpers hold only what is the same in all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, TypeVar

from ...errors import IllegalAction
from ...i18n.message import msg

_S = TypeVar("_S")
_A = TypeVar("_A")

#: action class -> handler(state, action) -> state
Handlers = Mapping[type, Callable[[Any, Any], Any]]

ALREADY_STARTED = msg("the game has already started; a record has exactly one start line")


def dispatch(
    state: _S,
    action: Any,
    handlers: Handlers,
    *,
    start: type,
    over: Callable[[_S], str],
    guard: Callable[[_S, Any], None] | None = None,
) -> _S:
    """``action`` applied by its handler, or ``IllegalAction``: for a second ``start``
    line, for any action once ``state.finished`` (the message ``over(state)`` gives), for
    what ``guard`` refuses (it raises) and for an action no handler takes."""
    if isinstance(action, start):
        raise IllegalAction(ALREADY_STARTED)
    if state.finished:  # type: ignore[attr-defined]
        raise IllegalAction(over(state))
    if guard is not None:
        guard(state, action)
    handler = handlers.get(type(action))
    if handler is None:
        raise IllegalAction(msg("unknown action {action!r}", action=action))
    return handler(state, action)


def replay(
    start_game: Callable[[_A], _S], apply: Callable[[_S, _A], _S], actions: Iterable[_A]
) -> _S:
    """Fold a start and the actions after it into a state."""
    it = iter(actions)
    state = start_game(next(it))
    for a in it:
        state = apply(state, a)
    return state


def play_out(
    start: _A,
    state: _S,
    choose: Callable[[_S], _A],
    apply: Callable[[_S, _A], _S],
) -> Iterator[tuple[_A, _S]]:
    """Yield ``(start, state)``, then (action, state after it) for each action ``choose``
    picks until the game is finished."""
    yield start, state
    while not state.finished:  # type: ignore[attr-defined]
        action = choose(state)
        state = apply(state, action)
        yield action, state
