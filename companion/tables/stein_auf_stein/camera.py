"""Frames of the Stein auf Stein table -> the observations its referee reads.

``BlockCamera`` is the game's own camera pipeline (``companion.tables.Table.camera``): the
block reader and watcher of ``companion.sensing.vision.blocks`` over the
``stein-auf-stein`` layout, knowing the game's block catalogue. The live camera loop
(``companion.table.CameraLoop``) and the demo's synthetic camera both read through it, so
the demo plays what the table plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...games.stein_auf_stein.catalogue import Catalogue
from ...sensing.observations import Observation
from ...sensing.vision.blocks import BlockReader, BlockWatcher, KnownBlock
from ...sensing.vision.layout import load_layout

GAME = "stein-auf-stein"


def known_blocks(catalogue: Catalogue) -> list[KnownBlock]:
    """The catalogue's blocks as the vision knows them."""
    return [
        KnownBlock(b.id, b.colour, b.length_mm, b.width_mm, b.height_mm) for b in catalogue.blocks
    ]


class BlockCamera:
    """One stream of frames of the table -> ``DieSeen``/``BlocksSeen``/``AreaSeen``.

    ``feed(image, t_mono)`` takes a BGR frame taken at ``t_mono`` s and returns the
    observations it makes certain (a list, often empty)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.layout = load_layout(GAME)
        self.reader = BlockReader(self.layout, known_blocks(catalogue))
        self.watcher = BlockWatcher(self.reader)
        self.colours_from = f"blocks of the game's catalogue ({len(catalogue.blocks)} blocks)"

    def feed(self, image, t_mono: float) -> list[Observation]:
        return self.watcher.feed(image, t_mono)


def live_camera(state: Any, decks: Mapping[str, Any]) -> BlockCamera:
    """The camera pipeline for a game under way (``state``: its state; no deck needed)."""
    return BlockCamera(state.catalogue)
