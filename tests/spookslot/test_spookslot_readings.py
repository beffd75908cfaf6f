"""Spookslot readings: for every non-default option of every interpretation, a position where it
changes the legal actions or the result — the Dutch sentence the interpretation reads, the position,
what the default does and what the option does."""

from __future__ import annotations

from typing import Any

import pytest

import castlerules
from castlerules import InvalidOptionError
from castlerules.spookslot import Ball, Roll, Spookslot, State
from castlerules.spookslot.state import GHOST, Pass


def game(players: int = 2, **readings: str) -> Spookslot:
    return castlerules.make("spookslot", players=players,
                            readings={k.replace("_", "-"): v for k, v in readings.items()})


def moves(g: Spookslot, text: str) -> dict[str, str]:
    s = g.state_from_text(text)
    return {g.action_to_str(s, a): g.moves(s).get(a, "-") for a in g.legal_actions(s)}


def after(g: Spookslot, text: str, *actions: Any) -> State:
    s = g.state_from_text(text)
    for a in actions:
        s = g.play(s, a) if isinstance(a, str) else g.apply(s, a)
    return s


@pytest.mark.clause("spookslot.routes.kiezen", "spookslot.getal.zetten", "spookslot.eindigen.bezet")
def test_route_choice_bounce_safe() -> None:
    """'In de bibliotheek ... kun je kiezen tussen twee routes.' p0 on l3 rolls 1: l4 and l5 are
    taken, so the pawn bounces past the library fork. By default the player names the route of the
    bounce; under bounce-safe the bounce always takes the safe route."""
    text = "l3,-/l4,l5 p0 move1 - - -"
    assert moves(game(), text) == {"p0 move a via ls1": "ls1", "p0 move a via lk1": "lk1",
                                   "p0 move b": "t1"}
    assert moves(game(route_choice="bounce-safe"), text) == {"p0 move a": "ls1", "p0 move b": "t1"}


@pytest.mark.clause("spookslot.eindigen.bezet", "spookslot.routes.kiezen")
@pytest.mark.parametrize(("option", "expected"), [("safe", "ls1"), ("short", "lk1")])
def test_bounce_at_fork(option: str, expected: str) -> None:
    """'... dan springt hij meteen door naar het eerstvolgende vrije veld.' p0 on l4 rolls 1 onto
    the taken fork square l5: the bounce takes the player's route (default), or always the safe or
    always the short route."""
    text = "l4,x/l5,- p0 move1 - - -"
    assert moves(game(), text) == {"p0 move a via ls1": "ls1", "p0 move a via lk1": "lk1"}
    assert moves(game(bounce_at_fork=option), text) == {"p0 move a": expected}


def test_incompatible_bounce_readings_are_refused() -> None:
    with pytest.raises(InvalidOptionError, match="bounce-at-fork=short contradicts it"):
        game(route_choice="bounce-safe", bounce_at_fork="short")


@pytest.mark.clause("spookslot.eindigen.bezet", "spookslot.eindigen.veilig", "spookslot.eindigen.gevaar")
def test_bounce_colour_count_square() -> None:
    """'Een rood veld ...: je pion staat in de gevarenzone.' p0 on g2 rolls 1: g3 and g4 (red) are
    taken, the pawn bounces on to the green g5. By default the safe square it reaches counts and the
    turn passes; under count-square the red g3 where the count ended drops the ball."""
    text = "g2,x/g3,g4 p0 move1 - - -"
    assert game().state_to_text(after(game(), text, "p0 move a")) == "g5,x/g3,g4 p1 roll - - -"
    g = game(bounce_colour="count-square")
    assert g.state_to_text(after(g, text, "p0 move a")) == "g5,x/g3,g4 p0 ball - - -"


@pytest.mark.clause("spookslot.exit.precies", "spookslot.exit.blijft-staan")
def test_exit_exact_count_back() -> None:
    """'Gooi je niet precies het juiste aantal ..., dan blijft je pion staan.' p0 on h1 (the Exit
    2 squares away) rolls 3: by default it cannot move and the turn passes; counting back from the
    Exit it ends on h2."""
    text = "h1,x/-,- p0 roll - - -"
    assert game().state_to_text(after(game(), text, Roll(3))) == "h1,x/-,- p1 roll - - -"
    g = game(exit_exact="count-back")
    s = after(g, text, Roll(3))
    assert moves(g, g.state_to_text(s)) == {"p0 move a": "h2"}


@pytest.mark.clause("spookslot.exit.niet-springen", "spookslot.eindigen.bezet")
def test_bounce_past_exit_share() -> None:
    """'Je mag het Exitveld niet bereiken door door te springen vanaf een bezet veld.' p0 on h1
    rolls 1 onto the taken h2, the last square: by default no move (the turn passes); under share
    the pawn stops on h2 with the other pawn."""
    text = "h1,x/h2,- p0 roll - - -"
    assert game().state_to_text(after(game(), text, Roll(1))) == "h1,x/h2,- p1 roll - - -"
    g = game(bounce_past_exit="share")
    s = after(g, text, Roll(1), "p0 move a")
    assert g.state_to_text(s) == "h2,x/h2,- p1 roll - - -"


@pytest.mark.clause("spookslot.getal.zetten", "spookslot.exit.moet-verplaatsen")
def test_forced_move_lead_pawn_and_optional() -> None:
    """'Je zet één van je pionnen precies zoveel velden vooruit als het getal aangeeft.' p0 has pawns
    on t1 and l1 and rolls 1: by default either may move; under lead-pawn only the one nearer the
    Exit; under optional the player may also pass."""
    text = "t1,l1/-,- p0 move1 - - -"
    assert moves(game(), text) == {"p0 move a": "t2", "p0 move b": "l2"}
    lead = game(forced_move="lead-pawn")
    assert moves(lead, text) == {"p0 move b": "l2"}
    assert lead.violation(lead.state_from_text(text), lead.parse_action(
        lead.state_from_text(text), "p0 move a")).clause == "spookslot.exit.moet-verplaatsen"
    optional = game(forced_move="optional")
    assert moves(optional, text) == {"p0 move a": "t2", "p0 move b": "l2", "p0 pass": "-"}
    assert optional.state_to_text(after(optional, text, Pass(0))) == "t1,l1/-,- p1 roll - - -"
    default = game()
    assert default.violation(default.state_from_text(text), Pass(0)) is not None


@pytest.mark.clause("spookslot.eindigen.bezet", "spookslot.geschrokken.blauw-meerdere")
def test_shared_squares_always() -> None:
    """'Op een blauw veld mogen meerdere pionnen staan, maar alleen als ze daar vanuit een
    gevarenzone naartoe zijn gestuurd.' p0 on t2 rolls 1 onto the taken blue t3: by default it
    bounces on to the stair step s1; under always it shares t3."""
    text = "t2,-/t3,- p0 move1 - - -"
    assert moves(game(), text) == {"p0 move a": "s1", "p0 move b": "t1"}
    assert moves(game(shared_squares="always"), text) == {"p0 move a": "t3", "p0 move b": "t1"}


@pytest.mark.clause("spookslot.geheim.sterveld", "spookslot.valstrik.portret")
def test_secret_passage_always() -> None:
    """'... dan mag je die pion direct naar het groene veld met de witte ster in de galerij zetten.'
    The portrait fires with p0 on the red star lk2: by default p0 decides; under always the pawn
    goes to the green star g5 at once."""
    text = "lk2,-/-,- p0 ball - - -"
    assert game().state_to_text(after(game(), text, Ball("portrait"))) == \
        "lk2,-/-,- p0 passage p0a - -"
    g = game(secret_passage="always")
    assert g.state_to_text(after(g, text, Ball("portrait"))) == "g5,-/-,- p1 roll - - -"


@pytest.mark.clause("spookslot.spook.nog-een-keer")
def test_ghost_reroll_until_number() -> None:
    """'Gooi je opnieuw het spooksymbool, dan is je beurt voorbij.' A second ghost with nobody in
    danger ends the turn by default; under until-number the player rolls again."""
    text = "-,-/-,- p0 reroll - - -"
    assert game().state_to_text(after(game(), text, Roll(GHOST))) == "-,-/-,- p1 roll - - -"
    g = game(ghost_reroll="until-number")
    assert g.state_to_text(after(g, text, Roll(GHOST))) == "-,-/-,- p0 reroll - - -"


@pytest.mark.clause("spookslot.getal.vier-spelers")
def test_four_player_second_pawn_while_there() -> None:
    """'Je tweede pion mag pas bewegen als je eerste pion ... op een veld van de
    laboratoriumverdieping staat.' p0's first pawn reached the laboratory and was sent back to s2:
    by default the second pawn stays free; under while-there it waits again."""
    text = "s2,-/-,-/-,-/-,- p0 move1 - a!,-,-,- -"
    assert moves(game(4), text) == {"p0 move a": "s3", "p0 move b": "t1"}
    assert moves(game(4, four_player_second_pawn="while-there"), text) == {"p0 move a": "s3"}


@pytest.mark.clause("spookslot.pionnen.start", "spookslot.getal.tellen")
def test_start_line_square() -> None:
    """'Zet alle pionnen achter de witte startlijn.' A first roll of 2 puts a pawn on t2 by default;
    with the start line a square of its own it counts the line first and ends on t1."""
    text = "-,-/-,- p0 move2 - - -"
    assert moves(game(), text) == {"p0 move a": "t2", "p0 move b": "t2"}
    assert moves(game(start_line="line-square"), text) == {"p0 move a": "t1", "p0 move b": "t1"}
    g = game(start_line="line-square")
    s = after(g, "-,-/-,- p0 roll - - -", Roll(1), "p0 move a")
    assert g.state_to_text(s) == "line,-/-,- p1 roll - - -"


@pytest.mark.clause("spookslot.getal.zetten", "spookslot.exit.moet-verplaatsen",
                    "spookslot.pionnen.start")
def test_lead_pawn_with_the_start_line_a_square() -> None:
    """Under lead-pawn the pawn nearest the Exit moves. With the start line a square of its own,
    a pawn on the line is one step nearer than a pawn behind it: from pawn a behind the line and
    pawn b on it, a roll of 2 moves b only (b to t2). Without lead-pawn either may move."""
    text = "-,line/-,- p0 move2 - - -"
    assert moves(game(start_line="line-square"), text) == {"p0 move a": "t1", "p0 move b": "t2"}
    lead = game(start_line="line-square", forced_move="lead-pawn")
    assert moves(lead, text) == {"p0 move b": "t2"}
    s = lead.state_from_text(text)
    found = lead.violation(s, lead.parse_action(s, "p0 move a"))
    assert found is not None and found.clause == "spookslot.exit.moet-verplaatsen"


@pytest.mark.clause("spookslot.geschrokken.terug", "spookslot.kogel.valstrik")
def test_ball_once_mover_only() -> None:
    """'Gaat een valstrik af, dan gaan alle pionnen in de gevarenzone van die valstrik terug.'
    The stairs trap fires with pawns of both players on the stairs: by default both go back to t3;
    under mover-only only the pawn of the player whose turn it is."""
    text = "s1,-/s2,- p0 ball - - -"
    assert game().state_to_text(after(game(), text, Ball("stairs"))) == "t3,-/t3,- p1 roll - - -"
    g = game(ball_once="mover-only")
    assert g.state_to_text(after(g, text, Ball("stairs"))) == "t3,-/s2,- p1 roll - - -"


@pytest.mark.clause("spookslot.optioneel.geel", "spookslot.optioneel.geel-blijft-staan")
def test_no_yellow_on() -> None:
    """'... dan mag een pion zijn zet niet op een geel veld eindigen.' p0 behind the start rolls 1:
    t1 is yellow, so under the optional rule the move is not possible."""
    text = "-,-/-,- p0 roll - - -"
    assert game().state_to_text(after(game(), text, Roll(1))) == "-,-/-,- p0 move1 - - -"
    g = castlerules.make("spookslot", no_yellow=True)
    assert g.state_to_text(after(g, text, Roll(1))) == "-,-/-,- p1 roll - - -"


@pytest.mark.clause("spookslot.eindigen.veilig")
def test_yellow_power_is_refused_with_its_reason() -> None:
    with pytest.raises(InvalidOptionError, match="cannot be played: No source we have states"):
        game(yellow_power="schmidt")


@pytest.mark.clause("spookslot.getal.vier-spelers")
def test_the_literal_ruleset() -> None:
    g = castlerules.make("spookslot", players=4, ruleset="literal")
    assert g.reading("four-player-second-pawn") == "while-there"
    assert g.options["readings"] == {"four-player-second-pawn": "while-there"}
    assert castlerules.make("spookslot", **g.options) == g
    notes = dict(g.spec.ruleset("literal").notes)
    assert "spookslot.interp.yellow-power" in notes


def test_every_option_is_playable_or_reasoned() -> None:
    spec = Spookslot().spec
    for interp in spec.interpretations:
        for option in interp.options:
            if option.parameter or option.value is not None:
                continue  # keyword options, tested with their keywords
            if not option.playable:
                assert option.reason
                continue
            g = castlerules.make("spookslot", readings={interp.short_id: option.id})
            assert g.reading(interp.id) == option.id


@pytest.mark.parametrize(
    "readings",
    [{"forced-move": "optional"}, {"start-line": "line-square"}, {"exit-exact": "count-back"},
     {"bounce-past-exit": "share"}, {"route-choice": "bounce-safe"}],
)
def test_every_reading_fits_the_adapters_action_universe_and_observation(
    readings: dict[str, str],
) -> None:
    """The adapters' stable ids: every legal action of random games under the reading is in the
    action universe, and every observation has the same length."""
    import random

    from castlerules.core.play import random_action
    from castlerules.spookslot import space

    g = castlerules.make("spookslot", readings=readings)
    universe = set(g.action_universe())
    size = space.observation_size(g)
    rng = random.Random(5)
    for _ in range(3):
        s = g.initial_state()
        while not g.is_terminal(s):
            assert set(g.legal_actions(s)) <= universe
            assert len(space.observation(g, s)) == size
            s = g.apply(s, random_action(g, s, rng))
    default = castlerules.make("spookslot").action_universe()
    assert g.action_universe()[: len(default)] == default  # the default ids stay as they are
