"""Demo camera frames, made cheaply: the table rendered once per way it lies.

A full render of the metre-long board (``devices.render``) costs about half a CPU second
at 1600x900 on a small machine, most of it in whole-frame float maths; a demo game needs
a few hundred frames, most of them of a table that did not change since the last one
(the camera waits for the cards to lie still). ``FrameMaker`` therefore renders the
table without sensor noise and JPEG once for each way the cards lie (``clean``), and
makes each frame from that picture:

- fresh sensor noise each frame, drawn from the seeded generator, the same model as the
  renderer's (shot noise ``noise * sqrt(linear light)``) carried into sRGB to first
  order by a lookup table per 8-bit value; then the scene's JPEG quality;
- a hand reaching in (``Hand``) laid over the clean picture in its own box only: its
  soft shadow darkens the table, its skin (lit by the scene's lamp, gradient and
  vignetting) covers it, the scene's blur softens the edge (the renderer's own hand
  shape, ``render._hand_mask``).

About 0.15 to 0.19 CPU s a frame instead of 0.5 (bench/bench_heuchel_meuchel_table.py measures
it). Frames are test equipment: the vision never knows how they were made.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from ..sensing.vision.colour import LINEAR_LUT, linear_to_srgb
from .render import Hand, Scene, _hand_mask, render


def srgb_noise_lut(noise: float) -> np.ndarray:
    """Per 8-bit sRGB value: the standard deviation (in 8-bit steps) of shot noise
    ``noise * sqrt(max(linear, 0.002))`` added in linear light, carried into sRGB by the
    curve's slope there."""
    lin = LINEAR_LUT.astype(np.float64)
    sigma_lin = noise * np.sqrt(np.maximum(lin, 0.002))
    slope = np.where(lin <= 0.0031308, 12.92, 1.055 / 2.4 * np.maximum(lin, 1e-6) ** (-1.4 / 2.4))
    return (255 * sigma_lin * slope).astype(np.float32)


#: linear light in 1/4095 steps -> 8-bit sRGB
_SRGB8 = np.round(linear_to_srgb(np.arange(4096) / 4095) * 255).astype(np.uint8)


class FrameMaker:
    """Frames of ``scene`` (its pose, lamp, blur, noise and JPEG quality) with the cards
    given to ``frame``; ``rng`` draws the noise. The last clean picture is kept, keyed by
    the caller's ``key`` for the way the cards lie."""

    def __init__(self, scene: Scene, rng: np.random.Generator) -> None:
        self.scene = scene
        self.rng = rng
        #: per 8-bit value, the noise's standard deviation in 1/16 steps (int16)
        self._sigma16 = np.clip(np.round(srgb_noise_lut(scene.noise) * 16), 0, 255).astype(np.int16)
        self._bank: np.ndarray | None = None
        self._key: object = None
        self._clean: np.ndarray | None = None
        self.clean_renders = 0  # full renders made (the rest reused a clean picture)

    def clean(
        self,
        key: object,
        contents: dict[str, str],
        art: dict[str, np.ndarray],
        draw=None,
        *,
        offsets_mm: dict[str, tuple[float, float, float]] | None = None,
    ):
        """The table as the cards lie (``key`` names that way, ``draw`` paints what lies
        freely on it: the die; ``offsets_mm``: where each card lies off its cell, as
        ``Scene.offsets_mm``, None: the scene's own), no hand, noise or JPEG."""
        if self._clean is None or key != self._key:
            scene = replace(
                self.scene,
                contents=contents,
                art=art,
                hands=(),
                noise=0.0,
                jpeg_quality=0,
                draw=draw,
            )
            if offsets_mm is not None:
                scene = replace(scene, offsets_mm=offsets_mm)
            self._clean = render(scene, self.rng).image
            self._key = key
            self.clean_renders += 1
        return self._clean

    def frame(
        self,
        key: object,
        contents: dict[str, str],
        art: dict[str, np.ndarray],
        hand: Hand | None = None,
        draw=None,
        *,
        offsets_mm: dict[str, tuple[float, float, float]] | None = None,
    ) -> np.ndarray:
        """One camera frame (BGR ``uint8``) of the table as the cards lie, with ``hand``
        (``offsets_mm``: as for ``clean``)."""
        image = self.clean(key, contents, art, draw, offsets_mm=offsets_mm)
        if hand is not None:
            image = self._with_hand(image, hand)
        if self.scene.noise > 0:
            image = self._noisy(image)
        if self.scene.jpeg_quality:
            quality = [cv2.IMWRITE_JPEG_QUALITY, int(self.scene.jpeg_quality)]
            _, enc = cv2.imencode(".jpg", image, quality)
            image = cv2.imdecode(enc, cv2.IMREAD_COLOR)
        return image

    def _noisy(self, image: np.ndarray) -> np.ndarray:
        """``image`` with sensor noise: a window at a random offset into a bank of seeded
        normal deviates twice the frame's size (drawn once), in 1/16 steps, times each
        pixel's standard deviation in 1/16 steps: integer maths only."""
        n = image.size
        if self._bank is None or len(self._bank) < 2 * n:
            deviates = self.rng.standard_normal(2 * n, dtype=np.float32) * 16
            self._bank = np.clip(np.round(deviates), -127, 127).astype(np.int8)
        start = int(self.rng.integers(n))
        deviates = self._bank[start : start + n].reshape(image.shape)
        step = self._sigma16[image] * deviates  # int16: |sigma| <= 255, |deviate| <= 127
        return np.clip(image + ((step + 128) >> 8), 0, 255).astype(np.uint8)

    def _with_hand(self, image: np.ndarray, hand: Hand) -> np.ndarray:
        """``image`` with ``hand`` and its shadow laid over it, in the hand's box only."""
        w, h = self.scene.size_px
        blur = max(3.0, 0.012 * w)
        mask = _hand_mask(hand, self.scene.size_px)
        shifted = cv2.warpAffine(
            mask, np.float32([[1, 0, hand.shadow_px[0]], [0, 1, hand.shadow_px[1]]]), (w, h)
        )
        ys, xs = np.nonzero((mask > 0) | (shifted > 0))
        if len(xs) == 0:
            return image
        pad = math.ceil(3 * blur * 1.5) + 2
        x0, x1 = max(int(xs.min()) - pad, 0), min(int(xs.max()) + pad + 1, w)
        y0, y1 = max(int(ys.min()) - pad, 0), min(int(ys.max()) + pad + 1, h)
        lin = LINEAR_LUT[image[y0:y1, x0:x1, ::-1]]  # linear RGB
        shadow = cv2.GaussianBlur(
            shifted[y0:y1, x0:x1].astype(np.float32) / 255, (0, 0), blur * 1.5
        )
        lin = lin * (1 - 0.45 * shadow)[..., None]
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        gx, gy = self.scene.gradient
        field = 1 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5)
        field *= 1 - self.scene.vignette * (((xx - w / 2) / w) ** 2 + ((yy - h / 2) / h) ** 2) * 2
        (hx0, hy0), (hx1, hy1) = hand.from_px, hand.to_px
        t = np.clip(
            ((xx - hx0) * (hx1 - hx0) + (yy - hy0) * (hy1 - hy0))
            / max(1.0, (hx1 - hx0) ** 2 + (hy1 - hy0) ** 2),
            0,
            1,
        )
        skin = np.asarray(hand.colour, np.float32) * ((0.75 + 0.35 * t) * field)[..., None]
        skin *= np.asarray(self.scene.light_rgb, np.float32)
        if any(self.scene.tint):
            skin *= 1 + np.asarray(self.scene.tint, np.float32) * (xx / w - 0.5)[..., None]
        alpha = mask[y0:y1, x0:x1].astype(np.float32)[..., None] / 255
        if self.scene.blur_px > 0:
            alpha = cv2.GaussianBlur(alpha, (0, 0), self.scene.blur_px)[..., None]
        lin = lin * (1 - alpha) + skin * alpha
        out = image.copy()
        out[y0:y1, x0:x1] = _SRGB8[np.clip(lin[..., ::-1] * 4095 + 0.5, 0, 4095).astype(np.int16)]
        return out
