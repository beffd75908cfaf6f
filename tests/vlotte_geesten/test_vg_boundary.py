"""Vlotte Geesten at the boundary: actions, notation and states from strangers, and a shared game.

Everything a stranger can hand the game — an action object with fields of the wrong type, action
text, position text, state JSON — either works or raises a ``castlerules.RulesError`` with a short
message. Every state the validation accepts can be drawn, listed, played on and written back.
The fuzz tests are bounded; ``CASTLERULES_FUZZ=1`` runs 20 times as many examples
(``CASTLERULES_FUZZ=N``: N times).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import FUZZ_SCALE, shared_by_threads

import castlerules
from castlerules.core.errors import InvalidActionError, ParseError, RulesError
from castlerules.core.play import random_action
from castlerules.vlotte_geesten import VlotteGeesten
from castlerules.vlotte_geesten.state import Grab, Obj, Pass, Roll, State

EXAMPLES = 60 * FUZZ_SCALE
C, G, M, B, K = Obj.CHAIR, Obj.GHOST, Obj.MOUSE, Obj.BOTTLE, Obj.BOOK
#: Games whose states the fuzz tests mutate: player counts, dice and every non-default reading.
GAMES = (
    {"players": 2},
    {"players": 3, "first_player": 2},
    {"players": 8},
    {"players": 2, "faces": {c: ["chair", "ghost", "ghost", "mouse", "bottle", "book"]
                             for c in ("red", "white", "grey", "green", "blue")}},
    {"players": 3, "readings": {"grab-phase": "regrab"}},
    {"players": 3, "readings": {"penalty-no-points": "debt", "penalty-recipient": "pot-at-once"}},
    {"players": 4, "readings": {"next-roller": "next-seat", "ties": "draw"}},
)


def rolled(game: VlotteGeesten, faces: tuple[Obj, ...]) -> State:
    return game.apply(game.initial_state(), Roll(faces))


# -- action objects ------------------------------------------------------------------------------


@pytest.mark.clause("vg.spel.een-voorwerp")
@pytest.mark.parametrize(
    "make",
    [
        lambda: Grab(0, 3),
        lambda: Grab(0, "mouse"),
        lambda: Grab(0, {"mouse"}),
        lambda: Grab(0, frozenset()),
        lambda: Grab(0, {7}),
        lambda: Grab(0, {True}),
        lambda: Grab(0, [[1]]),
        lambda: Grab(0, range(10**9)),
        lambda: Grab("0", {Obj.MOUSE}),
        lambda: Grab(True, {Obj.MOUSE}),
        lambda: Grab(None, {Obj.MOUSE}),
        lambda: Pass(1.0),
        lambda: Roll([C, G, M]),
        lambda: Roll("CGMBK"),
        lambda: Roll({C, G, M, B, K}),
        lambda: Roll([C, G, M, B, 9]),
        lambda: Roll(None),
    ],
)
def test_actions_with_fields_of_the_wrong_type_are_refused_when_made(make: Any) -> None:
    with pytest.raises(InvalidActionError) as err:
        make()
    assert len(str(err.value)) < 300


@pytest.mark.clause("vg.punten.juist", "vg.spel.een-voorwerp")
def test_equal_actions_are_equally_legal() -> None:
    """``Grab(0, frozenset({2}))`` is the grab of the grey mouse, exactly like
    ``Grab(0, frozenset({Obj.MOUSE}))``: equal, same hash, same legality, same result."""
    game = castlerules.make("vlotte-geesten", players=3)
    state = rolled(game, (B, B, C, M, B))  # situation 1: the mouse
    forms = [
        Grab(0, frozenset({2})),
        Grab(0, frozenset({Obj.MOUSE})),
        Grab(0, [Obj.MOUSE]),
        Grab(0, (2,)),
        Grab(Obj.CHAIR, {2}),  # an IntEnum player is its number
    ]
    assert len(set(forms)) == 1 and all(f == forms[0] for f in forms)
    assert {game.is_legal(state, f) for f in forms} == {True}
    assert {game.apply(state, f) for f in forms} == {game.apply(state, forms[0])}
    assert Roll([B, B, C, M, B]) == Roll((3, 3, 0, 2, 3)) == Roll((B, B, C, M, B))
    assert game.is_legal(game.initial_state(), Roll([3, 3, 0, 2, 3]))


@pytest.mark.parametrize("value", ["p1 grab mouse", None, 3, Obj.MOUSE, object(), ("p0", "pass")])
def test_a_value_that_is_no_action_is_refused_everywhere(value: Any) -> None:
    game = castlerules.make("vlotte-geesten", players=2)
    state = rolled(game, (B, B, C, M, B))
    for call in (game.violation, game.apply, game.action_to_str):
        with pytest.raises(InvalidActionError):
            call(state, value)
    assert game.is_legal(state, value) is False  # not an action of the game: not a legal one


def test_action_to_str_of_a_malformed_action_is_a_rules_error() -> None:
    game = castlerules.make("vlotte-geesten", players=2)
    broken = Grab(0, {Obj.MOUSE})
    object.__setattr__(broken, "objects", 3)  # only possible by going around the class
    with pytest.raises(RulesError):
        game.action_to_str(game.initial_state(), broken)
    broken_roll = Roll((C, C, C, C, C))
    object.__setattr__(broken_roll, "faces", None)
    with pytest.raises(RulesError):
        game.action_to_str(game.initial_state(), broken_roll)


# -- action text ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "p² pass",
        "roll ¹",
        "p⑤ grab mouse",
        "p١ pass",
        "p0 grab mouse+mouse",
        "p1000 pass",
        "p-1 pass",
        "P0 pass",
        "roll chair chair chair chair",
        "p0 roll chair chair chair chair",
        "x" * 30_000_000,
        "p0 grab " + "+".join(["mouse"] * 50),
    ],
)
def test_bad_action_text_is_a_short_parse_error(text: str) -> None:
    game = castlerules.make("vlotte-geesten", players=3)
    with pytest.raises(ParseError) as err:
        game.parse_action(game.initial_state(), text)
    assert len(str(err.value)) < 300


@settings(max_examples=EXAMPLES, deadline=None)
@given(text=st.one_of(
    st.text(max_size=60),
    st.lists(st.sampled_from(["p0", "p9", "grab", "pass", "roll", "mouse", "book", "+", "muis",
                              "chair+book", "p1", "¹", "ghost"]), max_size=8).map(" ".join),
))
def test_any_action_text_parses_or_is_a_rules_error(text: str) -> None:
    game = castlerules.make("vlotte-geesten", players=3)
    state = rolled(game, (B, B, C, M, B))
    try:
        action = game.parse_action(state, text)
    except RulesError:
        return
    assert game.parse_action(state, game.action_to_str(state, action)) == action
    game.is_legal(state, action)


# -- states --------------------------------------------------------------------------------------


def _reachable(options: dict[str, Any], seed: int, plies: int) -> tuple[VlotteGeesten, State]:
    game = castlerules.make("vlotte-geesten", **options)
    assert isinstance(game, VlotteGeesten)
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        if game.is_terminal(state):
            break
        state = game.apply(state, random_action(game, state, rng))
    return game, state


def _values() -> st.SearchStrategy[Any]:
    """JSON values of every type, small and odd ones included."""
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(-3, 40), st.integers(), st.text(max_size=6),
        st.sampled_from([o.name for o in Obj] + ["UNICORN", "mouse"]),
    )
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=6), max_leaves=12)


def _well_typed() -> st.SearchStrategy[dict[str, Any]]:
    """Field values of the right JSON type but of any consistency."""
    objects = st.sampled_from([o.name for o in Obj])
    players = st.lists(st.integers(-1, 9), max_size=9)
    return st.fixed_dictionaries(
        {},
        optional={
            "scores": st.lists(st.integers(-3, 36), max_size=9),
            "supply": st.integers(-1, 36),
            "pot": st.integers(-1, 36),
            "roller": st.integers(-1, 9),
            "dice": st.one_of(st.none(), st.lists(objects, min_size=5, max_size=5)),
            "acted": players,
            "wrong": players,
            "grabbed": st.lists(objects, max_size=5, unique=True),
        },
    )


@st.composite
def mutated_states(draw: st.DrawFn) -> tuple[VlotteGeesten, str]:
    options = draw(st.sampled_from(GAMES))
    game, state = _reachable(options, draw(st.integers(0, 10**6)), draw(st.integers(0, 40)))
    data = json.loads(game.state_to_json(state))
    inner = data["state"]
    kind = draw(st.sampled_from(["consistent-looking", "structural", "envelope"]))
    if kind == "consistent-looking":
        inner.update(draw(_well_typed()))
    elif kind == "structural":
        for _ in range(draw(st.integers(1, 3))):
            key = draw(st.sampled_from([*inner, "extra"]))
            if draw(st.booleans()):
                inner.pop(key, None)
            else:
                inner[key] = draw(_values())
    else:
        data[draw(st.sampled_from(["format", "game", "state", "x"]))] = draw(_values())
    return game, json.dumps(data)


def _exercise(game: VlotteGeesten, state: State) -> None:
    """Everything a caller may do with a state the game accepted."""
    game.render(state)
    assert "<svg" in game.render_svg(state)
    text = game.state_to_text(state)
    assert game.state_from_text(text) == state
    assert game.state_from_json(game.state_to_json(state)) == state
    repr(state)
    game.actors(state)
    game.winners(state)
    legal = game.legal_actions(state)
    step = max(1, len(legal) // 200)
    for action in legal[::step]:
        game.action_to_str(state, action)
        after = game.apply(state, action)
        game.state_from_json(game.state_to_json(after))
    for player in range(game.num_players):
        game.legal_actions_of(state, player)


@settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(case=mutated_states())
def test_every_state_the_validation_accepts_can_be_used(case: tuple[VlotteGeesten, str]) -> None:
    game, text = case
    try:
        state = game.state_from_json(text)
    except RulesError as err:
        assert len(str(err)) < 400
        return
    _exercise(game, state)


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    options=st.sampled_from(GAMES),
    text=st.one_of(
        st.text(max_size=60),
        st.lists(
            st.sampled_from(["0,0,0", "0,0", "35", "0", "p0", "p2", "-", "BBCMB", "bbcmb",
                             "p0,p1", "MB", "CGMBK", "p1", "34", "1,0,0", "X", "²", ""]),
            min_size=6, max_size=9,
        ).map(" ".join),
    ),
)
def test_any_position_text_loads_or_is_a_rules_error(options: dict[str, Any], text: str) -> None:
    game = castlerules.make("vlotte-geesten", **options)
    assert isinstance(game, VlotteGeesten)
    try:
        state = game.state_from_text(text)
    except RulesError as err:
        assert len(str(err)) < 400
        return
    _exercise(game, state)


# -- one game object, many threads ---------------------------------------------------------------


def _replay(game: VlotteGeesten, seed: int, plies: int = 3000) -> list[str]:
    rng = random.Random(seed)
    state = game.initial_state()
    seen = []
    for _ in range(plies):
        if game.is_terminal(state):
            break
        action = random_action(game, state, rng)
        state = game.apply(state, action)
        seen.append(game.state_to_text(state))
    return seen


@pytest.mark.parametrize("players", [3, 8])
def test_threads_sharing_one_game_get_the_single_threaded_results(players: int) -> None:
    """Six threads replay six different seeded games on one shared game object (its caches cold
    and small enough to be cleared while they run) and see exactly what one thread sees."""
    seeds = range(6)
    expected = {seed: _replay(castlerules.make("vlotte-geesten", players=players), seed)
                for seed in seeds}
    shared = castlerules.make("vlotte-geesten", players=players)
    assert isinstance(shared, VlotteGeesten)
    shared._legal_cache.limit = 7  # cleared again and again while the threads read it
    shared._actors_cache.limit = 3
    found = shared_by_threads(shared, _replay, [[s] for s in seeds])
    assert found == expected
    assert sum(len(v) for v in found.values()) > 1000


def test_a_pass_by_a_player_who_is_not_in_the_game_names_the_player() -> None:
    game = castlerules.make("vlotte-geesten", players=2)
    v = game.violation(rolled(game, (B, B, C, M, B)), Pass(5))
    assert v is not None and "p5" in v.reason and v.clause == "vg.spel.spelers"
