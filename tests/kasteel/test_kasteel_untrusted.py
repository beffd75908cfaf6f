"""Kasteel at the boundary: what a stranger may send (state JSON, position text, action objects and
text, map text, records) is refused with a short RulesError or works completely, and one game
object serves several threads.

Bounded so the suite stays fast; ``CASTLERULES_FUZZ=1`` runs 20 times the examples.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import FUZZ_SCALE, reach, shared_by_threads
from test_kasteel_board import SMALL  # the board tests' small castle map

import castlerules
from castlerules.core.errors import (
    InvalidActionError,
    InvalidOptionError,
    InvalidStateError,
    ParseError,
    RulesError,
)
from castlerules.core.play import random_action
from castlerules.core.record import Record, replay
from castlerules.kasteel import Kasteel, Move, Pass, PlaceSkull, State
from castlerules.kasteel.board import MAX_COLUMNS, MAX_ROWS

SCALE = FUZZ_SCALE
OPTIONS = [{}, {"skull_squares": ["i11", "j10"]}, {"level": 3, "stuck": "lose"}]


def fuzz(examples: int) -> Any:
    return settings(max_examples=examples * SCALE, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def works(game: Kasteel, state: State) -> None:
    """Everything a state that loaded must support."""
    game.render(state)
    assert game.render_svg(state).startswith("<svg")
    assert game.state_from_text(game.state_to_text(state)) == state
    assert game.state_from_json(game.state_to_json(state)) == state
    assert eval(repr(state), {"castlerules": castlerules}) == state  # the repr is a call
    for action in game.legal_actions(state):
        game.action_to_str(state, action)
        game.state_to_json(game.apply(state, action))
    assert len(game.winners(state)) <= 1


squares = st.frozensets(st.integers(-3, 400), max_size=10)


@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
@fuzz(60)
@given(yellow=squares, red=squares, passes=st.tuples(st.integers(-2, 12), st.integers(-2, 12)),
       skulls=st.frozensets(st.integers(150, 220), max_size=5), to_move=st.integers(-1, 2))
def test_well_typed_but_inconsistent_states_are_refused_or_work(
    options: dict[str, Any], yellow: frozenset[int], red: frozenset[int], passes: tuple[int, int],
    skulls: frozenset[int], to_move: int,
) -> None:
    game = castlerules.make("kasteel", **options)
    data = {"knights": [sorted(yellow), sorted(red)], "passes": list(passes),
            "skulls": sorted(skulls), "to_move": to_move}
    try:
        state = game.state_from_json(json.dumps({"format": 1, "game": "kasteel", "state": data}))
    except InvalidStateError as exc:
        assert len(str(exc)) < 300
        return
    works(game, state)


def _mutations(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``data`` with one field replaced, dropped, nested or given an extra item."""
    data = json.loads(json.dumps(data))
    field = rng.choice(sorted(data))
    how = rng.randrange(5)
    odd = rng.choice([None, True, -1, 10**40, "j4", [], [[]], {"a": 1}, 1.5, [361], [-1, 0]])
    if how == 0:
        data[field] = odd
    elif how == 1:
        del data[field]
    elif how == 2:
        data[field] = [data[field]]
    elif how == 3 and isinstance(data[field], list) and data[field]:
        inner = data[field][rng.randrange(len(data[field]))]
        if isinstance(inner, list):
            inner.append(rng.choice([0, 66, 360, 361, -5, 10**20]))
        else:
            data[field].append(odd)
    else:
        data["extra"] = odd
    return data


@fuzz(40)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 400))
def test_structurally_mutated_state_json_is_refused_or_works(seed: int, plies: int) -> None:
    game = castlerules.make("kasteel")
    state = reach(game, seed, plies)
    data = json.loads(game.state_to_json(state))["state"]
    changed = _mutations(data, random.Random(seed))
    try:
        loaded = game.state_from_json(json.dumps(changed))
    except InvalidStateError as exc:
        assert len(str(exc)) < 300
        return
    works(game, loaded)


@pytest.mark.clause("kasteel.spel.schuiven")
def test_errors_name_squares_and_count_passes_correctly() -> None:
    """Messages speak in square names ('c8 to d9', never 'c8 to 155') with correct grammar."""
    game = Kasteel(skull_squares=[])
    s = game.state_from_text("19/19/19/19/19/19/19/19/19/19/19/2Y16/19/19/19/19/19/19/R18 y 1,8 -")
    b = game.board
    assert "c8 to d9 is not an orthogonal move" in str(game.violation(s, Move(0, b.square("c8"), 155)))
    skull = Kasteel(skull_squares=["c10", "c11"])
    t = skull.state_from_text(
        "19/19/19/19/19/19/19/19/19/19/19/2Y16/19/19/19/19/19/19/R18 y 1,8 c10,c11"
    )
    v = skull.play(skull.play(t, "c8-c9"), "a1-a2")
    found = skull.violation(v, skull.parse_action(v, "c9-c11"))
    assert found is not None and "costs 2 passes and yellow has 1 left" in found.reason
    poor = Kasteel(skull_squares=["c10", "c11"], passes=1)
    w = poor.state_from_text(skull.state_to_text(v).replace(" 1,8 ", " 0,1 "))
    assert "costs 1 pass and yellow has 0 left" in poor.violation(w, poor.parse_action(w, "c9-c10")).reason


@pytest.mark.parametrize(
    "text",
    ["p² pass", "p⑤ c8-c9", "c⑧-c9", "c8-c٩", "p2 pass", "p1 skull j10", "c8--c9", "c8_c9",
     "x" * 100_000, "c8-c9 c9-c10", "c100-c101", "skull", "c8xc9", ""],
)
def test_bad_action_text_is_a_short_parse_error(text: str) -> None:
    game = Kasteel(skull_squares=[])
    state = game.initial_state()
    with pytest.raises(ParseError) as caught:
        game.parse_action(state, text)
    assert len(str(caught.value)) < 200


@pytest.mark.clause("kasteel.spel.slaan")
def test_x_means_a_capture_and_dash_an_empty_square() -> None:
    game = Kasteel(skull_squares=[])
    s = game.state_from_text("19/19/19/19/19/19/19/19/19/Y3R14/19/19/19/19/19/19/19/19/19 y 8,8 -")
    b = game.board
    assert game.parse_action(s, "a10xe10") == Move(0, b.square("a10"), b.square("e10"))
    with pytest.raises(ParseError, match="write the capture a10xe10"):
        game.parse_action(s, "a10-e10")
    with pytest.raises(ParseError, match="no red knight stands on d10; write a10-d10"):
        game.parse_action(s, "a10xd10")
    assert game.parse_action(s, "p0 a10-d10") == game.parse_action(s, "a10-d10")
    assert game.action_to_str(s, Pass(1)) == "p1 pass"
    assert game.parse_action(s, "p1 pass") == Pass(1)


@fuzz(40)
@given(player=st.one_of(st.integers(-2, 3), st.integers(2**70, 2**71)),
       frm=st.integers(-5, 10**6), to=st.integers(-5, 10**6))
def test_odd_moves_get_a_violation_and_text_errors_only(player: int, frm: int, to: int) -> None:
    game = Kasteel()
    for state in (game.initial_state(), reach(game, 3, 40)):
        for action in (Move(player, frm, to), Pass(player), PlaceSkull(frm)):
            found = game.violation(state, action)
            assert found is None or len(found.reason) < 200
            try:
                game.action_to_str(state, action)
            except RulesError as exc:
                assert len(str(exc)) < 200



@fuzz(40)
@given(seed=st.integers(0, 2**32 - 1), edits=st.integers(1, 6))
def test_edited_maps_are_refused_or_play(seed: int, edits: int) -> None:
    rng = random.Random(seed)
    chars = list(SMALL)
    for _ in range(edits):
        i = rng.randrange(len(chars))
        chars[i] = rng.choice(" .#CyrYR\n0123456789abz;")
    text = "".join(chars)
    try:
        game = castlerules.make("kasteel", board=text, skulls=0)
    except (InvalidOptionError, RulesError) as exc:
        assert len(str(exc)) < 300
        return
    assert castlerules.make("kasteel", **game.options) == game
    state = game.initial_state()
    for _ in range(60):
        if game.is_terminal(state):
            break
        state = game.apply(state, random_action(game, state, rng))
    works(game, state)


def test_map_limits_are_refused_and_never_quote_a_file(tmp_path: Any) -> None:
    wide = "\n".join(f"{r} " + " ".join("." * 5) for r in range(1000, 0, -1)) + "\n   a b c d e\n"
    with pytest.raises(InvalidOptionError, match=f"at most {MAX_ROWS}"):
        castlerules.make("kasteel", board=wide)
    columns = " ".join("abcdefghijklmnopqrstuvwxyz") + " a"
    with pytest.raises(InvalidOptionError, match=f"3 to {MAX_COLUMNS} columns"):
        castlerules.make("kasteel", board=SMALL.replace("a b c d e", columns))
    secret = tmp_path / "secret.txt"
    secret.write_text("the password is hunter2\n", encoding="utf-8")
    with pytest.raises(InvalidOptionError) as caught:
        castlerules.make("kasteel", board=str(secret))
    assert "hunter2" not in str(caught.value)
    record = json.dumps({"game": "kasteel", "options": {"board": str(secret)}, "actions": []})
    with pytest.raises(castlerules.RecordError) as refused:
        replay(Record.from_json(record))
    assert "hunter2" not in str(refused.value) and "never by a path" in str(refused.value)


def test_a_map_is_stored_by_value_and_a_record_carries_it(tmp_path: Any) -> None:
    path = tmp_path / "small.txt"
    path.write_text(SMALL, encoding="utf-8")
    game = castlerules.make("kasteel", board=str(path), skulls=1)
    assert game.options["board"] == SMALL
    assert castlerules.make("kasteel", board=SMALL, skulls=1) == game
    assert "board" not in castlerules.make("kasteel", board="kasteel-default").options
    from castlerules.core.play import random_record

    record = random_record(game, 5, max_plies=30)
    path.unlink()
    states = replay(Record.from_json(record.to_json()), every_state=True)
    assert len(states) == len(record.actions) + 1


@pytest.mark.parametrize(
    "options",
    [{}, {"level": 2, "readings": {"own-key": "slide-through", "pass-cost": "per-move"}},
     {"stuck": "lose", "readings": {"capture": "mover-removed", "turns": "voluntary-pass"}}],
    ids=range(3),
)
def test_four_threads_share_one_game(options: dict[str, Any]) -> None:
    """Four threads replay different seeded games on ONE game object, switching as often as the
    interpreter can, and get exactly the single-threaded results."""
    def trace(game: Kasteel, seed: int) -> list[str]:
        rng = random.Random(seed)
        state = game.initial_state()
        out = []
        for _ in range(400):
            if game.is_terminal(state):
                break
            action = random_action(game, state, rng)
            assert game.violation(state, action) is None
            out.append(game.action_to_str(state, action))
            state = game.apply(state, action)
            out.append(",".join(map(str, sorted(game.winners(state)))))
        out.append(game.state_to_text(state))
        return out

    seeds = [[10 * t + k for k in range(3)] for t in range(4)]
    expected = {s: trace(castlerules.make("kasteel", **options), s) for row in seeds for s in row}
    results = shared_by_threads(castlerules.make("kasteel", **options), trace, seeds)
    assert results == expected


def test_actions_with_wrong_types_are_refused_when_made() -> None:
    for bad in (None, "3", 2.5, [1], True, {1}):
        with pytest.raises(InvalidActionError):
            Move(0, bad, 3)  # type: ignore[arg-type]
        with pytest.raises(InvalidActionError):
            Pass(bad)  # type: ignore[arg-type]
