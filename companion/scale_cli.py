"""Commands for scale sensing: `record scale`, `sense`, `calibrate scale`, `doctor scale`.

Exit status: 0 success; 1 ``doctor`` found a problem; 2 bad usage, an unreadable file
or a bad profile; 3 a malformed recording (``line N: reason`` on stderr).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from .devices.backends import CHOICES as BACKEND_CHOICES
from .errors import CompanionError, DeviceError, reason
from .i18n.catalogues import render
from .i18n.message import msg, nmsg, reason_of, term
from .i18n.numbers import number_format
from .i18n.sensed import sensed
from .profile import ProfileError, ScaleProfile, load_profile, profile_to_toml
from .sensing.scale_recording import MalformedRecording, RawSample, read_recording

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE, EXIT_RECORDING = 0, 1, 2, 3


def _err(message: str) -> None:
    print(message, file=sys.stderr)


def _profile(args, fallback: str | None = None) -> ScaleProfile:
    return load_profile(args.profile or fallback)


def _open_cells(args, profile: ScaleProfile):
    from .devices.backends import requested_backend
    from .devices.load_cells import open_load_cells

    return open_load_cells(
        profile,
        requested=requested_backend(args.backend),
        announce=lambda m: _err(f"companion: {m}"),
        realtime=False,  # the simulation runs as fast as it can; real cells at their pace
        seed=args.seed,
        driver=args.hx711_driver,
    )


def _capture(cells, seconds: float, *, settle_s: float = 0.0) -> list[RawSample]:
    """Samples over ``seconds`` of the cells' own clock (after ``settle_s`` discarded).

    Raises ``DeviceError`` when the cells stay silent for 3 s of wall time (every HX711
    unplugged, say), rather than waiting for ever."""
    out: list[RawSample] = []
    start = None
    silent_since = time.monotonic()
    while True:
        batch = cells.read(timeout_s=1.0)
        if not batch:
            if time.monotonic() - silent_since > 3.0:
                why = getattr(getattr(cells, "thread", None), "last_error", None)
                raise DeviceError(
                    "no samples from the load cells for 3 s" + (f": {why}" if why else "")
                )
            continue
        silent_since = time.monotonic()
        if start is None:
            start = batch[0].t_mono
        out.extend(s for s in batch if s.t_mono - start >= settle_s)
        if batch[-1].t_mono - start >= settle_s + seconds:
            return [s for s in out if s.t_mono - start <= settle_s + seconds]


# -- record scale ----------------------------------------------------------------------


def _signal(noise: str | None, rate_sps: int):
    """The simulated cells' noise: a named profile, or grams a cell on every sample."""
    from .devices.scale_sim import NOISE_PROFILES, SignalModel

    if noise is None:
        return None
    if noise in NOISE_PROFILES:
        return SignalModel.named(noise)
    try:
        grams = float(noise)
    except ValueError:
        known = ", ".join(NOISE_PROFILES)
        raise ValueError(
            f"--noise {noise!r}: give grams a cell (e.g. 1.5) or a profile ({known})"
        ) from None
    if not 0 <= grams <= 100 or grams != grams:
        raise ValueError(f"--noise {noise!r}: grams a cell from 0 to 100")
    return SignalModel.per_sample(grams, rate_sps)


def cmd_record_scale(args: argparse.Namespace) -> int:
    from .sensing.scale_recording import write_recording

    try:
        profile = _profile(args)
        if args.simulate_round is not None:
            from .devices.scale_scenarios import random_round

            signal = _signal(args.noise, args.rate)
            session = random_round(profile, args.simulate_round, rate_sps=args.rate,
                                   signal=signal)  # fmt: skip
            samples, notches = session.samples, session.notches
            note = f"simulated random round, seed {args.simulate_round}, {args.rate} samples/s"
            if args.noise is not None:
                note += f", noise {args.noise}"
        else:
            cells = _open_cells(args, profile)
            try:
                samples = _capture(cells, args.seconds)
            finally:
                cells.close()
            notches, note = [], f"{'simulated' if cells.simulated else 'live'} load cells"
        with Path(args.output).open("w", encoding="utf-8", newline="") as f:
            n = write_recording(f, samples, profile=profile.name, notes=[note], notches=notches)
    except (OSError, CompanionError, ValueError) as e:
        _err(f"companion record scale: {reason(e)}")
        return EXIT_USAGE
    span = samples[-1].t_mono - samples[0].t_mono if samples else 0.0
    wrote = nmsg("wrote {n} sample ({span:.1f} s) to {path}",
                 "wrote {n} samples ({span:.1f} s) to {path}", n, n=n, span=span,
                 path=args.output)  # fmt: skip
    print(render(wrote, _language(args)))
    return EXIT_OK


# -- sense ----------------------------------------------------------------------------------


def cmd_sense(args: argparse.Namespace) -> int:
    from .sensing.scale_replay import observation_to_json, sense_recording

    try:
        recording = read_recording(args.recording)
    except MalformedRecording as e:
        _err(f"{args.recording}: {e}")
        return EXIT_RECORDING
    except OSError as e:
        said = msg("cannot read {path}: {reason}", path=args.recording, reason=reason(e))
        _err(f"companion sense: {render(said, _language(args))}")
        return EXIT_USAGE
    try:
        profile = _profile(args, recording.profile if _known(recording.profile) else None)
    except ProfileError as e:
        _err(f"companion sense: {e}")
        return EXIT_USAGE
    for obs in sense_recording(recording, profile):
        record = observation_to_json(obs)
        if args.json:
            print(json.dumps(record, ensure_ascii=False))
        else:
            fields = ", ".join(f"{k} {v}" for k, v in record.items() if k not in ("t", "type"))
            print(f"{record['t']:9.3f}  {record['type']:<9} {fields}".rstrip())
    return EXIT_OK


def _known(name: str | None) -> bool:
    if not name:
        return False
    try:
        load_profile(name)
    except ProfileError:
        return False
    return True


# -- doctor scale --------------------------------------------------------------------------


def cmd_doctor_scale(args: argparse.Namespace) -> int:
    from .sensing.scale_stats import channel_stats

    lang = _language(args)
    try:
        profile = _profile(args)
        cells = _open_cells(args, profile)
    except (CompanionError, ValueError) as e:
        _err(f"companion doctor scale: {e}")
        return EXIT_USAGE
    kind = msg("simulated") if cells.simulated else "HX711"
    try:
        samples = _capture(cells, args.seconds)
    except DeviceError as e:
        _err(f"companion doctor scale: {e}")
        return EXIT_PROBLEM
    finally:
        cells.close()
    stats = channel_stats(samples, profile)
    for line in scale_report(stats, profile, kind=kind, seconds=args.seconds, lang=lang):
        print(line)
    problems = _scale_problems(stats, profile)
    return EXIT_PROBLEM if problems else EXIT_OK


#: The verdict words of ``scale_stats.judge_noise``, said in a sentence.
_VERDICTS = {
    "ok": term("scale verdict", "ok"),
    "slow": term("scale verdict", "slow"),
    "too noisy": term("scale verdict", "too noisy"),
    "unknown": term("scale verdict", "unknown"),
}


def scale_report(stats, profile: ScaleProfile, *, kind, seconds: float, lang: str) -> list[str]:
    """The lines of `companion doctor scale` in ``lang``: the channels' table (rate in
    samples/s, noise in g, glitches, drift in g/min, mean and wander in g), the noise
    verdict, the problems (``PROBLEM ...``) or the all-clear (``OK: ...``)."""
    from babel import Locale
    from babel.numbers import format_percent

    fmt = number_format(lang)
    # the language's percent ("10,0 %", "10.0%") with one decimal place
    percent = Locale.parse(lang).percent_formats[None].pattern.replace("#,##0", "#,##0.0", 1)

    def num(x: float, digits: int) -> str:
        return "-" if math.isnan(x) else fmt(x, f".{digits}f")

    def say(m) -> str:
        return render(m, lang)

    out = [say(msg("Load cells ({kind}), {seconds:g} s, profile {name!r}:", kind=kind,
                   seconds=seconds, name=profile.name))]  # fmt: skip
    heads = [say(h) for h in (msg("channel"), msg("rate/s"), msg("noise g"), msg("glitches"),
                              msg("drift g/min"), msg("mean g"), msg("wander g"))]  # fmt: skip
    out.append(f"  {heads[0]:<8} {heads[1]:>7} {heads[2]:>8} {heads[3]:>9} {heads[4]:>12}"
               f" {heads[5]:>9} {heads[6]:>9}")  # fmt: skip
    for ch, s in stats.items():
        glitch_rate = format_percent(s.glitches / s.samples if s.samples else 0.0,
                                     format=percent, locale=lang)  # fmt: skip
        out.append(f"  {say(_channel(ch)):<8} {num(s.rate_sps, 1):>7} {num(s.noise_g, 2):>8}"
                   f" {s.glitches:>4} ({glitch_rate}) {num(s.drift_g_per_min, 2):>12}"
                   f" {num(s.mean_g, 1):>9} {num(s.wander_g, 2):>9}")  # fmt: skip
    out.append(say(msg("  configured: {rate} samples/s per channel", rate=profile.rate_sps)))
    verdict = _noise_verdict(stats, profile)
    if verdict is not None:
        out.append(say(msg(
            "  sum of the cells: noise {noise:.2f} g; masses {resolution:.1f} g apart told"
            " apart; a stone named after {decide:.2f} s of rest",
            noise=verdict.total_noise_g, resolution=verdict.resolution_g,
            decide=verdict.decide_s)))  # fmt: skip
        word = _VERDICTS.get(verdict.verdict, verdict.verdict)
        out.append(
            say(msg("SCALE {verdict}: {advice}", verdict=word, advice=sensed(verdict.advice)))
        )
    problems = _scale_problems(stats, profile, verdict)
    out += [say(msg("PROBLEM {problem}", problem=p)) for p in problems]
    if not problems:
        out.append(say(msg("OK: every channel samples at its rate, quietly, without drift")))
    return out


def _channel(ch: str):
    """A load cell's name in the channels' table (``wedge``, ``left``, ``right``)."""
    return _CHANNELS.get(ch, ch)


#: The load cells' names as the table heads them.
_CHANNELS = {
    "wedge": term("channel", "wedge"),
    "left": term("channel", "left"),
    "right": term("channel", "right"),
}


def _scale_problems(stats, profile: ScaleProfile, verdict=None) -> list:
    """Every problem found, as messages: ``channel: found: fix``, then the scale's noise."""
    problems = []
    for ch, s in stats.items():
        problems += [msg("{channel}: {found}: {fix}", channel=_channel(ch), found=found, fix=fix)
                     for found, fix in _diagnose(s, profile)]  # fmt: skip
    if verdict is None:
        verdict = _noise_verdict(stats, profile)
    if verdict is not None and verdict.verdict == "too noisy":
        problems.append(msg("scale: {advice}", advice=sensed(verdict.advice)))
    return problems


def _noise_verdict(stats, profile: ScaleProfile):
    """What the measured noise allows the sensing (``scale_stats.judge_noise``), or None
    when a channel gave too few readings to measure it."""
    from .sensing.scale_stats import judge_noise

    noise = {ch: s.noise_g for ch, s in stats.items()}
    if any(math.isnan(x) for x in noise.values()):
        return None
    # the slower noise counts too, where it is more (as the sensing takes it)
    noise = {ch: max(x, stats[ch].wander_g) if not math.isnan(stats[ch].wander_g) else x
             for ch, x in noise.items()}  # fmt: skip
    return judge_noise(noise, profile)


def _diagnose(s, profile: ScaleProfile) -> list[tuple[str, str]]:
    """What is wrong with one channel's statistics: (what was found, the fix) pairs."""
    if s.samples == 0:
        return [
            (
                msg("no samples"),
                msg("the HX711 is unplugged, unpowered or on another GPIO pin"),
            )
        ]
    out = []
    if s.saturated:
        found = msg("{n} saturated readings", n=s.saturated)
        out.append((found, msg("a broken cell wire, or overload")))
    if not math.isnan(s.rate_sps) and s.rate_sps < 0.8 * profile.rate_sps:
        found = msg(
            "{rate:.1f} samples/s, configured {configured}",
            rate=s.rate_sps,
            configured=profile.rate_sps,
        )
        out.append((found, msg("check the HX711's RATE pin (high: 80/s, low: 10/s)")))
    if not math.isnan(s.noise_g) and s.noise_g > 1.0:
        found = msg("{noise:.2f} g of noise (expect under 1 g)", noise=s.noise_g)
        out.append((found, msg("shield or shorten the cell's cable, check the connector")))
    if s.glitches > 0.02 * s.samples:
        found = msg("{n} glitches in {samples} samples", n=s.glitches, samples=s.samples)
        fix = msg("shorten the wires between the Pi and the HX711, or lower the system load")
        out.append((found, fix))
    if not math.isnan(s.drift_g_per_min) and abs(s.drift_g_per_min) > 2.0:
        found = msg("drifts {drift:+.2f} g/min", drift=s.drift_g_per_min)
        out.append((found, msg("let it warm up, keep it out of the sun and drafts")))
    return out


# -- calibrate scale ---------------------------------------------------------------------


def cmd_calibrate_scale(args: argparse.Namespace) -> int:
    from .devices.scale_calibration import Calibration, CalibrationAborted

    try:
        base = _profile(args)
        out = Path(args.out) if args.out else _default_out(args.name)
        cells = _open_cells(args, base)
    except (CompanionError, ValueError) as e:
        _err(f"companion calibrate scale: {e}")
        return EXIT_USAGE
    lang = _language(args)
    if cells.simulated:
        from .devices.scale_sim_operator import SimulatedOperator

        operator = SimulatedOperator(cells.sim, reference_g=args.reference_g)
        ask = operator.ask
        print("(The simulation plays the operator: each prompt is answered by acting on it.)")
    else:
        ask = lambda prompt: _ask_terminal(render(prompt, lang))  # noqa: E731
    calibration = Calibration(
        base,
        measure=lambda s: _capture(cells, s, settle_s=0.5),
        ask=ask,
        say=lambda line: print(render(line, lang)),
        reference_g=args.reference_g,
        name=args.name,
    )
    try:
        profile = calibration.run()
    except (CalibrationAborted, DeviceError) as e:
        _err(f"companion calibrate scale: {render(reason_of(e), lang)}; nothing written")
        return EXIT_PROBLEM
    finally:
        cells.close()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(profile_to_toml(profile, comment=_comment(base)), encoding="utf-8")
    except OSError as e:
        _err(f"companion calibrate scale: cannot write {out}: {reason(e)}; use --out PATH")
        return EXIT_USAGE
    print(f"wrote the profile {profile.name!r} to {out}; use it with --profile {out}")
    return EXIT_OK


def _default_out(name: str) -> Path:
    from .paths import data_dir

    try:
        return data_dir("calibration") / f"scale-{name}.toml"
    except FileNotFoundError:
        return Path("calibration") / f"scale-{name}.toml"


def _comment(base: ScaleProfile) -> str:
    return (
        "Table Companion scale profile, written by `companion calibrate scale`\n"
        f"(pad positions and notches taken from the profile {base.name!r})."
    )


def _language(args: argparse.Namespace) -> str:
    """The table's language for the calibration's prompts (COMPANION_LANG, the settings
    file, the system locale); English when it is set wrongly (the doctor says so)."""
    from . import settings
    from .i18n.language import LanguageError, table_language

    try:
        state_dir = settings.state_dir(getattr(args, "state_dir", None))
        return table_language(getattr(args, "lang", None), state_dir=state_dir)
    except (LanguageError, OSError, ValueError):
        return "en"


def _ask_terminal(prompt: str) -> str:
    try:
        return input(f"{prompt} [Enter; q quits] ")
    except EOFError:
        return "q"


# -- registration ----------------------------------------------------------------------------


def _device_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--profile", help="scale profile: a .toml file or a name (default: default)")
    p.add_argument(
        "--backend",
        choices=BACKEND_CHOICES,
        help="real HX711s, the simulation, or auto (default: $COMPANION_BACKEND, else"
        " auto: real, else an announced simulation)",
    )
    p.add_argument("--seed", type=int, default=0, help="the simulation's seed (default 0)")
    p.add_argument(
        "--hx711-driver",
        choices=("ours", "pypi"),
        default="ours",
        help="our HX711 driver (default) or the PyPI hx711 package (docs/hardware.md)",
    )


def register(
    commands: argparse._SubParsersAction,
    *,
    calibrate: argparse._SubParsersAction,
    doctor: argparse._SubParsersAction,
) -> None:
    """Add this module's commands to the ``companion`` parser."""
    rec = commands.add_parser("record", help="record raw sensor samples to a file")
    what = rec.add_subparsers(dest="what", required=True, metavar="WHAT")
    r = what.add_parser("scale", help="write the load cells' raw samples (spec/scale.md CSV)")
    r.add_argument("output", metavar="OUT.csv", help="the CSV file to write")
    r.add_argument("--seconds", type=float, default=10.0, help="how long (default 10)")
    r.add_argument("--simulate-round", type=int, metavar="SEED",
                   help="record a seeded random round on the simulated scale instead")  # fmt: skip
    r.add_argument("--rate", type=int, choices=(10, 80), default=80,
                   help="samples/s of a simulated round (default 80)")  # fmt: skip
    r.add_argument("--noise", metavar="G|PROFILE",
                   help="a simulated round's noise: grams a cell on every sample (e.g. 1.5),"
                        " or a profile (reference, coffee-pot)")  # fmt: skip
    _device_options(r)
    r.set_defaults(func=cmd_record_scale)

    s = commands.add_parser("sense", help="run a scale recording through sensing")
    s.add_argument("recording", metavar="RECORDING.csv", help="a recording (spec/scale.md CSV)")
    s.add_argument("--profile", help="scale profile (default: the recording's, else default)")
    s.add_argument("--json", action="store_true", help="observations as JSON Lines")
    s.set_defaults(func=cmd_sense)

    c = calibrate.add_parser("scale", help="guided calibration of the scale (writes a profile)")
    c.add_argument("--reference-g", type=float, default=200.0,
                   help="the known reference mass in grams (default 200)")  # fmt: skip
    c.add_argument("--name", default="calibrated", help="the new profile's name")
    c.add_argument("--out", help="file to write (default: calibration/scale-NAME.toml)")
    _device_options(c)
    c.set_defaults(func=cmd_calibrate_scale)

    d = doctor.add_parser("scale", help="check the load cells: rate, noise, glitches, drift")
    d.add_argument("--seconds", type=float, default=10.0, help="how long to listen (default 10)")
    _device_options(d)
    d.set_defaults(func=cmd_doctor_scale)
