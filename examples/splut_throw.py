"""The SPLUT! example from the rulebook: a troll steps onto a rock in line with a sorcerer and throws.

Positions are written in Splut!'s position notation (see ``castlerules.splut.notation``); the script
also shows an illegal action with the Dutch clause it breaks, and writes an SVG picture with the
squares that matter marked.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import castlerules
from castlerules import IllegalActionError

game = castlerules.make("splut")
# Player 0: sorcerer a5, troll e4, dwarf c3; player 1: sorcerer e7, troll d8, dwarf d7.
state = castlerules.position("splut", "Sa5,Te4,Dc3/Se7,Td8,Dd7 g3,b4,e5,i5 p0 2 3 - - - -")
print(game.render(state), "\n")

state = game.play(state, "p0 Te4-e5")  # onto the rock: it must be thrown now
print("legal now:", [game.action_to_str(state, a) for a in game.legal_actions(state)])
try:
    game.play(state, "p0 Sa5-b5")
except IllegalActionError as exc:
    print("illegal:", exc.violation.reason, f"[{exc.violation.clause}]")

state = game.play(state, "p0 throw n")  # SPLUT!
print(game.render(state))
print("game over:", game.is_terminal(state), "winners:", sorted(game.winners(state)))
print("rebuild it with:", repr(state))

out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.gettempdir()) / "splut_throw.svg"
out.write_text(game.render_svg(state, highlight=("e5", "e6", "e7")))
print("picture:", out)
