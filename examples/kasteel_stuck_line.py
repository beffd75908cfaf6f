"""Construct a game from the start in which yellow ends up with a knight and no legal move.

The skulls fall on i11, j10, k11 and s11 (one chance outcome among many). Yellow walks a knight to
j11, between three skulls and the canal j12, and spends its passes going j11-j10-j11; meanwhile
red hunts down the seven other yellow knights and yellow offers them. The search is the one the
theorem kasteel.stuck-reachable runs (``castlerules.kasteel.theorems.search_stuck_line``); the
line is printed with the final position and compared with the copy the theorem keeps.
"""

from __future__ import annotations

import castlerules
from castlerules.kasteel.theorems.common import STUCK_LINE
from castlerules.kasteel.theorems.end import search_stuck_line


def main() -> None:
    game = castlerules.make("kasteel")
    line = search_stuck_line(game)
    assert line is not None
    state = game.initial_state()
    for text in line:
        state = game.play(state, text)
    print(f"{len(line)} plies:")
    print(" ".join(line))
    print(game.render(state))
    print("yellow stuck:", game.stuck_player(state))
    print("same as the line kept for the theorem:", tuple(line) == STUCK_LINE)
    for level in (2, 3):
        other = search_stuck_line(castlerules.make("kasteel", level=level))
        print(f"level {level}: a stuck line of {len(other or ())} plies")


if __name__ == "__main__":
    main()
