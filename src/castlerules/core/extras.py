"""Optional dependencies: which extra of castlerules brings each, and imports that say so when it is missing.

``pip install castlerules`` brings what importing, playing, replaying, rendering and the command line
need (attrs). The rest comes with an extra: the proofs (z3-solver, covertable) with
``castlerules[verify]``, the Hypothesis strategies with ``castlerules[hypothesis]``, the adapters with
``castlerules[openspiel]`` and ``castlerules[pettingzoo]``, ``simulate --backend dask`` and
``verify --backend dask`` with ``castlerules[dask]``, ``simulate --plot`` with ``castlerules[plot]``.

Code that needs one imports it through :func:`require` (or the lazy :data:`z3`): a missing package
raises :class:`MissingExtraError`, whose one-line message names the ``pip install`` that gives it;
the command line prints that line, never a traceback.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import TYPE_CHECKING, Any

#: The top-level module of each optional dependency -> (its package's name, the extra that brings it).
EXTRAS: dict[str, tuple[str, str]] = {
    "z3": ("z3-solver", "verify"),
    "covertable": ("covertable", "verify"),
    "hypothesis": ("hypothesis", "hypothesis"),
    "matplotlib": ("matplotlib", "plot"),
    "dask": ("dask[distributed]", "dask"),
    "distributed": ("dask[distributed]", "dask"),
    "pyspiel": ("open_spiel", "openspiel"),
    "open_spiel": ("open_spiel", "openspiel"),
    "pettingzoo": ("pettingzoo", "pettingzoo"),
    "gymnasium": ("gymnasium", "pettingzoo"),
}


class MissingExtraError(ImportError):
    """An optional dependency that is not installed. The message is one line naming what needs it
    and the ``pip install "castlerules[EXTRA]"`` that brings it; ``extra`` is that extra's name."""

    def __init__(self, module: str, purpose: str, extra: str | None = None) -> None:
        package, known = EXTRAS.get(module.split(".")[0], (module.split(".")[0], ""))
        extra = known if extra is None else extra
        self.extra = extra
        how = f'pip install "castlerules[{extra}]"' if extra else f"pip install {package}"
        super().__init__(f"{purpose} needs {package}, which is not installed: {how}", name=module)


def install_hint(extra: str) -> str:
    """The command that installs ``extra``: ``pip install "castlerules[verify]"``."""
    return f'pip install "castlerules[{extra}]"'


def require(module: str, purpose: str, extra: str | None = None) -> ModuleType:
    """The module ``module`` (say ``"z3"``), imported; MissingExtraError, naming the extra that
    brings it (``extra``, else the one :data:`EXTRAS` names) and saying that ``purpose`` needs it,
    if it is not installed.

    >>> require("json", "reading JSON").__name__
    'json'
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        missing = (exc.name or module).split(".")[0]
        if missing not in (module.split(".")[0], *EXTRAS):
            raise  # the package is there but broken: its own error says more
        raise MissingExtraError(exc.name or module, purpose, extra) from None


def available(module: str) -> bool:
    """Whether ``module`` can be imported (without importing it when it already is)."""
    import sys

    if module in sys.modules:
        return True
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


class LazyModule:
    """A module imported on its first attribute access (then each name is kept here): the
    theorems are declared, listed and shown without z3, which is imported when a check runs."""

    def __init__(self, module: str, purpose: str) -> None:
        self.__dict__["_lazy"] = (module, purpose)

    def __getattr__(self, name: str) -> Any:
        module, purpose = self.__dict__["_lazy"]
        value = getattr(require(module, purpose), name)
        self.__dict__[name] = value
        return value

    def __repr__(self) -> str:
        return f"<module {self.__dict__['_lazy'][0]!r}, imported on first use>"


if TYPE_CHECKING:
    import z3 as z3
else:
    #: z3, imported when a proof first uses it (``castlerules[verify]``).
    z3 = LazyModule("z3", "checking a theorem")
