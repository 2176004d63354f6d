"""Colour maths: sRGB <-> linear RGB <-> CIELAB (D65), white balance from a neutral patch.

Images are OpenCV's BGR ``uint8``; this module works on arrays of colours whose last axis
is (R, G, B) in linear light, 0..1, unless a name says otherwise. CIELAB is L* 0..100.
"""

from __future__ import annotations

import numpy as np

_M_RGB_TO_XYZ = np.array(
    [
        [0.4124564, 0.3575761, 0.1804375],
        [0.2126729, 0.7151522, 0.0721750],
        [0.0193339, 0.1191920, 0.9503041],
    ]
)
_M_XYZ_TO_RGB = np.linalg.inv(_M_RGB_TO_XYZ)
_WHITE_D65 = _M_RGB_TO_XYZ.sum(axis=1)


def srgb_to_linear(v: np.ndarray) -> np.ndarray:
    """sRGB values 0..1 -> linear light 0..1."""
    v = np.asarray(v, dtype=np.float64)
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(v: np.ndarray) -> np.ndarray:
    """Linear light 0..1 -> sRGB values 0..1 (clipped)."""
    v = np.clip(np.asarray(v, dtype=np.float64), 0.0, 1.0)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055)


#: ``uint8`` BGR channel value -> linear light, as a lookup table.
LINEAR_LUT = srgb_to_linear(np.arange(256) / 255.0).astype(np.float32)


def bgr8_to_linear_rgb(bgr: np.ndarray) -> np.ndarray:
    """``uint8`` BGR pixels (any leading shape) -> float32 linear RGB."""
    return LINEAR_LUT[np.asarray(bgr)[..., ::-1]]


def linear_rgb_to_lab(rgb: np.ndarray) -> np.ndarray:
    """Linear RGB (..., 3) -> CIELAB (..., 3), D65 white."""
    xyz = np.asarray(rgb, dtype=np.float64) @ _M_RGB_TO_XYZ.T / _WHITE_D65
    eps = 216 / 24389
    f = np.where(xyz > eps, np.cbrt(np.maximum(xyz, eps)), (24389 / 27 * xyz + 16) / 116)
    lab = np.empty_like(f)
    lab[..., 0] = 116 * f[..., 1] - 16
    lab[..., 1] = 500 * (f[..., 0] - f[..., 1])
    lab[..., 2] = 200 * (f[..., 1] - f[..., 2])
    return lab


def lab_to_linear_rgb(lab: np.ndarray) -> np.ndarray:
    """CIELAB (..., 3) -> linear RGB (..., 3), D65 white (not clipped)."""
    lab = np.asarray(lab, dtype=np.float64)
    fy = (lab[..., 0] + 16) / 116
    f = np.stack([fy + lab[..., 1] / 500, fy, fy - lab[..., 2] / 200], axis=-1)
    eps = 6 / 29
    xyz = np.where(f > eps, f**3, (116 * f - 16) / (24389 / 27)) * _WHITE_D65
    return xyz @ _M_XYZ_TO_RGB.T


def hex_to_linear_rgb(colour: str) -> np.ndarray:
    """``"#rrggbb"`` (sRGB) -> linear RGB, shape (3,)."""
    h = colour.lstrip("#")
    if len(h) != 6:
        raise ValueError(f"colour {colour!r} is not #rrggbb")
    return srgb_to_linear(np.array([int(h[i : i + 2], 16) for i in (0, 2, 4)]) / 255.0)


def hex_to_lab(colour: str) -> np.ndarray:
    """``"#rrggbb"`` (sRGB) -> CIELAB, shape (3,)."""
    return linear_rgb_to_lab(hex_to_linear_rgb(colour))


def luminance(rgb: np.ndarray) -> np.ndarray:
    """Relative luminance Y of linear RGB (..., 3)."""
    return np.asarray(rgb) @ _M_RGB_TO_XYZ[1]


def white_balance_gains(patch_rgb: np.ndarray, reference_rgb: np.ndarray) -> np.ndarray:
    """Per-channel gains (von Kries, in linear RGB) that map the measured neutral patch
    ``patch_rgb`` onto its nominal colour ``reference_rgb``: balance and exposure at once."""
    patch = np.maximum(np.asarray(patch_rgb, dtype=np.float64), 1e-4)
    return np.asarray(reference_rgb, dtype=np.float64) / patch


def delta_e(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """CIE76 colour difference between Lab colours (broadcasting)."""
    return np.linalg.norm(np.asarray(lab1) - np.asarray(lab2), axis=-1)
