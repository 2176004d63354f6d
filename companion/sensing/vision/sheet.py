"""Printable mats: a layout drawn as SVG, true to scale (1 user unit = 1 mm).

The sheet carries the ArUco markers (black on white, with a white quiet zone one marker
bit wide), the neutral grey patch, every cell's outline and name, and a 100 mm scale bar
to check the print. Print at 100 % ("actual size"), never "fit to page".
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from .layout import Cell, Layout
from .markers import marker_bits

INK = "#5a4630"


def _f(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _el(tag: str, text: str = "", **attrs) -> str:
    """One SVG element; attribute names use ``_`` for ``-`` (``stroke_width``)."""
    parts = " ".join(
        f"{k.replace('_', '-')}={quoteattr(_f(v) if isinstance(v, float | int) else str(v))}"
        for k, v in attrs.items()
    )
    head = f"{tag} {parts}" if parts else tag
    return f"<{head}>{escape(text)}</{tag}>" if text else f"<{head}/>"


def _box(cx: float, cy: float, w: float, h: float, **attrs) -> str:
    return _el("rect", x=cx - w / 2, y=cy - h / 2, width=w, height=h, **attrs)


def _cell_svg(c: Cell) -> str:
    x, y = c.centre_mm
    w, h = c.size_mm
    line = {"fill": "none", "stroke": INK, "stroke_width": 1.2}
    if c.shape == "hex":
        r = w / math.sqrt(3)
        angles = [math.radians(30 + 60 * k) for k in range(6)]
        pts = " ".join(f"{_f(x + r * math.cos(a))},{_f(y + r * math.sin(a))}" for a in angles)
        shape = _el("polygon", points=pts, **line)
    elif c.shape == "rect":
        shape = _box(x, y, w, h, **line)
    elif c.shape == "circle":
        shape = _el("circle", cx=x, cy=y, r=w / 2, **line)
    else:
        shape = _el("circle", cx=x, cy=y, r=1.0, fill=INK)
    label = _el("text", c.id, x=x, y=y + h / 2 - 2.5, font_size=3.5, text_anchor="middle", fill=INK)
    return shape + label


def _marker_svg(marker_id: int, centre_mm: tuple[float, float], size_mm: float) -> str:
    bits = marker_bits(marker_id)
    n = bits.shape[0]
    bit = size_mm / n
    x0, y0 = centre_mm[0] - size_mm / 2, centre_mm[1] - size_mm / 2
    out = [
        f'<g id="marker-{marker_id}">',
        _box(*centre_mm, size_mm + 2 * bit, size_mm + 2 * bit, fill="#fff"),
    ]
    for r in range(n):
        for k in range(n):
            if bits[r, k] == 0:  # a hair over one bit, so neighbours print without seams
                out.append(
                    _el(
                        "rect",
                        x=x0 + k * bit,
                        y=y0 + r * bit,
                        width=bit + 0.02,
                        height=bit + 0.02,
                        fill="#000",
                    )
                )
    caption = f"ArUco 4x4 #{marker_id}"
    out.append(
        _el(
            "text",
            caption,
            x=centre_mm[0],
            y=y0 + size_mm + bit + 4,
            font_size=3,
            text_anchor="middle",
        )
    )
    return "".join(out) + "</g>"


def mat_svg(layout: Layout) -> str:
    """The whole mat of ``layout`` as an SVG document (width and height in mm)."""
    w, h = layout.size_mm
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(w)}mm" height="{_f(h)}mm"'
        f' viewBox="0 0 {_f(w)} {_f(h)}">',
        _el("title", f"{layout.title}: printable mat, 1:1"),
        _el(
            "rect",
            x=0,
            y=0,
            width=w,
            height=h,
            fill=layout.surface,
            stroke="#000",
            stroke_width=0.3,
        ),
    ]
    out += [_box(*d.centre_mm, *d.size_mm, fill=d.colour) for d in layout.decor]
    out += [_cell_svg(c) for c in layout.cells]
    if layout.neutral:
        n = layout.neutral
        out.append(_box(*n.centre_mm, *n.size_mm, fill=n.colour))
        out.append(
            _el("text", "grey: white balance", x=n.centre_mm[0], y=n.centre_mm[1] + 1,
                font_size=2.5, text_anchor="middle", fill="#777")
        )  # fmt: skip
    out += [_marker_svg(m.id, m.centre_mm, m.size_mm) for m in layout.markers]
    out.append(
        _el(
            "line",
            x1=w / 2 - 50,
            y1=h - 4,
            x2=w / 2 + 50,
            y2=h - 4,
            stroke="#000",
            stroke_width=0.6,
        )
    )
    out.append(
        _el("text", "100 mm: print at 100 %", x=w / 2, y=h - 5.5, font_size=3, text_anchor="middle")
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"
