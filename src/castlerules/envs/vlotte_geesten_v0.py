"""Vlotte Geesten as a PettingZoo environment, version 0: ``from castlerules.envs import vlotte_geesten_v0``.

``vlotte_geesten_v0.env(**kwargs)`` is the wrapped AEC environment, ``raw_env`` the raw one (see
``castlerules.envs`` for the keyword arguments); the observation is documented in
``castlerules.vlotte_geesten.observation``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from castlerules.envs._base import CastleAEC, CastleParallel, wrap

if TYPE_CHECKING:  # the environments need pettingzoo: _base says so when it is missing
    from pettingzoo import AECEnv


class raw_env(CastleAEC):
    """Vlotte Geesten, AEC, unwrapped (an illegal action raises)."""

    GAME: ClassVar[str] = "vlotte-geesten"
    VERSION: ClassVar[int] = 0
    metadata = {**CastleAEC.metadata, "name": "vlotte_geesten_v0"}  # noqa: RUF012


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment: an illegal action ends the game with reward -1 for the offender."""
    return wrap(raw_env(**kwargs))


class parallel_env(CastleParallel):
    """Vlotte Geesten as a PettingZoo ParallelEnv: after a roll every player answers at once
    (a grab or a pass); see ``castlerules.envs._base.CastleParallel`` for the race."""

    GAME: ClassVar[str] = "vlotte-geesten"
    VERSION: ClassVar[int] = 0
    metadata = {**CastleParallel.metadata, "name": "vlotte_geesten_v0"}  # noqa: RUF012
