"""Fixtures for the Stein auf Stein tests: a small catalogue to play any catalogue with."""

from __future__ import annotations

import pytest

from companion.games.stein_auf_stein import Block, Catalogue


@pytest.fixture
def tiny() -> Catalogue:
    """Three blocks in two colours; the die shows white twice and black once."""
    return Catalogue.of(
        (
            Block("W1", "white", 40, 20, 20),
            Block("W2", "white", 25.5, 25.5, 50),
            Block("K1", "black", 100, 10, 10),
        ),
        ("white", "white", "black"),
    )
