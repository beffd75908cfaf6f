"""Random play of every castlerules game against OpenSpiel's compiled breakthrough, in one run.

Each engine is driven by the same plain Python loop — list the legal actions, pick one (a chance
outcome with its probability), apply it — in alternating rounds, so a busy machine slows both alike;
the figure that matters is the ratio. Also measures random play through the OpenSpiel adapter
against native castlerules random play, with the ceiling of that ratio: what OpenSpiel itself adds
per action to a do-nothing Python game with as many legal actions (``--adapter``).

    python benchmarks/compare_openspiel.py [--seconds 2] [--rounds 3] [GAME ...]

Needs the ``openspiel`` extra. Prints a table; ``--json`` for machines. The figures are quoted in the
notes of the work that changed them — never asserted by a test.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from typing import Any

import castlerules
from castlerules.core.chance import sample


def native_loop(name: str, seconds: float, seed: int, options: dict[str, Any]) -> tuple[int, float]:
    """Actions per ``seconds`` of castlerules random play through the public API."""
    return native_loop_of(castlerules.make(name, **options), seconds, seed)


def native_loop_of(game: Any, seconds: float, seed: int) -> tuple[int, float]:
    """Actions per ``seconds`` of random play of ``game`` through the castlerules API."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.initial_state()
        plies = 0
        while not game.is_terminal(state) and plies < game.playout_cap:
            if game.is_chance(state):
                action = sample(game.chance_outcomes(state), rng)
            else:
                action = rng.choice(game.legal_actions(state))
            state = game.apply(state, action)
            plies += 1
        actions += plies
    return actions, time.perf_counter() - start


def openspiel_loop(game: Any, seconds: float, seed: int) -> tuple[int, float]:
    """Actions per ``seconds`` of an OpenSpiel game driven by the same loop."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r, acc = rng.random(), 0.0
                action = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        action = a
                        break
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
    return actions, time.perf_counter() - start


def mean_legal(name: str, games: int = 20) -> int:
    """The mean number of legal actions at the decision states of seeded random games."""
    game = castlerules.make(name)
    rng = random.Random(0)
    total = states = 0
    for _ in range(games):
        state = game.initial_state()
        while not game.is_terminal(state):
            if game.is_chance(state):
                action = sample(game.chance_outcomes(state), rng)
            else:
                legal = game.legal_actions(state)
                total, states = total + len(legal), states + 1
                action = rng.choice(legal)
            state = game.apply(state, action)
    return max(1, round(total / states))


class _Idle:
    """A do-nothing game for the native loop: ``legal`` actions at every state, 60 plies long."""

    playout_cap = 100

    def __init__(self, legal: int) -> None:
        self.legal = tuple(range(legal))

    def initial_state(self) -> int:
        return 0

    def is_terminal(self, state: int) -> bool:
        return state >= 60

    def is_chance(self, state: int) -> bool:
        return False

    def legal_actions(self, state: int) -> tuple[int, ...]:
        return self.legal

    def apply(self, state: int, action: int) -> int:
        return state + 1


def idle_openspiel_game(legal: int) -> Any:
    """The same do-nothing game as an OpenSpiel Python game (registered once per size)."""
    import pyspiel

    name = f"castlerules_bench_idle_{legal}"
    if name not in pyspiel.registered_names():
        kind = pyspiel.GameType
        game_type = kind(
            short_name=name, long_name=name, dynamics=kind.Dynamics.SEQUENTIAL,
            chance_mode=kind.ChanceMode.DETERMINISTIC,
            information=kind.Information.PERFECT_INFORMATION, utility=kind.Utility.ZERO_SUM,
            reward_model=kind.RewardModel.TERMINAL, max_num_players=2, min_num_players=2,
            provides_information_state_string=False, provides_information_state_tensor=False,
            provides_observation_string=False, provides_observation_tensor=False,
            parameter_specification={},
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=legal, max_chance_outcomes=0, num_players=2, min_utility=-1.0,
            max_utility=1.0, utility_sum=0.0, max_game_length=60,
        )
        actions = tuple(range(legal))

        class IdleState(pyspiel.State):  # type: ignore[misc]
            def __init__(self, game: Any) -> None:
                super().__init__(game)
                self.plies = 0

            def current_player(self) -> int:
                return int(pyspiel.PlayerId.TERMINAL) if self.plies >= 60 else self.plies % 2

            def _legal_actions(self, player: int) -> tuple[int, ...]:
                return actions

            def _apply_action(self, action: int) -> None:
                self.plies += 1

            def is_terminal(self) -> bool:
                return self.plies >= 60

            def returns(self) -> list[float]:
                return [0.0, 0.0]

            def __str__(self) -> str:
                return str(self.plies)

        class IdleGame(pyspiel.Game):  # type: ignore[misc]
            def __init__(self, params: Any = None) -> None:
                super().__init__(game_type, info, params or {})

            def new_initial_state(self) -> IdleState:
                return IdleState(self)

        pyspiel.register_game(game_type, IdleGame)
    return pyspiel.load_game(name)


def floor_cost(seconds: float, rounds: int, legal: int) -> float:
    """Microseconds per action that driving a Python game through OpenSpiel adds to the same
    loop over a plain Python object, for a game that does nothing and has ``legal`` actions."""
    game, idle = idle_openspiel_game(legal), _Idle(legal)
    os_time = native_time = 0.0
    os_actions = native_actions = 0
    for r in range(rounds):
        a, t = openspiel_loop(game, seconds / 2, r)
        os_actions, os_time = os_actions + a, os_time + t
        a, t = native_loop_of(idle, seconds / 2, r)
        native_actions, native_time = native_actions + a, native_time + t
    return (os_time / os_actions - native_time / native_actions) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(castlerules.games()))
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--adapter", action="store_true", help="also random play via the adapter")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    import pyspiel

    from castlerules.adapters import openspiel

    breakthrough = pyspiel.load_game("breakthrough")
    totals: dict[str, list[float]] = {"breakthrough": [0, 0.0]}
    for name in args.games:
        totals[name] = [0, 0.0]
        if args.adapter:
            totals[f"{name} (adapter)"] = [0, 0.0]
    for r in range(args.rounds):
        a, t = openspiel_loop(breakthrough, args.seconds, r)
        totals["breakthrough"][0] += a
        totals["breakthrough"][1] += t
        for name in args.games:
            a, t = native_loop(name, args.seconds, r, {})
            totals[name][0] += a
            totals[name][1] += t
            if args.adapter:
                a, t = openspiel_loop(openspiel.load(name), args.seconds, r)
                totals[f"{name} (adapter)"][0] += a
                totals[f"{name} (adapter)"][1] += t
    rate = {k: v[0] / v[1] for k, v in totals.items()}
    base = rate["breakthrough"]
    # what OpenSpiel itself adds per action to a Python game with as many legal actions, and so
    # the highest ratio an adapter that cost nothing could reach
    ceiling: dict[str, float] = {}
    for name in args.games if args.adapter else ():
        extra = floor_cost(args.seconds, args.rounds, mean_legal(name))
        native_us = 1e6 / rate[name]
        ceiling[f"{name} (adapter)"] = native_us / (native_us + extra)
    rows = [
        {
            "engine": k,
            "actions_per_second": round(v),
            "ratio_to_breakthrough": round(v / base, 3),
            **(
                {
                    "ratio_to_native": round(v / rate[k.removesuffix(" (adapter)")], 3),
                    "ceiling": round(ceiling[k], 3),
                }
                if k.endswith("(adapter)")
                else {}
            ),
        }
        for k, v in rate.items()
    ]
    peak = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if args.json:
        print(json.dumps({"rows": rows, "peak_rss_mib": peak}, indent=1))
        return 0
    print(f"{'engine':<28} {'actions/s':>10} {'× breakthrough':>15} {'× native':>9} {'ceiling':>8}")
    for row in rows:
        native, top = row.get("ratio_to_native"), row.get("ceiling")
        print(
            f"{row['engine']:<28} {row['actions_per_second']:>10,} "
            f"{row['ratio_to_breakthrough']:>15.3f} {'' if native is None else f'{native:.3f}':>9}"
            f" {'' if top is None else f'{top:.3f}':>8}"
        )
    if args.adapter:
        print("ceiling: × native that an adapter costing nothing would reach (OpenSpiel's own cost "
              "per action for a do-nothing Python game with as many legal actions)")
    print(f"peak memory {peak} MiB; {args.rounds} alternating rounds of {args.seconds} s each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
