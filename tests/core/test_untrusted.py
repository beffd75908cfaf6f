"""Untrusted input, fuzzed surface by surface: only ``RulesError``s, and what is accepted works.

Every surface a stranger can reach — state JSON, position text, action text, action objects,
records, options and board text, adapter ids — is fed random and mutated input. The rule:

- the library raises nothing but a ``castlerules.RulesError`` subclass, with a short message;
- anything it accepts is usable: a state that loads renders (text and SVG), lists its legal
  actions, applies each of them, serialises, and round-trips through its position text and JSON.

The default run is bounded so the suite stays fast. ``CASTLERULES_FUZZ=1`` multiplies the number
of examples by 20 (``CASTLERULES_FUZZ=N``: by N) for a longer campaign.
"""

from __future__ import annotations

import json
import random
import string
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import FUZZ_SCALE, reach

import castlerules
from castlerules.core.catalog import game_class
from castlerules.core.errors import InvalidActionError, RulesError
from castlerules.core.record import Record, replay

SCALE = FUZZ_SCALE
GAMES = list(castlerules.games())
#: The longest message an error may carry (it quotes its input cut short).
MESSAGE_LIMIT = 600


def fuzz(examples: int) -> Any:
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def short(error: RulesError) -> None:
    assert len(str(error)) <= MESSAGE_LIMIT, f"a {len(str(error))}-character message"


def refused_or_works(game: Any, load: Any, text: Any) -> None:
    """``load(text)`` refuses the text with a short RulesError, or gives a state that works."""
    try:
        loaded = load(text)
    except RulesError as exc:
        short(exc)
        return
    exercise(game, loaded)


def exercise(game: Any, state: Any) -> None:
    """What every accepted state must support."""
    game.render(state)
    assert game.render_svg(state).lstrip().startswith("<svg")
    text = game.state_to_text(state)
    assert game.state_from_text(text) == state
    assert game.state_from_json(game.state_to_json(state)) == state
    legal = game.legal_actions(state)
    for action in legal[:6]:
        game.action_to_str(state, action)
        after = game.apply(state, action)
        game.state_to_json(after)
    game.is_terminal(state)
    game.winners(state)
    from castlerules.adapters.common import Observer

    Observer(game).encode(state, 0)


def states_of(name: str, seed: int) -> list[Any]:
    game = castlerules.make(name)
    return [reach(game, seed + k, plies) for k, plies in enumerate((0, 3, 25, 150))]


# -- JSON values and mutations -------------------------------------------------------------------

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 400),
    st.integers(),
    st.text(max_size=8),
    st.sampled_from(["", "start", "exit", "a1", "e5", "j4", "ROLL", "MOVE", "OVER", "ACTIVE"]),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths(v, (*prefix, i))
    return out


def mutate(data: Any, path: tuple[Any, ...], how: int, value: Any) -> Any:
    """``data`` with the item at ``path`` replaced, removed, duplicated or wrapped."""
    if not path:
        return value
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == 0:
        parent[key] = value
    elif how == 1:
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif how == 2 and isinstance(parent, list):
        parent.insert(key, parent[key])
    else:
        parent[key] = [parent[key]]
    return data


@pytest.mark.parametrize("name", GAMES)
@fuzz(40)
@given(data=st.data())
def test_mutated_state_json_is_refused_or_works(name: str, data: st.DataObject) -> None:
    game = castlerules.make(name)
    state = data.draw(st.sampled_from(states_of(name, 11)))
    envelope = json.loads(game.state_to_json(state))
    inner = envelope["state"]
    target = data.draw(st.sampled_from([envelope, inner]))
    where = data.draw(st.sampled_from(paths(target)))
    how = data.draw(st.integers(0, 3))
    changed = mutate(target, where, how, data.draw(json_value))
    text = json.dumps(envelope if target is envelope else changed)
    refused_or_works(game, game.state_from_json, text)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 50_000 + "1" + "}" * 50_000,
        "1" * 5_000,
        '{"format": 1, "game": "x", "state": ' + "9" * 5000 + "}",
        "\ud800",
        b"\xff\xfe\x00",
        "[]" * 600_000,
        "",
        "null",
        '{"format": 99, "game": "splut", "state": {}}',
    ],
    ids=range(10),
)
def test_hostile_json_texts_are_one_error(name: str, text: Any) -> None:
    game = castlerules.make(name)
    with pytest.raises(RulesError) as caught:
        game.state_from_json(text)
    short(caught.value)


# -- position text -------------------------------------------------------------------------------

PRINTABLE = string.ascii_letters + string.digits + " /-:;,.|*+#@()[]_²⑤١"


def edit(text: str, rng: random.Random, edits: int) -> str:
    chars = list(text)
    for _ in range(edits):
        op = rng.randrange(3)
        i = rng.randrange(len(chars) + 1)
        if op == 0 or not chars:
            chars.insert(i, rng.choice(PRINTABLE))
        elif op == 1 and i < len(chars):
            del chars[i]
        elif i < len(chars):
            chars[i] = rng.choice(PRINTABLE)
    return "".join(chars)


@pytest.mark.parametrize("name", GAMES)
@fuzz(60)
@given(seed=st.integers(0, 2**32 - 1), edits=st.integers(1, 4), pick=st.integers(0, 3))
def test_mutated_position_text_is_refused_or_works(
    name: str, seed: int, edits: int, pick: int
) -> None:
    game = castlerules.make(name)
    state = states_of(name, 5)[pick]
    text = edit(game.state_to_text(state), random.Random(seed), edits)
    refused_or_works(game, game.state_from_text, text)


@pytest.mark.parametrize("name", GAMES)
@fuzz(30)
@given(text=st.text(max_size=80))
def test_any_position_text_is_refused_or_works(name: str, text: str) -> None:
    game = castlerules.make(name)
    refused_or_works(game, game.state_from_text, text)


@pytest.mark.parametrize("name", GAMES)
def test_huge_position_text_is_refused_quickly(name: str) -> None:
    game = castlerules.make(name)
    with pytest.raises(RulesError) as caught:
        game.state_from_text("a" * 30_000_000)
    short(caught.value)


# -- action text ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@fuzz(60)
@given(seed=st.integers(0, 2**32 - 1), edits=st.integers(0, 3), pick=st.integers(0, 3))
def test_mutated_action_text_is_refused_or_applies(
    name: str, seed: int, edits: int, pick: int
) -> None:
    game = castlerules.make(name)
    state = states_of(name, 7)[pick]
    rng = random.Random(seed)
    legal = game.legal_actions(state)
    base = game.action_to_str(state, rng.choice(legal)) if legal else "pass"
    text = edit(base, rng, edits)
    try:
        action = game.parse_action(state, text)
        found = game.violation(state, action)
        if found is None:
            game.apply(state, action)
        game.action_to_str(state, action)
    except RulesError as exc:
        short(exc)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "text", ["p² pass", "roll ¹", "p⑤ move a", "p٣ pass", "x" * 30_000_000, "p0 " + "a1-" * 10_000],
    ids=range(6),
)
def test_hostile_action_texts_are_parse_errors(name: str, text: str) -> None:
    game = castlerules.make(name)
    with pytest.raises(RulesError) as caught:
        game.parse_action(game.initial_state(), text)
    short(caught.value)


# -- action objects ------------------------------------------------------------------------------

odd_value = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 400),
    st.integers(min_value=2**70),
    st.text(max_size=4),
    st.lists(st.integers(0, 5), max_size=3),
    st.frozensets(st.integers(0, 5), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.floats(allow_nan=True),
)


@pytest.mark.parametrize("name", GAMES)
@fuzz(60)
@given(data=st.data())
def test_malformed_action_objects_are_refused(name: str, data: st.DataObject) -> None:
    game = castlerules.make(name)
    state = data.draw(st.sampled_from(states_of(name, 3)))
    kind = data.draw(st.sampled_from(game.action_types))
    fields = [f for f in attrs.fields(kind) if f.init]  # derived fields are not arguments
    values = {f.name: data.draw(odd_value) for f in fields}
    try:
        action = kind(**values)
    except RulesError as exc:
        short(exc)
        return
    for call in (game.violation, game.is_legal, game.apply, game.action_to_str):
        try:
            call(state, action)
        except RulesError as exc:
            short(exc)


@pytest.mark.parametrize("name", GAMES)
def test_foreign_objects_are_not_actions(name: str) -> None:
    game = castlerules.make(name)
    state = game.initial_state()
    others = [castlerules.make(g).legal_actions(castlerules.make(g).initial_state())[0]
              for g in GAMES if g != name]
    for foreign in ("p0 pass", b"pass", None, 3, 2.5, [], {}, object(), *others):
        with pytest.raises(InvalidActionError):
            game.violation(state, foreign)
        with pytest.raises(InvalidActionError):
            game.apply(state, foreign)
    with pytest.raises(InvalidActionError, match="parse_action"):
        game.apply(state, "p1 grab mouse")


@pytest.mark.parametrize("name", GAMES)
def test_equal_actions_have_equal_legality(name: str) -> None:
    """An action rebuilt from plain values (ints for enums, lists for tuples) that compares equal
    to a legal one is legal too."""
    game = castlerules.make(name)
    for state in states_of(name, 21):
        for action in game.legal_actions(state)[:40]:
            plain = {
                f.name: (int(v) if isinstance(v, int) else v)
                for f in attrs.fields(type(action))
                if f.init
                for v in [getattr(action, f.name)]
            }
            try:
                twin = type(action)(**plain)
            except RulesError:
                continue
            if twin == action:
                assert game.violation(state, twin) is None, (action, twin)


# -- records ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@fuzz(25)
@given(data=st.data())
def test_altered_records_replay_or_name_the_ply(name: str, data: st.DataObject) -> None:
    from castlerules.core.play import random_record

    game = castlerules.make(name)
    record = random_record(game, data.draw(st.integers(0, 50)), max_plies=40)
    raw = json.loads(record.to_json())
    where = data.draw(st.sampled_from(paths(raw)))
    changed = mutate(raw, where, data.draw(st.integers(0, 3)), data.draw(json_value))
    text = json.dumps(changed)
    if data.draw(st.booleans()):
        text = text[: data.draw(st.integers(0, len(text)))]
    try:
        states = replay(Record.from_json(text), every_state=True)
    except RulesError as exc:
        short(exc)
        return
    exercise(castlerules.make(name), states[-1]) if states[-1].__class__ is game.state_type else None


@pytest.mark.parametrize(
    "text",
    [
        b"\xff\xfe\x00\x01",
        "caf\xe9".encode("latin-1"),
        '{"game": "splut", "options": {}}'.encode("utf-16"),
        "[" * 200_000,
        '{"game":"kasteel","options":{"board":"/etc/hostname"},"actions":[]}',
        '{"game":"spookslot","options":{"board":"/dev/zero"},"actions":[]}',
        '{"game":"kasteel","options":{"board":"kasteel-default.txt\\u0000"},"actions":[]}',
        '{"game":"splut","options":{"players":' + "9" * 5000 + '},"actions":[]}',
        '{"game":"splut","options":{},"actions":["' + "x" * 1000 + '"]}',
        '{"game":"splut","options":{},"actions":[], "seed": -1}',
    ],
    ids=range(10),
)
def test_hostile_records_are_record_errors(text: Any) -> None:
    with pytest.raises(castlerules.RecordError) as caught:
        replay(Record.from_json(text))
    short(caught.value)
    assert "hostname" not in str(caught.value).replace("/etc/hostname", "")


# -- options ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@fuzz(60)
@given(data=st.data())
def test_odd_options_are_refused_or_work(name: str, data: st.DataObject) -> None:
    import inspect

    keys = [k for k in inspect.signature(game_class(name)).parameters if k != "board"]
    options = data.draw(
        st.dictionaries(st.sampled_from([*keys, "bogus"]), odd_value | json_value, max_size=3)
    )
    try:
        game = castlerules.make(name, **options)
    except RulesError as exc:
        short(exc)
        return
    repr(game)
    Record.new(name, game.options).to_json()
    exercise(game, game.initial_state())


BOARDS = {"spookslot": "spookslot-default", "kasteel": "kasteel-default"}


@pytest.mark.parametrize("name", sorted(BOARDS))
@fuzz(30)
@given(seed=st.integers(0, 2**32 - 1), edits=st.integers(1, 6))
def test_mutated_board_text_is_refused_or_works(name: str, seed: int, edits: int) -> None:
    from castlerules.core.spec import read_text

    base = castlerules.make(name).options.get("board", BOARDS[name])
    text = read_text(f"boards/{base}.toml" if name == "spookslot" else f"boards/{base}.txt") \
        if base in BOARDS.values() else base
    changed = edit(text, random.Random(seed), edits)
    if "\n" not in changed:
        changed += "\n"
    try:
        game = castlerules.make(name, board=changed)
    except RulesError as exc:
        short(exc)
        return
    exercise(game, game.initial_state())


@pytest.mark.parametrize("name", sorted(BOARDS))
@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null", "/", "/no/such/file", "a\x00b", "/etc"])
def test_odd_board_paths_are_one_error(name: str, path: str) -> None:
    with pytest.raises(RulesError) as caught:
        castlerules.make(name, board=path)
    short(caught.value)


# -- adapters ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@fuzz(20)
@given(ids=st.lists(st.integers(-(2**40), 2**40) | st.integers(-3, 5000), min_size=1, max_size=8))
def test_openspiel_ids_are_checked(name: str, ids: list[int]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from castlerules.adapters import openspiel

    state = openspiel.load(name).new_initial_state()
    for action in ids:
        legal = state.legal_actions() if not state.is_chance_node() else [
            a for a, _ in state.chance_outcomes()
        ]
        try:
            state.apply_action(action)
        except (RulesError, pyspiel.SpielError):
            assert action not in legal
        else:
            assert action in legal
        if state.is_terminal():
            break
