"""The kernel: chance, JSON, records and replay, errors, the symbolic shim, the theorem runner."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import attrs
import pytest
import z3

import castlerules
from castlerules.core import chance, jsonio, symbolic
from castlerules.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    InvalidStateError,
    ParseError,
    RecordError,
    RulesError,
)
from castlerules.core.play import random_record
from castlerules.core.record import Record, replay, replay_states
from castlerules.core.theorem import Status, Theorem, for_all, run, z3_prove


def test_every_error_is_a_rules_error_and_a_value_error() -> None:
    for cls in (IllegalActionError, InvalidOptionError, InvalidStateError, ParseError, RecordError):
        assert issubclass(cls, RulesError)
    assert issubclass(RulesError, ValueError)


def test_uniform_and_weights_are_exact() -> None:
    assert chance.uniform("abc") == (
        ("a", Fraction(1, 3)),
        ("b", Fraction(1, 3)),
        ("c", Fraction(1, 3)),
    )
    assert chance.from_weights([("x", 1), ("y", 0), ("z", 3)]) == (
        ("x", Fraction(1, 4)),
        ("z", Fraction(3, 4)),
    )
    with pytest.raises(InvalidOptionError):
        chance.from_weights([("x", 0)])
    with pytest.raises(InvalidOptionError):
        chance.from_weights([("x", -1), ("y", 2)])


def test_sampling_follows_the_probabilities() -> None:
    dist = (("rare", Fraction(1, 10)), ("common", Fraction(9, 10)))
    rng = random.Random(1)
    counts = Counter(chance.sample(dist, rng) for _ in range(20_000))
    assert 1_700 < counts["rare"] < 2_300
    assert chance.sample((("only", Fraction(1)),), rng) == "only"


def test_sampling_rejects_a_distribution_that_does_not_sum_to_one() -> None:
    with pytest.raises(InvalidOptionError):
        chance.sample((("a", Fraction(1, 3)),), random.Random(0))


@attrs.frozen
class _Inner:
    n: int
    tags: frozenset[str]


@attrs.frozen
class _Outer:
    items: tuple[_Inner, ...]
    maybe: int | None
    p: Fraction


def test_json_round_trip_and_field_errors() -> None:
    value = _Outer((_Inner(1, frozenset({"b", "a"})),), None, Fraction(2, 3))
    text = jsonio.dumps(value)
    assert jsonio.loads(_Outer, text) == value
    with pytest.raises(InvalidStateError, match=r"state\.items\[0\]\.n: expected an integer"):
        jsonio.loads(_Outer, text.replace('"n":1', '"n":"one"'))
    with pytest.raises(InvalidStateError, match="missing"):
        jsonio.loads(_Outer, '{"items": [], "maybe": null}')
    with pytest.raises(InvalidStateError, match="unknown fields"):
        jsonio.loads(_Outer, '{"items": [], "maybe": null, "p": "1", "x": 1}')
    with pytest.raises(InvalidStateError, match="not valid JSON"):
        jsonio.loads(_Outer, "{nope")


def test_a_record_replays_to_the_same_states() -> None:
    game = castlerules.make("vlotte-geesten", players=3)
    record = random_record(game, seed=11)
    again = Record.from_json(record.to_json())
    assert again == record
    states = replay(again, every_state=True)
    assert len(states) == len(record.actions) + 1
    assert game.is_terminal(states[-1])
    assert replay(record, every_state=True) == states
    assert list(replay_states(record)) == states
    assert replay(record) == states[-1]
    assert [replay(record, ply=k) for k in (0, 3, len(states) - 1)] == [
        states[0], states[3], states[-1]
    ]


def test_a_corrupted_record_names_the_first_bad_ply() -> None:
    game = castlerules.make("vlotte-geesten", players=2)
    record = random_record(game, seed=5)
    actions = list(record.actions)
    # ply 3 is a grab or pass; make player 1 act twice, or name an unknown object
    actions[1] = "p0 pass"
    actions[2] = "p0 pass"
    bad = Record.new(record.game, record.options_dict(), tuple(actions))
    with pytest.raises(RecordError) as err:
        replay(bad)
    assert err.value.ply == 3  # the third action, actions[2]
    actions = list(record.actions)
    actions[4] = "p0 grab unicorn"
    with pytest.raises(RecordError) as err:
        replay(Record.new(record.game, record.options_dict(), tuple(actions)))
    assert err.value.ply == 5


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        '{"game": "vlotte-geesten"}',
        '{"game": 1, "options": {}, "actions": []}',
        '{"game": "x", "options": [], "actions": []}',
        '{"game": "x", "options": {}, "actions": [1]}',
    ],
)
def test_malformed_records_give_one_error(text: str) -> None:
    with pytest.raises(RecordError):
        Record.from_json(text)


def test_a_record_of_an_unknown_game_or_option_is_rejected() -> None:
    with pytest.raises(RecordError):
        replay(Record.new("chess", {}, ()))
    with pytest.raises(RecordError):
        replay(Record.new("vlotte-geesten", {"players": 99}, ()))


def test_make_validates_names_and_options() -> None:
    with pytest.raises(InvalidOptionError, match="unknown game"):
        castlerules.make("monopoly")
    with pytest.raises(InvalidOptionError, match="unknown option"):
        castlerules.make("vlotte-geesten", colour="red")
    with pytest.raises(InvalidOptionError):
        castlerules.make("vlotte-geesten", players="3")


def test_the_shim_agrees_on_values_and_on_z3_terms() -> None:
    def kernel(a: object, b: object) -> object:
        return symbolic.If(
            symbolic.And(a > 0, symbolic.Or(b == 2, b == 3)), a + b, symbolic.Sum([a, b, 1])
        )  # type: ignore[operator]

    x, y = z3.Ints("x y")
    term = kernel(x, y)
    for a in range(-2, 3):
        for b in range(0, 5):
            concrete = kernel(a, b)
            assert isinstance(concrete, int)
            assert (
                z3.simplify(z3.substitute(term, (x, z3.IntVal(a)), (y, z3.IntVal(b)))).as_long()
                == concrete
            )
    assert symbolic.Count([True, False, True]) == 2
    assert symbolic.ExactlyOne(True, False) is True
    assert symbolic.Not(False) is True


def test_z3_prove_proves_true_claims_and_refutes_false_ones() -> None:
    x = z3.Int("x")
    assert z3_prove(x * x >= 0).status is Status.PROVED
    refuted = z3_prove(x + 1 > x * 2, assumptions=[x >= 0])
    assert refuted.status is Status.COUNTEREXAMPLE
    assert "x" in (refuted.counterexample or "")


def test_for_all_reports_the_first_failing_case() -> None:
    assert for_all(range(10), lambda n: n < 10).status is Status.PROVED
    result = for_all(range(10), lambda n: n != 4)
    assert result.status is Status.COUNTEREXAMPLE
    assert result.counterexample == "4"


def test_a_crashing_check_is_reported_not_raised() -> None:
    def boom() -> object:
        raise RuntimeError("bad")

    t = Theorem("t", "g", "s", (), "z3", boom)  # type: ignore[arg-type]
    r = run(t)
    assert r.result.status is Status.UNKNOWN
    assert not r.ok


def test_a_theorem_that_does_not_answer_in_time_is_unknown_not_a_hang() -> None:
    import time as clock

    from castlerules.core.theorem import Result, Status, Theorem, run

    def endless() -> Result:
        clock.sleep(30)
        return Result.proved()

    t = Theorem("vg.test-endless", "vlotte-geesten", "never answers", ("vg.spel.worp",), "z3",
                endless)
    started = clock.perf_counter()
    done = run(t, time_limit=0.2)
    assert clock.perf_counter() - started < 5
    assert done.result.status is Status.UNKNOWN and "no answer within" in done.result.detail
    assert done.verdict == "unknown"
