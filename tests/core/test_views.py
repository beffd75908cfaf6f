"""How each game is written and drawn: ``repr`` and ``str`` of states and actions, the terminal's
boards at 80 x 24, the smaller things a new player meets (a misspelt object, another player's
move, undo, a finished board, a question at a chance node), the pictures' legibility.

Terminal sessions here are fed piped input, as a script would; the pseudo-terminal tests are in
``test_terminal.py``.
"""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import castlerules
from castlerules.bots import RandomBot
from castlerules.core.styled import Console
from castlerules.terminal import Session, view_of
from tests.cli_runner import run

LARGEST = {"vlotte-geesten": 8, "splut": 4, "spookslot": 6, "kasteel": 2}


def playout(game: Any, seed: int, plies: int = 10**6) -> list[Any]:
    """The states of a random game (at most ``plies`` plies)."""
    rng = random.Random(seed)
    states = [game.initial_state()]
    while not game.is_terminal(states[-1]) and len(states) <= plies:
        states.append(game.apply(states[-1], rng.choice(game.legal_actions(states[-1]))))
    return states


def session(game: Any, typed: str, humans: tuple[int, ...] = (0,), seed: int = 1) -> tuple[Session, str]:
    """A session fed ``typed`` (lines) for ``humans``, random bots; what it printed."""
    out = io.StringIO()
    s = Session(game, humans=humans, bots=lambda p: RandomBot(random.Random(p)),
                rng=random.Random(seed), console=Console(out, width=80, height=24),
                stdin=io.StringIO(typed), max_plies=10_000, interactive=False)
    s.run()
    return s, out.getvalue()


# -- 6: repr is the notation the game reads back, str is the text board ---------------------------


@pytest.mark.parametrize("name", castlerules.games())
def test_repr_rebuilds_states_and_shows_actions_as_their_text(name: str) -> None:
    game = castlerules.make(name, players=LARGEST[name])
    for state in playout(game, seed=3, plies=60)[::7]:
        rebuilt = eval(repr(state), {"castlerules": castlerules})
        assert rebuilt == state and game.state_to_text(rebuilt) == game.state_to_text(state)
        for action in game.legal_actions(state)[:40]:
            shown = re.fullmatch(r"(\w+)\('(.*)'\)", repr(action))
            assert shown is not None and shown.group(1) == type(action).__name__, repr(action)
            text = shown.group(2)
            if name == "kasteel" and getattr(action, "to", None) in state.knights[1 - state.to_move]:
                text = text.replace("-", "x")  # a capture is written with x, as it reads in play
            assert game.parse_action(state, text) == action  # read back


@pytest.mark.parametrize("name", castlerules.games())
def test_str_of_a_state_is_its_text_board(name: str) -> None:
    game = castlerules.make(name, players=LARGEST[name])
    for state in playout(game, seed=4, plies=40)[::9]:
        assert "castlerules.position" not in str(state)
        if game.is_chance(state) and name in ("kasteel", "spookslot"):
            # a state alone does not know its game's chance (the skulls, the die): there the
            # game's board says what chance does with its odds on the line of whose turn it is
            said = [line for line in game.render(state).splitlines()
                    if line not in str(state).splitlines()]
            assert said and "1/" in " ".join(said), said
            continue
        assert str(state) == game.render(state)
        assert str(state).rstrip().endswith(game.state_to_text(state))  # the board, then the text


def test_a_malformed_state_still_has_a_repr() -> None:
    from castlerules.splut.state import State

    broken = State(pieces=((99, 98, 97),), rocks=(1, 2, 3, 4), to_move=0, turn=0, steps_left=1)
    assert repr(broken).startswith("State(pieces=((99, 98, 97),)")
    assert str(broken) == repr(broken)


# -- 5: what a new player meets ------------------------------------------------------------------


@pytest.mark.parametrize("name", castlerules.games())
def test_a_finished_board_says_who_won_not_whose_move_it_is(name: str) -> None:
    game = castlerules.make(name, players=LARGEST[name])
    final = playout(game, seed=11)[-1]
    assert game.is_terminal(final)
    view = view_of(game)
    shown = "\n".join([game.render(final), str(final), game.render_svg(final),
                       *(t.plain for t in view.board(final)), view.status(final, frozenset({0}))])
    for words in ("to move", "to roll", "dice with", "rolls the dice"):
        assert words not in shown, words
    assert re.search(r"game over|The game is over", shown)


def test_a_troll_holding_a_rock_keeps_its_player_number() -> None:
    game = castlerules.make("splut", players=4)
    for state in playout(game, seed=2):
        if state.throw_from != -1:
            break
    else:
        pytest.fail("no troll picked up a rock")
    holder = next(p for p, trio in enumerate(state.pieces) if trio[1] == state.throw_from)
    square = f"{'abcdefghi'[state.throw_from % 9]}{state.throw_from // 9 + 1}"
    row = next(line for line in game.render(state).splitlines()
               if line.startswith(square[1:] + " "))
    assert f"[T{holder}]" in row and "T*" not in game.render(state)
    assert len(row.replace("[", " ").replace("]", " ").rstrip()) <= len(
        next(x for x in str(game.initial_state()).splitlines() if x.startswith("5 ")))


def test_kasteel_brackets_a_knight_on_a_wall_in_text_and_terminal() -> None:
    game = castlerules.make("kasteel", skull_squares=["a9", "b9", "c9", "d9"])
    state = game.state_from_text(
        "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/7R11/5Y13 y 8,8 a9,b9,c9,d9",)
    assert state is not None
    assert game.board.kinds[game.board.square("f1")].name == "WALL"
    text = game.render(state).splitlines()
    assert text[-6].startswith(" 1 . . . . .[Y]. . .") and text[-7].startswith(" 2 . . # . . # .[R]#")
    board = [t.plain for t in view_of(game).board(state)]
    assert board[-2].startswith(" 1 . . . . .[Y]. . .")
    assert all(len(line) == len(board[0].rstrip()) or True for line in board)
    ground = game.state_from_text(
        "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/7R11/Y18 y 8,8 a9,b9,c9,d9")
    assert "[Y]" not in "\n".join(game.render(ground).splitlines()[:19])  # not on the ground


def test_vlotte_geesten_shows_the_colour_table_with_every_roll() -> None:
    game = castlerules.make("vlotte-geesten", players=8)
    view = view_of(game)
    for state in playout(game, seed=5, plies=40):
        if state.dice is None:
            continue
        rows = {t.plain.split(":")[0]: t.plain.split(":")[1].split() for t in view.board(state)
                if ":" in t.plain}
        assert rows["die colour"] == ["red", "white", "grey", "green", "blue"]
        assert rows["die shows"] == [f.name.lower() for f in state.dice]
        assert rows["object of this colour"] == ["chair", "ghost", "mouse", "bottle", "book"]


def test_the_round_line_leaves_out_what_did_not_change() -> None:
    from castlerules.vlotte_geesten.render import round_line
    from castlerules.vlotte_geesten.state import Grab, Obj

    game = castlerules.make("vlotte-geesten", players=2)
    rolled = game.play(game.initial_state(), "roll chair chair mouse mouse book")  # the book
    wrong = game.play(game.play(rolled, "p0 grab mouse"), "p1 pass")  # p0 has no point to lose
    said = round_line(game, rolled, wrong, [(0, Grab(0, {Obj.MOUSE})), (1, game.parse_action(
        game.play(rolled, "p0 grab mouse"), "p1 pass"))])
    assert "p0 grabbed the mouse: wrong" in said and "p1 passed" in said
    assert said.endswith("No points moved.") and "supply" not in said and "pot" not in said
    right = game.play(rolled, "p1 grab book")
    said = round_line(game, rolled, right, [(1, Grab(1, {Obj.BOOK}))])
    assert said.endswith(f"Points: p1 +1, supply {rolled.supply} → {right.supply}.")


def test_a_misspelt_object_is_an_unknown_object_with_the_five_names() -> None:
    game = castlerules.make("vlotte-geesten", players=2)
    _, out = session(game, "grab ghots\nghots\nquit\n")
    said = [line for line in out.splitlines() if line.startswith("not a move")]
    assert len(said) == 2
    for line in said:
        assert "unknown object 'ghots'" in line
        assert "chair, ghost, mouse, bottle, book" in line and "roll" not in line


def test_another_players_move_says_whose_move_it_is() -> None:
    _, out = session(castlerules.make("kasteel"), "p1 f19-f18\nquit\n")
    assert "it is yellow's move (yours): p1 f19-f18 is red's" in out
    assert "not a move" not in out
    _, out = session(castlerules.make("splut", players=3), "p1 Sb6-c6\nquit\n")
    assert "it is South's move (yours)" in out and "is West's" in out


def test_undo_names_the_move_taken_back() -> None:
    game = castlerules.make("splut")
    s, out = session(game, "Sd2-d3\nundo\nundo\nquit\n")
    taken = re.search(r"taken back: 1\. p0 Sd2-d3, and the (\d+) plies after it", out)
    assert taken is not None
    assert "nothing to take back" in out.split("taken back:")[1]
    assert s.texts == []  # back at the start


def test_history_tells_every_ply_in_notation_with_chance_in_words() -> None:
    game = castlerules.make("kasteel")
    s, out = session(game, "f1-f4\nhistory\nquit\n")
    told = out.split("history\n", 1)[1]
    for number, text in enumerate(s.texts, start=1):
        line = next(x for x in told.splitlines() if x.startswith(f"{number}. "))
        assert text in line
        if text.startswith("skull "):
            assert f"a skull falls on {text.split()[1]}" in line
        else:  # a move: its player named once, as the game names them
            assert line in (f"{number}. yellow: {text}", f"{number}. red: {text}"), line


def test_history_tells_where_a_thrown_rock_landed_and_each_settled_round() -> None:
    """Issue 36.4: history says what a move did (where a rock landed), not the player twice; in
    Vlotte Geesten each settled round's line follows its last ply."""
    from castlerules.core.present import Ply

    game = castlerules.make("splut")
    view = view_of(game)
    states = playout(game, seed=1, plies=3000)
    number, before, action = next(
        (i, a, x) for i, a in enumerate(states[:-1], 1)
        for x in game.legal_actions(a)[:1]
        if game.action_to_str(a, x).split()[1:2] == ["throw"]
        and set(game.apply(a, x).rocks) - set(a.rocks))
    after = game.apply(before, action)
    text = game.action_to_str(before, action)
    line = view.history_line(Ply(number, before, action, after, before.to_move, text)).plain
    assert line.startswith(f"{number}. p{before.to_move} (") and " (the rock lands on " in line
    assert line.count(f"p{before.to_move}") == 1, line
    vg = castlerules.make("vlotte-geesten", players=2)
    _, out = session(vg, "chair\nhistory\nquit\n")
    told = out.split("history\n", 1)[1]
    assert "2. p0: grab chair" in told and "The answer was the " in told


def test_explain_a_first_move_where_the_skulls_fall_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "kasteel", "start", "f1-f4")
    flat = " ".join(out.split())
    assert code == 1
    assert "chance acts, not a player" in flat and "a skull falls on" in flat
    command = re.search(r"castlerules explain kasteel '([^']+)' f1-f4", flat)
    assert command is not None
    code, out, _ = run(capsys, "explain", "kasteel", command.group(1), "f1-f4")
    assert code == 0 and out.startswith("legal: f1-f4")


@pytest.mark.parametrize("name", castlerules.games())
def test_the_terminal_board_fits_80_by_24_at_the_largest_player_count(name: str) -> None:
    """The board and whose turn it is leave room for the events of a round and the prompt."""
    game = castlerules.make(name, players=LARGEST[name])
    view = view_of(game)
    for state in playout(game, seed=6, plies=300)[::25]:
        if game.is_chance(state):
            continue
        board = view.board(state)
        lines = board if not view.side_panel else [
            b + p for b, p in zip(board, [*view.panel(state), *[type(board[0])("")] * 40])]
        assert len(lines) + 1 <= 24 - 2, name  # the status, the prompt, two lines of events
        # a line of 80 characters or more wraps on an 80-column terminal
        assert all(len(t.plain) < 80 for t in lines), [t.plain for t in lines if len(t.plain) >= 80]


@pytest.mark.parametrize("name", castlerules.games())
def test_every_chance_outcome_is_told_in_words(name: str) -> None:
    game = castlerules.make(name, players=LARGEST[name])
    for state in playout(game, seed=8, plies=80):
        if game.is_chance(state):
            for outcome, _ in game.chance_outcomes(state)[:10]:
                words = game.describe_chance(state, outcome)
                assert words and words != game.action_to_str(state, outcome)


# -- pictures -------------------------------------------------------------------------------------


def _texts(svg: str) -> list[tuple[float, float, float, str, str]]:
    """Every text of an SVG: x, y, font size (inherited from its groups), anchor, content."""
    found = []

    def walk(node: ET.Element, size: float) -> None:
        size = float(node.get("font-size", size))
        if node.tag.endswith("text"):
            found.append((float(node.get("x", 0)), float(node.get("y", 0)), size,
                          node.get("text-anchor", "start"), "".join(node.itertext())))
        for child in node:
            walk(child, size)

    walk(ET.fromstring(svg), 16.0)
    return found


@pytest.mark.parametrize("name", castlerules.games())
def test_the_start_figures_read_at_12_px_in_a_page_column(name: str) -> None:
    """The how-to-play page shows the start at its drawn size, up to a page column (736 px)."""
    game = castlerules.make(name)
    svg = game.render_svg(game.initial_state())
    width = float(ET.fromstring(svg).get("width", "0"))
    scale = min(1.0, 736 / width)
    small = [(t[2], t[4]) for t in _texts(svg) if t[2] * scale < 12 and t[4].strip()]
    assert not small, small


def test_the_spookslot_svg_has_no_label_over_a_square_or_an_arrow() -> None:
    game = castlerules.make("spookslot")
    state = game.state_from_text("lk2,g3/lk4,hs2 p0 roll - - -")
    root = ET.fromstring(game.render_svg(state))

    def boxes(tag: str) -> list[tuple[float, float, float, float]]:
        out = []
        for node in root.iter():
            if node.tag.endswith(tag) and node.get("data-square"):
                x, y = float(node.get("x", 0)), float(node.get("y", 0))
                out.append((x, y, x + float(node.get("width", 0)), y + float(node.get("height", 0))))
        return out

    segments = []
    for node in root.iter():
        if node.tag.endswith("line"):
            segments.append(tuple(float(node.get(k, 0)) for k in ("x1", "y1", "x2", "y2")))
        elif node.tag.endswith("path"):
            x = y = 0.0
            for op, value in re.findall(r"([MHVL])([\d.,-]+)", node.get("d", "")):
                nx, ny = x, y
                if op in "ML":
                    nx, ny = (float(v) for v in value.split(","))
                elif op == "H":
                    nx = float(value)
                else:
                    ny = float(value)
                if op != "M":
                    segments.append((x, y, nx, ny))
                x, y = nx, ny
    squares = boxes("rect")
    discs = [(float(c.get("cx", 0)), float(c.get("cy", 0)), float(c.get("r", 0)))
             for c in root.iter() if c.tag.endswith("circle")]
    legend_top = min(y for x, y, *_ in _texts(ET.tostring(root, encoding="unicode"))
                     if _ and _[-1] == "Legend")
    labels = []
    for x, y, size, anchor, text in _texts(ET.tostring(root, encoding="unicode")):
        if y >= legend_top - size or not text.strip() or len(text) > 40:
            continue  # the legend and the status line sit apart from the board
        if any((x - cx) ** 2 + (y - 4 - cy) ** 2 <= r * r for cx, cy, r in discs):
            continue  # a pawn's letter, on the pawn
        w = 0.6 * size * len(text)
        left = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
        labels.append((text, (left, y - 0.75 * size, left + w, y + 0.2 * size)))

    def meets(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    def crosses(box: tuple[float, ...], seg: tuple[float, ...]) -> bool:
        x1, y1, x2, y2 = seg
        for i in range(21):  # points along the segment
            px, py = x1 + (x2 - x1) * i / 20, y1 + (y2 - y1) * i / 20
            if box[0] < px < box[2] and box[1] < py < box[3]:
                return True
        return False

    assert labels and squares and segments
    for text, box in labels:
        over = [s for s in squares if meets(box, s)]
        assert not over, (text, box, over)
        across = [s for s in segments if crosses(box, s)]
        assert not across, (text, box, across)


def test_spookslot_rgb_array_sets_the_short_ways_apart_with_a_colour_key() -> None:
    pytest.importorskip("PIL")
    from castlerules.spookslot.picture import SQUARE_FILLS, board_image, key_swatches

    game = castlerules.make("spookslot", players=6)
    image, at, key_top = board_image(game)
    assert at["lk1"][1] > at["ls7"][1] and at["lk1"][1] < at["g1"][1]  # a row of its own
    assert at["hw1"][1] > at["h2"][1] and at["hw1"][0] != at["hs1"][0]  # and set apart
    assert key_top > max(y for _, y in at.values())  # the key is under the path
    for colour, (x0, y0, x1, y1) in key_swatches(key_top).items():
        pixel = image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2))
        assert "#" + "".join(f"{c:02x}" for c in pixel[:3]) == SQUARE_FILLS[colour]


@pytest.mark.parametrize("name", castlerules.games())
def test_a_game_pickles_as_its_options_not_its_caches(name: str) -> None:
    """A Spookslot game pickled the module's move caches with it, and with them the class of
    every game that had filled them: after a test's local subclass with a broken rule had run, no
    Spookslot game could be pickled (OpenSpiel's random simulation failed, in some test orders)."""
    import pickle

    from castlerules.spookslot import Spookslot

    class _Local(Spookslot):
        pass

    changed = _Local(players=2)
    state = changed.initial_state()
    for _ in range(6):  # fill the shared caches through the changed game
        if changed.is_terminal(state):
            break
        state = changed.apply(state, changed.legal_actions(state)[0]) if not changed.is_chance(
            state) else changed.apply(state, changed.chance_outcomes(state)[0][0])
    game = castlerules.make(name, players=castlerules.make(name).num_players)
    copy = pickle.loads(pickle.dumps(game))
    assert copy == game and type(copy) is type(game)
    assert len(pickle.dumps(game)) < 2_000
