"""Vlotte Geesten for a person, in the terminal and on the Play page: the scores, the dice as a
colour table, the settled round in one line (``render.round_line``); on the page the picture
keeps the answer hidden until the round is settled, and the five objects are the buttons."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from castlerules.core.present import Chance, Ply, Presentation, odds
from castlerules.core.styled import Text
from castlerules.vlotte_geesten.notation import obj_name
from castlerules.vlotte_geesten.render import render_svg, round_line, situation
from castlerules.vlotte_geesten.rules import answer_of
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
    def __init__(self, game: Any) -> None:
        super().__init__(game)
        #: ``considered`` by the identity of the actions tuple (the rules hand out the same tuple
        #: for the same round), kept with the tuple so its id cannot be reused; bounded.
        self._reach: dict[int, tuple[tuple[Any, ...], tuple[Any, ...]]] = {}

    def considered(self, state: Any, actions: tuple[Any, ...]) -> tuple[Any, ...]:
        """A grab of one object or a pass: 'Je mag maar één voorwerp pakken', and a person at the
        table reaches for one object (under every multi-grab reading; a grab of several is always
        wrong, and where it is allowed it only blocks)."""
        found = self._reach.get(id(actions))
        if found is not None and found[0] is actions:
            return found[1]
        single = tuple(a for a in actions if len(getattr(a, "objects", ())) <= 1) or actions
        if len(self._reach) >= 4096:
            self._reach.clear()
        self._reach[id(actions)] = (actions, single)
        return single

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

    def legal_text(self, state: Any, actions: tuple[Any, ...]) -> str:
        """A grab of each object still on the table, or a pass; a grab of several at once in a
        word, with what it does under the game's multi-grab reading."""
        game = self.game
        single = [a for a in actions if len(getattr(a, "objects", ())) <= 1]
        several = len(actions) - len(single)
        said = ", ".join(game.action_to_str(state, a) for a in single)
        if not several:
            return said
        what = ("costs a point and ends your round; the objects go back"
                if game.reading("multi-grab") == "put-back" else
                "costs a point and takes them all for this round")
        return (f"{said}; or several objects at once ('chair+book', {several} ways): a wrong "
                f"grab that {what}")

    # -- chance ---------------------------------------------------------------------------------
    def _dice(self) -> tuple[tuple[str, tuple[tuple[str, Fraction], ...]], ...]:
        """Each die's faces with their probabilities, added up from the game's roll outcomes
        (one row "each die" when all five are alike)."""
        outcomes = self.game.chance_outcomes(self.game.initial_state())
        rows = tuple((f"{colour} die", odds(outcomes, lambda roll, i=i: obj_name(roll.faces[i])))
                     for i, colour in enumerate(COLOURS))
        if all(row[1] == rows[0][1] for row in rows):
            return (("each die", rows[0][1]),)
        return rows

    def chance_words(self, state: Any) -> str:
        rows = self._dice()
        if len(rows) == 1 and len({p for _, p in rows[0][1]}) == 1:
            each = f" (each shows each object with probability {rows[0][1][0][1]})"
        else:
            each = ""
        return f"chance: p{state.roller} rolls the five dice{each}"

    def chances(self) -> tuple[Chance, ...]:
        """The five dice, and what they decide: the situation and the right object, with the
        exact odds of each over every roll the dice can show."""
        outcomes = self.game.chance_outcomes(self.game.initial_state())
        situations = odds(outcomes, lambda roll: f"situation {situation(roll.faces)}")
        found = dict(odds(outcomes, lambda roll: obj_name(answer_of(roll.faces))))
        answers = tuple((obj_name(o), found[obj_name(o)]) for o in Obj if obj_name(o) in found)
        return (
            Chance("The five dice", "Every round begins with a roll of all five dice.",
                   self._dice()),
            Chance("What the roll decides", f"Over all {len(outcomes)} rolls the dice can show, "
                   "weighed by their probabilities: which situation applies, and which object "
                   "is the right one.", (("the situation", tuple(sorted(situations))),
                                         ("the right object", answers))),
        )

    def play_notes(self) -> tuple[tuple[tuple[str, ...], str], ...]:
        """Grabbing, paying and rolling as the game's readings settle them."""
        note = self.note
        return (
            (("vg.interp.grab-phase",), note(
                "One go", "grab-phase", "After a roll each player grabs one object or passes, "
                "once; the first right grab ends the round, and an object grabbed wrongly stays "
                "taken until the round is over.")),
            (("vg.interp.multi-grab",), note(
                "Several objects at once", "multi-grab", "A grab of several objects is wrong: it "
                "costs a point and ends the grabber's round, and the objects go straight back on "
                "the table, so the others may still grab the right one.")),
            (("vg.interp.penalty-recipient",), note(
                "Paying", "penalty-recipient", "Wrong grabbers pay when the round ends: one point "
                "each to the player who grabbed the right object, or into the pot when nobody "
                "did.")),
            (("vg.interp.penalty-no-points",), note(
                "Without points", "penalty-no-points", "A wrong grabber who has no points pays "
                "nothing.")),
            (("vg.interp.next-roller",), note(
                "The dice", "next-roller", "Whoever grabs the right object rolls next; when "
                "nobody does, the same player rolls again.")),
            (("vg.interp.ties",), note(
                "A shared highest score", "ties", "When the supply is empty, every player with "
                "the highest score wins.")),
        )

    def joins(self, previous: Ply, ply: Ply) -> bool:
        return False  # every grab is its own line: the order of the grabs is the race

    def shortcut(self, text: str) -> str:
        """'book' or 'chair+mouse' means a grab; so does any other single word but 'pass' (so a
        misspelt object is answered as an unknown object); after a player's prefix too (``p1
        book``: another person at the screen)."""
        prefix = re.match(r"\s*[pP]\d+\s+", text)
        if prefix:
            return prefix.group(0) + self.shortcut(text[prefix.end():])
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

    def picture(self, state: Any, last: Any = None) -> str:
        """The dice without the answer (the round is the players' race); once it is settled, the
        round's dice with its answer until the next roll (``last``: the state it began in)."""
        shown = last.dice if last is not None and state.dice is None else None
        return render_svg(state, self.game.winners(state), reveal=False, last=shown)

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
