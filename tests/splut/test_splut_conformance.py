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
    states = replay(record)
    assert len(states) == len(record.actions) + 1
    assert replay(Record.from_json(record.to_json())) == states


def test_text_and_svg_pictures() -> None:
    game = Splut(players=4)
    s = game.initial_state()
    text = game.render(s)
    assert text.count("@@") == 4 and "S3" in text and "T2" in text
    svg = render_svg(s)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg.count("<rect") == 41 and svg.count('fill="#8c8c8c"') == 4
    assert svg.count("<text") == 12
