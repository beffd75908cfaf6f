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

from typing import Any

#: The first version's changes (every game's environment is at version 0 so far).
FIRST_RELEASE = (
    "v0", "First release: designed int8 observations from the acting player's view, action "
          "masks, terminal rewards, rgb_array pictures (castlerules 0.2)."
)


def __getattr__(name: str) -> Any:
    """``MODULES`` (game name -> its environment's module name, ``castlerules.envs.<module>``)
    and ``VERSIONS`` (game name -> its version history, oldest first), from the games'
    declarations."""
    from castlerules.core.catalog import infos

    if name == "MODULES":
        return {g.name: g.env_module for g in infos()}
    if name == "VERSIONS":
        return {g.name: (FIRST_RELEASE,) for g in infos()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
