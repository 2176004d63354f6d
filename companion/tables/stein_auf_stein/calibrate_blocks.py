"""``companion calibrate blocks``: register the table's real set of blocks from the camera.

Lay every block on the building site, button up, apart from each other, and take one
or more photos from the camera (``--image``). Each block's footprint (length and width
in mm, the mat as the ruler) is measured from its blob and matched to the catalogue's
block of that colour with the same rank of footprint area (the largest to the largest);
the height is kept from the catalogue (a camera above cannot see it). The result is
written to ``calibration/blocks-stein-auf-stein.toml`` (or ``--output``); new games
start with it (``view.start_record``), and each record carries its blocks in its
``start`` line, so older records are unchanged.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ...errors import CompanionError
from ...games.stein_auf_stein.catalogue import Block, Catalogue
from ...games.stein_auf_stein.standard import STANDARD
from ...games.stein_auf_stein.text import word
from ...i18n.message import msg, nmsg, reason_of
from ...i18n.terminal import say
from ...paths import data_dir
from ...sensing.vision.blocks import Blob, BlockReader, KnownBlock
from ...sensing.vision.layout import load_layout

LAYOUT = "stein-auf-stein"
FILE_NAME = "blocks-stein-auf-stein.toml"
EXIT_OK, EXIT_USAGE = 0, 2


class RegistrationError(CompanionError, ValueError):
    """The photos do not show the set as asked: the message says what to lay out."""


def default_path() -> Path:
    return data_dir("calibration") / FILE_NAME


def measure_blocks(
    images: Sequence[np.ndarray], catalogue: Catalogue = STANDARD
) -> tuple[Block, ...]:
    """The catalogue's blocks with their footprints as measured in ``images`` (mean over
    the photos). ``RegistrationError`` when a photo shows another number of blocks of a
    colour than the catalogue has, or the mat is not found."""
    layout = load_layout(LAYOUT)
    known = [
        KnownBlock(b.id, b.colour, b.length_mm, b.width_mm, b.height_mm) for b in catalogue.blocks
    ]
    reader = BlockReader(layout, known)
    sizes: dict[str, list[tuple[float, float]]] = {b.id: [] for b in catalogue.blocks}
    for n, image in enumerate(images, start=1):
        blobs = reader.site_blobs(image)
        if blobs is None:
            raise RegistrationError(msg("photo {n}: the mat's markers are not in view", n=n))
        for colour in catalogue.colours():
            seen = sorted((b for b in blobs if b.colour == colour), key=_footprint, reverse=True)
            ours = sorted(
                (b for b in catalogue.blocks if b.colour == colour),
                key=lambda b: b.length_mm * b.width_mm,
                reverse=True,
            )
            if len(seen) != len(ours):
                raise RegistrationError(
                    nmsg(
                        "photo {n}: {seen} {colour} block on the building site, the set has"
                        " {has}: lay every block on the site, button up, apart from the"
                        " others, with no hand over it",
                        "photo {n}: {seen} {colour} blocks on the building site, the set has"
                        " {has}: lay every block on the site, button up, apart from the"
                        " others, with no hand over it",
                        len(seen),
                        n=n,
                        seen=len(seen),
                        colour=word("colour", colour),
                        has=len(ours),
                    )
                )
            for blob, block in zip(seen, ours, strict=True):
                sizes[block.id].append((blob.along_mm, blob.across_mm))
    out = []
    for b in catalogue.blocks:
        along = float(np.mean([s[0] for s in sizes[b.id]]))
        across = float(np.mean([s[1] for s in sizes[b.id]]))
        long_first = b.length_mm >= b.width_mm
        length, width = (along, across) if long_first else (across, along)
        out.append(Block(b.id, b.colour, round(length, 1), round(width, 1), b.height_mm))
    return tuple(out)


def _footprint(blob: Blob) -> float:
    return blob.along_mm * blob.across_mm


def write_blocks(path: Path, blocks: Sequence[Block], die: Sequence[str]) -> None:
    lines = [
        "# Stein auf Stein: the table's blocks, measured by `companion calibrate blocks`.",
        "# Footprints (length, width) from the camera; heights from the catalogue.",
        f"die = [{', '.join(repr(c).replace(chr(39), chr(34)) for c in die)}]",
        "",
    ]
    for b in blocks:
        lines += [
            "[[blocks]]",
            f'id = "{b.id}"',
            f'colour = "{b.colour}"',
            f"length_mm = {b.length_mm}",
            f"width_mm = {b.width_mm}",
            f"height_mm = {b.height_mm}",
            "",
        ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines), encoding="utf-8")


def load_registered(path: Path | None = None) -> Catalogue | None:
    """The registered set (None: none registered). A file that cannot be read is an
    error naming it, never a silent fallback to the standard set."""
    path = path or default_path()
    if not path.exists():
        return None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        blocks = [
            Block(b["id"], b["colour"], b["length_mm"], b["width_mm"], b["height_mm"])
            for b in data["blocks"]
        ]
        return Catalogue.of(blocks, data["die"])
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as e:
        raise RegistrationError(
            msg(
                "the registered blocks {path!r} cannot be read ({why}); register them again"
                " with `companion calibrate blocks` or remove the file",
                path=str(path),
                why=str(e),
            )
        ) from e


def cmd_calibrate_blocks(args: argparse.Namespace) -> int:
    import cv2

    images = []
    for name in args.image:
        image = cv2.imread(name, cv2.IMREAD_COLOR)
        if image is None:
            said = say(args, msg("cannot read the photo {name!r}", name=name))
            print(f"companion calibrate blocks: {said}", file=sys.stderr)
            return EXIT_USAGE
        images.append(image)
    try:
        blocks = measure_blocks(images)
    except RegistrationError as e:
        print(f"companion calibrate blocks: {say(args, reason_of(e))}", file=sys.stderr)
        return EXIT_USAGE
    path = Path(args.output) if args.output else default_path()
    write_blocks(path, blocks, STANDARD.die)
    for b in blocks:
        line = msg(
            "{id} {colour}: {length:g} x {width:g} mm (height {height:g} mm)",
            id=b.id,
            colour=word("colour", b.colour),
            length=b.length_mm,
            width=b.width_mm,
            height=b.height_mm,
        )
        print(f"  {say(args, line)}")
    print(
        say(
            args, msg("wrote {path}: new games of Stein auf Stein use these blocks", path=str(path))
        )
    )
    return EXIT_OK


def register(
    commands: argparse._SubParsersAction,
    *,
    calibrate: argparse._SubParsersAction,
    doctor: argparse._SubParsersAction,
) -> None:
    """Add ``companion calibrate blocks``."""
    c = calibrate.add_parser(
        "blocks", help="Stein auf Stein: measure the real blocks from camera photos"
    )
    c.add_argument(
        "--image",
        action="append",
        required=True,
        metavar="IMAGE",
        help="a photo of the mat with every block on the site, button up, apart (repeatable)",
    )
    c.add_argument(
        "-o",
        "--output",
        help=msg("file to write (default: calibration/{file})", file=FILE_NAME),
    )
    c.set_defaults(func=cmd_calibrate_blocks)
