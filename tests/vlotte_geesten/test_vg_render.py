"""Vlotte Geesten pictures: the table drawn as an SVG, with a legend and what matters marked."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import castlerules

MARK = 'stroke="#ff9900"'


def picture(text: str, players: int = 3, highlight: tuple[str, ...] = ()) -> str:
    game = castlerules.make("vlotte-geesten", players=players)
    svg = game.render_svg(game.state_from_text(text), highlight)
    ET.fromstring(svg)  # well-formed
    return svg


@pytest.mark.clause("vg.situatie1.regel", "vg.situatie1.voorbeeld")
def test_a_rolled_position_shows_the_dice_the_situation_and_the_answer() -> None:
    svg = picture("0,0,0 35 0 p0 BBCMB - - -")
    assert 'width="700"' in svg and "Legend" in svg
    assert "Situation 1: the bottle shows 3 times, the green die shows the mouse" in svg
    assert "the answer" in svg and "0,0,0 35 0 p0 BBCMB - - -" in svg
    for colour in ("red", "white", "grey", "green", "blue"):
        assert f"{colour} die" in svg
    assert svg.count("?") == 0  # the dice are rolled


@pytest.mark.clause("vg.situatie3.regel")
def test_situation_3_names_the_ghost_s_die() -> None:
    svg = picture("0,0,0 35 0 p0 MCKBG - - -")
    assert "the ghost on the blue die: grab the book" in svg


def test_highlight_marks_objects_dice_players_and_the_pot() -> None:
    plain = picture("4,0,2 29 0 p2 BBCMB p0 p0 B")
    assert MARK not in plain
    marked = picture("4,0,2 29 0 p2 BBCMB p0 p0 B", highlight=("green die", "mouse", "p1", "pot"))
    assert marked.count(MARK) == 4
    assert "grabbed wrongly" in marked and "holds the dice" in marked and "(grabbed)" in marked


@pytest.mark.clause("vg.einde.winnaar")
def test_the_end_shows_the_winners_and_the_empty_supply() -> None:
    svg = picture("15,15,5 0 0 p1 - - - -")
    assert svg.count("WINS") == 2 and "the game is over" in svg
    draw = castlerules.make("vlotte-geesten", players=3, readings={"ties": "draw"})
    assert "WINS" not in draw.render_svg(draw.state_from_text("15,15,5 0 0 p1 - - - -"))
