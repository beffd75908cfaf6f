"""What the how-to-play pages teach beyond the rulebook's sentences — every chance element with its
exact odds, and how the library settles what the text leaves open — against the rulebook's facts
(``[[fact]]`` in the specs) and an independent count, never against the presentation's own numbers.
(``tests/core/test_docs.py`` checks that the built pages show exactly these.)"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import castlerules
from castlerules.core.present import presentation_of
from castlerules.core.spec import load_spec


def fact(game: str, fact_id: str) -> object:
    return load_spec(game).fact(fact_id)


def test_spookslot_teaches_the_die_and_the_ball_with_their_odds() -> None:
    game = castlerules.make("spookslot")
    shown = presentation_of(game)
    die, ball = shown.chances()
    faces = Counter(str(f) for f in fact("spookslot", "die-faces"))  # type: ignore[attr-defined]
    assert dict(die.rows[0][1]) == {f: Fraction(k, 6) for f, k in faces.items()}
    weights: dict[str, int] = fact("spookslot", "trap-weights")  # type: ignore[assignment]
    assert dict(ball.rows[0][1]) == {t: Fraction(w, sum(weights.values())) for t, w in weights.items()}
    assert "1, 2, 3 or 4 (1/6 each) or the ghost (1/3)" in shown.chance_words(game.initial_state())
    for trap in weights:
        assert f"{trap}: " in ball.note  # where each trap sends its pawns back


def _skull_squares() -> int:
    """The plain ground squares of the skull rows on the rulebook's map (the map fact), without a
    starting knight: counted here from the map text."""
    rows = set(fact("kasteel", "skull-rows"))  # type: ignore[arg-type]
    count = 0
    for line in fact("kasteel", "default-map"):  # type: ignore[attr-defined]
        number, *symbols = line.split()
        if number.isdigit() and int(number) in rows:
            count += symbols.count(".")
    return count


def test_kasteel_teaches_the_skulls_the_passes_and_the_pass() -> None:
    game = castlerules.make("kasteel")
    shown = presentation_of(game)
    (skulls,) = shown.chances()
    k, free = int(fact("kasteel", "skulls")), _skull_squares()  # type: ignore[call-overload]
    rows = sorted(fact("kasteel", "skull-rows"))  # type: ignore[call-overload]
    assert [r[1] for r in skulls.rows] == [((f"each of the {free - i} free squares",
                                             Fraction(1, free - i)),) for i in range(k)]
    assert f"{k} skulls" in skulls.when and f"rows {rows[0]}-{rows[-1]}" in skulls.when
    assert f"1/{comb(free, k)} each" in skulls.note
    start = game.initial_state()
    said = shown.chance_words(start)
    assert f"skull 1 of {k}" in said and f"1/{free}" in said and "then yellow moves" in said
    # the text board and the picture of the start say what chance does, not "to move: yellow"
    assert "to move: yellow" not in game.render(start) and "to move: yellow" not in game.render_svg(start)
    assert " ".join(said.split()) in " ".join(game.render(start).split())
    notes = dict((ids[0], text) for ids, text in shown.play_notes())
    passes = fact("kasteel", "level-passes")[str(fact("kasteel", "default-level"))]  # type: ignore[index]
    assert f"starts with {passes} passes" in notes["kasteel.interp.pass-cost"]
    assert "passes, and his opponent moves again" in notes["kasteel.interp.no-legal-move"]
    lose = presentation_of(castlerules.make("kasteel", stuck="lose")).play_notes()
    assert "loses at once" in dict((i[0], t) for i, t in lose)["kasteel.interp.no-legal-move"]


def test_vlotte_geesten_teaches_the_dice_and_the_odds_of_each_situation() -> None:
    game = castlerules.make("vlotte-geesten")
    dice, decides = presentation_of(game).chances()
    objects: list[str] = fact("vlotte-geesten", "default-die")  # type: ignore[assignment]
    assert dice.rows == (("each die", tuple((o, Fraction(1, len(objects))) for o in objects)),)
    # every roll counted here: situation 1 (one object more often than every other), 2 (two
    # objects twice each), 3 (five different objects)
    situations: Counter[int] = Counter()
    for roll in itertools.product(range(5), repeat=5):
        counts = sorted(Counter(roll).values(), reverse=True)
        situations[1 if len(counts) == 1 or counts[0] > counts[1] else 2 if counts[:2] == [2, 2]
                   else 3] += 1
    assert dict(decides.rows[0][1]) == {f"situation {s}": Fraction(n, 5**5)
                                        for s, n in situations.items()}
    assert dict(decides.rows[1][1]) == {o: Fraction(1, 5) for o in objects}


def test_the_notes_follow_the_reading_played() -> None:
    """A non-default reading is taught in its own words (the spec's text of the option played)."""
    spec = load_spec("vlotte-geesten")
    game = castlerules.make("vlotte-geesten", readings={"multi-grab": "all-taken"})
    notes = dict((ids[0], t) for ids, t in presentation_of(game).play_notes())
    taken = spec.interpretation("multi-grab").option("all-taken").text
    assert notes["vg.interp.multi-grab"] == f"Several objects at once. {taken}"
    default = dict((ids[0], t) for ids, t in presentation_of(castlerules.make(
        "vlotte-geesten")).play_notes())
    assert "go straight back on the table" in default["vg.interp.multi-grab"]
