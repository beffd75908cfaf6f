"""Kasteel board data, options, notation, JSON, pictures and the conformance kit on several options."""

from __future__ import annotations

import xml.dom.minidom
from pathlib import Path
from typing import Any

import pytest

import castlerules
from castlerules.core.conformance import check_conformance
from castlerules.core.errors import InvalidOptionError, InvalidStateError, ParseError, SpecError
from castlerules.core.spec import read_text
from castlerules.kasteel import Kasteel, Move, Pass, PlaceSkull, State
from castlerules.kasteel.board import DEFAULT_BOARD, Kind, load_board, parse_board, render_map
from castlerules.kasteel.render import render_svg

SMALL = """\
; a small test castle
 7 . . r . .
 6 . R # R .
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 . Y C Y .
 1 . . y . .
   a b c d e
"""


@pytest.mark.clause("kasteel.begin.muren", "kasteel.doel.sleutel")
def test_default_board_matches_the_reference_map() -> None:
    b = load_board()
    assert (b.width, b.height) == (19, 19)
    assert [b.name(k) for k in b.keys] == ["j4", "j16"]
    assert {b.name(s) for s in range(b.size) if b.kinds[s] is Kind.CANAL} == {"j2", "j8", "j12", "j18"}
    assert {b.name(s) for s in b.start[1]} == {"f19", "n19", "h18", "l18", "h14", "l14", "c12", "q12"}
    assert all(b.is_wall(s) for k in b.start for s in k)
    assert len(b.skull_zone()) == 57
    # the map text round-trips through its own format
    assert parse_board(render_map(b)) == b
    assert render_map(b).splitlines()[-1].split() == list("abcdefghijklmnopqrs")
    assert "kasteel-default" in DEFAULT_BOARD and read_text(DEFAULT_BOARD)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "at least 3 rows"),
        (SMALL.replace(" 6 .", " 5 ."), "must start with the row number 6"),
        (SMALL.replace(" 3 . . . . .", " 3 . . . ."), "has 4 squares"),
        (SMALL.replace(" 4 . . . . .", " 4 . . Z . ."), "c4: unknown symbol"),
        (SMALL.replace("r", "."), "red key square"),
        (SMALL.replace(" 4 . . . . .", " 4 . . y . ."), "yellow key square"),
        (SMALL.replace("Y", "#"), "yellow has no knights"),
        (SMALL.replace("a b c d e", "a b c d f"), "name 3 to 26 columns"),
    ],
)
def test_malformed_maps_are_refused(text: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        parse_board(text)


@pytest.mark.clause("kasteel.begin.muren")
def test_a_custom_board_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "small.txt"
    path.write_text(SMALL, encoding="utf-8")
    g = castlerules.make("kasteel", board=str(path), skulls=2)
    s = g.initial_state()
    assert len(g.chance_outcomes(s)) == 15
    assert castlerules.make("kasteel", **g.options) == g
    report = check_conformance(g, playouts=2, seed=1)
    assert report.finished == 2
    bad = tmp_path / "bad.txt"
    bad.write_text(SMALL.replace("y", "."), encoding="utf-8")
    with pytest.raises(InvalidOptionError, match="yellow key"):
        castlerules.make("kasteel", board=str(bad))


@pytest.mark.parametrize(
    "options",
    [{}, {"level": 2}, {"passes": 0, "skulls": 10}, {"skull_squares": ["a9", "s11"], "stuck": "lose"}],
)
def test_conformance_on_several_option_sets(options: dict[str, Any]) -> None:
    game = castlerules.make("kasteel", **options)
    report = check_conformance(game, playouts=3, seed=11, every=15)
    assert report.finished == 3
    assert report.longest < Kasteel.playout_cap


def test_notation_round_trip_and_errors() -> None:
    g = Kasteel()
    s = g.initial_state()
    assert g.parse_action(s, "skull j10") == PlaceSkull(g.board.square("j10"))
    assert g.action_to_str(s, PlaceSkull(g.board.square("j10"))) == "skull j10"
    t = State(s.knights, s.passes, frozenset({1, 2, 3, 4}), 1)
    assert g.parse_action(t, "pass") == Pass(1)
    assert g.parse_action(t, "C12-C11") == Move(1, g.board.square("c12"), g.board.square("c11"))
    for bad in ["", "c12", "c12-c99", "z1-a1", "c12--c11", "skull", "skull t1", "c0-c1", 7]:
        with pytest.raises(ParseError):
            g.parse_action(t, bad)  # type: ignore[arg-type]


def test_json_round_trip_and_invalid_states() -> None:
    g = Kasteel(skull_squares=["j10"])
    s = g.initial_state()
    assert g.state_from_json(g.state_to_json(s)) == s
    text = g.state_to_json(s)
    for broken in [
        text.replace('"to_move":0', '"to_move":5'),
        text.replace('"passes":[8,8]', '"passes":[9,8]'),
        text.replace('"passes":[8,8]', '"passes":[-1,8]'),
        text.replace("[[102,106", "[[66,106"),  # a yellow knight on its own key square j4
        text.replace("[[102", "[[200,102"),  # more knights than at the start
        text.replace("[[102", "[[211,102"),  # two knights on one square
        '{"knights": 3}',
        "not json",
    ]:
        with pytest.raises(InvalidStateError):
            g.state_from_json(broken)


def test_text_and_svg_pictures() -> None:
    g = Kasteel(skull_squares=["i11", "j10", "k11"])
    s = g.initial_state()
    text = g.render(s)
    # the red knights of row 19 stand on wall squares: bracketed, the columns in line
    assert text.splitlines()[0].startswith("19 . . . . .[R]. . . . . . .[R].")
    assert text.splitlines()[1].startswith("18 . . # . . # .[R]# C #[R]")
    assert "skulls: j10 i11 k11" in text
    svg = render_svg(s)
    xml.dom.minidom.parseString(svg)  # well-formed
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count('class="knight"') == 16 + 2  # and two in the legend
    assert svg.count('<g class="skull">') == 3 + 1  # and one in the legend
    assert svg.count('<g class="key">') == 2 + 2
    assert "&#x" not in svg and 'class="legend"' in svg
    assert g.state_to_text(s) in svg  # the caption
    assert g.render_svg(s) == svg
    marked = g.render_svg(s, ("j4", "a1", "zz9"))
    assert marked.count('class="highlight"') == 2
