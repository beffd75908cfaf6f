"""Readings: ``make(GAME, readings=..., ruleset=...)`` and the keyword options as one switch."""

from __future__ import annotations

import pytest

import castlerules
from castlerules.core.errors import InvalidOptionError
from castlerules.core.readings import resolve
from castlerules.core.spec import load_spec


def test_a_keyword_and_its_reading_are_one_switch() -> None:
    by_keyword = castlerules.make("kasteel", stuck="lose")
    by_reading = castlerules.make("kasteel", readings={"no-legal-move": "lose"})
    by_full_id = castlerules.make("kasteel", readings={"kasteel.interp.no-legal-move": "lose"})
    assert by_keyword == by_reading == by_full_id
    assert by_reading.reading("no-legal-move") == "lose"
    assert by_reading.options["stuck"] == "lose"
    assert castlerules.make("kasteel").reading("kasteel.interp.no-legal-move") == "pass"


def test_every_interpretation_has_a_reading_defaults_filled_in() -> None:
    for name in castlerules.games():
        game = castlerules.make(name)
        spec = load_spec(name)
        assert game.readings == {i.id: i.default for i in spec.interpretations}
        # only the readings whose default has changed are named, so stored options say which
        assert game.options.get("readings", {}) == {
            i.short_id: i.default for i in spec.interpretations if i.earlier}


def test_a_parameter_option_is_chosen_by_its_keyword() -> None:
    faces = {c: ["chair", "ghost", "ghost", "mouse", "bottle", "book"] for c in
             ("red", "white", "grey", "green", "blue")}
    game = castlerules.make("vlotte-geesten", faces=faces)
    assert game.reading("dice-faces") == "custom"
    with pytest.raises(InvalidOptionError, match="needs its parameter: give faces"):
        castlerules.make("vlotte-geesten", readings={"dice-faces": "custom"})


@pytest.mark.parametrize(
    ("options", "complaint"),
    [
        ({"readings": {"no-such-thing": "x"}}, "unknown interpretation .*no-legal-move"),
        ({"readings": {"no-legal-move": "sometimes"}}, "unknown option 'sometimes'; the options are: pass, lose"),
        ({"readings": {"no-legal-move": 3}}, "unknown option 3"),
        ({"readings": ["no-legal-move"]}, "readings must map"),
        ({"readings": {1: "lose"}}, "interpretation ids are strings"),
        ({"stuck": "lose", "readings": {"no-legal-move": "pass"}}, "disagree"),
        ({"ruleset": "no-such-ruleset"}, "unknown ruleset"),
        ({"ruleset": 7}, "ruleset must be a ruleset name"),
    ],
)
def test_bad_readings_are_refused_with_the_valid_choices(options: dict[str, object], complaint: str) -> None:
    with pytest.raises(InvalidOptionError, match=complaint):
        castlerules.make("kasteel", **options)  # type: ignore[arg-type]


def test_an_unplayable_option_is_refused_with_its_reason() -> None:
    from test_spec import GOOD  # a small spec whose option "two" is not playable

    from castlerules.core.spec import parse_spec

    spec = parse_spec(GOOD)
    assert resolve(spec, {}, {"a": "one"})[1] == {"vg.interp.a": "one"}
    with pytest.raises(InvalidOptionError, match="cannot be played: It cannot be played"):
        resolve(spec, {}, {"a": "two"})


def test_non_default_readings_are_recorded_in_the_options_and_replay() -> None:
    spec = load_spec("kasteel")
    # pick an interpretation without a keyword whose non-default option is playable
    interp = next(
        i for i in spec.interpretations
        if not i.keyword and any(o.playable and o.id != i.default for o in i.options)
    )
    option = next(o.id for o in interp.options if o.playable and o.id != interp.default)
    try:
        game = castlerules.make("kasteel", readings={interp.short_id: option})
    except InvalidOptionError:
        pytest.skip("no such reading is playable yet")
    assert game.options["readings"] == {interp.short_id: option}
    assert castlerules.make("kasteel", **game.options) == game


# -- reading lists as people write them (one parser for every way in) -------------------------------


def test_a_reading_list_is_read_in_every_spelling() -> None:
    from castlerules.core.readings import parse_reading_list

    assert parse_reading_list(["seating=clockwise", "winner:last-sorcerer"]) == {
        "seating": "clockwise", "winner": "last-sorcerer"}
    assert parse_reading_list("no-legal-move:lose; own-key=slide-through,") == {
        "no-legal-move": "lose", "own-key": "slide-through"}
    # the same reading twice with the same option is no contradiction
    assert parse_reading_list(["seating=clockwise", "seating=clockwise"]) == {
        "seating": "clockwise"}
    for bad in ("seating", "=clockwise", "seating="):
        with pytest.raises(InvalidOptionError, match="expected ID=OPTION"):
            parse_reading_list([bad], "--reading")


def test_a_reading_given_twice_with_two_options_is_refused() -> None:
    """Issue 31.7: the last one used to win silently; make refuses the same contradiction spelled
    with the short and the full id, and a reading list now refuses it as well."""
    from castlerules.core.readings import parse_reading_list

    with pytest.raises(InvalidOptionError, match="'seating' is given twice"):
        parse_reading_list(["seating=clockwise", "seating=seating-order"], "--reading")
    with pytest.raises(InvalidOptionError, match="given twice"):
        parse_reading_list("seating:clockwise;seating:seating-order")
    # spelled two ways, the two entries reach make, which refuses them the same way
    both = parse_reading_list(["seating=clockwise", "splut.interp.seating=seating-order"])
    with pytest.raises(InvalidOptionError, match=r"splut\.interp\.seating is given twice"):
        castlerules.make("splut", players=4, readings=both)


def test_the_openspiel_readings_parameter_refuses_a_contradiction() -> None:
    pytest.importorskip("pyspiel")
    from castlerules.adapters import openspiel

    game = openspiel.load("splut", players=4, readings="seating:seating-order;seating:seating-order")
    assert game.rules.reading("seating") == "seating-order"
    with pytest.raises(InvalidOptionError, match="given twice"):
        openspiel.load("splut", players=4, readings="seating:clockwise;seating:seating-order")
    with pytest.raises(InvalidOptionError, match="given twice"):
        openspiel.load("splut", players=4, readings={"seating": "clockwise",
                                                     "splut.interp.seating": "seating-order"})
