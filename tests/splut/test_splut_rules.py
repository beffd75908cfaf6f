"""Splut! scenarios from the rulebook: the Dutch sentence, the position, the expected result."""

from __future__ import annotations

import pytest

import castlerules
from castlerules import IllegalActionError, InvalidOptionError, InvalidStateError, ParseError
from castlerules.core.errors import InvalidActionError
from castlerules.core.examples import load_examples
from castlerules.splut import Lev, Pass, Splut, State, Step, Throw
from castlerules.splut.board import BY_NAME, NAMES, OFF, TIPS, Dir

G2 = Splut(players=2)
G3 = Splut(players=3)
G4 = Splut(players=4)


def sq(name: str) -> int:
    return BY_NAME[name]


def act(game: Splut, state: State, text: str) -> State:
    return game.apply(state, game.parse_action(state, text))


def clause_of(game: Splut, state: State, text: str) -> str | None:
    v = game.violation(state, game.parse_action(state, text))
    return None if v is None else v.clause


def where(state: State, player: int) -> str:
    return " ".join(
        f"{'STD'[k]}{NAMES[s]}" for k, s in enumerate(state.pieces[player]) if s != OFF
    )


def rocks(state: State) -> str:
    return " ".join(NAMES[r] for r in state.rocks)


EXAMPLES = {e.id: e for e in load_examples("splut")}


def worked(example_id: str, game: Splut = G2) -> tuple[State, list[State]]:
    """The worked example's position and the states after each of its moves (checked against
    the example's recorded result)."""
    example = EXAMPLES[example_id]
    state = game.state_from_text(example.before)
    after = []
    for move in example.moves:
        state = game.play(state, move)
        after.append(state)
    assert state == game.state_from_text(example.after)
    return game.state_from_text(example.before), after


# -- setup and seating --------------------------------------------------------------------------
@pytest.mark.clause("splut.begin.rotsen-hoeken", "splut.begin.opstelling", "splut.begin.alle-rotsen",
                    "splut.onderdelen.vier-rotsen", "splut.zitten.vier", "splut.zitten.vier-begin",
                    "splut.onderdelen.stukken")
def test_start_four_players() -> None:
    """'Elke speler heeft ook 3 stukken nodig om te spelen: een tovenaar, een trol en een dwerg.'
    'Zet ze in de verst verwijderde hoeken ... In elk team begint de dwerg op het vak voor een
    rots. De trol op het vak rechts van de dwerg en de tovenaar staat op het vak links van de dwerg.'"""
    s = G4.initial_state()
    assert set(s.rocks) == set(TIPS) == {sq("a5"), sq("e1"), sq("e9"), sq("i5")}
    assert [where(s, p) for p in range(4)] == [
        "Sd2 Tf2 De2", "Sb6 Tb4 Db5", "Sf8 Td8 De8", "Sh4 Th6 Dh5"
    ]
    assert s.to_move == 0 and s.steps_left == 1


@pytest.mark.clause("splut.zitten.twee", "splut.zitten.drie", "splut.zitten.drie-begin",
                    "splut.verloop.spelers", "splut.rotsen.vier")
def test_start_two_and_three_players() -> None:
    """'De tweede tegenstander gaat op de plaats tegenover de eerste tegenstander zitten.'"""
    s2, s3 = G2.initial_state(), G3.initial_state()
    assert [where(s2, p) for p in range(2)] == ["Sd2 Tf2 De2", "Sf8 Td8 De8"]
    assert [where(s3, p) for p in range(3)] == ["Sd2 Tf2 De2", "Sb6 Tb4 Db5", "Sf8 Td8 De8"]
    assert len(s2.rocks) == len(s3.rocks) == 4


@pytest.mark.clause("splut.verloop.spelers")
def test_player_count_options() -> None:
    """'Splut! ondersteunt 2 tot 4 spelers.'"""
    assert castlerules.make("splut").num_players == 2
    for bad in (1, 5, "3", True, None):
        with pytest.raises(InvalidOptionError):
            castlerules.make("splut", players=bad)
    with pytest.raises(InvalidOptionError):
        castlerules.make("splut", colour="red")
    assert castlerules.make("splut", **G3.options) == G3


# -- steps per turn and turn order --------------------------------------------------------------
@pytest.mark.clause("splut.zet.eerste-een", "splut.zet.tweede-twee", "splut.zet.drie",
                    "splut.verloop.klok", "splut.zet.afwisselen")
def test_one_two_three_steps_clockwise() -> None:
    """'De eerste speler heeft bij zijn eerste zet van het spel slechts recht op één beweging ...
    De tweede speler ... twee bewegingen. Vanaf dan ... 3 bewegingen per beurt.'"""
    s = G3.initial_state()
    s = act(G3, s, "p0 Sd2-d3")
    assert (s.to_move, s.steps_left) == (1, 2)
    s = act(G3, s, "p1 Sb6-c6")
    s = act(G3, s, "p1 Sc6-c7")
    assert (s.to_move, s.steps_left) == (2, 3)
    for text in ("p2 Sf8-f7", "p2 Sf7-f6", "p2 Sf6-f5"):
        s = act(G3, s, text)
    assert (s.to_move, s.steps_left) == (0, 3)


@pytest.mark.clause("splut.zet.afwisselen", "splut.beweging.eigen-team")
def test_only_own_pieces_and_own_turn() -> None:
    """'Je bestuurt alleen de drie leden van je team.'"""
    s = G2.initial_state()
    assert clause_of(G2, s, "p1 Sf8-f7") == "splut.zet.afwisselen"
    assert clause_of(G2, s, "p0 e5-e6") == "splut.beweging.eigen-team"


@pytest.mark.clause("splut.zet.verdelen", "splut.zet.voorbeeld", "splut.zet.stukken")
def test_steps_shared_among_pieces() -> None:
    """'bv.: Eén beweging met de trol, dan een met de dwerg, gevolgd door nog een met de trol.'"""
    s = G2.position({0: "Sd2 Tf2 De2", 1: "Sf8 Td8 De8"}, "a5 e1 i5 e9")
    s = act(G2, s, "p0 Tf2-f3")
    s = act(G2, s, "p0 De2-e3")
    assert s.to_move == 0 and s.steps_left == 1
    s = act(G2, s, "p0 Tf3-f4")
    assert s.to_move == 1 and where(s, 0) == "Sd2 Tf4 De3"


@pytest.mark.clause("splut.beweging.orthogonaal", "splut.woorden.beweging", "splut.beweging.bezet",
                    "splut.beweging.aangrenzend", "splut.woorden.aangrenzend")
def test_orthogonal_single_steps_onto_free_squares() -> None:
    """'Alle stukken bewegen één vak horizontaal of verticaal. Diagonale bewegingen zijn niet
    toegestaan. Je mag niet naar een bezet vak gaan of erdoorheen gaan.'"""
    s = G2.initial_state()
    assert clause_of(G2, s, "p0 Sd2-e3") == "splut.beweging.orthogonaal"
    assert clause_of(G2, s, "p0 Sd2-d4") == "splut.beweging.orthogonaal"
    assert clause_of(G2, s, "p0 Sd2-e2") == "splut.beweging.bezet"
    with pytest.raises(IllegalActionError) as info:
        act(G2, s, "p0 Sd2-e2")
    assert "bezet vak" in str(info.value)


# -- Trekken ------------------------------------------------------------------------------------
@pytest.mark.clause("splut.trol.trekken", "splut.voorbeeld.trekken",
                    "splut.voorbeeld.trekken-een-beweging", "splut.trol.trekken-optioneel")
def test_pull_example() -> None:
    """'De trol gaat bij de rots vandaan ... en trekt die naar zich toe. (Deze actie telt als één
    beweging.)' — the worked example: troll e4, rock e3; the troll steps to e5 and pulls the rock
    to e4."""
    s, (pulled,) = worked("splut.voorbeeld.trekken")
    assert where(pulled, 0) == "Sa5 Te5 Dc3" and sq("e4") in pulled.rocks
    assert sq("e3") not in pulled.rocks and pulled.steps_left == s.steps_left - 1
    plain = act(G2, s, "p0 Te4-e5")
    assert sq("e3") in plain.rocks  # pulling is optional


@pytest.mark.clause("splut.trol.trekken-recht")
def test_pull_only_in_a_straight_line() -> None:
    """'Je kunt alleen een rots trekken die in een rechte lijn staat met een trol!'"""
    s = G2.position({0: "Sa5 Te4", 1: "Se9 Tb6"}, "d4 i5 c3 g3")
    assert clause_of(G2, s, "p0 Te4-e5 pull") == "splut.trol.trekken-recht"
    assert clause_of(G2, s, "p0 Te4-f4 pull") is None  # d4 is straight behind a step east
    assert clause_of(G2, s, "p0 Sa5-b5 pull") == "splut.trol.trekken"


# -- Werpen -------------------------------------------------------------------------------------
@pytest.mark.clause("splut.trol.werpen", "splut.trol.werpen-einde", "splut.voorbeeld.werpen",
                    "splut.woorden.werpen")
def test_step_onto_rock_forces_throw_and_ends_turn() -> None:
    """'Wanneer een trol stopt op een vak met een rots, pakt hij die op en moet hij die ... werpen.
    De handeling Werpen beëindigt je zet onmiddellijk.' — the worked example Werpen."""
    _, (holding, thrown) = worked("splut.voorbeeld.werpen")
    assert holding.throw_from == sq("e5") and holding.steps_left == 2
    assert all(isinstance(a, Throw) for a in G2.legal_actions(holding))
    assert clause_of(G2, holding, "p0 Sa5-b5") == "splut.trol.werpen"
    assert thrown.to_move == 1 and thrown.steps_left == 3 and thrown.throw_from == OFF
    assert rocks(thrown) == "g3 c5 h5 i5"  # flew f5, g5 and stopped before the rock on i5


@pytest.mark.clause("splut.werpen.rand", "splut.werpen.vlucht")
def test_throw_edge() -> None:
    """'De rand van het spelbord (Obstakel: de rots landt op het laatste vak voor de rand)'"""
    s = G2.position({0: "Sa5 Te4", 1: "Sf8 Td8"}, "e5 i5 c3 g3", turn=3)
    s = act(G2, act(G2, s, "p0 Te4-e5"), "p0 throw n")
    assert sq("e9") in s.rocks and sq("e5") not in s.rocks


@pytest.mark.clause("splut.werpen.trol", "splut.woorden.obstakel", "splut.woorden.trol")
def test_throw_stops_before_troll() -> None:
    """'Elke trol (Obstakel: de rots landt op het vak voor de trol)'"""
    s = G2.position({0: "Sa5 Te4", 1: "Sf8 Te8"}, "e5 i5 c3 g3")
    s = act(G2, act(G2, s, "p0 Te4-e5"), "p0 throw n")
    assert sq("e7") in s.rocks and where(s, 1) == "Sf8 Te8"


@pytest.mark.clause("splut.werpen.rots")
def test_throw_stops_before_rock() -> None:
    """'Een andere rots (Obstakel: de rots landt op het vak voor de andere rots)'"""
    s = G2.position({0: "Sa5 Te4", 1: "Sf8 Td8"}, "e5 e8 c3 g3")
    s = act(G2, act(G2, s, "p0 Te4-e5"), "p0 throw n")
    assert rocks(s) == "c3 g3 e7 e8"


@pytest.mark.clause("splut.werpen.tovenaar", "splut.voorbeeld.werpen-splut", "splut.splut.team",
                    "splut.splut.rots-blijft", "splut.winnen.team-weg", "splut.woorden.doelwit",
                    "splut.rotsen.splut", "splut.winnen.laatste", "splut.winnen.doel")
def test_splut_sorcerer_example() -> None:
    """'De rots staat in een rechte lijn met een tovenaar! SPLUT! De rots valt op de tovenaar.'
    'worden hij en zijn hele team uit het spel verwijderd. De rots blijft liggen op het vak waar de
    tovenaar stierf.' — the worked example."""
    _, (_, s) = worked("splut.voorbeeld.werpen-splut")
    assert where(s, 1) == "" and sq("e7") in s.rocks
    assert G2.is_terminal(s) and G2.winners(s) == frozenset({0})
    assert G2.legal_actions(s) == () and G2.actors(s) == frozenset()


@pytest.mark.clause("splut.werpen.tovenaar", "splut.winnen.laatste")
def test_own_sorcerer_is_a_target() -> None:
    """'Elke tovenaar (Doelwit ...)' — the thrower's own sorcerer too; then the other team wins."""
    s = G2.position({0: "Se7 Te4", 1: "Sa5 Td8"}, "e5 i5 b4 g3")
    s = act(G2, act(G2, s, "p0 Te4-e5"), "p0 throw n")
    assert where(s, 0) == "" and G2.winners(s) == frozenset({1})


@pytest.mark.clause("splut.splut.dwerg", "splut.dwerg.klein", "splut.woorden.dwerg")
def test_splut_dwarf() -> None:
    """'Geworpen rotsen vliegen over een vak dat door een dwerg bezet is. Als het vak na de dwerg
    echter een obstakel is, valt de rots recht op de dwerg.'"""
    # over the dwarf on e6 (e7 is free), stops before the troll on e8: lands on e7
    s = G2.position({0: "Sa5 Te4", 1: "Sf8 Te8 De6"}, "e5 i5 b4 g3")
    s1 = act(G2, act(G2, s, "p0 Te4-e5"), "p0 throw n")
    assert sq("e7") in s1.rocks and where(s1, 1) == "Sf8 Te8 De6"
    # the worked example: the dwarf on e7 with the troll on e8 behind it: only the dwarf leaves
    _, (_, s2) = worked("splut.splut.dwerg")
    assert sq("e7") in s2.rocks and where(s2, 1) == "Sf8 Te8" and not G2.is_terminal(s2)
    # a dwarf at the edge is crushed too
    s = G2.position({0: "Sa5 Te4", 1: "Sf8 Td8 De9"}, "e5 i5 b4 g3")
    s3 = act(G2, act(G2, s, "p0 Te4-e5"), "p0 throw n")
    assert sq("e9") in s3.rocks and where(s3, 1) == "Sf8 Td8"


@pytest.mark.clause("splut.trol.werpen", "splut.werpen.trol", "splut.werpen.rots",
                    "splut.werpen.rand")
def test_blocked_throw_directions() -> None:
    """Interpretation splut.interp.blocked-throw: the rock must leave the troll's square."""
    s = G2.position({0: "Sa5 Th4", 1: "Sf8 Th6"}, "h5 i5 g5 b4")
    s = act(G2, s, "p0 Th4-h5")
    assert clause_of(G2, s, "p0 throw e") == "splut.werpen.rots"
    assert clause_of(G2, s, "p0 throw n") == "splut.werpen.trol"
    assert clause_of(G2, s, "p0 throw w") == "splut.werpen.rots"
    assert G2.legal_actions(s) == (Throw(0, Dir.S),)
    t = G2.position({0: "Sa5 Td4", 1: "Sf8 Th6"}, "e1 i5 e5 b4")
    t = act(G2, G2.apply(t, Step(0, sq("d4"), sq("d3"))), "p0 Sa5-b5")
    assert t.to_move == 0


def test_throw_from_a_tip_back_only() -> None:
    """A troll stepping onto the rock on e1 from e2 can only throw it back north."""
    s = G2.position({0: "Sa5 Te2", 1: "Sf8 Td8"}, "e1 i5 g5 b4")
    s = act(G2, s, "p0 Te2-e1")
    assert G2.legal_actions(s) == (Throw(0, Dir.N),)
    assert clause_of(G2, s, "p0 throw s") == "splut.werpen.rand"


@pytest.mark.clause("splut.trol.trekken", "splut.trol.werpen")
def test_pull_and_throw() -> None:
    """Interpretation splut.interp.pull-and-throw: the pulled rock enters the square the troll left,
    so the thrown rock cannot fly back that way."""
    s = G2.position({0: "Sa5 Te4", 1: "Sf8 Td8"}, "e3 e5 c5 g5")
    s = act(G2, s, "p0 Te4-e5 pull")
    assert sq("e4") in s.rocks and s.throw_from == sq("e5")
    assert clause_of(G2, s, "p0 throw s") == "splut.werpen.rots"


# -- Duwen --------------------------------------------------------------------------------------
@pytest.mark.clause("splut.dwerg.duwen", "splut.dwerg.duwen-lijn", "splut.voorbeeld.duwen",
                    "splut.woorden.duwen", "splut.rotsen.niemand")
def test_push_example() -> None:
    """'Alle stukken die op zijn weg staan, worden in dezelfde richting als de dwerg verplaatst.'
    The worked example: the dwarf on c5 pushes the troll on d5, the rock on e5 and the sorcerer on
    f5 one square east; g5 was free."""
    _, (s,) = worked("splut.voorbeeld.duwen")
    assert where(s, 0) == "Sb4 Tb6 Dd5" and where(s, 1) == "Sg5 Te5 De9" and sq("f5") in s.rocks
    assert sq("f5") in s.moved_now and s.throw_from == OFF


@pytest.mark.clause("splut.dwerg.duwen-lijn", "splut.woorden.duwen")
def test_push_at_edge_is_illegal() -> None:
    """Interpretation splut.interp.push-edge: a line that reaches the edge cannot be pushed."""
    s = G2.position({0: "Sb4 Tb6 Df5", 1: "Sg5 Th5"}, "i5 a5 e1 e9")
    assert clause_of(G2, s, "p0 Df5-g5") == "splut.dwerg.duwen-lijn"
    assert clause_of(G2, s, "p0 Df5-f6") is None


def test_push_never_kills_or_throws() -> None:
    """A pushed troll does not throw, a pushed rock crushes nobody."""
    s = G2.position({0: "Sb4 Tb6 Dc5", 1: "Sf5 Td5"}, "e5 i5 e1 e9")
    s = act(G2, s, "p0 Dc5-d5")
    assert s.throw_from == OFF and where(s, 1) == "Sg5 Te5"


# -- Zweven -------------------------------------------------------------------------------------
@pytest.mark.clause("splut.tovenaar.zweven", "splut.tovenaar.voorbeeld", "splut.voorbeeld.zweven",
                    "splut.voorbeeld.zweven-stappen", "splut.tovenaar.doorgaan",
                    "splut.woorden.zweven")
def test_levitation_example() -> None:
    """'Een tovenaar verplaatst zich (één, twee of drie vakken) en de rots volgt dezelfde
    bewegingen.' The worked example: the sorcerer on d3 walks d4, d5, c5; the far rock on g3
    follows to g4, g5, f5."""
    _, (first, _, s) = worked("splut.voorbeeld.zweven")
    assert first.lev == Lev.ACTIVE and first.lev_rock == sq("g4")
    assert rocks(s) == "a5 f5 i5 e9" and where(s, 0) == "Sc5 Tf2 Dc3" and s.to_move == 1
    assert s.moved_before == {sq("f5")}


@pytest.mark.clause("splut.tovenaar.stoppen", "splut.tovenaar.een-rots")
def test_levitation_stops_for_the_turn() -> None:
    """'Wanneer je stopt met zweven ... kun je in je beurt niet opnieuw beginnen te zweven.' and
    'Je kunt deze speciale actie maar voor één rots per beurt gebruiken.'"""
    s = G2.position({0: "Sd3 Tf2", 1: "Sf8 Td8"}, "g3 a5 c3 e9")
    s = act(G2, s, "p0 Sd3-d4 lev g3-g4")
    assert clause_of(G2, s, "p0 Sd4-d5 lev c3-c4") == "splut.tovenaar.een-rots"
    s = act(G2, s, "p0 Tf2-f3")
    assert s.lev == Lev.DONE
    assert clause_of(G2, s, "p0 Sd4-d5 lev g4-g5") == "splut.tovenaar.stoppen"


@pytest.mark.clause("splut.tovenaar.vorige-speler", "splut.tovenaar.geduwd-getrokken")
def test_levitation_and_the_previous_player() -> None:
    """'Je kunt geen rots laten zweven die door de vorige speler is verplaatst ... Je kunt een rots
    die in jouw beurt is geduwd of getrokken, beginnen te laten zweven.'"""
    s = G2.position({0: "Sd3 Tf3", 1: "Sf8 Td8"}, "f2 a5 g4 e9", moved_before="g4")
    assert clause_of(G2, s, "p0 Sd3-d4 lev g4-g5") == "splut.tovenaar.vorige-speler"
    s = act(G2, s, "p0 Tf3-f4 pull")  # the rock on f2 is pulled to f3 this turn
    assert clause_of(G2, s, "p0 Sd3-c3 lev f3-e3") is None


@pytest.mark.clause("splut.tovenaar.blokkeren", "splut.dwerg.blokkeert-zweven",
                    "splut.trol.werpen-zweven-verbod", "splut.tovenaar.niet-doden")
def test_levitation_blocked() -> None:
    """'Obstakels, doelwitten en dwergen blokkeren zwevende rotsen.' 'je kunt een rots niet naar een
    vak laten zweven dat al door een trol bezet is' 'Je kunt een vijandige tovenaar niet doden door
    een rots tegen hem te laten zweven.'"""
    s = G2.position({0: "Sd3 Tf6 Dd6", 1: "Sg6 Tf8"}, "f5 e5 g5 e9")
    assert clause_of(G2, s, "p0 Sd3-d4 lev f5-f6") == "splut.trol.werpen-zweven-verbod"
    assert clause_of(G2, s, "p0 Sd3-d4 lev g5-g6") == "splut.tovenaar.blokkeren"
    assert clause_of(G2, s, "p0 Sd3-e3 lev e5-f5") == "splut.tovenaar.blokkeren"
    assert clause_of(G2, s, "p0 Sd3-c3 lev e5-d5") is None
    t = G2.position({0: "Sd3 Tf2 Dd6", 1: "Sg6 Tf8"}, "d5 e5 g5 e9")
    assert clause_of(G2, t, "p0 Sd3-d4 lev d5-d6") == "splut.dwerg.blokkeert-zweven"
    assert clause_of(G2, t, "p0 Sd3-e3 lev g5-h5") is None


def test_levitation_rock_behind_and_ahead() -> None:
    """Interpretations splut.interp.levitate-behind and splut.interp.levitate-ahead."""
    s = G2.position({0: "Sd4 Tf2", 1: "Sf8 Td8"}, "d3 d5 i5 e9")
    assert clause_of(G2, s, "p0 Sd4-c4 lev d3-c3") is None
    after = act(G2, s, "p0 Sd4-d5 lev d5-d6")  # rock ahead
    assert where(after, 0) == "Sd5 Tf2" and sq("d6") in after.rocks
    behind = G2.position({0: "Sd4 Tf2", 1: "Sf8 Td8"}, "d3 a5 i5 e9")
    after = act(G2, behind, "p0 Sd4-d5 lev d3-d4")
    assert sq("d4") in after.rocks and where(after, 0) == "Sd5 Tf2"


# -- no legal step ------------------------------------------------------------------------------
@pytest.mark.clause("splut.zet.verplicht")
def test_pass_only_without_a_legal_step() -> None:
    """'(* Het aantal bewegingen is altijd verplicht ...)' — interpretation splut.interp.no-legal-step."""
    s = G2.position({0: "Se8 Td8", 1: "Se9 Td7"}, "f8 e7 e6 a5")
    assert G2.legal_actions(s) == (Pass(0),)
    s2 = G2.apply(s, Pass(0))
    assert s2.to_move == 1 and s2.turn == s.turn + 1
    assert clause_of(G2, G2.initial_state(), "p0 pass") == "splut.zet.verplicht"


# -- notation and JSON --------------------------------------------------------------------------
def test_notation_round_trip_and_errors() -> None:
    s = G2.position({0: "Sd3 Te4", 1: "Sf8 Td8"}, "e3 a5 i5 g3")
    for a in G2.legal_actions(s):
        text = G2.action_to_str(s, a)
        assert G2.parse_action(s, text) == a
    assert G2.parse_action(s, "p0 d3-d4") == Step(0, sq("d3"), sq("d4"))
    for bad in ("", "p0", "p0 z9-d4", "p0 Td3-d4", "p0 throw up", "x0 pass", "p0 Sd3-d4 lev g3-g9",
                "p0 d3-d4 spin"):
        with pytest.raises(ParseError):
            G2.parse_action(s, bad)
    with pytest.raises(ParseError):
        G2.parse_action(s, 42)  # type: ignore[arg-type]


def test_json_round_trip_and_bad_states() -> None:
    s = act(G3, G3.initial_state(), "p0 Sd2-d3")
    assert G3.state_from_json(G3.state_to_json(s)) == s
    text = G2.state_to_json(G2.initial_state())
    for bad in ("{", "[]", text.replace('"to_move":0', '"to_move":7'),
                text.replace('"rocks":[4', '"rocks":[0'), text.replace('"turn":0', '"turn":"x"')):
        with pytest.raises(InvalidStateError):
            G2.state_from_json(bad)
    with pytest.raises(InvalidStateError):
        G3.state_from_json(text)  # two teams in a 3-player game
    with pytest.raises(InvalidStateError):
        G2.position({0: "Sd3 Td3", 1: "Sf8 Td8"}, "e3 a5 i5 g3")
    with pytest.raises(InvalidStateError):
        G2.position({0: "Xd3", 1: "Sf8 Td8"}, "e3 a5 i5 g3")


def test_bad_actions_are_violations_not_crashes() -> None:
    s = G2.initial_state()
    for bad in (Step(0, 999, 3), Step(0, sq("d2"), sq("d3"), lev=sq("e5")),
                Throw(0, Dir.N), Pass(5), Step(0, sq("d2"), sq("d3"), pull=True)):
        assert G2.violation(s, bad) is not None
    for foreign in (None, "p0 pass"):
        with pytest.raises(InvalidActionError):
            G2.violation(s, foreign)


@pytest.mark.clause("splut.winnen.laatste")
def test_three_players_skip_the_eliminated() -> None:
    """'Telkens wanneer een tovenaar sterft, wordt het hele team uit de arena verwijderd.' With 3
    players the game goes on, skipping the removed team."""
    s = G3.position({0: "Sa5 Te4", 1: "Se7 Tb4", 2: "Sf8 Td8"}, "e5 i5 c3 g3")
    s = act(G3, act(G3, s, "p0 Te4-e5"), "p0 throw n")
    assert where(s, 1) == "" and not G3.is_terminal(s) and s.to_move == 2
    s = act(G3, s, "p2 Sf8-f7")
    s = act(G3, s, "p2 Sf7-f6")
    s = act(G3, s, "p2 Sf6-f5")
    assert s.to_move == 0


def test_a_reachable_position_without_a_legal_step() -> None:
    """The finding of theorem splut.always-a-step happens in play: a seeded random 4-player game
    (kept as a record) reaches, after 252 actions, a turn where player 1 (sorcerer on the tip i5
    behind a dwarf, troll boxed in, own dwarf crushed) has no legal step and must pass."""
    from pathlib import Path

    from castlerules.core.record import Record, replay

    record = Record.from_json(Path(__file__).with_name("stuck_record.json").read_text())
    last = replay(record)
    game = castlerules.make("splut", players=4)
    assert game.legal_actions(last) == (Pass(1),)
    assert not game.is_terminal(game.apply(last, Pass(1)))


@pytest.mark.clause("splut.tovenaar.vorige-speler", "splut.tovenaar.geduwd-getrokken")
def test_previous_players_rock_stays_banned_after_a_pull() -> None:
    """Interpretation splut.interp.previous-and-this-turn: a rock the previous player moved is not
    freed by pulling it this turn."""
    s = G2.position({0: "Sd3 Tf3", 1: "Sf8 Td8"}, "f2 a5 i5 e9", moved_before="f2")
    s = act(G2, s, "p0 Tf3-f4 pull")
    assert sq("f3") in s.rocks and sq("f3") in s.moved_before
    assert clause_of(G2, s, "p0 Sd3-c3 lev f3-e3") == "splut.tovenaar.vorige-speler"


@pytest.mark.clause("splut.tovenaar.doorgaan", "splut.tovenaar.stoppen")
def test_levitation_may_start_after_another_piece_moved() -> None:
    """Interpretation splut.interp.levitate-start: moving the troll first does not stop a
    levitation that has not begun."""
    s = G2.position({0: "Sd3 Tf2", 1: "Sf8 Td8"}, "g3 a5 i5 e9")
    s = act(G2, s, "p0 Tf2-f3")
    assert s.lev == Lev.UNUSED
    s = act(G2, s, "p0 Sd3-d4 lev g3-g4")
    assert s.lev == Lev.ACTIVE
