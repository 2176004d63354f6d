"""Every kind of observation round-trips through the session's JSON exactly."""

from __future__ import annotations

import json

from companion.blackbox import codec
from companion.sensing.observations import BoardLost, CellChange, CellsChanged, ScaleNoise


def test_observations_with_tuples_round_trip_through_json():
    for obs in (
        ScaleNoise(1.5, (("wedge", 0.3), ("left", 0.25)), 0.5, 2.0, None),
        ScaleNoise(2.0, (), 9.5, 30.0, "the wedge cell is noisy"),
        CellsChanged(3.25, "hinkel-stein", (CellChange("L1", "empty", "stone", 0.93),)),
        BoardLost(4.0, "stein-im-brett", "no board"),
    ):
        again = codec.from_json(json.loads(json.dumps(codec.to_json(obs))))
        assert again == obs
