"""Spookslot as an ``(H, W, 3) uint8`` array (``render_mode="rgb_array"``; ``core.raster``).

The path as the text picture lays it out (``render.path_rows``): a row per room, top to bottom,
each left to right, a fork's short, dangerous route on a row of its own under its room, the start
above and the Exit at the end of the last room; under the path a key of the square colours, the
star squares, the fallback squares and the players.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from castlerules.core.raster import BACKGROUND, INK, PLAYER_COLOURS, array, disc, font
from castlerules.spookslot.render import SHORT_WAY, path_rows
from castlerules.spookslot.state import LINE, START

SQUARE_FILLS = {"yellow": "#f7dc6f", "green": "#82e0aa", "blue": "#85c1e9", "red": "#ec7063",
                "stair": "#b0a18e"}
#: What the key says of each square colour.
KEY = (("yellow", "yellow: safe"), ("green", "green: safe"), ("blue", "blue: safe"),
       ("red", "red: danger"), ("stair", "stairs: danger"))
FALLBACK = "#1b3f7a"
CELL, LABEL = 46, 110


@functools.lru_cache(maxsize=16)
def board_image(game: Any) -> tuple[Image.Image, dict[str, tuple[int, int]], int]:
    """The path drawn once per game, where each place is (its cell's top left corner), and the top
    of the key under it."""
    board = game.board
    line = [LINE] if game.reading("start-line") == "line-square" else []
    rows = [("start", [START, *line]), *path_rows(board)]
    fallbacks = set(board.fallback.values())
    width = max(LABEL + CELL * max(len(r[1]) for r in rows) + 20, 540)
    key_top = 10 + CELL * len(rows) + 12
    players = game.num_players
    height = key_top + 22 * 3 + 24 * ((players + 5) // 6) + 34
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    at: dict[str, tuple[int, int]] = {}
    for i, (label, ids) in enumerate(rows):
        y = 10 + i * CELL
        short = label == SHORT_WAY
        draw.text((LABEL - 8, y + CELL / 2), label, fill="#8b0000" if short else INK,
                  font=font(13), anchor="rm")
        for j, q in enumerate(ids):
            x = LABEL + j * CELL + (CELL // 2 if short else 0)  # the short way set apart
            at[q] = (x, y)
            square = board.by_id.get(q)
            fill = SQUARE_FILLS.get(square.colour, "#dddddd") if square else "#f4f4f4"
            edge, width_ = (FALLBACK, 3) if q in fallbacks else (INK, 1)
            draw.rectangle((x + 2, y + 2, x + CELL - 2, y + CELL - 2), fill=fill, outline=edge,
                           width=width_)
            draw.text((x + 5, y + 4), q if square else q.upper(), fill=INK, font=font(10))
            if square is not None and square.star:
                draw.text((x + CELL - 6, y + 4), "*", fill=INK, font=font(14), anchor="ra")
    _key(draw, key_top, players)
    return image, at, key_top


def key_swatches(top: int) -> dict[str, tuple[int, int, int, int]]:
    """Where the key draws each square colour's swatch (a box under the path starting at
    ``top``)."""
    return {colour: (20 + (i % 3) * 170, top + (i // 3) * 22, 20 + (i % 3) * 170 + 14,
                     top + (i // 3) * 22 + 14)
            for i, (colour, _) in enumerate(KEY)}


def _key(draw: Any, top: int, players: int) -> None:
    for (colour, text), box in zip(KEY, key_swatches(top).values()):
        draw.rectangle(box, fill=SQUARE_FILLS[colour], outline=INK)
        draw.text((box[2] + 6, box[1] - 1), text, fill=INK, font=font(13))
    y = top + 44
    draw.rectangle((20, y, 34, y + 14), fill=BACKGROUND, outline=FALLBACK, width=3)
    draw.text((40, y - 1), "fallback: a trap sends pawns back here", fill=INK, font=font(13))
    draw.text((360, y - 1), "* star square", fill=INK, font=font(13))
    y += 24
    for p in range(players):
        x, yy = 20 + (p % 6) * 85, y + (p // 6) * 24
        draw.ellipse((x, yy, x + 14, yy + 14), fill=PLAYER_COLOURS[p % len(PLAYER_COLOURS)],
                     outline=INK)
        draw.text((x + 20, yy - 1), f"p{p}", fill=INK, font=font(13))


def picture(game: Any, state: Any) -> np.ndarray[Any, Any]:
    """The path room by room, top to bottom (as the text picture), squares in their colours,
    pawns in their owner's colour (letter a or b), escaped pawns on EXIT, a key under it."""
    base, at, _ = board_image(game)
    image = base.copy()
    draw = ImageDraw.Draw(image)
    counts: dict[str, int] = {}
    for p, pawns in enumerate(state.pawns):
        for k, q in enumerate(pawns):
            if q not in at:
                continue
            slot = counts.get(q, 0)
            counts[q] = slot + 1
            x, y = at[q]
            dx, dy = (slot % 3) * 14, 14 + (slot // 3) * 14
            disc(draw, (x + 2 + dx, y + dy, x + 16 + dx, y + dy + 14),
                 PLAYER_COLOURS[p % len(PLAYER_COLOURS)], "ab"[k], 9)
    status = f"p{state.turn}: {state.phase.value}" + (f" {state.roll}" if state.roll else "")
    if game.is_terminal(state):
        status = f"game over: p{state.winner} won"
    draw.text((10, image.height - 24), status, fill=INK, font=font(14))
    return array(image)

