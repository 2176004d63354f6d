"""Board layouts as data: cells, markers, the neutral patch and what may lie where.

A layout is a TOML file in ``layouts/`` (shipped in the package). Coordinates are board
millimetres: origin at the mat's top-left corner, x to the right, y down (as printed).

Schema, one file per game (see ``layouts/*.toml`` for complete examples)::

    name = "stein-im-brett"          # what ``--layout`` takes
    title = "..."                    # for people
    size_mm = [400.0, 380.0]         # the mat: width, height
    surface = "#d8b07a"              # the mat's colour (sRGB, daylight): renderer, default model
    white_balance = "neutral-patch"  # or "surface": balance each cell on its surroundings
    [neutral]                        # a grey card printed on the mat (white balance)
    centre_mm = [200.0, 355.0]
    size_mm = [60.0, 18.0]
    colour = "#bdbdbd"
    [tray]                           # optional: where a die is thrown and read (the
    centre_mm = [470.0, 500.0]       # Heuchel & Meuchel dice variant), board mm; a table
    size_mm = [76.0, 110.0]          # puts it where its tray stands (docs/vision.md)
    [[markers]]                      # ArUco DICT_4X4_50, printed upright, black on white
    id = 4
    centre_mm = [30.0, 30.0]
    size_mm = 40.0                   # the black square, edge to edge
    [pieces.red]                     # a piece: its colour and footprint
    colour = "#b3261e"
    shape = "disc"                   # disc | card | block
    size_mm = [30.0, 30.0]
    [[groups]]                       # cells sharing shape, size, region and pieces
    region = "board"
    shape = "hex"                    # hex | circle | rect | point
    size_mm = [40.0, 40.0]           # hex: across flats; circle: diameter; point: pitch
    pieces = ["red", "green"]
    cells = [{ id = "a1", centre_mm = [80.0, 60.0] }]
    surface = "#c9a06a"              # optional: the colour under this group (default: surface)
    [[decor]]                        # optional rectangles the renderer draws (the beam)
    centre_mm = [280.0, 150.0]
    size_mm = [420.0, 60.0]
    colour = "#c9a06a"
    [regions]                        # extra named sets of cells
    spaces = ["L2", "L1", "R1", "R2"]

Every cell may also be ``empty``; a colour the model does not know reads ``unknown``.

A *table* layout (``hilo-3``) is several mats lying anywhere on the table, each found by
its own four markers; it names its mats instead of cells. Each mat is a template from
``layouts/mats/`` with its own marker ids and, optionally, a prefix for its cell ids
(``1`` of player A's mat is ``A1``; its region ``player`` becomes ``playerA``)::

    name = "hilo-3"
    title = "..."
    [[mats]]
    name = "hilo-mat-A"              # the mat's own layout name (colour profile, sheet)
    template = "hilo-player"         # layouts/mats/hilo-player.toml
    prefix = "A"                     # optional
    markers = [20, 21, 22, 23]       # the template's markers 0..3, in order

Its ``Layout`` has ``mats`` (one ``Layout`` per mat, in its own millimetres) and, for
lookups, the union of their cells, pieces and regions; it has no markers or pose of its
own (``table_names`` lists the shipped ones; ``layout_names`` only single mats).
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ...i18n.message import msg, reason_of

EMPTY, UNKNOWN = "empty", "unknown"
SHAPES = ("hex", "circle", "rect", "point")
PIECE_SHAPES = ("disc", "card", "block")


@dataclass(frozen=True, slots=True)
class Marker:
    """An ArUco marker printed upright on the mat: ``centre_mm`` and edge ``size_mm``."""

    id: int
    centre_mm: tuple[float, float]
    size_mm: float

    def corners_mm(self) -> list[tuple[float, float]]:
        """The four corners in ArUco's order: top-left, top-right, bottom-right, bottom-left."""
        x, y, h = *self.centre_mm, self.size_mm / 2
        return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]


@dataclass(frozen=True, slots=True)
class Piece:
    """Something that lies on a cell: a stone, card or block of one colour (sRGB hex)."""

    label: str
    colour: str
    shape: str
    size_mm: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Cell:
    """A place on the board: ``centre_mm``, ``shape``, ``size_mm`` (see the module schema)."""

    id: str
    centre_mm: tuple[float, float]
    shape: str
    size_mm: tuple[float, float]
    region: str
    pieces: tuple[str, ...]
    surface: str

    @property
    def inner_mm(self) -> float:
        """Radius (mm) of the disc at the centre whose colour says what lies here."""
        return 0.22 * min(self.size_mm)

    @property
    def ring_mm(self) -> float:
        """Radius (mm) of the ring of bare mat around the cell's piece (the local reference)."""
        if self.shape == "point":  # a grid point: the centres of the four squares around it
            return 0.5 * math.hypot(*self.size_mm)
        return 0.47 * min(self.size_mm)


@dataclass(frozen=True, slots=True)
class NeutralPatch:
    """A grey card on the mat: ``centre_mm``, ``size_mm`` (w, h) and nominal ``colour``."""

    centre_mm: tuple[float, float]
    size_mm: tuple[float, float]
    colour: str


@dataclass(frozen=True, slots=True)
class Tray:
    """Where a die is thrown and read: ``centre_mm`` and ``size_mm`` (w, h), board mm."""

    centre_mm: tuple[float, float]
    size_mm: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Decor:
    """A printed or built rectangle the renderer draws (e.g. the scale's beam)."""

    centre_mm: tuple[float, float]
    size_mm: tuple[float, float]
    colour: str


@dataclass(frozen=True, slots=True)
class Layout:
    """A board or playmat: its cells, markers, neutral patch, pieces and named regions."""

    name: str
    title: str
    size_mm: tuple[float, float]
    surface: str
    white_balance: str
    markers: tuple[Marker, ...]
    cells: tuple[Cell, ...]
    pieces: dict[str, Piece] = field(default_factory=dict)
    regions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    neutral: NeutralPatch | None = None
    decor: tuple[Decor, ...] = ()
    #: A table of several mats, each with its own markers (empty for a single mat).
    mats: tuple[Layout, ...] = ()
    #: Where a die is thrown (``[tray]``), None if the layout names none.
    tray: Tray | None = None

    def cell(self, cell_id: str) -> Cell:
        for c in self.cells:
            if c.id == cell_id:
                return c
        raise KeyError(f"layout {self.name} has no cell {cell_id!r}")

    def marker(self, marker_id: int) -> Marker | None:
        return next((m for m in self.markers if m.id == marker_id), None)

    @property
    def labels(self) -> tuple[str, ...]:
        """Every label a cell may read: ``empty``, then the pieces in file order."""
        return (EMPTY, *self.pieces)


def _pair(value, what: str) -> tuple[float, float]:
    if isinstance(value, int | float):
        return (float(value), float(value))
    if not (isinstance(value, list) and len(value) == 2):
        raise ValueError(
            msg("{what}: expected a number or [x, y], got {value!r}", what=what, value=value)
        )
    return (float(value[0]), float(value[1]))


def parse_layout(data: dict, *, source: str = "layout") -> Layout:
    """Build a ``Layout`` from parsed TOML, with messages that name the bad entry."""
    try:
        pieces = {
            label: Piece(label, p["colour"], p.get("shape", "disc"), _pair(p["size_mm"], label))
            for label, p in data.get("pieces", {}).items()
        }
        for p in pieces.values():
            if p.shape not in PIECE_SHAPES:
                raise ValueError(
                    msg(
                        "piece {label}: shape {shape!r} not in {allowed}",
                        label=p.label,
                        shape=p.shape,
                        allowed=str(PIECE_SHAPES),
                    )
                )
        cells: list[Cell] = []
        regions: dict[str, list[str]] = {}
        for g in data.get("groups", []):
            shape, region = g.get("shape", "circle"), g["region"]
            if shape not in SHAPES:
                raise ValueError(
                    msg(
                        "group {region}: shape {shape!r} not in {allowed}",
                        region=region,
                        shape=shape,
                        allowed=str(SHAPES),
                    )
                )
            allowed = tuple(g.get("pieces", list(pieces)))
            for label in allowed:
                if label not in pieces:
                    raise ValueError(
                        msg("group {region}: unknown piece {label!r}", region=region, label=label)
                    )
            size = _pair(g["size_mm"], region)
            surface = g.get("surface", data.get("surface", "#c8a46e"))
            for c in g["cells"]:
                centre = _pair(c["centre_mm"], c["id"])
                cells.append(Cell(c["id"], centre, shape, size, region, allowed, surface))
                regions.setdefault(region, []).append(c["id"])
        ids = [c.id for c in cells]
        if len(set(ids)) != len(ids):
            raise ValueError(msg("cell ids repeat"))
        for name, members in data.get("regions", {}).items():
            unknown = set(members) - set(ids)
            if unknown:
                raise ValueError(
                    msg(
                        "region {name}: unknown cells {cells}",
                        name=name,
                        cells=str(sorted(unknown)),
                    )
                )
            regions[name] = list(members)
        markers = tuple(
            Marker(int(m["id"]), _pair(m["centre_mm"], "marker"), float(m["size_mm"]))
            for m in data.get("markers", [])
        )
        n = data.get("neutral")
        neutral = (
            NeutralPatch(
                _pair(n["centre_mm"], "neutral"), _pair(n["size_mm"], "neutral"), n["colour"]
            )
            if n
            else None
        )
        tray = _tray(data["tray"]) if "tray" in data else None
        wb = data.get("white_balance", "neutral-patch" if neutral else "surface")
        if wb == "neutral-patch" and neutral is None:
            raise ValueError(msg("white_balance is neutral-patch but there is no [neutral] patch"))
        return Layout(
            name=data["name"],
            title=data.get("title", data["name"]),
            size_mm=_pair(data["size_mm"], "size_mm"),
            surface=data.get("surface", "#c8a46e"),
            white_balance=wb,
            markers=markers,
            cells=tuple(cells),
            pieces=pieces,
            regions={k: tuple(v) for k, v in regions.items()},
            neutral=neutral,
            decor=tuple(
                Decor(_pair(d["centre_mm"], "decor"), _pair(d["size_mm"], "decor"), d["colour"])
                for d in data.get("decor", [])
            ),
            tray=tray,
        )
    except KeyError as e:
        raise ValueError(
            msg("{source}: missing field {field}", source=source, field=str(e))
        ) from None
    except (TypeError, ValueError) as e:
        raise ValueError(msg("{source}: {reason}", source=source, reason=reason_of(e))) from None


def _tray(t) -> Tray:
    """The ``[tray]`` table: a centre and a size of positive width and height (mm)."""
    if not isinstance(t, dict):
        raise ValueError(msg("tray: expected a table with centre_mm and size_mm"))
    for key in ("centre_mm", "size_mm"):
        if key not in t:
            raise ValueError(
                msg("tray: missing field {key!r} (give centre_mm and size_mm, in mm)", key=key)
            )
    tray = Tray(_pair(t["centre_mm"], "tray centre_mm"), _pair(t["size_mm"], "tray size_mm"))
    if min(tray.size_mm) <= 0:
        raise ValueError(
            msg(
                "tray: size_mm must be positive (width, height in mm), got {size!r}",
                size=t["size_mm"],
            )
        )
    return tray


def _shipped() -> dict[str, bool]:
    """Shipped layout name -> it is a table of several mats."""
    folder = resources.files(__package__) / "layouts"
    return {
        p.name.removesuffix(".toml"): "[[mats]]" in p.read_text(encoding="utf-8")
        for p in folder.iterdir()
        if p.name.endswith(".toml")
    }


def layout_names() -> list[str]:
    """The names of the single-mat layouts shipped with the package (one board each)."""
    return sorted(name for name, table in _shipped().items() if not table)


def table_names() -> list[str]:
    """The names of the shipped table layouts (several mats each: ``hilo-2`` ... ``hilo-5``)."""
    return sorted(name for name, table in _shipped().items() if table)


def _load_text(text: str, source: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(msg("{source}: not valid TOML ({e})", source=source, e=str(e))) from None


def load_layout(name_or_path: str | Path) -> Layout:
    """A shipped layout by name (``hinkel-stein``, ``hilo-3``) or any layout file by path."""
    path = Path(name_or_path)
    if path.suffix == ".toml" and path.exists():
        text, source = path.read_text(encoding="utf-8"), str(path)
    else:
        res = resources.files(__package__) / "layouts" / f"{name_or_path}.toml"
        if not res.is_file():
            shipped = ", ".join(sorted(_shipped()))
            raise ValueError(
                msg(
                    "no layout {name!r}; shipped: {shipped}",
                    name=str(name_or_path),
                    shipped=shipped,
                )
            )
        text, source = res.read_text(encoding="utf-8"), f"layouts/{name_or_path}.toml"
    data = _load_text(text, source)
    if "mats" in data:
        return table_layout(data, source=source)
    return parse_layout(data, source=source)


def _mat_template(name: str, source: str) -> dict:
    res = resources.files(__package__) / "layouts" / "mats" / f"{name}.toml"
    if not isinstance(name, str) or not res.is_file():
        raise ValueError(
            msg("{source}: no mat template {name!r} in layouts/mats/", source=source, name=name)
        )
    return _load_text(res.read_text(encoding="utf-8"), f"layouts/mats/{name}.toml")


def table_layout(data: dict, *, source: str = "layout") -> Layout:
    """A table of several mats (see the module doc) from parsed TOML; messages name the
    bad entry. Marker and cell ids must not repeat across the mats."""
    entries = data.get("mats")
    if not isinstance(entries, list) or not entries:
        raise ValueError(msg("{source}: mats must be a list of [[mats]] tables", source=source))
    mats: list[Layout] = []
    for k, entry in enumerate(entries, start=1):
        try:
            name, template, ids = entry["name"], entry["template"], entry["markers"]
        except (KeyError, TypeError) as e:
            raise ValueError(
                msg("{source}: mat {k}: missing field {field}", source=source, k=k, field=str(e))
            ) from None
        mat = _mat_template(template, source)
        if not isinstance(ids, list) or len(ids) != len(mat.get("markers", [])):
            raise ValueError(
                msg(
                    "{source}: mat {name}: give {n} marker ids, in the order of {template}'s"
                    " markers",
                    source=source,
                    name=name,
                    n=len(mat.get("markers", [])),
                    template=template,
                )
            )
        prefix = str(entry.get("prefix", ""))
        mat["name"] = name
        mat["markers"] = [{**m, "id": i} for m, i in zip(mat["markers"], ids, strict=True)]
        for g in mat.get("groups", []):
            g["region"] = f"{g['region']}{prefix}"
            g["cells"] = [{**c, "id": f"{prefix}{c['id']}"} for c in g["cells"]]
        mat["regions"] = {
            f"{r}{prefix}": [f"{prefix}{c}" for c in cells]
            for r, cells in mat.get("regions", {}).items()
        }
        if prefix:
            mat["title"] = f"{mat.get('title', template)}: player {prefix}"
        mats.append(parse_layout(mat, source=f"{source} (mat {name})"))
    cells = [c for m in mats for c in m.cells]
    markers = [i.id for m in mats for i in m.markers]
    if len({c.id for c in cells}) != len(cells):
        raise ValueError(
            msg("{source}: cell ids repeat across the mats (give each a prefix)", source=source)
        )
    if len(set(markers)) != len(markers):
        raise ValueError(msg("{source}: marker ids repeat across the mats", source=source))
    regions: dict[str, tuple[str, ...]] = {}
    pieces: dict[str, Piece] = {}
    for m in mats:
        regions.update(m.regions)
        pieces.update(m.pieces)
    return Layout(
        name=str(data.get("name", source)),
        title=str(data.get("title", data.get("name", source))),
        size_mm=(0.0, 0.0),
        surface=mats[0].surface,
        white_balance="surface",
        markers=(),
        cells=tuple(cells),
        pieces=pieces,
        regions=regions,
        mats=tuple(mats),
    )


def grid_layout(cols: int, rows: int, *, pitch_mm: tuple[float, float] = (22.0, 23.7)) -> Layout:
    """A plain ``cols`` × ``rows`` grid of points (a Go board: 19 × 19, 22 × 23.7 mm pitch).

    Point (0, 0) is the top-left intersection at board (0, 0) mm; the board has no markers
    and is located from its four corner points given by hand. Labels: black, white, empty.
    """
    if cols < 1 or rows < 1 or cols * rows < 2:
        raise ValueError(f"a grid needs at least two points, not {cols} × {rows}")
    px, py = pitch_mm
    stone = (0.95 * px, 0.95 * px)
    # Colours as they read once each point is balanced on the board around it (which
    # becomes the nominal wood): white stones come out brighter and paler than the wood,
    # not white, since the board's own tint is divided out of them too.
    pieces = {
        "black": Piece("black", "#1e1e1e", "disc", stone),
        "white": Piece("white", "#ecdaaf", "disc", stone),
    }
    labels, surface = ("black", "white"), "#d7a95e"
    cells = tuple(
        Cell(f"{c + 1}-{r + 1}", (c * px, r * py), "point", (px, py), "grid", labels, surface)
        for r in range(rows)
        for c in range(cols)
    )
    return Layout(
        name=f"grid-{cols}x{rows}",
        title=f"{cols} × {rows} grid",
        size_mm=((cols - 1) * px, (rows - 1) * py),
        surface=surface,
        white_balance="surface",
        markers=(),
        cells=cells,
        pieces=pieces,
        regions={"grid": tuple(c.id for c in cells)},
    )


def parse_grid(text: str) -> tuple[int, int]:
    """``"19x19"`` -> (19, 19): columns by rows."""
    try:
        cols, rows = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--grid wants COLSxROWS such as 19x19, not {text!r}") from None
    return cols, rows
