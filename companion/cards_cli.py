"""Commands for cards: ``calibrate cards DECK_DIR`` and ``see ... --deck DECK_DIR``.

``companion calibrate cards DECK_DIR`` registers a deck folder (``deck.toml``, one
picture per design, ``back.png``): what recognition needs is stored beside it as
``registered.npz``. ``--ready GAME`` first writes the game's ready deck (generated
pictures) into DECK_DIR. ``companion see IMAGE... --layout LAYOUT --deck DECK_DIR``
reads every card slot: label, card, confidence, occluded; with ``--video`` or
``--camera`` it also reports the cards that became stable.

Exit status: 0 done; 2 bad input (one line on stderr naming the file and what is
wrong); 4 the board was not found in at least one frame.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

EXIT_OK, EXIT_USAGE, EXIT_NO_BOARD = 0, 2, 4


def _err(cmd: str, message: str) -> int:
    print(f"companion {cmd}: {message}", file=sys.stderr)
    return EXIT_USAGE


def cmd_calibrate_cards(args: argparse.Namespace) -> int:
    from .devices.card_art import READY_GAMES, write_ready_deck
    from .sensing.vision.deck import DeckError, register

    cmd = "calibrate cards"
    if args.camera:
        return _err(
            cmd,
            "--camera registration is not built yet: photograph each card on a plain"
            " background as <id>.png or <id>.jpg (docs/cards.md)",
        )
    folder = Path(args.deck_dir)
    if args.ready:
        if args.ready not in READY_GAMES:
            return _err(cmd, f"no ready deck for {args.ready!r}; ready: {', '.join(READY_GAMES)}")
        try:
            write_ready_deck(args.ready, folder)
        except OSError as e:
            return _err(cmd, f"cannot write the ready deck into {folder}: {e.strerror or e}")
    start = time.perf_counter()
    try:
        deck = register(folder)
    except DeckError as e:
        return _err(cmd, str(e))
    except OSError as e:
        return _err(cmd, f"{folder}: {e.strerror or e}")
    took = time.perf_counter() - start
    n = len(deck.designs)
    for w in deck.warnings:
        print(f"  note: {w}")
    if deck.provisional:
        print("  note: this deck is marked provisional (check it against the printed cards)")
    print(
        f"registered {deck.name}: {n} designs and the back in {took:.2f} s;"
        f" wrote {folder / 'registered.npz'}"
    )
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
        return _err(cmd, "--deck needs --layout NAME (a layout with card slots)")
    sources = sum(bool(x) for x in (args.images, args.video, args.camera))
    if sources != 1:
        return _err(cmd, "give images, or --video FILE, or --camera (one of them)")
    stream = not args.images
    try:
        layout = load_layout(args.layout)
        deck = load_deck(args.deck)
        reader, mats = _card_reader(layout, deck, args, stream=stream)
    except (DeckError, OSError, ValueError) as e:
        return _err(cmd, str(e))
    try:
        source = frame_source(args, simulated=lambda: None)
        if source is None:
            return _err(cmd, "no camera for --deck (the simulation has no cards)")
    except DeviceError as e:
        return _err(cmd, str(e))
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
                _print_cards(frame.name, board.status, layout, cards)
            changes = _stable_changes(trackers, board, cards, frame.t_mono)
            if changes and args.json:
                print(
                    json.dumps({"t": round(frame.t_mono, 3), "type": "changed", "changes": changes})
                )
            elif changes:
                print("  stable: " + ", ".join(f"{c['cell']} {c['after']}" for c in changes))
    except DeviceError as e:
        return _err(cmd, str(e))
    for name, reason in getattr(source, "skipped", []):
        print(f"companion see: skipped {name}: {reason}", file=sys.stderr)
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


def _print_cards(name: str, status: str, layout, cards: dict) -> None:
    """One frame as text: a line per region (a player's layout, the piles)."""
    print(f"{name}: {status}")
    for region, ids in layout.regions.items():
        got = [(i, cards[i]) for i in ids if i in cards]
        if got:
            print(
                f"  {region}: "
                + "  ".join(
                    f"{i} {'(covered)' if v.occluded else (v.card or v.label)} {v.confidence:.2f}"
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
        "--camera", action="store_true", help="hold each card under the live camera (not yet)"
    )
    c.set_defaults(func=cmd_calibrate_cards)
