"""Game records: the game, its options and every action (chance outcomes too) in notation."""

from __future__ import annotations

import json
from typing import Any

import attrs

from castlerules.core.errors import IllegalActionError, ParseError, RecordError, RulesError


@attrs.frozen(slots=True)
class Record:
    """A whole game as text: replaying it reproduces every state exactly."""

    game: str
    options: tuple[tuple[str, Any], ...]
    actions: tuple[str, ...]

    @classmethod
    def new(cls, game: str, options: dict[str, Any], actions: tuple[str, ...] = ()) -> Record:
        return cls(game, tuple(sorted(options.items())), tuple(actions))

    def options_dict(self) -> dict[str, Any]:
        return dict(self.options)

    def to_json(self) -> str:
        data = {"game": self.game, "options": self.options_dict(), "actions": list(self.actions)}
        return json.dumps(data, indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
            raise RecordError(f"not valid JSON: {exc}") from exc
        if not isinstance(data, dict) or set(data) != {"game", "options", "actions"}:
            raise RecordError("expected an object with exactly 'game', 'options' and 'actions'")
        game, options, actions = data["game"], data["options"], data["actions"]
        if not isinstance(game, str):
            raise RecordError("'game' must be a string")
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("'actions' must be a list of strings")
        return cls.new(game, options, tuple(actions))


def replay(record: Record) -> list[Any]:
    """Every state of the recorded game, the initial one first.

    A record that does not replay raises RecordError naming the first ply at fault (0-based).
    """
    from castlerules.core.catalog import make

    try:
        game = make(record.game, **record.options_dict())
    except RulesError as exc:
        raise RecordError(str(exc)) from exc
    states = [game.initial_state()]
    for ply, text in enumerate(record.actions):
        state = states[-1]
        try:
            action = game.parse_action(state, text)
            states.append(game.apply(state, action))
        except (ParseError, IllegalActionError) as exc:
            raise RecordError(f"{text!r}: {exc}", ply) from exc
    return states
