"""Regenerate the recorded simulated sessions in this folder (run from the repository root):

    .venv/bin/python calibration/recordings/regenerate.py

For each session it writes NAME.csv (the raw samples, spec/scale.md recording format),
NAME.truth.jsonl (what physically happened: a header line with the seed, hand intervals
and notch changes, then one line per action, see companion/devices/scale_scenarios.py)
and NAME.expected.jsonl (what `companion sense NAME.csv --json` printed when the file
was made). tests/sensing/test_scale_recordings.py replays every NAME.csv: its
observations must match the truth, and any change from NAME.expected.jsonl shows as a
diff to review.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from companion.devices.scale_scenarios import Session, random_round
from companion.devices.scale_sim import ScaleSimulator
from companion.profile import default_profile
from companion.sensing.scale_recording import read_recording, write_recording
from companion.sensing.scale_replay import observation_to_json, sense_recording

HERE = Path(__file__).resolve().parent


def unplugged_session(profile) -> Session:
    """The left pad's HX711 comes unplugged while a stone is placed, and comes back."""
    sim = ScaleSimulator(profile, seed=5)
    s = Session(seed=5, notches=[(0.0, "middle")])
    s.samples += sim.advance(1.5)
    sim.unplug("left")
    s.samples += sim.advance(0.5)
    sim.put("Q3", profile.stone_mass_g["Q3"], profile.space_x_mm["R1"])
    s.samples += sim.advance(2.0)
    sim.repair("left")
    s.samples += sim.advance(1.5)
    return s


def save(name: str, session: Session, profile, note: str) -> None:
    with (HERE / f"{name}.csv").open("w", encoding="utf-8", newline="") as f:
        write_recording(f, session.samples, profile=profile.name, notes=[note],
                        notches=session.notches)  # fmt: skip
    head = {"seed": session.seed, "hands": session.hands, "notches": session.notches}
    lines = [json.dumps(head)] + [json.dumps(dataclasses.asdict(e)) for e in session.expected]
    (HERE / f"{name}.truth.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    rec = read_recording(HERE / f"{name}.csv")  # what the test replays: the file
    obs = [json.dumps(observation_to_json(o)) for o in sense_recording(rec, default_profile())]
    (HERE / f"{name}.expected.jsonl").write_text("\n".join(obs) + "\n", encoding="utf-8")
    print(f"{name}: {len(session.samples)} samples, {len(obs)} observations")


def main() -> None:
    prof = default_profile()
    save("round-seed3-80sps", random_round(prof, 3), prof,
         "simulated random round, seed 3, 80 samples/s")  # fmt: skip
    slow = prof.with_changes(rate_sps=10)
    save("round-seed11-10sps", random_round(slow, 11, rate_sps=10), slow,
         "simulated random round, seed 11, 10 samples/s")  # fmt: skip
    save("fault-left-unplugged", unplugged_session(prof), prof,
         "left pad HX711 unplugged at 1.5 s while Q3 goes onto R1, back at 4.0 s")  # fmt: skip


if __name__ == "__main__":
    main()
