"""The library's side of the docs' Play page: one game session answering in JSON-able values.

The page runs castlerules itself under Pyodide in a web worker and calls a ``Session``: the legal
moves with the squares a person clicks for each, moves typed or clicked (an illegal one answered with
its clause, the Dutch quote and the English reason), chance drawn with the library's exact
probabilities, the random and MCTS bots, undo, positions pasted in and records loaded. Everything a
visitor types, pastes or loads is untrusted input: it reaches the library only through its parsers,
and a failure is a ``RulesError`` turned into ``{"error": ...}``.

Nothing here imports z3 or rich: playing needs neither (the page ships neither).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from castlerules.bots import make_bot, own_actions
from castlerules.core.catalog import games, make
from castlerules.core.chance import sample
from castlerules.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    RecordError,
    RulesError,
    quote,
)
from castlerules.core.game import Game
from castlerules.core.record import Record
from castlerules.core.source import untrusted
from castlerules.core.spec import load_spec

#: The most moves a session takes from one URL or one record (the page's own limit).
MAX_MOVES = 5_000
#: The most legal moves listed to the page at once (none of the four games comes near it).
MAX_LISTED = 2_000


def catalog() -> list[dict[str, Any]]:
    """Every game with its title, player counts and interpretations (what ``castlerules readings``
    lists), for the page's menus."""
    out = []
    for name in games():
        cls = make(name).__class__
        spec = load_spec(name)
        low, high = cls.players_range
        out.append({
            "name": name,
            "title": spec.title,
            "players": [low, high],
            "default_players": make(name).num_players,
            "interpretations": [
                {"id": i.id, "short_id": i.short_id, "question": i.question, "default": i.default,
                 "options": [{"id": o.id, "text": o.text, "playable": o.playable and not o.parameter,
                              "reason": o.reason or ("needs a value: set it in Python" if o.parameter else "")}
                             for o in i.options]}
                for i in spec.interpretations
            ],
            "rulesets": [{"id": r.id, "title": r.title, "readings": dict(r.readings)}
                         for r in spec.rulesets],
        })  # fmt: skip
    return out


def parse_readings(text: str) -> dict[str, str]:
    """``ID=OPT,ID=OPT`` (the URL's form) as a dict; ParseError when a pair has no ``=``."""
    from castlerules.core.errors import ParseError

    out: dict[str, str] = {}
    for pair in (p.strip() for p in text.split(",")):
        if not pair:
            continue
        key, sep, option = pair.partition("=")
        if not sep or not key.strip() or not option.strip():
            raise ParseError(f"readings: expected ID=OPTION, got {quote(pair)}")
        out[key.strip()] = option.strip()
    return out


def error_data(exc: RulesError) -> dict[str, Any]:
    """A library error for the page: its kind and message, and for an illegal move the clause id,
    the Dutch text and the English reason."""
    data: dict[str, Any] = {"kind": type(exc).__name__, "message": str(exc)}
    if isinstance(exc, IllegalActionError):
        v = exc.violation
        data.update(clause=v.clause, nl=v.text_nl, en=v.reason)
    return data


# -- the squares a person clicks for an action ----------------------------------------------------


def _splut_squares(game: Any, state: Any, action: Any) -> tuple[str, ...]:
    from castlerules.splut.board import NAMES, NEXT, OFF
    from castlerules.splut.state import Step, Throw

    if isinstance(action, Step):
        lev = (NAMES[action.lev],) if action.lev != OFF else ()
        return (NAMES[action.frm], NAMES[action.to], *lev)
    if isinstance(action, Throw) and state.throw_from != OFF:
        beyond = NEXT[state.throw_from][int(action.direction)]
        return (NAMES[state.throw_from],) + ((NAMES[beyond],) if beyond != OFF else ())
    return ()


def _kasteel_squares(game: Any, state: Any, action: Any) -> tuple[str, ...]:
    from castlerules.kasteel.state import Move

    if isinstance(action, Move):
        return (game.board.name(action.frm), game.board.name(action.to))
    return ()


def _spookslot_squares(game: Any, state: Any, action: Any) -> tuple[str, ...]:
    from castlerules.spookslot.state import LINE, START, Move

    if not isinstance(action, Move):
        return ()
    here = state.pawns[action.player][action.pawn]
    try:
        there = game.successor(state, action).pawns[action.player][action.pawn]
    except (IndexError, RulesError):
        return ()
    return tuple(START if q == LINE else q for q in (here, there))


#: Game name -> the squares of an action, in the order a person clicks them (none: buttons only).
SQUARES: dict[str, Callable[[Any, Any, Any], tuple[str, ...]]] = {
    "splut": _splut_squares,
    "kasteel": _kasteel_squares,
    "spookslot": _spookslot_squares,
}


def action_squares(game: Game[Any, Any], state: Any, action: Any) -> tuple[str, ...]:
    """The squares a person clicks for ``action`` (the ``data-square`` names of the game's SVG)."""
    found = SQUARES.get(game.name)
    return found(game, state, action) if found else ()


# -- a session ------------------------------------------------------------------------------------


class Session:
    """One game on the page: the states so far, the moves in notation and who made each."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        readings: Mapping[str, str] | str | None = None,
        options: Mapping[str, Any] | None = None,
        position: str | None = None,
        seed: int | None = None,
    ) -> None:
        kwargs: dict[str, Any] = dict(options or {})
        if players is not None:
            kwargs["players"] = players
        if isinstance(readings, str):
            readings = parse_readings(readings)
        if readings:
            kwargs["readings"] = dict(readings)
        with untrusted():
            self.game: Game[Any, Any] = make(game, **kwargs)
        self.rng = random.Random(seed)
        start = self.game.initial_state() if not position else self.game.state_from_text(position)
        #: The position the session began from, when it is not the game's start position.
        self.start_text = position if position else None
        self.states: list[Any] = [start]
        self.texts: list[str] = []
        self.movers: list[int | None] = []
        #: The squares of the last move (the page marks them).
        self.last_squares: tuple[str, ...] = ()

    @property
    def state(self) -> Any:
        return self.states[-1]

    # -- moves ---------------------------------------------------------------------------
    def _push(self, action: Any, mover: int | None) -> str:
        text = self.game.action_to_str(self.state, action)
        squares = action_squares(self.game, self.state, action)
        self.states.append(self.game.apply(self.state, action))
        self.texts.append(text)
        self.movers.append(mover)
        self.last_squares = squares
        return text

    def play(self, text: str, player: int | None = None) -> dict[str, Any]:
        """Play ``text`` (a move in notation, or a chance outcome); ``player``, when given, must be
        the one who moves. ``{"played": TEXT}`` or ``{"error": ...}``; the state is unchanged on
        error."""
        try:
            if not isinstance(text, str) or len(text) > 200:
                raise RulesError("a move is a text of at most 200 characters")
            if self.game.is_terminal(self.state):
                raise RulesError("the game is over")
            action = self.game.parse_action(self.state, text)
            mover = getattr(action, "player", None)
            if self.game.is_chance(self.state):
                mover = None
            elif mover is None:
                actors = sorted(self.game.actors(self.state))
                mover = actors[0] if len(actors) == 1 else None
            if player is not None and mover is not None and mover != player:
                raise RulesError(f"that is a move of p{mover}; this seat is p{player}")
            return {"played": self._push(action, mover)}
        except RulesError as exc:
            return {"error": error_data(exc)}

    def play_many(self, texts: list[str]) -> dict[str, Any]:
        """Play moves in order; stop at the first that fails: ``{"played": n, "error": ...}``."""
        for n, text in enumerate(texts[:MAX_MOVES]):
            done = self.play(text)
            if "error" in done:
                return {"played": n, "error": {**done["error"], "ply": n, "move": quote(text)}}
        if len(texts) > MAX_MOVES:
            return {"played": MAX_MOVES, "error": {"kind": "RulesError", "message": f"more than {MAX_MOVES} moves"}}
        return {"played": len(texts)}

    def attempt(self, squares: list[str]) -> dict[str, Any]:
        """A move clicked on the board that matches no legal move: the first action of a player who
        may move with these squares (a candidate of the game, else the squares read as
        ``FROM-TO``), and why it is illegal: ``{"move": TEXT, "error": ...}``; ``{}`` if the squares
        name no move."""
        state, game = self.state, self.game
        if game.is_terminal(state) or game.is_chance(state) or not squares:
            return {}
        wanted = tuple(str(q)[:8] for q in squares[:4])
        actors = game.actors(state)
        candidates = sorted(game.candidate_actions(state),
                            key=lambda a: getattr(a, "player", None) not in actors)  # fmt: skip
        for action in candidates:
            if action_squares(game, state, action)[: len(wanted)] != wanted:
                continue
            found = game.violation(state, action)
            if found is not None:
                return {"move": game.action_to_str(state, action),
                        "error": error_data(IllegalActionError(found))}  # fmt: skip
        if len(wanted) < 2 or len(actors) != 1:
            return {}
        text = f"p{min(actors)} {wanted[0]}-{wanted[1]}"
        try:
            game.apply(state, game.parse_action(state, text))
        except RulesError as exc:
            return {"move": text, "error": error_data(exc)}
        return {}

    def roll(self) -> dict[str, Any]:
        """At a chance node: an outcome drawn with its exact probability, played."""
        if not self.game.is_chance(self.state):
            return {"error": {"kind": "RulesError", "message": "nothing to roll now"}}
        outcomes = self.game.chance_outcomes(self.state)
        action = sample(outcomes, self.rng)
        p = dict(outcomes)[action]
        return {"played": self._push(action, None), "probability": f"{p.numerator}/{p.denominator}"}

    def bot(self, player: int, kind: str = "random", seconds: float = 1.0) -> dict[str, Any]:
        """The move of a bot (``random`` or ``mcts``) for ``player``, played."""
        if self.game.is_terminal(self.state) or player not in self.game.actors(self.state):
            return {"error": {"kind": "RulesError", "message": f"p{player} cannot move now"}}
        bot = make_bot("mcts" if kind == "mcts" else "random", self.rng, seconds=seconds)
        return {"played": self._push(bot.choose(self.game, self.state, player), player)}

    def undo(self, keep_from: Iterable[int] = ()) -> bool:
        """Take back the last move; with ``keep_from`` (the human seats), back to before the last
        move of one of them (the bots' and chance's moves after it go too)."""
        if not self.texts:
            return False
        humans = set(keep_from)
        back = len(self.texts) - 1
        if humans:
            mine = [i for i, m in enumerate(self.movers) if m in humans]
            if not mine:
                return False
            back = mine[-1]
        del self.states[back + 1 :], self.texts[back:], self.movers[back:]
        self.last_squares = ()
        return True

    # -- what the page shows ---------------------------------------------------------------
    def legal(self) -> list[dict[str, Any]]:
        """The legal moves now (not at a chance node): text, player and the squares to click."""
        state, game = self.state, self.game
        if game.is_terminal(state) or game.is_chance(state):
            return []
        out = []
        for player in sorted(game.actors(state)):
            for action in own_actions(game, state, player)[:MAX_LISTED]:
                out.append({"text": game.action_to_str(state, action), "player": player,
                            "squares": list(action_squares(game, state, action))})  # fmt: skip
        return out

    def view(self) -> dict[str, Any]:
        """Everything the page draws after a change."""
        game, state = self.game, self.state
        terminal = game.is_terminal(state)
        chance = not terminal and game.is_chance(state)
        winners = sorted(game.winners(state)) if terminal else []
        return {
            "game": game.name,
            "players": game.num_players,
            "options": game.options,
            "repr": repr(game),
            "position": game.state_to_text(state),
            "svg": game.render_svg(state),
            "terminal": terminal,
            "winners": winners,
            "chance": chance,
            "outcomes": len(game.chance_outcomes(state)) if chance else 0,
            "actors": sorted(game.actors(state)) if not (terminal or chance) else [],
            "legal": self.legal(),
            "moves": [{"text": t, "mover": m} for t, m in zip(self.texts, self.movers)],
            "last": list(self.last_squares),
            "start": self.start_text,
        }

    # -- positions and records -------------------------------------------------------------
    def set_position(self, text: str) -> dict[str, Any]:
        """Start again from a pasted position (validated by the library); the moves are cleared."""
        try:
            state = self.game.state_from_text(text)
        except RulesError as exc:
            return {"error": error_data(exc)}
        self.states, self.texts, self.movers = [state], [], []
        self.last_squares = ()
        self.start_text = self.game.state_to_text(state)
        return {}

    def record_json(self) -> dict[str, Any]:
        """The game as a castlerules record (only from the start position: a record has no other)."""
        if self.start_text is not None:
            return {"error": {"kind": "RulesError",
                              "message": "a record starts at the start position; this game began "
                                         "from a pasted position (copy the position text instead)"}}  # fmt: skip
        return {"record": Record.new(self.game.name, self.game.options, tuple(self.texts)).to_json()}

    @classmethod
    def from_record(cls, text: str | bytes, seed: int | None = None) -> Session:
        """A session replaying a record with the library's validation (RecordError names the ply
        at fault)."""
        record = Record.from_json(text)
        if len(record.actions) > MAX_MOVES:
            raise RecordError(f"{len(record.actions)} moves is more than the page's limit of {MAX_MOVES}")
        options = record.options_dict()
        session = cls(record.game, options=options, seed=seed)
        for ply, move in enumerate(record.actions):
            done = session.play(move)
            if "error" in done:
                raise RecordError(f"{quote(move)}: {done['error']['message']}", ply)
        return session


# -- the web worker's end -------------------------------------------------------------------------


class Host:
    """One session behind the page's web worker: a JSON request in (``{"cmd": ..., "args": {...}}``),
    a JSON answer out. Every answer that changes the game carries the new ``view``; a library error
    comes back as ``{"error": ...}``, never as an exception."""

    COMMANDS = ("catalog", "new", "view", "play", "attempt", "roll", "bot", "undo", "position",
                "record", "load")  # fmt: skip

    def __init__(self) -> None:
        self.session: Session | None = None

    def handle(self, request: str) -> str:
        import json

        try:
            data = json.loads(request)
            command, args = data["cmd"], dict(data.get("args") or {})
            if command not in self.COMMANDS:
                raise RulesError(f"no command {quote(command)}")
            if command not in ("catalog", "new", "load") and self.session is None:
                raise RulesError("no game yet")
            answer: dict[str, Any] = getattr(self, f"_{command}")(**args)
        except RulesError as exc:
            answer = {"error": error_data(exc)}
        except (TypeError, ValueError, KeyError, AttributeError):
            answer = {"error": {"kind": "RequestError", "message": "a request the page does not make"}}
        return json.dumps(answer, ensure_ascii=False)

    def _view(self) -> dict[str, Any]:
        assert self.session is not None
        return {"view": self.session.view()}

    def _catalog(self) -> dict[str, Any]:
        return {"games": catalog()}

    def _new(self, game: str, players: int | None = None, readings: str = "", options: str = "",
             position: str = "", moves: list[str] | None = None, seed: int | None = None) -> dict[str, Any]:  # fmt: skip
        from castlerules.core.jsonio import parse_json

        extra = parse_json(options, "options", InvalidOptionError, 10_000) if options else {}
        if not isinstance(extra, dict):
            raise InvalidOptionError("options: expected a JSON object")
        self.session = Session(game, players, readings or None, extra, position or None, seed)
        done = self.session.play_many(list(moves or []))
        return {**done, **self._view()}

    def _play(self, text: str, player: int | None = None) -> dict[str, Any]:
        assert self.session is not None
        return {**self.session.play(text, player), **self._view()}

    def _attempt(self, squares: list[str]) -> dict[str, Any]:
        assert self.session is not None
        return self.session.attempt(list(squares))

    def _roll(self) -> dict[str, Any]:
        assert self.session is not None
        return {**self.session.roll(), **self._view()}

    def _bot(self, player: int, kind: str = "random", seconds: float = 1.0) -> dict[str, Any]:
        assert self.session is not None
        return {**self.session.bot(player, kind, min(max(float(seconds), 0.05), 30.0)), **self._view()}

    def _undo(self, humans: list[int] | None = None) -> dict[str, Any]:
        assert self.session is not None
        self.session.undo(humans or ())
        return self._view()

    def _position(self, text: str) -> dict[str, Any]:
        assert self.session is not None
        return {**self.session.set_position(text), **self._view()}

    def _record(self) -> dict[str, Any]:
        assert self.session is not None
        return self.session.record_json()

    def _load(self, text: str) -> dict[str, Any]:
        self.session = Session.from_record(text)
        return self._view()
