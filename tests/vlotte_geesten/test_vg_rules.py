"""Vlotte Geesten scenarios, each from a sentence of the Dutch rulebook."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

import castlerules
from castlerules.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    InvalidStateError,
    ParseError,
)
from castlerules.core.examples import Example, load_examples
from castlerules.vlotte_geesten import VlotteGeesten
from castlerules.vlotte_geesten.render import situation
from castlerules.vlotte_geesten.rules import answer_of
from castlerules.vlotte_geesten.state import Grab, Obj, Pass, Roll, State

C, G, M, B, K = Obj.CHAIR, Obj.GHOST, Obj.MOUSE, Obj.BOTTLE, Obj.BOOK


def game(players: int = 3, **options: object) -> VlotteGeesten:
    made = castlerules.make("vlotte-geesten", players=players, **options)
    assert isinstance(made, VlotteGeesten)
    return made


def rolled(g: VlotteGeesten, faces: tuple[Obj, ...], state: State | None = None) -> State:
    return g.apply(state or g.initial_state(), Roll(faces))  # type: ignore[arg-type]


def grab(player: int, *objects: Obj) -> Grab:
    return Grab(player, frozenset(objects))


# -- the three situations and the worked examples -------------------------------------------------


def example(example_id: str) -> Example:
    """A worked example of the rulebook, as the docs show it (specs/examples/vlotte-geesten.toml)."""
    return next(e for e in load_examples("vlotte-geesten") if e.id == example_id)


def played(e: Example) -> tuple[VlotteGeesten, State, State]:
    """The example's game, its position before the moves and the position they lead to."""
    g = game(**e.options_dict())
    before = g.state_from_text(e.before)
    after = before
    for move in e.moves:
        after = g.play(after, move)
    assert g.state_to_text(after) == e.after
    return g, before, after


@pytest.mark.clause("vg.situatie1.voorbeeld", "vg.situatie1.regel", "vg.punten.juist")
def test_example_bottle_three_times_mouse_on_the_green_die() -> None:
    """'Stel dat de fles drie keer op de dobbelstenen staat. De fles is groen, dus je kijkt naar de
    groene dobbelsteen. Daar staat de muis op en dus grijp je de muis.'"""
    _, before, after = played(example("vg.situatie1.voorbeeld"))
    assert before.dice == (B, B, C, M, B) and before.dice.count(B) == 3  # red ... blue die
    assert before.dice[Obj.BOTTLE] is M  # the green die shows the mouse
    assert answer_of(before.dice) is M and situation(before.dice) == 1
    assert after.scores == (0, 1, 0) and after.roller == 1


@pytest.mark.clause("vg.situatie2.voorbeeld", "vg.situatie2.regel", "vg.punten.fout")
def test_example_book_and_ghost_twice_bottle_once() -> None:
    """'Stel dat het boek en het spook elk op twee dobbelstenen staan en de vijfde dobbelsteen de fles
    toont. Dan grijp je de fles.'"""
    _, before, after = played(example("vg.situatie2.voorbeeld"))
    assert before.dice is not None
    assert before.dice.count(K) == before.dice.count(G) == 2 and before.dice.count(B) == 1
    assert answer_of(before.dice) is B and situation(before.dice) == 2
    assert after.scores == (1, 1, 2)  # p0's wrong book cost them a point, given to p2


@pytest.mark.clause("vg.situatie3.voorbeeld", "vg.situatie3.regel", "vg.pot.winnen")
def test_example_ghost_on_the_blue_die() -> None:
    """'Stel dat het spook op de blauwe dobbelsteen staat. Het blauwe voorwerp is het boek, dus je
    grijpt het boek.' Five different objects, the ghost on the blue die."""
    _, before, after = played(example("vg.situatie3.voorbeeld"))
    assert before.dice is not None and len(set(before.dice)) == 5
    assert before.dice[Obj.BOOK] is G  # the blue die shows the ghost
    assert answer_of(before.dice) is K and situation(before.dice) == 3
    assert after.scores[0] == before.scores[0] + 1 + before.pot and after.pot == 0


@pytest.mark.clause("vg.pot.iedereen-mis", "vg.pot.leggen")
def test_example_everyone_misses() -> None:
    """'Het kan gebeuren dat iedereen misgrijpt. Dan krijgt niemand die worp een punt uit de
    voorraad.'"""
    _, before, after = played(example("vg.pot.iedereen-mis"))
    assert after.supply == before.supply and after.pot == 2 and after.roller == before.roller


@pytest.mark.clause("vg.situatie1.twee-keer")
def test_one_object_twice_and_the_others_once_is_situation_1() -> None:
    """'Deze situatie geldt ook als een voorwerp maar twee keer voorkomt, zolang de andere voorwerpen
    elk één keer te zien zijn.' Chair twice; the red die shows the book."""
    assert answer_of((K, C, C, M, B)) is K


@pytest.mark.clause("vg.situatie1.regel")
def test_all_five_dice_the_same() -> None:
    assert answer_of((G, G, G, G, G)) is G  # the white die shows the ghost


@pytest.mark.clause(
    "vg.voorbereiding.kleuren",
    "vg.voorbereiding.kleur-rood",
    "vg.voorbereiding.kleur-wit",
    "vg.voorbereiding.kleur-grijs",
    "vg.voorbereiding.kleur-groen",
    "vg.voorbereiding.kleur-blauw",
)
def test_die_colours_match_object_colours() -> None:
    assert [o.colour for o in Obj] == ["red", "white", "grey", "green", "blue"]


# -- grabbing, points and the pot ------------------------------------------------------------------


@pytest.mark.clause("vg.punten.juist", "vg.punten.gooier", "vg.doel.punt")
def test_a_correct_grab_takes_a_point_and_the_dice() -> None:
    """'Pak je als eerste het juiste voorwerp, dan neem je een punt uit de voorraad. Daarna ben jij
    degene die de dobbelstenen gooit.'"""
    g = game(3)
    s = rolled(g, (B, B, C, M, B))
    s = g.apply(s, grab(2, M))
    assert s.scores == (0, 0, 1) and s.supply == 34 and s.roller == 2 and s.dice is None
    assert g.is_chance(s)


@pytest.mark.clause("vg.spel.gooier-grijpt-mee")
def test_the_roller_grabs_too() -> None:
    g = game(2)
    s = rolled(g, (B, B, C, M, B))
    assert g.actors(s) == {0, 1}
    assert g.apply(s, grab(0, M)).scores == (1, 0)


@pytest.mark.clause("vg.punten.fout")
def test_a_wrong_grabber_gives_a_point_to_the_correct_grabber() -> None:
    """'Grijp je het verkeerde voorwerp ..., dan geef je een van je punten aan de speler die het juiste
    voorwerp te pakken kreeg.'"""
    g = game(3)
    s = State(scores=(2, 0, 0), supply=33, pot=0, roller=0)
    s = rolled(g, (B, B, C, M, B), s)
    s = g.apply(s, grab(0, B))  # wrong: the bottle shows most, but the answer is the mouse
    assert s.scores == (2, 0, 0)  # settled only when the round ends
    s = g.apply(s, grab(1, M))
    assert s.scores == (1, 2, 0) and s.supply == 32


@pytest.mark.clause("vg.punten.fout", "vg.spel.een-voorwerp")
def test_grabbing_two_objects_at_once_is_wrong_even_with_the_answer() -> None:
    """'... of pak je meer dan één voorwerp tegelijk, dan geef je een van je punten ...'"""
    g = game(2)
    s = State(scores=(1, 0), supply=34, pot=0, roller=0)
    s = rolled(g, (B, B, C, M, B), s)
    s = g.apply(s, grab(0, M, B))
    assert s.wrong == (0,)
    s = g.apply(s, Pass(1))  # everyone has acted: nobody was correct
    assert s.scores == (0, 0) and s.pot == 1 and s.supply == 34


@pytest.mark.clause("vg.pot.iedereen-mis", "vg.pot.leggen", "vg.pot.winnen")
def test_the_pot_goes_to_the_next_correct_grabber() -> None:
    """'Het kan gebeuren dat iedereen misgrijpt. ... De speler die bij een volgende worp als eerste het
    juiste voorwerp pakt, krijgt naast het punt uit de voorraad ook alle punten uit de pot.'"""
    g = game(3)
    s = State(scores=(1, 1, 0), supply=33, pot=0, roller=1)
    s = rolled(g, (B, B, C, M, B), s)
    for p, o in ((0, C), (1, G), (2, K)):
        s = g.apply(s, grab(p, o))
    assert s.scores == (0, 0, 0) and s.pot == 2 and s.supply == 33 and s.roller == 1
    s = rolled(g, (M, C, K, B, G), s)  # situation 3: the book
    s = g.apply(s, grab(2, K))
    assert s.scores == (0, 0, 3) and s.pot == 0 and s.supply == 32


@pytest.mark.clause("vg.punten.fout")
def test_a_wrong_grabber_without_points_gives_nothing() -> None:
    g = game(2)
    s = rolled(g, (B, B, C, M, B))
    s = g.apply(s, grab(0, C))
    s = g.apply(s, grab(1, M))
    assert s.scores == (0, 1)


@pytest.mark.clause("vg.spel.een-voorwerp")
def test_a_player_acts_once_per_roll() -> None:
    """'Je mag maar één voorwerp pakken.'"""
    g = game(3)
    s = g.apply(rolled(g, (B, B, C, M, B)), grab(0, C))
    v = g.violation(s, grab(0, M))
    assert v is not None and v.clause == "vg.spel.een-voorwerp"
    assert v.text_nl == "Je mag maar één voorwerp pakken."
    with pytest.raises(IllegalActionError) as err:
        g.apply(s, grab(0, M))
    assert err.value.violation == v


@pytest.mark.clause("vg.doel.punt")
def test_an_object_in_someone_s_hand_cannot_be_grabbed() -> None:
    g = game(3)
    s = g.apply(rolled(g, (B, B, C, M, B)), grab(0, C))
    assert not g.is_legal(s, grab(1, C))
    assert g.is_legal(s, grab(1, B))
    # under all-taken a grab of several objects holds them all, the answer (the mouse) too
    taken = castlerules.make("vlotte-geesten", players=3, readings={"multi-grab": "all-taken"})
    s = taken.apply(rolled(taken, (B, B, C, M, B)), grab(0, M, C))
    assert not taken.is_legal(s, grab(1, M))
    assert taken.is_legal(s, grab(1, B))


@pytest.mark.clause("vg.spel.worp")
def test_nobody_grabs_before_the_roll_and_nobody_rolls_during_grabbing() -> None:
    g = game(2)
    s = g.initial_state()
    assert g.violation(s, grab(0, C)) is not None
    s = rolled(g, (B, B, C, M, B))
    v = g.violation(s, Roll((C, C, C, C, C)))
    assert v is not None and v.clause == "vg.spel.worp"


def test_everyone_passing_moves_no_points_and_the_roller_rolls_again() -> None:
    g = game(2)
    s = rolled(g, (B, B, C, M, B), State(scores=(0, 0), supply=35, pot=0, roller=1))
    s = g.apply(g.apply(s, Pass(0)), Pass(1))
    assert s == State(scores=(0, 0), supply=35, pot=0, roller=1)


# -- the end ---------------------------------------------------------------------------------------


@pytest.mark.clause("vg.einde.voorraad-leeg", "vg.einde.winnaar", "vg.doel.winnaar")
def test_the_game_ends_when_the_supply_is_empty_and_the_most_points_win() -> None:
    """'Het spel eindigt zodra de voorraad leeg is. ... de speler met de meeste punten wint.'"""
    g = game(3)
    s = rolled(g, (B, B, C, M, B), State(scores=(17, 17, 0), supply=1, pot=0, roller=0))
    s = g.apply(s, grab(2, M))
    assert g.is_terminal(s) and g.actors(s) == frozenset() and not g.is_chance(s)
    assert g.winners(s) == {0, 1}  # a tie: both win (interpretation vg.interp.ties)
    v = g.violation(s, Roll((C, C, C, C, C)))
    assert v is not None and v.clause == "vg.einde.voorraad-leeg"


@pytest.mark.clause(
    "vg.voorbereiding.voorraad", "vg.voorbereiding.inhoud", "vg.voorbereiding.eerste-speler"
)
def test_the_start() -> None:
    s = game(5, first_player=3).initial_state()
    assert s.supply == 35 and s.scores == (0,) * 5 and s.pot == 0 and s.roller == 3


# -- options, notation, JSON -----------------------------------------------------------------------


@pytest.mark.clause("vg.spel.spelers")
@pytest.mark.parametrize("bad", [1, 9, "4", True, None])
def test_two_to_eight_players(bad: object) -> None:
    for n in range(2, 9):
        assert game(n).num_players == n
    with pytest.raises(InvalidOptionError):
        castlerules.make("vlotte-geesten", players=bad)


def test_custom_faces_give_exact_probabilities() -> None:
    faces = {
        "red": ["chair"] * 6,
        "white": ["ghost"] * 6,
        "grey": ["mouse"] * 6,
        "green": ["bottle"] * 3 + ["book"] * 3,
        "blue": ["book"] * 6,
    }
    g = game(2, faces=faces)
    outcomes = dict(g.chance_outcomes(g.initial_state()))
    assert outcomes == {
        Roll((C, G, M, B, K)): Fraction(1, 2),
        Roll((C, G, M, K, K)): Fraction(1, 2),
    }
    assert not g.is_legal(g.initial_state(), Roll((C, C, C, C, C)))


@pytest.mark.parametrize(
    "faces",
    [
        {"red": ["chair"] * 6},
        {c: ["chair"] * 5 for c in ("red", "white", "grey", "green", "blue")},
        {c: ["unicorn"] * 6 for c in ("red", "white", "grey", "green", "blue")},
        "chair",
    ],
)
def test_bad_faces_are_rejected(faces: object) -> None:
    with pytest.raises(InvalidOptionError):
        castlerules.make("vlotte-geesten", faces=faces)


def test_notation_round_trips_and_accepts_dutch_names() -> None:
    g = game(3)
    s = rolled(g, (B, B, C, M, B))
    for a in (grab(1, M), grab(2, M, K), Pass(0)):
        assert g.parse_action(s, g.action_to_str(s, a)) == a
    assert g.parse_action(s, "p1 grab muis") == grab(1, M)
    assert g.action_to_str(s, grab(2, K, M)) == "p2 grab mouse+book"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "p1 grab",
        "p1 grab unicorn",
        "x grab mouse",
        "roll chair",
        "p1 grab mouse+mouse",
        "p1 jump",
    ],
)
def test_bad_notation_is_a_parse_error(text: str) -> None:
    g = game(3)
    with pytest.raises(ParseError):
        g.parse_action(g.initial_state(), text)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"supply": 40}, "supply"),
        ({"scores": (1, 0)}, "scores"),
        ({"roller": 7}, "roller"),
        ({"acted": (0, 0)}, "acted"),
    ],
)
def test_inconsistent_states_are_rejected(change: dict[str, object], field: str) -> None:
    g = game(3)
    text = g.state_to_json(attrs.evolve(g.initial_state(), **change))
    with pytest.raises(InvalidStateError, match=field):
        g.state_from_json(text)


def test_malformed_json_is_one_error() -> None:
    g = game(3)
    for text in ("{", "[]", '{"scores": "x"}', "null"):
        with pytest.raises(InvalidStateError):
            g.state_from_json(text)
