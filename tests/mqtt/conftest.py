from __future__ import annotations

import pytest

from .broker import Mosquitto


@pytest.fixture
def broker(tmp_path):
    b = Mosquitto(tmp_path / "broker")
    yield b
    b.stop()
