"""A registered deck: each printed design's look, built once from its picture.

A deck folder holds ``deck.toml`` and one picture per design, ``<id>.png`` or ``<id>.jpg``,
plus ``back.png`` (or ``.jpg``), the cards' common back::

    name = "heuchel-meuchel"        # for people
    game = "heuchel-meuchel"        # the game it is for
    card_mm = [40.0, 56.0]          # the card: width, height (upright)
    provisional = false             # optional
    [[designs]]
    id = "F1"                       # the picture is F1.png or F1.jpg
    copies = 1                      # optional, default 1
    class = "fire-eater"            # anything else: the game's data, kept as given
    value = 1

A picture is a flat scan or a photo of the card on a plain background: the card's
outline is found (``card_outline``), so it need not be cropped. Registration
(``register``) warps every picture to a small upright template (``TEMPLATE_W`` px
across, colour, zero mean per channel: the light's brightness and tint fall out), and
names the designs too alike to tell apart (``TOO_ALIKE``) or alike enough that only a
small region tells them apart (``TWINS``: told apart by that region, weighted, see
``RegisteredDeck.twin_weights``). It also keeps every picture warped upright at
``FINE_PX_PER_MM`` (``RegisteredDeck.fine``): twins are told apart on those, on the
patches where they differ (``twins.py``). The result is stored beside the deck as
``registered.npz`` and rebuilt when a picture or ``deck.toml`` is newer (or the store
lacks what this version needs).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from ...errors import CompanionError
from ...i18n.message import msg, nmsg

#: Template width (px); its height follows the card's shape.
TEMPLATE_W = 48
#: Scale (px per card mm) of the fine pictures twins are told apart on.
FINE_PX_PER_MM = 2.0
#: Millimetres of card edge left out of every template (a slightly misplaced outline).
EDGE_MM = 1.5
#: Two designs more alike than this (template correlation) cannot be told apart: an error.
TOO_ALIKE = 0.997
#: Two designs more alike than this are twins, told apart by where they differ.
TWINS = 0.8
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg")
STORE = "registered.npz"
BACK = "back"


class DeckError(CompanionError, ValueError):
    """A deck folder that cannot be registered or used; the message names the file."""


@dataclass(frozen=True)
class DesignInfo:
    """One design of a deck: ``id``, ``copies`` and the game's ``data`` (as in deck.toml)."""

    id: str
    copies: int = 1
    data: dict = field(default_factory=dict)


@dataclass
class RegisteredDeck:
    """What recognition needs: ``ids`` (designs, then ``back`` last), ``templates``
    (n, H, W, 3) float32 (zero mean per channel, unit norm), the card's ``card_mm``,
    ``twins`` (pairs of indices alike above ``TWINS``) with ``twin_weights`` (per
    pair, H × W: where they differ), and ``warnings`` for people."""

    name: str
    game: str
    card_mm: tuple[float, float]
    designs: tuple[DesignInfo, ...]
    ids: tuple[str, ...]
    templates: np.ndarray
    twins: dict[tuple[int, int], np.ndarray]
    warnings: tuple[str, ...] = ()
    provisional: bool = False
    fine: np.ndarray | None = None

    @property
    def template_size(self) -> tuple[int, int]:
        """(width, height) px of a template."""
        return template_size(self.card_mm)

    def design(self, design_id: str) -> DesignInfo:
        return next(d for d in self.designs if d.id == design_id)


def template_size(card_mm: tuple[float, float]) -> tuple[int, int]:
    return TEMPLATE_W, round(TEMPLATE_W * card_mm[1] / card_mm[0])


def fine_size(card_mm: tuple[float, float]) -> tuple[int, int]:
    """(width, height) px of a fine picture: the card at ``FINE_PX_PER_MM``."""
    return round(card_mm[0] * FINE_PX_PER_MM), round(card_mm[1] * FINE_PX_PER_MM)


def normalise(card: np.ndarray) -> np.ndarray:
    """A card warped to template size (BGR uint8 or float) -> the template vector form:
    softened (0.7 px: fine print aliases), float32 CIELAB (L, a / 2, b / 2), the edge cut off,
    each channel zero mean, the whole unit norm."""
    soft = cv2.GaussianBlur(card, (0, 0), 0.7)
    lab = cv2.cvtColor(soft, cv2.COLOR_BGR2Lab).astype(np.float32)  # 8-bit scale
    lab[..., 0] *= 100 / 255
    lab[..., 1:] = (lab[..., 1:] - 128) * 0.5
    h, w = lab.shape[:2]
    e = max(1, round(EDGE_MM * w / 40))
    inner = np.zeros((h, w), bool)
    inner[e : h - e, e : w - e] = True
    lab -= lab[inner].mean(axis=0)
    lab[~inner] = 0
    norm = np.linalg.norm(lab)
    return (lab / max(norm, 1e-6)).astype(np.float32)


def card_outline(image: np.ndarray, aspect: float) -> np.ndarray | None:
    """The four corners (px; top-left, top-right, bottom-right, bottom-left, upright
    portrait) of the card in a picture on a plain background, or None when no outline of
    the card's ``aspect`` (height / width) is found. A picture whose own shape is the
    card's (within 4 %) is taken as cropped to the card's edge."""
    h, w = image.shape[:2]
    if abs((max(h, w) / min(h, w)) / aspect - 1) < 0.04:  # cropped to the card's edge
        quad = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
        return _upright(quad)
    border = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]]).astype(np.float32)
    ground = np.median(border, axis=0)
    if (np.abs(border - ground).max(axis=1) < 40).mean() < 0.85:
        return None  # no plain background around the card
    diff = np.abs(image.astype(np.float32) - ground).max(axis=2)
    mask = (diff > 40).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    big = max(contours, key=cv2.contourArea)
    if cv2.contourArea(big) < 0.1 * h * w:
        return None
    quad = _quad(big)
    if quad is None or abs(_aspect(quad) / aspect - 1) > 0.12:
        return None
    return quad


def _quad(contour: np.ndarray) -> np.ndarray | None:
    peri = cv2.arcLength(contour, True)
    approx = cv2.approxPolyDP(contour, 0.03 * peri, True)
    if len(approx) == 4 and cv2.isContourConvex(approx):
        pts = approx.reshape(4, 2).astype(np.float32)
    else:
        pts = cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float32)
    return _upright(pts)


def _upright(pts: np.ndarray) -> np.ndarray:
    """Corners ordered clockwise from the top-left, the long side vertical."""
    c = pts.mean(axis=0)
    ang = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    pts = pts[np.argsort(ang)]  # clockwise in image coordinates (y down)
    start = int(np.argmin(pts.sum(axis=1)))
    pts = np.roll(pts, -start, axis=0)
    if np.linalg.norm(pts[1] - pts[0]) > np.linalg.norm(pts[3] - pts[0]):
        pts = np.roll(pts, -1, axis=0)  # landscape: turn it so that it stands
    return pts


def _aspect(quad: np.ndarray) -> float:
    w = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    h = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    return float(h / max(w, 1e-6))


def warp_card(image: np.ndarray, quad: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The card inside ``quad`` (4 corners, clockwise from its top-left) at ``size``."""
    w, h = size
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_AREA)


def _fine_picture(image: np.ndarray, quad: np.ndarray, card_mm: tuple[float, float]):
    """The card inside ``quad`` upright at ``FINE_PX_PER_MM``, softened first as far as
    the picture is finer (no aliasing of fine print)."""
    src_px_per_mm = np.linalg.norm(quad[1] - quad[0]) / card_mm[0]
    ratio = src_px_per_mm / FINE_PX_PER_MM
    if ratio > 1.2:
        image = cv2.GaussianBlur(image, (0, 0), 0.45 * ratio)
    return warp_card(image, quad, fine_size(card_mm))


def _read_picture(path: Path) -> np.ndarray:
    data = np.fromfile(str(path), dtype=np.uint8)
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None:
        raise DeckError(
            msg("{path}: not a picture OpenCV can read (empty or corrupt?)", path=str(path))
        )
    return image


def _picture(folder: Path, design_id: str) -> Path:
    for suffix in PICTURE_SUFFIXES:
        p = folder / f"{design_id}{suffix}"
        if p.is_file():
            return p
    raise DeckError(
        msg(
            "{folder}: no picture of design {design!r}: expected {design}.png or {design}.jpg",
            folder=str(folder),
            design=design_id,
        )
    )


def load_deck_file(folder: str | Path) -> tuple[dict, tuple[DesignInfo, ...]]:
    """``deck.toml`` of ``folder`` checked: (its top-level fields, the designs)."""
    root = Path(folder)
    if not root.is_dir():
        raise DeckError(msg("{root}: no such deck folder", root=str(root)))
    path = root / "deck.toml"
    if not path.is_file():
        raise DeckError(
            msg(
                "{root}: no deck.toml (a deck folder holds deck.toml and the pictures)",
                root=str(root),
            )
        )
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise DeckError(msg("{path}: not valid TOML ({e})", path=str(path), e=str(e))) from None
    card = data.get("card_mm")
    if not (
        isinstance(card, list)
        and len(card) == 2
        and all(isinstance(v, int | float) and 10 <= v <= 300 for v in card)
    ):
        raise DeckError(
            msg(
                "{path}: card_mm must be [width, height] in mm (10-300), not {card!r}",
                path=str(path),
                card=card,
            )
        )
    raw = data.get("designs")
    if not isinstance(raw, list) or not raw:
        raise DeckError(msg("{path}: no [[designs]]; each design needs an id", path=str(path)))
    designs, seen = [], set()
    for k, d in enumerate(raw, start=1):
        did = d.get("id") if isinstance(d, dict) else None
        if not isinstance(did, str) or not did or "/" in did or did.startswith("."):
            raise DeckError(
                msg(
                    "{path}: design {k}: id must be a file name, not {id!r}",
                    path=str(path),
                    k=k,
                    id=did,
                )
            )
        if did == BACK:
            raise DeckError(
                msg(
                    "{path}: design {k}: id {id!r} is the cards' back, not a design",
                    path=str(path),
                    k=k,
                    id=BACK,
                )
            )
        if did in seen:
            raise DeckError(
                msg("{path}: two designs have the id {id!r}; each id once", path=str(path), id=did)
            )
        seen.add(did)
        copies = d.get("copies", 1)
        if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
            raise DeckError(
                msg(
                    "{path}: design {id!r}: copies must be 1 or more, not {copies!r}",
                    path=str(path),
                    id=did,
                    copies=copies,
                )
            )
        extra = {key: v for key, v in d.items() if key not in ("id", "copies")}
        designs.append(DesignInfo(did, copies, extra))
    for p in sorted(root.iterdir()):
        stem = p.stem
        if p.suffix.lower() in PICTURE_SUFFIXES and stem not in seen and stem != BACK:
            raise DeckError(
                msg(
                    "{path}: no design {id!r} in deck.toml (a picture per design id)",
                    path=str(p),
                    id=stem,
                )
            )
    return data, tuple(designs)


def register(folder: str | Path) -> RegisteredDeck:
    """Build what recognition needs from a deck folder (see the module doc); raises
    ``DeckError`` naming the file for every problem, or the designs too alike."""
    root = Path(folder)
    data, designs = load_deck_file(root)
    card_mm = (float(data["card_mm"][0]), float(data["card_mm"][1]))
    aspect = card_mm[1] / card_mm[0]
    size = template_size(card_mm)
    templates, fine = [], []
    for did in [*(d.id for d in designs), BACK]:
        path = _picture(root, did)
        image = _read_picture(path)
        quad = card_outline(image, aspect)
        if quad is None:
            raise DeckError(
                msg(
                    "{path}: no card outline of {w:g} x {h:g} mm's shape found: a flat scan, or"
                    " the card on a plain background",
                    path=str(path),
                    w=card_mm[0],
                    h=card_mm[1],
                )
            )
        templates.append(normalise(warp_card(image, quad, size)))
        fine.append(_fine_picture(image, quad, card_mm))
    t = np.stack(templates)
    flat = t.reshape(len(t), -1)
    sim = flat @ flat.T
    n = len(designs)
    twins, alike = {}, []
    for i in range(n + 1):
        for j in range(i + 1, n + 1):
            if sim[i, j] > TOO_ALIKE:
                a = designs[i].id if i < n else BACK
                b = designs[j].id if j < n else BACK
                raise DeckError(
                    msg(
                        "{root}: designs {a!r} and {b!r} are too alike to tell apart (correlation"
                        " {r:.3f}); photograph them sharper or merge them",
                        root=str(root),
                        a=a,
                        b=b,
                        r=float(sim[i, j]),
                    )
                )
            if sim[i, j] > TWINS:
                diff = np.linalg.norm(t[i] - t[j], axis=-1)
                weight = cv2.GaussianBlur(diff, (0, 0), 1.0)
                twins[(i, j)] = (weight / max(weight.max(), 1e-6)).astype(np.float32)
                if j < n:
                    alike.append(f"{designs[i].id}~{designs[j].id}")
    warnings = []
    if alike:
        pairs: Any = ", ".join(alike[:8])
        if len(alike) > 8:
            pairs = msg("{pairs} and {n} more", pairs=pairs, n=len(alike) - 8)
        warnings.append(
            nmsg(
                "{n} pair of designs alike but for a small region (their numbers), told apart"
                " on that region: {pairs}",
                "{n} pairs of designs alike but for a small region (their numbers), told"
                " apart on that region: {pairs}",
                len(alike),
                n=len(alike),
                pairs=pairs,
            )
        )
    deck = RegisteredDeck(
        name=str(data.get("name", root.name)),
        game=str(data.get("game", "")),
        card_mm=card_mm,
        designs=designs,
        ids=(*(d.id for d in designs), BACK),
        templates=t,
        twins=twins,
        warnings=tuple(warnings),
        provisional=bool(data.get("provisional", False)),
        fine=np.stack(fine),
    )
    save(deck, root / STORE)
    return deck


def save(deck: RegisteredDeck, path: Path) -> None:
    pairs = np.array(list(deck.twins), dtype=np.int32).reshape(-1, 2)
    weights = np.stack(list(deck.twins.values())) if deck.twins else np.zeros((0, 1, 1))
    extra = {} if deck.fine is None else {"fine": deck.fine}
    np.savez_compressed(path, templates=deck.templates, pairs=pairs, weights=weights, **extra)


def load_deck(folder: str | Path) -> RegisteredDeck:
    """The registered deck of ``folder``: from ``registered.npz`` when it is newer than
    ``deck.toml`` and every picture, else registered afresh (and stored)."""
    root = Path(folder)
    data, designs = load_deck_file(root)
    store = root / STORE
    inputs = [
        root / "deck.toml",
        *(p for p in root.iterdir() if p.suffix.lower() in PICTURE_SUFFIXES),
    ]
    if not store.is_file() or store.stat().st_mtime < max(p.stat().st_mtime for p in inputs):
        return register(root)
    with np.load(store) as z:
        if "fine" not in z.files:  # stored by an older version: rebuilt
            return register(root)
        templates, pairs, weights, fine = z["templates"], z["pairs"], z["weights"], z["fine"]
    card_mm = (float(data["card_mm"][0]), float(data["card_mm"][1]))
    if len(templates) != len(designs) + 1 or fine.shape[1:3] != fine_size(card_mm)[::-1]:
        return register(root)
    return RegisteredDeck(
        name=str(data.get("name", root.name)),
        game=str(data.get("game", "")),
        card_mm=card_mm,
        designs=designs,
        ids=(*(d.id for d in designs), BACK),
        templates=templates,
        twins={(int(a), int(b)): w for (a, b), w in zip(pairs, weights, strict=True)},
        provisional=bool(data.get("provisional", False)),
        fine=fine,
    )
