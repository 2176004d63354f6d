"""``companion replay-session``, ``companion doctor pack``, and the ``--record`` wiring
of ``companion run`` and ``companion demo`` (docs/blackbox.md).

Exit status of ``replay-session``: 0 identical (or nothing to compare with), 1 the
replay differs from that evening's journal (the first difference is printed), 2 bad
input (no such folder, not a session, a bad CSV or start line).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import CompanionError, reason
from ..i18n.message import commas, msg, reason_of, semicolons
from ..i18n.terminal import say

EXIT_OK, EXIT_DIFFERENT, EXIT_USAGE = 0, 1, 2


def cmd_replay_session(args: argparse.Namespace) -> int:
    from .from_csv import session_from_csv
    from .replay import replay_session
    from .session import read_session

    try:
        if args.from_csv:
            if args.start is None:
                raise CompanionError(
                    msg("--from-csv needs --start START.json (the game's start line)")
                )
            target = session_from_csv(
                args.from_csv, args.start, Path(args.session) if args.session else None,
                profile=args.profile, video=args.video, video_offset_s=args.video_offset,
            )  # fmt: skip
            if not args.json:
                made = msg(
                    "made the session {session} from {csv}", session=str(target), csv=args.from_csv
                )
                print(say(args, made))
        elif args.session is None:
            raise CompanionError(
                msg("give a session folder (or --from-csv FILE --start START.json)")
            )
        else:
            target = args.session
        session = read_session(target)
        from ..cli import _decks

        result = replay_session(
            session, journals=Path(args.journals) if args.journals else None,
            vision=args.vision, decks=_decks(args.deck or []),
        )  # fmt: skip
    except (OSError, CompanionError, ValueError) as e:
        why = reason_of(e) if isinstance(e, CompanionError) else reason(e)
        print(f"companion replay-session: {say(args, why)}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        _print(result, lambda m: print(say(args, m)))
    return EXIT_DIFFERENT if result.verdict == "different" else EXIT_OK


def _print(r, out) -> None:
    """The replay's report, each line through ``out`` (a message or text: said in the
    table's language; the records and the journal's words stay as they are)."""

    def said(record: dict) -> str:
        return json.dumps(record, ensure_ascii=False)

    events = [(a["t"], 0, f"{a['kind']:6} {said(a['record'])}") for a in r.actions]
    for o in r.outs:
        text = semicolons(o["warnings"]) or msg("(no warnings)")
        asks = ", ".join(a.get("label") or a.get("type") or said(a) for a in o["asks"])
        if asks:
            text = msg("{warnings}; asks the tablet: {asks}", warnings=text, asks=asks)
        events.append((o["t"], 1, msg("warns  {text}", text=text)))
    for i in r.inputs:
        if i.get("error"):
            line = msg("tablet {input} (refused: {error})", input=i["input"], error=i["error"])
        else:
            line = msg("tablet {input}", input=i["input"])
        events.append((i["t"], 2, line))
    out(msg("{table:.1f} s of table, {n} samples", table=r.table_s, n=r.samples))
    for t, _, text in sorted(events, key=lambda e: (e[0], e[1])):
        out(msg("{t:10.3f} s  {text}", t=t, text=text))
    for note in r.sensing[:5]:
        out(msg("sensing differs: {note}", note=note))
    if r.vision is not None:
        _print_vision(r.vision, out)
    if r.torn:
        out(
            msg(
                "the recording ends torn ({files}): replayed up to its last whole line",
                files=commas(r.torn),
            )
        )
    if r.verdict == "identical":
        out(msg("identical: the replay recorded the journal's actions, warnings and questions"))
    elif r.verdict == "no journal":
        out(msg("no journal to compare with: the actions above are the replay's"))
    else:
        out(msg("different: {difference}", difference=r.difference))


def _print_vision(v, out) -> None:
    def said(obs: dict | None):
        if obs is None:
            return msg("nothing")
        changes = obs.get("changes")
        if changes is not None:
            return ", ".join(f"{c['cell']} {c['before']}->{c['after']}" for c in changes)
        return obs.get("type", "?")

    out(
        msg(
            "vision: {frames} frames read again ({files} JPEGs): {reread} camera observations,"
            " {live} live; {differ} differ",
            frames=v.frames,
            files=v.files,
            reread=v.reread,
            live=v.live,
            differ=v.count,
        )
    )
    for d in v.differences[:5]:
        out(
            msg(
                "vision differs: t={t:.3f} s, frames/{file}: the re-read saw {reread}; the live"
                " camera saw {live}",
                t=d["t"],
                file=d["file"],
                reread=said(d["reread"]),
                live=said(d["live"]),
            )
        )


def cmd_pack(args: argparse.Namespace) -> int:
    from .. import settings
    from .control import DEFAULT_STORE
    from .pack import pack

    state = settings.state_dir(args.state_dir)
    store = Path(args.recordings) if args.recordings else state / DEFAULT_STORE
    out = Path(args.output) if args.output else Path("companion-pack.tar.gz")
    try:
        manifest = pack(store, state, out)
    except (OSError, CompanionError, ValueError) as e:
        why = reason_of(e) if isinstance(e, CompanionError) else reason(e)
        print(f"companion doctor pack: {say(args, why)}", file=sys.stderr)
        return EXIT_USAGE
    left = commas(manifest["left_out_of_the_state_directory"]) or msg("nothing")
    packed = msg(
        "packed the session {session} ({n} files) into {out}",
        session=manifest["session"],
        n=len(manifest["files"]),
        out=str(out),
    )
    print(say(args, packed))
    print(say(args, msg("left out of the state directory: {left}", left=left)))
    return EXIT_OK


def add_record_options(parser: argparse.ArgumentParser) -> None:
    """``--record DIR`` and ``--record-max-mb`` for ``companion run`` and ``demo``."""
    parser.add_argument(
        "--record", metavar="DIR",
        help="keep a session recording in DIR (raw samples, frames, inputs: docs/blackbox.md)",
    )  # fmt: skip
    parser.add_argument(
        "--record-max-mb", type=float, default=2048,
        help="the recordings in DIR are kept under this size, oldest dropped (default 2048)",
    )  # fmt: skip


def register(commands, *, calibrate, doctor) -> None:
    """Add ``companion replay-session`` and ``companion doctor pack``."""
    r = commands.add_parser(
        "replay-session",
        help="replay a recorded session through the sensing, referee and engine; compare",
    )
    r.add_argument("session", nargs="?", help="a session folder, or a store of them (the newest)")
    r.add_argument("--json", action="store_true", help="one JSON object")
    r.add_argument("--journals", help="a folder holding that evening's journals")
    r.add_argument(
        "--vision", action="store_true",
        help="read the recorded camera frames again through the vision, in place of the"
        " camera's recorded observations; report where they differ",
    )  # fmt: skip
    r.add_argument(
        "--deck", action="append", metavar="DIR",
        help="with --vision: a registered card deck (as for 'companion run'; once per game)",
    )  # fmt: skip
    r.add_argument("--from-csv", metavar="FILE", help="make a session from a scale CSV first")
    r.add_argument("--start", metavar="START.json", help="with --from-csv: the game's start line")
    r.add_argument("--profile", help="with --from-csv: the scale profile (default: the CSV's)")
    r.add_argument(
        "--video", help="with --from-csv: a video of the table, read by the camera's vision"
    )
    r.add_argument(
        "--video-offset", type=float, default=0.0, metavar="S",
        help="with --video: the video's time 0 is S seconds on the CSV's clock (default 0)",
    )  # fmt: skip
    r.set_defaults(func=cmd_replay_session)
    p = doctor.add_parser("pack", help="the last session, journals, logs, versions in one archive")
    p.add_argument("-o", "--output", help="the archive to write (default companion-pack.tar.gz)")
    p.add_argument("--state-dir", help="the state directory (see docs/api.md)")
    p.add_argument("--recordings", help="the store of sessions (default STATE_DIR/recordings)")
    p.set_defaults(func=cmd_pack)


def recording_for_run(service, profile, args: argparse.Namespace):
    """The black box of ``companion run``: recording at once with ``--record DIR`` (or when
    the dashboard's switch was left on), else ready for the switch (``service.recording``).
    Its ``tap_scale``/``tap_camera`` go to ``table.open_scale``/``open_camera_loop``."""
    from .control import DEFAULT_STORE, RecordingControl, wanted
    from .recorder import SessionRecorder

    store = Path(args.record) if args.record else Path(service.state_dir) / DEFAULT_STORE
    from ..vision_cli import default_colour_profile

    recorder = SessionRecorder(store, source="run", max_bytes=int(args.record_max_mb * 1024**2))
    recorder.camera_colours = default_colour_profile  # what CameraLoop reads with
    control = RecordingControl(service, recorder, profile)
    service.recording = control  # the dashboard's settings find the switch here
    if args.record or wanted(Path(service.state_dir)):
        control.set(True, remember=False)
    return control
