"""The fold the engines share: dispatch to a handler, replay a record, play a game out."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from companion.errors import IllegalAction
from companion.games.common.engine import ALREADY_STARTED, dispatch, play_out, replay


@dataclass(frozen=True, slots=True)
class _Start:
    target: int


@dataclass(frozen=True, slots=True)
class _Add:
    n: int


@dataclass(frozen=True, slots=True)
class _Other:
    pass


@dataclass(frozen=True, slots=True)
class _Count:
    value: int
    target: int

    @property
    def finished(self) -> bool:
        return self.value >= self.target


def _add(state: _Count, a: _Add) -> _Count:
    return _Count(state.value + a.n, state.target)


def _over(state: _Count) -> str:
    return f"over at {state.value}"


def _apply(state: _Count, action) -> _Count:
    return dispatch(state, action, {_Add: _add}, start=_Start, over=_over)


def _start(s: _Start) -> _Count:
    return _Count(0, s.target)


def test_dispatch_hands_the_action_to_its_handler():
    assert _apply(_Count(1, 9), _Add(2)) == _Count(3, 9)


def test_dispatch_refuses_a_second_start_line():
    with pytest.raises(IllegalAction) as e:
        _apply(_Count(0, 9), _Start(9))
    assert str(e.value) == ALREADY_STARTED


def test_dispatch_refuses_everything_once_finished_in_the_games_own_words():
    with pytest.raises(IllegalAction) as e:
        _apply(_Count(9, 9), _Add(1))
    assert str(e.value) == "over at 9"


def test_dispatch_refuses_an_action_no_handler_takes():
    with pytest.raises(IllegalAction, match=r"unknown action _Other\(\)"):
        _apply(_Count(0, 9), _Other())


def test_dispatch_asks_the_guard_after_the_finished_check_and_before_the_handler():
    def guard(state, action):
        raise IllegalAction("first things first")

    with pytest.raises(IllegalAction, match="first things first"):
        dispatch(_Count(0, 9), _Add(1), {_Add: _add}, start=_Start, over=_over, guard=guard)
    with pytest.raises(IllegalAction, match="over at 9"):
        dispatch(_Count(9, 9), _Add(1), {_Add: _add}, start=_Start, over=_over, guard=guard)


def test_replay_folds_the_start_and_the_actions_after_it():
    assert replay(_start, _apply, [_Start(5), _Add(2), _Add(1)]) == _Count(3, 5)
    assert replay(_start, _apply, iter([_Start(5)])) == _Count(0, 5)


def test_play_out_yields_every_action_with_the_state_after_it_until_finished():
    start = _Start(3)
    steps = list(play_out(start, _start(start), lambda s: _Add(1), _apply))
    assert steps == [
        (start, _Count(0, 3)),
        (_Add(1), _Count(1, 3)),
        (_Add(1), _Count(2, 3)),
        (_Add(1), _Count(3, 3)),
    ]
