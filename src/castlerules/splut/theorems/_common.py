"""Helpers shared by the Splut! theorem modules: z3 renderers, the player counts of a game, and
counterexamples shown as positions."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.theorem import Result, Status
from castlerules.splut import kernel
from castlerules.splut.board import (
    NAMES,
    OFF,
)
from castlerules.splut.rules import (
    Splut,
)
from castlerules.splut.state import State, Step, Throw

GAME = "splut"
MAX_LINE = 8  # the longest line on the diamond (a tip to the opposite tip, exclusive)
KIND_NAMES = {kernel.EMPTY: "empty", kernel.DWARF: "dwarf", kernel.OBSTACLE: "obstacle",
              kernel.TARGET: "sorcerer"}


def _ints(model: z3.ModelRef, xs: Sequence[Any]) -> list[int]:
    return [model.eval(x, model_completion=True).as_long() for x in xs]


def _shower(prefix: str, xs: Sequence[Any]) -> Callable[[z3.ModelRef], str]:
    """A renderer for z3 models: ``prefix`` and the values of ``xs``."""

    def show(model: z3.ModelRef) -> str:
        return prefix + str(_ints(model, xs))

    return show


def _all(results: Iterable[Result], proved: str) -> Result:
    """The first result that is not PROVED, or PROVED with ``proved``."""
    for result in results:
        if result.status is not Status.PROVED:
            return result
    return Result.proved(proved)


def _with_players(game: Splut, n: int) -> Splut:
    """The same rules (the game's class and readings) for ``n`` players."""
    if n == game.num_players:
        return game
    readings = {k: v for k, v in game.readings.items() if k != "splut.interp.player-count"}
    return type(game)(players=n, readings=readings)


def _every_count(game: Splut) -> list[Splut]:
    return [_with_players(game, n) for n in (2, 3, 4)]


def _squares_of(action: Any, state: State) -> tuple[str, ...]:
    if isinstance(action, Step):
        found = [action.frm, action.to] + ([action.lev] if action.lev != OFF else [])
        return tuple(NAMES[x] for x in found if x in NAMES)
    if isinstance(action, Throw) and state.throw_from != OFF:
        return (NAMES[state.throw_from],)
    return ()


def _refute(game: Splut, state: State, detail: str, action: Any = None) -> Result:
    text = game.state_to_text(state)
    shown = game.render(state)
    if action is not None:
        try:
            shown += f"\naction: {game.action_to_str(state, action)}"
        except ValueError:
            shown += f"\naction: {action!r}"
    return Result.refuted(shown, detail, position=text, highlight=_squares_of(action, state),
                          options=game.options)

