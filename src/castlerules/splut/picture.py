"""Splut! as an ``(H, W, 3) uint8`` array (``render_mode="rgb_array"``; ``core.raster``)."""

from __future__ import annotations

from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from castlerules.core.raster import BACKGROUND, INK, PLAYER_COLOURS, array, disc, font


def picture(game: Any, state: Any) -> np.ndarray[Any, Any]:
    """The diamond from the south (row 9 at the top), rocks grey, pieces S/T/D in their owner's
    colour."""
    from castlerules.splut.board import OFF, SQUARES, column_row

    cell, margin = 44, 24
    side = 9 * cell + 2 * margin
    image = Image.new("RGB", (side, side + 28), BACKGROUND)
    draw = ImageDraw.Draw(image)

    def box(square: int, inset: int) -> tuple[int, int, int, int]:
        c, r = column_row(square)
        x, y = margin + (c - 1) * cell, margin + (9 - r) * cell
        return x + inset, y + inset, x + cell - inset, y + cell - inset

    for square in SQUARES:
        c, r = column_row(square)
        draw.rectangle(box(square, 1), fill="#f3e6c8" if (c + r) % 2 else "#e8d4a8")
    moved = state.moved_before | state.moved_now
    for square in state.rocks:
        draw.ellipse(box(square, 5), fill="#8a8a8a", outline="#c0392b" if square in moved else INK,
                     width=3 if square in moved else 1)
    for p, trio in enumerate(state.pieces):
        for kind, square in enumerate(trio):
            if square != OFF:
                disc(draw, box(square, 9), PLAYER_COLOURS[p], "STD"[kind], 16)
    for i in range(9):
        draw.text((margin + i * cell + cell / 2, side - margin / 2), "abcdefghi"[i], fill=INK,
                  font=font(12), anchor="mm")
        draw.text((margin / 2, margin + i * cell + cell / 2), str(9 - i), fill=INK,
                  font=font(12), anchor="mm")
    status = f"p{state.to_move} to move, {state.steps_left} step(s) left"
    if game.is_terminal(state):
        status = "game over: " + ", ".join(f"p{p}" for p in sorted(game.winners(state))) + " won"
    draw.text((margin, side + 4), status, fill=INK, font=font(14))
    return array(image)
