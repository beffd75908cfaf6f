"""Write the compatibility corpus of the current version: ``tests/corpus/<version>/<game>.jsonl``.

One JSON object a line: ``{"kind": "record", "record": ..., "final": <state JSON>}`` for seeded
random games (default options, the game's variants, a non-default reading, a board carried by
value), and ``{"kind": "state", "options": ..., "json": ..., "text": <position text>}`` for states
sampled from them. ``tests/core/test_compatibility.py`` replays and loads every corpus there is, so
what this version writes keeps loading after any later change.

    python tools/corpus.py            # refuses to overwrite an existing version's corpus
    python tools/corpus.py --force    # only while the version is still unreleased

Run it once per released version; never edit an old corpus.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import castlerules
from castlerules.core.catalog import game_class
from castlerules.core.play import random_record
from castlerules.core.record import Record, replay
from castlerules.core.spec import load_spec

ROOT = Path(__file__).resolve().parents[1]
#: Plies kept per record (Kasteel's random games run to a few thousand).
MAX_PLIES = 250
RECORDS_PER_OPTIONS = 2
STATES_PER_RECORD = 3


def option_sets(name: str) -> list[dict[str, Any]]:
    """The default game, its first and last variants (Kasteel's last: a map given by value; the
    record holds the map's text, never a path), one non-default reading."""
    sets: list[dict[str, Any]] = [{}]
    variants = game_class(name).variants()
    for options in (variants[0], variants[-1]):
        if options not in sets:
            sets.append(options)
    for interp in load_spec(name).interpretations:
        option = next((o.id for o in interp.options if o.playable and o.id != interp.default), None)
        if option is None or interp.keyword:
            continue
        try:
            castlerules.make(name, readings={interp.short_id: option})
        except castlerules.RulesError:
            continue
        sets.append({"readings": {interp.short_id: option}})
        break
    return sets


def entries(name: str, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for options in option_sets(name):
        game = castlerules.make(name, **options)
        for _ in range(RECORDS_PER_OPTIONS):
            record = random_record(game, rng.randrange(2**31), max_plies=MAX_PLIES)
            states = replay(Record.from_json(record.to_json()))
            out.append({"kind": "record", "record": json.loads(record.to_json()),
                        "final": game.state_to_json(states[-1])})
            for state in rng.sample(states, min(STATES_PER_RECORD, len(states))):
                out.append({"kind": "state", "options": json.loads(record.to_json())["options"],
                            "json": game.state_to_json(state), "text": game.state_to_text(state)})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="overwrite this version's corpus")
    args = parser.parse_args()
    folder = ROOT / "tests" / "corpus" / ".".join(castlerules.__version__.split(".")[:2])
    if folder.exists() and not args.force:
        print(f"{folder} exists: a corpus is never rewritten (use --force before a release only)",
              file=sys.stderr)
        return 1
    folder.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(castlerules.games()):
        lines = [json.dumps(e, sort_keys=True) for e in entries(name, 1000 + i)]
        (folder / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} entries")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
