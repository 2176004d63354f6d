"""The provisional HiLo catalogue: 69 cards, made up for the companion.

PROVISIONAL. The rulebook does not list the 69 cards; this deck has the right size and
every kind the rules name (Keepers of dragons, unicorns and wolves, those animals,
Magicians, Phoenixes, plain cards) with half Sterntaler on their edges and a few whole
ones, so that the engine, the tests and the random player have a deck to work with.
The real deck is registered at the table (``catalogue.from_dict``) and replaces it.

``edges`` are the half Sterntaler on (top, right, bottom, left); ``count`` is the number
of identical copies. Plain data, no I/O: the games layer reads nothing from disk.
"""

from __future__ import annotations

from typing import Any

_T, _R, _B, _L = (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1)


def _c(cid: str, kind: str, edges: tuple[int, ...], whole: int = 0, count: int = 1) -> dict:
    d: dict[str, Any] = {"id": cid, "kind": kind, "edges": list(edges)}
    if whole:
        d["whole"] = whole
    if count != 1:
        d["count"] = count
    return d


PROVISIONAL: dict[str, Any] = {
    "name": "provisional-69",
    "provisional": True,
    "cards": [
        # Keepers: 3 of each, one half Sterntaler each (9 cards)
        _c("dragon-keeper", "dragon-keeper", (0, 1, 0, 0), count=3),
        _c("unicorn-keeper", "unicorn-keeper", (0, 0, 0, 1), count=3),
        _c("wolf-keeper", "wolf-keeper", (1, 0, 0, 0), count=3),
        # Animals: 6 of each, in three designs of two copies (18 cards)
        _c("dragon-a", "dragon", (0, 1, 0, 1), count=2),
        _c("dragon-b", "dragon", (1, 0, 1, 0), count=2),
        _c("dragon-c", "dragon", (0, 0, 0, 0), count=2),
        _c("unicorn-a", "unicorn", (0, 1, 1, 0), count=2),
        _c("unicorn-b", "unicorn", (1, 0, 0, 1), count=2),
        _c("unicorn-c", "unicorn", (0, 0, 0, 0), count=2),
        _c("wolf-a", "wolf", (0, 1, 0, 0), count=2),
        _c("wolf-b", "wolf", (0, 0, 1, 1), count=2),
        _c("wolf-c", "wolf", (0, 0, 0, 0), count=2),
        # Magicians and Phoenixes: 4 of each, no Sterntaler (8 cards)
        _c("magician", "magician", (0, 0, 0, 0), count=4),
        _c("phoenix", "phoenix", (0, 0, 0, 0), count=4),
        # Plain cards: 17 designs of two copies (34 cards)
        _c("plain-01", "plain", (1, 1, 0, 0), count=2),
        _c("plain-02", "plain", (0, 1, 1, 0), count=2),
        _c("plain-03", "plain", (0, 0, 1, 1), count=2),
        _c("plain-04", "plain", (1, 0, 0, 1), count=2),
        _c("plain-05", "plain", (1, 0, 1, 0), count=2),
        _c("plain-06", "plain", (0, 1, 0, 1), count=2),
        _c("plain-07", "plain", (1, 1, 1, 0), count=2),
        _c("plain-08", "plain", (0, 1, 1, 1), count=2),
        _c("plain-09", "plain", (1, 0, 1, 1), count=2),
        _c("plain-10", "plain", (1, 1, 0, 1), count=2),
        _c("plain-11", "plain", (1, 1, 1, 1), count=2),
        _c("plain-12", "plain", (0, 0, 0, 0), whole=1, count=2),
        _c("plain-13", "plain", (0, 1, 0, 0), whole=1, count=2),
        _c("plain-14", "plain", (0, 0, 0, 1), whole=1, count=2),
        _c("plain-15", "plain", (0, 0, 0, 0), whole=2, count=2),
        _c("plain-16", "plain", (1, 0, 0, 0), count=2),
        _c("plain-17", "plain", (0, 0, 1, 0), count=2),
    ],
}
