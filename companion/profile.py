"""Scale profiles: the geometry, masses and HX711 calibration of one table, in TOML.

The nominal default profile (``calibration/scale-default.toml``) is the reference build
of ``spec/scale.md``; ``companion calibrate scale`` writes one measured on a real table.
Every field is typed and bounds-checked; unknown keys are reported (a typo surfaces),
and every problem in a file is listed at once in the ``ProfileError`` message.

Units: positions ``*_x_mm`` in mm along the beam (0 at the middle notch, negative to the
left), masses ``*_g`` in grams, ``zero_counts`` in raw HX711 counts, ``counts_per_g``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .errors import CompanionError
from .i18n.message import msg, semicolons
from .paths import data_dir

CHANNELS: tuple[str, ...] = ("wedge", "left", "right")
NOTCHES: tuple[str, ...] = ("left", "middle", "right")
SPACES: tuple[str, ...] = ("L2", "L1", "R1", "R2")
GAINS: tuple[int, ...] = (128, 64)  # channel A gains; 32 is channel B, which we do not use
RATES_SPS: tuple[int, ...] = (10, 80)
DEFAULT_PROFILE = "default"
FORMAT = 1


class ProfileError(CompanionError, ValueError):
    """A profile file that is missing, not TOML, or holds a bad or unknown value."""


@dataclass(frozen=True, slots=True)
class CellCalibration:
    """One load cell's HX711: raw counts with nothing on it, counts per gram, data GPIO,
    and its own clock GPIO where it does not share the bank's (``[hx711] clock_gpio``)."""

    zero_counts: int
    counts_per_g: float
    data_gpio: int
    clock_gpio: int | None = None

    def grams(self, raw: int) -> float:
        """Load on the cell in grams for a raw reading (counts)."""
        return (raw - self.zero_counts) / self.counts_per_g

    def counts(self, mass_g: float) -> float:
        """The raw reading (counts, not rounded) for ``mass_g`` grams on the cell."""
        return self.zero_counts + mass_g * self.counts_per_g


def _frozen(d: dict) -> MappingProxyType:
    return MappingProxyType(dict(d))


@dataclass(frozen=True, slots=True)
class ScaleProfile:
    """One table's scale: geometry (mm), masses (g), HX711 settings and cell calibration."""

    name: str
    beam_length_mm: float
    beam_mass_g: float
    beam_centre_x_mm: float
    pad_left_x_mm: float
    pad_right_x_mm: float
    notch_x_mm: MappingProxyType  # notch name -> pivot position, mm
    space_x_mm: MappingProxyType  # space name -> centre, mm
    space_width_mm: float
    fate_mass_g: float
    fate_home_x_mm: float
    stone_mass_g: MappingProxyType  # stone name -> grams
    gain: int
    rate_sps: int
    clock_gpio: int
    cells: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))

    def with_changes(self, **changes: Any) -> ScaleProfile:
        """A copy with some fields replaced (dict values are frozen again)."""
        fixed = {k: _frozen(v) if isinstance(v, dict) else v for k, v in changes.items()}
        return replace(self, **fixed)

    def space_at(self, x_mm: float) -> str | None:
        """The space whose 50 mm (``space_width_mm``) span holds ``x_mm``, or None."""
        half = self.space_width_mm / 2
        for space, centre in self.space_x_mm.items():
            if abs(x_mm - centre) <= half:
                return space
        return None


class _Table:
    """Typed, bounds-checked reads from one TOML table; remembers what was read."""

    def __init__(self, data: Any, where: str, problems: list[str]) -> None:
        self.where, self.problems = where, problems
        if not isinstance(data, dict):
            problems.append(
                msg("[{where}] must be a table, not {kind}", where=where, kind=type(data).__name__)
            )
            data = {}
        self.data, self.used = data, set()

    def table(self, key: str) -> _Table:
        self.used.add(key)
        name = f"{self.where}.{key}" if self.where else key
        if key not in self.data:
            self.problems.append(msg("[{name}] is missing", name=name))
            return _Table({}, name, [])
        return _Table(self.data[key], name, self.problems)

    def number(self, key: str, lo: float, hi: float, unit: str, *, integer: bool = False,
               optional: bool = False):  # fmt: skip
        self.used.add(key)
        label = f"[{self.where}] {key}"  # the file's own words: stays as written
        if key not in self.data:
            if optional:
                return None
            self.problems.append(
                msg(
                    "{label} is missing ({lo:g}..{hi:g} {unit})",
                    label=label,
                    lo=lo,
                    hi=hi,
                    unit=unit,
                )
            )
            return lo
        v = self.data[key]
        ok = isinstance(v, int) if integer else isinstance(v, int | float)
        if isinstance(v, bool) or not ok:
            kind = msg("an integer") if integer else msg("a number")
            self.problems.append(
                msg(
                    "{label} = {v!r} is not {kind} ({lo:g}..{hi:g} {unit})",
                    label=label, v=v, kind=kind, lo=lo, hi=hi, unit=unit,
                )
            )  # fmt: skip
            return lo
        if not lo <= v <= hi:
            self.problems.append(
                msg(
                    "{label} = {v!r} is out of range (allowed {lo:g}..{hi:g} {unit})",
                    label=label, v=v, lo=lo, hi=hi, unit=unit,
                )
            )  # fmt: skip
        return int(v) if integer else float(v)

    def choice(self, key: str, allowed: tuple) -> Any:
        self.used.add(key)
        v = self.data.get(key)
        if v not in allowed or isinstance(v, bool):
            shown = ", ".join(str(a) for a in allowed)
            self.problems.append(
                msg(
                    "[{where}] {key} = {v!r} is not allowed (choose {shown})",
                    where=self.where, key=key, v=v, shown=shown,
                )
            )  # fmt: skip
            return allowed[0]
        return v

    def text(self, key: str) -> str:
        self.used.add(key)
        v = self.data.get(key)
        if not isinstance(v, str) or not v.strip():
            self.problems.append(
                msg(
                    "[{where}] {key} must be a non-empty string, not {v!r}",
                    where=self.where,
                    key=key,
                    v=v,
                )
            )
            return "?"
        return v

    def report_unknown(self, *, known: tuple[str, ...] = ()) -> None:
        for key in self.data:
            if key not in self.used:
                allowed = ", ".join(sorted(self.used | set(known)))
                self.problems.append(
                    msg(
                        "[{where}] unknown key {key!r} (known: {allowed})",
                        where=self.where, key=key, allowed=allowed,
                    )
                )  # fmt: skip


def parse_profile(data: dict, *, source: str = "profile") -> ScaleProfile:
    """A ``ScaleProfile`` from parsed TOML; raises ``ProfileError`` listing every problem."""
    problems: list[str] = []
    top = _Table(data, "", problems)
    head = top.table("profile")
    name = head.text("name")
    head.choice("format", (FORMAT,))
    beam = top.table("beam")
    length = beam.number("length_mm", 100, 2000, "mm")
    fields: dict[str, Any] = {
        "name": name,
        "beam_length_mm": length,
        "beam_mass_g": beam.number("mass_g", 1, 5000, "g"),
        "beam_centre_x_mm": beam.number("centre_x_mm", -500, 500, "mm"),
        "pad_left_x_mm": beam.number("pad_left_x_mm", -1000, -10, "mm"),
        "pad_right_x_mm": beam.number("pad_right_x_mm", 10, 1000, "mm"),
    }
    notches = top.table("notches")
    fields["notch_x_mm"] = _frozen({n: notches.number(n, -200, 200, "mm") for n in NOTCHES})
    spaces = top.table("spaces")
    fields["space_width_mm"] = spaces.number("width_mm", 5, 200, "mm")
    fields["space_x_mm"] = _frozen({s: spaces.number(s, -1000, 1000, "mm") for s in SPACES})
    fate = top.table("fate")
    fields["fate_mass_g"] = fate.number("mass_g", 1, 1000, "g")
    fields["fate_home_x_mm"] = fate.number("home_x_mm", -1000, 1000, "mm")
    stones = top.table("stones")
    census = {}
    for key in stones.data:
        census[key] = stones.number(key, 1, 2000, "g")
    if not census:
        problems.append(msg("[stones] is empty: the stone census needs at least one stone"))
    fields["stone_mass_g"] = _frozen(census)
    hx = top.table("hx711")
    fields["gain"] = hx.choice("gain", GAINS)
    fields["rate_sps"] = hx.choice("rate_sps", RATES_SPS)
    fields["clock_gpio"] = hx.number("clock_gpio", 0, 27, "BCM GPIO", integer=True)
    cells_t = top.table("cells")
    cells = {}
    for ch in CHANNELS:
        c = cells_t.table(ch)
        cells[ch] = CellCalibration(
            zero_counts=c.number("zero_counts", -8388608, 8388607, "counts", integer=True),
            counts_per_g=c.number("counts_per_g", 1, 100000, "counts/g"),
            data_gpio=c.number("data_gpio", 0, 27, "BCM GPIO", integer=True),
            clock_gpio=c.number("clock_gpio", 0, 27, "BCM GPIO", integer=True, optional=True),
        )
        c.report_unknown()
    fields["cells"] = _frozen(cells)
    for t in (top, head, beam, notches, spaces, fate, hx, cells_t):
        t.report_unknown()
    if not problems:
        _check_geometry(fields, problems)
    if problems:
        raise ProfileError(
            msg("{source}: {problems}", source=source, problems=semicolons(problems))
        )
    return ScaleProfile(**fields)


def _check_geometry(f: dict[str, Any], problems: list[str]) -> None:
    n, s = f["notch_x_mm"], f["space_x_mm"]
    if not n["left"] < n["middle"] < n["right"]:
        problems.append(msg("[notches] must run left < middle < right"))
    if not (s["L2"] < s["L1"] < n["left"] and n["right"] < s["R1"] < s["R2"]):
        problems.append(msg("[spaces] must run L2 < L1 < the notches < R1 < R2"))
    if not (f["pad_left_x_mm"] < n["left"] and f["pad_right_x_mm"] > n["right"]):
        problems.append(msg("[beam] the pads must lie outside the notches"))
    half = f["beam_length_mm"] / 2
    if max(abs(f["pad_left_x_mm"]), f["pad_right_x_mm"]) > half:
        problems.append(
            msg("[beam] the pads must lie on the beam (within ±{half:g} mm)", half=half)
        )


def resolve_profile_path(profile: str | Path | None) -> Path:
    """A profile file from a path, or a name (``default`` -> ``calibration/scale-default.toml``)."""
    if profile is None:
        profile = DEFAULT_PROFILE
    p = Path(profile)
    if p.suffix == ".toml" or p.exists():
        return p
    return data_dir("calibration") / f"scale-{profile}.toml"


def load_profile(profile: str | Path | None = None) -> ScaleProfile:
    """Load a profile by path or name (None: the nominal default profile)."""
    path = resolve_profile_path(profile)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        names = sorted(p.stem.removeprefix("scale-") for p in _known_profiles())
        raise ProfileError(
            msg(
                "cannot read the scale profile {path!r} ({why}); give a .toml file or one of"
                " the names: {names}",
                path=str(path),
                why=e.strerror or str(e),
                names=", ".join(names) or msg("none"),
            )
        ) from e
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ProfileError(msg("{path}: not valid TOML ({e})", path=str(path), e=str(e))) from e
    return parse_profile(data, source=str(path))


def _known_profiles() -> list[Path]:
    try:
        return list(data_dir("calibration").glob("scale-*.toml"))
    except FileNotFoundError:
        return []


def default_profile() -> ScaleProfile:
    """The nominal reference build (``calibration/scale-default.toml``)."""
    return load_profile(DEFAULT_PROFILE)


def profile_to_toml(p: ScaleProfile, *, comment: str = "") -> str:
    """The profile as TOML text that ``load_profile`` reads back to an equal profile."""
    lines = [f"# {line}" for line in comment.splitlines()] if comment else []
    lines += ["[profile]", f"name = {_q(p.name)}", f"format = {FORMAT}", "", "[beam]"]
    lines += [
        f"length_mm = {p.beam_length_mm!r}",
        f"mass_g = {p.beam_mass_g!r}",
        f"centre_x_mm = {p.beam_centre_x_mm!r}",
        f"pad_left_x_mm = {p.pad_left_x_mm!r}",
        f"pad_right_x_mm = {p.pad_right_x_mm!r}",
        "",
        "[notches]",
    ]
    lines += [f"{k} = {v!r}" for k, v in p.notch_x_mm.items()]
    lines += ["", "[spaces]", f"width_mm = {p.space_width_mm!r}"]
    lines += [f"{k} = {v!r}" for k, v in p.space_x_mm.items()]
    lines += ["", "[fate]", f"mass_g = {p.fate_mass_g!r}", f"home_x_mm = {p.fate_home_x_mm!r}"]
    lines += ["", "[stones]"] + [f"{k} = {v!r}" for k, v in p.stone_mass_g.items()]
    lines += ["", "[hx711]", f"gain = {p.gain}", f"rate_sps = {p.rate_sps}"]
    lines += [f"clock_gpio = {p.clock_gpio}"]
    for ch, c in p.cells.items():
        lines += ["", f"[cells.{ch}]", f"zero_counts = {c.zero_counts}"]
        lines += [f"counts_per_g = {c.counts_per_g!r}", f"data_gpio = {c.data_gpio}"]
        if c.clock_gpio is not None:
            lines.append(f"clock_gpio = {c.clock_gpio}")
    return "\n".join(lines) + "\n"


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
