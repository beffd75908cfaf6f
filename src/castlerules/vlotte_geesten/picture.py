"""Vlotte Geesten as an ``(H, W, 3) uint8`` array (``render_mode="rgb_array"``; ``core.raster``)."""

from __future__ import annotations

from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from castlerules.core.raster import BACKGROUND, INK, PLAYER_COLOURS, array, font

_DIE_FILLS = ("#d62728", "#f4f4f4", "#9a9a9a", "#2ca02c", "#1f77b4")
_OBJECT_NAMES = ("chair", "ghost", "mouse", "bottle", "book")


def picture(game: Any, state: Any) -> np.ndarray[Any, Any]:
    """The five dice in their colours with the object on top, the grabbed objects, the scores,
    the supply and the pot."""
    width, height = 560, 150 + 22 * ((len(state.scores) + 3) // 4)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for i in range(5):
        x = 20 + i * 104
        draw.rounded_rectangle((x, 16, x + 84, 84), radius=10, fill=_DIE_FILLS[i], outline=INK,
                               width=2)
        text = "?" if state.dice is None else _OBJECT_NAMES[int(state.dice[i])]
        ink = INK if i in (1, 2) else "#ffffff"
        draw.text((x + 42, 50), text, fill=ink, font=font(16), anchor="mm")
    grabbed = ", ".join(_OBJECT_NAMES[int(o)] for o in sorted(state.grabbed)) or "-"
    line = f"supply {state.supply}   pot {state.pot}   dice with p{state.roller}   grabbed {grabbed}"
    draw.text((20, 100), line, fill=INK, font=font(14))
    for p, score in enumerate(state.scores):
        x, y = 20 + (p % 4) * 130, 126 + (p // 4) * 22
        draw.rectangle((x, y + 2, x + 12, y + 14), fill=PLAYER_COLOURS[p % len(PLAYER_COLOURS)])
        draw.text((x + 18, y), f"p{p}: {score}", fill=INK, font=font(14))
    return array(image)
