"""Files the library writes go through a temporary file in the same folder and a rename."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import castlerules
from castlerules.core.files import write_atomic


def test_a_file_is_replaced_whole_and_no_temporary_file_is_left(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")
    write_atomic(target, "new ✓")
    assert target.read_text(encoding="utf-8") == "new ✓"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")

    class Boom(Exception):
        pass

    original = os.fsync

    def failing(fd: int) -> None:
        raise Boom

    os.fsync = failing  # type: ignore[assignment]
    try:
        with pytest.raises(Boom):
            write_atomic(target, b"new")
    finally:
        os.fsync = original
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_device_is_written_to_never_replaced() -> None:
    with pytest.raises(OSError):
        write_atomic("/dev/full", "x")
    assert not Path("/dev/full").is_file()  # still the device
    write_atomic("/dev/null", "x")
    assert not Path("/dev/null").is_file()


def test_a_symlink_keeps_pointing_at_its_file(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"


def test_record_save_and_load_round_trip(tmp_path: Path) -> None:
    game = castlerules.make("splut", players=3)
    state = game.initial_state()
    action = game.legal_actions(state)[0]
    record = castlerules.Record.new("splut", game.options, (game.action_to_str(state, action),), 7)
    path = tmp_path / "game.json"
    record.save(path)
    assert castlerules.Record.load(path) == record
    assert castlerules.Record.load(str(path)) == record
    with pytest.raises(castlerules.RecordError, match="cannot read"):
        castlerules.Record.load(tmp_path / "missing.json")
    with pytest.raises(castlerules.RecordError, match="cannot write"):
        record.save(tmp_path / "no-such-folder" / "game.json")
    with pytest.raises(castlerules.RecordError):
        record.save("/dev/full")
