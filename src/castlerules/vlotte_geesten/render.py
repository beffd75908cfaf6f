"""Vlotte Geesten pictures: a text summary of a state, and an SVG of the table.

The SVG (``render_svg``) shows the five objects in their colours, the five dice with the object on
top of each, which situation applies and the answer, every player's score (who holds the dice, who
is done, who grabbed wrongly, who won), the supply and the pot, the position text as caption and a
legend. ``highlight`` names what to mark: an object (``"mouse"``), a die (``"green die"``, or
``"dice"`` for all five), a player (``"p2"``), ``"supply"`` or ``"pot"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from castlerules.core.markup import escape
from castlerules.core.written import str_writer
from castlerules.vlotte_geesten import kernel, notation
from castlerules.vlotte_geesten.state import COLOURS, LETTERS, Obj, Pass, Roll, State

WIDTH = 700
#: Fill colours of the objects and dice (the rulebook's red, white, grey, green and blue).
FILL = {"red": "#d62728", "white": "#ffffff", "grey": "#8c8c8c", "green": "#2ca02c", "blue": "#1f5fbf"}
INK = "#222222"
MARK = "#ff9900"


def situation(faces: tuple[Obj, ...]) -> int:
    """Which of the three situations applies (1, 2 or 3; 0 if none — never)."""
    dice = [int(f) for f in faces]
    for number, holds in enumerate(
        (kernel.situation_1, kernel.situation_2, kernel.situation_3), start=1
    ):
        if holds(dice):
            return number
    return 0


def explain(faces: tuple[Obj, ...]) -> str:
    """Why the answer is the answer, in words."""
    answer = Obj(kernel.answer([int(f) for f in faces]))
    number = situation(faces)
    name = notation.obj_name
    if number == 1:
        top = max(Obj, key=lambda o: faces.count(o))
        return (f"situation 1: the {name(top)} shows {faces.count(top)} times, the "
                f"{top.colour} die shows the {name(answer)}: grab the {name(answer)}")
    if number == 2:
        return f"situation 2: two objects twice each, the {name(answer)} once: grab the {name(answer)}"
    ghost = faces.index(Obj.GHOST)
    return (f"situation 3: five different objects, the ghost on the {COLOURS[ghost]} die: "
            f"grab the {name(answer)}")


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def grab_said(
    player: int, objects: Iterable[Obj], faces: tuple[Obj, ...], right: bool, multi: str
) -> str:
    """What a grab after the roll ``faces`` did, in words (the round line of the terminal): right
    (the game's ``is_correct``) or wrong, and for several objects at once (always wrong,
    vg.punten.fout) what became of them under the multi-grab reading ``multi`` (``all-taken``:
    taken for the round, the answer too; ``put-back``: back on the table, the grabber out of the
    round)."""
    grabbed = sorted(objects)
    names = [notation.obj_name(o) for o in grabbed]
    shown = "+".join(names)
    answer = Obj(kernel.answer([int(f) for f in faces]))
    if len(grabbed) == 1:
        return f"p{player} grabbed the {shown}: {'right' if right else 'wrong'}."
    said = f"p{player} grabbed the {shown}: a wrong grab: more than one object; "
    if multi == "put-back":
        return said + f"they go back on the table and p{player} is out of this round."
    said += f"the {_listed(names)} {'is' if len(names) == 1 else 'are'} taken for this round"
    if answer in grabbed:
        return said + f", the {notation.obj_name(answer)} (the answer) too: nobody can grab it now."
    return said + "."


def describe_chance(game: Any, state: State, outcome: Roll) -> str:
    """A roll in words: who rolled and the object on each die, by the die's colour."""
    faces = ", ".join(f"{c} {notation.obj_name(f)}" for c, f in zip(COLOURS, outcome.faces))
    return f"p{state.roller} rolls: {faces}"


def round_line(game: Any, before: State, after: State, grabs: Sequence[tuple[int, Any]]) -> str:
    """A settled round in one line: the answer and why, who grabbed what (right or wrong) or
    passed, in the order they acted, and what changed — the points each player won or lost, the
    supply, the pot; what did not change is left out. ``before`` is the state with the roll,
    ``after`` the state once the round is settled, ``grabs`` (player, action) in order."""
    assert before.dice is not None
    reason, _, answer = explain(before.dice).rpartition(": grab the ")
    said = [f"The answer was the {answer} ({reason})."]
    for p, action in grabs:
        if isinstance(action, Pass):
            said.append(f"p{p} passed.")
            continue
        right = game.is_correct(before, action)
        said.append(grab_said(p, action.objects, before.dice, right, game.reading("multi-grab")))
    changed = [f"p{p} {b - a:+d}" for p, (a, b) in enumerate(zip(before.scores, after.scores))
               if a != b]
    if before.supply != after.supply:
        changed.append(f"supply {before.supply} → {after.supply}")
    if before.pot != after.pot:
        changed.append(f"pot {before.pot} → {after.pot}")
    said.append(f"Points: {', '.join(changed)}." if changed else "No points moved.")
    return " ".join(said)


def render_roll(faces: tuple[Obj, ...]) -> str:
    dice = "  ".join(f"{c}:{f.name.lower()}" for c, f in zip(COLOURS, faces))
    ans = kernel.answer([int(f) for f in faces])
    shown = Obj(ans).name.lower() if ans != kernel.NO_ANSWER else "none"
    return f"{dice}   situation {situation(faces)} -> grab the {shown}"


@str_writer(State)
def render_text(state: State) -> str:
    """The text board (``str(state)``): the scores, the supply and the pot, who holds the dice,
    the roll with its situation and answer, and the position text."""
    over = state.dice is None and state.supply == 0
    lines = [
        "scores: " + "  ".join(f"p{i}={s}" for i, s in enumerate(state.scores)),
        f"supply: {state.supply}   pot: {state.pot}" + ("" if over else f"   dice with: p{state.roller}"),
    ]
    if state.dice is not None:
        lines.append("dice:   " + render_roll(state.dice))
        if state.acted:
            lines.append("acted:  " + " ".join(f"p{p}" for p in state.acted))
        if state.grabbed:
            lines.append("in hand: " + " ".join(o.name.lower() for o in sorted(state.grabbed)))
    elif over:
        lines.append("game over")
    lines.append("position: " + notation.state_to_text(state))
    return "\n".join(lines)


# -- SVG -----------------------------------------------------------------------------------------


def _chair(x: float, y: float, s: float, fill: str) -> str:
    u = s / 10
    return (f'<g fill="{fill}" stroke="{INK}" stroke-width="{u * 0.4:.1f}">'
            f'<rect x="{x + 2 * u}" y="{y}" width="{u * 1.2}" height="{s * 0.9}"/>'
            f'<rect x="{x + 2 * u}" y="{y + 5 * u}" width="{6 * u}" height="{1.3 * u}"/>'
            f'<rect x="{x + 6.8 * u}" y="{y + 5 * u}" width="{1.2 * u}" height="{4 * u}"/>'
            f'<rect x="{x + 2 * u}" y="{y + u}" width="{4 * u}" height="{1.2 * u}"/></g>')


def _ghost(x: float, y: float, s: float, fill: str) -> str:
    u = s / 10
    body = (f"M{x + 2 * u},{y + 9 * u} L{x + 2 * u},{y + 4 * u} "
            f"A{3 * u},{3 * u} 0 0 1 {x + 8 * u},{y + 4 * u} L{x + 8 * u},{y + 9 * u} "
            f"L{x + 6.5 * u},{y + 8 * u} L{x + 5 * u},{y + 9 * u} L{x + 3.5 * u},{y + 8 * u} Z")
    return (f'<path d="{body}" fill="{fill}" stroke="{INK}" stroke-width="{u * 0.4:.1f}"/>'
            f'<circle cx="{x + 4 * u}" cy="{y + 4 * u}" r="{0.6 * u}" fill="{INK}"/>'
            f'<circle cx="{x + 6 * u}" cy="{y + 4 * u}" r="{0.6 * u}" fill="{INK}"/>')


def _mouse(x: float, y: float, s: float, fill: str) -> str:
    u = s / 10
    return (f'<g fill="{fill}" stroke="{INK}" stroke-width="{u * 0.4:.1f}">'
            f'<path d="M{x + 1.5 * u},{y + 7 * u} Q{x},{y + 9.5 * u} {x + 0.5 * u},{y + 5 * u}" '
            f'fill="none"/>'
            f'<ellipse cx="{x + 5 * u}" cy="{y + 6.5 * u}" rx="{3.5 * u}" ry="{2.3 * u}"/>'
            f'<circle cx="{x + 7 * u}" cy="{y + 3.6 * u}" r="{1.3 * u}"/>'
            f'<circle cx="{x + 8.2 * u}" cy="{y + 6 * u}" r="{0.4 * u}" fill="{INK}"/></g>')


def _bottle(x: float, y: float, s: float, fill: str) -> str:
    u = s / 10
    return (f'<g fill="{fill}" stroke="{INK}" stroke-width="{u * 0.4:.1f}">'
            f'<rect x="{x + 4.2 * u}" y="{y + 0.5 * u}" width="{1.6 * u}" height="{3 * u}"/>'
            f'<rect x="{x + 2.8 * u}" y="{y + 3.5 * u}" width="{4.4 * u}" height="{6 * u}" '
            f'rx="{u}"/></g>')


def _book(x: float, y: float, s: float, fill: str) -> str:
    u = s / 10
    return (f'<g fill="{fill}" stroke="{INK}" stroke-width="{u * 0.4:.1f}">'
            f'<rect x="{x + 1.5 * u}" y="{y + 1.5 * u}" width="{7 * u}" height="{7.5 * u}"/>'
            f'<line x1="{x + 3 * u}" y1="{y + 1.5 * u}" x2="{x + 3 * u}" y2="{y + 9 * u}"/>'
            f'<line x1="{x + 4.5 * u}" y1="{y + 4 * u}" x2="{x + 7.5 * u}" y2="{y + 4 * u}"/></g>')


ICONS: dict[Obj, Callable[[float, float, float, str], str]] = {
    Obj.CHAIR: _chair, Obj.GHOST: _ghost, Obj.MOUSE: _mouse, Obj.BOTTLE: _bottle, Obj.BOOK: _book,
}


def _text(x: float, y: float, text: str, size: int = 14, anchor: str = "start",
          weight: str = "normal") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}">{escape(text)}</text>')


def _mark(x: float, y: float, w: float, h: float) -> str:
    return (f'<rect x="{x - 4}" y="{y - 4}" width="{w + 8}" height="{h + 8}" rx="8" fill="none" '
            f'stroke="{MARK}" stroke-width="4"/>')


def _objects(state: State, marks: set[str], answer: Obj | None, y: float) -> list[str]:
    out = [_text(20, y - 10, "The objects", 15, weight="bold")]
    for o in Obj:
        x = 30 + o * 130
        faded = o in state.grabbed
        out.append(f'<g opacity="{0.35 if faded else 1}" data-object="{notation.obj_name(o)}">'
                   f'{ICONS[o](x, y, 60, FILL[o.colour])}</g>')
        label = f"{LETTERS[o]} {notation.obj_name(o)}" + (" (grabbed)" if faded else "")
        out.append(_text(x + 30, y + 78, label, 13, "middle"))
        if answer is o:
            out.append(_text(x + 30, y + 95, "the answer", 13, "middle", "bold"))
        if notation.obj_name(o) in marks:
            out.append(_mark(x - 10, y - 6, 80, 108))
    return out


def _dice(state: State, marks: set[str], y: float) -> list[str]:
    out = [_text(20, y - 10, "The dice (red, white, grey, green, blue)", 15, weight="bold")]
    for i, colour in enumerate(COLOURS):
        x = 30 + i * 130
        out.append(f'<rect x="{x}" y="{y}" width="64" height="64" rx="10" fill="{FILL[colour]}" '
                   f'stroke="{INK}" stroke-width="2"/>')
        if state.dice is None:
            out.append(_text(x + 32, y + 42, "?" if state.supply else "", 26, "middle", "bold"))
        else:
            face = state.dice[i]
            out.append(f'<rect x="{x + 8}" y="{y + 8}" width="48" height="48" rx="6" '
                       f'fill="#f4f1e8"/>')
            out.append(ICONS[face](x + 10, y + 10, 44, FILL[face.colour]))
        out.append(_text(x + 32, y + 82, f"{colour} die", 13, "middle"))
        if f"{colour} die" in marks or "dice" in marks:
            out.append(_mark(x, y, 64, 64))
    return out


def _players(state: State, marks: set[str], winners: Iterable[int], y: float) -> list[str]:
    won = set(winners)
    out = [_text(20, y, "Players", 15, weight="bold"),
           _text(150, y, "score", 13), _text(230, y, "this round", 13)]
    for p, score in enumerate(state.scores):
        row = y + 22 * (p + 1)
        notes = []
        if p == state.roller:
            notes.append("holds the dice")
        if p in state.wrong:
            notes.append("grabbed wrongly")
        if p in state.acted and p not in state.wrong:
            notes.append("passed" if state.dice is not None else "")
        elif p in state.acted:
            notes.append("done")
        if p in won:
            notes.append("WINS")
        out.append(_text(30, row, f"p{p}", 14, weight="bold" if p in won else "normal"))
        out.append(_text(170, row, str(score), 14, "end"))
        out.append(_text(230, row, ", ".join(n for n in notes if n), 13))
        if f"p{p}" in marks:
            out.append(_mark(24, row - 13, 416, 13))
    return out


def _bank(state: State, marks: set[str], y: float) -> list[str]:
    out = []
    for i, (name, value) in enumerate((("supply", state.supply), ("pot", state.pot))):
        x = 480 + i * 110
        out.append(f'<circle cx="{x + 35}" cy="{y + 32}" r="28" fill="#f2c94c" stroke="{INK}" '
                   f'stroke-width="2"/>')
        out.append(_text(x + 35, y + 40, str(value), 20, "middle", "bold"))
        out.append(_text(x + 35, y + 80, name, 13, "middle"))
        if name in marks:
            out.append(_mark(x + 3, y, 64, 88))
    return out


def _legend(y: float) -> list[str]:
    lines = [
        "Legend: C chair (red), G ghost (white), M mouse (grey), B bottle (green), K book (blue).",
        "A faded object has been grabbed this round; each die shows the object on top of it.",
        "Orange frames mark what matters; the supply and the pot hold points (35 in all).",
    ]
    return [_text(20, y + 18 * i, line, 12) for i, line in enumerate(lines)]


def render_svg(state: State, winners: Iterable[int] = (), highlight: Iterable[str] = (),
               reveal: bool = True) -> str:
    """The table as an SVG picture 700 pixels wide (see the module docstring); with
    ``reveal=False`` the dice without the situation and the answer (a round still to be raced)."""
    marks = {h.lower() for h in highlight}
    answer = None
    status = "Before the roll: the player holding the dice rolls all five."
    if state.dice is not None and not reveal:
        status = "Grab the right object, or pass."
    elif state.dice is not None:
        answer = Obj(kernel.answer([int(f) for f in state.dice]))
        status = explain(state.dice)
    elif state.supply == 0:
        status = "The supply is empty: the game is over."
    players_y = 380
    legend_y = players_y + 22 * (len(state.scores) + 1) + 24
    height = legend_y + 60
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" fill="{INK}">',
        f'<rect width="{WIDTH}" height="{height}" fill="#faf8f2"/>',
        _text(20, 28, f"Vlotte Geesten — {notation.state_to_text(state)}", 15, weight="bold"),
        *_dice(state, marks, 70),
        _text(20, 185, status[:1].upper() + status[1:], 14, weight="bold"),
        *_objects(state, marks, answer, 230),
        *_players(state, marks, winners, players_y),
        *_bank(state, marks, players_y - 10),
        *_legend(legend_y),
        "</svg>",
    ]
    return "\n".join(parts)
