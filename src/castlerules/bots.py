"""Players for the command line and for experiments: a uniformly random player, a small MCTS, and
perfect play from a solved table.

Both choose for one player in a state where that player may act, among the moves a person at the
table reaches for (the game's ``Presentation.considered``: in Vlotte Geesten a grab of one object or
a pass, never a grab of several objects at once) — in their own moves and, for the MCTS, in the
moves it imagines for everyone. Chance outcomes are drawn with their exact probabilities
(``castlerules.core.chance.sample``). Where several players may act at once, the MCTS draws who acts
next uniformly among them — the *race* the adapters use (``castlerules.adapters.common``).

``MCTSBot`` is plain UCT over an open-loop tree (nodes are action sequences, so chance and the race
are sampled afresh on every simulation), random rollouts capped at ``rollout_plies``, and the
zero-sum returns of ``castlerules.adapters.common.returns``. It is a sparring partner, not a strong
engine. Where its estimates are close (random rollouts of a long game say little), it does not go
back and forth as a person would not: among the moves visited at least half as often as the best,
it takes the first that neither undoes its own last move (the same squares the other way,
``Presentation.squares``) nor leads back to a position it moved into recently.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable
from typing import Any

from castlerules.core.chance import sample
from castlerules.core.errors import InvalidOptionError
from castlerules.core.game import Game
from castlerules.core.play import returns
from castlerules.core.present import Presentation, presentation_of

#: The default reaction time of a bot in a race (seconds): about a quick human's. The terminal and
#: the docs' Play page wait this long (varied a little) before a bot grabs.
BOT_DELAY = 2.5


def own_actions(game: Game[Any, Any], state: Any, player: int) -> tuple[Any, ...]:
    """The legal actions of ``player`` (all legal actions when only one player may act)."""
    legal = game.legal_actions(state)
    if len(game.actors(state)) <= 1:
        return legal
    return tuple(a for a in legal if getattr(a, "player", None) == player)


Reach = Callable[[Any, tuple[Any, ...]], tuple[Any, ...]]


def reach_of(game: Game[Any, Any]) -> Reach | None:
    """The game's ``Presentation.considered`` (None where a person considers every legal move)."""
    view = presentation_of(game)
    if type(view).considered is Presentation.considered:
        return None
    return view.considered


def considered_actions(
    game: Game[Any, Any], state: Any, player: int, reach: Reach | None = None
) -> tuple[Any, ...]:
    """The legal actions of ``player`` that a person reaches for (``reach``: the game's
    ``reach_of``, looked up when not given)."""
    own = own_actions(game, state, player)
    reach = reach if reach is not None else reach_of(game)
    return own if reach is None else reach(state, own)


class RandomBot:
    """Chooses uniformly among the legal actions a person reaches for."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game[Any, Any], state: Any, player: int) -> Any:
        return self.rng.choice(considered_actions(game, state, player))


class _Node:
    __slots__ = ("children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total: list[float] = []
        self.children: dict[Any, _Node] = {}


class MCTSBot:
    """UCT with random rollouts (see the module docstring)."""

    name = "mcts"

    def __init__(
        self,
        rng: random.Random,
        simulations: int = 300,
        rollout_plies: int = 2_000,
        exploration: float = 1.4,
        seconds: float | None = 1.0,
    ) -> None:
        self.rng = rng
        self.simulations = simulations
        self.rollout_plies = rollout_plies
        self.exploration = exploration
        #: Stop thinking after this many seconds even if simulations remain (None: no limit). The
        #: default answers within about a second; more seconds and simulations play stronger.
        self.seconds = seconds
        #: Per player it moved for: the positions its last moves led to, and the squares of its
        #: last move (to keep it from going back and forth).
        self._been: dict[int, deque[Any]] = {}
        self._last: dict[int, tuple[str, ...]] = {}

    def _mover(self, game: Game[Any, Any], state: Any) -> int:
        actors = sorted(game.actors(state))
        return actors[0] if len(actors) == 1 else self.rng.choice(actors)

    def _select(self, node: _Node, actions: tuple[Any, ...], mover: int, n: int) -> Any:
        best, best_score = None, -math.inf
        log_n = math.log(node.visits + 1)
        for a in actions:
            child = node.children.get(a)
            if child is None or child.visits == 0:
                return a
            mean = child.total[mover] / child.visits
            score = mean + self.exploration * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    def _rollout(self, game: Game[Any, Any], state: Any, reach: Reach | None) -> list[float]:
        for _ in range(self.rollout_plies):
            if game.is_terminal(state):
                break
            if game.is_chance(state):
                action = sample(game.chance_outcomes(state), self.rng)
            else:
                legal = game.legal_actions(state)
                action = self.rng.choice(legal if reach is None else reach(state, legal))
            state = game.successor(state, action)
        return returns(game, state)

    def choose(self, game: Game[Any, Any], state: Any, player: int) -> Any:
        reach = reach_of(game)
        root_actions = considered_actions(game, state, player, reach)
        if len(root_actions) == 1:
            return root_actions[0]
        import time

        n = game.num_players
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.simulations):
            if deadline is not None and root.visits and time.perf_counter() > deadline:
                break
            node, current, path = root, state, [root]
            first = True
            while not game.is_terminal(current):
                if game.is_chance(current):
                    current = game.successor(current, sample(game.chance_outcomes(current), self.rng))
                    continue
                if first:
                    mover, actions = player, root_actions
                    first = False
                else:
                    mover = self._mover(game, current)
                    actions = considered_actions(game, current, mover, reach)
                action = self._select(node, actions, mover, n)
                expanded = action not in node.children
                child = node.children.setdefault(action, _Node())
                current = game.successor(current, action)
                node = child
                path.append(node)
                if expanded:
                    break
            values = self._rollout(game, current, reach)
            for visited in path:
                if not visited.total:
                    visited.total = [0.0] * n
                visited.visits += 1
                for p in range(n):
                    visited.total[p] += values[p]
        return self._pick(game, state, player, root_actions, root)

    #: How many of its own recent positions the bot avoids moving back into.
    REMEMBERED = 8

    def _pick(self, game: Game[Any, Any], state: Any, player: int, actions: tuple[Any, ...],
              root: _Node) -> Any:
        """The most visited action, unless it goes back (undoes the bot's own last move, or
        leads to a position the bot moved into recently) and another visited at least half as
        often does not."""
        visits = {a: root.children[a].visits if a in root.children else -1 for a in actions}
        ranked = sorted(actions, key=lambda a: -visits[a])
        view = presentation_of(game)
        been = self._been.setdefault(player, deque(maxlen=self.REMEMBERED))
        last = self._last.get(player, ())
        chosen = ranked[0]
        for action in ranked:
            if visits[action] * 2 < visits[ranked[0]]:
                break
            squares = view.squares(state, action)
            undoes = len(last) >= 2 and squares[:2] == (last[1], last[0])
            if not undoes and game.successor(state, action) not in been:
                chosen = action
                break
        been.append(game.successor(state, chosen))
        self._last[player] = view.squares(state, chosen)
        return chosen


class SolvedBot:
    """Perfect play from a solved table (``castlerules solve``): the first legal action with the
    highest chance to win when both sides play optimally after it."""

    name = "solved"

    def __init__(self, evaluator: Any) -> None:
        self.evaluator = evaluator

    def choose(self, game: Game[Any, Any], state: Any, player: int) -> Any:
        if game != self.evaluator.game:
            raise InvalidOptionError("the solved bot plays the game its table was solved for")
        return self.evaluator.best_action(state, player)


Bot = RandomBot | MCTSBot | SolvedBot
#: The bots ``make_bot`` knows.
BOTS = ("random", "mcts", "solved")


def make_bot(
    kind: str, rng: random.Random, simulations: int = 300, seconds: float | None = 1.0,
    evaluator: Any = None,
) -> Bot:
    """A bot by name: ``random``, ``mcts`` (at most ``simulations`` simulations and ``seconds``
    of thought a move) or ``solved`` (perfect play from ``evaluator``, a
    ``castlerules.solve.Evaluator`` of the game's solved table)."""
    if kind == "mcts":
        return MCTSBot(rng, simulations=simulations, seconds=seconds)
    if kind == "solved":
        if evaluator is None:
            raise InvalidOptionError("the solved bot needs the game's solved table")
        return SolvedBot(evaluator)
    return RandomBot(rng)
