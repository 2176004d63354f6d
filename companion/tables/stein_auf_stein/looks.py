"""Each child's picture and colour (Stein auf Stein), kept in the state directory.

The children pick a picture (and get a colour) at New game; the page shows them beside
their names. They are not part of the game's record (the record format is a contract:
``spec/``), so they live beside the journals, as the seat codes do:
``STATE_DIR/looks.json`` holds ``{"format": 1, "games": {"<game id>": {"<player>":
{"picture": "star", "colour": "#e4572e"}}}}`` for the last ``KEEP_GAMES`` games. Each
write replaces the file whole (write, fsync, rename). A file that is missing, unreadable
or of another shape gives nothing: the page then shows each seat's default look.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any

from ...i18n.message import msg
from ...referee.state_files import write_json_whole

log = logging.getLogger("companion.referee")

FILE_NAME = "looks.json"
FORMAT = 1
KEEP_GAMES = 20  # the looks of older games are dropped when a new game's are kept
#: the pictures the page draws (web/static/stein-auf-stein.js, ``ICONS``)
PICTURES = ("star", "heart", "sun", "moon", "flower", "fish", "cat", "house")
HEX = re.compile(r"#[0-9a-fA-F]{6}")


def check(players: list[str] | tuple[str, ...], looks: Any) -> dict[str, dict[str, str]]:
    """``looks`` ({player: {"picture", "colour"}}) checked against the game's ``players``;
    ``ValueError`` naming what is wrong and what is allowed. Players left out keep the
    look they had (the caller merges). The errors are messages (``companion.i18n``)."""
    if not isinstance(looks, dict) or not looks:
        raise ValueError(
            msg(
                "send {shape} for one or more players of the game",
                shape='{"looks": {player: {"picture": ..., "colour": "#rrggbb"}}}',
            )
        )
    out: dict[str, dict[str, str]] = {}
    for player, look in looks.items():
        if player not in players:
            raise ValueError(
                msg(
                    "{player!r} does not play this game (players: {players})",
                    player=player,
                    players=", ".join(players),
                )
            )
        if not isinstance(look, dict) or set(look) != {"picture", "colour"}:
            raise ValueError(
                msg("{player}'s look needs exactly a picture and a colour", player=player)
            )
        picture, colour = look["picture"], look["colour"]
        if picture not in PICTURES:
            raise ValueError(
                msg(
                    "{player}'s picture {picture!r} is not one the page draws ({pictures})",
                    player=player,
                    picture=picture,
                    pictures=", ".join(PICTURES),
                )
            )
        if not isinstance(colour, str) or not HEX.fullmatch(colour):
            raise ValueError(
                msg(
                    "{player}'s colour {colour!r} is not a colour like {example}",
                    player=player,
                    colour=colour,
                    example="#e4572e",
                )
            )
        out[player] = {"picture": picture, "colour": colour.lower()}
    return out


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as e:
        log.warning("the children's pictures in %s cannot be read (%s): defaults shown", path, e)
        return {}
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(games, dict):
        log.warning("the children's pictures in %s are not in the expected shape", path)
        return {}
    return games


def load(state_dir: Path, game_id: str) -> dict[str, dict[str, str]]:
    """The looks kept for the game ``game_id`` ({} if none are kept, or the file cannot
    be read: then it is logged). Entries of another shape are left out."""
    kept = _read(Path(state_dir) / FILE_NAME).get(game_id)
    if not isinstance(kept, dict):
        return {}
    return {
        p: {"picture": look["picture"], "colour": look["colour"]}
        for p, look in kept.items()
        if isinstance(look, dict)
        and look.get("picture") in PICTURES
        and isinstance(look.get("colour"), str)
        and HEX.fullmatch(look["colour"])
    }


def save(state_dir: Path, game_id: str, looks: dict[str, dict[str, str]]) -> str | None:
    """Keep ``looks`` of the game ``game_id`` (and those of the last games before it); the
    reason in words if the state directory cannot be written (the looks then hold until
    the companion restarts)."""
    path = Path(state_dir) / FILE_NAME
    games = {g: v for g, v in _read(path).items() if g != game_id}
    games = dict(list(games.items())[-(KEEP_GAMES - 1) :]) if KEEP_GAMES > 1 else {}
    games[game_id] = looks
    try:
        write_json_whole(path, {"format": FORMAT, "games": games})
    except OSError as e:
        why = f"cannot write {path} ({e.strerror or e}): the pictures hold until a restart"
        log.warning("%s", why)
        return why
    return None
