"""The versioned environment module of a game (``castlerules.envs.<game>_v<k>``), made from the
game's declaration: ``raw_env`` (the AEC environment, unwrapped), ``env`` (wrapped as PettingZoo's
classic games are) and, for a game where several players act at once, ``parallel_env``."""

from __future__ import annotations

import types
from typing import Any

from castlerules.core.declaration import GameInfo
from castlerules.envs._base import CastleAEC, CastleParallel, wrap


def fill(module: types.ModuleType, info: GameInfo) -> None:
    """Give ``module`` (``castlerules.envs.<info.env_module>``) the environments of ``info``."""
    name, title = info.env_module, info.title
    module.__doc__ = (
        f"{title} as a PettingZoo environment, version {info.env_version}: ``from castlerules.envs "
        f"import {name}``.\n\n``{name}.env(**kwargs)`` is the wrapped AEC environment, ``raw_env`` "
        "the raw one (see ``castlerules.envs`` for the keyword arguments)."
    )
    raw = types.new_class("raw_env", (CastleAEC,), {}, lambda ns: ns.update(
        GAME=info.name, VERSION=info.env_version, metadata={**CastleAEC.metadata, "name": name},
        __doc__=f"{title}, AEC, unwrapped (an illegal action raises).",
        __module__=module.__name__))

    def env(**kwargs: Any) -> Any:
        """The wrapped environment: an illegal action ends the game with reward -1 for the
        offender."""
        return wrap(raw(**kwargs))

    env.__module__ = module.__name__
    module.raw_env = raw  # type: ignore[attr-defined]
    module.env = env  # type: ignore[attr-defined]
    module.GAME = info.name  # type: ignore[attr-defined]
    module.VERSION = info.env_version  # type: ignore[attr-defined]
    if info.simultaneous:
        module.parallel_env = types.new_class(  # type: ignore[attr-defined]
            "parallel_env", (CastleParallel,), {}, lambda ns: ns.update(
                GAME=info.name, VERSION=info.env_version,
                metadata={**CastleParallel.metadata, "name": name},
                __doc__=(f"{title} as a PettingZoo ParallelEnv: where several players may act, "
                         "every player answers at once; see ``castlerules.envs._base."
                         "CastleParallel`` for the race."),
                __module__=module.__name__))
