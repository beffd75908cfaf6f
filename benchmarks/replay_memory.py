"""Peak memory of replaying a long record: a legal Kasteel game of N plies on the default map,
made once by seeded random play that avoids ending the game, then replayed in a fresh process
for each way of keeping states. ``replay`` keeps only the final state (flat in the record's
length); ``every_state=True`` keeps the whole list, as ``replay`` did before.

    python benchmarks/replay_memory.py --plies 1000000 --record /tmp/kasteel-1m.json

The record is written once and reused when the file exists. Quoted in notes, never asserted by a
test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from typing import Any

MODES = ("baseline", "final", "show-middle", "every-state")


def make_record(path: str, plies: int, seed: int) -> None:
    """A legal Kasteel record of ``plies`` plies: random legal actions, avoiding any action after
    which the game is over while another exists (Kasteel has no move limit)."""
    import castlerules

    game = castlerules.make("kasteel")
    rng = random.Random(seed)
    state = game.initial_state()
    texts: list[str] = []
    start = time.perf_counter()
    while len(texts) < plies:
        legal = list(game.legal_actions(state))
        rng.shuffle(legal)
        chosen, after = legal[0], None
        for action in legal:
            nxt = game.successor(state, action)
            if not game.is_terminal(nxt):
                chosen, after = action, nxt
                break
        if after is None:
            raise SystemExit(f"every action ends the game at ply {len(texts)}; try another seed")
        texts.append(game.action_to_str(state, chosen))
        state = after
        if len(texts) % 100_000 == 0:
            print(f"  {len(texts):>9,} plies made, {time.perf_counter() - start:6.1f} s", flush=True)
    record = {"game": "kasteel", "options": game.options, "seed": seed, "actions": texts}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(record, f, ensure_ascii=False)


def child(path: str, mode: str) -> None:
    """Replay ``path`` one way and print the seconds and the peak RSS (MiB) as JSON."""
    import resource

    from castlerules.core.record import Record, replay

    start = time.perf_counter()
    with open(path, encoding="utf-8") as f:
        record = Record.from_json(f.read())
    plies = len(record.actions)
    if mode == "final":
        replay(record)
    elif mode == "show-middle":
        replay(record, ply=plies // 2)
    elif mode == "every-state":
        replay(record, every_state=True)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"mode": mode, "plies": plies, "seconds": seconds, "peak_mib": peak}))


def measure(path: str, mode: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--child", mode, "--record", path],
        capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["?"]
        return {"mode": mode, "error": tail[0][:200]}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plies", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--record", default="kasteel-replay-record.json")
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.record, args.child)
        return
    if not os.path.exists(args.record):
        print(f"making a legal Kasteel record of {args.plies:,} plies (seed {args.seed}) …")
        make_record(args.record, args.plies, args.seed)
    size = os.path.getsize(args.record) / 2**20
    print(f"record {args.record}: {size:.1f} MiB")
    print(f"{'mode':<12} {'plies':>10} {'seconds':>8} {'peak RSS MiB':>13}")
    for mode in args.modes.split(","):
        r = measure(args.record, mode)
        if "error" in r:
            print(f"{mode:<12} failed: {r['error']}")
        else:
            print(f"{mode:<12} {r['plies']:>10,} {r['seconds']:>8.1f} {r['peak_mib']:>13.1f}")
    print("baseline: reading the record only (no replay)")


if __name__ == "__main__":
    main()
