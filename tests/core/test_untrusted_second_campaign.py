"""The boundary, second campaign: seven ways bad input got through, each kept fixed here.

1. a long legal record replays in flat memory (a subprocess under ``resource.setrlimit``);
2. a reading and an explicit keyword option combine the same way whether or not the keyword's
   value is its default (``make``, records, the CLI and the OpenSpiel parameters);
3. the PettingZoo environment after the end answers with ``RulesError``\\ s only;
4. every state one format (state JSON, position text) accepts, the other writes and reads back,
   at the limits of every numeric field (the one table: ``core.jsonio.RANGE``);
6. every message built from long input is short: at most 600 characters, quoting at most 60 of
   the input (every entry point);
7. the CLI's argument errors do not repeat a long argument.

(5, the unbounded standard-input line of ``play --human``, is the terminal's own test.)
``CASTLERULES_FUZZ=1`` grows every sweep (a record of the full ``MAX_PLIES``, more states, more
values, more calls).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import textwrap
from typing import Any

import attrs
import pytest
from cli_runner import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import FUZZ_SCALE, reach, variants_of

import castlerules
from castlerules.core import jsonio
from castlerules.core.errors import (
    MESSAGE_LIMIT,
    QUOTE_LIMIT,
    InvalidActionError,
    InvalidOptionError,
    RecordError,
    RulesError,
)
from castlerules.core.record import MAX_PLIES, Record, replay, replay_states
from castlerules.core.spec import load_spec

GAMES = list(castlerules.games())
FUZZ = FUZZ_SCALE > 1
#: A long input whose letter occurs in no message of the library.
FILLER = "Q" * 5000


def fuzz(examples: int) -> Any:
    return settings(
        max_examples=examples * FUZZ_SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def short(message: str) -> None:
    """At most MESSAGE_LIMIT characters, and no more than QUOTE_LIMIT of any long input."""
    assert len(message) <= MESSAGE_LIMIT, f"a {len(message)}-character message"
    for run_ in re.findall(r"Q+|9{20,}|x{20,}", message):
        assert len(run_) <= QUOTE_LIMIT, f"{len(run_)} characters of input quoted: {message[:120]}"


def refused_shortly(call: Any, *args: Any, **kwargs: Any) -> Any:
    """``call(...)``'s result, or None if it raised a RulesError (whose message must be short)."""
    try:
        return call(*args, **kwargs)
    except RulesError as exc:
        short(str(exc))
        return None


# -- 1. replay in flat memory ---------------------------------------------------------------------

_CHILD = textwrap.dedent(
    r'''
    import gc, json, random, resource, sys
    import castlerules
    from castlerules.core.record import Record, replay

    plies, cap_mib, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    game = castlerules.make("kasteel")
    seed, state, texts = 0, None, []
    while len(texts) < plies:  # random legal play that does not end the game (no move limit)
        if state is None or game.is_terminal(state):  # cornered: begin again with a new seed
            seed += 1
            rng, state, texts = random.Random(seed), game.initial_state(), []
        legal = list(game.legal_actions(state))
        rng.shuffle(legal)
        for action in legal:
            after = game.successor(state, action)
            if not game.is_terminal(after):
                break
        texts.append(game.action_to_str(state, action))
        state = after
    text = json.dumps({"game": "kasteel", "options": {}, "actions": texts})
    del texts, state, after, legal
    record = Record.from_json(text)
    del text
    gc.collect()
    with open("/proc/self/status") as f:
        size = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize:"))
    limit = size + cap_mib * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    final = replay(record) if mode == "final" else replay(record, every_state=True)[-1]
    print("replayed", len(record.actions), game.is_terminal(final))
    '''
)


def _replay_under_cap(plies: int, cap_mib: int, mode: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _CHILD, str(plies), str(cap_mib), mode],
        capture_output=True, text=True, timeout=3600, check=False,
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, caps RLIMIT_AS")
def test_a_long_legal_record_replays_in_flat_memory() -> None:
    """Issue 1: a legal Kasteel record (the full MAX_PLIES in the campaign) replays under a memory
    cap that keeping every state would break: the control run, which keeps them, must fail."""
    plies, cap = (MAX_PLIES, 160) if FUZZ else (60_000, 32)
    done = _replay_under_cap(plies, cap, "final")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[:2] == ["replayed", str(plies)]
    if FUZZ:  # the control: keeping every state does not fit under the same cap
        control = _replay_under_cap(plies, cap, "every-state")
        assert control.returncode != 0 and "MemoryError" in control.stderr


_NEAR_LIMITS = textwrap.dedent(
    r'''
    import json, resource, sys
    from castlerules.core.errors import RulesError
    from castlerules.core.record import MAX_ACTION_CHARS, MAX_PLIES, MAX_RECORD_CHARS, Record, replay

    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))
    texts = {
        "plies": json.dumps({"game": "kasteel", "options": {}, "actions": ["a1-a2"] * MAX_PLIES}),
        "too many": json.dumps({"game": "splut", "options": {}, "actions": ["x"] * (MAX_PLIES + 1)}),
        "chars": json.dumps({"game": "splut", "options": {},
                             "actions": ["p" * MAX_ACTION_CHARS] * (MAX_RECORD_CHARS // 210)}),
        "players": json.dumps({"game": "splut", "options": {"players": "Q" * (MAX_RECORD_CHARS - 100)},
                               "actions": []}),
        "readings": json.dumps({"game": "kasteel",
                                "options": {"readings": {"Q" * 1000: "Q" * 1000}}, "actions": []}),
        "size": " " * (MAX_RECORD_CHARS + 1),
    }
    for name, text in texts.items():
        try:
            replay(Record.from_json(text))
            print(name, "replayed")
        except RulesError as exc:
            print(name, len(str(exc)), str(exc).count("Q"))
    '''
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="caps RLIMIT_AS")
def test_records_at_every_limit_are_refused_or_replayed_under_a_memory_cap() -> None:
    """Records at MAX_PLIES, MAX_ACTION_CHARS and MAX_RECORD_CHARS, and one whose ``players`` is
    nearly the whole record, in a process capped at 1 GiB: each ends in a short RecordError."""
    if not FUZZ:
        pytest.skip("the campaign's (CASTLERULES_FUZZ=1): builds records of 32 MB")
    done = subprocess.run(
        [sys.executable, "-c", _NEAR_LIMITS], capture_output=True, text=True, timeout=1800,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.split("\n")[:-1]
    assert [line.split()[0] for line in lines] == [
        "plies", "too", "chars", "players", "readings", "size"
    ]
    for line in lines:
        *_, length, quoted = line.split()
        assert int(length) <= MESSAGE_LIMIT and int(quoted) <= QUOTE_LIMIT, line


def test_replay_keeps_what_is_asked_for() -> None:
    game = castlerules.make("splut", players=3)
    from castlerules.core.play import random_record

    record = random_record(game, seed=3, max_plies=120)
    every = replay(record, every_state=True)
    assert len(every) == len(record.actions) + 1
    assert replay(record) == every[-1]
    assert replay(record, ply=7) == every[7]
    streamed = replay_states(record)
    assert next(streamed) == game.initial_state()
    for bad in (-1, len(record.actions) + 1, True, "3"):
        with pytest.raises(RecordError):
            replay(record, ply=bad)
    broken = Record.new(record.game, record.options_dict(), (*record.actions[:5], "p9 pass"))
    assert replay(broken, ply=5) == every[5]  # only the plies up to the one asked are checked
    with pytest.raises(RecordError) as refused:
        replay(broken, ply=6)
    assert refused.value.ply == 6 and str(refused.value).startswith("ply 6:")


# -- 2. readings and explicit options -------------------------------------------------------------


def _keyword_cases() -> list[tuple[str, str, str, Any, str]]:
    """(game, interpretation, keyword, a value of the keyword, the option that value picks) for
    every valued option of every keyword interpretation."""
    cases = []
    for name in GAMES:
        for interp in load_spec(name).interpretations:
            if not interp.keyword:
                continue
            for option in interp.options:
                if option.value is not None and option.playable:
                    cases.append((name, interp.id, interp.keyword, option.value, option.id))
    return cases


KEYWORD_CASES = _keyword_cases()


def test_the_cases_include_the_reported_ones() -> None:
    found = {(g, kw, v) for g, _, kw, v, _ in KEYWORD_CASES}
    assert {("splut", "players", 2), ("kasteel", "level", 1), ("kasteel", "stuck", "pass")} <= found


@pytest.mark.parametrize(("name", "interp", "keyword", "value", "picks"), KEYWORD_CASES)
def test_an_explicit_value_and_a_reading_agree_or_are_refused(
    name: str, interp: str, keyword: str, value: Any, picks: str
) -> None:
    """Issue 2: ``make(GAME, KEYWORD=value, readings={INTERP: option})`` works exactly when the
    option is the one ``value`` picks — the default value included."""
    spec = load_spec(name).interpretation(interp)
    for option in spec.option_ids():
        if not spec.option(option).playable or spec.option(option).parameter:
            continue
        options = {keyword: value, "readings": {interp: option}}
        if option == picks:
            game = castlerules.make(name, **options)
            assert game.reading(interp) == option
            assert castlerules.make(name, **game.options) == game
        else:
            with pytest.raises(InvalidOptionError, match="disagree"):
                castlerules.make(name, **options)
            record = json.dumps({"game": name, "options": options, "actions": []})
            with pytest.raises(RecordError, match="disagree"):
                replay(Record.from_json(record))


def test_the_reported_combinations_are_refused_and_a_reading_alone_works() -> None:
    for name, options in (
        ("splut", {"players": 2, "readings": {"player-count": "4"}}),
        ("kasteel", {"level": 1, "readings": {"level": "2"}}),
        ("kasteel", {"stuck": "pass", "readings": {"no-legal-move": "lose"}}),
    ):
        with pytest.raises(InvalidOptionError, match="disagree"):
            castlerules.make(name, **options)
        alone = {k: v for k, v in options.items() if k == "readings"}
        assert castlerules.make(name, **alone).reading(next(iter(options["readings"]))) == next(
            iter(options["readings"].values())
        )
    assert castlerules.make("splut", readings={"player-count": "4"}).num_players == 4


def test_the_cli_refuses_an_explicit_default_that_disagrees_with_a_reading(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "show", "splut", "start", "--players", "2",
                       "--reading", "player-count=4")
    assert code == 2 and "disagree" in err
    code, out, _ = run(capsys, "show", "splut", "start", "--reading", "player-count=4")
    assert code == 0 and out.count("/") >= 3  # four teams


def test_openspiel_parameters_follow_the_same_rule() -> None:
    openspiel = pytest.importorskip("castlerules.adapters.openspiel")
    pyspiel = pytest.importorskip("pyspiel")
    # OpenSpiel fills every parameter in, so a default value cannot be told from none: it yields
    # to the reading, and the game reports the value it plays.
    game = pyspiel.load_game("castlerules_splut(readings=player-count:4)")
    assert game.num_players() == 4 and game.get_parameters()["players"] == 4
    assert pyspiel.load_game(str(game)).num_players() == 4
    with pytest.raises(InvalidOptionError, match="disagree"):
        pyspiel.load_game("castlerules_splut(players=3,readings=player-count:4)")
    with pytest.raises(InvalidOptionError, match="disagree"):
        openspiel.load("kasteel", level=3, readings={"level": "2"})


@fuzz(30)
@given(st.data())
def test_fuzz_readings_with_explicit_options(data: st.DataObject) -> None:
    """Random keyword values (valid or not) with random readings: make succeeds exactly when every
    explicit keyword picks the reading's option, and the result is the same game as the readings
    alone give; anything refused is a short InvalidOptionError."""
    name, interp, keyword, _, _ = data.draw(st.sampled_from(KEYWORD_CASES))
    spec = load_spec(name).interpretation(interp)
    values = [o.value for o in spec.options if o.value is not None]
    value = data.draw(st.sampled_from([*values, None, FILLER, -1, 10**30, True, 2.0]))
    option = data.draw(st.sampled_from([*spec.option_ids(), FILLER[:70]]))
    options = {keyword: value, "readings": {interp: option}}
    made = refused_shortly(castlerules.make, name, **options)
    picks = {o.value: o.id for o in spec.options if o.value is not None}
    if made is None:
        return
    assert option in spec.option_ids()
    if value is not None:
        assert type(value) in {type(v) for v in values} and picks[value] == option
    assert made == castlerules.make(name, readings={interp: option})


# -- 3. PettingZoo after the end ------------------------------------------------------------------


def _to_the_end(env: Any, seed: int) -> None:
    rng = random.Random(seed)
    for _ in env.agent_iter(200_000):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            return
        mask = observation["action_mask"]
        env.step(rng.choice([i for i, m in enumerate(mask) if m]))


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_after_the_end_answers_with_rules_errors(name: str) -> None:
    pz = pytest.importorskip("castlerules.adapters.pettingzoo")
    env = pz.raw_env(name, max_plies=300)  # the end: the game's, or a truncation
    env.reset(seed=4)
    _to_the_end(env, 4)
    with pytest.raises(InvalidActionError, match="only action is None"):
        env.step(0)  # a done agent's action (PettingZoo: only None)
    while env.agents:
        env.step(None)
    for call in (lambda: env.step(0), lambda: env.step(None), env.last):
        with pytest.raises(InvalidActionError, match="every agent is done"):
            call()
    for agent in ("player_9", None, 0, FILLER):
        with pytest.raises(pz.UnknownAgentError):
            env.observe(agent)
        with pytest.raises(pz.UnknownAgentError):
            env.action_space(agent)
    with pytest.raises(pz.UnknownAgentError):
        env.rewards["player_0"]  # the agents have left
    wrapped = pz.env(name, max_plies=300)
    wrapped.reset(seed=5)
    _to_the_end(wrapped, 5)
    while wrapped.agents:
        wrapped.step(None)
    with pytest.raises(pz.UnknownAgentError):
        wrapped.last()
    fresh = pz.raw_env(name)
    with pytest.raises(InvalidActionError, match="reset"):
        fresh.step(0)


@fuzz(10)
@given(st.data())
def test_fuzz_pettingzoo_calls_after_termination(data: st.DataObject) -> None:
    """Random calls with random arguments on an environment whose game is over: nothing but a
    RulesError (with a short message) ever comes out."""
    pz = pytest.importorskip("castlerules.adapters.pettingzoo")
    name = data.draw(st.sampled_from(GAMES))
    env = pz.raw_env(name, max_plies=200)
    seed = data.draw(st.integers(0, 2**16))
    env.reset(seed=seed)
    _to_the_end(env, seed)
    argument = st.one_of(
        st.none(), st.integers(-5, 10**6), st.text(max_size=30), st.sampled_from(env.possible_agents),
        st.just(FILLER), st.floats(allow_nan=True),
    )
    for _ in range(data.draw(st.integers(1, 12))):
        method = data.draw(st.sampled_from(["step", "observe", "last", "action_space",
                                            "observation_space", "rewards", "step-none"]))
        value = data.draw(argument)
        call = {
            "step": lambda v=value: env.step(v),
            "step-none": lambda: env.step(None),
            "observe": lambda v=value: env.observe(v),
            "last": env.last,
            "action_space": lambda v=value: env.action_space(v),
            "observation_space": lambda v=value: env.observation_space(v),
            "rewards": lambda v=value: env.rewards[v] if isinstance(v, str) else None,
        }[method]
        refused_shortly(call)


# -- 4. JSON and position text agree at the limits of every field ---------------------------------


def _int_leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _int_leaves(v, (*path, k))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _int_leaves(v, (*path, i))]
    if isinstance(data, int) and not isinstance(data, bool):
        return [path]
    return []


def _with(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = json.loads(json.dumps(data))
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def _values_near_limits(state_type: type) -> list[int]:
    values = {-2, -1, 0, 1, 2, 9, 10, 99, 100, 999, 1000, 10**6, 10**12 - 1, 10**12, 2**63, 10**30}
    for f in attrs.fields(state_type):
        low, high = f.metadata.get(jsonio.RANGE, (0, 0))
        values |= {low - 1, low, low + 1, high - 1, high, high + 1}
    return sorted(values)


def _states(game: Any, count: int) -> list[Any]:
    return [reach(game, seed, plies) for seed in range(count) for plies in (0, 7, 60, 400)]


def _agree(game: Any, state: Any) -> None:
    """The state reads back from both formats, each written by the library."""
    text = game.state_to_text(state)
    assert game.state_from_text(text) == state
    assert game.state_from_json(game.state_to_json(state)) == state


@pytest.mark.parametrize(("name", "options"), [(n, o) for n in GAMES for o in variants_of(n)])
def test_json_and_position_text_accept_the_same_states(name: str, options: dict[str, Any]) -> None:
    """Issue 4: every integer of the state JSON set to values around every limit of the table
    (and far beyond): a state JSON accepts reads back through its position text, and the position
    text with the same number changed accepts the same states."""
    game = castlerules.make(name, **options)
    values = _values_near_limits(game.state_type)
    for state in _states(game, 8 if FUZZ else 2):
        envelope = json.loads(game.state_to_json(state))
        for path in _int_leaves(envelope["state"]):
            for value in values:
                text = json.dumps(_with(envelope, ("state", *path), value))
                loaded = refused_shortly(game.state_from_json, text)
                if loaded is not None:
                    _agree(game, loaded)
        position = game.state_to_text(state)
        for number in re.finditer(r"[0-9]+", position):
            for value in values:
                changed = position[: number.start()] + str(value) + position[number.end() :]
                loaded = refused_shortly(game.state_from_text, changed)
                if loaded is not None:
                    _agree(game, loaded)


def test_a_splut_turn_beyond_the_text_limit_is_refused_by_both_formats() -> None:
    """The reported case: JSON took a turn of 10**12, whose position text was then refused."""
    game = castlerules.make("splut")
    state = game.initial_state()
    low, high = jsonio.int_range(type(state), "turn")
    assert (low, high) == (0, 10**12 - 1)
    envelope = json.loads(game.state_to_json(state))
    for turn, accepted in ((high, True), (high + 1, False), (10**12, False)):
        text = json.dumps(_with(envelope, ("state", "turn"), turn))
        position = game.state_to_text(state).split(" ")
        position[3] = str(turn)
        if accepted:
            assert game.state_from_json(text).turn == turn
            assert game.state_from_text(" ".join(position)).turn == turn
        else:
            with pytest.raises(castlerules.InvalidStateError, match=r"state\.state\.turn"):
                game.state_from_json(text)
            with pytest.raises(castlerules.ParseError, match="the turn"):
                game.state_from_text(" ".join(position))


def test_the_json_schema_carries_the_limits() -> None:
    schema = castlerules.make("splut").json_schema()
    turn = schema["$defs"]["State"]["properties"]["turn"]
    assert (turn["minimum"], turn["maximum"]) == (0, 10**12 - 1)


# -- 6. one quoting rule ----------------------------------------------------------------------------


def _long_inputs() -> list[Any]:
    return [FILLER, FILLER + " " + FILLER, [FILLER] * 50, {FILLER: FILLER}, 10**4000,
            "x" * 100_000, " ".join(["Q"] * 3000)]


@pytest.mark.parametrize("name", GAMES)
def test_long_inputs_through_every_entry_point_give_short_messages(name: str) -> None:
    """Issue 6: long inputs through options, readings, rulesets, records (the ``players`` value
    first), state JSON, position text, action text and the adapters: every RulesError message is
    at most 600 characters and quotes at most 60 of the input."""
    game = castlerules.make(name)
    state = game.initial_state()
    accepted = list(game_class_parameters(name))
    for value in _long_inputs():
        for option in accepted:
            refused_shortly(castlerules.make, name, **{option: value})
        refused_shortly(castlerules.make, name, readings={"level": value})
        refused_shortly(castlerules.make, name, readings=value)
        refused_shortly(castlerules.make, name, ruleset=value)
        refused_shortly(castlerules.make, value)
        for key in ("players", "readings", "ruleset", "board", FILLER):
            record = json.dumps({"game": name, "options": {key: value}, "actions": []})
            refused_shortly(lambda r=record: replay(Record.from_json(r)))
        for record in (
            json.dumps({"game": value, "options": {}, "actions": []}),
            json.dumps({"game": name, "options": {}, "actions": [str(value)[:190], "x"]}),
            json.dumps({"game": name, "options": {}, "actions": [], "seed": value}),
        ):
            refused_shortly(lambda r=record: replay(Record.from_json(r)))
        text = value if isinstance(value, str) else json.dumps(value)
        refused_shortly(game.parse_action, state, text)
        refused_shortly(game.play, state, text)
        refused_shortly(game.state_from_text, text)
        refused_shortly(game.state_from_text, game.state_to_text(state) + " " + text)
        refused_shortly(game.state_from_json, text)
        envelope = json.loads(game.state_to_json(state))
        for key in envelope["state"]:
            refused_shortly(game.state_from_json, json.dumps(_with(envelope, ("state", key), value)))
        refused_shortly(game.state_from_json, json.dumps({**envelope, "game": value}))
        refused_shortly(game.state_from_json, json.dumps({**envelope, "format": value}))
        refused_shortly(game.state_from_json, json.dumps({**envelope, text[:80]: 1}))
    _adapters(name)


def game_class_parameters(name: str) -> list[str]:
    import inspect

    return list(inspect.signature(castlerules.game_class(name)).parameters)


def _adapters(name: str) -> None:
    try:
        from castlerules.adapters import openspiel, pettingzoo
    except ImportError:
        return
    env = pettingzoo.raw_env(name)
    env.reset(seed=1)
    for value in _long_inputs():
        refused_shortly(pettingzoo.raw_env, name, render_mode=value)
        refused_shortly(pettingzoo.env_fn, value)
        refused_shortly(env.observe, value)
        refused_shortly(env.step, value)
        refused_shortly(openspiel.load, name, readings=value if isinstance(value, str) else "")
        refused_shortly(openspiel.load, name, ruleset=value if isinstance(value, str) else "")
    game = openspiel.load(name)
    for text in ("castlerules-openspiel:1:" + "9" * 5000, FILLER):
        refused_shortly(game.deserialize_state, text)


# -- 7. the command line ---------------------------------------------------------------------------

CLI_CASES = [
    ("games", "--bogus", "ARG"),
    ("ARG",),
    ("play", "ARG"),
    ("play", "splut", "--seed", "ARG"),
    ("play", "splut", "--players", "ARG"),
    ("play", "splut", "--human", "ARG"),
    ("play", "splut", "--reading", "ARG"),
    ("play", "splut", "--ruleset", "ARG"),
    ("play", "splut", "--bot", "ARG"),
    ("show", "ARG", "start"),
    ("show", "splut", "ARG"),
    ("show", "splut", "start", "--players", "ARG"),
    ("explain", "splut", "start", "ARG"),
    ("replay", "ARG"),
    ("rules", "splut", "ARG"),
    ("rules", "splut", "--kind", "ARG"),
    ("readings", "ARG"),
    ("verify", "ARG"),
    ("verify", "splut", "--reading", "ARG"),
    ("bench", "splut", "--seconds", "ARG"),
    ("simulate", "splut", "-n", "ARG"),
    ("simulate", "splut", "--plot", "ARG"),
]


@pytest.mark.parametrize("case", CLI_CASES, ids=lambda c: " ".join(c)[:40])
@pytest.mark.parametrize("argument", ["Q" * 5000, "9" * 5000, "x=" + "Q" * 5000])
def test_cli_argument_errors_do_not_repeat_a_long_argument(
    capsys: pytest.CaptureFixture[str], case: tuple[str, ...], argument: str
) -> None:
    """Issue 7: argparse's own errors and the argument checks quote a long argument cut short."""
    code, _, err = run(capsys, *(argument if a == "ARG" else a for a in case))
    assert code != 0
    for line in err.strip().splitlines():
        short(line)
    assert len(err) <= MESSAGE_LIMIT + 100
