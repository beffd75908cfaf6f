"""Versioned PettingZoo environments, one module per game, in PettingZoo's convention::

    from castlerules.envs import splut_v0

    env = splut_v0.env(players=3, render_mode="rgb_array")

Each module gives ``env(**kwargs)`` (wrapped as PettingZoo's classic games are), ``raw_env`` and,
where several players act at once (Vlotte Geesten's grabs), ``parallel_env``. Keyword arguments:
``render_mode`` (``"ansi"``, ``"human"``, ``"rgb_array"``), ``max_plies`` (a positive integer;
``None``: the game's playout cap), ``observation`` (``"planes"``, the game's designed
observation, or ``"fields"``, the generic field vector) and the game's options (``players``,
``readings``, ``ruleset``, ...). Observations are documented channel by channel in
``castlerules.<game>.observation``. Needs ``pip install "castlerules[pettingzoo]"``.

The version of a module goes up whenever its observations, actions, rewards or dynamics change, so
a result obtained with ``splut_v0`` stays comparable. ``VERSIONS`` records each version's changes.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from types import ModuleType
from typing import Any

#: The first version's changes (every game's environment is at version 0 so far).
FIRST_RELEASE = (
    "v0", "First release: designed int8 observations from the acting player's view, action "
          "masks, terminal rewards, rgb_array pictures (castlerules 0.2)."
)


def _declared(module: str) -> Any:
    """The declaration of the game whose environment module is ``module`` (None if none)."""
    from castlerules.core.catalog import infos

    return next((g for g in infos() if g.env_module == module), None)


def env(game: str, **kwargs: Any) -> Any:
    """The wrapped environment of ``game`` (any spelling ``castlerules.make`` takes), at its
    current version: ``env("splut", players=3)`` is ``splut_v0.env(players=3)``."""
    from castlerules.core.catalog import info

    return importlib.import_module(f"{__name__}.{info(game).env_module}").env(**kwargs)


def __getattr__(name: str) -> Any:
    """``MODULES`` (game name -> its environment's module name, ``castlerules.envs.<module>``),
    ``VERSIONS`` (game name -> its version history, oldest first), and each game's environment
    module, from the games' declarations."""
    from castlerules.core.catalog import infos

    if name == "MODULES":
        return {g.name: g.env_module for g in infos()}
    if name == "VERSIONS":
        return {g.name: (FIRST_RELEASE,) for g in infos()}
    if not name.startswith("_") and _declared(name) is not None:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _Environments(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``castlerules.envs.<game>_v<k>`` for every declared game and makes its module
    (``_versioned.fill``), so ``import castlerules.envs.splut_v0`` and ``from castlerules.envs
    import splut_v0`` work for a game registered by anyone."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        parent, _, short = fullname.rpartition(".")
        if parent != __name__ or short.startswith("_") or _declared(short) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: Any) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        from castlerules.envs._versioned import fill

        fill(module, _declared(module.__name__.rpartition(".")[2]))


if not any(isinstance(f, _Environments) for f in sys.meta_path):
    sys.meta_path.append(_Environments())
