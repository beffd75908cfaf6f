"""Pillow helpers for the pictures of positions as ``(H, W, 3) uint8`` arrays (each game's
``picture`` module draws its own; ``render_mode="rgb_array"`` of the environments shows them).

Drawn directly with Pillow's ``ImageDraw`` (rectangles, circles and letters in its built-in font):
Pillow ships binary wheels for every platform with no system library to install, is released
every quarter, and drawing a board of a few hundred shapes takes about a millisecond, so a game can
be recorded frame by frame. (Rasterising the library's SVG would need a second renderer — cairo or
resvg — for the same picture.) The colours are those of the library's SVG pictures. Pillow and
numpy come with the ``pettingzoo`` extra; nothing in the rules imports this module.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from PIL import Image, ImageFont

#: Player colours (Splut, Spookslot, Vlotte Geesten): seat 0, 1, ...
PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                  "#e377c2", "#17becf")
BACKGROUND = "#ffffff"
INK = "#222222"


@functools.cache
def font(size: int) -> Any:
    """Pillow's built-in font at ``size`` pixels."""
    return ImageFont.load_default(size=size)


def array(image: Image.Image) -> np.ndarray[Any, Any]:
    """The image as an ``(H, W, 3) uint8`` array."""
    return np.asarray(image.convert("RGB"), dtype=np.uint8)


def disc(draw: Any, box: tuple[float, float, float, float], fill: str, letter: str,
         size: int) -> None:
    """A piece: a filled circle in ``box`` with a white letter."""
    draw.ellipse(box, fill=fill, outline=INK, width=2)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    draw.text((cx, cy), letter, fill="#ffffff", font=font(size), anchor="mm")
