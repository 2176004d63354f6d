"""Fixtures for the Stein im Brett tests: colour choices for every table size."""

from __future__ import annotations

import pytest

TWO = {"Ana": ["red", "yellow", "green"], "Ben": ["blue", "white", "black"]}
THREE = {"Ana": ["red", "blue"], "Ben": ["yellow", "white"], "Cleo": ["green", "black"]}
FOUR = {"Ana": ["red"], "Ben": ["yellow"], "Cleo": ["green"], "Dora": ["blue"]}
FIVE = {**FOUR, "Emil": ["white"]}
SIX = {**FIVE, "Fay": ["black"]}


@pytest.fixture
def two() -> dict[str, list[str]]:
    return {p: list(cs) for p, cs in TWO.items()}


@pytest.fixture
def three() -> dict[str, list[str]]:
    return {p: list(cs) for p, cs in THREE.items()}
