"""Spookslot at the trust boundary: malformed actions, notation, states, board sources and threads.

Every bad input gives a ``RulesError`` with a short message; every state that JSON or position text
accepts can be drawn, listed, played on and written back. The fuzz tests are bounded so the suite
stays fast; ``CASTLERULES_FUZZ=1`` runs 20 times as many examples (``CASTLERULES_FUZZ=N``: N times).
"""

from __future__ import annotations

import enum
import json
import os
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import FUZZ_SCALE, chain_board

import castlerules
from castlerules import RulesError
from castlerules.core.errors import InvalidActionError, InvalidOptionError, ParseError, SpecError
from castlerules.core.play import random_action
from castlerules.core.source import untrusted
from castlerules.core.spec import read_text
from castlerules.spookslot import Ball, Move, Passage, Phase, Roll, Spookslot, State
from castlerules.spookslot.board import MAX_SQUARES, default_board
from castlerules.spookslot.state import EXIT, LINE, START, TRAPS, Pass

EXAMPLES = 60 * FUZZ_SCALE
BOARD_TEXT = read_text("boards/spookslot-default.toml")


class Who(enum.IntEnum):
    ZERO = 0
    ONE = 1


# -- actions -----------------------------------------------------------------------------------------
@pytest.mark.clause("spookslot.getal.zetten", "spookslot.kogel.valstrik")
def test_equal_actions_have_equal_legality() -> None:
    """An IntEnum player, a list route and 1 for True make the same action as their plain values."""
    g = Spookslot()
    s = g.apply(g.initial_state(), Roll(3))
    assert Move(Who.ZERO, Who.ZERO) == Move(0, 0) and g.is_legal(s, Move(Who.ZERO, Who.ZERO))
    assert Move(0, 0, []) == Move(0, 0, ())
    assert Passage(0, 1, 1) == Passage(0, 1, True)
    assert g.is_legal(g.initial_state(), Roll(Who.ONE))
    assert type(Move(Who.ONE, 0).player) is int


@pytest.mark.parametrize(
    "make",
    [
        lambda: Ball({}), lambda: Ball(3), lambda: Roll("3"), lambda: Roll(2.0), lambda: Roll(True),
        lambda: Roll(-1), lambda: Roll(10**40), lambda: Move("0", 0), lambda: Move(0, 0, "lk1"),
        lambda: Move(0, 0, ({},)), lambda: Move(0, 5), lambda: Move(None, 0),
        lambda: Passage(0, 0, "yes"), lambda: Passage(0, 0, 2), lambda: Pass(1.5),
        lambda: Move(0, 0, ("x" * 10_000,)), lambda: Move(0, 0, ("a",) * 100),
    ],
)
def test_wrong_typed_fields_are_refused_when_the_action_is_made(make: Any) -> None:
    with pytest.raises(InvalidActionError) as info:
        make()
    assert len(str(info.value)) < 200


def test_action_to_str_of_a_malformed_action_is_a_rules_error() -> None:
    g = Spookslot()
    s = g.initial_state()
    bad = object.__new__(Move)  # bypasses the converters, as a careless caller might
    object.__setattr__(bad, "player", "p")
    object.__setattr__(bad, "pawn", 7)
    object.__setattr__(bad, "via", 5)
    for action in (bad, Ball("cellar"), Move(0, 0, ("no square",)), "roll 3", None, 3):
        with pytest.raises(RulesError):
            g.action_to_str(s, action)


@pytest.mark.parametrize(
    "text", ["p⑤ move a", "p² pass", "roll ¹", "roll ３", "p0 move a via lk１,x", "p0 move ａ",
             "roll 7", "roll 0", "p100 move a", "p0 move a via", "x" * 100_000, "p0\tmove\ta b"],
)
def test_notation_takes_ascii_digits_and_quotes_input_short(text: str) -> None:
    g = Spookslot()
    with pytest.raises(ParseError) as info:
        g.parse_action(g.initial_state(), text)
    assert len(str(info.value)) < 400


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.text(alphabet=st.sampled_from("p0123456789 abmovepassgtyhlk,xi⑤²"), max_size=30))
def test_random_action_text_parses_or_is_a_parse_error(text: str) -> None:
    g = Spookslot(players=6)
    s = g.initial_state()
    try:
        action = g.parse_action(s, text)
    except ParseError:
        return
    g.violation(s, action)  # an action that parses is judged, never crashes
    assert g.parse_action(s, g.action_to_str(s, action)) == action


# -- states ------------------------------------------------------------------------------------------
GAMES = [
    Spookslot(**options)
    for options in (
        {}, {"players": 4}, {"players": 5, "no_yellow": True},
        {"readings": {"start-line": "line-square", "bounce-past-exit": "share"}},
        {"players": 3, "readings": {"forced-move": "optional", "secret-passage": "always"}},
    )
]


def _reachable(game: Spookslot, seed: int) -> list[State]:
    rng = random.Random(seed)
    state = game.initial_state()
    out = [state]
    while not game.is_terminal(state) and len(out) < 400:
        state = game.apply(state, random_action(game, state, rng))
        out.append(state)
    return out


def _exercise(game: Spookslot, state: State) -> None:
    """What every accepted state must allow: pictures, text, legal actions, each applied, JSON."""
    game.render(state)
    game.render_svg(state, highlight=tuple(q for ps in state.pawns for q in ps))
    text = game.state_to_text(state)
    assert game.state_from_text(text) == state
    assert game.state_from_json(game.state_to_json(state)) == state
    assert repr(state).startswith("castlerules.position('spookslot', ")
    for action in game.legal_actions(state):
        after = game.apply(state, action)
        game.validate_state(after)
        game.state_to_json(after)


_PLACES = [START, EXIT, LINE, "t1", "t3", "s2", "l3", "lk2", "lk4", "g1", "g3", "g5", "hw2", "h2",
           "nowhere", ""]
_VALUES: dict[str, Any] = {
    "pawns": st.lists(st.lists(st.sampled_from(_PLACES), min_size=0, max_size=3), max_size=7),
    "turn": st.integers(-2, 7),
    "phase": st.sampled_from([p.name for p in Phase] + ["DANCE"]),
    "roll": st.integers(-1, 7),
    "pending": st.lists(st.tuples(st.integers(-1, 6), st.integers(-1, 2)).map(list), max_size=3),
    "first": st.lists(st.integers(-2, 2), max_size=5),
    "released": st.lists(st.booleans(), max_size=5),
    "winner": st.integers(-2, 6),
}


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(range(len(GAMES))),
    st.integers(0, 10_000),
    st.integers(0, 399),
    st.lists(st.sampled_from(sorted(_VALUES)), min_size=1, max_size=3, unique=True),
    st.data(),
)
def test_every_state_json_accepts_can_be_drawn_listed_played_and_written(
    which: int, seed: int, ply: int, fields: list[str], data: Any
) -> None:
    """Structural mutations (a field replaced by a well-typed but arbitrary value) of reachable
    states: refused with a RulesError, or a state the game can fully handle."""
    game = GAMES[which]
    states = _reachable(game, seed)
    base = json.loads(game.state_to_json(states[ply % len(states)]))
    for f in fields:
        base["state"][f] = data.draw(_VALUES[f], label=f)
    try:
        state = game.state_from_json(json.dumps(base))
    except RulesError as exc:
        assert len(str(exc)) < 600
        return
    _exercise(game, state)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.sampled_from(range(len(GAMES))), st.integers(0, 10_000), st.integers(0, 399),
       st.integers(0, 60), st.text(alphabet="-,/ x!abp0123456789moveroltsgkh", max_size=4))
def test_mutated_position_text_is_refused_by_column_or_fully_usable(
    which: int, seed: int, ply: int, at: int, insert: str
) -> None:
    game = GAMES[which]
    states = _reachable(game, seed)
    text = game.state_to_text(states[ply % len(states)])
    cut = at % (len(text) + 1)
    mutated = text[:cut] + insert + text[cut + len(insert):]
    try:
        state = game.state_from_text(mutated)
    except ParseError as exc:
        assert str(exc).startswith("column ")
        return
    except RulesError:
        return
    _exercise(game, state)


def test_every_reachable_state_of_every_variant_is_fully_usable() -> None:
    for game in GAMES:
        for state in _reachable(game, 7)[::7]:
            _exercise(game, state)


@pytest.mark.parametrize(
    "text",
    ["", " -,-/-,- p0 roll - - -", "-,-/-,- p0 roll - -", "-,-/-,-  p0 roll - - -",
     "-,-/-,- p0 move9 - - -", "-,-/-,- q0 roll - - -", "-,?/-,- p0 roll - - -",
     "-,-/-,- p0 roll p0c - -", "-,-/-,- p0 roll - a!! -", "-,-/-,- p0 roll - - winner",
     "-,-/-,- p0 roll - - -\n"],
)
def test_bad_position_text_names_the_column(text: str) -> None:
    with pytest.raises(ParseError, match=r"^column \d+: "):
        Spookslot().state_from_text(text)


# -- options and boards --------------------------------------------------------------------------------
@pytest.mark.clause("spookslot.kogel.valstrik")
def test_trap_weights_are_bounded() -> None:
    """A weight of 10**5000 made records and repr fail; weights are at most 1,000,000."""
    for bad in (10**5000, -1, 1.5, True, "1"):
        with pytest.raises(InvalidOptionError, match="trap_weights"):
            castlerules.make("spookslot", trap_weights={**dict.fromkeys(TRAPS, 1), "axe": bad})
    game = castlerules.make("spookslot", trap_weights={**dict.fromkeys(TRAPS, 1),
                                                       "axe": 1_000_000})
    assert "1000000" in repr(game)


def test_board_sources_are_safe(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for bad in ("/dev/zero", str(fifo), "no\x00such", str(tmp_path), "/no/such/board.toml"):
        with pytest.raises(InvalidOptionError) as info:
            castlerules.make("spookslot", board=bad)
        assert len(str(info.value)) < 300
    secret = tmp_path / "secret.toml"
    secret.write_text('password = "hunter2"\n', encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        castlerules.make("spookslot", board=str(secret))
    assert "hunter2" not in str(caught.value) and "password" not in str(caught.value)
    path = tmp_path / "board.toml"
    path.write_text(BOARD_TEXT, encoding="utf-8")
    with untrusted(), pytest.raises(InvalidOptionError, match="never by a path"):
        castlerules.make("spookslot", board=str(path))
    with untrusted():
        by_text = castlerules.make("spookslot", board=BOARD_TEXT)
    assert by_text.board.ids == default_board().ids


@pytest.mark.parametrize("n", [1_000, pytest.param(MAX_SQUARES, marks=pytest.mark.slow)])
def test_a_large_board_loads(n: int) -> None:
    """Boards of 1,000 squares and of MAX_SQUARES load (their loading time, linear in the size, is
    measured by benchmarks/boards.py; the largest, with the check that a game under the options
    can always end, in the slow tier)."""
    text = chain_board(n)
    game = castlerules.make("spookslot", board=text)
    assert len(game.board.squares) == n
    assert game.options["board"] == text


def test_a_huge_board_is_refused() -> None:
    """More squares than MAX_SQUARES are refused clearly."""
    with pytest.raises(RulesError, match=f"at most {MAX_SQUARES}|larger than"):
        castlerules.make("spookslot", board=chain_board(MAX_SQUARES + 100))


@pytest.mark.parametrize(
    "text", ["x = [" * 5000 + "\n", "[[square]]\nid = 3", 'start = "a"\n[[square]]\nid = "a"\n',
             "\x00\n", "name = 'a'\n" + "[[square]]\nid = 'é'\ncolour='blue'\n"],
)
def test_bad_board_text_is_a_spec_error(text: str) -> None:
    with pytest.raises(SpecError) as info:
        castlerules.make("spookslot", board=text)
    assert len(str(info.value)) < 300


# -- threads -------------------------------------------------------------------------------------------
def _replay(game: Spookslot, seed: int) -> list[str]:
    rng = random.Random(seed)
    state = game.initial_state()
    out = []
    while not game.is_terminal(state):
        action = random_action(game, state, rng)
        out.append(game.action_to_str(state, action))
        state = game.apply(state, action)
    out.append(game.state_to_text(state))
    return out


@pytest.mark.parametrize("options", [{}, {"players": 4}, {"players": 6, "no_yellow": True}])
def test_one_game_object_shared_by_four_threads_gives_the_single_threaded_results(
    options: dict[str, Any],
) -> None:
    seeds = range(16)
    expected = {seed: _replay(Spookslot(**options), seed) for seed in seeds}
    shared = Spookslot(**options)
    found: dict[int, list[str]] = {}
    errors: list[BaseException] = []

    def work(mine: list[int]) -> None:
        try:
            for seed in mine:
                found[seed] = _replay(shared, seed)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=([s for s in seeds if s % 4 == i],))
               for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and found == expected
