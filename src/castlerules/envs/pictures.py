"""Pictures of positions as ``(H, W, 3) uint8`` arrays, for ``render_mode="rgb_array"`` (videos).

Each game draws its own, in the ``picture`` module of its package (beside its text and SVG
pictures and its terminal view), with the Pillow helpers of ``castlerules.core.raster``.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def picture(game: Any, state: Any) -> np.ndarray[Any, Any]:
    """The picture of ``state`` of ``game`` as an ``(H, W, 3) uint8`` array."""
    module = game.info.part("picture")
    if module is None:
        raise ValueError(f"{game.name} has no rgb_array picture")
    drawn: np.ndarray[Any, Any] = module.picture(game, state)
    return drawn
