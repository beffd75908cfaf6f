"""Splut! against the generic conformance kit, for 2, 3 and 4 players, plus the pictures."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import castlerules
from castlerules.core.conformance import check_conformance
from castlerules.core.play import random_record
from castlerules.core.record import Record, replay
from castlerules.splut import Splut
from castlerules.splut.render import render_svg


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int) -> None:
    report = check_conformance(castlerules.make("splut", players=players), playouts=2, every=3)
    assert report.finished == 2


def test_record_replays() -> None:
    game = Splut(players=3)
    record = random_record(game, seed=7, max_plies=300)
    states = replay(record, every_state=True)
    assert len(states) == len(record.actions) + 1
    assert replay(Record.from_json(record.to_json()), every_state=True) == states


def test_text_and_svg_pictures() -> None:
    game = Splut(players=4)
    s = game.initial_state()
    text = game.render(s)
    assert text.count("@@") == 4 and "S3" in text and "T2" in text
    assert text.splitlines()[-1] == "position: " + game.state_to_text(s)
    svg = game.render_svg(s, highlight=("e5", "E1"))
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg" and int(root.get("width", "0")) <= 700
    titles = [t.text or "" for t in root.iter(f"{ns}title")]
    assert titles[0] == "Splut! position: " + game.state_to_text(s)
    squares = [t for t in titles if len(t) == 2]
    assert len(squares) == 41
    assert sum(t == "rock" for t in titles) == 4 + 1  # the four rocks and the legend's
    assert sum("'s " in t for t in titles) == 12
    assert {t for t in titles if t.endswith("(marked)")} == {"e5 (marked)", "e1 (marked)"}
    words = " ".join(t.text or "" for t in root.iter(f"{ns}text"))
    for label in ("Legend", "player 0 (South)", "player 3 (East)", "sorcerer", "troll", "dwarf",
                  "marked square", game.state_to_text(s).split(" ")[0][:20]):
        assert label in words, label
    assert render_svg(s).startswith("<svg")
