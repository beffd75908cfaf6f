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

#: The environment module of each game (``castlerules.envs.<module>``).
MODULES = {
    "vlotte-geesten": "vlotte_geesten_v0",
    "splut": "splut_v0",
    "spookslot": "spookslot_v0",
    "kasteel": "kasteel_v0",
}

#: Version history per game: (version, what changed), oldest first.
VERSIONS: dict[str, tuple[tuple[str, str], ...]] = {
    game: (
        ("v0", "First release: designed int8 observations from the acting player's view, action "
               "masks, terminal rewards, rgb_array pictures (castlerules 0.2)."),
    )
    for game in MODULES
}
