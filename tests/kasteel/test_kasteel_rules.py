"""Kasteel scenarios, each from a sentence of the Dutch rulebook: the sentence, the position, the result."""

from __future__ import annotations

from fractions import Fraction

import pytest

import castlerules
from castlerules.core.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from castlerules.kasteel import Kasteel, Move, Pass, PlaceSkull, State
from castlerules.kasteel.board import RED, YELLOW

GAME = Kasteel(skull_squares=[])
B = GAME.board


def sq(name: str) -> int:
    return B.square(name)


def pos(
    yellow: str,
    red: str,
    *,
    passes: tuple[int, int] = (8, 8),
    skulls: str = "",
    to_move: int = YELLOW,
) -> State:
    """A position from square names, e.g. ``pos("c10 d4", "j12")``."""
    return State(
        knights=(frozenset(sq(n) for n in yellow.split()), frozenset(sq(n) for n in red.split())),
        passes=passes,
        skulls=frozenset(sq(n) for n in skulls.split()),
        to_move=to_move,
    )


def move(state: State, text: str) -> Move:
    action = GAME.parse_action(state, text)
    assert isinstance(action, Move)
    return action


def targets(g: Kasteel, state: State, frm: str) -> set[str]:
    return {B.name(m.to) for m in g.moves(state) if m.frm == sq(frm)}


def clause_of(g: Kasteel, state: State, text: str) -> str | None:
    v = g.violation(state, g.parse_action(state, text))
    return None if v is None else v.clause


# -- start ------------------------------------------------------------------------------------------


@pytest.mark.clause("kasteel.begin.muren", "kasteel.spel.geel-eerst")
def test_knights_start_on_their_walls_and_yellow_moves_first() -> None:
    """'Aan het begin van het spel staan de ridders op de top van hun kasteelmuren.' / 'De eerste
    zet is geel'. The default board: eight knights each, all on wall squares; yellow to move."""
    g = Kasteel()
    s = g.initial_state()
    assert g.is_chance(s)
    while g.is_chance(s):
        s = g.apply(s, g.legal_actions(s)[0])
    assert [len(k) for k in s.knights] == [8, 8]
    assert all(B.is_wall(x) for k in s.knights for x in k)
    assert {B.name(x) for x in s.knights[YELLOW]} == {
        "f1", "n1", "h2", "l2", "h6", "l6", "c8", "q8"
    }
    assert g.actors(s) == {YELLOW}
    assert all(a.player == YELLOW for a in g.legal_actions(s))


@pytest.mark.clause("kasteel.spel.geel-eerst")
def test_turns_alternate() -> None:
    """'vanaf dan komen de spelers regelmatig aan de beurt.' After yellow's move red is to move,
    and a red move out of turn is refused."""
    s = pos("c10", "q10")
    assert GAME.violation(s, Move(RED, sq("q10"), sq("q11"))).clause == "kasteel.spel.geel-eerst"
    after = GAME.apply(s, move(s, "c10-c11"))
    assert after.to_move == RED
    assert GAME.actors(after) == {RED}


# -- moves ------------------------------------------------------------------------------------------


@pytest.mark.clause("kasteel.spel.schuiven")
def test_slide_like_a_rook_on_the_ground() -> None:
    """'mag zijn willekeurig paard één of meer vrije velden orthogonaal (dus zoals een toren bij
    schaken, niet diagonaal) verplaatsen.' A knight on e10 in the open middle reaches its whole
    row (no skull), and its column up to the walls e8 and e12, and nothing diagonal."""
    s = pos("e10", "q19")
    found = targets(GAME, s, "e10")
    assert found == {f"{c}10" for c in "abcdfghijklmnopqrs"} | {"e9", "e11"}
    assert clause_of(GAME, s, "e10-f11") == "kasteel.spel.schuiven"


@pytest.mark.clause("kasteel.spel.muren-langs")
def test_slide_along_the_walls() -> None:
    """'Ridders mogen zich op dezelfde manier langs de muren bewegen.' From the wall square c8 a
    knight slides along row 8 and down column c on the wall, but not past the end of the wall."""
    s = pos("c8", "q19")
    found = targets(GAME, s, "c8")
    assert {"d8", "i8", "c2", "c7"} <= found
    assert "j8" not in found  # the canal j8 is a ground gap in the wall
    assert GAME.is_legal(s, move(s, "c8-i8"))
    assert clause_of(GAME, s, "c8-k8") == "kasteel.spel.klimmen"


@pytest.mark.clause("kasteel.spel.klimmen")
def test_climbing_onto_or_off_a_wall_is_one_square() -> None:
    """'Als een speler de muren wil beklimmen of afdalen, mag hij een ridder slechts één veld
    verplaatsen.' From c9 (ground) onto the wall c8 is one step; c9-c7 over the wall is refused,
    and from the wall c8 down to b8 is one step but not on to a8."""
    s = pos("c9 c8", "q19")
    assert GAME.is_legal(s, move(s, "c8-b8"))
    assert clause_of(GAME, s, "c8-a8") == "kasteel.spel.klimmen"
    s2 = pos("c9", "q19")
    assert GAME.is_legal(s2, move(s2, "c9-c8"))
    assert clause_of(GAME, s2, "c9-c7") == "kasteel.spel.klimmen"


@pytest.mark.clause("kasteel.spel.eigen-sleutel")
def test_own_key_square_may_not_be_entered_or_crossed() -> None:
    """'Een ridder mag het binnenste veld van zijn eigen kasteel ... niet betreden of
    oversteken.' Yellow on j3: j4 (own key) and j5 beyond it are refused; red on j3 may enter."""
    s = pos("j3", "q19")
    assert clause_of(GAME, s, "j3-j4") == "kasteel.spel.eigen-sleutel"
    assert clause_of(GAME, s, "j3-j5") == "kasteel.spel.eigen-sleutel"
    s2 = pos("i3", "q19")
    assert clause_of(GAME, s2, "i3-j3") is None
    s3 = pos("i4", "q19")
    assert clause_of(GAME, s3, "i4-k4") == "kasteel.spel.eigen-sleutel"
    red = pos("a1", "j3", to_move=RED)
    assert clause_of(GAME, red, "j3-j4") is None


@pytest.mark.clause("kasteel.spel.slaan")
def test_capture_by_ending_on_an_opposing_knight() -> None:
    """'Als een ridder zijn beurt eindigt op een veld waar een ridder van de tegenstander staat,
    wordt hij van het bord verwijderd.' Yellow e10 takes red m10; the red knight is gone."""
    s = pos("e10", "m10 a1")
    a = move(s, "e10xm10")
    assert GAME.action_to_str(s, a) == "e10xm10"
    after = GAME.apply(s, a)
    assert after.knights[YELLOW] == {sq("m10")}
    assert after.knights[RED] == {sq("a1")}
    # a climb may capture too: yellow c9 steps onto the wall c8 where red stands
    s2 = pos("c9", "c8 a1")
    assert GAME.apply(s2, move(s2, "c9xc8")).knights[RED] == {sq("a1")}


@pytest.mark.clause("kasteel.spel.niet-springen", "kasteel.spel.schuiven")
def test_no_jumping_over_knights() -> None:
    """'Het overslaan van ridders (eigen of anderen) is niet toegestaan.' Yellow e10 cannot pass
    the red knight on c10 nor the own knight on g10, and cannot end on its own knight."""
    s = pos("e10 g10", "c10")
    assert clause_of(GAME, s, "e10-b10") == "kasteel.spel.niet-springen"
    assert clause_of(GAME, s, "e10-h10") == "kasteel.spel.niet-springen"
    assert clause_of(GAME, s, "e10-g10") == "kasteel.spel.schuiven"
    assert clause_of(GAME, s, "e10xc10") is None


# -- canals, passes, skulls -------------------------------------------------------------------------


@pytest.mark.clause("kasteel.kanalen.vrij", "kasteel.kanalen.passen")
def test_a_canal_can_be_crossed_for_a_pass() -> None:
    """'Het kasteel kan vrij betreden worden via de kanalen. Elke speler is echter beperkt in het
    aantal doorgangen door de kanalen'. Yellow j10 slides through the canal j12 to j13: one pass."""
    s = pos("j10", "a19")
    after = GAME.apply(s, move(s, "j10-j13"))
    assert after.passes == (7, 8)
    assert GAME.apply(s, move(s, "j10-j11")).passes == (8, 8)


@pytest.mark.clause("kasteel.kanalen.niveau", "kasteel.kanalen.passen")
@pytest.mark.parametrize(("level", "passes"), [(1, 8), (2, 7), (3, 6)])
def test_levels_set_the_passes(level: int, passes: int) -> None:
    """'niveau 1=>8 passen / niveau 2=>7 passen / niveau 3=>6 passen'."""
    g = castlerules.make("kasteel", level=level)
    assert g.initial_state().passes == (passes, passes)
    assert castlerules.make("kasteel", level=level, passes=3).initial_state().passes == (3, 3)


@pytest.mark.clause("kasteel.kanalen.uitgeput")
def test_out_of_passes_no_canal_but_over_the_wall() -> None:
    """'Zodra dit aantal is uitgeput, kan de speler de kanalen niet meer oversteken en moet hij het
    kasteel via de muur betreden.' With 0 passes j10-j13 through the canal is refused, the climb
    i11-i12 onto the wall is still allowed."""
    s = pos("j10 i11", "a19", passes=(0, 8))
    assert clause_of(GAME, s, "j10-j13") == "kasteel.kanalen.uitgeput"
    assert clause_of(GAME, s, "j10-j12") == "kasteel.kanalen.uitgeput"
    assert clause_of(GAME, s, "i11-i12") is None
    assert "j12" not in targets(GAME, s, "j10")


@pytest.mark.clause("kasteel.kanalen.schedels")
def test_crossing_skulls_costs_a_pass_each() -> None:
    """'Als een ridder de schedels kruist ..., wordt er ook 1 pas afgetrokken.' Skulls on d10 and
    f10: a10-e10 costs 1, a10-g10 costs 2, stopping on d10 costs 1; with 1 pass a10-g10 is
    refused."""
    s = pos("a10", "a19", skulls="d10 f10")
    assert GAME.apply(s, move(s, "a10-e10")).passes == (7, 8)
    assert GAME.apply(s, move(s, "a10-g10")).passes == (6, 8)
    assert GAME.apply(s, move(s, "a10-d10")).passes == (7, 8)
    poor = pos("a10", "a19", passes=(1, 8), skulls="d10 f10")
    assert clause_of(GAME, poor, "a10-g10") == "kasteel.kanalen.uitgeput"
    assert clause_of(GAME, poor, "a10-e10") is None


@pytest.mark.clause("kasteel.kanalen.schedels")
def test_skulls_placed_by_chance_uniformly_on_the_middle_rows() -> None:
    """'(ergens willekeurig in het midden van het veld)'. Four skulls, one at a time, each
    uniformly on a free square of rows 9-11."""
    g = Kasteel()
    s = g.initial_state()
    outcomes = g.chance_outcomes(s)
    assert len(outcomes) == 57
    assert all(p == Fraction(1, 57) for _, p in outcomes)
    assert {B.name(o.square)[1:] for o, _ in outcomes} == {"9", "10", "11"}
    s = g.apply(s, PlaceSkull(sq("j10")))
    assert len(g.chance_outcomes(s)) == 56
    assert g.violation(s, PlaceSkull(sq("j10"))).clause == "kasteel.kanalen.schedels"
    assert g.violation(s, PlaceSkull(sq("j4"))).clause == "kasteel.kanalen.schedels"
    assert g.violation(s, Move(YELLOW, sq("c8"), sq("c9"))).clause == "kasteel.kanalen.schedels"
    fixed = Kasteel(skull_squares=["a10", "b10"])
    assert not fixed.is_chance(fixed.initial_state())
    assert fixed.initial_state().skulls == {sq("a10"), sq("b10")}
    assert Kasteel(skulls=0).is_chance(Kasteel(skulls=0).initial_state()) is False


# -- the end ----------------------------------------------------------------------------------------


@pytest.mark.clause("kasteel.einde.sleutel", "kasteel.doel.sleutel")
def test_conquering_the_key_square_ends_the_game() -> None:
    """'Het spel eindigt als het sleutelveld van een speler bezet is en zijn kasteel veroverd is.'
    Yellow j15 steps onto red's key j16 and wins; nothing may be played after."""
    s = pos("j15", "a19 b19")
    after = GAME.apply(s, move(s, "j15-j16"))
    assert GAME.is_terminal(after)
    assert GAME.winners(after) == {YELLOW}
    assert GAME.legal_actions(after) == ()
    assert GAME.violation(after, Move(RED, sq("a19"), sq("a18"))).clause == "kasteel.einde.sleutel"
    # passing through the key square is not enough: j14 is a wall, so slide from j17 down to j15
    s2 = pos("j17", "a19 b19")
    assert clause_of(GAME, s2, "j17-j15") is None
    assert not GAME.is_terminal(GAME.apply(s2, move(s2, "j17-j15")))


@pytest.mark.clause("kasteel.einde.ridders")
def test_losing_all_knights_ends_the_game() -> None:
    """'Het spel eindigt als een speler al zijn ridders verliest.' Red's last knight is taken."""
    s = pos("e10", "m10")
    after = GAME.apply(s, move(s, "e10xm10"))
    assert GAME.is_terminal(after)
    assert GAME.winners(after) == {YELLOW}
    assert GAME.violation(after, Pass(RED)).clause == "kasteel.einde.ridders"


@pytest.mark.clause("kasteel.einde.geen-gelijkspel")
def test_stuck_player_passes_by_default_and_loses_in_the_variant() -> None:
    """'Gelijkspel is niet mogelijk'. Yellow's lone knight on j11 with skulls i11, j10, k11, the
    canal j12 and no passes cannot move (theorem kasteel.never-stuck). By default yellow passes;
    with stuck="lose" yellow has lost."""
    s = pos("j11", "a19", passes=(0, 8), skulls="i11 j10 k11")
    assert GAME.moves(s) == ()
    assert GAME.legal_actions(s) == (Pass(YELLOW),)
    after = GAME.apply(s, Pass(YELLOW))
    assert after.to_move == RED and after.knights == s.knights
    assert GAME.violation(pos("e10", "a19"), Pass(YELLOW)).clause == "kasteel.spel.schuiven"
    lose = Kasteel(skull_squares=[], stuck="lose")
    assert lose.is_terminal(s) and lose.winners(s) == {RED}


@pytest.mark.clause("kasteel.einde.geen-gelijkspel")
def test_deadlock_is_won_by_the_player_not_to_move() -> None:
    """Both players stuck (possible with five skulls): passing cannot help, so the stuck player to
    move loses and there is still no draw."""
    g = Kasteel(skull_squares=[])
    s = pos("j11", "i10", passes=(0, 0), skulls="i11 j10 k11 h10 i9")
    assert g.is_terminal(s)
    assert g.winners(s) == {RED}


# -- options and errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"level": 4},
        {"level": True},
        {"passes": -1},
        {"skulls": 99},
        {"skull_squares": ["j4"]},
        {"skull_squares": ["a10", "a10"]},
        {"skull_squares": ["zz"]},
        {"skull_squares": "a10"},
        {"skulls": 2, "skull_squares": ["a10"]},
        {"board": "/no/such/map.txt"},
        {"board": 3},
        {"stuck": "draw"},
        {"colour": "blue"},
    ],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(InvalidOptionError):
        castlerules.make("kasteel", **options)


def test_illegal_move_raises_with_the_clause() -> None:
    s = pos("j3", "q19")
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(s, move(s, "j3-j4"))
    assert err.value.violation.clause == "kasteel.spel.eigen-sleutel"
    assert "sleutel" in err.value.violation.text_nl
    with pytest.raises(InvalidActionError, match="parse_action"):
        GAME.violation(s, "j3-j4")
    assert GAME.violation(s, Move(YELLOW, sq("a1"), sq("a2"))).clause == "kasteel.spel.schuiven"
    assert GAME.violation(s, Move(YELLOW, sq("j3"), sq("k4"))).clause == "kasteel.spel.schuiven"


def test_malformed_actions_are_refused_when_made() -> None:
    """Wrong-typed fields never reach the rules: making the action raises InvalidActionError; an
    IntEnum is its int, so equal actions have equal legality."""
    import enum

    class Sq(enum.IntEnum):
        E10, E11 = sq("e10"), sq("e11")

    s = pos("e10", "a19")
    for bad in ([1], True, 2.0, "e10", None):
        with pytest.raises(InvalidActionError):
            Move(YELLOW, bad, 2)  # type: ignore[arg-type]
        with pytest.raises(InvalidActionError):
            PlaceSkull(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        Pass(True)
    twin = Move(YELLOW, Sq.E10, Sq.E11)
    assert twin == Move(YELLOW, sq("e10"), sq("e11")) and type(twin.frm) is int
    assert GAME.violation(s, twin) is None
    assert GAME.violation(s, Move(YELLOW, 10**30, -4)).clause == "kasteel.spel.schuiven"
    assert GAME.violation(s, PlaceSkull(sq("a10"))).clause == "kasteel.kanalen.schedels"
    assert GAME.violation(s, Pass(RED)).clause == "kasteel.spel.geel-eerst"
    assert GAME.violation(s, Pass(7)).clause == "kasteel.spel.geel-eerst"
