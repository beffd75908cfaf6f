"""Board loading time against board size: Spookslot boards of 10^3, 10^4 and 10^5 squares (the last
is over the limits and must be refused at once) and Kasteel maps up to the 26 x 26 limit.

    python benchmarks/boards.py

Loading is linear in the board's size; this prints the figures that show it. Quoted in notes,
never asserted by a test (the tests check what loads and what is refused).
"""

from __future__ import annotations

import string
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from strategies import chain_board

import castlerules
from castlerules import RulesError


def timed(make: object) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        game = make()  # type: ignore[operator]
        outcome = f"{len(game.board.squares)} squares" if hasattr(game.board, "squares") else "ok"
    except RulesError as exc:
        outcome = f"refused: {str(exc)[:70]}"
    return time.perf_counter() - start, outcome


def kasteel_map(rows: int, columns: int) -> str:
    """An open field of ``rows`` x ``columns`` with a knight and a key square for each side."""
    grid = [["."] * columns for _ in range(rows)]
    grid[0][0], grid[1][columns // 2] = "R", "r"
    grid[-1][0], grid[-2][columns // 2] = "Y", "y"
    lines = [f"{rows - i} " + " ".join(row) for i, row in enumerate(grid)]
    return "\n".join(lines) + "\n  " + " ".join(string.ascii_lowercase[:columns]) + "\n"


def main() -> None:
    for n in (1_000, 10_000, 100_000):
        text = chain_board(n)
        seconds, outcome = timed(lambda text=text: castlerules.make("spookslot", board=text))
        print(f"spookslot {n:>7} squares ({len(text):>9,} bytes): {seconds:8.4f} s  {outcome}")
    for rows, columns in ((19, 19), (26, 26), (1000, 26)):
        text = kasteel_map(rows, columns)
        seconds, outcome = timed(lambda text=text: castlerules.make("kasteel", board=text))
        print(f"kasteel {rows:>4} x {columns:<2} map ({len(text):>9,} bytes): {seconds:8.4f} s  {outcome}")


if __name__ == "__main__":
    main()
