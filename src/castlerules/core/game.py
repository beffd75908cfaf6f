"""The Game protocol every castlerules game implements, and the shared base class."""

from __future__ import annotations

import abc
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar

from castlerules.core import jsonio
from castlerules.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    InvalidStateError,
    Violation,
)
from castlerules.core.spec import GameSpec, load_spec

S = TypeVar("S")
A = TypeVar("A")


class Game(abc.ABC, Generic[S, A]):
    """A game's rules as pure functions over immutable states.

    Subclasses implement the abstract methods; ``apply`` and ``is_legal`` are derived from
    ``violation`` and ``successor`` so that the legality predicate is the one place that decides.
    At a chance node the actions are the chance outcomes.
    """

    #: The name used by ``castlerules.make``.
    name: ClassVar[str]
    #: The attrs class of states (used for JSON).
    state_type: ClassVar[type]
    #: A documented cap on the length of random playouts (plies); games end long before it.
    playout_cap: ClassVar[int] = 100_000

    @classmethod
    def variants(cls) -> tuple[dict[str, Any], ...]:
        """Option sets that together cover every player count and variant the rulebook names
        (the conformance tests run each)."""
        return ({},)

    def __init__(self, options: Mapping[str, Any]) -> None:
        self._options = dict(options)

    # -- identity --------------------------------------------------------------------------
    @property
    def options(self) -> dict[str, Any]:
        """The options this game was made with, JSON-able, such that ``make(name, **options)``
        makes an equal game."""
        return dict(self._options)

    @property
    @abc.abstractmethod
    def num_players(self) -> int: ...

    @property
    def spec(self) -> GameSpec:
        """The rulebook data: clauses and interpretations."""
        return load_spec(self.name)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"castlerules.make({self.name!r}{', ' if opts else ''}{opts})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game) and self.name == other.name and self._options == other._options
        )

    def __hash__(self) -> int:
        return hash((self.name, repr(sorted(self._options.items()))))

    # -- the protocol ----------------------------------------------------------------------
    @abc.abstractmethod
    def initial_state(self) -> S: ...

    @abc.abstractmethod
    def is_terminal(self, state: S) -> bool: ...

    @abc.abstractmethod
    def winners(self, state: S) -> frozenset[int]:
        """The winning players at a terminal state (several: a tie); empty before the end."""

    @abc.abstractmethod
    def is_chance(self, state: S) -> bool: ...

    @abc.abstractmethod
    def chance_outcomes(self, state: S) -> tuple[tuple[Any, Fraction], ...]:
        """At a chance node: every outcome with its exact probability (they sum to 1)."""

    @abc.abstractmethod
    def actors(self, state: S) -> frozenset[int]:
        """The players who may act now (empty at chance and terminal states)."""

    @abc.abstractmethod
    def legal_actions(self, state: S) -> tuple[Any, ...]:
        """All legal actions in a deterministic order; at a chance node, the outcomes."""

    @abc.abstractmethod
    def candidate_actions(self, state: S) -> tuple[Any, ...]:
        """A superset of the legal actions: every well-formed action of this state's kind,
        legal or not. Used to cross-check ``violation`` against ``legal_actions``."""

    @abc.abstractmethod
    def violation(self, state: S, action: Any) -> Violation | None:
        """None if ``action`` is legal in ``state``; else the clause it breaks."""

    @abc.abstractmethod
    def successor(self, state: S, action: Any) -> S:
        """The next state, assuming ``action`` is legal (unchecked; use ``apply``)."""

    @abc.abstractmethod
    def action_to_str(self, state: S, action: Any) -> str: ...

    @abc.abstractmethod
    def parse_action(self, state: S, text: str) -> Any:
        """The action ``text`` names in ``state``; ParseError if it names none."""

    def validate_state(self, state: S) -> None:
        """Raise InvalidStateError if ``state`` is inconsistent with this game's options."""

    # -- derived ---------------------------------------------------------------------------
    def is_legal(self, state: S, action: Any) -> bool:
        return self.violation(state, action) is None

    def apply(self, state: S, action: Any) -> S:
        """The state after ``action``; IllegalActionError (with the clause) if it is illegal."""
        found = self.violation(state, action)
        if found is not None:
            raise IllegalActionError(found)
        return self.successor(state, action)

    def state_to_json(self, state: S) -> str:
        return jsonio.dumps(state)

    def state_from_json(self, text: str | bytes) -> S:
        state: S = jsonio.loads(self.state_type, text)
        self.validate_state(state)
        return state

    def theorems(self) -> tuple[Any, ...]:
        """The game's theorems (see ``castlerules.core.theorem``)."""
        return ()

    def render(self, state: S) -> str:
        """A plain-text picture of ``state``."""
        return repr(state)

    def render_svg(self, state: S) -> str:
        """An SVG picture of ``state`` (games override this; the default shows the text picture)."""
        from xml.sax.saxutils import escape

        lines = self.render(state).splitlines() or [""]
        height = 18 * len(lines) + 12
        width = 9 * max(len(line) for line in lines) + 20
        text = "".join(
            f'<text x="10" y="{18 * (i + 1)}" xml:space="preserve">{escape(line)}</text>'
            for i, line in enumerate(lines)
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'font-family="monospace" font-size="14">{text}</svg>'
        )

    def action_universe(self) -> tuple[Any, ...]:
        """Every action (chance outcomes included) this game can ever take, in a fixed order: the
        stable integer ids of the adapters are indices into it. Games define it in their package's
        ``space`` module as ``action_universe(game)``."""
        import importlib

        package = type(self).__module__.rsplit(".", 1)[0]
        try:
            module = importlib.import_module(f"{package}.space")
        except ModuleNotFoundError as exc:
            raise InvalidOptionError(f"{self.name} defines no action universe") from exc
        universe: tuple[Any, ...] = module.action_universe(self)
        return universe


def check_player_count(players: Any, low: int, high: int) -> int:
    """Validate a ``players`` option."""
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise InvalidOptionError(
            f"players must be an integer from {low} to {high}, got {players!r}"
        )
    return players


def require(condition: bool, message: str) -> None:
    """Raise InvalidStateError(message) unless ``condition``."""
    if not condition:
        raise InvalidStateError(message)
