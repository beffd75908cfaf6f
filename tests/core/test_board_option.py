"""The ``board=`` option and the board reading: one rule for Spookslot and Kasteel.

The packaged default board — given by its name, by the path of its file or by its text — is the
default reading (as if no board were given: the same game, the same options); any other board is
the custom reading. Each agrees with the reading that says the same and contradicts the other.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from strategies import chain_board

import castlerules
from castlerules.core.errors import InvalidOptionError
from castlerules.core.spec import read_text

#: game -> (packaged default board's name, its file, the default reading, a custom board's text)
BOARDS = {
    "spookslot": ("spookslot-default", "boards/spookslot-default.toml", "reconstruction",
                  chain_board(30)),
    "kasteel": ("kasteel-default", "boards/kasteel-default.txt", "default",
                " 7 . . r . .\n 6 . R # R .\n 5 . . . . .\n 4 . . . . .\n 3 . . . . .\n"
                " 2 . Y C Y .\n 1 . . y . .\n   a b c d e\n"),
}


def _given_ways(name: str, tmp_path: Path) -> dict[str, str]:
    """The packaged default board three ways: by name, by the path of a copy, by its text."""
    packaged, file, _, _ = BOARDS[name]
    text = read_text(file)
    copy = tmp_path / Path(file).name
    copy.write_text(text, encoding="utf-8")
    return {"name": packaged, "path": str(copy), "text": text}


@pytest.mark.parametrize("name", BOARDS)
def test_the_packaged_default_board_is_the_default_reading(name: str, tmp_path: Path) -> None:
    _, _, default, _ = BOARDS[name]
    plain = castlerules.make(name)
    for how, board in _given_ways(name, tmp_path).items():
        game = castlerules.make(name, board=board)
        assert game.reading("board") == default, how
        assert game == plain and "board" not in game.options, how
        agreeing = castlerules.make(name, board=board, readings={"board": default})
        assert agreeing == plain, how
        with pytest.raises(InvalidOptionError, match="disagree"):
            castlerules.make(name, board=board, readings={"board": "custom"})


@pytest.mark.parametrize("name", BOARDS)
def test_another_board_is_the_custom_reading(name: str) -> None:
    _, _, default, text = BOARDS[name]
    game = castlerules.make(name, board=text)
    assert game.reading("board") == "custom"
    assert game.options["board"] == text
    assert castlerules.make(name, board=text, readings={"board": "custom"}) == game
    assert castlerules.make(name, **game.options) == game
    with pytest.raises(InvalidOptionError, match="disagree"):
        castlerules.make(name, board=text, readings={"board": default})


@pytest.mark.parametrize("name", BOARDS)
def test_the_custom_reading_needs_a_board(name: str) -> None:
    for options in ({}, {"board": None}):  # not given, or given as None: the same
        with pytest.raises(InvalidOptionError, match="give board="):
            castlerules.make(name, readings={"board": "custom"}, **options)


def test_the_same_board_written_differently_is_the_packaged_one() -> None:
    """Spookslot: the packaged board's data in another file (without its comments) is the
    packaged board; the same squares under another name are someone's own board file."""
    text = read_text("boards/spookslot-default.toml")
    bare = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    assert bare != text
    assert castlerules.make("spookslot", board=bare).reading("board") == "reconstruction"
    renamed = text.replace('name = "reconstruction v1"', 'name = "my board"')
    assert renamed != text
    assert castlerules.make("spookslot", board=renamed).reading("board") == "custom"
