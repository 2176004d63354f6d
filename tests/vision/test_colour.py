"""Colour maths: sRGB, linear light and CIELAB agree with the published values."""

from __future__ import annotations

import numpy as np
import pytest

from companion.sensing.vision.colour import (
    bgr8_to_linear_rgb,
    delta_e,
    hex_to_lab,
    lab_to_linear_rgb,
    linear_rgb_to_lab,
    linear_to_srgb,
    srgb_to_linear,
    white_balance_gains,
)


@pytest.mark.parametrize(
    ("colour", "lab"),
    [
        ("#ffffff", (100.0, 0.0, 0.0)),
        ("#000000", (0.0, 0.0, 0.0)),
        ("#ff0000", (53.24, 80.09, 67.20)),  # sRGB red, D65 (Lindbloom)
        ("#777777", (50.03, 0.0, 0.0)),
    ],
)
def test_srgb_colours_have_their_published_cielab_values(colour, lab):
    assert hex_to_lab(colour) == pytest.approx(lab, abs=0.05)


def test_lab_and_linear_rgb_round_trip():
    rgb = np.random.default_rng(1).uniform(0, 1, (200, 3))
    assert lab_to_linear_rgb(linear_rgb_to_lab(rgb)) == pytest.approx(rgb, abs=1e-9)
    assert srgb_to_linear(linear_to_srgb(rgb)) == pytest.approx(rgb, abs=1e-9)


def test_bgr_pixels_are_read_as_linear_rgb_in_rgb_order():
    px = np.array([[[0, 0, 255]]], dtype=np.uint8)  # pure red in OpenCV's BGR
    assert bgr8_to_linear_rgb(px)[0, 0] == pytest.approx([1.0, 0.0, 0.0])


def test_white_balance_gains_bring_a_tinted_grey_card_back_to_grey():
    grey = srgb_to_linear(np.array([0.74, 0.74, 0.74]))
    warm_light = np.array([1.0, 0.78, 0.45])  # a tungsten lamp, seen by a daylight camera
    gains = white_balance_gains(grey * warm_light, grey)
    stone = srgb_to_linear(np.array([0.2, 0.4, 0.8]))
    assert delta_e(linear_rgb_to_lab(stone * warm_light * gains), linear_rgb_to_lab(stone)) < 1e-6
