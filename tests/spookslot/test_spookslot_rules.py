"""Spookslot scenarios: each test quotes a rule sentence, sets up a position and checks the outcome."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import castlerules
from castlerules import IllegalActionError, InvalidOptionError
from castlerules.core.errors import InvalidActionError
from castlerules.spookslot import Ball, Move, Passage, Phase, Roll, Spookslot, State
from castlerules.spookslot.state import EXIT, GHOST, START

S, E = START, EXIT


def st(pawns: Any, turn: int = 0, phase: Phase = Phase.MOVE, roll: int = 0, **kw: Any) -> State:
    return State(pawns=tuple(tuple(ps) for ps in pawns), turn=turn, phase=phase, roll=roll, **kw)


def dests(game: Spookslot, state: State) -> dict[str, str]:
    return {game.action_to_str(state, m): d for m, d in game.moves(state).items()}


def clause_of(game: Spookslot, state: State, action: Any) -> str | None:
    v = game.violation(state, action)
    return None if v is None else v.clause


# -- players and setup ------------------------------------------------------------------------------
@pytest.mark.clause("spookslot.intro.spelers")
def test_two_to_six_players() -> None:
    """'Spookslot is een dobbel- en racespel voor 2 tot 6 spelers'"""
    for n in range(2, 7):
        assert castlerules.make("spookslot", players=n).num_players == n
    for bad in (1, 7, "3", True):
        with pytest.raises(InvalidOptionError):
            castlerules.make("spookslot", players=bad)


@pytest.mark.clause("spookslot.pionnen.aantal", "spookslot.pionnen.start")
def test_pawns_per_player_and_start_behind_the_line() -> None:
    """'Speel je met 5 of 6 spelers, dan kies je 1 pion. Met 2, 3 of 4 spelers kies je er 2.'
    'Zet alle pionnen achter de witte startlijn op de bovenverdieping.'"""
    for n, per in ((2, 2), (3, 2), (4, 2), (5, 1), (6, 1)):
        s = Spookslot(players=n).initial_state()
        assert s.pawns == ((START,) * per,) * n


@pytest.mark.clause("spookslot.pionnen.beginner")
def test_first_player_then_clockwise() -> None:
    """'De oudste speler begint. Daarna gaat de beurt met de klok mee.'"""
    g = Spookslot(players=3, first_player=2)
    s = g.initial_state()
    assert s.turn == 2
    s = g.apply(g.apply(s, Roll(2)), Move(2, 0))  # t2 is green: safe, the turn passes
    assert (s.turn, s.phase) == (0, Phase.ROLL)
    with pytest.raises(InvalidOptionError):
        Spookslot(players=3, first_player=3)


@pytest.mark.clause("spookslot.beurt.dobbelen")
def test_a_turn_starts_with_the_die() -> None:
    """'In je beurt gooi je de dobbelsteen.'"""
    g = Spookslot()
    s = g.initial_state()
    assert g.is_chance(s) and not g.actors(s)
    assert dict(g.chance_outcomes(s)) == {
        Roll(1): Fraction(1, 6), Roll(2): Fraction(1, 6), Roll(3): Fraction(1, 6),
        Roll(4): Fraction(1, 6), Roll(GHOST): Fraction(1, 3),
    }
    assert clause_of(g, s, Move(0, 0)) == "spookslot.beurt.dobbelen"
    assert clause_of(g, s, Roll(5)) == "spookslot.beurt.dobbelen"


# -- a number -------------------------------------------------------------------------------------
@pytest.mark.clause("spookslot.getal.zetten", "spookslot.doel.race")
def test_move_one_pawn_exactly_the_roll() -> None:
    """'Je zet één van je pionnen precies zoveel velden vooruit als het getal aangeeft.'"""
    g = Spookslot()
    s = g.apply(g.initial_state(), Roll(3))
    assert dests(g, s) == {"p0 move a": "t3", "p0 move b": "t3"}
    after = g.apply(s, Move(0, 1))
    assert after.pawns == ((S, "t3"), (S, S))


@pytest.mark.clause("spookslot.getal.tellen")
def test_stair_steps_count_as_squares() -> None:
    """'Elke traptrede en elke voetafdruk op het bord telt als één veld.'"""
    g = Spookslot()
    s = st([("t3", S), (S, S)], roll=4)
    assert dests(g, s)["p0 move a"] == "s4"


@pytest.mark.clause("spookslot.getal.niet-verdelen")
def test_a_roll_is_not_split() -> None:
    """'Je mag de worp niet over twee pionnen verdelen.'"""
    g = Spookslot()
    s = st([("t1", "t2"), (S, S)], roll=2)
    after = g.apply(s, Move(0, 0))  # t1 + 2 = t3 (blue): the whole roll, the turn passes
    assert after.pawns[0] == ("t3", "t2") and after.turn == 1 and after.phase is Phase.ROLL


@pytest.mark.clause("spookslot.getal.vier-spelers")
def test_four_players_second_pawn_waits_for_the_laboratory() -> None:
    """'Met 4 spelers ... Je tweede pion mag pas bewegen als je eerste pion helemaal van de trap af
    is en op een veld van de laboratoriumverdieping staat.'"""
    g = Spookslot(players=4)
    s = g.apply(g.initial_state(), Roll(2))
    assert set(dests(g, s)) == {"p0 move a", "p0 move b"}
    s = g.apply(s, Move(0, 1))  # pawn b is now the first pawn
    assert s.first[0] == 1 and not s.released[0]
    s = st([(S, "s6"), (S, S), (S, S), (S, S)], roll=2, first=(1, -1, -1, -1),
           released=(False,) * 4)
    assert set(dests(g, s)) == {"p0 move b"}
    assert clause_of(g, s, Move(0, 0)) == "spookslot.getal.vier-spelers"
    s = g.apply(s, Move(0, 1))  # s6 + 2 = l2 on the laboratory floor
    assert s.released[0]
    back = st([(S, "s3"), (S, S), (S, S), (S, S)], roll=1, first=(1, -1, -1, -1),
              released=(True, False, False, False))
    assert "p0 move a" in dests(g, back)  # stays free after being sent back (interpretation)


@pytest.mark.clause("spookslot.getal.twee-drie-spelers")
def test_two_or_three_players_both_pawns_from_the_start() -> None:
    """'Met 2 of 3 spelers mag je vanaf het begin met beide pionnen naar beneden.'"""
    for n in (2, 3):
        g = Spookslot(players=n)
        s = st([("t2", S)] + [(S, S)] * (n - 1), roll=1)
        assert set(dests(g, s)) == {"p0 move a", "p0 move b"}


# -- where the pawn ends -----------------------------------------------------------------------------
@pytest.mark.clause("spookslot.eindigen.bezet")
def test_bounce_to_the_next_free_square() -> None:
    """'eindigt je pion op een veld waar al een andere pion staat, dan springt hij meteen door
    naar het eerstvolgende vrije veld.'"""
    g = Spookslot()
    s = st([(S, S), ("t2", "t3")], roll=2)
    assert dests(g, s) == {"p0 move a": "s1", "p0 move b": "s1"}


@pytest.mark.clause("spookslot.eindigen.bezet", "spookslot.routes.kiezen")
def test_bounce_at_a_fork_follows_the_chosen_route() -> None:
    """A bounce from the occupied fork square l5 takes the route the move names
    (interpretation spookslot.interp.bounce-at-fork)."""
    g = Spookslot()
    s = st([("l4", E), ("l5", S)], roll=1)
    assert dests(g, s) == {"p0 move a via ls1": "ls1", "p0 move a via lk1": "lk1"}


@pytest.mark.clause("spookslot.eindigen.veilig")
def test_safe_square_ends_the_turn() -> None:
    """'Een geel, blauw of groen veld: je pion staat veilig en je beurt is voorbij.'"""
    g = Spookslot()
    for roll, square in ((1, "t1"), (2, "t2"), (3, "t3")):
        after = g.apply(st([(S, S), (S, S)], roll=roll), Move(0, 0))
        assert after.pawns[0][0] == square and after.phase is Phase.ROLL and after.turn == 1


@pytest.mark.clause("spookslot.eindigen.gevaar")
def test_danger_square_drops_the_ball() -> None:
    """'Een rood veld of een traptrede: je pion staat in de gevarenzone. Je laat dan als onderdeel
    van je beurt de kogel vallen'"""
    g = Spookslot()
    after = g.apply(st([("t3", S), (S, S)], roll=1), Move(0, 0))
    assert after.pawns[0][0] == "s1" and after.phase is Phase.BALL and after.turn == 0
    red = g.apply(st([("l5", S), (S, S)], roll=1), Move(0, 0, ("lk1",)))
    assert red.phase is Phase.BALL


# -- the ghost ---------------------------------------------------------------------------------------
@pytest.mark.clause("spookslot.spook.kogel")
def test_ghost_drops_the_ball_if_anyone_is_in_danger() -> None:
    """'Je zet geen pion, maar laat in plaats daarvan de kogel vallen. Dat doe je alleen als er
    minstens één pion in de gevarenzone staat. Dat mag ook je eigen pion zijn.'"""
    g = Spookslot()
    own = st([("s2", S), (S, S)], phase=Phase.ROLL)
    other = st([("t1", S), ("hw1", S)], phase=Phase.ROLL)
    for s in (own, other):
        assert g.apply(s, Roll(GHOST)).phase is Phase.BALL


@pytest.mark.clause("spookslot.spook.nog-een-keer")
def test_ghost_with_nobody_in_danger_rolls_again_once() -> None:
    """'Staat er niemand in de gevarenzone, dan gooi je nog een keer. Gooi je opnieuw het
    spooksymbool, dan is je beurt voorbij.'"""
    g = Spookslot()
    s = st([("t1", S), (S, S)], phase=Phase.ROLL)
    again = g.apply(s, Roll(GHOST))
    assert again.phase is Phase.REROLL and again.turn == 0 and g.is_chance(again)
    assert g.apply(again, Roll(GHOST)) == st([("t1", S), (S, S)], turn=1, phase=Phase.ROLL)
    moved = g.apply(again, Roll(2))
    assert moved.phase is Phase.MOVE and moved.roll == 2


# -- the ball and the traps ----------------------------------------------------------------------------
@pytest.mark.clause("spookslot.kogel.valstrik")
def test_the_ball_reaches_one_of_four_traps() -> None:
    """'De kogel ... rolt naar één van de vier valstrikken.'"""
    g = Spookslot()
    s = st([("s1", S), (S, S)], phase=Phase.BALL)
    assert g.chance_outcomes(s) == tuple((Ball(t), Fraction(1, 4))
                                         for t in ("stairs", "bookcase", "portrait", "axe"))
    weighted = Spookslot(trap_weights={"stairs": 2, "bookcase": 1, "portrait": 1, "axe": 0})
    assert dict(weighted.chance_outcomes(s)) == {
        Ball("stairs"): Fraction(1, 2), Ball("bookcase"): Fraction(1, 4),
        Ball("portrait"): Fraction(1, 4)}
    assert clause_of(weighted, s, Ball("axe")) == "spookslot.kogel.valstrik"


@pytest.mark.clause("spookslot.valstrik.trap", "spookslot.geschrokken.terug",
                    "spookslot.geschrokken.blauw-meerdere")
def test_stairs_trap_sends_every_stair_pawn_to_t3() -> None:
    """'Trap: de kogel stuitert van de trap naar beneden' / 'alle pionnen in de gevarenzone van die
    valstrik terug naar het dichtstbijzijnde blauwe veld achter hen.' / 'Op een blauw veld mogen
    meerdere pionnen staan, maar alleen als ze daar vanuit een gevarenzone naartoe zijn gestuurd.'"""
    g = Spookslot()
    s = st([("s2", "lk1"), ("s6", "t3")], phase=Phase.BALL)
    after = g.apply(s, Ball("stairs"))
    assert after.pawns == (("t3", "lk1"), ("t3", "t3"))
    assert after.phase is Phase.ROLL and after.turn == 1
    # a normal move ending on the shared blue square still bounces on
    nxt = st([("t3", "lk1"), ("t3", "t2")], turn=1, roll=1)
    assert dests(g, nxt)["p1 move b"] == "s1"


@pytest.mark.clause("spookslot.valstrik.boekenkast")
def test_bookcase_trap_sends_the_short_library_route_to_l3() -> None:
    """'Boekenkast: de boekenkast schiet de kogel over de vloer van de bibliotheek.'"""
    g = Spookslot()
    after = g.apply(st([("lk1", "lk4"), ("s1", S)], phase=Phase.BALL), Ball("bookcase"))
    assert after.pawns == (("l3", "l3"), ("s1", S))


@pytest.mark.clause("spookslot.valstrik.bijl")
def test_axe_trap_sends_the_walkway_to_g7() -> None:
    """'Bijl: de bijl slaat neer op de wankele loopbrug in de grote zaal.'"""
    g = Spookslot()
    after = g.apply(st([("hw2", "hs2"), ("hw3", "g3")], phase=Phase.BALL), Ball("axe"))
    assert after.pawns == (("g7", "hs2"), ("g7", "g3"))


@pytest.mark.clause("spookslot.geschrokken.terug")
def test_a_trap_leaves_other_danger_zones_alone() -> None:
    """Only 'de pionnen in de gevarenzone van die valstrik' go back."""
    g = Spookslot()
    s = st([("s4", S), ("lk2", S)], phase=Phase.BALL)
    assert g.apply(s, Ball("axe")).pawns == s.pawns


# -- the secret passage ------------------------------------------------------------------------------
@pytest.mark.clause("spookslot.valstrik.portret", "spookslot.geheim.sterveld")
def test_portrait_opens_the_passage_for_red_star_pawns_out_of_turn() -> None:
    """'Portret: het portret in de galerij schiet omhoog en opent de geheime doorgang' / 'Staat je
    pion op één van die velden ... dan mag je die pion direct naar het groene veld met de witte ster
    in de galerij zetten. Dat mag ook als je niet aan de beurt bent.'"""
    g = Spookslot()
    s = st([("g3", "lk2"), ("lk4", "lk1")], phase=Phase.BALL)
    open_ = g.apply(s, Ball("portrait"))
    assert open_.pawns == (("g1", "lk2"), ("lk4", "lk1"))  # g3 is the portrait's own zone
    assert open_.phase is Phase.PASSAGE and g.actors(open_) == frozenset({0, 1})
    assert set(g.legal_actions(open_)) == {
        Passage(0, 1, True), Passage(0, 1, False), Passage(1, 0, True), Passage(1, 0, False)}
    assert clause_of(g, open_, Passage(1, 1, True)) == "spookslot.geheim.sterveld"
    taken = g.apply(open_, Passage(1, 0, True))  # player 1, not on turn, goes first
    assert taken.pawns[1] == ("g5", "lk1") and g.actors(taken) == frozenset({0})
    done = g.apply(taken, Passage(0, 1, False))
    assert done.pawns == (("g1", "lk2"), ("g5", "lk1")) and done.phase is Phase.ROLL
    assert done.turn == 1


@pytest.mark.clause("spookslot.geheim.groen-meerdere")
def test_green_star_shared_only_through_the_passage() -> None:
    """'Op dat groene sterveld mogen meerdere pionnen staan, maar alleen als ze via de geheime
    doorgang zijn gekomen.'"""
    g = Spookslot()
    s = st([("lk2", "g4"), ("lk4", "g5")], phase=Phase.PASSAGE, pending=((0, 0), (1, 0)))
    s = g.apply(g.apply(s, Passage(0, 0, True)), Passage(1, 0, True))
    assert s.pawns == (("g5", "g4"), ("g5", "g5"))
    walk = st([("g5", "g4"), ("g5", "g5")], roll=1)
    assert dests(g, walk)["p0 move b"] == "g6"  # a normal move onto it bounces on


# -- the Exit ----------------------------------------------------------------------------------------
@pytest.mark.clause("spookslot.exit.precies", "spookslot.exit.ontsnapt")
def test_exit_only_by_exact_roll() -> None:
    """'De uitgang van het kasteel gaat alleen open als je pion zijn zet precies op het Exitveld
    eindigt. Staat je pion bijvoorbeeld één veld van de uitgang, dan heb je een 1 nodig.'"""
    g = Spookslot()
    s = st([("h2", S), ("t1", S)], roll=1)
    assert dests(g, s)["p0 move a"] == EXIT
    out = g.apply(s, Move(0, 0))
    assert out.pawns[0] == (EXIT, S) and "exit" not in g.occupied(out)
    over = st([("h2", S), ("t1", S)], roll=2)
    assert clause_of(g, over, Move(0, 0)) == "spookslot.exit.precies"
    with pytest.raises(IllegalActionError, match=r"exit\.precies"):
        g.apply(over, Move(0, 0))


@pytest.mark.clause("spookslot.exit.moet-verplaatsen")
def test_less_than_needed_must_still_move() -> None:
    """'Gooi je minder dan nodig en kan je pion naar een vrij veld, dan moet je hem verplaatsen.'"""
    g = Spookslot()
    s = st([("h1", EXIT), ("t1", S)], roll=1)
    assert g.legal_actions(s) == (Move(0, 0),)
    assert g.apply(s, Move(0, 0)).pawns[0] == ("h2", EXIT)


@pytest.mark.clause("spookslot.exit.niet-springen")
def test_no_bounce_onto_the_exit() -> None:
    """'Je mag het Exitveld niet bereiken door door te springen vanaf een bezet veld.'"""
    g = Spookslot()
    s = st([("h1", "t1"), ("h2", S)], roll=1)
    assert set(dests(g, s)) == {"p0 move b"}
    assert clause_of(g, s, Move(0, 0)) == "spookslot.exit.niet-springen"


@pytest.mark.clause("spookslot.exit.blijft-staan")
def test_no_exact_roll_and_no_free_square_stays_put() -> None:
    """'Gooi je niet precies het juiste aantal en is er geen ander vrij veld, dan blijft je pion
    staan.' — with no pawn able to move, the turn passes after the roll."""
    g = Spookslot()
    s = st([("h2", EXIT), ("t1", S)], phase=Phase.ROLL)
    after = g.apply(s, Roll(3))
    assert after == st([("h2", EXIT), ("t1", S)], turn=1, phase=Phase.ROLL)


# -- the optional rule -------------------------------------------------------------------------------
@pytest.mark.clause("spookslot.optioneel.geel")
def test_no_yellow_variant_passes_but_never_ends_on_yellow() -> None:
    """'dan mag een pion zijn zet niet op een geel veld eindigen. Gele velden tellen wel mee als je
    ze passeert.'"""
    g = Spookslot(no_yellow=True)
    assert dests(g, st([(S, S), (S, S)], roll=3)) == {"p0 move a": "t3", "p0 move b": "t3"}
    assert g.apply(g.initial_state(), Roll(1)).phase is Phase.ROLL  # t1 is yellow: nobody moves
    assert dests(Spookslot(), st([(S, S), (S, S)], roll=1))["p0 move a"] == "t1"


@pytest.mark.clause("spookslot.optioneel.geel-blijft-staan")
def test_no_yellow_after_a_bounce_try_the_other_pawn() -> None:
    """'Zou je pion op een geel veld uitkomen, ook na doorspringen, dan blijft hij staan. Heb je een
    tweede pion, dan mag je proberen die te verplaatsen. Komen beide pionnen op een geel veld uit,
    dan is je beurt voorbij.'"""
    g = Spookslot(no_yellow=True)
    s = st([("s6", "t1"), ("l1", S)], roll=1)  # s6+1 = l1 taken: bounce to l2, yellow
    assert set(dests(g, s)) == {"p0 move b"}
    assert clause_of(g, s, Move(0, 0)) == "spookslot.optioneel.geel-blijft-staan"
    stuck = st([("s6", "l3"), ("l1", S)], phase=Phase.ROLL)
    assert g.apply(stuck, Roll(1)) == st([("s6", "l3"), ("l1", S)], turn=1, phase=Phase.ROLL)


# -- the end -----------------------------------------------------------------------------------------
@pytest.mark.clause("spookslot.doel.winnen-twee-pionnen", "spookslot.einde.twee-vier")
def test_two_to_four_players_win_with_both_pawns_out() -> None:
    """'Speel je met 2, 3 of 4 spelers, dan wint de speler die als eerste beide pionnen via het
    Exitveld uit het kasteel heeft gebracht.'"""
    g = Spookslot(players=3)
    one = g.apply(st([("h2", "h1"), (S, S), (S, S)], roll=1), Move(0, 0))
    assert not g.is_terminal(one) and one.turn == 1
    both = g.apply(st([(EXIT, "h2"), (S, S), (S, S)], roll=1), Move(0, 1))
    assert g.is_terminal(both) and g.winners(both) == frozenset({0})
    assert g.legal_actions(both) == () and not g.actors(both)
    assert clause_of(g, both, Roll(1)) == "spookslot.einde.twee-vier"


@pytest.mark.clause("spookslot.doel.winnen-een-pion", "spookslot.einde.vijf-zes")
def test_five_or_six_players_win_with_the_one_pawn_out() -> None:
    """'Met 5 of 6 spelers wint de speler die als eerste zijn pion op het Exitveld zet.'"""
    g = Spookslot(players=5)
    s = st([("t1",), ("t2",), ("t3",), ("h2",), (S,)], turn=3, roll=1)
    after = g.apply(s, Move(3, 0))
    assert g.is_terminal(after) and g.winners(after) == frozenset({3})
    assert clause_of(g, after, Roll(1)) == "spookslot.einde.vijf-zes"


# -- routes ------------------------------------------------------------------------------------------
@pytest.mark.clause("spookslot.routes.kiezen")
def test_choose_a_route_at_the_fork() -> None:
    """'In de bibliotheek en in de grote zaal kun je kiezen tussen twee routes. De ene route is
    langer en veilig, de andere is korter maar loopt door een gevarenzone.'"""
    g = Spookslot()
    s = st([("l4", S), (S, S)], roll=3)
    d = dests(g, s)
    assert d["p0 move a via ls1"] == "ls2" and d["p0 move a via lk1"] == "lk2"
    assert clause_of(g, s, Move(0, 0)) == "spookslot.routes.kiezen"
    assert clause_of(g, s, Move(0, 0, ("hw1",))) == "spookslot.routes.kiezen"
    assert clause_of(g, st([("l1", S), (S, S)], roll=1), Move(0, 0, ("ls1",))) == (
        "spookslot.routes.kiezen")
    hall = st([("g6", E), (S, S)], roll=4)
    assert dests(g, hall) == {"p0 move a via hs1": "hs3", "p0 move a via hw1": "hw3"}


# -- moves by the wrong player or pawn ----------------------------------------------------------------
@pytest.mark.clause("spookslot.pionnen.beginner", "spookslot.exit.ontsnapt")
def test_wrong_player_or_escaped_pawn() -> None:
    g = Spookslot()
    s = st([(EXIT, "t1"), ("t2", S)], roll=1)
    assert clause_of(g, s, Move(1, 0)) == "spookslot.pionnen.beginner"
    assert clause_of(g, s, Move(0, 0)) == "spookslot.exit.ontsnapt"
    with pytest.raises(InvalidActionError, match="pawn must be from 0 to 1"):
        Move(0, 2)  # there is no third pawn: refused when the action is made
    five = Spookslot(players=5)
    s5 = st([("t1",), ("t2",), (S,), (S,), (S,)], roll=1)
    assert clause_of(five, s5, Move(0, 1)) == "spookslot.pionnen.aantal"
    assert clause_of(g, s, Move(7, 0)) == "spookslot.intro.spelers"
    with pytest.raises(InvalidActionError):
        g.violation(s, "p0 move b")
