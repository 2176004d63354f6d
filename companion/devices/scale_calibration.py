"""The guided scale calibration behind ``companion calibrate scale``.

Steps, each a prompt and a few seconds of samples, with readings checked before use
(saturated, unstable or too small readings are rejected with the reason and the step
is asked again):

1. tare: the beam lifted off, nothing on the cells -> each cell's zero (raw counts);
2. the known reference mass on each cell alone -> each cell's counts per gram;
3. the beam back on the middle notch, Stone of Fate off -> beam mass and centre;
4. the reference mass on each space -> the space's centre, x = p + Δτ/Δm (mm);
5. the Stone of Fate, then each stone of the census, weighed once on the beam.

The pads' positions are not measured (a ruler does that better): they come from the
profile being replaced. ``ask`` shows a prompt and returns the operator's answer
(``s`` skips a stone); ``measure(seconds)`` returns raw samples.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..errors import CompanionError
from ..i18n.message import Msg, msg, term
from ..profile import CHANNELS, ScaleProfile
from ..sensing.scale_recording import RawSample
from ..sensing.scale_stats import ChannelStats, channel_stats


class CalibrationAborted(CompanionError, RuntimeError):
    """The operator gave up, or a step failed too often."""


#: The load cells by name, said in a sentence ("the left cell": "die Zelle links").
_CELLS = {
    "wedge": term("cell", "wedge"),
    "left": term("cell", "left"),
    "right": term("cell", "right"),
}


def _cell(ch: str) -> Msg | str:
    return _CELLS.get(ch, ch)


class Calibration:
    """One guided calibration run; ``run()`` returns the new profile."""

    def __init__(
        self,
        base: ScaleProfile,
        *,
        measure: Callable[[float], list[RawSample]],
        ask: Callable[[str], str],  # a prompt (a ``Msg``): the operator's answer
        say: Callable[[str], None],  # a line (a ``Msg``) for the operator
        reference_g: float,
        name: str = "calibrated",
        seconds: float = 2.0,
        max_noise_g: float = 2.0,
        tries: int = 3,
    ) -> None:
        if not 10 <= reference_g <= 2000:
            raise ValueError(f"reference mass {reference_g:g} g: use one of 10..2000 g")
        self.base, self.measure, self.ask, self.say = base, measure, ask, say
        self.reference_g, self.name, self.seconds = reference_g, name, seconds
        self.max_noise_g, self.tries = max_noise_g, tries
        self.cells = dict(base.cells)

    # -- readings ------------------------------------------------------------------------

    def _read(self, prompt: str, *, allow_skip: bool = False) -> dict[str, float] | None:
        """Ask, measure, check; grams per channel with the calibration so far."""
        for attempt in range(self.tries):
            answer = self.ask(prompt).strip().lower()
            if allow_skip and answer == "s":
                return None
            if answer == "q":
                raise CalibrationAborted(msg("calibration stopped by the operator"))
            stats = channel_stats(self.measure(self.seconds), self._profile_so_far())
            problem = self._problem(stats)
            if problem is None:
                return {ch: s.mean_raw for ch, s in stats.items()}
            if attempt + 1 < self.tries:
                self.say(msg("  rejected: {problem}; try again", problem=problem))
            else:
                self.say(msg("  rejected: {problem}", problem=problem))
        raise CalibrationAborted(
            msg("gave up after {n} rejected readings: {prompt}", n=self.tries, prompt=prompt)
        )

    def _problem(self, stats: dict[str, ChannelStats]) -> str | None:
        for ch, s in stats.items():
            if s.saturated:
                return msg(
                    "{ch}: {n} saturated readings"
                    " (the load is beyond the cell's range or a wire is broken)",
                    ch=_cell(ch),
                    n=s.saturated,
                )
            if s.samples < 3:
                return msg("{ch}: no readings (is its HX711 connected?)", ch=_cell(ch))
            if s.noise_g > self.max_noise_g:
                return msg(
                    "{ch}: unstable, {noise:.1f} g of noise (allowed {allowed:g} g); keep hands"
                    " off the scale",
                    ch=_cell(ch),
                    noise=s.noise_g,
                    allowed=self.max_noise_g,
                )
        return None

    def _profile_so_far(self) -> ScaleProfile:
        return self.base.with_changes(cells=self.cells)

    def _grams(self, raw: dict[str, float]) -> dict[str, float]:
        return {ch: (raw[ch] - c.zero_counts) / c.counts_per_g for ch, c in self.cells.items()}

    # -- the steps -----------------------------------------------------------------------

    def run(self) -> ScaleProfile:
        ref = self.reference_g
        zero = self._read(
            msg("Lift the beam off: nothing on the wedge or the pads. Enter when done.")
        )
        for ch in CHANNELS:
            self.cells[ch] = replace(self.cells[ch], zero_counts=round(zero[ch]))
        for ch in CHANNELS:
            per_g = self._weigh_cell(ch, zero[ch])
            c = self.cells[ch]
            self.cells[ch] = replace(c, counts_per_g=per_g)
        beam = self._read(
            msg(
                "Put the beam back on the middle notch, Stone of Fate off the beam."
                " Enter when done."
            )
        )
        g = self._grams(beam)
        p = self.base.notch_x_mm["middle"]
        m_beam, tau_beam = sum(g.values()), self._torque(g, p)
        self.say(msg("  beam: {mass:.1f} g", mass=m_beam))
        spaces = {}
        for space in self.base.space_x_mm:
            r = self._grams(
                self._read(
                    msg(
                        "Put the {ref:g} g reference mass on space {space}'s centre. Enter when"
                        " done.",
                        ref=ref,
                        space=space,
                    )
                )
            )
            dm = sum(r.values()) - m_beam
            self._check_step(dm, ref, msg("space {space}", space=space))
            spaces[space] = round(p + (self._torque(r, p) - tau_beam) / dm, 1)
            self.say(msg("  {space}: {x:+.1f} mm", space=space, x=spaces[space]))
        empty = self._read(
            msg(
                "Take the reference mass off space {space}. Enter when done.",
                space=list(spaces)[-1],
            )
        )
        self._empty_g = sum(self._grams(empty).values())
        fate = self._weigh(msg("the Stone of Fate"), self.base.fate_mass_g)
        stones = {}
        for stone, nominal in self.base.stone_mass_g.items():
            mass = self._weigh(msg("stone {stone}", stone=stone), nominal, allow_skip=True)
            stones[stone] = nominal if mass is None else mass
        return self.base.with_changes(
            name=self.name,
            cells=self.cells,
            beam_mass_g=round(m_beam, 1),
            beam_centre_x_mm=round(p + tau_beam / m_beam, 1),
            space_x_mm=spaces,
            fate_mass_g=fate if fate is not None else self.base.fate_mass_g,
            stone_mass_g=stones,
        )

    def _weigh_cell(self, ch: str, zero_raw: float) -> float:
        ref = self.reference_g
        for _ in range(self.tries):
            raw = self._read(
                msg(
                    "Put the {ref:g} g reference mass on the {ch} cell alone (beam still off)."
                    " Enter when done.",
                    ref=ref,
                    ch=_cell(ch),
                )
            )
            delta = raw[ch] - zero_raw
            nominal = self.base.cells[ch].counts_per_g
            if delta < 0:
                self.say(
                    msg(
                        "  rejected: the {ch} cell reads less under load:"
                        " swap its E+/E- or A+/A- wires",
                        ch=_cell(ch),
                    )
                )
            elif delta < 0.2 * ref * nominal:
                self.say(
                    msg(
                        "  rejected: the {ch} reading rose by only {delta:.0f} counts;"
                        " is the mass on the {ch} cell?",
                        ch=_cell(ch),
                        delta=delta,
                    )
                )
            else:
                per_g = delta / ref
                self.say(msg("  {ch}: {per_g:.1f} counts per gram", ch=_cell(ch), per_g=per_g))
                self._read(
                    msg("Take the reference mass off the {ch} cell. Enter when done.", ch=_cell(ch))
                )
                return round(per_g, 3)
        raise CalibrationAborted(
            msg("the {ch} cell gave no usable reading with the reference mass", ch=_cell(ch))
        )

    def _weigh(self, what: Msg, nominal: float, *, allow_skip=False):
        """Weigh one stone against the empty beam just before it (zero drift cancels)."""
        for _ in range(self.tries):
            if allow_skip:
                prompt = msg(
                    "Put {what} on the beam (s: skip, keep the nominal mass). Enter when done.",
                    what=what,
                )
            else:
                prompt = msg("Put {what} on the beam. Enter when done.", what=what)
            raw = self._read(prompt, allow_skip=allow_skip)
            if raw is None:
                return None
            dm = sum(self._grams(raw).values()) - self._empty_g
            if self._check_step(dm, nominal, what, raise_=False):
                self.say(msg("  {what}: {mass:.1f} g", what=what, mass=dm))
                empty = self._read(msg("Take {what} off the beam. Enter when done.", what=what))
                self._empty_g = sum(self._grams(empty).values())
                return round(dm, 1)
        raise CalibrationAborted(msg("{what} gave no usable reading", what=what))

    def _check_step(self, dm: float, expected: float, what: Msg, *, raise_=True) -> bool:
        if dm >= 0.2 * expected and dm >= 5:
            return True
        message = msg(
            "rejected: {what} added only {mass:.1f} g (expected about {expected:g} g)",
            what=what,
            mass=dm,
            expected=expected,
        )
        if raise_:
            raise CalibrationAborted(message)
        self.say(msg("  {line}", line=message))
        return False

    def _torque(self, g: dict[str, float], p: float) -> float:
        b = self.base
        return g["right"] * (b.pad_right_x_mm - p) - g["left"] * (p - b.pad_left_x_mm)
