"""Write the JSON Schema of every game's state JSON to ``src/castlerules/schemas/<game>.schema.json``.

    python tools/schemas.py          # write them
    python tools/schemas.py --check  # exit 1 if a shipped schema differs from the state classes

The schemas are generated from the state classes (``game.json_schema()``); a test checks that the
shipped files are current.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import castlerules

OUT = Path(__file__).resolve().parents[1] / "src" / "castlerules" / "schemas"


def text(name: str) -> str:
    return json.dumps(castlerules.make(name).json_schema(), indent=1, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    stale = []
    for name in castlerules.games():
        path = OUT / f"{name}.schema.json"
        if "--check" in argv:
            if not path.exists() or path.read_text(encoding="utf-8") != text(name):
                stale.append(path.name)
        else:
            path.write_text(text(name), encoding="utf-8")
    if stale:
        print(f"stale schemas: {', '.join(stale)} (run python tools/schemas.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
