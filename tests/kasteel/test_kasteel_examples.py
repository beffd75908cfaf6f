"""The worked examples of ``specs/examples/kasteel.toml`` as scenarios: each replays, and what its
caption says about the rulebook sentence holds in its position (so the docs' pictures are these
tests' positions and cannot drift)."""

from __future__ import annotations

from typing import Any

import pytest

import castlerules
from castlerules.core.examples import Example, load_examples
from castlerules.kasteel import Kasteel, State

EXAMPLES = {e.id: e for e in load_examples("kasteel")}


def setup(example_id: str) -> tuple[Kasteel, State, State]:
    example = EXAMPLES[example_id]
    game = castlerules.make("kasteel", **example.options_dict())
    assert isinstance(game, Kasteel)
    before = game.state_from_text(example.before)
    after = before
    for move in example.moves:
        after = game.play(after, move)
    assert after == game.state_from_text(example.after)
    return game, before, after


def clause_of(game: Kasteel, state: State, text: str) -> str | None:
    found = game.violation(state, game.parse_action(state, text))
    return None if found is None else found.clause


def test_every_clause_example_is_a_scenario_here() -> None:
    assert set(EXAMPLES) == {
        "kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen",
        "kasteel.spel.slaan", "kasteel.kanalen.vrij", "kasteel.kanalen.schedels",
        "kasteel.einde.sleutel", "kasteel.einde.geen-gelijkspel",
    }
    for example in EXAMPLES.values():
        assert set(example.clauses) >= {example.id} and example.highlight


@pytest.mark.clause("kasteel.spel.schuiven")
def test_the_slide() -> None:
    """'één of meer vrije velden orthogonaal (dus zoals een toren bij schaken)'."""
    game, before, after = setup("kasteel.spel.schuiven")
    assert clause_of(game, before, "e10-f11") == "kasteel.spel.schuiven"  # not diagonal
    assert after.to_move == 1 and after.passes == before.passes


@pytest.mark.clause("kasteel.spel.muren-langs")
def test_along_the_wall() -> None:
    """'Ridders mogen zich op dezelfde manier langs de muren bewegen.'"""
    game, before, _ = setup("kasteel.spel.muren-langs")
    assert clause_of(game, before, "c8-j8") == "kasteel.spel.klimmen"


@pytest.mark.clause("kasteel.spel.klimmen")
def test_the_climb() -> None:
    """'Als een speler de muren wil beklimmen of afdalen, mag hij een ridder slechts één veld
    verplaatsen.'"""
    game, before, after = setup("kasteel.spel.klimmen")
    middle = game.play(game.play(before, "c10-c9"), "q19-q18")
    assert clause_of(game, middle, "c9-c7") == "kasteel.spel.klimmen"
    assert game.board.is_wall(next(iter(after.knights[0])))


@pytest.mark.clause("kasteel.spel.slaan", "kasteel.spel.niet-springen")
def test_the_capture() -> None:
    """'Als een ridder zijn beurt eindigt op een veld waar een ridder van de tegenstander staat,
    wordt hij van het bord verwijderd. Het overslaan van ridders ... is niet toegestaan.'"""
    game, before, after = setup("kasteel.spel.slaan")
    assert len(after.knights[1]) == len(before.knights[1]) - 1
    assert clause_of(game, before, "e10-n10") == "kasteel.spel.niet-springen"


@pytest.mark.clause("kasteel.kanalen.vrij", "kasteel.kanalen.passen")
def test_the_canal() -> None:
    """'Het kasteel kan vrij betreden worden via de kanalen. Elke speler is echter beperkt in het
    aantal doorgangen door de kanalen'."""
    _, before, after = setup("kasteel.kanalen.vrij")
    assert after.passes == (before.passes[0] - 1, before.passes[1])


@pytest.mark.clause("kasteel.kanalen.schedels", "kasteel.kanalen.uitgeput")
def test_crossing_skulls() -> None:
    """'Als een ridder de schedels kruist ..., wordt er ook 1 pas afgetrokken.'"""
    game, before, after = setup("kasteel.kanalen.schedels")
    assert after.passes == (before.passes[0] - 2, before.passes[1])
    poor: Any = game.state_from_text(EXAMPLES["kasteel.kanalen.schedels"].before.replace(" 8,8 ", " 1,8 "))
    assert clause_of(game, poor, "a10-g10") == "kasteel.kanalen.uitgeput"


@pytest.mark.clause("kasteel.einde.sleutel", "kasteel.doel.sleutel")
def test_the_conquest() -> None:
    """'Het spel eindigt als het sleutelveld van een speler bezet is en zijn kasteel veroverd is.'"""
    game, before, after = setup("kasteel.einde.sleutel")
    assert not game.is_terminal(before)
    assert game.is_terminal(after) and game.winners(after) == {0}


@pytest.mark.clause("kasteel.einde.geen-gelijkspel")
def test_the_stuck_knight_passes() -> None:
    """'Gelijkspel is niet mogelijk': a knight with no legal move passes (the default reading)."""
    game, before, after = setup("kasteel.einde.geen-gelijkspel")
    assert game.stuck_player(before) and not game.is_terminal(before)
    assert after.to_move == 1 and after.knights == before.knights


@pytest.mark.parametrize("example", list(EXAMPLES.values()), ids=list(EXAMPLES))
def test_the_examples_draw_with_their_squares(example: Example) -> None:
    game = castlerules.make("kasteel", **example.options_dict())
    svg = game.render_svg(game.state_from_text(example.before), example.highlight)
    assert svg.count('class="highlight"') == len(example.highlight)
    assert example.before in svg
