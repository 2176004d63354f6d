"""Shared helpers for the vision tests: calibrated colour models, seeded renders."""

from __future__ import annotations

from functools import cache

import numpy as np

from companion.devices.render import Render, render
from companion.devices.scenes import random_scene, setup_frames
from companion.sensing.vision.calibrate import calibrate
from companion.sensing.vision.classify import ColourModel
from companion.sensing.vision.layout import Layout, layout_names, load_layout

LAYOUTS = tuple(layout_names())


@cache
def layout(name: str) -> Layout:
    return load_layout(name)


@cache
def calibrated(name: str) -> ColourModel:
    """The model ``companion calibrate colours`` would train at setup: the empty board
    twice and each colour laid down once, under one random lamp (seed fixed per layout)."""
    lay = layout(name)
    rng = np.random.default_rng(1000 + LAYOUTS.index(name))
    empty, laid = setup_frames(lay, rng)
    model, _ = calibrate(lay, empty, laid)
    return model


def random_render(name: str, seed: int, **kw) -> Render:
    """A random table of layout ``name`` drawn from ``seed`` (pose, light, hands...)."""
    rng = np.random.default_rng(seed)
    return render(random_scene(layout(name), rng, **kw), rng)


def cell_accuracy(reading, truth: Render) -> tuple[int, int]:
    """(right, counted) over the cells no hand covers."""
    right = counted = 0
    for c in truth.scene.layout.cells:
        if c.id in truth.occluded:
            continue
        counted += 1
        right += reading.ok and reading.cells[c.id].label == truth.truth(c.id)
    return right, counted
