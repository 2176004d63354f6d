"""Each game at the table, one home per game (``docs/design.md``, "Per-game homes").

``companion/tables/<game>/`` holds what is one game's own at the table:

- ``referee``: the game's referee, observations -> actions, warnings, what to put back;
- ``view``: what a dashboard shows of the game, the choices offered, undo hints;
- ``demo``: scripted players at the game's synthetic table.

``TABLES`` names, per game id, its view module and how to make its referee; the shared
service (``companion.referee.service``) looks games up here and nowhere else, so a new
game at the table adds one folder and one entry below.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ..profile import ScaleProfile
from .heuchel_meuchel import referee as heuchel_meuchel_referee
from .heuchel_meuchel import view as heuchel_meuchel_view
from .hilo import referee as hilo_referee
from .hilo import view as hilo_view
from .hinkel_stein import referee as hinkel_stein_referee
from .hinkel_stein import view as hinkel_stein_view
from .stein_auf_stein import referee as stein_auf_stein_referee
from .stein_auf_stein import view as stein_auf_stein_view
from .stein_im_brett import referee as stein_im_brett_referee
from .stein_im_brett import view as stein_im_brett_view


@dataclass(frozen=True)
class Table:
    """One game at the table: its view module and its referee factory.

    The view has ``view(states, actions, table)``, ``choices(state)``,
    ``undo_hint(action, before, after)``, ``start_record(players, options, rng)`` and
    ``CAMERA_LAYOUT``; the referee's interface is described at
    ``companion.referee.service.REFEREES``.
    """

    view: ModuleType
    referee: Callable[[ScaleProfile], Any]
    #: the game's own camera pipeline, where the shared cell reader of its layout is not
    #: enough: ``camera(state, decks, layouts)`` (``decks``: registered card decks by game
    #: id; ``layouts``: the table's own layout files by the layout each replaces) ->
    #: an object with ``layout``, ``colours_from`` and ``feed(image, t_mono)`` (an
    #: observation, a list of them, or None), or None to use the shared reader
    camera: Callable[[Any, Mapping[str, Any], Mapping[str, Any]], Any] | None = None
    #: the camera reads the game's cards by a registered deck (``companion run --deck``)
    reads_cards: bool = False


def _camera(home: str) -> Callable[[Any, Mapping[str, Any]], Any]:
    """``companion.tables.<home>.camera.live_camera``, imported when first called (the
    vision libraries load only where a camera reads)."""

    def live_camera(state: Any, decks: Mapping[str, Any], layouts: Mapping[str, Any]) -> Any:
        module = importlib.import_module(f"{__name__}.{home}.camera")
        if layouts and "layouts" in inspect.signature(module.live_camera).parameters:
            return module.live_camera(state, decks, layouts=layouts)  # the table's own files
        return module.live_camera(state, decks)

    return live_camera


TABLES: dict[str, Table] = {
    "hinkel-stein": Table(hinkel_stein_view, hinkel_stein_referee.ScaleReferee),
    "stein-im-brett": Table(
        stein_im_brett_view, lambda profile: stein_im_brett_referee.SteinImBrettCamera()
    ),
    "heuchel-meuchel": Table(
        heuchel_meuchel_view,
        lambda profile: heuchel_meuchel_referee.HeuchelMeuchelCamera(),
        _camera("heuchel_meuchel"),
        reads_cards=True,
    ),
    "stein-auf-stein": Table(
        stein_auf_stein_view,
        lambda profile: stein_auf_stein_referee.SteinAufSteinCamera(),
        _camera("stein_auf_stein"),
    ),
    "hilo": Table(
        hilo_view,
        lambda profile: hilo_referee.HiloCamera(),
        _camera("hilo"),
        reads_cards=True,
    ),
}


def own_camera(
    kept: tuple[str, Any] | None,
    game: tuple[str, str, Any] | None,
    decks,
    layouts: Mapping[str, Any] | None = None,
):
    """The game's own camera pipeline, made once a game: ``kept`` is the last
    ``(game id, pipeline or None)``; ``game`` is ``(game id, game name, state)`` of the game
    under way, or None; ``layouts``: the table's own layout files by the shipped layout
    each replaces (``companion run --layout``), for the pipelines that take them. Returns
    what to keep now: the same pair while the game is the same, a new one for a new game,
    None with no game (``CameraLoop`` and the black box's replay both keep theirs this
    way)."""
    if game is None:
        return None
    game_id, name, state = game
    if kept is None or kept[0] != game_id:
        table = TABLES.get(name)
        make = table.camera if table is not None else None
        kept = (game_id, make(state, decks, layouts or {}) if make is not None else None)
    return kept
