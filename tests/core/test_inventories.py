"""The intersphinx inventories the docs ship are the ones tools/inventories.py writes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_inventories_are_up_to_date() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "inventories.py"), "--check"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_each_inventory_reads_back_with_its_names() -> None:
    from sphinx.util.inventory import InventoryFile

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import inventories
    finally:
        sys.path.remove(str(ROOT / "tools"))
    for project, (_, _, entries) in inventories.OBJECTS.items():
        data = (ROOT / "docs" / "_inventories" / f"{project}.inv").read_bytes()
        loaded = InventoryFile.loads(data, uri="https://example.invalid/")
        names = {name for kind in loaded.data.values() for name in kind}
        assert names == {entry[0] for entry in entries}, project
