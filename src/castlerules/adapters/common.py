"""What both adapters share: integer action ids, whose action is whose, returns, observations.

Nothing here imports OpenSpiel or PettingZoo; the adapters build on it.

**Action ids.** The id of an action is its index in ``game.action_universe()`` (defined per game in
``<game package>.space``), so ids are stable across states, runs and versions of a game's options.

**Several actors at once.** Some phases let several players act at the same moment (Vlotte Geesten:
after a roll every player may grab; Spookslot: the owners of pawns on the red star squares each choose
whether to take the secret passage). Both adapters present one player at a time. Which of the waiting
players acts next is a *race*, and the rules do not say who is quickest, so the race is settled by a
uniform random draw among the players who may still act (an explicit chance node in OpenSpiel, the
environment's seeded generator in PettingZoo). The drawn player then chooses any of *their* legal
actions — a grab, a pass, taking or declining the passage — after seeing what the quicker players did.
This is faithful: every sequence of actions the rules allow has a positive probability, no sequence
they forbid can occur, each player chooses only their own actions, and the castlerules state (who has
acted, what is in whose hand) is the one the rules define. Where only one player may act, that player
acts, with no draw.

**Returns.** At the end, with ``k`` winners among ``n`` players, each winner scores ``1/k`` and each
other player ``-1/(n-k)`` (2 players: +1/-1, a tie 0/0); when everyone or no one wins, all score 0.
The sum is always 0.
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import attrs

from castlerules.core.cache import BoundedCache
from castlerules.core.catalog import game_class, make
from castlerules.core.errors import InvalidOptionError, InvalidStateError, RulesError
from castlerules.core.game import Game
from castlerules.core.play import returns as returns  # re-exported: the adapters score with it


def player_of(action: Any) -> int | None:
    """The player an action names (every player action does), or None (a chance outcome)."""
    player = getattr(action, "player", None)
    return player if isinstance(player, int) and not isinstance(player, bool) else None


def player_counts(name: str) -> tuple[int, int, int]:
    """(fewest, most, default) players of a game, from its variants and its defaults."""
    cls = game_class(name)
    default = make(name).num_players
    counts = {v["players"] for v in cls.variants() if isinstance(v.get("players"), int)}
    counts.add(default)
    return min(counts), max(counts), default


def scalar_options(name: str) -> dict[str, int | float | bool | str]:
    """The default options of a game that are plain scalars (these become adapter parameters).

    ``players`` is always among them, also for a game with a fixed number of players (Kasteel).
    """
    game = make(name)
    found: dict[str, int | float | bool | str] = {"players": game.num_players}
    found.update(
        (key, value)
        for key, value in game.options.items()
        if isinstance(value, int | float | bool | str)
    )
    return found


def make_game(name: str, **options: Any) -> Game[Any, Any]:
    """``castlerules.make`` (every game takes ``players``, the adapters' parameters always
    include it)."""
    return make(name, **options)


@attrs.frozen(slots=True)
class ChanceIds:
    """A chance node's outcomes as adapter ids (see ``ActionTable.chance_node``)."""

    outcomes: tuple[tuple[int, float], ...]
    ids: tuple[int, ...]


class ActionTable:
    """A game with its action universe indexed: id <-> action, legal ids by player."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.universe: tuple[Any, ...] = game.action_universe()
        self.index: dict[Any, int] = {a: i for i, a in enumerate(self.universe)}
        if len(self.index) != len(self.universe):
            raise InvalidOptionError(f"{game.name}: the action universe has duplicates")
        self._chance: BoundedCache[int, tuple[Any, ChanceIds]] = BoundedCache(256)
        self._ids: BoundedCache[int, tuple[tuple[Any, ...], tuple[int, ...]]] = BoundedCache(4096)
        #: A game's ``space.legal_ids_of(game)`` (optional) gives a function of ``legal`` (the
        #: actions the game listed) to their sorted ids, computed without hashing every action.
        space = game.info.part("space")
        maker = getattr(space, "legal_ids_of", None)
        self._fast_ids: Callable[[tuple[Any, ...]], tuple[int, ...]] | None = (
            None if maker is None else maker(game)
        )
        #: The notation of chance outcomes by id (it depends on the outcome alone). Entries are
        #: only ever added, each with one assignment, so threads may share it.
        self.chance_text: dict[int, str] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game (the tables are rebuilt; the speed hook is a closure)."""
        return ActionTable, (self.game,)

    def __len__(self) -> int:
        return len(self.universe)

    def id_of(self, action: Any) -> int:
        try:
            return self.index[action]
        except KeyError:
            raise InvalidStateError(
                f"{self.game.name}: action {action!r} is not in the action universe"
            ) from None

    def legal_ids(self, state: Any, player: int | None) -> tuple[int, ...]:
        """Sorted ids of the legal actions of ``player`` (None: every legal action).

        A game's own ``space.legal_ids_of`` maps them when it has one; otherwise, where a game returns
        the same tuple of actions for many states (it caches them), the ids are computed once per
        tuple."""
        game = self.game
        legal = game.legal_actions(state) if player is None else game.legal_actions_of(state, player)
        if self._fast_ids is not None:  # the game's own mapping: no cache needed
            return self._fast_ids(legal)
        key = id(legal)
        cached = self._ids.get(key)
        if cached is not None and cached[0] is legal:
            return cached[1]
        index = self.index
        try:
            found = tuple(sorted([index[a] for a in legal]))
        except KeyError:
            missing = next(a for a in legal if a not in index)
            raise InvalidStateError(
                f"{game.name}: action {missing!r} is not in the action universe"
            ) from None
        self._ids.put(key, (legal, found))
        return found

    def chance_ids(self, state: Any) -> tuple[tuple[int, float], ...]:
        """The chance outcomes of ``state`` as (id, probability) sorted by id."""
        return self.chance_node(state).outcomes

    def chance_node(self, state: Any) -> ChanceIds:
        """The chance outcomes of ``state`` as ids: (id, probability) pairs sorted by id, and the
        ids.

        Games return the same distribution object at every node with the same dice (it is cached
        by identity, as ``castlerules.core.chance.sample`` does), so this is computed once per
        distribution.
        """
        dist = self.game.chance_outcomes(state)
        cached = self._chance.get(id(dist))
        if cached is not None and cached[0] is dist:
            return cached[1]
        pairs = tuple(sorted((self.id_of(outcome), float(p)) for outcome, p in dist))
        found = ChanceIds(pairs, tuple(a for a, _ in pairs))
        self._chance.put(id(dist), (dist, found))
        return found

    def action_str(self, state: Any, action_id: int) -> str:
        """The notation of an action id in ``state``.

        The text of a chance outcome is taken to depend on the outcome alone, and is cached.
        """
        text = self.chance_text.get(action_id)
        if text is not None:
            return text
        action = self.universe[action_id]
        chance = self.game.is_chance(state)
        try:
            text = self.game.action_to_str(state, action)
        except RulesError:
            text = repr(action)
        if chance:
            self.chance_text[action_id] = text
        return text


# -- observations ------------------------------------------------------------------------------
Writer = Callable[[Any, list[int]], None]


def _layout(tp: Any, capacity: int) -> tuple[int, Writer]:
    """(size, writer) of the flat integer encoding of values of type ``tp``."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is bool or tp is int:

        def write_scalar(value: Any, out: list[int]) -> None:
            out.append(int(value))

        return 1, write_scalar
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        members = list(tp)

        def write_enum(value: Any, out: list[int]) -> None:
            out.extend(int(value is m) for m in members)

        return len(members), write_enum
    if origin is typing.Literal:

        def write_literal(value: Any, out: list[int]) -> None:
            out.extend(int(value == a) for a in args)

        return len(args), write_literal
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1 or len(args) != 2:
            raise InvalidOptionError(f"no generic observation for the type {tp!r}")
        size, write = _layout(inner[0], capacity)

        def write_optional(value: Any, out: list[int]) -> None:
            out.append(int(value is not None))
            if value is None:
                out.extend([0] * size)
            else:
                write(value, out)

        return size + 1, write_optional
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        parts = [_layout(a, capacity) for a in args]

        def write_fixed(value: Any, out: list[int]) -> None:
            for (_, write), item in zip(parts, value):
                write(item, out)

        return sum(s for s, _ in parts), write_fixed
    if origin in (tuple, frozenset):
        item = args[0]
        if origin is frozenset and isinstance(item, type) and issubclass(item, enum.Enum):
            members = list(item)

            def write_set(value: Any, out: list[int]) -> None:
                out.extend(int(m in value) for m in members)

            return len(members), write_set
        size, write = _layout(item, capacity)

        def write_many(value: Any, out: list[int]) -> None:
            items = sorted(value) if isinstance(value, frozenset) else list(value)
            if len(items) > capacity:
                raise InvalidStateError(
                    f"the generic observation holds at most {capacity} items, got {len(items)}"
                )
            for x in items:
                out.append(1)
                write(x, out)
            out.extend([0] * ((size + 1) * (capacity - len(items))))

        return (size + 1) * capacity, write_many
    if isinstance(tp, type) and attrs.has(tp):
        hints = typing.get_type_hints(tp)
        fields = [(f.name, _layout(hints[f.name], capacity)) for f in attrs.fields(tp)]

        def write_attrs(value: Any, out: list[int]) -> None:
            for name, (_, write) in fields:
                write(getattr(value, name), out)

        return sum(s for _, (s, _) in fields), write_attrs
    raise InvalidOptionError(f"no generic observation for the type {tp!r}")


class Observer:
    """A fixed-length integer vector per (state, player).

    A game may define ``observation_size(game)`` and ``observation(game, state) -> Sequence[int]`` in
    its ``space`` module. Otherwise the encoding is derived from the types of the state's fields:
    integers as they are, enums one-hot, optional values with a presence flag, sets of enum members
    as one flag per member, and variable-length collections as ``num_players`` slots (a game whose
    collections may be longer defines its own). A one-hot of the observing player follows.
    Every castlerules game is of perfect information, so all players see the same state.
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        space = game.info.part("space")
        custom = getattr(space, "observation", None)
        if custom is not None:
            self.state_size: int = space.observation_size(game)

            def encode(state: Any) -> Sequence[int]:
                values: Sequence[int] = custom(game, state)
                return values

            self._encode = encode
        else:
            size, write = _layout(game.state_type, game.num_players)
            self.state_size = size

            def encode_generic(state: Any) -> Sequence[int]:
                out: list[int] = []
                write(state, out)
                return out

            self._encode = encode_generic
        self.size = self.state_size + game.num_players

    def encode(self, state: Any, player: int) -> list[int]:
        values = list(self._encode(state))
        if len(values) != self.state_size:
            raise InvalidStateError(
                f"{self.game.name}: observation of length {len(values)}, expected {self.state_size}"
            )
        seat = [0] * self.game.num_players
        seat[player] = 1
        return values + seat


@functools.cache
def table_for(game: Game[Any, Any]) -> ActionTable:
    """The (cached) action table of a game."""
    return ActionTable(game)


def race_probability(actors: frozenset[int]) -> Fraction:
    """Each waiting player's chance to act next (see the module docstring)."""
    return Fraction(1, len(actors))


#: The generic observation: every field of the state as integers (see ``Observer``). Games with a
#: designed observation (``Planes``) keep it under this name: ``observation="fields"`` in the
#: environments of ``castlerules.envs``, ``params={"observation": "fields"}`` in OpenSpiel.
FieldVector = Observer


class Planes:
    """A game's designed observation, from ``<game package>.observation``: int8 one-hot planes
    (or, for Vlotte Geesten, a vector) from the observing player's view, documented channel by
    channel in the module's ``CHANNELS``.

    ``shape`` is ``(rows, columns, channels)`` (Splut, Kasteel), ``(places, channels)``
    (Spookslot) or ``(entries,)`` (Vlotte Geesten); ``encode`` returns the values in C order, as
    an ``array('b')``; ``low``/``high`` the bounds of each channel (0 and 1 but for counts).
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        module = game.info.part("observation")
        if module is None:
            raise InvalidOptionError(f"{game.name} has no designed observation")
        self.game = game
        self.module = module
        self.shape: tuple[int, ...] = tuple(module.shape(game))
        self.channels: tuple[tuple[str, str], ...] = module.CHANNELS
        self.size = 1
        for extent in self.shape:
            self.size *= extent
        limits: dict[int, tuple[int, int]] = getattr(module, "LIMITS", {})
        self.low = [limits.get(c, (0, 1))[0] for c in range(len(self.channels))]
        self.high = [limits.get(c, (0, 1))[1] for c in range(len(self.channels))]

    def encode(self, state: Any, player: int) -> Any:
        """The observation of ``state`` for ``player`` (``shape`` int8 values in C order)."""
        return self.module.encode(self.game, state, player)
