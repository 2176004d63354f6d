from __future__ import annotations

import pytest

from ..mqtt.broker import Mosquitto


@pytest.fixture
def broker(tmp_path):
    b = Mosquitto(tmp_path / "broker")
    yield b
    b.stop()
