"""Splut! as a PettingZoo environment, version 0: ``from castlerules.envs import splut_v0``.

``splut_v0.env(**kwargs)`` is the wrapped AEC environment, ``raw_env`` the raw one (see
``castlerules.envs`` for the keyword arguments); the observation is documented in
``castlerules.splut.observation``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from castlerules.envs._base import CastleAEC, wrap

if TYPE_CHECKING:  # the environments need pettingzoo: _base says so when it is missing
    from pettingzoo import AECEnv


class raw_env(CastleAEC):
    """Splut!, AEC, unwrapped (an illegal action raises)."""

    GAME: ClassVar[str] = "splut"
    VERSION: ClassVar[int] = 0
    metadata = {**CastleAEC.metadata, "name": "splut_v0"}  # noqa: RUF012


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment: an illegal action ends the game with reward -1 for the offender."""
    return wrap(raw_env(**kwargs))
