"""Rendered frames of cards held under the camera one by one (``calibrate cards --camera``).

A card's picture (a deck folder's ``<id>.png``) lies on a plain cloth, turned any way,
seen from up to ``tilt`` off vertical, under a lamp of some brightness and tint, with
blur, noise and JPEG. ``showing`` makes the frames of one card being laid down: a few
while it slides in, then ``still`` frames of it lying still (the sensor's noise moves),
then a few of the bare table once it is taken away.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

#: The cloth under the camera (BGR).
CLOTH_BGR = (70, 95, 60)


def card_quad(
    centre_px: tuple[float, float], width_px: float, aspect: float, turn: float, tilt: float
) -> np.ndarray:
    """(4, 2) px corners (the picture's top-left, top-right, bottom-right, bottom-left)
    of a card ``width_px`` across turned by ``turn`` rad, foreshortened by ``tilt``."""
    w, h = width_px / 2, width_px * aspect / 2
    pts = np.array([[-w, -h], [w, -h], [w, h], [-w, h]], float)
    pts[:, 1] *= 1 - 0.12 * tilt * np.sign(pts[:, 1])  # the far edge a little shorter
    pts[:, 0] *= 1 + 0.08 * tilt * np.sign(pts[:, 1])
    c, s = math.cos(turn), math.sin(turn)
    return pts @ np.array([[c, s], [-s, c]]) + np.asarray(centre_px)


def draw_frame(
    size_px: tuple[int, int],
    cards: list[tuple[np.ndarray, np.ndarray]],
    rng: np.random.Generator,
    *,
    light: tuple[float, float, float] = (1.0, 1.0, 1.0),
    blur_px: float = 0.6,
    noise: float = 3.0,
    jpeg: int = 90,
    hand: tuple[tuple[float, float], tuple[float, float]] | None = None,
) -> np.ndarray:
    """One BGR frame: ``cards`` [(picture BGR, corner quad px)] on the cloth, an optional
    ``hand`` (from px, to px: a skin-coloured arm reaching in from the frame's edge)."""
    w, h = size_px
    img = np.empty((h, w, 3), np.float32)
    img[:] = CLOTH_BGR
    for picture, quad in cards:
        ph, pw = picture.shape[:2]
        src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
        m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
        warped = cv2.warpPerspective(picture, m, (w, h), flags=cv2.INTER_AREA)
        inside = cv2.warpPerspective(np.ones((ph, pw), np.float32), m, (w, h))[..., None]
        img = img * (1 - inside) + warped.astype(np.float32) * inside
    if hand is not None:
        (x0, y0), (x1, y1) = hand
        arm = np.zeros((h, w), np.uint8)
        cv2.line(arm, (round(x0), round(y0)), (round(x1), round(y1)), 255, round(0.12 * w))
        cv2.circle(arm, (round(x1), round(y1)), round(0.09 * w), 255, -1)
        img[arm > 0] = (120, 160, 215)
    img *= np.asarray(light, np.float32)[::-1]
    if blur_px > 0:
        img = cv2.GaussianBlur(img, (0, 0), blur_px)
    img += rng.normal(0, noise, img.shape).astype(np.float32)
    bgr = np.clip(img, 0, 255).astype(np.uint8)
    if jpeg:
        _, enc = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, jpeg])
        bgr = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return bgr


def showing(
    picture: np.ndarray,
    aspect: float,
    rng: np.random.Generator,
    *,
    size_px: tuple[int, int] = (480, 360),
    still: int = 6,
    sliding: int = 2,
    gone: int = 2,
) -> list[np.ndarray]:
    """The frames of one card laid down under the camera, left still, taken away."""
    w, h = size_px
    width = rng.uniform(0.28, 0.36) * h
    centre = np.array([w / 2, h / 2]) + rng.uniform(-0.08, 0.08, 2) * (w, h)
    turn = rng.uniform(-math.pi, math.pi)
    tilt = rng.uniform(0, 1)
    light = tuple(rng.uniform(0.8, 1.15) * (1 + rng.uniform(-0.1, 0.1, 3)))
    kw = {"light": light, "blur_px": rng.uniform(0.3, 1.0), "jpeg": int(rng.integers(75, 95))}
    out = []
    for k in range(sliding, 0, -1):  # sliding in from the side
        at = centre + np.array([0.1 * k * w, 0.0])
        q = card_quad(tuple(at), width, aspect, turn + 0.1 * k, tilt)
        out.append(draw_frame(size_px, [(picture, q)], rng, **kw))
    q = card_quad(tuple(centre), width, aspect, turn, tilt)
    out += [draw_frame(size_px, [(picture, q)], rng, **kw) for _ in range(still)]
    out += [draw_frame(size_px, [], rng, **kw) for _ in range(gone)]
    return out
