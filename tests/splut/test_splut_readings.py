"""Splut! under every reading: for each non-default option of an interpretation, a position from the
rulebook where it changes the legal actions or the result, next to the default's answer.

Each test cites the interpretation and its clauses. The slow tier also runs the conformance kit and
the two-route move-tree counts under every single-option deviation from the default.
"""

from __future__ import annotations

import pytest

import castlerules
from castlerules import IllegalActionError, InvalidOptionError
from castlerules.core.conformance import check_conformance
from castlerules.core.play import random_record
from castlerules.core.readings import single_deviations
from castlerules.core.record import Record, replay
from castlerules.core.spec import load_spec
from castlerules.splut import Lev, Pass, Splut, State, Throw
from castlerules.splut.board import BY_NAME, NAMES, OFF, Dir

DEFAULT = Splut()


def game(players: int = 2, **readings: str) -> Splut:
    return Splut(players=players, readings={k.replace("_", "-"): v for k, v in readings.items()})


def sq(name: str) -> int:
    return BY_NAME[name]


def where(state: State, player: int) -> str:
    return " ".join(f"{'STD'[k]}{NAMES[s]}" for k, s in enumerate(state.pieces[player]) if s != OFF)


def rocks(state: State) -> str:
    return " ".join(NAMES[r] for r in state.rocks)


def clause_of(g: Splut, state: State, text: str) -> str | None:
    found = g.violation(state, g.parse_action(state, text))
    return None if found is None else found.clause


def play(g: Splut, state: State, *moves: str) -> State:
    for move in moves:
        state = g.play(state, move)
    return state


# -- the spec: every option is playable or says why -------------------------------------------------
def test_every_option_is_playable_or_gives_its_reason() -> None:
    spec = load_spec("splut")
    playable = [o for i in spec.interpretations for o in i.options if o.playable]
    reasoned = [o for i in spec.interpretations for o in i.options if not o.playable]
    assert all(o.reason for o in reasoned)
    for interp in spec.interpretations:
        for option in interp.options:
            if option.playable:
                g = Splut(players=int(option.value) if interp.keyword else 2,
                          readings=None if interp.keyword else {interp.short_id: option.id})
                assert g.reading(interp.id) == option.id
            else:
                with pytest.raises(InvalidOptionError, match="cannot be played"):
                    Splut(readings={interp.short_id: option.id})
    assert len(playable) == 44 and len(reasoned) == 5


@pytest.mark.clause("splut.winnen.laatste", "splut.zet.verplicht")
def test_an_incompatible_combination_is_refused_with_the_reason() -> None:
    with pytest.raises(InvalidOptionError, match="nobody made the last kill"):
        game(winner="last-thrower", no_legal_step="eliminated")


def test_readings_are_recorded_and_replayed() -> None:
    g = Splut(players=3, ruleset="literal")
    assert g.options["readings"]["push-distance"] == "slide"
    assert castlerules.make("splut", **g.options) == g
    record = random_record(g, seed=3, max_plies=200)
    again = Record.from_json(record.to_json())
    assert replay(again) == replay(record)
    engine = Splut(ruleset="open-source-engine")
    assert engine.reading("blocked-throw") == "rock-stays"
    assert engine.reading("levitate-behind") == engine.reading("levitate-ahead") == "forbidden"


# -- set-up and turn order ------------------------------------------------------------------------
@pytest.mark.clause("splut.begin.opstelling")
def test_start_seen_from_the_centre() -> None:
    """splut.interp.start-positions = centre-view: 'De trol op het vak rechts van de dwerg en de
    tovenaar ... links' read from the centre: troll and sorcerer swap."""
    assert where(DEFAULT.initial_state(), 0) == "Sd2 Tf2 De2"
    assert where(game(start_positions="centre-view").initial_state(), 0) == "Sf2 Td2 De2"
    assert where(game(4, start_positions="centre-view").initial_state(), 3) == "Sh6 Th4 Dh5"


@pytest.mark.clause("splut.zitten.drie", "splut.zitten.drie-begin", "splut.zitten.vier",
                    "splut.zitten.vier-begin", "splut.verloop.klok")
def test_players_numbered_as_they_sit_down() -> None:
    """splut.interp.seating = seating-order: the second player sits opposite the first, the third
    West; the fourth player (East) begins; play goes clockwise."""
    three = game(3, seating="seating-order")
    s = three.initial_state()
    assert where(s, 1) == "Sf8 Td8 De8" and where(s, 2) == "Sb6 Tb4 Db5" and s.to_move == 0
    s = play(three, s, "p0 Sd2-d3")
    assert s.to_move == 2  # West follows South
    assert DEFAULT.play(DEFAULT.initial_state(), "p0 Sd2-d3").to_move == 1
    four = game(4, seating="seating-order")
    s = four.initial_state()
    assert s.to_move == 3 and where(s, 3) == "Sh4 Th6 Dh5"
    s = play(four, s, "p3 Sh4-g4")
    assert (s.to_move, s.steps_left) == (0, 2)


@pytest.mark.clause("splut.zet.eerste-een", "splut.zet.tweede-twee", "splut.zet.drie")
def test_every_turn_three_steps() -> None:
    """splut.interp.steps-per-turn = always-three: no reduced opening."""
    g = game(steps_per_turn="always-three")
    s = g.initial_state()
    assert s.steps_left == 3 and DEFAULT.initial_state().steps_left == 1
    s = play(g, s, "p0 Sd2-d3", "p0 Sd3-d4")
    assert s.to_move == 0 and s.steps_left == 1


# -- the troll -----------------------------------------------------------------------------------
@pytest.mark.clause("splut.trol.trekken", "splut.trol.werpen")
def test_no_pull_with_a_step_onto_a_rock() -> None:
    """splut.interp.pull-and-throw = forbidden: the troll on e4 with rocks on e3 and e5 may step
    onto e5 but not pull e3 with that step."""
    g = game(pull_and_throw="forbidden")
    s = g.position({0: "Sa5 Te4", 1: "Sf8 Td8"}, "e3 e5 c5 g5")
    assert clause_of(DEFAULT, s, "p0 Te4-e5 pull") is None
    assert clause_of(g, s, "p0 Te4-e5 pull") == "splut.trol.trekken"
    assert clause_of(g, s, "p0 Te4-e5") is None
    free = g.position({0: "Sa5 Te4", 1: "Sf8 Td8"}, "e3 i5 c5 g5")
    assert clause_of(g, free, "p0 Te4-e5 pull") is None


@pytest.mark.clause("splut.trol.werpen", "splut.werpen.rand", "splut.werpen.rots",
                    "splut.werpen.trol")
def test_a_blocked_throw_leaves_the_rock_under_the_troll() -> None:
    """splut.interp.blocked-throw = rock-stays: the troll on the tip e1 may throw south, into the
    edge; the rock stays under it, the turn ends, and the troll later steps off and leaves it."""
    g = game(blocked_throw="rock-stays")
    s = g.position({0: "Sa5 Te2 Dc3", 1: "Sf8 Td8"}, "e1 i5 g5 b4")
    s = play(g, s, "p0 Te2-e1")
    assert DEFAULT.legal_actions(s) == (Throw(0, Dir.N),)
    assert clause_of(DEFAULT, s, "p0 throw s") == "splut.werpen.rand"
    assert set(g.legal_actions(s)) == {Throw(0, d) for d in Dir}
    s = play(g, s, "p0 throw s")
    assert s.to_move == 1 and where(s, 0) == "Sa5 Te1 Dc3" and sq("e1") in s.rocks
    assert g.state_from_text(g.state_to_text(s)) == s
    s = play(g, s, "p1 Sf8-f7", "p1 Sf7-f6", "p1 Sf6-f5", "p0 Te1-e2")
    assert where(s, 0) == "Sa5 Te2 Dc3" and sq("e1") in s.rocks and s.board[sq("e1")] == 1


@pytest.mark.clause("splut.trol.werpen", "splut.dwerg.duwen", "splut.tovenaar.zweven")
def test_a_troll_resting_on_a_rock_is_pushed_with_it() -> None:
    """splut.interp.blocked-throw = rock-stays: a throw west into the troll on g5 leaves the rock
    under the throwing troll on h5, where nobody can levitate it. A dwarf pushing a troll that
    stands on a rock moves both, and that troll cannot pull a rock into its square."""
    g = game(blocked_throw="rock-stays")
    s = g.position({0: "Sb4 Th4 Dc3", 1: "Sf8 Tg5 Dg3"}, "h5 i5 a5 e9")
    s = play(g, s, "p0 Th4-h5")
    assert clause_of(DEFAULT, s, "p0 throw w") == "splut.werpen.trol"
    s = play(g, s, "p0 throw w")
    assert where(s, 0) == "Sb4 Th5 Dc3" and s.to_move == 1 and s.moved_before == {sq("h5")}
    assert clause_of(g, s, "p1 Sf8-e8 lev h5-g5") == "splut.tovenaar.zweven"
    t = g.position({0: "Sb4 Td5 Dc5", 1: "Sf8 Tg7"}, "d5 d4 i5 e9")
    pushed = play(g, t, "p0 Dc5-d5")
    assert where(pushed, 0) == "Sb4 Te5 Dd5" and rocks(pushed) == "d4 e5 i5 e9"
    assert pushed.moved_now == {sq("e5")}
    assert clause_of(g, t, "p0 Td5-d6 pull") == "splut.beweging.bezet"
    assert clause_of(g, t, "p0 Td5-d6") is None


@pytest.mark.clause("splut.tovenaar.zweven", "splut.trol.trekken", "splut.tovenaar.vorige-speler")
def test_the_rock_under_a_troll_can_be_levitated_and_pulled() -> None:
    """splut.interp.rock-under-troll = allowed (with blocked-throw = rock-stays): the rock a blocked
    throw leaves under player 0's troll on h5 is out of reach for player 1 (the previous player
    moved it) and, by default, for everyone while the troll stands on it; under allowed player 0's
    sorcerer may levitate it out from under the troll, and player 1's troll on g5 may pull it
    stepping west, the troll on h5 staying where it is."""
    stays = game(blocked_throw="rock-stays")
    free = game(blocked_throw="rock-stays", rock_under_troll="allowed")
    start = stays.position({0: "Sb4 Th4 Dc3", 1: "Sf8 Tg5 Dg3"}, "h5 i5 a5 e9")
    s = play(free, start, "p0 Th4-h5", "p0 throw w")
    assert s.moved_before == {sq("h5")}
    assert clause_of(free, s, "p1 Sf8-e8 lev h5-g5") == "splut.tovenaar.vorige-speler"
    assert clause_of(free, s, "p1 Tg5-f5 pull") is None
    assert clause_of(stays, s, "p1 Tg5-f5 pull") == "splut.trol.trekken-recht"
    pulled = play(free, s, "p1 Tg5-f5 pull")
    assert sq("g5") in pulled.rocks
    assert where(pulled, 0) == "Sb4 Th5 Dc3" and sq("h5") not in pulled.rocks
    s = play(free, s, "p1 Sf8-f7", "p1 Sf7-f6", "p1 Sf6-e6")
    assert clause_of(stays, s, "p0 Sb4-b5 lev h5-h6") == "splut.tovenaar.zweven"
    lifted = play(free, s, "p0 Sb4-b5 lev h5-h6")
    assert where(lifted, 0) == "Sb5 Th5 Dc3" and sq("h6") in lifted.rocks
    assert sq("h5") not in lifted.rocks and lifted.lev is Lev.ACTIVE
    assert lifted.board is not None and lifted.board[sq("h5")] != 1  # the troll still stands there
    # without a blocked throw no rock lies under a troll: nothing changes
    assert game(rock_under_troll="allowed").legal_actions(DEFAULT.initial_state()) == \
        DEFAULT.legal_actions(DEFAULT.initial_state())


@pytest.mark.clause("splut.werpen.tovenaar", "splut.splut.team")
def test_the_own_sorcerer_as_an_obstacle() -> None:
    """splut.interp.throw-own-sorcerer = obstacle: player 0's own sorcerer on e7 stops the rock
    on e6 instead of being crushed."""
    g = game(throw_own_sorcerer="obstacle")
    s = g.position({0: "Se7 Te4", 1: "Sa5 Td8"}, "e5 i5 b4 g3")
    by_default = play(DEFAULT, s, "p0 Te4-e5", "p0 throw n")
    assert where(by_default, 0) == "" and DEFAULT.winners(by_default) == {1}
    after = play(g, s, "p0 Te4-e5", "p0 throw n")
    assert where(after, 0) == "Se7 Te5" and sq("e6") in after.rocks and not g.is_terminal(after)
    right_there = g.position({0: "Se6 Te4", 1: "Sa5 Td8"}, "e5 i5 b4 g3")
    right_there = play(g, right_there, "p0 Te4-e5")
    assert clause_of(g, right_there, "p0 throw n") == "splut.werpen.tovenaar"


# -- the dwarf -----------------------------------------------------------------------------------
@pytest.mark.clause("splut.dwerg.duwen", "splut.dwerg.duwen-lijn", "splut.voorbeeld.duwen",
                    "splut.woorden.duwen")
def test_pushed_pieces_slide_to_the_edge() -> None:
    """splut.interp.push-distance = slide: 'Alle stukken in een rechte lijn bewegen ... tot ze de
    rand van het spelbord bereiken': the dwarf on c5 steps to d5 and the troll, rock and sorcerer
    in front slide on until they are packed against the rock at the edge (i5)."""
    g = game(push_distance="slide")
    s = g.position({0: "Sb4 Tb6 Dc5", 1: "Sf5 Td5"}, "e5 i5 e1 e9")
    by_default = play(DEFAULT, s, "p0 Dc5-d5")
    assert where(by_default, 1) == "Sg5 Te5" and rocks(by_default) == "e1 f5 i5 e9"
    slid = play(g, s, "p0 Dc5-d5")
    assert where(slid, 0) == "Sb4 Tb6 Dd5"
    assert where(slid, 1) == "Sh5 Tf5" and rocks(slid) == "e1 g5 i5 e9"
    assert slid.moved_now == {sq("g5")}


# -- the sorcerer --------------------------------------------------------------------------------
@pytest.mark.clause("splut.tovenaar.zweven", "splut.voorbeeld.zweven")
def test_only_a_rock_next_to_the_sorcerer() -> None:
    """splut.interp.levitate-any-rock = adjacent: the far rock on g3 cannot be levitated, the rock
    on d4 next to the sorcerer can."""
    g = game(levitate_any_rock="adjacent")
    s = g.position({0: "Sd3 Tf2", 1: "Sf8 Td8"}, "g3 d4 i5 e9")
    assert clause_of(DEFAULT, s, "p0 Sd3-c3 lev g3-f3") is None
    assert clause_of(g, s, "p0 Sd3-c3 lev g3-f3") == "splut.tovenaar.zweven"
    assert clause_of(g, s, "p0 Sd3-c3 lev d4-c4") is None


@pytest.mark.clause("splut.tovenaar.zweven", "splut.tovenaar.blokkeren")
def test_the_rock_behind_may_not_follow() -> None:
    """splut.interp.levitate-behind = forbidden: the rock on d3, behind the sorcerer on d4, may not
    move into d4 as the sorcerer steps to d5."""
    g = game(levitate_behind="forbidden")
    s = g.position({0: "Sd4 Tf2", 1: "Sf8 Td8"}, "d3 a5 i5 e9")
    assert clause_of(DEFAULT, s, "p0 Sd4-d5 lev d3-d4") is None
    assert clause_of(g, s, "p0 Sd4-d5 lev d3-d4") == "splut.tovenaar.blokkeren"
    assert clause_of(g, s, "p0 Sd4-c4 lev d3-c3") is None


@pytest.mark.clause("splut.tovenaar.zweven", "splut.beweging.bezet")
def test_the_sorcerer_may_not_step_into_its_rock() -> None:
    """splut.interp.levitate-ahead = forbidden: the sorcerer on d4 may not step into d5 while
    levitating the rock on d5 on to d6."""
    g = game(levitate_ahead="forbidden")
    s = g.position({0: "Sd4 Tf2", 1: "Sf8 Td8"}, "d5 a5 i5 e9")
    assert clause_of(DEFAULT, s, "p0 Sd4-d5 lev d5-d6") is None
    assert clause_of(g, s, "p0 Sd4-d5 lev d5-d6") == "splut.beweging.bezet"


@pytest.mark.clause("splut.tovenaar.blokkeren", "splut.tovenaar.doorgaan")
def test_a_blocked_rock_stays_while_levitation_goes_on() -> None:
    """splut.interp.levitate-blocked = rock-stays: the sorcerer on d4 levitates the rock on c5
    south to c4; stepping west to c3, the rock is blocked by the rock on b4 and stays on c4, and
    levitation goes on: the third step takes it east to d4. By default the blocked step is illegal;
    and starting a levitation still needs the rock to move."""
    g = game(levitate_blocked="rock-stays")
    start = g.position({0: "Sd4 Tf2", 1: "Sf8 Td8"}, "c5 b4 i5 e9")
    s = play(g, start, "p0 Sd4-d3 lev c5-c4")
    assert clause_of(DEFAULT, s, "p0 Sd3-c3 lev c4") == "splut.tovenaar.blokkeren"
    step = g.parse_action(s, "p0 Sd3-c3 lev c4")
    assert g.violation(s, step) is None and g.action_to_str(s, step) == "p0 Sd3-c3 lev c4-c4"
    s = play(g, s, "p0 Sd3-c3 lev c4-c4")
    assert s.lev == Lev.ACTIVE and s.lev_rock == sq("c4") and where(s, 0) == "Sc3 Tf2"
    s = play(g, s, "p0 Sc3-d3 lev c4-d4")
    assert rocks(s) == "b4 d4 i5 e9" and s.to_move == 1
    fresh = g.position({0: "Sd4 Tf2", 1: "Sf8 Td8"}, "c5 b5 i5 e9")
    assert clause_of(g, fresh, "p0 Sd4-c4 lev c5") == "splut.tovenaar.blokkeren"


@pytest.mark.clause("splut.tovenaar.vorige-speler", "splut.tovenaar.geduwd-getrokken")
def test_a_pulled_rock_is_freed() -> None:
    """splut.interp.previous-and-this-turn = freed: the rock on f2 that the previous player moved,
    pulled to f3 this turn, may be levitated."""
    g = game(previous_and_this_turn="freed")
    s = g.position({0: "Sd3 Tf3", 1: "Sf8 Td8"}, "f2 a5 i5 e9", moved_before="f2")
    s = play(g, s, "p0 Tf3-f4 pull")
    assert clause_of(DEFAULT, s, "p0 Sd3-c3 lev f3-e3") == "splut.tovenaar.vorige-speler"
    assert clause_of(g, s, "p0 Sd3-c3 lev f3-e3") is None


@pytest.mark.clause("splut.tovenaar.doorgaan", "splut.tovenaar.stoppen")
def test_levitation_only_from_the_first_step() -> None:
    """splut.interp.levitate-start = first-step: after the troll's step, the sorcerer can no
    longer begin to levitate."""
    g = game(levitate_start="first-step")
    s = g.position({0: "Sd3 Tf2", 1: "Sf8 Td8"}, "g3 a5 i5 e9")
    assert clause_of(g, s, "p0 Sd3-d4 lev g3-g4") is None
    s = play(g, s, "p0 Tf2-f3")
    assert clause_of(DEFAULT, s, "p0 Sd3-d4 lev g3-g4") is None
    assert clause_of(g, s, "p0 Sd3-d4 lev g3-g4") == "splut.tovenaar.doorgaan"


# -- the end ---------------------------------------------------------------------------------------
@pytest.mark.clause("splut.zet.verplicht", "splut.winnen.laatste")
def test_a_player_without_a_step_is_out() -> None:
    """splut.interp.no-legal-step = eliminated: player 0 (sorcerer e8 and troll d8 boxed in) has no
    legal step; the team leaves and player 1 wins."""
    g = game(no_legal_step="eliminated")
    s = g.position({0: "Se8 Td8", 1: "Se9 Td7"}, "f8 e7 e6 a5")
    assert g.legal_actions(s) == (Pass(0),)
    by_default = DEFAULT.apply(s, Pass(0))
    assert not DEFAULT.is_terminal(by_default) and by_default.to_move == 1
    out = g.apply(s, Pass(0))
    assert where(out, 0) == "" and g.is_terminal(out) and g.winners(out) == {1}


@pytest.mark.clause("splut.winnen.laatste", "splut.winnen.doel", "splut.werpen.tovenaar")
def test_the_last_thrower_wins() -> None:
    """splut.interp.winner = last-thrower: player 0 crushes its own sorcerer with the last kill and
    wins all the same."""
    g = game(winner="last-thrower")
    s = g.position({0: "Se7 Te4", 1: "Sa5 Td8"}, "e5 i5 b4 g3")
    end = play(g, s, "p0 Te4-e5", "p0 throw n")
    assert g.is_terminal(end) and g.winners(end) == {0}
    assert DEFAULT.winners(play(DEFAULT, s, "p0 Te4-e5", "p0 throw n")) == {1}
    assert g.state_from_json(g.state_to_json(end)) == end


def test_illegal_under_a_reading_is_refused_with_its_clause() -> None:
    g = game(levitate_ahead="forbidden")
    s = g.position({0: "Sd4 Tf2", 1: "Sf8 Td8"}, "d5 a5 i5 e9")
    with pytest.raises(IllegalActionError, match="d5 is occupied"):
        g.play(s, "p0 Sd4-d5 lev d5-d6")


# -- every single deviation: the contract and the two routes (slow) ---------------------------------
DEVIATIONS = [r for r in single_deviations(load_spec("splut"))[1:]
              if "splut.interp.player-count" not in r]


@pytest.mark.slow
@pytest.mark.parametrize(
    "readings", DEVIATIONS, ids=[f"{k.split('.interp.')[-1]}={v}" for r in DEVIATIONS
                                 for k, v in r.items()]
)
@pytest.mark.parametrize("players", [2, 4])
def test_generator_and_predicate_agree_under_the_reading(
    readings: dict[str, str], players: int
) -> None:
    import random

    from test_splut_perft import perft_brute_force, perft_generator

    g = Splut(players=players, readings=readings)
    start = g.initial_state()
    assert perft_generator(g, start, 3) == perft_brute_force(g, start, 3)
    check_conformance(g, playouts=2, seed=5, every=4)
    rng = random.Random(players)
    state = start
    for _ in range(300):
        if g.is_terminal(state):
            break
        legal = set(g.legal_actions(state))
        assert legal == {a for a in g.candidate_actions(state) if g.violation(state, a) is None}
        state = g.apply(state, rng.choice(sorted(legal, key=repr)))


@pytest.mark.clause("splut.zet.verplicht", "splut.beweging.bezet", "splut.tovenaar.zweven")
def test_without_levitating_ahead_everyone_can_be_boxed_in() -> None:
    """The finding of theorem splut.no-deadlock under levitate-ahead = forbidden: both sorcerers
    are boxed in by rocks they may not levitate out of their way, both trolls by pieces. By
    default the sorcerer on b5 escapes by levitating the rock on c5 to d5 and stepping after it;
    passing would go on for ever; the literal ruleset plays 'eliminated', which ends the game."""
    text = "Sb5,Ta5/Sc6,Tb6 b4,c5,d6,c7 p0 4 3 - - - -"
    boxed = game(levitate_ahead="forbidden")
    s = boxed.state_from_text(text)
    assert boxed.legal_actions(s) == (Pass(0),)
    after = boxed.apply(s, Pass(0))
    assert boxed.legal_actions(after) == (Pass(1),)
    assert boxed.apply(after, Pass(1)).pieces == s.pieces  # and so on, for ever
    assert clause_of(DEFAULT, DEFAULT.state_from_text(text), "p0 Sb5-c5 lev c5-d5") is None
    literal = Splut(ruleset="literal")
    out = literal.apply(literal.state_from_text(text), Pass(0))
    assert literal.is_terminal(out) and literal.winners(out) == {1}
