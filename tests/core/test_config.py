"""Each game's configuration (``castlerules.core.config``): one frozen value per game, declared once,
from which make's validation and signature, the options a record keeps, the command line's option
forms, the Play page's menus and the class's documentation derive; the caches key on it."""

from __future__ import annotations

import inspect
import json
import pickle
import random
from typing import Any

import attrs
import pytest
from cli_runner import run as run_cli

import castlerules
from castlerules import InvalidOptionError
from castlerules.core.config import KINDS
from castlerules.core.errors import quote
from castlerules.kasteel.board import default_board
from castlerules.spookslot import Spookslot


@pytest.mark.parametrize("name", castlerules.games())
def test_every_option_is_declared_once_with_what_derives_from_it(name: str) -> None:
    cls = castlerules.game_class(name)
    config = cls.config_type
    infos = config.options_info()
    assert "players" in {o.name for o in infos}
    assert cls.players_range == config.players_range
    # make's signature is the configuration's: its keywords in order, with their defaults
    params = inspect.signature(cls).parameters
    assert list(params) == [*(o.name for o in infos), "readings", "ruleset"]
    assert all(params[o.name].default == o.default for o in infos)
    for o in infos:
        assert o.doc.strip() and o.kind in KINDS, o
        assert f"``{o.name}``" in (cls.__doc__ or ""), f"{name}: {o.name} undocumented"
    # the defaults make the default game
    assert cls(**config.defaults()) == cls()
    assert config.make().recorded() == cls().options


@pytest.mark.parametrize(("name", "options"), [
    ("kasteel", {"level": 9}),
    ("kasteel", {"level": True}),
    ("kasteel", {"passes": -1}),
    ("kasteel", {"passes": "3"}),
    ("kasteel", {"stuck": "draw"}),
    ("kasteel", {"players": 3}),
    ("spookslot", {"players": 3, "first_player": 3}),
    ("spookslot", {"no_yellow": "yes"}),
    ("splut", {"players": 5}),
    ("vlotte-geesten", {"players": 2, "first_player": -1}),
])
def test_a_refusal_names_the_option_what_it_expects_and_what_came(
    name: str, options: dict[str, Any]
) -> None:
    field, value = list(options.items())[-1]
    with pytest.raises(InvalidOptionError) as found:
        castlerules.make(name, **options)
    message = str(found.value)
    assert f"{field} must be" in message and message.endswith(f", got {quote(value)}"), message


def test_an_unknown_option_is_refused_with_the_options_the_game_takes() -> None:
    with pytest.raises(InvalidOptionError) as found:
        castlerules.make("splut", colour="red")
    assert str(found.value) == (
        "splut: unknown option(s) ['colour']; accepted: players, readings, ruleset")


def test_a_configuration_is_a_frozen_hashable_value_and_makes_its_game() -> None:
    game = castlerules.make("kasteel", level=2, stuck="lose", readings={"capture": "mover-removed"})
    config = game.config
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        config.level = 3  # type: ignore[misc]
    assert hash(config) == hash(castlerules.make("kasteel", **game.options).config)
    again = type(game)(config)
    assert again == game and again.config is config and hash(again) == hash(game)
    assert pickle.loads(pickle.dumps(game)) == game
    assert game.reading("capture") == "mover-removed" == config.readings["kasteel.interp.capture"]
    # a configuration alone, of its own game
    with pytest.raises(InvalidOptionError, match="alone"):
        type(game)(config, level=2)
    with pytest.raises(InvalidOptionError, match="KasteelConfig"):
        type(game)(castlerules.make("splut").config)  # type: ignore[arg-type]


def test_one_game_is_one_configuration_however_its_options_are_spelt() -> None:
    b = default_board()
    names = ["k11", "i11", "j10"]
    listed = [castlerules.make("kasteel", skull_squares=order) for order in
              (names, sorted(names), list(reversed(names)))]
    assert len({g.config for g in listed}) == 1
    assert listed[0].options["skull_squares"] == [b.name(s) for s in sorted(map(b.square, names))]
    standard = castlerules.make("spookslot", die_faces=[1, 2, 3, 4, "ghost", "ghost"],
                                trap_weights={"stairs": 2, "bookcase": 2, "portrait": 2, "axe": 2})
    assert standard == castlerules.make("spookslot") and standard.reading("die-faces") == "standard"
    assert castlerules.make("kasteel", stuck="lose") == castlerules.make(
        "kasteel", readings={"no-legal-move": "lose"})


def test_two_games_are_equal_exactly_when_their_configurations_are() -> None:
    made = [castlerules.make("splut", players=n, readings=r)
            for n in (2, 3) for r in ({}, {"seating": "seating-order"})]
    for a in made:
        for b in made:
            assert (a == b) == (a.config == b.config) == (a.options == b.options)


def _alone(game: Spookslot) -> Spookslot:
    """``game`` made again with pawn caches of its own: no other game's entries can serve it."""
    from castlerules.core.cache import BoundedCache
    from castlerules.spookslot.rules import PAWN_CACHE

    made = Spookslot(game.config)
    made._pawn_cache = BoundedCache(PAWN_CACHE)
    made._mine = BoundedCache(PAWN_CACHE)
    return made


@pytest.mark.parametrize("interpretation", [
    i.id for i in castlerules.make("spookslot").spec.interpretations
    if sum(o.playable and not o.parameter for o in i.options) > 1
])
def test_spookslot_games_of_two_readings_never_share_moves(interpretation: str) -> None:
    """The pawn caches are shared by the games of one signature: the game's class and its
    configuration. Games that differ in one reading, played one after the other on warm caches,
    each move exactly as a game of its own that no other game's entries can serve."""
    spec = castlerules.make("spookslot").spec
    interp = spec.interpretation(interpretation)
    for option in (o.id for o in interp.options if o.playable and not o.parameter):
        try:
            game = castlerules.make("spookslot", players=4, readings={interp.id: option})
        except InvalidOptionError:
            continue  # refused with another reading's default (said by option-refusals)
        alone = _alone(game)
        rng = random.Random(f"{interpretation}={option}")
        state = game.initial_state()
        for _ in range(120):
            if game.is_terminal(state):
                break
            actions = game.legal_actions(state)
            assert actions == alone.legal_actions(state), (option, state)
            if game.is_chance(state):
                outcomes = game.chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:
                action = rng.choice(actions)
            state = game.apply(state, action)


def test_the_command_line_and_the_page_read_the_options_from_the_configuration(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from castlerules.cli.common import option_value
    from castlerules.playground import catalog

    assert option_value("spookslot", "die_faces", "1,2,3,4,5,ghost") == [1, 2, 3, 4, 5, "ghost"]
    assert option_value("spookslot", "trap_weights", "stairs:1;bookcase:2;portrait:1;axe:0") == {
        "stairs": 1, "bookcase": 2, "portrait": 1, "axe": 0}
    code, out, _ = run_cli(capsys, "readings", "kasteel", "--json")
    assert code == 0
    shown = {o["name"]: o for o in json.loads(out)["options"]}
    config = castlerules.game_class("kasteel").config_type
    assert list(shown) == [o.name for o in config.options_info()]
    assert shown["skull_squares"]["kind"] == "list" and shown["level"]["default"] == 1
    page = {g["name"]: g for g in catalog()}
    for name in castlerules.games():
        declared = castlerules.game_class(name).config_type
        assert page[name]["players"] == list(declared.players_range)
        assert [o["name"] for o in page[name]["options"]] == [
            o.name for o in declared.options_info() if o.name != "players"]

