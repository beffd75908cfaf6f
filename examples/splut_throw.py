"""The SPLUT! example from the rulebook: a troll steps onto a rock in line with a sorcerer and throws.

Also shows an illegal action and the Dutch clause it breaks, and writes an SVG picture.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from castlerules import IllegalActionError
from castlerules.splut import Splut
from castlerules.splut.render import render_svg

game = Splut(players=2)
state = game.position({0: "Sa5 Te4 Dc3", 1: "Se7 Td8 Dd7"}, "e5 i5 b4 g3")
print(game.render(state), "\n")

state = game.apply(state, game.parse_action(state, "p0 Te4-e5"))
print("legal now:", [game.action_to_str(state, a) for a in game.legal_actions(state)])
try:
    game.apply(state, game.parse_action(state, "p0 Sa5-b5"))
except IllegalActionError as exc:
    print("illegal:", exc.violation.reason, f"[{exc.violation.clause}]")

state = game.apply(state, game.parse_action(state, "p0 throw n"))
print(game.render(state))
print("game over:", game.is_terminal(state), "winners:", sorted(game.winners(state)))

out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.gettempdir()) / "splut_throw.svg"
out.write_text(render_svg(state))
print("picture:", out)
