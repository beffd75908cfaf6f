"""Vlotte Geesten readings: each non-default option of an interpretation, in a position where it
changes the legal actions or the result (the rulebook sentence it reads is quoted)."""

from __future__ import annotations

import pytest

import castlerules
from castlerules.core.conformance import check_conformance
from castlerules.core.errors import InvalidOptionError
from castlerules.core.play import random_record
from castlerules.core.record import Record, replay
from castlerules.core.spec import load_spec
from castlerules.vlotte_geesten import VlotteGeesten
from castlerules.vlotte_geesten.state import Obj

C, G, M, B, K = Obj.CHAIR, Obj.GHOST, Obj.MOUSE, Obj.BOTTLE, Obj.BOOK
SPEC = load_spec("vlotte-geesten")
#: Every single-option deviation from the default (the interpretations with a keyword are switched
#: by their keyword: first_player and faces).
DEVIATIONS = [
    (i.short_id, o.id)
    for i in SPEC.interpretations
    if not i.keyword
    for o in i.options
    if o.id != i.default
]


def game(n: int = 3, **readings: str) -> VlotteGeesten:
    made = castlerules.make("vlotte-geesten", players=n, readings=readings or None)
    assert isinstance(made, VlotteGeesten)
    return made


def test_every_option_is_playable() -> None:
    for interp in SPEC.interpretations:
        assert all(o.playable for o in interp.options), interp.id
    assert {(i, o) for i, o in DEVIATIONS} == {
        ("grab-phase", "regrab"),
        ("penalty-no-points", "debt"),
        ("penalty-recipient", "pot-at-once"),
        ("next-roller", "next-seat"),
        ("ties", "draw"),
        ("multi-grab", "all-taken"),
        ("multi-grab", "refused"),
    }


@pytest.mark.clause("vg.spel.een-voorwerp", "vg.punten.fout", "vg.pot.iedereen-mis")
def test_regrab_lets_a_wrong_grabber_grab_again() -> None:
    """vg.interp.grab-phase=regrab. 'Je mag maar één voorwerp pakken.' Bottle, bottle, chair, mouse,
    bottle: the answer is the mouse. Player 0 grabs the bottle: by default they are done for the
    round; under regrab they may grab again — and grabbing the mouse wins the round."""
    once = game(3)
    s = once.state_from_text("1,0,0 34 0 p0 BBCMB p0 p0 B")
    assert not once.legal_actions_of(s, 0)
    v = once.violation(s, once.parse_action(s, "p0 grab mouse"))
    assert v is not None and v.clause == "vg.spel.een-voorwerp"

    regrab = game(3, **{"grab-phase": "regrab"})
    s = regrab.state_from_text("1,0,0 34 0 p0 BBCMB - p0 B")
    assert regrab.actors(s) == {0, 1, 2}
    assert regrab.is_legal(s, regrab.parse_action(s, "p0 grab mouse"))
    assert not regrab.is_legal(s, regrab.parse_action(s, "p0 grab bottle"))  # grabbed already
    after = regrab.play(s, "p0 grab mouse")
    # their own penalty goes to the correct grabber: themselves; they gain the supply point
    assert regrab.state_to_text(after) == "2,0,0 33 0 p0 - - - -"


@pytest.mark.clause("vg.pot.iedereen-mis")
def test_under_regrab_the_round_ends_when_everyone_has_passed() -> None:
    regrab = game(2, **{"grab-phase": "regrab"})
    s = regrab.state_from_text("1,0 34 0 p0 BBCMB - p0 BC")
    s = regrab.play(s, "p1 pass")
    assert regrab.actors(s) == {0}
    s = regrab.play(s, "p0 pass")
    assert regrab.state_to_text(s) == "0,0 34 1 p0 - - - -"  # p0's point went into the pot


@pytest.mark.clause("vg.punten.fout", "vg.pot.leggen")
def test_debt_lets_a_score_go_below_zero() -> None:
    """vg.interp.penalty-no-points=debt. 'Grijp je het verkeerde voorwerp ..., dan geef je een van je
    punten aan de speler die het juiste voorwerp te pakken kreeg.' Player 0 has no points."""
    text = "0,0,0 35 0 p0 BBCMB p0 p0 B"
    assert game(3).state_to_text(game(3).play(game(3).state_from_text(text), "p1 grab mouse")) == (
        "0,1,0 34 0 p1 - - - -"
    )
    debt = game(3, **{"penalty-no-points": "debt"})
    after = debt.play(debt.state_from_text(text), "p1 grab mouse")
    assert debt.state_to_text(after) == "-1,2,0 34 0 p1 - - - -"
    assert debt.state_from_text("-1,2,0 34 0 p1 - - - -") == after  # a valid position here
    with pytest.raises(castlerules.RulesError, match="negative"):
        game(3).state_from_text("-1,2,0 34 0 p1 - - - -")


@pytest.mark.clause("vg.punten.fout", "vg.pot.leggen", "vg.pot.winnen")
def test_pot_at_once_puts_the_penalty_in_the_pot_when_the_grab_is_made() -> None:
    """vg.interp.penalty-recipient=pot-at-once. 'De punten die spelers voor hun fout moeten inleveren,
    leg je apart in het midden van de tafel als pot.'"""
    text = "2,0,0 33 0 p0 BBCMB - - -"
    default = game(3)
    assert default.state_to_text(default.play(default.state_from_text(text), "p0 grab bottle")) == (
        "2,0,0 33 0 p0 BBCMB p0 p0 B"
    )
    at_once = game(3, **{"penalty-recipient": "pot-at-once"})
    s = at_once.play(at_once.state_from_text(text), "p0 grab bottle")
    assert at_once.state_to_text(s) == "1,0,0 33 1 p0 BBCMB p0 p0 B"
    s = at_once.play(s, "p2 grab mouse")  # the correct grabber collects it with the pot
    assert at_once.state_to_text(s) == "1,0,2 32 0 p2 - - - -"


@pytest.mark.clause("vg.punten.gooier", "vg.pot.iedereen-mis")
def test_next_seat_passes_the_dice_on_when_nobody_was_correct() -> None:
    """vg.interp.next-roller=next-seat. 'Daarna ben jij degene die de dobbelstenen gooit' says who
    rolls after a correct grab only; here everyone passes."""
    text = "0,0,0 35 0 p2 BBCMB p0,p1 - -"
    assert game(3).play(game(3).state_from_text(text), "p2 pass").roller == 2
    seat = game(3, **{"next-roller": "next-seat"})
    assert seat.state_to_text(seat.play(seat.state_from_text(text), "p2 pass")) == (
        "0,0,0 35 0 p0 - - - -"  # wraps round from p2 to p0
    )


@pytest.mark.clause("vg.doel.winnaar", "vg.einde.winnaar")
def test_draw_means_a_shared_highest_score_wins_for_nobody() -> None:
    """vg.interp.ties=draw. 'Iedereen telt zijn punten en de speler met de meeste punten wint.'"""
    tie = "15,15,5 0 0 p1 - - - -"
    assert game(3).winners(game(3).state_from_text(tie)) == {0, 1}
    draw = game(3, ties="draw")
    assert draw.winners(draw.state_from_text(tie)) == frozenset()
    assert draw.winners(draw.state_from_text("16,14,5 0 0 p1 - - - -")) == {0}


@pytest.mark.clause("vg.doel.winnaar", "vg.einde.winnaar")
def test_the_literal_ruleset_reads_a_tie_as_a_draw() -> None:
    literal = castlerules.make("vlotte-geesten", players=3, ruleset="literal")
    assert literal.reading("ties") == "draw"
    assert literal.winners(literal.state_from_text("15,15,5 0 0 p1 - - - -")) == frozenset()
    assert literal.winners(literal.state_from_text("15,16,4 0 0 p1 - - - -")) == {1}
    assert castlerules.make("vlotte-geesten", **literal.options) == literal


@pytest.mark.parametrize(("interp", "option"), DEVIATIONS)
def test_readings_are_recorded_and_replayed(interp: str, option: str) -> None:
    made = game(3, **{interp: option})
    # the reading given, and multi-grab, whose default changed after 0.2, always
    assert made.options["readings"] == {"multi-grab": "put-back", interp: option}
    record = random_record(made, seed=5, max_plies=300)
    again = Record.from_json(record.to_json())
    states = replay(again, every_state=True)
    assert castlerules.make("vlotte-geesten", **again.options_dict()) == made
    assert len(states) == len(record.actions) + 1


@pytest.mark.parametrize(("interp", "option"), DEVIATIONS)
@pytest.mark.parametrize("players", [2, 5])
def test_the_conformance_kit_passes_under_every_single_deviation(
    interp: str, option: str, players: int
) -> None:
    made = game(players, **{interp: option})
    report = check_conformance(made, playouts=1, seed=3, every=7)
    assert report.finished == 1


def test_unknown_readings_list_the_valid_options() -> None:
    with pytest.raises(InvalidOptionError, match="once, regrab"):
        castlerules.make("vlotte-geesten", readings={"grab-phase": "twice"})


@pytest.mark.clause("vg.spel.een-voorwerp", "vg.punten.fout", "vg.pot.iedereen-mis")
def test_under_all_taken_a_grab_of_several_objects_takes_them_all() -> None:
    """vg.interp.multi-grab=all-taken (the default up to 0.2). 'Grijp je het verkeerde voorwerp of pak je
    meer dan één voorwerp tegelijk, dan geef je een van je punten ...' Bottle, bottle, chair,
    mouse, bottle: the answer is the mouse. Player 0 (one point) grabs the mouse and the book at
    once: wrong, and both are taken — nobody can grab the mouse any more, so the round ends with
    nobody correct and player 0's point in the pot."""
    g = game(3, **{"multi-grab": "all-taken"})
    s = g.play(g.state_from_text("1,0,0 34 0 p0 BBCMB - - -"), "p0 grab mouse+book")
    assert g.state_to_text(s) == "1,0,0 34 0 p0 BBCMB p0 p0 MK"
    v = g.violation(s, g.parse_action(s, "p1 grab mouse"))
    assert v is not None and v.clause == "vg.doel.punt"
    s = g.play(g.play(s, "p1 pass"), "p2 grab chair")
    assert g.state_to_text(s) == "0,0,0 34 1 p0 - - - -"


@pytest.mark.clause("vg.spel.een-voorwerp", "vg.punten.fout", "vg.punten.juist")
def test_by_default_the_objects_of_a_grab_of_several_go_back_on_the_table() -> None:
    """vg.interp.multi-grab=put-back (the default): the objects go back, the grabber is out of the
    round, and 'de speler die het juiste voorwerp te pakken kreeg' can still come: player 1 grabs
    the mouse, scores and receives player 0's point."""
    g = game(3)
    assert g == game(3, **{"multi-grab": "put-back"})
    s = g.play(g.state_from_text("1,0,0 34 0 p0 BBCMB - - -"), "p0 grab mouse+book")
    assert g.state_to_text(s) == "1,0,0 34 0 p0 BBCMB p0 p0 -"
    assert g.actors(s) == {1, 2}
    assert g.state_to_text(g.play(s, "p1 grab mouse")) == "0,2,0 33 0 p1 - - - -"
    # under regrab too a grab of several objects ends the grabber's round (so rounds still end)
    regrab = game(3, **{"multi-grab": "put-back", "grab-phase": "regrab"})
    s = regrab.play(regrab.state_from_text("1,0,0 34 0 p0 BBCMB - - -"), "p0 grab chair+book")
    assert regrab.actors(s) == {1, 2}


@pytest.mark.clause("vg.spel.een-voorwerp")
def test_under_refused_a_grab_of_several_objects_is_not_a_move() -> None:
    """vg.interp.multi-grab=refused: 'Je mag maar één voorwerp pakken' enforced."""
    g = game(3, **{"multi-grab": "refused"})
    s = g.state_from_text("1,0,0 34 0 p0 BBCMB - - -")
    v = g.violation(s, g.parse_action(s, "p0 grab mouse+book"))
    assert v is not None and v.clause == "vg.spel.een-voorwerp"
    assert {len(getattr(a, "objects", ())) for a in g.legal_actions(s)} == {0, 1}
    assert len(g.legal_actions_of(s, 0)) == 6  # a pass and five single grabs
    with pytest.raises(castlerules.RulesError, match="the answer cannot have been grabbed"):
        g.state_from_text("1,0,0 34 0 p0 BBCMB p0 p0 MK")
