"""Generated card faces: the ready decks of Heuchel & Meuchel and HiLo, and random decks
with near-twins for tests. Deterministic: the same design always gives the same picture.

A face is a light card with a framed picture (shapes drawn from a seed: the *art*) and
its numbers printed large (a camera at 1 px/mm must read them). Near-twins share their
art: Heuchel & Meuchel's six values of one class, HiLo's cards of one kind; only their
numbers differ, as on printed decks. ``write_ready_deck`` writes a deck folder
(``deck.toml``, ``back.png``, one ``<id>.png`` per design) for ``companion calibrate
cards``: nothing is stored in the package but this code (the pictures are made on first
use, about 4 kB each, in a second for a whole deck).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

#: Pixels per millimetre of a generated picture (a flat scan at about 100 dpi).
PX_PER_MM = 4.0
READY_GAMES = ("heuchel-meuchel", "hilo")


@dataclass(frozen=True)
class Design:
    """One card design: ``id``, its ``art`` key (twins share it), the ``numbers`` printed
    on it ((text, where) with where in centre/top/right/bottom/left/corners), the game's
    ``data`` for deck.toml, and ``copies``."""

    id: str
    art: str
    numbers: tuple[tuple[str, str], ...]
    data: dict = field(default_factory=dict)
    copies: int = 1


def _seed(key: str) -> int:
    return zlib.crc32(key.encode("utf-8"))


def draw_face(design: Design, card_mm: tuple[float, float], *, px_per_mm: float = PX_PER_MM):
    """The face of ``design`` as a BGR ``uint8`` picture, upright, ``card_mm`` (w, h)."""
    w, h = round(card_mm[0] * px_per_mm), round(card_mm[1] * px_per_mm)
    rng = np.random.default_rng(_seed(design.art))
    paper = rng.integers(215, 245, 3)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = paper
    m = round(3 * px_per_mm)
    frame = tuple(int(v) for v in rng.integers(30, 200, 3))
    ground = tuple(int(v) for v in rng.integers(60, 230, 3))
    cv2.rectangle(img, (m, m), (w - m, h - m), ground, -1)
    for _ in range(int(rng.integers(5, 9))):  # the picture: shapes of the art's own colours
        colour = tuple(int(v) for v in rng.integers(0, 255, 3))
        cx, cy = int(rng.integers(m, w - m)), int(rng.integers(m, h - m))
        size = int(rng.integers(w // 10, w // 3))
        kind = rng.integers(3)
        if kind == 0:
            cv2.circle(img, (cx, cy), size, colour, -1, cv2.LINE_AA)
        elif kind == 1:
            cv2.rectangle(img, (cx - size, cy - size // 2), (cx + size, cy + size // 2), colour, -1)
        else:
            pts = rng.integers(-size, size, (3, 2)) + np.array([cx, cy])
            cv2.fillPoly(img, [pts.astype(np.int32)], colour, cv2.LINE_AA)
    img[:m], img[h - m :], img[:, :m], img[:, w - m :] = paper, paper, paper, paper
    cv2.rectangle(img, (m, m), (w - m, h - m), frame, max(1, round(0.8 * px_per_mm)))
    for text, where in design.numbers:
        _number(img, text, where, px_per_mm)
    return img


def _number(img: np.ndarray, text: str, where: str, ppm: float) -> None:
    """``text`` on a white disc, large: 11 mm tall at the centre, 7 mm on an edge."""
    h, w = img.shape[:2]
    big = where == "centre"
    height_mm = 11.0 if big else 7.0
    scale = cv2.getFontScaleFromHeight(cv2.FONT_HERSHEY_DUPLEX, round(height_mm * ppm), 3)
    thick = max(2, round((1.6 if big else 1.1) * ppm))
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, thick)
    spots = {
        "centre": (w / 2, h / 2),
        "top": (w / 2, 0.14 * h),
        "bottom": (w / 2, 0.86 * h),
        "left": (0.2 * w, h / 2),
        "right": (0.8 * w, h / 2),
        "corner": (0.24 * w, 0.15 * h),
    }
    x, y = spots[where]
    r = round(0.62 * max(tw, th))
    cv2.circle(img, (round(x), round(y)), r, (250, 250, 250), -1, cv2.LINE_AA)
    org = (round(x - tw / 2), round(y + th / 2))
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_DUPLEX, scale, (20, 20, 20), thick, cv2.LINE_AA)


def draw_back(name: str, card_mm: tuple[float, float], *, px_per_mm: float = PX_PER_MM):
    """A deck's back: one colour with a lattice, the same for every card."""
    w, h = round(card_mm[0] * px_per_mm), round(card_mm[1] * px_per_mm)
    rng = np.random.default_rng(_seed("back " + name))
    base = rng.integers(40, 120, 3)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = base
    step = round(10 * px_per_mm)
    line = tuple(int(v) for v in np.minimum(base + 90, 255))
    thick = max(1, round(2.0 * px_per_mm))
    for k in range(-h, w + h, step):
        cv2.line(img, (k, 0), (k + h, h), line, thick, cv2.LINE_AA)
        cv2.line(img, (k, 0), (k - h, h), line, thick, cv2.LINE_AA)
    m = round(3 * px_per_mm)
    cv2.rectangle(img, (m, m), (w - m, h - m), line, thick)
    return img


def heuchel_meuchel_designs() -> tuple[tuple[float, float], list[Design]]:
    """36 pawn cards: six classes (the art) × values 1-6 (the numbers)."""
    from ..games.heuchel_meuchel.names import CLASS_LETTER, CLASSES

    designs = [
        Design(
            f"{CLASS_LETTER[c]}{v}",
            art=f"heuchel-meuchel {c}",
            numbers=((str(v), "centre"), (f"{CLASS_LETTER[c]}{v}", "corner")),
            data={"class": c, "value": v},
        )
        for c in CLASSES
        for v in range(1, 7)
    ]
    return (40.0, 56.0), designs


def hilo_designs() -> tuple[tuple[float, float], list[Design]]:
    """The HiLo catalogue's designs (provisional): the kind is the art; the half
    Sterntaler on the four edges and the whole ones are the numbers."""
    from ..games.hilo.catalogue import CATALOGUES, DEFAULT_CATALOGUE

    cat = CATALOGUES[DEFAULT_CATALOGUE]
    designs = []
    for c in cat.cards:
        numbers = [(str(c.whole), "centre")] if c.whole else []
        sides = ("top", "right", "bottom", "left")
        numbers += [(str(e), s) for e, s in zip(c.edges, sides, strict=True) if e]
        designs.append(
            Design(
                c.id,
                art=f"hilo {c.kind}",
                numbers=tuple(numbers),
                data={"kind": c.kind, "edges": list(c.edges), "whole": c.whole},
                copies=c.count,
            )
        )
    return (44.0, 68.0), designs


def random_designs(
    rng: np.random.Generator, n: int, *, twins: int = 3
) -> tuple[tuple[float, float], list[Design]]:
    """``n`` random designs for tests: groups of ``twins`` share their art and differ only
    in their number (the hardest case), the rest stand alone."""
    designs = []
    for k in range(n):
        group = k // twins
        art = f"random {int(rng.integers(1 << 30))}" if k % twins == 0 else designs[-1].art
        designs.append(
            Design(f"d{k:02d}", art=art, numbers=((str(k % twins + 1 + group % 3), "centre"),))
        )
    return (44.0, 68.0), designs


def write_deck(
    folder: str | Path,
    name: str,
    game: str,
    card_mm: tuple[float, float],
    designs: list[Design],
    *,
    provisional: bool = False,
) -> Path:
    """A deck folder: ``deck.toml``, ``back.png`` and ``<id>.png`` per design."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    lines = [
        f'name = "{name}"',
        f'game = "{game}"',
        f"card_mm = [{card_mm[0]}, {card_mm[1]}]",
    ]
    if provisional:
        lines.append(
            "provisional = true  # as the HiLo catalogue: check it against the printed deck"
        )
    for d in designs:
        lines += ["", "[[designs]]", f'id = "{d.id}"', f"copies = {d.copies}"]
        for k, v in d.data.items():
            lines.append(f"{k} = {v!r}".replace("'", '"') if isinstance(v, str) else f"{k} = {v}")
        cv2.imwrite(str(out / f"{d.id}.png"), draw_face(d, card_mm))
    cv2.imwrite(str(out / "back.png"), draw_back(name, card_mm))
    (out / "deck.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def write_ready_deck(game: str, folder: str | Path) -> Path:
    """The ready deck of ``game`` (one of ``READY_GAMES``) written into ``folder``."""
    if game == "heuchel-meuchel":
        card_mm, designs = heuchel_meuchel_designs()
        return write_deck(folder, "heuchel-meuchel (generated)", game, card_mm, designs)
    if game == "hilo":
        card_mm, designs = hilo_designs()
        return write_deck(
            folder, "hilo (generated, provisional)", game, card_mm, designs, provisional=True
        )
    raise ValueError(f"no ready deck for {game!r}; ready decks: {', '.join(READY_GAMES)}")
