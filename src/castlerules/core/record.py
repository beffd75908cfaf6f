"""Game records: the game, its options and every action (chance outcomes too) in notation.

A record is data from a stranger as often as not, so reading and replaying one is bounded: the JSON
is at most ``MAX_RECORD_CHARS`` long and ``MAX_DEPTH`` deep, holds at most ``MAX_PLIES`` actions of at
most ``MAX_ACTION_CHARS`` characters, and its options are made inside ``source.untrusted()`` (a board
comes by value or by a packaged name, never as a path). Every failure is a ``RecordError`` naming the
ply at fault (``None``: the header).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, overload

import attrs

from castlerules.core.errors import InvalidOptionError, RecordError, RulesError, about, quote
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
        for ply, a in enumerate(actions):
            if len(a) > MAX_ACTION_CHARS:
                raise RecordError(f"an action of {len(a)} characters is too long", ply)
        return cls.new(game, options, tuple(actions), seed)


def _made(record: Record) -> Any:
    """The game a record names, made from its options as untrusted input (RecordError)."""
    from castlerules.core.catalog import make
    from castlerules.core.source import untrusted

    try:
        with untrusted():
            return make(record.game, **record.options_dict())
    except RulesError as exc:
        raise RecordError(str(exc)) from None


def _states(game: Any, record: Record) -> Iterator[Any]:
    state = game.initial_state()
    yield state
    for ply, text in enumerate(record.actions):
        try:
            state = game.play(state, text)
        except RulesError as exc:
            raise RecordError(about(text, str(exc)), ply) from None
        yield state


def replay_states(record: Record) -> Iterator[Any]:
    """Every state of the recorded game, the initial one first, one at a time: memory stays flat
    in the record's length. The game is made at once (a bad header raises here); a ply that does
    not replay raises RecordError, naming it (0-based), when the iteration reaches it."""
    return _states(_made(record), record)


def state_at(record: Record, ply: int) -> Any:
    """The state after the record's first ``ply`` plies, replaying those plies only (each checked;
    the plies after them are not: a position needs only the plies before it, so ``show --ply 0``
    of a record of a million plies replays none). RecordError names the first ply at fault."""
    if not (isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply <= len(record.actions)):
        raise RecordError(f"ply {quote(ply)} is not one of 0 to {len(record.actions)}")
    for n, state in enumerate(replay_states(record)):
        if n == ply:
            return state
    raise AssertionError("unreachable: replay_states yields len(actions) + 1 states")


@overload
def replay(record: Record, *, ply: int | None = None) -> Any: ...


@overload
def replay(record: Record, *, every_state: Literal[True]) -> list[Any]: ...


def replay(record: Record, *, ply: int | None = None, every_state: bool = False) -> Any:
    """Replay the whole record (every ply is checked) and keep only what is asked for: the final
    state (default), the state after ``ply`` plies, or — ``every_state=True`` — the list of every
    state, the initial one first (memory grows with the record; ``replay_states`` streams them).

    A record that does not replay raises RecordError naming the first ply at fault (0-based).
    """
    if every_state:
        if ply is not None:
            raise InvalidOptionError("replay: give ply or every_state, not both")
        return list(replay_states(record))
    if ply is not None and not (
        isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply <= len(record.actions)
    ):
        raise RecordError(f"ply {quote(ply)} is not one of 0 to {len(record.actions)}")
    want = len(record.actions) if ply is None else ply
    kept = None
    for n, state in enumerate(replay_states(record)):
        if n == want:
            kept = state
    return kept
