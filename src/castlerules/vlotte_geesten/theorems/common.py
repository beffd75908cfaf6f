"""What every statement module shares: the rulebook's facts, the readings as the core resolved them,
the game under another player count, option value or reading, and how a counterexample is shown.

A statement never takes the value it checks from the rules code: numbers, colours and the default
dice come from the ``[[fact]]`` entries of ``specs/vlotte-geesten.toml`` (``fact``), and the reading
a game plays comes from ``game.reading`` (resolved by the core from the spec), never from the
attributes the rules derive from it.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.spec import load_spec
from castlerules.core.theorem import Result, Status
from castlerules.vlotte_geesten.state import Obj

GAME = "vlotte-geesten"
#: The tests that show the older theorems can fail.
TESTS = "tests/vlotte_geesten/test_vg_theorems.py"
#: The tests that show the per-clause, per-reading and per-count statements can fail.
STATEMENT_TESTS = "tests/vlotte_geesten/test_vg_statements.py"

ALL_DICE = tuple(itertools.product(range(5), repeat=5))
SUBSETS = tuple(frozenset(c) for r in range(1, 6) for c in itertools.combinations(Obj, r))

#: Interpretation ids (full).
DICE_FACES = "vg.interp.dice-faces"
GRAB_PHASE = "vg.interp.grab-phase"
NO_POINTS = "vg.interp.penalty-no-points"
RECIPIENT = "vg.interp.penalty-recipient"
NEXT_ROLLER = "vg.interp.next-roller"
TIES = "vg.interp.ties"
FIRST_PLAYER = "vg.interp.first-player"
MULTI_GRAB = "vg.interp.multi-grab"


def fact(fact_id: str) -> Any:
    """A number or pairing the rulebook states, from the spec's ``[[fact]]`` entries."""
    return load_spec(GAME).fact(fact_id)


def total_points() -> int:
    """'In de doos zitten ... 35 punten.' (the fact ``points-in-the-box``)"""
    return int(fact("points-in-the-box"))


@functools.cache
def colour_pairs() -> tuple[tuple[str, str], ...]:
    """(die colour, object) for the five 'de rode stoel en de rode dobbelsteen' clauses."""
    out = []
    for colour in ("red", "white", "grey", "green", "blue"):
        pair = fact(f"colour-{colour}")
        out.append((str(pair["die"]), str(pair["object"])))
    return tuple(out)


def object_named(name: str) -> Obj:
    """The library's object with the API name ``name`` (``chair`` ... ``book``)."""
    return Obj[name.upper()]


def reading(game: Any, interpretation: str) -> str:
    """The option the game plays for ``interpretation``, as the core resolved it from the spec."""
    return str(game.reading(interpretation))


def show_dice(values: Sequence[int]) -> str:
    from castlerules.vlotte_geesten.state import COLOURS

    names = [Obj(v).name.lower() if 0 <= v < 5 else str(v) for v in values]
    return ", ".join(f"{c} die: {n}" for c, n in zip(COLOURS, names))


def model_dice(model: z3.ModelRef, dice: Sequence[Any]) -> list[int]:
    return [model.eval(d, model_completion=True).as_long() for d in dice]


def render_model(model: z3.ModelRef, names: Sequence[Any]) -> str:
    return ", ".join(f"{v}={model.eval(v, model_completion=True)}" for v in names)


def variant(
    game: Any,
    *,
    players: int | None = None,
    readings: dict[str, str] | None = None,
    **keywords: Any,
) -> Any:
    """The game with the same rules except what is named: another player count, other options of
    some interpretations (short or full ids), other keyword options (``first_player``, ``faces``)."""
    options = game.options
    given = dict(options.pop("readings", {}) or {})
    if readings:
        spec = game.spec
        short = {spec.interpretation(k).short_id: v for k, v in readings.items()}
        given = {spec.interpretation(k).short_id: v for k, v in given.items()}
        given.update(short)
        # a keyword's reading (first-player, dice-faces) is given by its keyword, not here
        for interp in spec.interpretations:
            if interp.keyword and interp.short_id in given:
                del given[interp.short_id]
    if players is not None:
        options["players"] = players
        if "first_player" not in keywords and options.get("first_player", 0) >= players:
            options["first_player"] = 0
    options.update(keywords)
    if given:
        options["readings"] = given
    return type(game)(**options)


def sibling(game: Any, players: int) -> Any:
    """The same rules (class, dice, readings) for another number of players."""
    if players == game.num_players:
        return game
    return variant(game, players=players, first_player=0)


def over_players(check: Callable[[Any], Result], game: Any, counts: Sequence[int]) -> Result:
    """``check`` for the game's rules with each number of players in ``counts``."""
    details = []
    for n in counts:
        result = check(sibling(game, n))
        if result.status is not Status.PROVED:
            return result
        details.append(f"{n} players: {result.detail}")
    return Result.proved("; ".join(details))


def over_options(
    check: Callable[[Any], Result], game: Any, interpretation: str
) -> Result:
    """``check`` for the game under every playable option of ``interpretation`` (the other
    readings, the player count and the options kept): one run states what each option does."""
    details = []
    for option in game.spec.interpretation(interpretation).options:
        if not option.playable or option.parameter:
            continue
        made = variant(game, readings={interpretation: option.id})
        result = check(made)
        if result.status is not Status.PROVED:
            return result
        details.append(f"{option.id}: {result.detail}")
    return Result.proved("; ".join(details))


def names(action: Any) -> tuple[str, ...]:
    """What to highlight for an action: its player and its objects."""
    from castlerules.vlotte_geesten.state import Roll

    if isinstance(action, Roll):
        return ("dice",)
    objects = tuple(o.name.lower() for o in sorted(getattr(action, "objects", ())))
    return (f"p{action.player}", *objects)


def refuted_at(game: Any, state: Any, why: str, highlight: tuple[str, ...] = ()) -> Result:
    """A counterexample at a position of ``game`` (its player count, readings and options named,
    so the position can be rebuilt)."""
    from castlerules.vlotte_geesten.notation import state_to_text

    text = state_to_text(state)
    under = ", ".join(
        f"{k.split('.interp.')[-1]}={v}" for k, v in sorted(game.readings.items())
        if v != game.spec.interpretation(k).default
    )
    head = f"{game.num_players} players" + (f" ({under})" if under else "")
    options = {k: v for k, v in game.options.items() if k != "readings"}
    return Result.refuted(f"{head}, position {text}: {why}", why, position=text,
                          highlight=highlight, options=options)
