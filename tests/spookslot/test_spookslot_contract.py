"""Spookslot contract: conformance for every player count and variant, notation, JSON and options."""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

import pytest

import castlerules
from castlerules import InvalidOptionError, InvalidStateError, ParseError
from castlerules.core.conformance import check_conformance
from castlerules.core.play import random_record
from castlerules.core.record import replay
from castlerules.spookslot import Ball, Move, Passage, Roll, Spookslot
from castlerules.spookslot.render import render_svg
from castlerules.spookslot.state import GHOST

VARIANTS = Spookslot.variants()


@pytest.mark.parametrize("options", VARIANTS, ids=[str(o) for o in VARIANTS])
def test_conformance(options: dict[str, Any]) -> None:
    game = castlerules.make("spookslot", **options)
    report = check_conformance(game, playouts=2, seed=3)
    assert report.finished == 2
    assert castlerules.make("spookslot", **game.options) == game


def test_variants_cover_every_player_count_and_the_optional_rule() -> None:
    assert {(o["players"], o.get("no_yellow", False)) for o in VARIANTS} >= {
        (n, y) for n in range(2, 7) for y in (False, True)}


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("roll 3", Roll(3)),
        ("roll ghost", Roll(GHOST)),
        ("ball portrait", Ball("portrait")),
        ("p0 move a", Move(0, 0)),
        ("p2 move b via lk1", Move(2, 1, ("lk1",))),
        ("p1 move a via ls1,hw1", Move(1, 0, ("ls1", "hw1"))),
        ("p3 passage b", Passage(3, 1, True)),
        ("p3 stay a", Passage(3, 0, False)),
    ],
)
def test_notation_round_trip(text: str, action: Any) -> None:
    g = Spookslot()
    s = g.initial_state()
    assert g.parse_action(s, text) == action
    assert g.action_to_str(s, action) == text


@pytest.mark.parametrize(
    "text", ["", "roll", "roll 0", "roll six", "ball cellar", "p0 move c", "px move a",
             "p0 move a lk1", "p0 move a via ", "p0 jump a", "p0 move a via lk1,,x", 7],
)
def test_bad_notation_raises_parse_error(text: Any) -> None:
    g = Spookslot()
    with pytest.raises(ParseError):
        g.parse_action(g.initial_state(), text)


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda d: d.update(turn=5), "state.turn"),
        (lambda d: d["pawns"][0].__setitem__(0, "cellar"), "not a square"),
        (lambda d: d["pawns"].pop(), "expected 2 players"),
        (lambda d: d["pawns"][0].__setitem__(0, "t1") or d["pawns"][1].__setitem__(0, "t1"),
         "share t1"),
        (lambda d: d.update(phase="MOVE", roll=0), "state.roll"),
        (lambda d: d.update(phase="BALL"), "nobody is in danger"),
        (lambda d: d.update(phase="OVER", winner=0), "not escaped"),
        (lambda d: d.update(phase="PASSAGE", pending=[[0, 0]]), "red star"),
        (lambda d: d.update(phase="FLYING"), "phase"),
        (lambda d: d.update(extra=1), "unknown fields"),
    ],
)
def test_bad_state_json_names_the_problem(change: Any, complaint: str) -> None:
    import json

    g = Spookslot()
    envelope = json.loads(g.state_to_json(g.initial_state()))
    data = envelope["state"]
    change(data)
    with pytest.raises(InvalidStateError, match=complaint):
        g.state_from_json(json.dumps(envelope))
    with pytest.raises(InvalidStateError, match=complaint):
        g.state_from_json(json.dumps(data))  # the bare state object of format 0
    with pytest.raises(InvalidStateError):
        g.state_from_json("{not json")


@pytest.mark.parametrize(
    "options",
    [
        {"die_faces": [1, 2, 3]},
        {"die_faces": [1, 2, 3, 4, 7, "ghost"]},
        {"die_faces": ["ghost"] * 6},
        {"die_faces": "123456"},
        {"trap_weights": {"stairs": 1}},
        {"trap_weights": {"stairs": -1, "bookcase": 1, "portrait": 1, "axe": 1}},
        {"trap_weights": {"stairs": 0, "bookcase": 0, "portrait": 0, "axe": 0}},
        {"no_yellow": "yes"},
        {"first_player": -1},
        {"colour": "red"},
    ],
)
def test_bad_options(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptionError):
        castlerules.make("spookslot", **options)


def test_default_options_agree_with_the_spec() -> None:
    game = castlerules.make("spookslot")
    spec = {i.id: i for i in game.spec.interpretations}
    assert spec["spookslot.interp.players"].default_option.value == game.num_players
    assert game.options == {"players": 2, "first_player": 0, "no_yellow": False}
    assert castlerules.make("spookslot", die_faces=[1, 2, 3, 4, "ghost", "ghost"]) == game


def test_records_replay_and_pictures_render() -> None:
    for n in (2, 4, 6):
        game = castlerules.make("spookslot", players=n)
        record = random_record(game, seed=n)
        states = replay(record, every_state=True)
        assert game.is_terminal(states[-1])
        text = game.render(states[-1])
        assert "escaped" in text and "game over" in text
        svg = render_svg(states[-1], game)
        assert svg.startswith("<svg") and svg.endswith("</svg>") and "EXIT" in svg
        ElementTree.fromstring(svg)  # well-formed XML
    assert "<svg" in render_svg(Spookslot(players=3).initial_state())
    game = Spookslot(players=5)
    drawn = game.render_svg(game.initial_state())
    assert drawn == render_svg(game.initial_state(), game, game=game)
    assert "player 0 rolls the die: 1, 2, 3 or 4 (1/6 each) or the ghost (1/3)" in drawn
