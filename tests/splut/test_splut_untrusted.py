"""Splut! at the boundary: states, actions and text from a stranger, and one game shared by threads.

Every state that ``state_from_json`` or ``state_from_text`` accepts must render (text and SVG), give
its adapter observation, list its legal actions, apply every one of them and serialise; every
action object is validated when it is made, so equal actions have equal legality; bad input raises
only ``RulesError``s with short messages in square names. The property tests are bounded;
``CASTLERULES_FUZZ=1`` runs 20 times as many examples (``CASTLERULES_FUZZ=N``: N times).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import FUZZ_SCALE, shared_by_threads

from castlerules import InvalidStateError, ParseError, RulesError
from castlerules.core.errors import InvalidActionError
from castlerules.splut import Lev, Pass, Splut, State, Step, Throw, space
from castlerules.splut.board import BY_NAME, OFF, SQUARES, Dir
from castlerules.splut.state import Piece

SCALE = FUZZ_SCALE
GAMES = {n: Splut(players=n) for n in (2, 3, 4)}
MESSAGE_LIMIT = 400


def fuzz(examples: int) -> Any:
    return settings(
        max_examples=examples * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def sq(name: str) -> int:
    return BY_NAME[name]


def reach(game: Splut, seed: int, plies: int) -> State:
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        if game.is_terminal(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


def finished(game: Splut, seed: int) -> State:
    return reach(game, seed, 100_000)


#: Reachable states of every phase: the start, mid-turn, levitating, a throw pending, the end.
SAMPLES = {
    n: [reach(g, s, plies) for s, plies in ((1, 0), (2, 7), (3, 40), (4, 140), (5, 260))]
    + [finished(g, 6)]
    for n, g in GAMES.items()
}


def exercise(game: Splut, state: State) -> None:
    """Everything an accepted state must support."""
    game.render(state)
    assert game.render_svg(state).lstrip().startswith("<svg")
    assert len(space.observation(game, state)) == space.observation_size(game)
    assert game.state_from_text(game.state_to_text(state)) == state
    assert game.state_from_json(game.state_to_json(state)) == state
    repr(state)
    for action in game.legal_actions(state):
        game.action_to_str(state, action)
        after = game.apply(state, action)
        game.state_to_json(after)
        game.state_to_text(after)
    game.winners(state)


def short(error: RulesError) -> None:
    assert len(str(error)) <= MESSAGE_LIMIT, str(error)[:200]


# -- states: the examples of the issue --------------------------------------------------------------
def _json(state: State, **change: Any) -> str:
    data = json.loads(GAMES[len(state.pieces)].state_to_json(state))
    data["state"].update(change)
    return json.dumps(data)


@pytest.mark.clause("splut.winnen.laatste", "splut.rotsen.vier")
@pytest.mark.parametrize(
    "change",
    [
        {"throw_from": 5},
        {"lev": "ACTIVE"},
        {"moved_before": [-5]},
        {"moved_now": [77]},
        {"lev": "DONE"},
        {"steps_left": 0},
        {"lev_rock": 40},
    ],
    ids=["throw_from", "lev-active", "moved_before", "moved_now", "lev-done", "steps", "lev_rock"],
)
def test_a_finished_game_with_inconsistent_fields_is_refused(change: dict[str, Any]) -> None:
    """A finished game is validated like any other: nothing may be under way in it."""
    end = SAMPLES[2][-1]
    assert GAMES[2].is_terminal(end)
    with pytest.raises(InvalidStateError) as caught:
        GAMES[2].state_from_json(_json(end, **change))
    short(caught.value)


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ({"lev": "ACTIVE", "lev_rock": -1}, "lev_rock"),
        ({"moved_before": [40]}, "moved_before"),
        ({"throw_from": 40}, "throw_from"),
        ({"steps_left": 7}, "steps_left"),
        ({"to_move": 0, "pieces": [[-1, -1, -1], [66, 67, 68]]}, "winner"),
        ({"pieces": [[12, -1, -1], [66, 67, 68]]}, "sorcerer"),
        ({"rocks": [4, 36, 44, 44]}, "rocks"),
        ({"pieces": [[4, 12, 13], [66, 67, 68]]}, "rock"),
    ],
)
def test_inconsistent_states_are_refused_with_the_field(change: dict[str, Any], complaint: str) -> None:
    start = GAMES[2].initial_state()
    with pytest.raises(InvalidStateError, match=complaint) as caught:
        GAMES[2].state_from_json(_json(start, **change))
    short(caught.value)


# -- states: property tests ----------------------------------------------------------------------
square_value = st.one_of(st.sampled_from([OFF, *SQUARES]), st.integers(-3, 90))


@st.composite
def odd_states(draw: Any, n: int) -> State:
    """Well-typed states whose values are random: mostly inconsistent."""
    pieces = tuple(
        tuple(draw(square_value) for _ in range(3)) for _ in range(n)
    )
    return State(
        pieces=pieces,  # type: ignore[arg-type]
        rocks=tuple(sorted(draw(st.lists(square_value, min_size=4, max_size=4)))),  # type: ignore[arg-type]
        to_move=draw(st.integers(-1, n)),
        turn=draw(st.integers(-1, 5) | st.integers(0, 10**30)),
        steps_left=draw(st.integers(-1, 4)),
        throw_from=draw(square_value),
        lev=draw(st.sampled_from(list(Lev))),
        lev_rock=draw(square_value),
        moved_before=frozenset(draw(st.lists(square_value, max_size=3))),
        moved_now=frozenset(draw(st.lists(square_value, max_size=3))),
    )


@st.composite
def nudged_states(draw: Any, n: int) -> State:
    """A reachable state with one or two fields set to another well-typed value."""
    base = draw(st.sampled_from(SAMPLES[n]))
    fields = {
        "pieces": base.pieces, "rocks": base.rocks, "to_move": base.to_move, "turn": base.turn,
        "steps_left": base.steps_left, "throw_from": base.throw_from, "lev": base.lev,
        "lev_rock": base.lev_rock, "moved_before": base.moved_before, "moved_now": base.moved_now,
    }
    for _ in range(draw(st.integers(1, 2))):
        name = draw(st.sampled_from(sorted(fields)))
        if name == "pieces":
            p, k = draw(st.integers(0, n - 1)), draw(st.integers(0, 2))
            trio = list(fields["pieces"][p])
            trio[k] = draw(square_value)
            fields["pieces"] = (*fields["pieces"][:p], tuple(trio), *fields["pieces"][p + 1 :])
        elif name == "rocks":
            rocks = list(fields["rocks"])
            rocks[draw(st.integers(0, 3))] = draw(square_value)
            fields["rocks"] = tuple(sorted(rocks))
        elif name in ("moved_before", "moved_now"):
            fields[name] = frozenset(draw(st.lists(square_value, max_size=3)))
        elif name == "lev":
            fields[name] = draw(st.sampled_from(list(Lev)))
        elif name in ("throw_from", "lev_rock"):
            fields[name] = draw(square_value)
        else:
            fields[name] = draw(st.integers(-1, 6))
    return State(**fields)


@pytest.mark.parametrize("n", [2, 3, 4])
@fuzz(60)
@given(data=st.data())
def test_odd_states_are_refused_or_work(n: int, data: st.DataObject) -> None:
    """Random well-typed states and reachable states with a field or two changed, as JSON."""
    game = GAMES[n]
    state = data.draw(odd_states(n) | nudged_states(n))
    try:
        loaded = game.state_from_json(game.state_to_json(state))
    except RulesError as exc:
        short(exc)
        return
    exercise(game, loaded)


@pytest.mark.parametrize("n", [2, 3, 4])
@fuzz(25)
@given(data=st.data())
def test_position_text_of_odd_states_is_refused_or_works(n: int, data: st.DataObject) -> None:
    """The same states written as position text (where they can be written)."""
    game = GAMES[n]
    state = data.draw(nudged_states(n))
    try:
        text = game.state_to_text(state)
    except (KeyError, ValueError):
        return  # a square off the board has no name to write
    try:
        loaded = game.state_from_text(text)
    except RulesError as exc:
        short(exc)
        return
    exercise(game, loaded)


# -- actions -------------------------------------------------------------------------------------
@pytest.mark.clause("splut.trol.werpen", "splut.trol.trekken-optioneel")
def test_equal_actions_have_equal_legality() -> None:
    """``Throw(p, 0)`` is ``Throw(p, Dir.N)`` and ``Step(..., pull=0)`` is ``pull=False``: the
    values are normalised when the action is made."""
    game = GAMES[2]
    s = game.position({0: "Sa5 Te2", 1: "Sf8 Td8"}, "e1 i5 g5 b4")
    s = game.play(s, "p0 Te2-e1")
    assert Throw(0, 0) == Throw(0, Dir.N) and Throw(0, 0).direction is Dir.N
    assert game.violation(s, Throw(0, 0)) is None and game.legal_actions(s) == (Throw(0, 0),)
    t = game.initial_state()
    step = Step(0, sq("d2"), sq("d3"), pull=0)
    assert step == Step(0, sq("d2"), sq("d3")) and step.pull is False
    assert game.violation(t, step) is None
    assert Step(Piece.TROLL, Piece.DWARF, 3).player.__class__ is int  # an IntEnum becomes an int


@pytest.mark.parametrize(
    "make",
    [
        lambda: Throw(0, 4), lambda: Throw(0, "n"), lambda: Throw(0, True), lambda: Throw(0, None),
        lambda: Step(0, 12, 13, pull=2), lambda: Step(0, 12, 13, pull="yes"),
        lambda: Step(0, "d2", 13), lambda: Step(0, 12.0, 13), lambda: Step(True, 12, 13),
        lambda: Step(0, 12, 13, lev=[1]), lambda: Pass(None), lambda: Pass("0"),
    ],
)
def test_wrong_typed_action_fields_are_refused_when_made(make: Any) -> None:
    with pytest.raises(InvalidActionError) as caught:
        make()
    short(caught.value)


@pytest.mark.parametrize(
    "action",
    [Step(0, 999, 3), Step(0, -1, 3), Step(0, sq("d2"), sq("d3"), lev=200), Step(0, 3, 4, lev=-7)],
)
def test_malformed_steps_are_violations_and_have_no_text(action: Step) -> None:
    game = GAMES[2]
    state = game.initial_state()
    found = game.violation(state, action)
    assert found is not None and "999" not in found.reason.replace("number 999", "")
    with pytest.raises(RulesError):
        game.action_to_str(state, action)


def test_messages_name_squares_and_count_right() -> None:
    game = GAMES[2]
    state = game.initial_state()
    found = game.violation(state, Step(0, sq("d2"), sq("e3")))
    assert found is not None and "d2-e3" in found.reason
    found = game.violation(state, Pass(0))
    assert found is not None and "3 legal steps remain" in found.reason
    stuck = game.position({0: "Se8 Td8", 1: "Se9 Td7"}, "f8 e7 e6 a5")
    one = game.position({0: "Se8 Td8 De1", 1: "Se9 Td7"}, "f8 e7 e6 a5")
    assert game.legal_actions(stuck) == (Pass(0),)
    assert game.legal_actions(one) == (Step(0, sq("e1"), sq("e2")),)
    found = game.violation(one, Pass(0))
    assert found is not None and "1 legal step remains" in found.reason


@pytest.mark.parametrize(
    "text", ["p² Sd2-d3", "p⑤ pass", "p٣ throw n", "p0 Sd²-d3", "p0 Sd2-d3 lev e⑤-e6",
             "p0 " + "d2-" * 5000, "x" * 100_000]
)
def test_non_ascii_digits_and_long_texts_are_parse_errors(text: str) -> None:
    game = GAMES[2]
    with pytest.raises(ParseError) as caught:
        game.parse_action(game.initial_state(), text)
    short(caught.value)


def test_player_prefix_is_optional_and_letters_any_case() -> None:
    game = GAMES[2]
    s = game.initial_state()
    assert game.parse_action(s, "sd2-d3") == game.parse_action(s, "p0 Sd2-d3") == Step(
        0, sq("d2"), sq("d3")
    )
    assert game.parse_action(s, "P0 tF2-F3") == Step(0, sq("f2"), sq("f3"))
    with pytest.raises(ParseError, match="not a T"):
        game.parse_action(s, "p0 Td2-d3")


# -- threads -------------------------------------------------------------------------------------
def _trace(game: Splut, seed: int) -> list[str]:
    rng = random.Random(seed)
    state = game.initial_state()
    out = []
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        assert game.violation(state, action) is None
        out.append(game.action_to_str(state, action))
        state = game.apply(state, action)
    out.append(game.state_to_text(state))
    out.append(repr(sorted(game.winners(state))))
    return out


@pytest.mark.parametrize("n", [2, 4])
def test_four_threads_sharing_one_game_get_single_threaded_results(n: int) -> None:
    """Four threads replay different seeded games on one shared game object, switching as often
    as the interpreter allows; each gets exactly what a thread alone gets."""
    seeds = {t: [10 * t + k for k in range(2)] for t in range(4)}
    expected = {s: _trace(Splut(players=n), s) for row in seeds.values() for s in row}
    got = shared_by_threads(Splut(players=n), _trace, list(seeds.values()))
    assert got == expected
    assert sum(len(v) for v in got.values()) > 1000
