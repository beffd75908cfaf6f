"""The state JSON is documented by a JSON Schema per game, generated from the state classes and
shipped in the package; it validates every state the conformance kit sees."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

import castlerules
from castlerules.core.catalog import game_class
from castlerules.core.conformance import check_conformance

jsonschema = pytest.importorskip("jsonschema")
CASES = [(n, o) for n in castlerules.games() for o in game_class(n).variants()]


@pytest.mark.parametrize("name", castlerules.games())
def test_the_shipped_schema_is_the_generated_one(name: str) -> None:
    shipped = resources.files("castlerules").joinpath("schemas", f"{name}.schema.json")
    # The state JSON is a public format: a change to a state class's fields shows here, and is
    # made on purpose (with a new format version and a reader of the old one).
    assert json.loads(shipped.read_text(encoding="utf-8")) == castlerules.make(name).json_schema(), (
        "the state JSON changed: if on purpose, run python tools/schemas.py"
    )
    jsonschema.Draft202012Validator.check_schema(castlerules.make(name).json_schema())


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_the_schema_validates_every_state_the_conformance_kit_sees(
    name: str, options: dict[str, Any]
) -> None:
    game = castlerules.make(name, **options)
    validator = jsonschema.Draft202012Validator(game.json_schema())

    def valid(state: Any) -> None:
        validator.validate(json.loads(game.state_to_json(state)))

    check_conformance(game, playouts=1, seed=3, every=7, also=valid)


@pytest.mark.parametrize("name", castlerules.games())
def test_the_schema_rejects_a_wrong_document(name: str) -> None:
    game = castlerules.make(name)
    validator = jsonschema.Draft202012Validator(game.json_schema())
    good = json.loads(game.state_to_json(game.initial_state()))
    assert validator.is_valid(good)
    for bad in (
        {**good, "format": 2},
        {**good, "game": "chess"},
        {**good, "state": {**good["state"], "surprise": 1}},
        {k: v for k, v in good.items() if k != "state"},
    ):
        assert not validator.is_valid(bad)
