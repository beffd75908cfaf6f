"""The Game protocol every castlerules game implements, and the shared base class."""

from __future__ import annotations

import abc
import functools
import inspect
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from castlerules.core import jsonio
from castlerules.core.config import Config
from castlerules.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    InvalidStateError,
    ParseError,
    Violation,
    quote,
)
from castlerules.core.outcome import Outcome, Termination
from castlerules.core.spec import GameSpec, load_spec

if TYPE_CHECKING:
    from castlerules.core.declaration import GameInfo

S = TypeVar("S")
A = TypeVar("A")

#: The longest position text ``state_from_text`` reads (characters).
MAX_POSITION_CHARS = 100_000


def _remade(cls: type[Any], options: dict[str, Any]) -> Any:
    """A pickled game, made again from its class and options (``Game.__reduce__``)."""
    return cls(**options)


class GameIdentity:
    """A game's identity: its configuration (the options and readings it was made with, one frozen
    value of the game's ``config_type``), the rulebook data it is read against, and what follows
    from them (its options, repr, equality, hash and pickling). ``Game`` is one; its ``__init__``
    makes the configuration."""

    name: ClassVar[str]
    #: The class of the game's configuration (``castlerules.core.config.Config``): its keyword
    #: options with their defaults and checks, and the readings.
    config_type: ClassVar[type[Config]]
    #: The game's configuration: what it was made with, validated (``config_type.make``).
    config: Config
    _options: dict[str, Any]

    @property
    def num_players(self) -> int:
        """How many players this game has (its ``players`` option).

        >>> import castlerules
        >>> castlerules.make("splut", players=3).num_players
        3
        """
        return self.config.players

    def _configure(self, config: Any) -> None:
        """What the rules read from the game's configuration, as plain attributes of the game:
        once, when it is made, so no hot path looks a reading up (a game's rules class defines
        it)."""

    def _tables(self) -> None:
        """The tables and caches the rules build from what ``_configure`` read, and the checks of
        the options that need them (a game's rules class defines it; the default builds none)."""

    # -- identity --------------------------------------------------------------------------
    @property
    def options(self) -> dict[str, Any]:
        """The options this game was made with, JSON-able, such that ``make(name, **options)``
        makes an equal game (non-default readings without a keyword under ``"readings"``;
        ``config.recorded()``)."""
        out = dict(self._options)
        if "readings" in out:
            out["readings"] = dict(out["readings"])
        return out

    @property
    def readings(self) -> dict[str, str]:
        """The option id this game plays for every interpretation (full interpretation ids)."""
        return self.config.readings.as_dict()

    def reading(self, interpretation: str) -> str:
        """The option id this game plays for ``interpretation`` (full or short id; SpecError for
        an interpretation the game has not)."""
        try:
            return self.config.readings[interpretation]
        except KeyError:
            return self.config.readings[self.spec.interpretation(interpretation).id]

    @property
    def spec(self) -> GameSpec:
        """The rulebook data: clauses and interpretations."""
        return load_spec(self.name)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"castlerules.make({self.name!r}{', ' if opts else ''}{opts})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.name == other.name and self.config == other.config

    def __hash__(self) -> int:
        return hash((self.name, self.config))

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its class and its options and is made again on loading: never its
        caches, which may be shared by every game of the module (Spookslot's move caches, keyed
        by each game's class and configuration)."""
        return (_remade, (type(self), dict(self._options)))


class Game(GameIdentity, abc.ABC, Generic[S, A]):
    """A game's rules as pure functions over immutable states.

    Subclasses implement the abstract methods; ``apply`` and ``is_legal`` are derived from
    ``violation`` and ``successor`` so that the legality predicate is the one place that decides.
    ``violation`` refuses anything that is not one of the game's ``action_types`` (a string, say)
    with an ``InvalidActionError`` before the game's own ``rule_violation`` sees it.
    At a chance node the actions are the chance outcomes.

    Game objects hold no mutable state that could differ between threads: a referee may share one
    game object between threads (caches, where a game has them, are ``core.cache.BoundedCache``).
    """

    #: The game's declaration (``castlerules.core.catalog.GameInfo``), made in its package.
    info: ClassVar[GameInfo]
    #: The name used by ``castlerules.make`` (the declaration's).
    name: ClassVar[str]
    #: The attrs class of states (used for JSON).
    state_type: ClassVar[type]
    #: Every class of action and chance outcome of the game.
    action_types: ClassVar[tuple[type, ...]] = ()
    #: The fewest and most players the rulebook names.
    players_range: ClassVar[tuple[int, int]] = (2, 2)
    #: A documented cap on the length of random playouts (plies); games end long before it.
    playout_cap: ClassVar[int] = 100_000

    @classmethod
    def variants(cls) -> tuple[dict[str, Any], ...]:
        """Option sets that together cover every player count and variant the rulebook names
        (the conformance tests run each)."""
        return ({},)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game class takes its name from its declaration (``info``), and its player range, the
        signature of its options (what ``help`` and ``inspect.signature`` show) and their
        documentation from its configuration (``config_type``)."""
        super().__init_subclass__(**kwargs)
        _guard_methods(cls)
        if "info" in cls.__dict__:
            cls.name = cls.info.name
            if cls.__doc__ and getattr(cls, "config_type", None) is not None:
                cls.__doc__ = cls.__doc__.rstrip() + "\n\n" + cls.config_type.options_doc("    ")
        if "config_type" in cls.__dict__:
            cls.players_range = cls.config_type.players_range
            cls.__signature__ = cls.config_type.signature()  # type: ignore[attr-defined]

    def __init__(self, config: Config | None = None, /, **options: Any) -> None:
        """Make the game with ``options`` (the keywords of ``make``), validated at once by its
        configuration (``config_type.make``: InvalidOptionError names the option, what it expects
        and what came), or from a configuration made before; then the rules read what they need
        from it (``_configure``) and build their tables (``_tables``), once."""
        if config is None:
            config = self.config_type.make(**options)
        elif options or type(config) is not self.config_type:
            raise InvalidOptionError(
                f"{self.name}: give a {self.config_type.__name__} alone, or keyword options, "
                f"got {quote(config)}"
            )
        self.config = config
        self._options = config.recorded()
        self._action_classes = frozenset(self.action_types)
        self._configure(config)
        self._tables()

    # -- the protocol ----------------------------------------------------------------------
    @abc.abstractmethod
    def initial_state(self) -> S:
        """The state the game starts in: a frozen attrs value, hashable and equal by value.

        >>> import castlerules
        >>> game = castlerules.make("kasteel")
        >>> game.initial_state() == game.initial_state()
        True
        """

    @abc.abstractmethod
    def is_terminal(self, state: S) -> bool:
        """Whether the game is over at ``state`` (then ``outcome`` says who won and why).

        >>> import castlerules
        >>> game = castlerules.make("kasteel")
        >>> game.is_terminal(game.initial_state())
        False
        """

    @abc.abstractmethod
    def winners(self, state: S) -> frozenset[int]:
        """The winning players at a terminal state (several: a tie); empty before the end.

        >>> import castlerules
        >>> game = castlerules.make("vlotte-geesten", players=2)
        >>> game.winners(game.state_from_text("20,15 0 0 p0 - - - -"))
        frozenset({0})
        """

    @abc.abstractmethod
    def is_chance(self, state: S) -> bool:
        """Whether chance acts next at ``state`` (a roll, a drop): then ``chance_outcomes`` are
        the actions, and ``actors`` is empty.

        >>> import castlerules
        >>> game = castlerules.make("vlotte-geesten", players=2)
        >>> game.is_chance(game.initial_state())
        True
        """

    @abc.abstractmethod
    def chance_outcomes(self, state: S) -> tuple[tuple[A, Fraction], ...]:
        """At a chance node: every outcome with its exact probability (they sum to 1); elsewhere
        empty.

        >>> import castlerules
        >>> game = castlerules.make("vlotte-geesten", players=2)
        >>> outcomes = game.chance_outcomes(game.initial_state())
        >>> len(outcomes), outcomes[0][1], sum(p for _, p in outcomes)
        (3125, Fraction(1, 3125), Fraction(1, 1))
        """

    @abc.abstractmethod
    def actors(self, state: S) -> frozenset[int]:
        """The players who may act now (empty at chance and terminal states; several where the
        rules let several act at once, as Vlotte Geesten's grab).

        >>> import castlerules
        >>> game = castlerules.make("vlotte-geesten", players=2)
        >>> game.actors(game.play(game.initial_state(), "roll bottle bottle chair mouse bottle"))
        frozenset({0, 1})
        """

    @abc.abstractmethod
    def legal_actions(self, state: S) -> tuple[A, ...]:
        """All legal actions in a deterministic order, without duplicates; at a chance node, the
        outcomes; at the end, none.

        >>> import castlerules
        >>> game = castlerules.make("splut")
        >>> game.legal_actions(game.initial_state())[0]
        Step('p0 d2-d3')
        """

    def legal_actions_of(self, state: S, player: int) -> tuple[A, ...]:
        """The legal actions of ``player`` (where several players may act, only theirs; at a chance
        node, the outcomes). Games with several actors may override it with something faster.

        >>> import castlerules
        >>> game = castlerules.make("vlotte-geesten", players=2)
        >>> rolled = game.play(game.initial_state(), "roll bottle bottle chair mouse bottle")
        >>> game.legal_actions_of(rolled, 1)[:2]
        (Pass('p1 pass'), Grab('p1 grab chair'))
        """
        legal = self.legal_actions(state)
        if len(self.actors(state)) <= 1:
            return legal
        return tuple(a for a in legal if getattr(a, "player", None) == player)

    @abc.abstractmethod
    def candidate_actions(self, state: S) -> tuple[A, ...]:
        """A superset of the legal actions: every well-formed action of this state's kind,
        legal or not. Used to cross-check ``violation`` against ``legal_actions``."""

    def violation(self, state: S, action: A) -> Violation | None:
        """None if ``action`` is legal in ``state``; else the ``Violation``: the clause it breaks,
        why, and the clause's Dutch text.

        Raises InvalidActionError if ``action`` is not an action of this game at all (text, for
        example: use ``parse_action`` or ``play``).

        >>> import castlerules
        >>> game = castlerules.make("splut")
        >>> state = game.initial_state()
        >>> print(game.violation(state, game.parse_action(state, "p0 Sd2-d3")))
        None
        >>> found = game.violation(state, game.parse_action(state, "p0 e1-e2"))
        >>> found.clause, found.reason
        ('splut.beweging.eigen-team', 'player 0 has no piece on e1')
        """
        if action.__class__ not in self._action_classes:
            raise self.not_an_action(action)
        return self.rule_violation(state, action)

    @abc.abstractmethod
    def rule_violation(self, state: S, action: A) -> Violation | None:
        """``violation`` for an action of one of the game's ``action_types``."""

    @abc.abstractmethod
    def successor(self, state: S, action: A) -> S:
        """The next state, assuming ``action`` is legal (unchecked; use ``apply``)."""

    @abc.abstractmethod
    def action_to_str(self, state: S, action: A) -> str:
        """The notation of ``action`` in ``state``, whole: what ``parse_action`` reads back.
        (``str(action)`` writes it without what only the state knows, such as Splut's piece
        letter or Kasteel's ``x`` of a capture.)

        >>> import castlerules
        >>> game = castlerules.make("splut")
        >>> state = game.initial_state()
        >>> step = game.legal_actions(state)[0]
        >>> game.action_to_str(state, step), str(step)
        ('p0 Sd2-d3', 'p0 d2-d3')
        """

    @abc.abstractmethod
    def parse_action(self, state: S, text: str) -> A:
        """The action ``text`` names in ``state``; ParseError if it names none.

        >>> import castlerules
        >>> game = castlerules.make("splut")
        >>> game.parse_action(game.initial_state(), "p0 Sd2-d3")
        Step('p0 d2-d3')
        """

    @abc.abstractmethod
    def state_to_text(self, state: S) -> str:
        """The one-line position text of ``state`` (see the game's notation module); the
        ``repr`` of a state is the ``castlerules.position`` call that reads it back.

        >>> import castlerules
        >>> game = castlerules.make("vlotte-geesten", players=2)
        >>> game.state_to_text(game.initial_state())
        '0,0 35 0 p0 - - - -'
        """

    @abc.abstractmethod
    def parse_position(self, text: str) -> S:
        """The state a position text describes, not yet validated; ParseError names the column."""

    def validate_state(self, state: S) -> None:
        """Raise InvalidStateError if ``state`` is inconsistent with this game's options."""

    # -- derived ---------------------------------------------------------------------------
    def not_an_action(self, action: Any) -> InvalidActionError:
        """The error for a value that is not an action of this game."""
        if isinstance(action, str | bytes):
            return InvalidActionError(
                f"{self.name}: an action object is needed, not the text {quote(action)}; "
                "use game.play(state, text) or game.parse_action(state, text)"
            )
        kinds = ", ".join(t.__name__ for t in self.action_types)
        other = _game_of(action)
        if other is not None and other != self.name:
            return InvalidActionError(
                f"{self.name}: {quote(action)} is an action of {other}, not of {self.name} "
                f"(its actions: {kinds})"
            )
        return InvalidActionError(
            f"{self.name}: {quote(action)} is not an action of this game (its actions: {kinds})"
        )

    def is_legal(self, state: S, action: A) -> bool:
        """Whether ``action`` is legal in ``state``: ``violation(state, action) is None``, and
        False for any value that is not an action of this game (text, a number, another game's
        action). A state of another game raises InvalidStateError.

        >>> import castlerules
        >>> game = castlerules.make("kasteel")
        >>> state = game.initial_state()
        >>> game.is_legal(state, game.legal_actions(state)[0]), game.is_legal(state, "junk")
        (True, False)
        """
        if action.__class__ not in self._action_classes:
            return False
        return self.rule_violation(state, action) is None

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended at ``state``: an ``Outcome`` with the winners and the
        ``Termination`` (why, and the clause that says so); None while the game goes on.

        >>> import castlerules
        >>> game = castlerules.make("vlotte-geesten", players=2)
        >>> end = game.state_from_text("20,15 0 0 p0 - - - -")
        >>> print(game.outcome(end))
        p0 wins: the supply of points is empty [vg.einde.voorraad-leeg]
        """
        if not self.is_terminal(state):
            return None
        return Outcome(self.winners(state), self.termination(state))

    @abc.abstractmethod
    def termination(self, state: S) -> Termination:
        """Why the game ended at the terminal state ``state`` (see ``outcome``)."""

    def foreign_state(self, state: Any) -> InvalidStateError:
        """The error for a value given where a state of this game belongs: it names the game the
        value belongs to, if it is another castlerules game's."""
        other = _game_of(state)
        kind = type(state).__name__
        if other is not None:
            return InvalidStateError(
                f"{self.name}: a state of {other} ({kind}) is not a state of {self.name}"
            )
        return InvalidStateError(
            f"{self.name}: {quote(state)} ({kind}) is not a state of {self.name} "
            f"(its states are {self.state_type.__name__} objects)"
        )

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; IllegalActionError (with the clause) if it is illegal.
        ``state`` is never changed.

        >>> import castlerules
        >>> game = castlerules.make("splut")
        >>> state = game.initial_state()
        >>> after = game.apply(state, game.legal_actions(state)[0])
        >>> after != state, game.state_to_text(state) == game.state_to_text(game.initial_state())
        (True, True)
        """
        # the guard has checked the state; the action is checked here once, and the game's own
        # rule_violation and successor are called past their guards (a ply's hot path)
        if action.__class__ not in self._action_classes:
            raise self.not_an_action(action)
        cls = self.__class__
        found = _unguarded(cls.rule_violation)(self, state, action)
        if found is not None:
            raise IllegalActionError(found)
        return _unguarded(cls.successor)(self, state, action)  # type: ignore[no-any-return]

    def play(self, state: S, text: str) -> S:
        """``apply(state, parse_action(state, text))``: one move given as text.

        >>> import castlerules
        >>> game = castlerules.make("splut")
        >>> game.state_to_text(game.play(game.initial_state(), "p0 Sd2-d3")).split()[0]
        'Sd3,Tf2,De2/Sf8,Td8,De8'
        """
        return self.apply(state, self.parse_action(state, text))

    def state_from_text(self, text: str) -> S:
        """The state a position text describes, validated like JSON (ParseError names the column,
        InvalidStateError the inconsistency).

        >>> import castlerules
        >>> game = castlerules.make("vlotte-geesten", players=2)
        >>> game.state_from_text("0,0 35 0 p0 - - - -") == game.initial_state()
        True
        """
        if not isinstance(text, str):
            raise ParseError(f"position text must be a string, got {type(text).__name__}")
        if len(text) > MAX_POSITION_CHARS:
            raise ParseError(f"position text of {len(text)} characters is too long")
        state = self.parse_position(text)
        self.validate_state(state)
        return state

    def state_to_json(self, state: S) -> str:
        """The state as JSON: ``{"format": 1, "game": NAME, "state": {...}}`` (see
        ``json_schema``).

        >>> import castlerules
        >>> game = castlerules.make("kasteel")
        >>> game.state_to_json(game.initial_state())[:39]
        '{"format":1,"game":"kasteel","state":{"'
        """
        return jsonio.dump_envelope(self.name, state)

    def state_from_json(self, text: str | bytes) -> S:
        """A state from JSON (this version's envelope, or the bare state object of format 0),
        validated; InvalidStateError names what is wrong.

        >>> import castlerules
        >>> game = castlerules.make("kasteel")
        >>> state = game.initial_state()
        >>> game.state_from_json(game.state_to_json(state)) == state
        True
        """
        state: S = jsonio.load_envelope(self.name, self.state_type, text)
        self.validate_state(state)
        return state

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of this game's state JSON.

        >>> import castlerules
        >>> castlerules.make("kasteel").json_schema()["$schema"]
        'https://json-schema.org/draft/2020-12/schema'
        """
        return jsonio.envelope_schema(self.name, self.state_type)

    def theorems(self) -> tuple[Any, ...]:
        """The game's theorems under this game's options and readings: ``theorems(game)`` of the
        game package's ``theorems`` module (found by name, so the rules never import their proofs),
        each told what it runs under (readings, player count, the other keyword options) and with
        its ``depends_on`` interpretation ids made full."""
        import json

        import attrs

        from castlerules.core.errors import SpecError

        module = self.info.part("theorems")
        if module is None:
            return ()
        spec = self.spec
        chosen = {i.id: i.default for i in spec.interpretations}
        changed = tuple(sorted((k, v) for k, v in self.readings.items() if chosen.get(k) != v))
        defaults = self.config_type.defaults()
        options = tuple(sorted(
            (k, json.dumps(v, sort_keys=True, separators=(",", ":")))
            for k, v in self.options.items()
            if k not in ("players", "readings") and (k not in defaults or defaults[k] != v)
        ))

        keywords = {"players", *defaults}

        def full(names: tuple[str, ...]) -> tuple[str, ...]:
            """Interpretation ids made full; a name that is a keyword option of ``make``
            (``players``, ``board``) stays too, even where it is also an interpretation's short
            id."""
            out: list[str] = []
            for name in names:
                try:
                    found = [spec.interpretation(name).id]
                except SpecError:
                    found = []
                if name in keywords or not found:
                    found.append(name)
                out += [f for f in found if f not in out]
            return tuple(out)

        return tuple(
            attrs.evolve(
                t, readings=changed, players=self.num_players, options=options,
                depends_on=full(t.depends_on), all_options_of=full(t.all_options_of),
            )
            for t in module.theorems(self)
        )

    def render(self, state: S) -> str:
        """A plain-text picture of ``state`` that shows its position text (the conformance kit
        checks it; the terminal game prints only this).

        >>> import castlerules
        >>> game = castlerules.make("vlotte-geesten", players=2)
        >>> print(game.render(game.initial_state()).splitlines()[0])
        scores: p0=0  p1=0
        """
        return f"{self!r}\nposition: {self.state_to_text(state)}"

    def describe_chance(self, state: S, outcome: A) -> str:
        """A chance outcome in words, as a person at the table tells it ("a skull falls on m10");
        games override it (by default: the outcome's notation).

        >>> import castlerules
        >>> game = castlerules.make("kasteel")
        >>> state = game.initial_state()
        >>> game.describe_chance(state, game.legal_actions(state)[0])
        'a skull falls on a9'
        """
        return self.action_to_str(state, outcome)

    def render_svg(self, state: S, highlight: tuple[str, ...] = ()) -> str:
        """An SVG picture of ``state`` with the squares named in ``highlight`` marked (games
        override this; the default shows the text picture).

        >>> import castlerules
        >>> game = castlerules.make("splut")
        >>> game.render_svg(game.initial_state(), highlight=("d2",)).startswith("<svg")
        True
        """
        from castlerules.core.markup import escape

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

    def action_universe(self) -> tuple[A, ...]:
        """Every action (chance outcomes included) this game can ever take, in a fixed order: the
        stable integer ids of the adapters are indices into it. Games define it in their package's
        ``space`` module as ``action_universe(game)``."""
        module = self.info.part("space")
        if module is None:
            raise InvalidOptionError(f"{self.name} defines no action universe")
        universe: tuple[A, ...] = module.action_universe(self)
        return universe


#: The methods whose first argument is a state of the game: each checks it is one (a state of
#: another game is an InvalidStateError naming both games, not an AttributeError deep inside).
STATE_METHODS = (
    "is_terminal", "winners", "is_chance", "chance_outcomes", "actors", "legal_actions",
    "legal_actions_of", "candidate_actions", "violation", "rule_violation", "successor",
    "action_to_str", "parse_action", "state_to_text", "validate_state", "apply", "play",
    "is_legal", "outcome", "termination", "state_to_json", "render", "render_svg",
    "describe_chance",
)
#: The methods whose second argument is an action of the game (besides ``violation``, which
#: checks it itself).
ACTION_METHODS = ("action_to_str", "describe_chance")


def _guarded(method: Any, checks_action: bool, known: type | None = None) -> Any:
    """``method`` checking first that its ``state`` is a state of the game (and, with
    ``checks_action``, that its ``action`` is one of the game's actions).

    The guard sits on the hot path of every game (``is_terminal``, ``legal_actions``,
    ``successor`` are called several times a ply), so a method taking exactly ``(self, state)``
    or ``(self, state, action)`` gets a wrapper of that exact shape: no packing of arguments, and
    the class test first (an ``isinstance`` only for a subclass of the state type)."""
    shape = _shape(method)
    wrapper: Any
    if checks_action and shape == 2:
        def state_and_action(self: Any, state: Any, action: Any) -> Any:
            if state.__class__ is not self.state_type and not isinstance(state, self.state_type):
                raise self.foreign_state(state)
            if action.__class__ not in self._action_classes:
                raise self.not_an_action(action)
            return method(self, state, action)

        wrapper = state_and_action
    elif checks_action:
        def state_and_action_more(self: Any, state: Any, action: Any, *args: Any,
                                  **kwargs: Any) -> Any:
            if state.__class__ is not self.state_type and not isinstance(state, self.state_type):
                raise self.foreign_state(state)
            if action.__class__ not in self._action_classes:
                raise self.not_an_action(action)
            return method(self, state, action, *args, **kwargs)

        wrapper = state_and_action_more
    elif shape == 1 and known is not None:
        def state_known(self: Any, state: Any) -> Any:
            # the class the game declared, from the closure; a subclass that declares another
            # state type still gets the whole test
            if state.__class__ is not known and not isinstance(state, self.state_type):
                raise self.foreign_state(state)
            return method(self, state)

        wrapper = state_known
    elif shape == 1:
        def state_only(self: Any, state: Any) -> Any:
            if state.__class__ is not self.state_type and not isinstance(state, self.state_type):
                raise self.foreign_state(state)
            return method(self, state)

        wrapper = state_only
    elif shape == 2:
        def state_and_one(self: Any, state: Any, other: Any) -> Any:
            if state.__class__ is not self.state_type and not isinstance(state, self.state_type):
                raise self.foreign_state(state)
            return method(self, state, other)

        wrapper = state_and_one
    else:
        def state_and_more(self: Any, state: Any, *args: Any, **kwargs: Any) -> Any:
            if state.__class__ is not self.state_type and not isinstance(state, self.state_type):
                raise self.foreign_state(state)
            return method(self, state, *args, **kwargs)

        wrapper = state_and_more
    functools.update_wrapper(wrapper, method)
    wrapper._guarded = True
    return wrapper


def _unguarded(method: Any) -> Any:
    """The method itself, past its guard (for a caller that has checked the state)."""
    return method.__wrapped__ if getattr(method, "_guarded", False) else method


def _shape(method: Any) -> int | None:
    """How many arguments after ``self`` a method takes when it takes exactly positional ones
    without defaults (1 or 2), else None (the general wrapper)."""
    try:
        params = list(inspect.signature(method).parameters.values())[1:]
    except (TypeError, ValueError):
        return None
    plain = all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
                and p.default is inspect.Parameter.empty for p in params)
    return len(params) if plain and len(params) in (1, 2) else None


def _guard_methods(cls: type) -> None:
    """Wrap the state methods ``cls`` defines itself (see ``STATE_METHODS``) in their guard."""
    for name in STATE_METHODS:
        method = cls.__dict__.get(name)
        if method is None or getattr(method, "_guarded", False):
            continue
        if getattr(method, "__isabstractmethod__", False) or not callable(method):
            continue
        setattr(cls, name, _guarded(method, name in ACTION_METHODS, getattr(cls, "state_type", None)))


def _game_of(value: Any) -> str | None:
    """The name of the game (a ``Game`` subclass made so far) whose package defines ``value``'s
    class, if any."""
    home = type(value).__module__.rsplit(".", 1)[0]
    found: list[type[Game[Any, Any]]] = list(Game.__subclasses__())
    while found:
        cls = found.pop()
        found += cls.__subclasses__()
        name = cls.__dict__.get("name")
        if isinstance(name, str) and cls.__module__.rsplit(".", 1)[0] == home:
            return name
    return None


def check_player_count(players: Any, low: int, high: int, game: str = "") -> int:
    """Validate a ``players`` option."""
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        if low == high:
            raise InvalidOptionError(
                f"{game or 'this'} is a {low}-player game; players must be {low}, "
                f"got {quote(players)}"
            )
        raise InvalidOptionError(
            f"players must be an integer from {low} to {high}, got {quote(players)}"
        )
    return players


def require(condition: bool, message: str) -> None:
    """Raise InvalidStateError(message) unless ``condition``."""
    if not condition:
        from castlerules.core.errors import InvalidStateError

        raise InvalidStateError(message)


_guard_methods(Game)
