"""Setup: train a colour model from frames of the empty board and of each colour laid down
once, and keep it in a TOML profile (``calibration/colours-LAYOUT.toml``).

"Lay each colour down once": for a frame given with a single label, the cells that look
different from the empty board are taken as that colour (one piece or several). A frame
may instead come with an explicit {cell id: label} map (the synthetic renderer's truth).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from .classify import ColourModel, fit_model, nominal_model
from .layout import Layout
from .markers import MarkerFinder
from .pose import PoseError, pose_from_markers
from .sampling import CellSampler, CellSamples

#: A cell differs from the empty board when its centre moved this far (ΔE).
CHANGED_DELTA_E = 15.0
FORMAT = "companion colours v1"


def frame_samples(
    image: np.ndarray, layout: Layout, *, finder: MarkerFinder | None = None
) -> CellSamples:
    """The cell samples of one setup frame; ``PoseError`` when the board is not found."""
    markers = (finder or MarkerFinder()).find(image)
    pose = pose_from_markers(markers, layout)
    return CellSampler(layout).sample(image, pose)


def calibrate(
    layout: Layout,
    empty: Sequence[np.ndarray],
    laid: Sequence[tuple[np.ndarray, str | Mapping[str, str]]],
) -> tuple[ColourModel, dict[str, list[str]]]:
    """Train a model; returns it and, per label, the cells its samples came from.

    Raises ``PoseError`` (board not found in a frame) or ``ValueError`` (a colour that no
    frame shows, a label the layout does not have), with a message for the person at
    the table.
    """
    finder = MarkerFinder()
    empty_s = []
    for k, img in enumerate(empty):
        try:
            s = frame_samples(img, layout, finder=finder)
        except PoseError as e:
            raise PoseError(f"empty-board frame {k + 1}: {e}") from None
        empty_s.append(s)
    # a first model from the empty board alone tells what changed in the laid frames
    nominal = nominal_model(layout)
    first = fit_model(layout, [(s, nominal.gains(s)[0]) for s in empty_s], [], allow_missing=True)
    laid_s = []
    used: dict[str, list[str]] = {}
    for k, (img, what) in enumerate(laid):
        try:
            s = frame_samples(img, layout, finder=finder)
        except PoseError as e:
            raise PoseError(
                f"frame {k + 1} ({what if isinstance(what, str) else 'labelled'}): {e}"
            ) from None
        gains = first.gains(s)[0]
        if isinstance(what, str):
            if what not in layout.pieces:
                raise ValueError(
                    f"{what!r} is not a piece of {layout.name}: {', '.join(layout.pieces)}"
                )
            col = first.colours(s, gains)
            moved = np.linalg.norm(col.lab - first.empty_lab, axis=1) > CHANGED_DELTA_E
            labels = {
                c.id: what
                for c, m, occ in zip(layout.cells, moved, col.occluded, strict=True)
                if m and not occ and what in c.pieces
            }
            if not labels:
                raise ValueError(
                    f"no {what} found in its frame: lay at least one {what} piece on a cell"
                )
        else:
            labels = dict(what)
        for cell_id, label in labels.items():
            used.setdefault(label, []).append(cell_id)
        laid_s.append((s, gains, labels))
    model = fit_model(layout, [(s, first.gains(s)[0]) for s in empty_s], laid_s)
    return model, used


def _vec(v) -> str:
    return "[" + ", ".join(f"{x:.5g}" for x in np.ravel(v)) + "]"


def save_model(model: ColourModel, path: str | Path, *, note: str = "") -> Path:
    """Write ``model`` as TOML (human-readable: one table per label, one per cell)."""
    lay = model.layout
    lines = [
        f"# {FORMAT}: layout {lay.name}" + (f"; {note}" if note else ""),
        f'format = "{FORMAT}"',
    ]
    lines += [
        f'layout = "{lay.name}"',
        f'source = "{model.source}"',
        f"neutral_rgb = {_vec(model.neutral_rgb)}",
    ]
    lines += [f"empty_cov_lab = {_vec(model.empty_cov)}", ""]
    for label in model.means:
        lines += [f'[labels."{label}"]', f"mean_lab = {_vec(model.means[label])}"]
        lines += [f"cov_lab = {_vec(model.covs[label])}", ""]
    for i, c in enumerate(lay.cells):
        lines += [f'[cells."{c.id}"]', f"empty_lab = {_vec(model.empty_lab[i])}"]
        lines += [f"ring_rgb = {_vec(model.ring_rgb[i])}", ""]
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text("\n".join(lines), encoding="utf-8")
    return p


def load_model(path: str | Path, layout: Layout) -> ColourModel:
    """Read a profile written by ``save_model`` for ``layout`` (``ValueError`` if it does not
    fit the layout or is not a profile)."""
    import tomllib

    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{path}: not valid TOML ({e})") from None
    if data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a colour profile ({FORMAT!r} expected)")
    if data.get("layout") != layout.name:
        raise ValueError(f"{path}: a profile for {data.get('layout')!r}, not for {layout.name!r}")
    try:
        cells = [data["cells"][c.id] for c in layout.cells]
        ring = np.array([np.reshape(c["ring_rgb"], (-1, 3)) for c in cells])
        return ColourModel(
            layout=layout,
            ring_rgb=ring,
            empty_lab=np.array([c["empty_lab"] for c in cells]),
            means={k: np.array(v["mean_lab"]) for k, v in data["labels"].items()},
            covs={k: np.reshape(v["cov_lab"], (3, 3)) for k, v in data["labels"].items()},
            empty_cov=np.reshape(data["empty_cov_lab"], (3, 3)),
            neutral_rgb=np.array(data["neutral_rgb"]),
            source=data.get("source", "calibrated"),
        )
    except (KeyError, ValueError) as e:
        raise ValueError(f"{path}: incomplete profile ({e})") from None
