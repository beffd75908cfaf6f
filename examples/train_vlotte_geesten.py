"""Learn Vlotte Geesten's answer from the dice, then beat the random bot (numpy only).

Vlotte Geesten's observation (``castlerules.vlotte_geesten.observation``) starts with the five dice
one-hot: 25 entries. A linear policy on them cannot represent the answer (a softmax regression fitted
to all 3,125 rolls gets about 38% right), so the policy here is a table: one row per dice pattern
(3,125 rows), one value per answer (pass, or grab one of the five objects), learned from the reward
alone — the points the game gives or takes in a round the opponent passes — by optimistic greedy
trials (every answer starts hopeful; a wrong grab costs a point, so it is tried once). Nothing here
reads the rulebook's answer: the game's rules score each try.

Then the greedy policy plays whole games in ``castlerules.envs.vlotte_geesten_v0`` (two players, the
race for the grab drawn by the environment) against the random bot (a uniform legal action: any
grab, several objects at once, or a pass), and a random bot plays the random bot for comparison.

    python examples/train_vlotte_geesten.py            # 200,000 trials and 400 games
    python examples/train_vlotte_geesten.py --quick    # a shortened run (the test suite's)
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np

import castlerules
from castlerules.core.chance import sample
from castlerules.envs import vlotte_geesten_v0
from castlerules.vlotte_geesten.observation import encode
from castlerules.vlotte_geesten.state import Grab, Obj, Pass

QUICK = "--quick" in sys.argv[1:]
TRIALS = 25_000 if QUICK else 200_000
GAMES = 40 if QUICK else 400
ANSWERS = ("pass", *(o.name.lower() for o in Obj))

game = castlerules.make("vlotte-geesten", players=2)
# A round in the middle of a game, so that a wrong grab costs a point.
middle = game.state_from_text("5,5 25 0 p0 - - - -")


def dice_key(state: object, player: int = 0) -> int:
    """The row of the table: the dice one-hot (the observation's first 25 entries) as a number."""
    hot = np.frombuffer(encode(game, state, player), dtype=np.int8)[:25].reshape(5, 5)
    return int(np.dot(hot.argmax(axis=1), 5 ** np.arange(5)))


def answer_action(player: int, answer: int) -> object:
    return Pass(player) if answer == 0 else Grab(player, [Obj(answer - 1)])


def round_reward(state: object, answer: int) -> int:
    """My points after the round when I answer ``answer`` and the opponent passes."""
    after = game.apply(state, answer_action(0, answer))
    while 1 in game.actors(after):
        after = game.apply(after, Pass(1))
    return after.scores[0] - state.scores[0]


def train(rng: random.Random) -> tuple[np.ndarray, np.ndarray, float]:
    values = np.full((5**5, len(ANSWERS)), 2.0)  # optimistic: every answer looks good at first
    counts = np.zeros_like(values)
    started = time.perf_counter()
    for _ in range(TRIALS):
        state = game.apply(middle, sample(game.chance_outcomes(middle), rng))
        row = dice_key(state)
        best = np.flatnonzero(values[row] == values[row].max())
        answer = int(best[rng.randrange(len(best))])
        reward = round_reward(state, answer)
        counts[row, answer] += 1
        values[row, answer] += (reward - values[row, answer]) / counts[row, answer]
    return values, counts, time.perf_counter() - started


def greedy(values: np.ndarray, counts: np.ndarray, row: int) -> int:
    """The best answer tried for this dice pattern; a pass if none scored (or none was tried)."""
    tried = np.where(counts[row] > 0, values[row], -np.inf)
    best = int(tried.argmax())
    return best if tried[best] > 0 else 0


def play(policy: tuple[np.ndarray, np.ndarray] | None, games: int, seed: int) -> float:
    """Player 0's win rate (a shared win counts half) against the random bot; ``values`` None: a
    random bot in player 0's seat too. An answer the mask does not allow (the object is gone, or I
    grabbed already) becomes a pass, or a random legal action."""
    env = vlotte_geesten_v0.env(players=2)
    table = env.unwrapped.table
    rng = np.random.default_rng(seed)
    won = 0.0
    for g in range(games):
        env.reset(seed=seed + g)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                if agent == "player_0":
                    won += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
            if policy is not None and agent == "player_0":
                state = env.unwrapped.game_state
                wanted = table.index[answer_action(0, greedy(*policy, dice_key(state)))]
                fallback = table.index[Pass(0)]
                action = wanted if wanted in legal else fallback if fallback in legal else action
            env.step(action)
    return won / games


def accuracy(values: np.ndarray, counts: np.ndarray) -> float:
    """How often the greedy answer scores, over every one of the 3,125 rolls."""
    hits = 0
    for outcome, _ in game.chance_outcomes(middle):
        state = game.apply(middle, outcome)
        hits += round_reward(state, greedy(values, counts, dice_key(state))) > 0
    return hits / 5**5


values, counts, seconds = train(random.Random(7))
print(f"trained a table of {5**5} dice patterns x {len(ANSWERS)} answers on {TRIALS} rounds "
      f"in {seconds:.1f} s")
print(f"greedy answer scores on {accuracy(values, counts):.1%} of all 3125 rolls")
started = time.perf_counter()
trained = play((values, counts), GAMES, seed=1000)
baseline = play(None, GAMES, seed=1000)
print(f"{GAMES} games each, two players ({time.perf_counter() - started:.1f} s):")
print(f"  trained policy vs random bot: wins {trained:.1%}")
print(f"  random bot     vs random bot: wins {baseline:.1%}")
assert trained > baseline, "the trained policy should beat the random bot"
