"""Vlotte Geesten for a person, in the terminal and on the Play page: the scores, the dice as a
colour table, the settled round in one line (``render.round_line``); on the page the picture
keeps the answer hidden until the round is settled, and the five objects are the buttons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.core.present import Ply, Presentation
from castlerules.core.styled import Text
from castlerules.vlotte_geesten.notation import obj_name
from castlerules.vlotte_geesten.render import render_svg, round_line
from castlerules.vlotte_geesten.state import COLOURS, Obj, Pass

#: The style of each die colour (and of the object of that colour).
COLOUR_STYLES = {"red": "bold red", "white": "bold white", "grey": "bold bright_black",
                 "green": "bold green", "blue": "bold blue"}
OBJECT_NAMES = tuple(o.name.lower() for o in Obj)


def dice_table(faces: Sequence[Obj]) -> list[Text]:
    """The roll as three rows, one column per die: the die's colour, what it shows, and the object
    of that colour (rules 1 and 3 of the rulebook go from an object to the die of its colour)."""
    width = max(len(w) for w in (*COLOURS, *OBJECT_NAMES)) + 2
    rows = [Text("die colour:             "), Text("die shows:              "),
            Text("object of this colour:  ")]
    for colour, face, own in zip(COLOURS, faces, Obj):
        rows[0].append(colour.ljust(width), style=COLOUR_STYLES[colour])
        rows[1].append(face.name.lower().ljust(width), style=COLOUR_STYLES[COLOURS[int(face)]])
        rows[2].append(own.name.lower().ljust(width), style=COLOUR_STYLES[colour])
    for row in rows:
        row.rstrip()
    return rows


class VlotteGeestenPresentation(Presentation):
    def intro(self) -> list[str]:
        return [
            "Vlotte Geesten: the dice show objects; be the first to grab the right one.",
            "  1. One object shows more often than any other: grab what the die of that "
            "object's colour shows.",
            "  2. Two objects show twice each: grab the object that shows once.",
            "  3. Five different objects: grab the object of the colour of the die the ghost "
            "is on.",
            "Type 'book' (or 'grab book', or 'pass'); a wrong grab costs a point. The supply "
            "holds 35 points.",
        ]

    def board(self, state: Any) -> list[Text]:
        scores = "  ".join(f"p{p} {s}" for p, s in enumerate(state.scores))
        out = [self.colour_line(f"scores: {scores}   supply: {state.supply}   pot: {state.pot}")]
        if state.dice is None:
            if not (state.supply == 0 and not self.game.actors(state)):
                out.append(self.colour_line(f"dice with: p{state.roller}"))
            return out
        out += dice_table(state.dice)
        done = [f"p{p}" for p in state.acted]
        if done:
            out.append(self.colour_line("done this round: " + " ".join(done)))
        if state.grabbed:
            out.append(Text("grabbed: " + " ".join(o.name.lower() for o in sorted(state.grabbed))))
        return out

    def status(self, state: Any, humans: frozenset[int]) -> str:
        if self.game.is_terminal(state):
            return self.result(state)
        if state.dice is None:
            return f"p{state.roller} rolls the dice"
        return "grab the right object, or pass"

    def describe(self, ply: Ply) -> str:
        if ply.mover is None:
            return self.game.describe_chance(ply.before, ply.action)
        text = super().describe(ply)
        return text if not isinstance(ply.action, Pass) else "pass"

    def joins(self, previous: Ply, ply: Ply) -> bool:
        return False  # every grab is its own line: the order of the grabs is the race

    def shortcut(self, text: str) -> str:
        """'book' or 'chair+mouse' means a grab; so does any other single word but 'pass' (so a
        misspelt object is answered as an unknown object)."""
        parts = text.lower().replace(" ", "").split("+")
        if parts and all(p in OBJECT_NAMES for p in parts):
            return f"grab {text}"
        if text.isalpha() and text.lower() not in ("pass", "grab", "roll"):
            return f"grab {text}"
        return text

    rounds = True

    def settled(self, start: Any, after: Any, grabs: Sequence[Ply]) -> str:
        return round_line(self.game, start, after,
                          [(p.mover, p.action) for p in grabs if p.mover is not None])

    def picture(self, state: Any) -> str:
        """The dice without the answer (the round is the players' race; once it is settled the
        page says the answer in words)."""
        return render_svg(state, self.game.winners(state), reveal=False)

    def extras(self) -> dict[str, Any]:
        """The five objects for the race: name, letter (a key to grab it) and colour."""
        return {"objects": [{"name": obj_name(o), "letter": o.letter, "colour": o.colour}
                            for o in Obj]}

    def move_extras(self, state: Any, action: Any) -> dict[str, Any]:
        """A grab of one object names it (the page's object buttons are such grabs)."""
        objects = getattr(action, "objects", None)
        if objects is None or len(objects) != 1:
            return {}
        return {"object": obj_name(next(iter(objects)))}

    def result(self, state: Any) -> str:
        best = max(state.scores)
        scores = ", ".join(f"p{p} {s}" for p, s in enumerate(state.scores))
        base = super().result(state).replace("The game is over:", "The supply is empty, so the "
                                                                  "game is over:")
        if not self.game.winners(state):
            return f"{base[:-1]} (points: {scores})."
        return f"{base[:-1]} with {best} points ({scores})."


PRESENTATION = VlotteGeestenPresentation
