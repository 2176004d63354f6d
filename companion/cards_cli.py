"""Commands for cards: ``calibrate cards DECK_DIR`` and ``see ... --deck DECK_DIR``.

``companion calibrate cards DECK_DIR`` registers a deck folder (``deck.toml``, one
picture per design, ``back.png``): what recognition needs is stored beside it as
``registered.npz``. ``--ready GAME`` first writes the game's ready deck (generated
pictures) into DECK_DIR. ``companion see IMAGE... --layout LAYOUT --deck DECK_DIR``
reads every card slot: label, card, confidence, occluded; with ``--video`` or
``--camera`` it also reports the cards that became stable.

``--camera`` registers card by card under the camera instead (``card_capture.py``): the
console says which card to show next; ``--video`` or ``--images`` give recorded frames.

Exit status: 0 done; 2 bad input (one line on stderr naming the file and what is
wrong); 3 ``--camera`` stopped before every card was taken (the frames ended or no card
came in ``--wait`` seconds), 130 Ctrl-C: what was taken is kept, run again to go on;
4 the board was not found in at least one frame.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from .i18n.message import commas, msg, nmsg, reason_of
from .i18n.terminal import say

EXIT_OK, EXIT_USAGE, EXIT_NO_BOARD = 0, 2, 4
#: ``--camera`` stopped before every card was taken (the frames ended, or Ctrl-C).
EXIT_INCOMPLETE, EXIT_INTERRUPTED = 3, 130


def _err(cmd: str, message: str) -> int:
    print(f"companion {cmd}: {message}", file=sys.stderr)
    return EXIT_USAGE


def cmd_calibrate_cards(args: argparse.Namespace) -> int:
    from .devices.card_art import READY_GAMES, write_ready_deck
    from .sensing.vision.deck import DeckError, register

    cmd = "calibrate cards"
    folder = Path(args.deck_dir)
    if (args.video or args.images) and not args.camera:
        said = msg("--video and --images go with --camera (register card by card)")
        return _err(cmd, say(args, said))
    if args.ready:
        if args.ready not in READY_GAMES:
            said = msg("no ready deck for {game!r}; ready: {ready}", game=args.ready,
                       ready=", ".join(READY_GAMES))  # fmt: skip
            return _err(cmd, say(args, said))
        try:
            if args.camera:
                _write_ready_deck_file(args.ready, folder)
            else:
                write_ready_deck(args.ready, folder)
        except OSError as e:
            return _err(cmd, f"cannot write the ready deck into {folder}: {e.strerror or e}")
    if args.camera:
        code = _capture(args, folder)
        if code != EXIT_OK:
            return code
    start = time.perf_counter()
    try:
        deck = register(folder)
    except DeckError as e:
        return _err(cmd, say(args, reason_of(e)))
    except OSError as e:
        return _err(cmd, f"{folder}: {e.strerror or e}")
    took = time.perf_counter() - start
    n = len(deck.designs)
    for w in deck.warnings:
        print(say(args, msg("  note: {note}", note=w)))
    if deck.provisional:
        said = msg("  note: this deck is marked provisional (check it against the printed cards)")
        print(say(args, said))
    registered = nmsg(
        "registered {deck}: {n} design and the back in {took:.2f} s; wrote {path}",
        "registered {deck}: {n} designs and the back in {took:.2f} s; wrote {path}",
        n,
        deck=deck.name,
        n=n,
        took=took,
        path=str(folder / "registered.npz"),
    )
    print(say(args, registered))
    return EXIT_OK


def _write_ready_deck_file(game: str, folder: Path) -> None:
    """Only ``deck.toml`` of ``game``'s ready deck (the pictures come from the camera);
    a ``deck.toml`` already there is kept."""
    import tempfile

    from .devices.card_art import write_ready_deck

    if (folder / "deck.toml").is_file():
        return
    with tempfile.TemporaryDirectory() as tmp:
        text = (write_ready_deck(game, tmp) / "deck.toml").read_text(encoding="utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    lines = text.splitlines(keepends=True)  # the first line names the generated deck
    name = f'name = "{game} (photographed)"\n'
    (folder / "deck.toml").write_text(name + "".join(lines[1:]), encoding="utf-8")


def _capture(args: argparse.Namespace, folder: Path) -> int:
    """``--camera``: each card without a picture held under the camera in turn."""
    from .card_capture import CaptureStopped, capture_deck, pending
    from .devices.frames import ImageDirectorySource, VideoFileSource, frames
    from .errors import DeviceError
    from .sensing.vision.deck import DeckError
    from .vision_cli import _open_live_camera

    cmd = "calibrate cards"
    try:
        todo, total = pending(folder)
    except DeckError as e:
        return _err(cmd, say(args, reason_of(e)))
    if not todo:
        said = msg("every card of {folder} has its picture already (delete one to take it again)",
                   folder=str(folder))  # fmt: skip
        print(say(args, said))
        return EXIT_OK
    there = msg(
        "{done} of {total} pictures are there; {todo} to take. Lay each card alone on the plain"
        " cloth under the camera, hands away, until it is taken.",
        done=total - len(todo),
        total=total,
        todo=len(todo),
    )
    print(say(args, there))
    try:
        if args.images:
            one = args.images[0]
            source = (
                ImageDirectorySource(one)
                if len(args.images) == 1 and Path(one).is_dir()
                else ImageDirectorySource(args.images)
            )
        elif args.video:
            source = VideoFileSource(args.video)
        else:
            source = _open_live_camera()
            if source is None:
                return _err(cmd, say(args, msg("no camera here: give --video FILE or --images")))
    except DeviceError as e:
        return _err(cmd, say(args, reason_of(e)))

    def resume(why: str) -> str:
        left, _ = pending(folder)
        done = total - len(left)
        said = msg(
            "{why}: {done} of {total} pictures are in {folder}. Run the same command again"
            " to go on (pictures already taken are kept)",
            why=why,
            done=done,
            total=total,
            folder=str(folder),
        )
        if left:
            said = msg("{said}; next: {card}", said=said, card=left[0][1])
        return say(args, said)

    try:
        capture_deck(
            folder,
            frames(source),
            lambda m: print(say(args, m), flush=True),
            still_frames=args.still_frames,
            wait_s=args.wait,
        )
    except KeyboardInterrupt:
        print(f"companion {cmd}: {resume(msg('stopped'))}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except CaptureStopped as e:
        print(f"companion {cmd}: {resume(reason_of(e))}", file=sys.stderr)
        return EXIT_INCOMPLETE
    except (DeckError, DeviceError, OSError) as e:
        return _err(cmd, say(args, reason_of(e)))
    return EXIT_OK


def cmd_see_cards(args: argparse.Namespace) -> int:
    """``companion see ... --deck DECK_DIR`` (called by ``vision_cli.cmd_see``)."""
    from .devices.frames import frames
    from .errors import DeviceError
    from .sensing.vision.deck import DeckError, load_deck
    from .sensing.vision.layout import load_layout
    from .vision_cli import frame_source

    cmd = "see"
    if not args.layout:
        return _err(cmd, say(args, msg("--deck needs --layout NAME (a layout with card slots)")))
    sources = sum(bool(x) for x in (args.images, args.video, args.camera))
    if sources != 1:
        one = msg("give images, or --video FILE, or --camera (one of them)")
        return _err(cmd, say(args, one))
    stream = not args.images
    try:
        layout = load_layout(args.layout)
        deck = load_deck(args.deck)
        reader, mats = _card_reader(layout, deck, args, stream=stream)
    except (DeckError, OSError, ValueError) as e:
        return _err(cmd, say(args, reason_of(e)))
    try:
        source = frame_source(args, simulated=lambda: None)
        if source is None:
            return _err(cmd, say(args, msg("no camera for --deck (the simulation has no cards)")))
    except DeviceError as e:
        return _err(cmd, say(args, reason_of(e)))
    trackers = _trackers(mats, reader) if stream else {}
    lost = 0
    try:
        for frame in frames(source):
            if args.camera and frame.index >= args.frames:
                break
            board, cards = reader.read(frame.image)
            lost += not board.ok
            out = {
                "image": frame.name,
                "t": round(frame.t_mono, 3),
                "layout": layout.name,
                "deck": deck.name,
                "status": board.status,
            }
            if layout.mats:
                out["mats"] = {k: v.status for k, v in board.mats.items()}
            out["cells"] = {k: v.to_json() for k, v in cards.items()}
            if args.json:
                print(json.dumps(out, ensure_ascii=False))
            else:
                _print_cards(frame.name, board.status, layout, cards, args)
            changes = _stable_changes(trackers, board, cards, frame.t_mono)
            if changes and args.json:
                print(
                    json.dumps({"t": round(frame.t_mono, 3), "type": "changed", "changes": changes})
                )
            elif changes:
                each = commas(
                    msg("{cell} {card}", cell=c["cell"], card=c["after"]) for c in changes
                )
                print(say(args, msg("  stable: {changes}", changes=each)))
    except DeviceError as e:
        return _err(cmd, say(args, reason_of(e)))
    for name, reason in getattr(source, "skipped", []):
        skipped = msg("skipped {name}: {reason}", name=name, reason=reason)
        print(f"companion see: {say(args, skipped)}", file=sys.stderr)
        lost += 1
    return EXIT_NO_BOARD if lost else EXIT_OK


def _card_reader(layout, deck, args, *, stream: bool):
    """(reader, mats): a ``CardReader`` for a single mat, a ``TableCardReader`` for a
    table of mats; ``mats`` the single mats read (each with its colour profile)."""
    from .sensing.vision.calibrate import load_model
    from .sensing.vision.card_reader import CardReader
    from .sensing.vision.table_reader import TableCardReader
    from .vision_cli import default_colour_profile

    def model(mat):
        if args.colours and not layout.mats:
            return load_model(Path(args.colours), mat)
        profile = default_colour_profile(mat.name)
        return load_model(profile, mat) if profile else None

    if layout.mats:
        if args.colours:
            raise ValueError(
                f"--colours takes one mat's profile; {layout.name} is a table of mats:"
                " each reads calibration/colours-MAT.toml (companion calibrate colours)"
            )
        models = {m.name: model(m) for m in layout.mats}
        return TableCardReader(layout, deck, models=models, stream=stream), layout.mats
    return CardReader(layout, deck, model=model(layout), stream=stream), (layout,)


def _trackers(mats, reader) -> dict:
    """Mat name -> a change tracker over its card slots (a stream's memory)."""
    from .sensing.vision.changes import ChangeTracker

    return {m.name: ChangeTracker(m.__class__(**_only(m, reader.slots))) for m in mats}


def _stable_changes(trackers: dict, board, cards: dict, t_mono: float) -> list[dict]:
    """The cards that became certain in this frame (a card is certain once it has read
    the same over a few clear frames), over every mat."""
    from .sensing.observations import CellsChanged
    from .sensing.vision.classify import CellReading
    from .sensing.vision.reader import BoardReading

    boards = getattr(board, "mats", None) or {board.layout: board}
    changes = []
    for name, tracker in trackers.items():
        mat = boards[name]
        as_labels = BoardReading(
            mat.layout,
            mat.status,
            cells={
                c.id: CellReading(v.card or v.label, v.confidence, v.occluded)
                for c in tracker.layout.cells
                if (v := cards.get(c.id)) is not None
            },
        )
        obs = tracker.update(as_labels, t_mono)
        if isinstance(obs, CellsChanged):
            changes += [{"cell": c.cell, "before": c.before, "after": c.after} for c in obs.changes]
    return changes


def _print_cards(name: str, status: str, layout, cards: dict, args) -> None:
    """One frame as text: a line per region (a player's layout, the piles)."""
    from .i18n.catalogues import render
    from .i18n.terminal import command_language
    from .vision_cli import cell_label

    lang = command_language(args)
    print(f"{name}: {render(status, lang)}")
    covered = render(msg("(covered)"), lang)
    for region, ids in layout.regions.items():
        got = [(i, cards[i]) for i in ids if i in cards]
        if got:
            print(
                f"  {region}: "
                + "  ".join(
                    f"{i} {covered if v.occluded else (v.card or cell_label(v.label, lang))}"
                    f" {v.confidence:.2f}"
                    for i, v in got
                )
            )


def _only(layout, slots) -> dict:
    """The fields of ``layout`` with only the cells in ``slots`` (for the change tracker)."""
    from dataclasses import fields

    data = {f.name: getattr(layout, f.name) for f in fields(layout)}
    data["cells"] = tuple(c for c in layout.cells if c.id in slots)
    data["regions"] = {}
    return data


def register(calibrate: argparse._SubParsersAction) -> None:
    """Add ``calibrate cards`` to the ``companion`` parser."""
    c = calibrate.add_parser("cards", help="register a deck: deck.toml and a picture per design")
    c.add_argument("deck_dir", metavar="DECK_DIR", help="the deck folder")
    c.add_argument(
        "--ready",
        metavar="GAME",
        help="first write GAME's ready deck (generated pictures) into DECK_DIR:"
        " heuchel-meuchel or hilo",
    )
    c.add_argument(
        "--camera",
        action="store_true",
        help="register card by card under the camera: it says which card to show next",
    )
    c.add_argument("--video", metavar="FILE", help="with --camera: frames from a video instead")
    c.add_argument(
        "--images",
        nargs="+",
        metavar="IMAGE",
        help="with --camera: frames from images (or a folder)",
    )
    c.add_argument(
        "--still-frames",
        type=int,
        default=5,
        metavar="N",
        help="frames a card must lie still before it is taken (default 5)",
    )
    c.add_argument(
        "--wait",
        type=float,
        default=120.0,
        metavar="S",
        help="give up when no card is taken for S seconds (default 120)",
    )
    c.set_defaults(func=cmd_calibrate_cards)
