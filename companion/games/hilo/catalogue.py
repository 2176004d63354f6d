"""The deck as data: one ``Card`` per design, with how many copies the deck holds.

Each card has a ``kind`` (a Keeper, an animal, the Magician, the Phoenix, or ``plain``),
the half Sterntaler on its four edges ``(top, right, bottom, left)`` and the whole
Sterntaler printed on it. Identical copies share one ``id``: the table (the camera)
can tell designs apart, not copies. The engine works with any catalogue; the known
ones are listed in ``CATALOGUES`` and a record may also carry its own (``from_dict``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...errors import MalformedRecord
from ...i18n.message import commas, msg
from .names import KINDS


@dataclass(frozen=True, slots=True)
class Card:
    """One card design: ``edges`` are half Sterntaler on (top, right, bottom, left)."""

    id: str
    kind: str
    edges: tuple[int, int, int, int] = (0, 0, 0, 0)
    whole: int = 0
    count: int = 1

    @property
    def top(self) -> int:
        return self.edges[0]

    @property
    def right(self) -> int:
        return self.edges[1]

    @property
    def bottom(self) -> int:
        return self.edges[2]

    @property
    def left(self) -> int:
        return self.edges[3]


@dataclass(frozen=True, slots=True)
class Catalogue:
    """A deck: its name, its card designs (in a fixed order) and whether it is provisional."""

    name: str
    cards: tuple[Card, ...]
    provisional: bool = False
    index: dict[str, int] = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {c.id: i for i, c in enumerate(self.cards)})

    @property
    def size(self) -> int:
        """How many physical cards the deck holds."""
        return sum(c.count for c in self.cards)

    def card(self, card_id: str) -> Card:
        return self.cards[self.index[card_id]]

    def kind(self, card_id: str) -> str:
        return self.cards[self.index[card_id]].kind

    def counts(self) -> tuple[int, ...]:
        """Copies of each design, in catalogue order: the deck as a multiset."""
        return tuple(c.count for c in self.cards)

    def max_players(self, layout_size: int = 12) -> int:
        """The most players this deck serves: a layout each, a discard and a draw pile."""
        return (self.size - 2) // layout_size


def _fail(where: Any, what: Any) -> MalformedRecord:
    return MalformedRecord(msg("catalogue {where}: {what}", where=where, what=what))


def _whole_number(v: Any, where: str, name: str, least: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < least:
        raise _fail(
            where,
            msg(
                "{name!r} must be a whole number of at least {least}, not {v!r}",
                name=name,
                least=least,
                v=v,
            ),
        )
    return v


def card_from_dict(obj: Any, where: Any = None) -> Card:
    """One card design from its record/catalogue object; ``MalformedRecord`` if wrong."""
    if where is None:
        where = msg("card")
    if not isinstance(obj, Mapping):
        raise _fail(where, msg("each card must be an object, not {obj!r}", obj=obj))
    allowed = {"id", "kind", "edges", "whole", "count"}
    unknown = sorted(set(obj) - allowed)
    if unknown:
        fields = commas(repr(f) for f in unknown)
        raise _fail(
            where,
            msg("unknown field {fields}; a card has id, kind, edges, whole, count", fields=fields),
        )
    cid = obj.get("id")
    if not isinstance(cid, str) or not cid.strip():
        raise _fail(where, msg("'id' must be a non-empty string, not {id!r}", id=cid))
    where = msg("card {id!r}", id=cid)
    kind = obj.get("kind")
    if kind not in KINDS:
        kinds = commas(KINDS)
        raise _fail(
            where, msg("'kind' must be one of {kinds}, not {kind!r}", kinds=kinds, kind=kind)
        )
    edges = obj.get("edges", [0, 0, 0, 0])
    if not isinstance(edges, list | tuple) or len(edges) != 4:
        raise _fail(
            where,
            msg(
                "'edges' must list the half Sterntaler on [top, right, bottom, left],"
                " not {edges!r}",
                edges=edges,
            ),
        )
    halves = tuple(_whole_number(e, where, "edges", 0) for e in edges)
    whole = _whole_number(obj.get("whole", 0), where, "whole", 0)
    count = _whole_number(obj.get("count", 1), where, "count", 1)
    return Card(cid, kind, halves, whole, count)  # type: ignore[arg-type]


def from_dict(obj: Any) -> Catalogue:
    """A catalogue from ``{"name", "cards": [...], "provisional"?}``; ``MalformedRecord``
    naming the card and field when something is wrong."""
    if not isinstance(obj, Mapping):
        raise _fail("", msg("must be an object with 'name' and 'cards'"))
    name = obj.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail("", msg("'name' must be a non-empty string, not {name!r}", name=name))
    cards = obj.get("cards")
    if not isinstance(cards, list | tuple) or not cards:
        raise _fail(repr(name), msg("'cards' must be a non-empty list of card designs"))
    parsed = tuple(
        card_from_dict(c, msg("{name!r}, card {n}", name=name, n=i + 1))
        for i, c in enumerate(cards)
    )
    ids = [c.id for c in parsed]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise _fail(
            repr(name), msg("the id {id!r} is listed twice; give copies a 'count'", id=twice[0])
        )
    provisional = obj.get("provisional", False)
    if not isinstance(provisional, bool):
        raise _fail(
            repr(name),
            msg("'provisional' must be true or false, not {value!r}", value=provisional),
        )
    return Catalogue(name, parsed, provisional)


def to_dict(catalogue: Catalogue) -> dict[str, Any]:
    """The catalogue as a JSON-ready object (``from_dict`` reads it back)."""
    out: dict[str, Any] = {"name": catalogue.name}
    if catalogue.provisional:
        out["provisional"] = True
    out["cards"] = [card_to_dict(c) for c in catalogue.cards]
    return out


def card_to_dict(c: Card) -> dict[str, Any]:
    d: dict[str, Any] = {"id": c.id, "kind": c.kind, "edges": list(c.edges)}
    if c.whole:
        d["whole"] = c.whole
    if c.count != 1:
        d["count"] = c.count
    return d


def _builtin() -> dict[str, Catalogue]:
    from .provisional_deck import PROVISIONAL

    cat = from_dict(PROVISIONAL)
    return {cat.name: cat}


#: The catalogues the companion knows by name.
CATALOGUES: dict[str, Catalogue] = _builtin()
DEFAULT_CATALOGUE: str = next(iter(CATALOGUES))


def known(name: str) -> Catalogue | None:
    return CATALOGUES.get(name)
