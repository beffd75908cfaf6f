"""Deprecated since 0.3 (goes in 0.4): use ``castlerules.envs``. The PettingZoo adapter under a name
that leaves ``pettingzoo`` to the PettingZoo package.

``from castlerules.adapters import pettingzoo`` binds the name ``pettingzoo`` in the importing
module, where it hides the real ``pettingzoo`` package (``import pettingzoo`` before or after it,
``pettingzoo.utils...``). Import this module instead::

    from castlerules.adapters import pettingzoo_env

    env = pettingzoo_env.env("splut", players=3)

It holds the same objects as ``castlerules.adapters.pettingzoo`` (which stays importable).
"""

from __future__ import annotations

import warnings

from castlerules.adapters.pettingzoo import (
    CallOrderError,
    TerminateIllegal,
    UnknownAgentError,
    agent_name,
    env,
    env_fn,
    raw_env,
)

warnings.warn(
    "castlerules.adapters.pettingzoo_env is deprecated since castlerules 0.3 and goes in 0.4: use "
    "castlerules.envs (castlerules.envs.env(game, observation='fields') is the same environment)",
    DeprecationWarning, stacklevel=2,
)

__all__ = ["CallOrderError", "TerminateIllegal", "UnknownAgentError", "agent_name", "env", "env_fn", "raw_env"]
