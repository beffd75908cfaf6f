"""What a game is: its declaration (``GameInfo``), made once in its package's ``declaration``
module and registered in the catalog (``castlerules.core.catalog``).

Everything that differs from game to game — the spec file, the clause prefix, the parts of the
package (theorems, action space, statistics, terminal view, ...), the environment's version, the
headline statements, the bots' budget — is read from the declaration, never from a table keyed by
the game's name (python-chess's ``VARIANTS``, OpenSpiel's ``register_game``).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from castlerules.core import spec as _spec
from castlerules.core.errors import SpecError

#: The parts a game's package may have, each a module of the package with the functions named
#: here (``GameInfo.part``; a test checks that every declared part has them). The rules never
#: import these: they are built on the rules.
PARTS: Mapping[str, tuple[str, ...]] = {
    # theorems(game): the game's theorems under its options and readings
    "theorems": ("theorems",),
    # action_universe(game): every action the game can take, in a fixed order (the adapters' ids)
    "space": ("action_universe",),
    # shape(game), encode(game, state, player), CHANNELS: what a learning agent sees
    "observation": ("shape", "encode", "CHANNELS"),
    # picture(game, state): an (H, W, 3) picture of a position (the environments' rgb_array)
    "picture": ("picture",),
    # counters(game, states, actions): what ``castlerules simulate`` counts in one game
    "stats": ("counters",),
    # PRESENTATION: how the game is shown and told, in the terminal and on the Play page
    "present": ("PRESENTATION",),
    # canon(game): what ``castlerules solve`` keeps of a position and its canonical code
    "solve": ("canon",),
}

_NAME = r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$"


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _check_parts(info: GameInfo, attribute: Any, value: tuple[str, ...]) -> None:
    unknown = sorted(set(value) - set(PARTS))
    if unknown:
        raise SpecError(f"{info.name}: unknown parts {unknown}; the parts are: {', '.join(PARTS)}")


@attrs.frozen(kw_only=True)
class GameInfo:
    """What a game is, declared once in its package: the catalog, the command line, the
    environments, the adapters, the Play page and the docs all read it from here.

    ``rules`` names the game class ``make`` makes, the rules with their notation and pictures, as
    ``"module:Class"`` (imported on first use; the packaged games' is in their ``game`` module,
    beside the ``rules`` module it derives from); ``package`` is the module whose
    ``<package>.<part>`` modules hold the parts listed in ``parts``; ``spec`` names the rulebook
    data as ``"package:file.toml"`` (default: the packaged ``specs/<name>.toml``).
    """

    #: The name ``castlerules.make`` takes (lower case, words joined by ``-``).
    name: str = attrs.field(validator=attrs.validators.matches_re(_NAME))
    #: The prefix of the game's clause and interpretation ids (``vg`` in ``vg.doel.winnaar``).
    prefix: str = attrs.field(validator=attrs.validators.matches_re(r"^[a-z][a-z0-9]*$"))
    #: The package that declares the game (``__name__`` of its ``__init__``).
    package: str
    #: The game class ``make`` makes, ``"module:Class"``.
    rules: str = attrs.field(validator=attrs.validators.matches_re(r"^[\w.]+:\w+$"))
    #: One line for a person: what the game is about.
    blurb: str
    #: The rulebook data, ``"package:file"``; "" for ``castlerules.specs:<name>.toml``.
    spec: str = ""
    #: The optional parts the package has (see ``PARTS``).
    parts: tuple[str, ...] = attrs.field(default=(), converter=_names, validator=_check_parts)
    #: The version of its PettingZoo environment (``castlerules.envs.<module>_v<version>``).
    env_version: int = 0
    #: Several players act at once in the game's rounds (its environment has a ``parallel_env``).
    simultaneous: bool = False
    #: The statements the game is known for, each with the theorem ids that establish it.
    headlines: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: OpenSpiel's ``mcts`` example for this game: (simulations a move, rollout plies).
    mcts: tuple[int, int] = (300, 100)
    #: How many random games the docs simulate for the game's statistics.
    doc_games: int = 200

    @property
    def spec_source(self) -> str:
        return self.spec or f"castlerules.specs:{self.name}.toml"

    @property
    def module_name(self) -> str:
        """The game's name as a Python identifier (``vlotte_geesten``): its environment's module
        is ``castlerules.envs.<module_name>_v<env_version>``."""
        return self.name.replace("-", "_")

    @property
    def env_module(self) -> str:
        return f"{self.module_name}_v{self.env_version}"

    @property
    def cls(self) -> Any:
        """The rules class (imported on first use; ``castlerules.core.catalog.game_class`` gives
        it typed)."""
        module, name = self.rules.split(":")
        return getattr(importlib.import_module(module), name)

    @property
    def title(self) -> str:
        """The rulebook's title (from the spec)."""
        return _spec.load_spec(self.name).title

    @property
    def player_counts(self) -> tuple[int, ...]:
        """Every player count the rulebook names."""
        low, high = self.cls.players_range
        return tuple(range(low, high + 1))

    def has(self, part: str) -> bool:
        return part in self.parts

    def part(self, part: str) -> Any:
        """The module of ``part`` (``theorems``, ``space``, ...), or None when the game has none."""
        if part not in PARTS:
            raise SpecError(f"no part {part!r}; the parts are: {', '.join(PARTS)}")
        if part not in self.parts:
            return None
        return importlib.import_module(f"{self.package}.{part}")
