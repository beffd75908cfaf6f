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
from castlerules.splut.game import Splut
from castlerules.splut.state import State, Step, Throw

GAME = "splut"
TESTS = "tests/splut/test_splut_theorems.py"
CLAUSE_TESTS = "tests/splut/test_splut_clauses.py"

#: The clauses several statements are about, in groups (a group that starts another names it):
#: a throw's flight (``THROW_FLIGHT``, then its kinds ``THROW_KINDS``, then the dwarf and the
#: words), a push, the steps of a turn, the order of play, the end, the rocks, a turn's rules.
THROW_FLIGHT = ("splut.trol.werpen", "splut.werpen.vlucht", "splut.werpen.rand",
                "splut.werpen.trol", "splut.werpen.rots")
THROW_KINDS = (*THROW_FLIGHT, "splut.werpen.tovenaar")
THROW_CLAUSES = (*THROW_KINDS, "splut.splut.dwerg", "splut.dwerg.klein",
                 "splut.woorden.obstakel", "splut.woorden.doelwit")
PUSH_LINE = ("splut.dwerg.duwen", "splut.dwerg.duwen-lijn")
PUSH_CLAUSES = (*PUSH_LINE, "splut.woorden.duwen", "splut.voorbeeld.duwen")
STEP_CLAUSES = ("splut.zet.verplicht", "splut.zet.eerste-een", "splut.zet.tweede-twee",
                "splut.zet.drie", "splut.trol.werpen-einde")
ORDER_CLAUSES = ("splut.verloop.klok", "splut.zet.afwisselen", "splut.zitten.drie-begin",
                 "splut.zitten.vier-begin")
TEAM_GONE = ("splut.winnen.team-weg", "splut.splut.team")
END_CLAUSES = (*TEAM_GONE, "splut.winnen.laatste", "splut.winnen.doel", "splut.rotsen.splut",
               "splut.woorden.tovenaar")
ROCK_CLAUSES = ("splut.onderdelen.vier-rotsen", "splut.rotsen.vier", "splut.woorden.rotsen",
                "splut.splut.rots-blijft", "splut.beweging.bezet")
TURN_CLAUSES = ("splut.tovenaar.een-rots", "splut.tovenaar.vorige-speler",
                "splut.tovenaar.geduwd-getrokken", "splut.tovenaar.doorgaan",
                "splut.tovenaar.stoppen", "splut.trol.trekken", "splut.trol.trekken-recht",
                "splut.beweging.orthogonaal", "splut.beweging.eigen-team")
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


def under_readings(game: Splut, interps: Sequence[str]) -> str:
    """What the game's options of ``interps`` say, in words (the spec's option texts), for a
    statement: "Under the default readings." when none departs from the default."""
    spec = game.spec
    said = []
    for short in interps:
        interp = spec.interpretation(short)
        chosen = game.reading(interp.id)
        if chosen != interp.default:
            said.append(f"{interp.short_id} = {chosen}: {interp.option(chosen).text}")
    if not said:
        return "Under the default readings."
    return "Under " + " ".join(said)


def blocked_throw(game: Splut) -> bool:
    """Whether a throw that cannot leave is legal (blocked-throw = rock-stays)."""
    return bool(game.reading("blocked-throw") == "rock-stays")


def slides(game: Splut) -> bool:
    """Whether a push packs the line against the edge (push-distance = slide)."""
    return bool(game.reading("push-distance") == "slide")
