"""The PettingZoo adapter under a name that leaves ``pettingzoo`` to the PettingZoo package.

``from castlerules.adapters import pettingzoo`` binds the name ``pettingzoo`` in the importing
module, where it hides the real ``pettingzoo`` package (``import pettingzoo`` before or after it,
``pettingzoo.utils...``). Import this module instead::

    from castlerules.adapters import pettingzoo_env

    env = pettingzoo_env.env("splut", players=3)

It holds the same objects as ``castlerules.adapters.pettingzoo`` (which stays importable).
"""

from __future__ import annotations

from castlerules.adapters.pettingzoo import (
    CallOrderError,
    TerminateIllegal,
    UnknownAgentError,
    agent_name,
    env,
    env_fn,
    raw_env,
)

__all__ = ["CallOrderError", "TerminateIllegal", "UnknownAgentError", "agent_name", "env", "env_fn", "raw_env"]
