"""Write the small intersphinx inventories the documentation ships (docs/_inventories/*.inv).

The docs build has no network, so intersphinx cannot fetch Python's, attrs' and Hypothesis'
``objects.inv``. This tool writes, with Sphinx's own inventory writer
(``sphinx.util.inventory.InventoryFile.dump``), an inventory per project holding exactly the names
the castlerules documentation refers to (the links of a built site to these projects name them), each pointing at its entry in that project's public
documentation (the base address is in ``docs/conf.py``'s ``intersphinx_mapping``). A name the docs
start to use is added to ``OBJECTS`` below and the tool run again::

    python tools/inventories.py            # writes docs/_inventories/
    python tools/inventories.py --check    # exit 1 if the files are not what the table gives
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

from sphinx.util.inventory import InventoryFile

FOLDER = Path(__file__).resolve().parents[1] / "docs" / "_inventories"

#: project -> (its name, its version, [(full name, domain, role, page, anchor)]). The page is a
#: path of the project's documentation site without ``.html``; the anchor is the entry's id there.
OBJECTS: dict[str, tuple[str, str, list[tuple[str, str, str, str, str]]]] = {
    "python": ("Python", "3", [
        (f"collections.abc.{name}", "py", "class", "library/collections.abc",
         f"collections.abc.{name}")
        for name in ("Callable", "Iterable", "Iterator", "Mapping", "Sequence")
    ] + [
        ("abc.ABC", "py", "class", "library/abc", "abc.ABC"),
        ("enum.Enum", "py", "class", "library/enum", "enum.Enum"),
        ("enum.IntEnum", "py", "class", "library/enum", "enum.IntEnum"),
        ("fractions.Fraction", "py", "class", "library/fractions", "fractions.Fraction"),
        ("inspect.Signature", "py", "class", "library/inspect", "inspect.Signature"),
        ("os.PathLike", "py", "class", "library/os", "os.PathLike"),
        ("random.Random", "py", "class", "library/random", "random.Random"),
        ("ValueError", "py", "exception", "library/exceptions", "ValueError"),
        ("DeprecationWarning", "py", "exception", "library/exceptions", "DeprecationWarning"),
    ]),
    "attrs": ("attrs", "stable", [
        ("attrs.frozen", "py", "function", "api", "attrs.frozen"),
        ("attrs.evolve", "py", "function", "api", "attrs.evolve"),
    ]),
    "hypothesis": ("Hypothesis", "latest", [
        ("hypothesis.given", "py", "function", "reference/api", "hypothesis.given"),
        ("hypothesis.strategies.SearchStrategy", "py", "class", "reference/strategies",
         "hypothesis.strategies.SearchStrategy"),
        ("hypothesis.strategies.data", "py", "function", "reference/strategies",
         "hypothesis.strategies.data"),
    ]),
}


class _Domain:
    """What ``InventoryFile.dump`` reads of a domain: its name and its objects."""

    def __init__(self, name: str, objects: list[tuple[str, str, str, str, str, int]]) -> None:
        self.name = name
        self._objects = objects

    def get_objects(self) -> list[tuple[str, str, str, str, str, int]]:
        return sorted(self._objects)


class _Domains:
    def __init__(self, domains: list[_Domain]) -> None:
        self._domains = domains

    def sorted(self) -> list[_Domain]:
        return sorted(self._domains, key=lambda d: d.name)


class _Env:
    """The part of a build environment ``InventoryFile.dump`` reads."""

    def __init__(self, project: str, version: str, domains: list[_Domain]) -> None:
        self.config = argparse.Namespace(project=project, version=version)
        self.domains = _Domains(domains)


class _Builder:
    @staticmethod
    def get_target_uri(docname: str) -> str:
        return f"{docname}.html"


def inventory(project: str) -> bytes:
    """The inventory file of ``project`` (a key of ``OBJECTS``), as Sphinx writes one."""
    title, version, entries = OBJECTS[project]
    by_domain: dict[str, list[tuple[str, str, str, str, str, int]]] = {}
    for name, domain, role, page, anchor in entries:
        by_domain.setdefault(domain, []).append((name, name, role, page, anchor, 1))
    env: Any = _Env(title, version, [_Domain(d, objs) for d, objs in by_domain.items()])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "objects.inv"
        InventoryFile.dump(path, env, _Builder())  # type: ignore[arg-type]
        return path.read_bytes()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    stale = []
    FOLDER.mkdir(parents=True, exist_ok=True)
    for project in OBJECTS:
        data = inventory(project)
        target = FOLDER / f"{project}.inv"
        if args.check:
            if not target.is_file() or target.read_bytes() != data:
                stale.append(target.name)
            continue
        temporary = target.with_suffix(".inv.tmp")
        temporary.write_bytes(data)
        temporary.replace(target)
        print(f"{target}: {len(OBJECTS[project][2])} names")
    if stale:
        print(f"stale: {', '.join(stale)} (run python tools/inventories.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
