"""Scale observations as ``spec/scale.md`` writes them, and replaying a whole recording."""

from __future__ import annotations

from ..profile import ScaleProfile
from .observations import (
    Fault,
    LoadShifted,
    Observation,
    ScaleDisturbed,
    ScaleNoise,
    ScaleSettled,
    StoneAdded,
    StoneRemoved,
)
from .scale import ScaleSensor
from .scale_config import SensingConfig
from .scale_recording import Recording, estimate_rate_sps


def observation_to_json(obs: Observation) -> dict:
    """An observation as ``spec/scale.md`` writes it: ``t``, ``type`` and its fields."""
    t = round(obs.t_mono, 4)
    if isinstance(obs, StoneAdded | StoneRemoved):
        kind = "added" if isinstance(obs, StoneAdded) else "removed"
        return {"t": t, "type": kind, "mass_g": round(obs.mass_g, 1),
                "x_mm": round(obs.x_mm, 1), "space": obs.space}  # fmt: skip
    if isinstance(obs, LoadShifted):
        return {"t": t, "type": "shifted", "dtorque_gmm": round(obs.dtorque_gmm, 1)}
    if isinstance(obs, ScaleSettled):
        return {"t": t, "type": "settled", "total_g": round(obs.total_g, 1),
                "torque_gmm": round(obs.torque_gmm, 1), "down": obs.down,
                "margin_g": round(obs.margin_g, 1)}  # fmt: skip
    if isinstance(obs, ScaleDisturbed):
        return {"t": t, "type": "disturbed"}
    if isinstance(obs, Fault):
        return {"t": t, "type": "fault", "channel": obs.channel, "reason": obs.reason}
    if isinstance(obs, ScaleNoise):  # beyond the spec's types: see docs/scale-sensing.md
        return {"t": t, "type": "noise", "noise_g": dict(obs.noise_g),
                "total_noise_g": obs.total_noise_g, "resolution_g": obs.resolution_g,
                "problem": obs.problem}  # fmt: skip
    raise TypeError(f"not a scale observation: {obs!r}")


def sense_recording(
    recording: Recording, profile: ScaleProfile, *, config: SensingConfig | None = None
) -> list[Observation]:
    """Run a whole recording through the pipeline (notch notes applied at their times)."""
    notches = sorted(recording.notches)
    if config is None:  # the recording's own rate decides the windows, not the profile's
        rate = estimate_rate_sps(recording.samples) or profile.rate_sps
        config = SensingConfig.for_rate(rate)
    sensor = ScaleSensor(profile, config=config)
    out: list[Observation] = []
    i = 0
    for s in recording.samples:
        while i < len(notches) and notches[i][0] <= s.t_mono:
            sensor.set_notch(notches[i][1])
            i += 1
        out.extend(sensor.feed(s))
    return out
