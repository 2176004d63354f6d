"""What the broker has acknowledged, per game: the table's catch-up bookmark.

``STATE_DIR/mqtt-delivered.json`` holds, per game id, the highest journal ``seq`` up to
which every row was acknowledged by the broker (PUBACK, QoS 1). After a restart the
publisher sends each of those games' rows from the next ``seq`` on. The file is
replaced whole (written beside it, then renamed), never fsynced: a bookmark lost in a
power cut only means rows are sent again, which the club ignores (``seq``).
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

log = logging.getLogger("companion.mqtt")

FILE_NAME = "mqtt-delivered.json"


class Bookmarks:
    """Per game id: the last ``seq`` the broker acknowledged (all before it too)."""

    def __init__(self, state_dir: str | os.PathLike[str]) -> None:
        self.path = Path(state_dir) / FILE_NAME
        self.games: dict[str, int] = {}
        self._saved: dict[str, int] = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            games = data.get("games") if isinstance(data, dict) else None
            if isinstance(games, dict):
                self.games = {str(k): v for k, v in games.items() if isinstance(v, int) and v >= 0}
        except FileNotFoundError:
            pass
        except (OSError, ValueError) as e:  # rows are sent again: harmless
            log.warning("%s cannot be read (%s): the games it names are sent again", self.path, e)
        self._saved = dict(self.games)

    def save(self) -> None:
        """Write the bookmarks if they changed since the last save (a refused write is
        logged; the rows are then sent again after a restart)."""
        if self.games == self._saved:
            return
        snapshot = dict(self.games)
        tmp = self.path.with_name(f".{self.path.name}.tmp")
        try:
            tmp.write_text(json.dumps({"v": 1, "games": snapshot}), encoding="utf-8")
            tmp.replace(self.path)
        except OSError as e:
            log.warning("cannot write %s (%s): rows may be sent again", self.path, e)
            return
        self._saved = snapshot
