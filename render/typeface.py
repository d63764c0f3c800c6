"""Type: the bundled DejaVu fonts, text widths, fitting a text into a width, and which characters the font can draw.

``MIN_FONT`` is chosen so that text is still >= ~14 px tall when the image is shown 550 px wide on a phone.
Part of the drawing kit (``render/kit.py`` re-exports every name here).
"""

from __future__ import annotations

import io
from functools import lru_cache
from importlib.resources import files

from PIL import Image, ImageDraw, ImageFont

MIN_FONT = 32  # 32 px on a 1280 px canvas is 13.75 px at 550 px wide


def drawable(text: str) -> str:
    """``text`` without the characters DejaVu Sans Bold has no glyph for."""
    return "".join(ch for ch in text if ch.isspace() or _has_glyph(ch))


@lru_cache(maxsize=4096)
def _has_glyph(ch: str) -> bool:
    if ord(ch) < 0x250:  # Latin, Latin-1 and Latin Extended: all present
        return ch.isprintable()
    return ch.isprintable() and _glyph_pixels(ch) != _glyph_pixels("\U0010fffd")  # a code point no font defines


@lru_cache(maxsize=4096)
def _glyph_pixels(ch: str) -> bytes:
    """The pixels DejaVu Sans Bold draws for ``ch`` (its "missing" box when it has no glyph)."""
    img = Image.new("L", (MIN_FONT * 2, MIN_FONT * 2))
    ImageDraw.Draw(img).text((MIN_FONT // 2, MIN_FONT // 2), ch, font=font(MIN_FONT, "bold"), fill=255)
    return img.tobytes()


# ---------------------------------------------------------------- fonts
_FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed-Bold.ttf",
}


@lru_cache(maxsize=64)
def font(size: int, style: str = "regular") -> ImageFont.FreeTypeFont:
    """A bundled DejaVu font; ``style`` is regular, bold or cond (condensed bold, for tight labels)."""
    data = (files("render") / "fonts" / _FONT_FILES[style]).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=16_384)
def text_width(text: str, size: int, style: str = "regular") -> float:
    """How wide ``text`` is drawn: measured once per text, size and face (a board measures the same labels on
    every drawing)."""
    return font(size, style).getlength(text)


@lru_cache(maxsize=16_384)
def text_offsets(text: str, size: int, style: str, anchor: str) -> tuple[int, int, int, int]:
    """The box ``text`` covers drawn at (0, 0) with ``anchor`` (one line): ``textbbox`` without drawing, once."""
    left, top, right, bottom = font(size, style).getbbox(text, anchor=anchor)
    return int(left), int(top), int(right), int(bottom)


def fit_text(text: str, size: int, style: str, max_width: float) -> str:
    """``text`` cut with an ellipsis so it fits ``max_width`` at ``size`` (never shrinks the font)."""
    if text_width(text, size, style) <= max_width:
        return text
    f = font(size, style)
    while text and f.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, size: int, style: str, max_width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``max_width`` (a word wider than that stands alone, cut
    by the caller's fitting): a long name or title keeps every word instead of losing its end to an ellipsis."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, style) <= max_width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]
