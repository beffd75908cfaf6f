"""Pictures of positions as ``(H, W, 3) uint8`` arrays, for ``render_mode="rgb_array"`` (videos).

Drawn directly with Pillow's ``ImageDraw`` (rectangles, circles and letters in its built-in font):
Pillow ships binary wheels for every platform with no system library to install, is released
every quarter, and drawing a board of a few hundred shapes takes about a millisecond, so a game can
be recorded frame by frame. (Rasterising the library's SVG would need a second renderer — cairo or
resvg — for the same picture.) The colours are those of the library's SVG pictures.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

#: Player colours (Splut, Spookslot, Vlotte Geesten): seat 0, 1, ...
PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                  "#e377c2", "#17becf")
BACKGROUND = "#ffffff"
INK = "#222222"


@functools.cache
def _font(size: int) -> Any:
    return ImageFont.load_default(size=size)


def _array(image: Image.Image) -> np.ndarray[Any, Any]:
    return np.asarray(image.convert("RGB"), dtype=np.uint8)


def _disc(draw: Any, box: tuple[float, float, float, float], fill: str, letter: str,
          size: int) -> None:
    draw.ellipse(box, fill=fill, outline=INK, width=2)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    draw.text((cx, cy), letter, fill="#ffffff", font=_font(size), anchor="mm")


def splut(game: Any, state: Any) -> np.ndarray[Any, Any]:
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
                _disc(draw, box(square, 9), PLAYER_COLOURS[p], "STD"[kind], 16)
    for i in range(9):
        draw.text((margin + i * cell + cell / 2, side - margin / 2), "abcdefghi"[i], fill=INK,
                  font=_font(12), anchor="mm")
        draw.text((margin / 2, margin + i * cell + cell / 2), str(9 - i), fill=INK,
                  font=_font(12), anchor="mm")
    status = f"p{state.to_move} to move, {state.steps_left} step(s) left"
    if game.is_terminal(state):
        status = "game over: " + ", ".join(f"p{p}" for p in sorted(game.winners(state))) + " won"
    draw.text((margin, side + 4), status, fill=INK, font=_font(14))
    return _array(image)


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


def kasteel(game: Any, state: Any) -> np.ndarray[Any, Any]:
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
    draw.text((margin, height), status, fill=INK, font=_font(14))
    return _array(image)


_SQUARE_FILLS = {"yellow": "#f7dc6f", "green": "#82e0aa", "blue": "#85c1e9", "red": "#ec7063",
                 "stair": "#b0a18e"}


@functools.lru_cache(maxsize=16)
def _spookslot_board(game: Any) -> tuple[Image.Image, dict[str, tuple[int, int]]]:
    """The path drawn once per game (rooms, squares, colours, stars) and where each place is."""
    from castlerules.spookslot.state import EXIT, LINE, START

    board = game.board
    line = [LINE] if game.reading("start-line") == "line-square" else []
    rows: list[tuple[str, list[str]]] = [("start", [START, *line])]
    for square in board.squares:
        if rows[-1][0] != square.room or len(rows) == 1:
            rows.append((square.room, []))
        rows[-1][1].append(square.id)
    rows.append(("escaped", [EXIT]))
    cell, label = 46, 110
    width = label + cell * max(len(r[1]) for r in rows) + 20
    height = cell * len(rows) + 40
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    at: dict[str, tuple[int, int]] = {}
    for i, (room, ids) in enumerate(rows):
        y = 10 + i * cell
        draw.text((label - 8, y + cell / 2), room, fill=INK, font=_font(13), anchor="rm")
        for j, q in enumerate(ids):
            x = label + j * cell
            at[q] = (x, y)
            square = board.by_id.get(q)
            fill = _SQUARE_FILLS.get(square.colour, "#dddddd") if square else "#f4f4f4"
            draw.rectangle((x + 2, y + 2, x + cell - 2, y + cell - 2), fill=fill, outline=INK)
            draw.text((x + 5, y + 4), q if square else q.upper(), fill=INK, font=_font(10))
            if square is not None and square.star:
                draw.text((x + cell - 6, y + 4), "*", fill=INK, font=_font(14), anchor="ra")
    return image, at


def spookslot(game: Any, state: Any) -> np.ndarray[Any, Any]:
    """The path room by room, top to bottom (as the text picture), squares in their colours,
    pawns in their owner's colour (letter a or b), escaped pawns on EXIT."""
    base, at = _spookslot_board(game)
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
            _disc(draw, (x + 2 + dx, y + dy, x + 16 + dx, y + dy + 14), PLAYER_COLOURS[p],
                  "ab"[k], 9)
    status = f"p{state.turn}: {state.phase.value}" + (f" {state.roll}" if state.roll else "")
    if game.is_terminal(state):
        status = f"game over: p{state.winner} won"
    draw.text((10, image.height - 24), status, fill=INK, font=_font(14))
    return _array(image)


_DIE_FILLS = ("#d62728", "#f4f4f4", "#9a9a9a", "#2ca02c", "#1f77b4")
_OBJECT_NAMES = ("chair", "ghost", "mouse", "bottle", "book")


def vlotte_geesten(game: Any, state: Any) -> np.ndarray[Any, Any]:
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
        draw.text((x + 42, 50), text, fill=ink, font=_font(16), anchor="mm")
    grabbed = ", ".join(_OBJECT_NAMES[int(o)] for o in sorted(state.grabbed)) or "-"
    line = f"supply {state.supply}   pot {state.pot}   dice with p{state.roller}   grabbed {grabbed}"
    draw.text((20, 100), line, fill=INK, font=_font(14))
    for p, score in enumerate(state.scores):
        x, y = 20 + (p % 4) * 130, 126 + (p // 4) * 22
        draw.rectangle((x, y + 2, x + 12, y + 14), fill=PLAYER_COLOURS[p % len(PLAYER_COLOURS)])
        draw.text((x + 18, y), f"p{p}: {score}", fill=INK, font=_font(14))
    return _array(image)


DRAW = {"splut": splut, "kasteel": kasteel, "spookslot": spookslot,
        "vlotte-geesten": vlotte_geesten}


def picture(game: Any, state: Any) -> np.ndarray[Any, Any]:
    """The picture of ``state`` of ``game`` as an ``(H, W, 3) uint8`` array."""
    return DRAW[game.name](game, state)
