"""Play one seeded random game of Spookslot and print its record, the final board and the SVG size."""

from __future__ import annotations

import castlerules
from castlerules.core.play import random_record
from castlerules.core.record import replay
from castlerules.spookslot.render import render_svg


def main() -> None:
    game = castlerules.make("spookslot", players=3)
    record = random_record(game, seed=2026)
    states = replay(record, every_state=True)
    print(f"{game!r}: {len(record.actions)} actions")
    print("first actions:", ", ".join(record.actions[:12]), "...")
    print("last actions: ", ", ".join(record.actions[-6:]))
    print()
    print(game.render(states[-1]))
    svg = render_svg(states[len(states) // 2], game)
    print(f"\nSVG of the middle position: {len(svg)} characters")


if __name__ == "__main__":
    main()
