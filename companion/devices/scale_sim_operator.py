"""A simulated operator for the guided calibration: it reads each prompt and does what it
says to the simulated scale, so ``companion calibrate scale`` runs end to end without a
table (and the calibration is tested against a simulated table whose true values
differ from the profile it starts from)."""

from __future__ import annotations

import re

from .scale_sim import FATE, ScaleSimulator

REF, STONE = "reference", "stone"


class SimulatedOperator:
    """``ask(prompt)`` acts on ``sim`` and answers as a person pressing Enter would."""

    def __init__(self, sim: ScaleSimulator, *, reference_g: float) -> None:
        self.sim, self.reference_g = sim, reference_g
        self.prompts: list[str] = []

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        sim, prof = self.sim, self.sim.profile
        loads = sim.physics.loads
        if prompt.startswith("Lift the beam off"):
            sim.lift()
        elif m := re.search(r"reference mass on the (\w+) cell alone", prompt):
            sim.put_on_cell(m.group(1), self.reference_g)
        elif m := re.search(r"reference mass off the (\w+) cell", prompt):
            sim.put_on_cell(m.group(1), 0.0)
        elif prompt.startswith("Put the beam back"):
            if FATE in loads:
                sim.take(FATE)
            sim.set_down("middle")
        elif m := re.search(r"reference mass on space (\w+)", prompt):
            sim.put(REF, self.reference_g, prof.space_x_mm[m.group(1)])
        elif "reference mass off space" in prompt:
            sim.take(REF)
        elif prompt.startswith("Put the Stone of Fate"):
            sim.put(FATE, prof.fate_mass_g, prof.fate_home_x_mm)
        elif prompt.startswith("Take the Stone of Fate"):
            sim.take(FATE)
        elif m := re.search(r"Put stone (\w+) on the beam", prompt):
            sim.put(STONE, prof.stone_mass_g[m.group(1)], prof.space_x_mm["R1"])
        elif re.search(r"Take stone \w+ off", prompt):
            sim.take(STONE)
        else:
            raise ValueError(f"the simulated operator does not understand: {prompt!r}")
        return ""
