"""Check one spec file's partition of its source text (used while writing specs by hand)."""

import re
import sys
import tomllib
from pathlib import Path


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def main(path: str) -> int:
    spec_path = Path(path)
    data = tomllib.loads(spec_path.read_text(encoding="utf-8"))
    source = (spec_path.parent / data["source"]).read_text(encoding="utf-8")
    joined = " ".join(
        part for c in data["clause"] for part in (c.get("heading", ""), c["nl"]) if part
    )
    a, b = norm(joined), norm(source)
    if a == b:
        print(
            f"ok: {len(data['clause'])} clauses, {len(data.get('interpretation', []))} interpretations"
        )
        return 0
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    print("MISMATCH at char", i)
    print("clauses:", a[max(0, i - 80) : i + 80])
    print("source: ", b[max(0, i - 80) : i + 80])
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
