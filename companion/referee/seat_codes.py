"""Seat codes kept in the state directory, so that a restart keeps the players' phones in.

``STATE_DIR/seat-codes.json`` (mode 0600) holds the codes of one game: ``{"format": 1,
"game": "<game id>", "codes": {"<code>": "<player>"}}``. It never holds the table PIN
(that lives in ``pairing.json``, apart). Each write replaces the file whole (write,
fsync, rename). A file that is missing, unreadable or for another game gives nothing:
the service then draws new codes for the game under way.
"""

from __future__ import annotations

import json
import logging
import secrets
from pathlib import Path

from .state_files import write_json_whole

log = logging.getLogger("companion.referee")

FILE_NAME = "seat-codes.json"
FORMAT = 1
#: Seat codes are 6 of these letters (no 0/O, 1/I/L to mistake): about 30 bits.
LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6


def new_codes(players: list[str] | tuple[str, ...]) -> dict[str, str]:
    """{code: player}: one fresh random code per player, all different."""
    codes: dict[str, str] = {}
    for p in players:
        code = "".join(secrets.choice(LETTERS) for _ in range(LENGTH))
        while code in codes:  # pragma: no cover - one in millions
            code = "".join(secrets.choice(LETTERS) for _ in range(LENGTH))
        codes[code] = p
    return codes


def load(state_dir: Path, game_id: str) -> dict[str, str] | None:
    """The {code: player} kept for the game ``game_id``; None if none is kept for it (no
    file, another game's, or a file that cannot be read: then it is logged)."""
    path = Path(state_dir) / FILE_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        log.warning("the seat codes in %s cannot be read (%s): new ones are drawn", path, e)
        return None
    codes = data.get("codes") if isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or data.get("format") != FORMAT
        or not isinstance(codes, dict)
        or not all(isinstance(c, str) and isinstance(p, str) for c, p in codes.items())
    ):
        log.warning("the seat codes in %s are not in the expected shape: new ones are drawn", path)
        return None
    if data.get("game") != game_id:
        return None
    return dict(codes)


def save(state_dir: Path, game_id: str, codes: dict[str, str]) -> str | None:
    """Keep ``codes`` ({code: player}) of the game ``game_id``; the reason in words if the
    state directory cannot be written (the codes then hold until the companion restarts)."""
    path = Path(state_dir) / FILE_NAME
    data = {"format": FORMAT, "game": game_id, "codes": codes}
    try:
        write_json_whole(path, data, mode=0o600, sort_keys=True)
    except OSError as e:
        why = f"cannot write {path} ({e.strerror or e}): the seat codes hold until a restart"
        log.warning("%s", why)
        return why
    return None
