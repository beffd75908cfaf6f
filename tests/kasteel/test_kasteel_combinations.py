"""Findings of the pairwise run (``castlerules verify kasteel --combinations 2``), each settled:
a rule bug fixed, statements whose positions were not the game's, and expected verdicts that were
facts of the rulebook's map applied to other set-ups. Each test fails without its fix."""

from __future__ import annotations

from typing import Any

import pytest

import castlerules
from castlerules.core.theorem import Run, Status, run
from castlerules.kasteel.theorems.setup import CUSTOM_MAP

SUICIDE = {"capture": "mover-removed", "no-legal-move": "lose"}


def _position(text_row10: str, skulls: str) -> str:
    rows = ["19"] * 19
    rows[19 - 10] = text_row10
    return "/".join(rows) + f" y 1,0 {skulls}"


def _theorem(tid: str, **options: Any) -> Run:
    game = castlerules.make("kasteel", **options)
    return run(next(t for t in game.theorems() if t.id == tid))


@pytest.mark.clause("kasteel.einde.ridders", "kasteel.einde.geen-gelijkspel", "kasteel.spel.slaan")
def test_a_capture_that_removes_the_movers_last_knight_has_one_winner() -> None:
    """Under capture = mover-removed with no-legal-move = lose: yellow's last knight slides over
    the skull l10 onto red's knight on k10 and is removed; red, to move, is walled in by skulls
    with no passes. Yellow has lost all his knights ('al zijn ridders verloren'): red alone wins —
    the game once gave both players the win, a draw the rulebook says cannot happen."""
    game = castlerules.make("kasteel", readings=SUICIDE)
    before = game.state_from_text(_position("10R2Y5", "k9,j10,l10,k11"))
    after = game.play(before, "n10xk10")
    assert after.knights[0] == frozenset() and game.is_terminal(after)
    assert game.winners(after) == {1}


@pytest.mark.slow
def test_one_winner_holds_when_the_mover_is_removed_and_stuck_loses() -> None:
    assert _theorem("kasteel.one-winner", readings=SUICIDE).result.status is Status.PROVED


def test_the_pass_budget_positions_are_the_games_on_a_small_map_with_five_skulls() -> None:
    """On the custom map (13 squares of skull zone) every third zone square made 4 skulls, fewer
    than the game's 5: a game still placing skulls has no moves, so the statement failed."""
    done = _theorem("kasteel.pass-budget", board=CUSTOM_MAP, skulls=5)
    assert done.result.status is Status.PROVED


@pytest.mark.slow
def test_the_stuck_example_is_used_only_where_it_is_a_position_of_the_game() -> None:
    """The documented stuck position has four skulls: a game with five skulls is still setting
    up there, so kasteel.end compared winners on a position that is not the game's."""
    done = _theorem("kasteel.end", skulls=5, readings={"skull-zone": "anywhere"})
    assert done.result.status is Status.PROVED


def test_five_middle_skulls_do_not_wall_a_knight_in_on_the_rulebook_map() -> None:
    """The walls finding said five skulls in the middle rows cut a knight without passes off the
    key; the max-flow says it takes 18 (a barrier across the board)."""
    done = _theorem("kasteel.enter-over-wall", skulls=5)
    assert done.ok and done.result.status is Status.PROVED
    assert _theorem("kasteel.enter-over-wall", skulls=18).result.status is Status.COUNTEREXAMPLE


@pytest.mark.parametrize("options", [
    {"board": CUSTOM_MAP, "skulls": 5},
    {"skull_squares": ["q11", "r11", "s11"]},
])
def test_set_up_findings_are_made_for_the_rulebook_set_up_only(options: dict[str, Any]) -> None:
    """Whether skulls can wall a knight in, leave one stuck or deadlock both players (and how
    many that takes) are findings of the rulebook's map with skulls falling anywhere in the zone;
    the game still never draws on another set-up."""
    made = {t.id for t in castlerules.make("kasteel", **options).theorems()}
    findings = {"kasteel.never-stuck", "kasteel.stuck-reachable", "kasteel.never-deadlocked",
                "kasteel.enter-over-wall", "kasteel.deadlock-threshold"}
    assert not made & findings
    assert {"kasteel.end", "kasteel.one-winner", "kasteel.stuck-rule"} <= made
    assert findings <= {t.id for t in castlerules.make("kasteel", skulls=5).theorems()}
