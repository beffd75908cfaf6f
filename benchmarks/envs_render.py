"""Frames per second of ``render_mode="rgb_array"`` and steps per second of the versioned
environments (``castlerules.envs``): per game, a seeded random game is played and every position
drawn (as recording a video does), then the same game without pictures.

    python benchmarks/envs_render.py [--frames 200]

Quoted in notes and on the environments' pages, never asserted by a test.
"""

from __future__ import annotations

import argparse
import importlib
import time

import numpy as np

from castlerules.envs import MODULES


def run(module: str, frames: int, draw: bool) -> tuple[int, float]:
    env = importlib.import_module(f"castlerules.envs.{module}").env(
        render_mode="rgb_array" if draw else None
    )
    rng = np.random.default_rng(0)
    done, started, seed = 0, time.perf_counter(), 0
    while done < frames:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            if draw:
                frame = env.render()
                assert frame.dtype == np.uint8 and frame.ndim == 3
            done += 1
            if done >= frames:
                break
    return done, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=200)
    args = parser.parse_args()
    print(f"{'environment':<20} {'picture (H, W)':>15} {'frames/s':>9} {'steps/s no picture':>19}")
    for _name, module in MODULES.items():
        env = importlib.import_module(f"castlerules.envs.{module}").env(render_mode="rgb_array")
        env.reset(seed=0)
        shape = env.render().shape
        n, drawn = run(module, args.frames, True)
        m, plain = run(module, args.frames, False)
        print(f"{module:<20} {shape[:2]!s:>15} {n / drawn:9.0f} {m / plain:19.0f}")


if __name__ == "__main__":
    main()
