"""Spookslot board data: the default board square by square, and clear errors for bad board files."""

from __future__ import annotations

from pathlib import Path

import pytest

import castlerules
from castlerules import InvalidOptionError, SpecError
from castlerules.core.spec import read_text
from castlerules.spookslot.board import DEFAULT_BOARD, board_problems, default_board

DEFAULT_TEXT = read_text(DEFAULT_BOARD)


@pytest.mark.clause("spookslot.doel.race", "spookslot.routes.kiezen", "spookslot.geheim.sterveld")
def test_the_default_board_is_the_reconstruction() -> None:
    b = default_board()
    colours = "".join(b.by_id[q].colour[0] for q in b.ids)
    assert b.ids[:14] == ("t1", "t2", "t3", "s1", "s2", "s3", "s4", "s5", "s6",
                          "l1", "l2", "l3", "l4", "l5")
    rooms = ("ygb", "ssssss", "gybyg", "ygybygy", "rrrr", "byrrgyb", "ygygy", "rrr", "gy")
    assert colours == "".join(rooms)
    assert b.start == "t1" and b.next["l5"] == ("ls1", "lk1") and b.next["g7"] == ("hs1", "hw1")
    assert b.next["ls7"] == b.next["lk4"] == ("g1",) and b.next["h2"] == ("exit",)
    assert b.zone == {"stairs": ("s1", "s2", "s3", "s4", "s5", "s6"),
                      "bookcase": ("lk1", "lk2", "lk3", "lk4"), "portrait": ("g3", "g4"),
                      "axe": ("hw1", "hw2", "hw3")}
    assert {b.fallback[q] for q in b.zone["stairs"]} == {"t3"}
    assert {b.fallback[q] for q in b.zone["bookcase"]} == {"l3"}
    assert {b.fallback[q] for q in b.zone["portrait"]} == {"g1"}
    assert {b.fallback[q] for q in b.zone["axe"]} == {"g7"}
    assert b.red_stars == ("lk2", "lk4") and b.green_star == "g5"
    assert board_problems(b) == []


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_board_file_loads_and_the_game_keeps_the_board_by_value(tmp_path: Path) -> None:
    text = DEFAULT_TEXT.replace('id = "h2"\ncolour = "yellow"', 'id = "h2"\ncolour = "green"')
    assert text != DEFAULT_TEXT
    path = _write(tmp_path, text)
    game = castlerules.make("spookslot", board=path)
    assert game.options["board"] == text  # records carry the text, never the path
    assert castlerules.make("spookslot", **game.options) == game
    assert game.board.ids == default_board().ids and game.board.by_id["h2"].colour == "green"
    by_name = castlerules.make("spookslot", board="spookslot-default")
    assert "board" not in by_name.options and by_name == castlerules.make("spookslot")
    # the packaged board by its path is the packaged board (core.source.board_keyword)
    assert castlerules.make("spookslot", board=_write(tmp_path, DEFAULT_TEXT)) == by_name


@pytest.mark.parametrize(
    ("old", "new", "complaint"),
    [
        ('colour = "stair"', 'colour = "purple"', "colour"),
        ('next = ["t2"]', 'next = ["nowhere"]', "square #1: 'next' names a square that does not"),
        ('next = ["t2"]', "next = []", "one or two distinct"),
        ('id = "t2"', 'id = "t1"', "square #2 repeats the id of square #1"),
        ('id = "t2"', 'id = "exit"', "reserved"),
        ('start = "t1"', 'start = "t9"', "'start' must name a square"),
        ('fallback = "t3"', 'fallback = "t2"', "not a blue square"),
        ('floor = "upper"', 'floor = "attic"', "floor"),
        ('next = ["h1"]', 'next = ["hs1"]', "circle through square #"),
        ("[[square]]\nid = \"t1\"", "[[square\nid = \"t1\"", "TOML"),
        ('name = "reconstruction v1"', 'name = "x"\nsize = 3', "unknown top-level"),
        # well-formed files whose board contradicts the rulebook's shape
        ('id = "lk4"\ncolour = "red"\nroom = "library"\nfloor = "lower"\nnext = ["g1"]\n'
         'trap = "bookcase"\nfallback = "l3"\nstar = true',
         'id = "lk4"\ncolour = "red"\nroom = "library"\nfloor = "lower"\nnext = ["g1"]\n'
         'trap = "bookcase"\nfallback = "l3"', "1 red star squares"),
        ('fallback = "l3"', 'fallback = "t3"', "square #.*fallback square #3 is not the nearest"),
        ('id = "ls4"\ncolour = "blue"', 'id = "ls4"\ncolour = "red"', "trap"),
    ],
)
def test_a_malformed_or_inconsistent_board_file_names_the_problem(
    tmp_path: Path, old: str, new: str, complaint: str
) -> None:
    assert old in DEFAULT_TEXT
    path = _write(tmp_path, DEFAULT_TEXT.replace(old, new, 1))
    with pytest.raises(SpecError, match=complaint):
        castlerules.make("spookslot", board=path)


def test_bad_board_option() -> None:
    with pytest.raises(InvalidOptionError, match="cannot read"):
        castlerules.make("spookslot", board="/no/such/board.toml")
    with pytest.raises(InvalidOptionError, match="path"):
        castlerules.make("spookslot", board=3)
