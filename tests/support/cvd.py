"""Colour-vision deficiency, simulated: does a mark still tell things apart without the colours a viewer lacks?

``simulate`` applies the Machado, Oliveira & Fernandes (2009) matrices at full severity (protanopia, deuteranopia,
tritanopia) in linear RGB, the standard transform of colour-blindness simulators. ``pattern`` is what is left of a
mark without colour at all: its pixels lighter or darker than the mark's own middle tone; ``distinct`` says whether
two marks differ in that pattern (shape, stripes, dots), not merely in hue.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

MACHADO = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
KINDS = tuple(MACHADO)


def _linear(srgb: np.ndarray) -> np.ndarray:
    c = srgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _srgb(linear: np.ndarray) -> np.ndarray:
    c = np.clip(linear, 0.0, 1.0)
    return np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055) * 255.0


def simulate(img: Image.Image, kind: str) -> Image.Image:
    """``img`` as a viewer with ``kind`` sees it (alpha kept)."""
    rgba = np.asarray(img.convert("RGBA"), dtype=np.float64)
    rgb = _srgb(_linear(rgba[..., :3]) @ MACHADO[kind].T)
    out = np.concatenate([rgb, rgba[..., 3:]], axis=-1)
    return Image.fromarray(np.round(out).astype(np.uint8), "RGBA")


def pattern(img: Image.Image) -> np.ndarray:
    """-1/0/+1 per pixel: darker than, like, or lighter than the mark's median tone (transparent pixels: 0)."""
    rgba = np.asarray(img.convert("RGBA"), dtype=np.float64)
    lum = rgba[..., :3] @ np.array([0.2126, 0.7152, 0.0722])
    opaque = rgba[..., 3] > 128
    if not opaque.any():
        return np.zeros(lum.shape, dtype=np.int8)
    mid = float(np.median(lum[opaque]))
    out = np.where(lum > mid + 40, 1, np.where(lum < mid - 40, -1, 0)).astype(np.int8)
    out[~opaque] = 0
    return out


def difference(a: Image.Image, b: Image.Image) -> float:
    """The share of the two marks' opaque pixels whose light/dark pattern differs (0: the same pattern)."""
    pa, pb = pattern(a), pattern(b)
    alpha = (np.asarray(a.convert("RGBA"))[..., 3] > 128) | (np.asarray(b.convert("RGBA"))[..., 3] > 128)
    return float((pa != pb)[alpha].mean()) if alpha.any() else 0.0


def distinct(a: Image.Image, b: Image.Image, threshold: float = 0.05) -> bool:
    return difference(a, b) >= threshold
