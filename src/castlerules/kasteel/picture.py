"""Het kasteel veroveren as an ``(H, W, 3) uint8`` array (``render_mode="rgb_array"``;
``core.raster``)."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from castlerules.core.raster import BACKGROUND, INK, array, font

_KNIGHTS = ("#f1c40f", "#c0392b")


@functools.lru_cache(maxsize=16)
def _kasteel_board(game: Any, cell: int, margin: int) -> Image.Image:
    """The map drawn once per game: ground, walls, canals and the key squares."""
    from castlerules.kasteel.board import Kind

    board = game.board
    fills = {Kind.GROUND: "#e9e4d4", Kind.WALL: "#6d6d6d", Kind.CANAL: "#5dade2",
             Kind.KEY: "#e9e4d4"}
    image = Image.new("RGB", (board.width * cell + 2 * margin, board.height * cell + 2 * margin),
                      BACKGROUND)
    draw = ImageDraw.Draw(image)
    for square, kind in enumerate(board.kinds):
        row, column = divmod(square, board.width)
        x, y = margin + column * cell, margin + (board.height - 1 - row) * cell
        draw.rectangle((x, y, x + cell, y + cell), fill=fills[kind], outline="#bbbbbb")
        if square in board.keys:
            player = board.keys.index(square)
            draw.rectangle((x + 2, y + 2, x + cell - 2, y + cell - 2), outline=_KNIGHTS[player],
                           width=3)
    return image


def picture(game: Any, state: Any) -> np.ndarray[Any, Any]:
    """The map with yellow's side at the bottom: ground, walls, canals, key squares, skulls and
    knights."""
    board = game.board
    cell, margin = 22, 20
    width, height = board.width * cell + 2 * margin, board.height * cell + 2 * margin
    image = Image.new("RGB", (width, height + 24), BACKGROUND)
    draw = ImageDraw.Draw(image)
    knights = _KNIGHTS

    def box(square: int, inset: int) -> tuple[int, int, int, int]:
        row, column = divmod(square, board.width)
        x, y = margin + column * cell, margin + (board.height - 1 - row) * cell
        return x + inset, y + inset, x + cell - inset, y + cell - inset

    image.paste(_kasteel_board(game, cell, margin), (0, 0))
    for square in state.skulls:
        x0, y0, x1, y1 = box(square, 5)
        draw.line((x0, y0, x1, y1), fill="#000000", width=3)
        draw.line((x0, y1, x1, y0), fill="#000000", width=3)
    for player, squares in enumerate(state.knights):
        for square in squares:
            draw.ellipse(box(square, 3), fill=knights[player], outline=INK, width=2)
    names = ("yellow", "red")
    status = (f"{names[state.to_move]} to move   passes: yellow {state.passes[0]}, "
              f"red {state.passes[1]}")
    if game.is_terminal(state):
        status = "game over: " + ", ".join(names[p] for p in sorted(game.winners(state))) + " won"
    draw.text((margin, height), status, fill=INK, font=font(14))
    return array(image)
