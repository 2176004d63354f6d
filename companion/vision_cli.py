"""Commands for vision: `see`, `markers`, `calibrate colours`, `doctor camera`.

``companion see IMAGE... --layout NAME [--colours FILE] [--json] [--debug DIR]`` reads
each image: the markers found, the board pose, and every cell's label and confidence.
``--video FILE`` or ``--camera`` read a stream instead and also report the changes that
became stable. ``--grid 19x19 --corners "x,y x,y x,y x,y"`` reads a plain grid of
points (a Go board) located by hand.

Exit status: 0 every frame read; 2 bad usage, an unreadable file or no camera; 4 the
board was not found in at least one frame (the JSON says why).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import reason as _reason
from .i18n.catalogues import render
from .i18n.message import commas, msg, nmsg, reason_of, term
from .i18n.terminal import command_language, say

EXIT_OK, EXIT_USAGE, EXIT_NO_BOARD = 0, 2, 4


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _err(cmd: str, message: str) -> int:
    print(f"companion {cmd}: {message}", file=sys.stderr)
    return EXIT_USAGE


def default_colour_profile(layout_name: str) -> Path | None:
    """``calibration/colours-LAYOUT.toml`` if ``companion calibrate colours`` wrote it."""
    from .paths import data_dir

    try:
        p = data_dir("calibration") / f"colours-{layout_name}.toml"
    except FileNotFoundError:
        return None
    return p if p.is_file() else None


def _layout_and_reader(args):
    """(layout, reader) from the arguments; raises ValueError with a message for people."""
    from .sensing.vision.calibrate import load_model
    from .sensing.vision.layout import grid_layout, load_layout, parse_grid
    from .sensing.vision.pose import parse_corners
    from .sensing.vision.reader import BoardReader

    if bool(args.layout) == bool(args.grid):
        raise ValueError(msg("give exactly one of --layout NAME and --grid COLSxROWS"))
    layout = load_layout(args.layout) if args.layout else grid_layout(*parse_grid(args.grid))
    if layout.mats:
        raise ValueError(
            msg(
                "{layout} is a table of {n} card mats: read it with --deck DECK_DIR",
                layout=layout.name,
                n=len(layout.mats),
            )
        )
    corners = parse_corners(args.corners) if args.corners else None
    if args.grid and corners is None:
        raise ValueError(msg("a grid has no markers: give its corners with --corners"))
    profile = Path(args.colours) if args.colours else default_colour_profile(layout.name)
    model = load_model(profile, layout) if profile else None
    return layout, BoardReader(layout, model, corners_px=corners)


#: The fields of a cell's change, as ``companion see`` says it.
_CHANGE = ("cell", "before", "after")


def _frame_json(name: str, reading) -> dict:
    return {"image": name, **reading.to_json()}


def frame_source(args: argparse.Namespace, *, simulated):
    """The frames ``companion see`` reads: the images given, ``--video``, else the camera
    (``simulated``: the stand-in when no camera is there, announced on stderr)."""
    from .devices.frames import ImageDirectorySource, VideoFileSource, open_camera

    if args.images:
        return ImageDirectorySource(args.images)
    if args.video:
        return VideoFileSource(args.video)
    return open_camera(
        simulated=simulated, announce=lambda m: print(f"companion see: {m}", file=sys.stderr)
    )


def cmd_see(args: argparse.Namespace) -> int:
    from .devices.frames import frames
    from .errors import DeviceError
    from .sensing.observations import CellsChanged
    from .sensing.vision.changes import ChangeTracker
    from .sensing.vision.debug import debug_image
    from .sensing.vision.ring_memory import RingMemory

    if args.deck:
        from .cards_cli import cmd_see_cards

        return cmd_see_cards(args)
    try:
        layout, reader = _layout_and_reader(args)
    except (OSError, ValueError) as e:
        return _err("see", say(args, reason_of(e)))
    sources = sum(bool(x) for x in (args.images, args.video, args.camera))
    if sources != 1:
        one = msg("give images, or --video FILE, or --camera (one of them)")
        return _err("see", say(args, one))
    stream = not args.images
    try:
        source = frame_source(args, simulated=lambda: _simulated_table(layout, args.frames))
    except DeviceError as e:
        return _err("see", say(args, reason_of(e)))
    debug = Path(args.debug) if args.debug else None
    if debug:
        debug.mkdir(parents=True, exist_ok=True)
    tracker = ChangeTracker(layout) if stream else None
    if stream:
        reader.memory = RingMemory()
    lost = 0
    import cv2

    try:
        for frame in frames(source):
            if args.camera and frame.index >= args.frames:
                break
            reading = reader.read(frame.image)
            lost += not reading.ok
            if args.json:
                print(_dumps({"t": round(frame.t_mono, 3), **_frame_json(frame.name, reading)}))
            else:
                _print_text(frame.name, reading, layout, args)
            if tracker is not None:
                obs = tracker.update(reading, frame.t_mono)
                if isinstance(obs, CellsChanged):
                    changes = [
                        {
                            "cell": c.cell,
                            "before": c.before,
                            "after": c.after,
                            "confidence": c.confidence,
                        }
                        for c in obs.changes
                    ]
                    if args.json:
                        print(
                            _dumps(
                                {"t": round(obs.t_mono, 3), "type": "changed", "changes": changes}
                            )
                        )
                    else:
                        each = commas(
                            msg("{cell} {before} -> {after}", **{k: c[k] for k in _CHANGE})
                            for c in changes
                        )
                        print(say(args, msg("  changed: {changes}", changes=each)))
                elif obs is not None:
                    if args.json:
                        print(
                            _dumps(
                                {"t": round(obs.t_mono, 3), "type": "lost", "reason": obs.reason}
                            )
                        )
                    else:
                        print(say(args, msg("  board lost: {reason}", reason=obs.reason)))
            if debug:
                stem = Path(frame.name.replace("#", "_")).stem
                cv2.imwrite(str(debug / f"{stem}.png"), debug_image(frame.image, reading, layout))
    except DeviceError as e:
        return _err("see", say(args, reason_of(e)))
    for name, reason in getattr(source, "skipped", []):
        skipped = msg("skipped {name}: {reason}", name=name, reason=reason)
        print(f"companion see: {say(args, skipped)}", file=sys.stderr)
        if args.json:
            print(_dumps({"image": name, "status": f"unreadable frame: {reason}"}))
        lost += 1
    return EXIT_NO_BOARD if lost else EXIT_OK


#: What a board cell reads, as ``see`` says it: the layouts' piece labels (a colour, a
#: card's face or back, a stone), ``empty`` and ``unknown``; ``--json`` keeps the labels.
CELL_LABELS = {
    "empty": term("board cell", "empty"),
    "unknown": term("board cell", "unknown"),
    "back": term("board cell", "back"),
    "face": term("board cell", "face"),
    "stone": term("board cell", "stone"),
    "fate": term("board cell", "fate"),
    "discs": term("board cell", "discs"),
    "red": term("colour", "red"),
    "yellow": term("colour", "yellow"),
    "green": term("colour", "green"),
    "blue": term("colour", "blue"),
    "orange": term("colour", "orange"),
    "purple": term("colour", "purple"),
    "white": term("colour", "white"),
    "black": term("colour", "black"),
}
#: Where the white balance came from (``ColourModel.gains``), as ``see`` says it.
BALANCES = {
    "surface": term("white balance", "surface"),
    "none": term("white balance", "none"),
    "neutral patch": term("white balance", "neutral patch"),
    "mat": term("white balance", "mat"),
}
#: A frame's status "ok" (the others are the reader's own sentences, messages already).
STATUS_OK = msg("ok")


def cell_label(label: str, lang: str) -> str:
    """A cell's label in ``lang`` (a label of no shipped layout stays as it is)."""
    return render(CELL_LABELS.get(label, label), lang)


def _print_text(name: str, reading, layout, args) -> None:
    lang = command_language(args)
    status = STATUS_OK if reading.ok else reading.status
    print(f"{name}: {render(status, lang)}")
    if not reading.ok:
        return
    pose = reading.pose
    markers = ", ".join(str(m.id) for m in reading.markers) or msg("none (corners given)")
    said = msg(
        "  markers {markers}; misfit {misfit:.1f} mm; white balance: {balance}",
        markers=markers,
        misfit=pose.misfit_mm,
        balance=BALANCES.get(reading.white_balance, reading.white_balance),
    )
    print(say(args, said))
    if layout.cells and layout.cells[0].shape == "point":  # a grid: one text row per row
        marks = {"empty": ".", "black": "X", "white": "O"}
        rows: dict[str, list[str]] = {}
        for c in layout.cells:
            row = c.id.split("-")[1]
            r = reading.cells[c.id]
            rows.setdefault(row, []).append("#" if r.occluded else marks.get(r.label, "?"))
        for row, marks_row in rows.items():
            print(f"  {row:>3} {' '.join(marks_row)}")
        return
    covered = render(msg("(covered)"), lang)
    for region, ids in layout.regions.items():
        said = {
            i: covered if reading.cells[i].occluded else cell_label(reading.cells[i].label, lang)
            for i in ids
        }
        cells = "  ".join(f"{i} {said[i]}" for i in ids)
        print(f"  {region}: {cells}")


def _simulated_table(layout, n_frames: int):
    import numpy as np

    from .devices.frames import SyntheticSource
    from .devices.scenes import random_scene

    rng = np.random.default_rng(0)
    scene = random_scene(layout, rng, hands=0)
    return SyntheticSource(iter([scene] * n_frames), seed=0)


def cmd_markers(args: argparse.Namespace) -> int:
    from .sensing.vision.layout import layout_names, load_layout, table_names
    from .sensing.vision.sheet import mat_svg

    names = layout_names() + table_names() if args.game == "all" else [args.game]
    if args.output:
        folder = Path(args.output)
    else:
        from .paths import data_dir

        try:
            folder = data_dir("hardware") / "markers"
        except FileNotFoundError:
            folder = Path("markers")
    mats = []
    for name in names:
        try:
            table = load_layout(name)
        except ValueError as e:
            return _err("markers", say(args, reason_of(e)))
        mats += table.mats or [table]  # a table of mats (hilo-5): a sheet per mat
    mats = list({m.name: m for m in mats}.values())  # a player's mat is at every table size
    for layout in mats:
        out = folder / f"{layout.name}.svg"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            out.write_text(mat_svg(layout), encoding="utf-8")
        except OSError as e:
            said = msg("cannot write {path}: {reason}; use -o FOLDER", path=str(out),
                       reason=_reason(e))  # fmt: skip
            return _err("markers", say(args, said))
        w, h = layout.size_mm
        ids = ", ".join(str(m.id) for m in layout.markers)
        wrote = msg(
            "wrote {path}: {title}, {w:.0f} x {h:.0f} mm, ArUco 4x4 markers {ids}; print at 100 %",
            path=str(out),
            title=layout.title,
            w=w,
            h=h,
            ids=ids,
        )
        print(say(args, wrote))
    return EXIT_OK


def cmd_calibrate_colours(args: argparse.Namespace) -> int:
    from .devices.frames import read_image
    from .errors import DeviceError
    from .sensing.vision.calibrate import calibrate, save_model
    from .sensing.vision.layout import load_layout
    from .sensing.vision.pose import PoseError

    try:
        layout = load_layout(args.layout)
        if args.camera:
            if args.empty or args.laid:
                said = msg("give either --camera or photos, not both")
                return _err("calibrate colours", say(args, said))
            lang = command_language(args)
            empty, laid = _capture_setup(layout, ask=lambda p: input(render(p, lang)))
        else:
            if not args.empty or not args.laid:
                said = msg("give --camera (guided, live), or --empty IMAGE and LABEL=IMAGE photos")
                return _err("calibrate colours", say(args, said))
            empty = [read_image(p) for p in args.empty]
            laid = []
            for item in args.laid:
                label, sep, path = item.partition("=")
                if not sep:
                    said = msg("{item!r}: give LABEL=IMAGE, e.g. red=red.jpg", item=item)
                    return _err("calibrate colours", say(args, said))
                laid.append((read_image(path), label))
        model, used = calibrate(layout, empty, laid)
    except (DeviceError, PoseError, ValueError) as e:
        return _err("calibrate colours", say(args, reason_of(e)))
    if args.output:
        out = Path(args.output)
    else:
        from .paths import data_dir

        try:
            out = data_dir("calibration") / f"colours-{layout.name}.toml"
        except FileNotFoundError:
            out = Path(f"colours-{layout.name}.toml")
    note = f"from {len(empty)} empty frame(s) and {len(laid)} laid frame(s)"
    try:
        save_model(model, out, note=note)
    except OSError as e:
        said = msg("cannot write {path}: {reason}; use -o PATH", path=str(out), reason=_reason(e))
        return _err("calibrate colours", say(args, said))
    for label, cells in used.items():
        shown = ", ".join(cells[:6]) + (", ..." if len(cells) > 6 else "")
        said = nmsg("  {label}: {n} sample ({cells})", "  {label}: {n} samples ({cells})",
                    len(cells), label=label, n=len(cells), cells=shown)  # fmt: skip
        print(say(args, said))
    print(say(args, msg("wrote {path}", path=str(out))))
    return EXIT_OK


def _open_live_camera():
    """The real camera, no fallback: calibrating on simulated frames would be meaningless."""
    from .devices.backends import REAL
    from .devices.frames import open_camera

    return open_camera(requested=REAL, simulated=lambda: None)


def _capture_setup(layout, *, ask=None, settle_frames: int = 5):
    """Guided setup at the table: the empty board, then each colour laid down once.
    Returns (empty frames, [(frame, label)]) for ``calibrate``."""
    from .errors import DeviceError

    ask = ask or input  # looked up now: a test (or a GUI) may replace it
    camera = _open_live_camera()

    def grab(prompt: str):
        ask(msg("{prompt}, keep hands away, then press Enter ", prompt=prompt))
        frame = None
        for _ in range(settle_frames):  # the newest of a few: exposure and hands settled
            got = camera.read()
            frame = got if got is not None else frame
        if frame is None:
            raise DeviceError(
                msg("the camera gave no frame: check its cable and `companion doctor camera`")
            )
        return frame.image

    try:
        empty = [grab(msg("Clear the board"))]
        laid = [(grab(msg("Lay {label} pieces on a few cells", label=label)), label)
                for label in layout.pieces]  # fmt: skip
    finally:
        camera.close()
    return empty, laid


def cmd_doctor_camera(args: argparse.Namespace) -> int:
    from .devices.frames import Picamera2Source
    from .errors import DeviceError

    try:
        cam = Picamera2Source(warmup_s=1.0)
    except DeviceError as e:
        print(say(args, msg("camera: not available: {reason}", reason=reason_of(e))))
        fix = msg("  fix: on a Raspberry Pi, `sudo apt install python3-picamera2` and check the"
                  " ribbon cable;")  # fmt: skip
        print(say(args, fix))
        elsewhere = msg(
            "  elsewhere, `companion see --camera` uses the simulated table (and says so)."
        )
        print(say(args, elsewhere))
        return 1
    try:
        frame = cam.read()
        missing = "" if frame is not None else msg("it gave none")
    except DeviceError as e:
        frame, missing = None, str(e)
    finally:
        cam.close()
    if frame is None:
        said = msg("camera: opens ({camera}) but no frame comes: {why}", camera=cam.description,
                   why=missing)  # fmt: skip
        print(say(args, said))
        print(say(args, msg("  fix: check the ribbon cable, then power the Pi off and on.")))
        return 1
    h, w = frame.image.shape[:2]
    said = msg("camera: ok, {camera}; a frame of {w}x{h} px", camera=cam.description, w=w, h=h)
    print(say(args, said))
    return EXIT_OK


def register(
    commands: argparse._SubParsersAction,
    *,
    calibrate: argparse._SubParsersAction,
    doctor: argparse._SubParsersAction,
) -> None:
    """Add this module's commands to the ``companion`` parser."""
    s = commands.add_parser("see", help="read a board from images, a video or the camera")
    s.add_argument("images", nargs="*", help="image files")
    s.add_argument("--layout", help="the board layout (hinkel-stein, stein-im-brett, ...)")
    s.add_argument("--grid", help="a plain grid of points instead, e.g. 19x19 (needs --corners)")
    s.add_argument("--corners", help='board corners in px, "x,y x,y x,y x,y" (TL TR BR BL)')
    s.add_argument("--colours", help="colour profile (default: calibration/colours-LAYOUT.toml)")
    s.add_argument("--json", action="store_true", help="one JSON object per frame")
    s.add_argument("--debug", metavar="DIR", help="write the rectified board, cells labelled")
    s.add_argument("--video", help="a video file instead of images")
    s.add_argument("--camera", action="store_true", help="the live camera (or the simulation)")
    s.add_argument("--frames", type=int, default=30, help="frames to read from the camera")
    s.add_argument("--deck", metavar="DECK_DIR", help="read the card slots with a registered deck")
    s.set_defaults(func=cmd_see)

    m = commands.add_parser("markers", help="write a printable mat with markers (SVG, 1:1)")
    m.add_argument("game", help="a layout name, or all")
    m.add_argument("-o", "--output", help="folder (default: hardware/markers/)")
    m.set_defaults(func=cmd_markers)

    c = calibrate.add_parser(
        "colours", help="train the colour model: empty board, each colour once"
    )
    c.add_argument("--layout", required=True)
    c.add_argument(
        "--camera",
        action="store_true",
        help="guided, with the live camera: the empty board, then each colour laid down once",
    )
    c.add_argument("--empty", action="append", metavar="IMAGE", help="a photo of the empty board")
    c.add_argument(
        "laid", nargs="*", metavar="LABEL=IMAGE", help="a photo with that colour laid down"
    )
    c.add_argument(
        "-o", "--output", help="profile to write (default: calibration/colours-LAYOUT.toml)"
    )
    c.set_defaults(func=cmd_calibrate_colours)

    from .cards_cli import register as register_cards

    register_cards(calibrate)

    d = doctor.add_parser("camera", help="check the camera")
    d.set_defaults(func=cmd_doctor_camera)
