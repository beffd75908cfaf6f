"""Game records: the game, its options and every action (chance outcomes too) in notation.

A record is data from a stranger as often as not, so reading and replaying one is bounded: the JSON
is at most ``MAX_RECORD_CHARS`` long and ``MAX_DEPTH`` deep, holds at most ``MAX_PLIES`` actions of at
most ``MAX_ACTION_CHARS`` characters, and its options are made inside ``source.untrusted()`` (a board
comes by value or by a packaged name, never as a path). Every failure is a ``RecordError`` naming the
ply at fault (``None``: the header).

Plies are counted one way everywhere: ply ``k`` is the record's ``k``-th action, counted from 1
(``record.actions[k - 1]``), as ``castlerules play`` numbers them; the state "after ply ``k``" is the
one ``replay(record, ply=k)`` gives and ``castlerules show FILE --ply k`` draws; ply 0 is the start.
``RecordError.ply`` and its message name the same number.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any, Literal, overload

import attrs

from castlerules.core.errors import InvalidOptionError, RecordError, RulesError, quote
from castlerules.core.jsonio import parse_json

#: The longest record JSON that is read (characters or bytes).
MAX_RECORD_CHARS = 32_000_000
#: The most actions a record may hold.
MAX_PLIES = 1_000_000
#: The longest action text in a record.
MAX_ACTION_CHARS = 200


@attrs.frozen(slots=True)
class Record:
    """A whole game as text: replaying it reproduces every state exactly."""

    game: str
    options: tuple[tuple[str, Any], ...]
    actions: tuple[str, ...]
    #: The seed of the random generator that played the game's chance and bots, if one did.
    seed: int | None = None

    @classmethod
    def new(
        cls,
        game: str,
        options: dict[str, Any],
        actions: tuple[str, ...] = (),
        seed: int | None = None,
    ) -> Record:
        return cls(game, tuple(sorted(options.items())), tuple(actions), seed)

    def options_dict(self) -> dict[str, Any]:
        return dict(self.options)

    def to_json(self) -> str:
        import json

        data: dict[str, Any] = {"game": self.game, "options": self.options_dict()}
        if self.seed is not None:
            data["seed"] = self.seed
        data["actions"] = list(self.actions)
        return json.dumps(data, indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        data = parse_json(text, "record", RecordError, MAX_RECORD_CHARS)
        if not isinstance(data, dict) or not (
            {"game", "options", "actions"} <= set(data) <= {"game", "options", "actions", "seed"}
        ):
            raise RecordError(
                "expected an object with 'game', 'options' and 'actions' (and optionally 'seed')"
            )
        game, options, actions = data["game"], data["options"], data["actions"]
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise RecordError("'seed' must be a non-negative integer")
        if not isinstance(game, str):
            raise RecordError("'game' must be a string")
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("'actions' must be a list of strings")
        if len(actions) > MAX_PLIES:
            raise RecordError(f"{len(actions)} actions is more than the limit of {MAX_PLIES}")
        for ply, a in enumerate(actions, start=1):
            if len(a) > MAX_ACTION_CHARS:
                raise RecordError(f"an action of {len(a)} characters is too long", ply)
        return cls.new(game, options, tuple(actions), seed)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Record:
        """The record in the JSON file at ``path`` (a file you name; a record never names one):
        ``from_json`` of at most ``MAX_RECORD_CHARS`` of it. RecordError if the file cannot be
        read or does not hold a record.

        >>> import castlerules, pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
        >>> castlerules.Record.new("splut", {}, ("p0 Sd2-d3",)).save(path)
        >>> castlerules.Record.load(path).actions
        ('p0 Sd2-d3',)
        """
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_RECORD_CHARS + 1)
        except (OSError, ValueError, TypeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a path"
            raise RecordError(f"cannot read {quote(str(path))}: {reason}") from None
        return cls.from_json(data)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record as JSON to ``path``, atomically: a temporary file in the same folder
        is renamed over it, so a reader never sees half a record. RecordError if it cannot be
        written."""
        from castlerules.core.files import write_atomic

        try:
            write_atomic(path, self.to_json() + "\n")
        except (OSError, ValueError, TypeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a path"
            raise RecordError(f"cannot write {quote(str(path))}: {reason}") from None


def _made(record: Record) -> Any:
    """The game a record names, made from its options as untrusted input (RecordError)."""
    from castlerules.core.catalog import make
    from castlerules.core.source import untrusted

    try:
        with untrusted():
            return make(record.game, **record.options_dict())
    except RulesError as exc:
        raise RecordError(str(exc)) from None


def _states(game: Any, record: Record, last: int | None = None) -> Iterator[Any]:
    """The states of ``record`` in ``game`` up to ply ``last`` (every ply: None)."""
    state = game.initial_state()
    yield state
    actions = record.actions if last is None else record.actions[:last]
    for ply, text in enumerate(actions, start=1):
        try:
            state = game.play(state, text)
        except RulesError as exc:
            raise RecordError(f"{quote(text)}: {exc}", ply) from None
        yield state


def _check_ply(record: Record, ply: Any) -> int:
    if not (isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply <= len(record.actions)):
        raise RecordError(f"ply {quote(ply)} is not one of 0 to {len(record.actions)}")
    return ply


def replay_states(record: Record) -> Iterator[Any]:
    """Every state of the recorded game, the initial one first, one at a time: memory stays flat
    in the record's length. The game is made at once (a bad header raises here); a ply that does
    not replay raises RecordError, naming it (counted from 1), when the iteration reaches it."""
    return _states(_made(record), record)


@attrs.frozen(slots=True, eq=False)
class Replay:
    """A replayed record: its game and every state up to the ply replayed, to draw any of them.

    ``states[k]`` is the state after ply ``k`` (``states[0]`` the start), so
    ``replay.game.render(replay.state(k))`` draws the position after the ``k``-th action.
    """

    #: The game the record names, made from its options.
    game: Any
    record: Record
    #: The start and the state after each replayed ply.
    states: tuple[Any, ...]

    @property
    def plies(self) -> int:
        """How many plies were replayed (all of the record's, unless ``replay_game`` was given
        ``ply``)."""
        return len(self.states) - 1

    @property
    def final(self) -> Any:
        """The state after the last replayed ply."""
        return self.states[-1]

    def state(self, ply: int) -> Any:
        """The state after ply ``ply`` (0: the start); RecordError if that ply was not replayed."""
        if not (isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply <= self.plies):
            raise RecordError(f"ply {quote(ply)} is not one of 0 to {self.plies}")
        return self.states[ply]

    def action(self, ply: int) -> str:
        """The notation of ply ``ply``, the ``ply``-th action (counted from 1)."""
        if not (isinstance(ply, int) and not isinstance(ply, bool) and 1 <= ply <= self.plies):
            raise RecordError(f"ply {quote(ply)} is not one of 1 to {self.plies}")
        return self.record.actions[ply - 1]


def replay_game(record: Record, *, ply: int | None = None) -> Replay:
    """Replay ``record`` and keep its game and every state: a ``Replay``. With ``ply``, replay
    (and check) only the first ``ply`` plies. Memory grows with the plies replayed
    (``replay_states`` streams them instead).

    A record that does not replay raises RecordError naming the first ply at fault (counted
    from 1, as its message does).

    >>> import castlerules
    >>> record = castlerules.Record.new("splut", {}, ("p0 Sd2-d3",))
    >>> done = castlerules.replay_game(record)
    >>> done.plies, done.game.state_to_text(done.final) == done.game.state_to_text(done.state(1))
    (1, True)
    """
    last = None if ply is None else _check_ply(record, ply)
    game = _made(record)
    return Replay(game, record, tuple(_states(game, record, last)))


@overload
def replay(record: Record, *, ply: int | None = None) -> Any: ...


@overload
def replay(record: Record, *, every_state: Literal[True]) -> list[Any]: ...


def replay(record: Record, *, ply: int | None = None, every_state: bool = False) -> Any:
    """Replay the record and give the final state (default), the state after ``ply`` plies (only
    those plies are replayed and checked), or — ``every_state=True`` — the list of every state,
    the initial one first (memory grows with the record; ``replay_states`` streams them, and
    ``replay_game`` keeps the game too).

    A record that does not replay raises RecordError naming the first ply at fault (counted
    from 1).
    """
    if every_state:
        if ply is not None:
            raise InvalidOptionError("replay: give ply or every_state, not both")
        return list(replay_states(record))
    last = None if ply is None else _check_ply(record, ply)
    kept = None
    for state in _states(_made(record), record, last):
        kept = state
    return kept
