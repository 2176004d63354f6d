"""Fixtures of the language tests."""

import pytest

from companion.referee.service import GameService


@pytest.fixture
def service(tmp_path):
    """A companion with its state in ``tmp_path``; the suite's environment is English
    (tests/conftest.py), so its table speaks English unless a test says otherwise."""
    s = GameService(tmp_path)
    yield s
    s.close()
