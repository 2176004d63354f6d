"""``companion doctor`` (or ``companion doctor all``): every check of the table at once.

One verdict per check, each with the fix in words: GPIO access, each HX711 (data-ready,
noise, rate: the analysis of ``companion doctor scale``, plus a stuck channel; what the
scale's noise allows: the smallest mass difference told apart, a verdict), the
camera (whether a camera backend opens; ``companion doctor camera`` checks the rest),
the scale profile (present, calibrated, fresh, wired as the pin map says), disk space,
the journals' integrity (``PRAGMA integrity_check``), the dashboard answering.

Everything that touches the machine comes through ``Machine`` (GPIO, load cells,
camera, disk usage, HTTP, the wall clock), so that the tests run every check, each fault
included, against simulated devices. While the companion itself runs (its dashboard
answers) it holds the GPIO and the camera, so their checks are skipped with that said.

Exit status: 0 nothing failed (warnings allowed); 1 a check failed; 2 bad usage.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .devices.backends import CHOICES as BACKEND_CHOICES
from .errors import CompanionError, DeviceError
from .i18n.message import msg, reason_of
from .i18n.sensed import sensed
from .profile import ProfileError, ScaleProfile, load_profile, resolve_profile_path

OK, WARN, FAIL, SKIP = "ok", "warn", "FAIL", "skip"
EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2
STALE_DAYS = 180  # a calibration older than this is worth redoing (cells creep, wood moves)
DISK_FAIL_MB, DISK_WARN_MB = 100, 500


@dataclass(frozen=True, slots=True)
class Verdict:
    """One check's outcome: ``status`` (ok, warn, FAIL, skip), what was found, the fix
    (messages: ``lines(lang)`` says them in the table's language; the check's name and
    the status stay as they are, words to search for)."""

    check: str
    status: str
    found: str
    fix: str = ""

    def lines(self, lang: str = "en") -> list[str]:
        from .i18n.catalogues import render

        out = [f"{self.status:<4}  {self.check}: {render(self.found, lang)}"]
        if self.fix:
            out.append("      " + render(msg("fix: {fix}", fix=self.fix), lang))
        return out


def ok(check: str, found: str) -> Verdict:
    return Verdict(check, OK, found)


def warn(check: str, found: str, fix: str) -> Verdict:
    return Verdict(check, WARN, found, fix)


def fail(check: str, found: str, fix: str) -> Verdict:
    return Verdict(check, FAIL, found, fix)


def skip(check: str, found: str) -> Verdict:
    return Verdict(check, SKIP, found)


def _lgpio_probe() -> None:
    """Open and close gpiozero's lgpio pin factory (what the HX711 driver uses)."""
    from .errors import DeviceUnavailable

    try:
        from gpiozero.pins.lgpio import LGPIOFactory

        LGPIOFactory().close()
    except Exception as e:  # ImportError, or lgpio's own error off a Pi or without access
        raise DeviceUnavailable(f"{type(e).__name__}: {e}") from e


def _open_camera():
    from .devices.frames import Picamera2Source

    return Picamera2Source(warmup_s=0.5)


def _fetch(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=3.0) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


@dataclass
class Machine:
    """What the checks touch; each piece replaceable in tests."""

    state_dir: Path
    profile: str | None = None
    backend: str = "auto"
    seconds: float = 10.0
    url: str = "http://127.0.0.1:8000/"
    probe_gpio: Callable[[], None] = _lgpio_probe
    open_cells: Callable[[ScaleProfile], object] | None = None
    open_camera: Callable[[], object] = _open_camera
    disk_usage: Callable[[Path], tuple[int, int, int]] = shutil.disk_usage
    fetch: Callable[[str], int] = _fetch
    now: Callable[[], float] = time.time
    notes: list[str] = field(default_factory=list)
    #: the environment the table's language is read from (None: this process's)
    environ: Mapping[str, str] | None = None

    def cells(self, profile: ScaleProfile):
        """The load cells; ``auto`` means real here: the doctor checks the hardware, and
        the GPIO check has passed before this is called."""
        if self.open_cells is not None:
            return self.open_cells(profile)
        from .devices.load_cells import open_load_cells

        requested = "simulated" if self.backend == "simulated" else "real"
        return open_load_cells(
            profile, requested=requested, realtime=False, announce=self.notes.append
        )


# -- the checks ------------------------------------------------------------------------


def check_dashboard(m: Machine) -> Verdict:
    try:
        status = m.fetch(m.url)
    except (OSError, ValueError) as e:
        reason = getattr(e, "reason", e)
        return fail(
            "dashboard",
            msg("nothing answers at {url} ({reason})", url=m.url, reason=str(reason)),
            msg(
                "start it: sudo systemctl start companion (why it stopped:"
                " journalctl -u companion -e), or companion run"
            ),
        )
    if status >= 500:
        return fail(
            "dashboard",
            msg("{url} answers HTTP {status}", url=m.url, status=status),
            msg("see the error in journalctl -u companion -e"),
        )
    return ok("dashboard", msg("answers at {url} (HTTP {status})", url=m.url, status=status))


def check_gpio(m: Machine) -> Verdict:
    if m.backend == "simulated":
        return skip("gpio", msg("the simulated backend was asked for"))
    try:
        m.probe_gpio()
    except DeviceError as e:
        return fail(
            "gpio",
            msg("no GPIO access ({reason})", reason=reason_of(e)),
            msg(
                "on a Raspberry Pi: sudo apt install python3-lgpio, and put this user in"
                " the gpio group (sudo usermod -aG gpio $USER, then log in again)"
            ),
        )
    return ok("gpio", msg("gpiozero's lgpio pin factory opens /dev/gpiochip*"))


def check_hx711(m: Machine, profile: ScaleProfile) -> list[Verdict]:
    from .pinmap import describe_gpio
    from .scale_cli import _capture, _diagnose, _noise_verdict
    from .sensing.scale_stats import channel_stats

    try:
        cells = m.cells(profile)
    except (CompanionError, ValueError) as e:
        return [
            fail(
                "hx711",
                msg("the load cells do not open ({reason})", reason=reason_of(e)),
                msg("see the gpio check; check the profile's pins (hardware/pinmap.toml)"),
            )
        ]
    kind = "simulated" if getattr(cells, "simulated", False) else "HX711"
    try:
        samples = _capture(cells, m.seconds)
    except DeviceError as e:
        return [
            fail(
                "hx711",
                reason_of(e),
                msg(
                    "check the boards' VCC (3.3 V) and GND, and the shared clock wire ({pin})",
                    pin=describe_gpio(profile.clock_gpio),
                ),
            )
        ]
    finally:
        cells.close()
    out = []
    stats = channel_stats(samples, profile)
    for ch, s in stats.items():
        name = f"hx711 {ch}"
        pin = describe_gpio(profile.cells[ch].data_gpio)
        if s.samples == 0:
            out.append(
                fail(
                    name,
                    msg("no samples in {s:g} s (never data-ready)", s=m.seconds),
                    msg("plug in its HX711 and check VCC, GND and DOUT to {pin}", pin=pin),
                )
            )
            continue
        distinct = {x.raw for x in samples if x.channel == ch}
        if s.samples >= 10 and len(distinct) == 1:
            out.append(
                fail(
                    name,
                    msg(
                        "stuck: all {n} readings are {raw} counts",
                        n=s.samples,
                        raw=str(distinct.pop()),
                    ),
                    msg(
                        "a live HX711 is never that quiet: its DOUT ({pin}) is shorted"
                        " or the chip hangs; power it off and on, check the cell's wires",
                        pin=pin,
                    ),
                )
            )
            continue
        problems = _diagnose(s, profile)
        if problems:
            (found, fix), rest = problems[0], problems[1:]
            if rest:
                more = msg("{found}: {fix}", found=rest[0][0], fix=rest[0][1])
                for f, x in rest[1:]:
                    more = msg(
                        "{head}; {last}", head=more, last=msg("{found}: {fix}", found=f, fix=x)
                    )
                found = msg("{found}; also {more}", found=found, more=more)
            out.append(fail(name, found, fix))
        else:
            out.append(
                ok(
                    name,
                    msg(
                        "{kind}: {rate:.1f} samples/s (configured {configured}), noise"
                        " {noise:.2f} g",
                        kind=kind,
                        rate=s.rate_sps,
                        configured=profile.rate_sps,
                        noise=s.noise_g,
                    ),
                )
            )
    v = _noise_verdict(stats, profile)
    if v is not None:
        found = msg(
            "noise {noise:.2f} g on the sum of the cells; masses {apart:.1f} g apart told"
            " apart; a stone named after {after:.2f} s",
            noise=v.total_noise_g,
            apart=v.resolution_g,
            after=v.decide_s,
        )
        if v.verdict == "ok":
            out.append(ok("scale noise", found))
        elif v.verdict == "slow":
            out.append(warn("scale noise", found, sensed(v.advice)))
        else:
            out.append(
                fail("scale noise", msg("too noisy: {found}", found=found), sensed(v.advice))
            )
    return out


def check_camera(m: Machine) -> Verdict:
    if m.backend == "simulated":
        return skip("camera", msg("the simulated backend was asked for"))
    try:
        cam = m.open_camera()
    except DeviceError as e:
        return warn(
            "camera",
            msg(
                "no camera opens ({reason}); Hinkel & Stein is refereed by the scale alone,"
                " and Stein im Brett turns must be entered on the tablet",
                reason=reason_of(e),
            ),
            msg(
                "sudo apt install python3-picamera2; check the ribbon cable (contacts"
                " towards the board on a Pi 4) and that the user is in the video group"
            ),
        )
    cam.close()
    return ok("camera", msg("a camera opens (companion doctor camera checks frames)"))


def check_calibration(m: Machine) -> list[Verdict]:
    from .pinmap import PinMapError, load_pinmap, profile_disagreements

    try:
        path = resolve_profile_path(m.profile)
        profile = load_profile(m.profile)
    except (ProfileError, OSError) as e:
        return [
            fail(
                "calibration",
                reason_of(e),
                msg("give --profile a calibrated profile, or run companion calibrate scale"),
            )
        ]
    out = []
    if profile.name == "default":
        out.append(
            warn(
                "calibration",
                msg("the nominal default profile: not calibrated"),
                "companion calibrate scale --reference-g 200",
            )
        )
    else:
        age_days = (m.now() - path.stat().st_mtime) / 86400
        if age_days > STALE_DAYS:
            out.append(
                warn(
                    "calibration",
                    msg("{path} is {days:.0f} days old", path=str(path), days=age_days),
                    msg("load cells creep: companion calibrate scale again"),
                )
            )
        else:
            found = msg(
                "{name!r} ({path}), {days:.0f} days old",
                name=profile.name,
                path=str(path),
                days=age_days,
            )
            out.append(ok("calibration", found))
    try:
        differ = profile_disagreements(load_pinmap(), profile)
    except PinMapError as e:
        out.append(warn("pin map", str(e), msg("restore hardware/pinmap.toml")))
        return out
    if differ:
        out.append(
            warn(
                "pin map",
                msg(
                    "the profile's HX711 pins differ from the pin map: {differ}",
                    differ="; ".join(differ),
                ),
                msg(
                    "the driver uses the profile's: make the wiring,"
                    " the profile and hardware/pinmap.toml agree"
                ),
            )
        )
    else:
        out.append(ok("pin map", msg("the profile's HX711 pins match hardware/pinmap.toml")))
    return out


def check_disk(m: Machine) -> Verdict:
    where = m.state_dir
    while not where.exists() and where != where.parent:  # not made yet: the disk it will be on
        where = where.parent
    total, _, free = m.disk_usage(where)
    free_mb, share = free / 2**20, free / total if total else 0.0
    found = msg(
        "{mb:,.0f} MB free ({share:.0%}) at {where}", mb=free_mb, share=share, where=str(where)
    )
    fix = msg("free space: sudo apt clean; sudo journalctl --vacuum-size=100M; remove old files")
    if free_mb < DISK_FAIL_MB:
        return fail("disk", msg("{found}: journals may fail to write", found=found), fix)
    if free_mb < DISK_WARN_MB:
        return warn("disk", found, fix)
    return ok("disk", found)


def check_language(m: Machine) -> Verdict:
    """The table's language (docs/i18n.md) and its catalogue: set right, and readable."""
    from .i18n.catalogues import SOURCE_LANGUAGE, translations
    from .i18n.language import LanguageError, table_language

    fix = msg('set COMPANION_LANG, or language = "de" (or "en") in STATE_DIR/table.toml')
    try:
        lang = table_language(None, state_dir=m.state_dir, environ=m.environ)
    except LanguageError as e:
        return fail("language", str(e), fix)
    if lang == SOURCE_LANGUAGE:
        return ok("language", msg("en (English, the source language)"))
    try:
        count = len(translations(lang)._catalog) - 1  # less the header
    except Exception as e:  # a damaged catalogue: say what, never crash the doctor
        return fail(
            "language",
            msg("{lang}: its catalogue cannot be read: {reason}", lang=lang, reason=str(e)),
            msg("reinstall"),
        )
    return ok("language", msg("{lang} ({n} messages in its catalogue)", lang=lang, n=count))


def check_journals(m: Machine) -> list[Verdict]:
    games = m.state_dir / "games"
    files = sorted(games.glob("*.journal")) if games.is_dir() else []
    if not files:
        return [ok("journals", msg("no games yet in {where}", where=str(games)))]
    bad = [
        fail(
            f"journal {p.name}",
            why,
            msg(
                "move it out of {where} (keep a copy); `companion export` may still save"
                " the game from the copy",
                where=str(games),
            ),
        )
        for p in files
        if (why := _integrity(p))
    ]
    return bad or [ok("journals", msg("{n} intact (PRAGMA integrity_check)", n=len(files)))]


def _integrity(path: Path) -> str | None:
    """None when the journal passes ``PRAGMA integrity_check``, else what is wrong."""
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5.0)
        try:
            rows = [r[0] for r in con.execute("PRAGMA integrity_check")]
        finally:
            con.close()
    except sqlite3.Error as e:
        return f"damaged: {e}"
    return None if rows == ["ok"] else "damaged: " + "; ".join(rows[:3])


# -- running them ------------------------------------------------------------------------


def run_checks(m: Machine) -> Iterator[Verdict]:
    """Every check, in order; devices skipped while the running companion holds them."""
    dashboard = check_dashboard(m)
    calibration = check_calibration(m)
    if dashboard.status == OK and m.backend != "simulated":
        held = msg("the running companion holds it (sudo systemctl stop companion to check it)")
        yield from (skip(c, held) for c in ("gpio", "hx711", "camera"))
    else:
        gpio = check_gpio(m)
        yield gpio
        try:
            profile = load_profile(m.profile)
        except ProfileError:
            profile = None
        if gpio.status == FAIL:
            yield skip("hx711", msg("no GPIO, so the HX711s cannot be read"))
        elif profile is None:
            yield skip("hx711", msg("no scale profile to read them with (see calibration)"))
        else:
            yield from check_hx711(m, profile)
        yield check_camera(m)
    yield from calibration
    yield check_disk(m)
    yield check_language(m)
    yield from check_journals(m)
    yield dashboard


def cmd_doctor(args: argparse.Namespace) -> int:
    from . import settings
    from .devices.backends import requested_backend

    try:
        backend = requested_backend(args.backend)
    except ValueError as e:
        print(f"companion doctor: {e}")
        return EXIT_USAGE
    m = Machine(
        settings.state_dir(args.state_dir),
        profile=args.profile,
        backend=backend,
        seconds=args.seconds,
        url=args.url,
    )
    return report(run_checks(m), m)


def report_language(m: Machine) -> str:
    """The language the report is written in: the table's; English when it is set
    wrongly (the language check says so)."""
    from .i18n.language import LanguageError, table_language

    try:
        return table_language(None, state_dir=m.state_dir, environ=m.environ)
    except LanguageError:
        return "en"


def report(verdicts, m: Machine, out=print, lang: str | None = None) -> int:
    """Print each verdict in the table's language (``lang``, else ``report_language``)."""
    from .i18n.catalogues import render

    lang = lang or report_language(m)
    failed = warned = 0
    for v in verdicts:
        for line in v.lines(lang):
            out(line)
        failed += v.status == FAIL
        warned += v.status == WARN
    for note in m.notes:
        out(f"note  {note}")
    if failed:
        end = msg(
            "{failed} check(s) FAILED, {warned} warning(s): fix the FAIL lines first",
            failed=failed,
            warned=warned,
        )
    else:
        end = msg("all good ({warned} warning(s))", warned=warned) if warned else msg("all good")
    out(render(end, lang))
    return EXIT_PROBLEM if failed else EXIT_OK


def _options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--state-dir", help="the companion's state directory (journals)")
    p.add_argument("--profile", help="scale profile: a .toml file or a name (default: default)")
    p.add_argument(
        "--backend",
        choices=BACKEND_CHOICES,
        help="devices: real, simulated, or auto (default: $COMPANION_BACKEND, else auto)",
    )
    p.add_argument(
        "--seconds", type=float, default=10.0, help="seconds to listen to the cells (default 10)"
    )
    p.add_argument("--url", default="http://127.0.0.1:8000/", help="the dashboard to reach")


def register(commands, *, calibrate, doctor) -> None:
    """``companion doctor`` with no sub-command, and ``companion doctor all``."""
    parent = commands.choices["doctor"]
    _options(parent)
    parent.set_defaults(func=cmd_doctor)
    a = doctor.add_parser(
        "all",
        help="every check: GPIO, HX711s, camera, calibration, disk,"
        " journals, dashboard (the default)",
    )
    _options(a)
    a.set_defaults(func=cmd_doctor)
