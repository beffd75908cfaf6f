"""Every reading of Kasteel is a variant that plays: for each non-default option a position where it
changes the legal moves or the result, citing its interpretation; unplayable options and
incompatible combinations are refused with the reason; records keep the readings."""

from __future__ import annotations

from typing import Any

import pytest

import castlerules
from castlerules.core.errors import InvalidOptionError
from castlerules.core.record import Record, replay
from castlerules.core.spec import load_spec
from castlerules.kasteel import Kasteel, Pass, State
from castlerules.kasteel.board import RED, YELLOW
from castlerules.kasteel.notation import placement

SPEC = load_spec("kasteel")


def interp(short: str) -> tuple[str, ...]:
    """The clauses an interpretation reads (for the test's clause marker)."""
    return SPEC.interpretation(short).clauses


def game(**readings: str) -> Kasteel:
    made = castlerules.make("kasteel", skull_squares=[], readings=readings or None)
    assert isinstance(made, Kasteel)
    return made


def pos(g: Kasteel, yellow: str, red: str, *, to_move: str = "y", passes: str = "8,8",
        skulls: str = "-") -> State:
    """A position from square names, through the position notation."""
    b = g.board
    knights = (frozenset(b.square(n) for n in yellow.split()),
               frozenset(b.square(n) for n in red.split()))
    text = f"{placement(b.width, b.height, knights)} {to_move} {passes} {skulls}"
    return g.state_from_text(text)


def targets(g: Kasteel, state: State, frm: str) -> set[str]:
    b = g.board
    return {b.name(m.to) for m in g.moves(state) if m.frm == b.square(frm)}


def with_skulls(squares: list[str], **readings: str) -> Kasteel:
    made = castlerules.make("kasteel", skull_squares=squares, readings=readings or None)
    assert isinstance(made, Kasteel)
    return made


@pytest.mark.clause(*interp("turns"))
def test_voluntary_pass() -> None:
    """kasteel.interp.turns = voluntary-pass: 'mag ... verplaatsen' as permission; a player who can
    move may pass too."""
    s = pos(game(), "e10", "a19")
    assert Pass(YELLOW) not in game().legal_actions(s)
    g = game(turns="voluntary-pass")
    assert g.legal_actions(s)[-1] == Pass(YELLOW) and len(g.legal_actions(s)) > 1
    assert g.apply(s, Pass(YELLOW)).to_move == RED


@pytest.mark.clause(*interp("moves"), *interp("climb"))
def test_mixed_slides_and_climb_then_slide() -> None:
    """kasteel.interp.moves = mixed: a slide goes on and off the walls; kasteel.interp.climb =
    climb-then-slide: after a one-square climb the knight slides on along the wall."""
    default, mixed, climb = game(), game(moves="mixed"), game(climb="climb-then-slide")
    s = pos(default, "c10", "a19")
    # c10 -> c9 (ground) -> c8 (wall) -> c7 (wall)
    assert "c8" not in targets(default, s, "c10")
    assert {"c8", "c7"} <= targets(mixed, s, "c10")
    assert "c8" not in targets(climb, s, "c10")  # the first square is not a climb
    t = pos(default, "c9", "a19")
    assert targets(default, t, "c9") & {"c7", "c6"} == set()
    assert {"c8", "c7", "c6", "c2"} <= targets(climb, t, "c9")
    assert {"c8", "c7", "c6", "c1"} <= targets(mixed, t, "c9")
    with pytest.raises(InvalidOptionError, match="give one of them"):
        game(moves="mixed", climb="climb-then-slide")


@pytest.mark.clause(*interp("own-key"))
def test_slide_through_the_own_key() -> None:
    """kasteel.interp.own-key = slide-through: j3-j5 passes yellow's key j4; stopping on it stays
    forbidden."""
    s = pos(game(), "j3", "a19")
    assert "j5" not in targets(game(), s, "j3")
    g = game(**{"own-key": "slide-through"})
    assert "j5" in targets(g, s, "j3") and "j4" not in targets(g, s, "j3")
    assert g.violation(s, g.parse_action(s, "j3-j4")).clause == "kasteel.spel.eigen-sleutel"


@pytest.mark.clause(*interp("capture"))
def test_the_moving_knight_is_removed() -> None:
    """kasteel.interp.capture = mover-removed: 'hij' is the moving knight."""
    s = pos(game(), "e10 a1", "m10 a19")
    after = game().play(s, "e10xm10")
    assert len(after.knights[RED]) == 1 and len(after.knights[YELLOW]) == 2
    g = game(capture="mover-removed")
    other = g.play(s, "e10xm10")
    assert other.knights[YELLOW] == {g.board.square("a1")}
    assert other.knights[RED] == s.knights[RED]
    last = pos(g, "e10", "m10")
    assert g.winners(g.play(last, "e10xm10")) == {RED}


@pytest.mark.clause(*interp("pass-cost"))
def test_one_pass_per_move() -> None:
    """kasteel.interp.pass-cost = per-move (the literal ruleset): crossing two skulls costs one
    pass; with no pass left no costly square may be entered."""
    s = pos(with_skulls(["d10", "f10"]), "a10", "a19", skulls="d10,f10")
    default = with_skulls(["d10", "f10"])
    per_move = with_skulls(["d10", "f10"], **{"pass-cost": "per-move"})
    assert default.play(s, "a10-g10").passes == (6, 8)
    assert per_move.play(s, "a10-g10").passes == (7, 8)
    poor = pos(default, "a10", "a19", passes="1,8", skulls="d10,f10")
    assert "g10" not in targets(default, poor, "a10") and "g10" in targets(per_move, poor, "a10")
    broke = pos(default, "a10", "a19", passes="0,8", skulls="d10,f10")
    assert {t for t in targets(per_move, broke, "a10") if t.endswith("10")} == {"b10", "c10"}
    assert castlerules.make("kasteel", ruleset="literal").reading("pass-cost") == "per-move"


@pytest.mark.clause(*interp("key-square"))
def test_reaching_the_opponents_key_is_enough() -> None:
    """kasteel.interp.key-square = pass-through: a slide onto red's key j16 stops there and wins;
    i16-k16 through it is no longer a move."""
    s = pos(game(), "i16", "a19")
    assert "k16" in targets(game(), s, "i16")
    g = game(**{"key-square": "pass-through"})
    assert "k16" not in targets(g, s, "i16") and "j16" in targets(g, s, "i16")
    assert g.violation(s, g.parse_action(s, "i16-k16")).clause == "kasteel.einde.sleutel"
    assert g.winners(g.play(s, "i16-j16")) == {YELLOW}


@pytest.mark.clause(*interp("no-legal-move"))
def test_a_stuck_player_loses() -> None:
    """kasteel.interp.no-legal-move = lose: the lone knight on j11 between skulls and a canal."""
    skulls = ["i11", "j10", "k11"]
    s = pos(with_skulls(skulls), "j11", "a19", passes="0,8", skulls="j10,i11,k11")
    assert with_skulls(skulls).legal_actions(s) == (Pass(YELLOW),)
    lose = castlerules.make("kasteel", skull_squares=skulls, stuck="lose")
    assert lose.winners(s) == {RED}


@pytest.mark.clause(*interp("skull-zone"))
def test_skulls_anywhere() -> None:
    """kasteel.interp.skull-zone = anywhere: a skull may fall on a wall or in a castle."""
    default = Kasteel()
    anywhere = castlerules.make("kasteel", readings={"skull-zone": "anywhere"})
    names = {anywhere.board.name(o.square) for o, _ in anywhere.chance_outcomes(anywhere.initial_state())}
    assert len(default.chance_outcomes(default.initial_state())) == 57
    assert {"a1", "c5", "j15", "j3"} <= names
    assert not {"j2", "j4", "j16", "f1", "c8"} & names  # canals, keys and start squares
    placed = castlerules.make("kasteel", skull_squares=["c5"], readings={"skull-zone": "anywhere"})
    s = pos(placed, "c8", "a19", skulls="c5")
    after = placed.play(s, "c8-c4")
    assert after.passes == (7, 8)


@pytest.mark.clause(*interp("level"), *interp("passes"), *interp("skulls"), *interp("board"))
@pytest.mark.parametrize(
    ("options", "reading", "option"),
    [({"level": 2}, "level", "2"), ({"passes": 3}, "passes", "explicit"),
     ({"skulls": 6}, "skulls", "custom"), ({"skull_squares": ["j10"]}, "skull-squares", "fixed"),
     ({"stuck": "lose"}, "no-legal-move", "lose")],
)
def test_keywords_are_the_same_switches(options: dict[str, Any], reading: str, option: str) -> None:
    g = castlerules.make("kasteel", **options)
    assert g.reading(reading) == option
    assert castlerules.make("kasteel", **g.options) == g


@pytest.mark.parametrize(("short", "option"), [("end", "undecided"), ("no-move-limit", "limit"),
                                               ("program", "rules")])
def test_unplayable_options_say_why(short: str, option: str) -> None:
    reason = SPEC.interpretation(short).option(option).reason
    assert reason
    with pytest.raises(InvalidOptionError, match="cannot be played"):
        castlerules.make("kasteel", readings={short: option})


def test_every_option_is_playable_or_reasoned() -> None:
    for i in SPEC.interpretations:
        for o in i.options:
            if o.playable and not o.parameter:
                castlerules.make("kasteel", readings={i.short_id: o.id})
            elif not o.playable:
                assert o.reason


def test_records_carry_the_readings() -> None:
    from castlerules.core.play import random_record

    g = castlerules.make("kasteel", readings={"own-key": "slide-through", "capture": "mover-removed"})
    record = random_record(g, 3, max_plies=200)
    assert record.options_dict()["readings"] == {"own-key": "slide-through",
                                                  "capture": "mover-removed"}
    states = replay(Record.from_json(record.to_json()), every_state=True)
    assert len(states) == len(record.actions) + 1
