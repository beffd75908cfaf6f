"""The library's side of the docs' Play page: one game session answering in JSON-able values.

The page runs castlerules itself under Pyodide in a web worker and calls a ``Session``: the legal
moves with the squares a person clicks for each (and, in Spookslot, where each lands), moves typed
or clicked (an illegal one answered with its clause, the Dutch quote and the English reason), chance
drawn with the library's exact probabilities and told in words, the random and MCTS bots, a Vlotte
Geesten grab round as a race whose answer the picture keeps hidden until the round is settled, undo,
positions pasted in and records loaded, and each seat's chance to win when a solved table the site
ships holds the position (``castlerules.solve.table_from_json``: JSON, no numpy). Everything a visitor types, pastes, loads or puts in a link
is untrusted input: it reaches the library only through its parsers (JSON through the one bounded
reader, ``core.jsonio.parse_json``), and a failure is a ``RulesError`` turned into ``{"error": ...}``.

Nothing here imports z3: playing needs only the library and attrs (the page ships nothing else).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from typing import Any

from castlerules.bots import BOT_DELAY, Bot, MCTSBot, make_bot, own_actions
from castlerules.core.catalog import game_class, games, make, make_stored
from castlerules.core.chance import sample
from castlerules.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    ParseError,
    RecordError,
    RulesError,
    about,
    quote,
)
from castlerules.core.game import Game
from castlerules.core.jsonio import parse_json
from castlerules.core.present import Ply, Presentation, presentation_of
from castlerules.core.record import MAX_RECORD_CHARS, Record
from castlerules.core.source import untrusted
from castlerules.core.spec import load_spec

#: The most moves a session takes from one URL or one record (the page's own limit).
MAX_MOVES = 5_000
#: The most legal moves listed to the page at once (none of the four games comes near it).
MAX_LISTED = 2_000
#: The longest ``options=`` JSON a link may carry (characters).
MAX_OPTIONS_CHARS = 10_000
#: The longest request the page sends: a record of at most ``MAX_RECORD_CHARS``, quoted as a JSON
#: string (every character escaped at worst), with room for the rest of the request.
MAX_REQUEST_CHARS = 6 * MAX_RECORD_CHARS + 10_000
#: The longest a bot may think for one move (seconds), and the shortest.
MAX_BOT_SECONDS = 30.0
MIN_BOT_SECONDS = 0.05


def catalog() -> list[dict[str, Any]]:
    """Every game with its title, player counts, keyword options and interpretations (what
    ``castlerules readings`` lists; ``keyword``: the ``make`` option an interpretation is also
    spelt as), for the page's menus: read from each game's configuration (``config_type``) and
    spec, without making a game."""
    out = []
    for name in games():
        config = game_class(name).config_type
        spec = load_spec(name)
        low, high = config.players_range
        out.append({
            "name": name,
            "title": spec.title,
            "players": [low, high],
            "default_players": config.defaults()["players"],
            "options": [{"name": o.name, "default": o.default, "doc": o.doc, "kind": o.kind}
                        for o in config.options_info() if o.name != "players"],
            "interpretations": [
                {"id": i.id, "short_id": i.short_id, "question": i.question, "default": i.default,
                 "keyword": i.keyword or "",
                 "options": [{"id": o.id, "text": o.text, "playable": o.playable and not o.parameter,
                              "reason": o.reason or ("needs a value: set it in Python" if o.parameter else "")}
                             for o in i.options]}
                for i in spec.interpretations
            ],
            "rulesets": [{"id": r.id, "title": r.title, "readings": dict(r.readings)}
                         for r in spec.rulesets],
        })  # fmt: skip
    return out


def page_data() -> dict[str, Any]:
    """What the page needs before Python runs (the docs build writes it into the page's manifest):
    the catalog and the bots' default reaction time in a race."""
    return {"games": catalog(), "bot_delay": BOT_DELAY}


def parse_readings(text: str) -> dict[str, str]:
    """``ID=OPT,ID=OPT`` (the URL's form) as a dict; ParseError when a pair has no ``=`` or names
    one interpretation twice with different options."""
    if not isinstance(text, str):
        raise ParseError(f"readings: expected text such as 'ID=OPTION,ID=OPTION', got {quote(text)}")
    out: dict[str, str] = {}
    for pair in (p.strip() for p in text.split(",")):
        if not pair:
            continue
        key, sep, option = pair.partition("=")
        key, option = key.strip(), option.strip()
        if not sep or not key or not option:
            raise ParseError(f"readings: expected ID=OPTION, got {quote(pair)}")
        if out.get(key, option) != option:
            raise ParseError(f"readings: {quote(key)} is given twice, as {quote(out[key])} and as "
                             f"{quote(option)}: give it once")  # fmt: skip
        out[key] = option
    return out


def merged_options(
    players: Any = None, readings: Mapping[str, str] | str | None = None, options: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The ``make`` options of a link: ``options`` with ``players`` and ``readings`` given on their
    own added. The same key given both ways must agree (a reading given twice must name the same
    option); else InvalidOptionError says which and how."""
    kwargs: dict[str, Any] = dict(options or {})
    if players is not None:
        if "players" in kwargs and kwargs["players"] != players:
            raise InvalidOptionError(f"players={quote(players)} and players={quote(kwargs['players'])} "
                                     "in the options disagree: give the player count once")  # fmt: skip
        kwargs["players"] = players
    if isinstance(readings, str):
        readings = parse_readings(readings)
    if readings:
        inner = kwargs.get("readings") or {}
        if not isinstance(inner, Mapping):
            raise InvalidOptionError(f"options: readings must be an object of ID: OPTION, got {quote(inner)}")
        both = dict(inner)
        for key, option in readings.items():
            if key in both and both[key] != option:
                raise InvalidOptionError(f"the reading {quote(key)} is {quote(option)} in readings= and "
                                         f"{quote(both[key])} in the options: give it once")  # fmt: skip
            both[key] = option
        kwargs["readings"] = both
    return kwargs


def error_data(exc: RulesError) -> dict[str, Any]:
    """A library error for the page: its kind and message, and for an illegal move the clause id,
    the Dutch text, the English reason and the clause's English summary (the rule, as the
    terminal says it)."""
    data: dict[str, Any] = {"kind": type(exc).__name__, "message": str(exc)}
    if isinstance(exc, IllegalActionError):
        v = exc.violation
        data.update(clause=v.clause, nl=v.text_nl, en=v.reason, rule=_clause_english(v.clause))
    return data


def _clause_english(clause_id: str) -> str:
    """The English summary of a clause ("" if there is none)."""
    from castlerules.core.spec import find_clause

    try:
        return str(find_clause(clause_id).en)
    except RulesError:
        return ""


def action_squares(game: Game[Any, Any], state: Any, action: Any) -> tuple[str, ...]:
    """The squares a person clicks for ``action`` (the ``data-square`` names of the game's SVG)."""
    return presentation_of(game).squares(state, action)


# -- a session ------------------------------------------------------------------------------------


def _seconds(value: Any) -> float:
    """A bot's thinking time from a request, clamped to what the page offers (a number; never
    converts a huge integer to float, which would overflow)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise RulesError(f"seconds: expected a number, got {quote(value)}")
    return float(min(max(value, MIN_BOT_SECONDS), MAX_BOT_SECONDS))


class Session:
    """One game on the page: the states so far, the moves in notation, who made each and what
    each did in words."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        readings: Mapping[str, str] | str | None = None,
        options: Mapping[str, Any] | None = None,
        position: str | None = None,
        seed: int | None = None,
        ruleset: str | None = None,
        stored: bool = False,
    ) -> None:
        kwargs = merged_options(players, readings, options)
        if ruleset:
            kwargs["ruleset"] = ruleset
        with untrusted():
            # a record, or a link with moves or a position, is read as the version that wrote
            # it meant its options (a default that changed since keeps its earlier option)
            self.game: Game[Any, Any] = (make_stored(game, kwargs) if stored
                                         else make(game, **kwargs))
        #: How the game is shown and told (the same presentation as the terminal's).
        self.shown: Presentation = presentation_of(self.game)
        #: The plies (by index) that settled a round.
        self.settles: list[int] = []
        self.rng = random.Random(seed)
        start = self.game.initial_state() if not position else self.game.state_from_text(position)
        #: The position the session began from, when it is not the game's start position.
        self.start_text = self.game.state_to_text(start) if position else None
        self.states: list[Any] = [start]
        self.actions: list[Any] = []
        self.texts: list[str] = []
        self.movers: list[int | None] = []
        #: What each ply did, in words ("" where its notation says it all).
        self.said: list[str] = []
        #: The squares of the last move (the page marks them).
        self.last_squares: tuple[str, ...] = ()
        #: The bots of this game, by seat and kind.
        self._bots: dict[tuple[int, str], Bot] = {}

    @property
    def state(self) -> Any:
        return self.states[-1]

    def seat(self, player: Any) -> int:
        """``player`` as a seat of this game; RulesError (quoting it cut short) if it is none."""
        n = self.game.num_players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise RulesError(f"player: expected a seat number from 0 to {n - 1}, got {quote(player)}")
        return player

    # -- moves ---------------------------------------------------------------------------
    def _push(self, action: Any, mover: int | None) -> str:
        before = self.state
        text = self.game.action_to_str(before, action)
        squares = self.shown.squares(before, action)
        after = self.game.apply(before, action)
        self.states.append(after)
        self.actions.append(action)
        self.texts.append(text)
        self.movers.append(mover)
        self.said.append(self._words(before, action, after, mover))
        self.last_squares = squares
        return text

    def _words(self, before: Any, action: Any, after: Any, mover: int | None) -> str:
        """What a ply did, beyond its notation (the game's presentation says it: a chance event in
        words, where Spookslot's pawns went), and the whole of a round once it is settled
        (``Presentation.settled``: a Vlotte Geesten round)."""
        shown = self.shown
        ply = Ply(len(self.texts), before, action, after, mover, self.texts[-1])
        if shown.rounds and mover is not None and shown.round_over(after):
            first = len(self.states) - 2  # the state the round's first grab was made in
            while first > 0 and not self.game.is_chance(self.states[first - 1]):
                first -= 1
            grabs = [Ply(i + 1, self.states[i], a, self.states[i + 1], m, t)
                     for i, (m, a, t) in enumerate(zip(self.movers, self.actions, self.texts))
                     if i >= first and m is not None]
            said = shown.settled(self.states[first], after, grabs)
            if said:
                self.settles.append(len(self.texts) - 1)
                return said
        return shown.words(ply)

    def play(self, text: str, player: int | None = None) -> dict[str, Any]:
        """Play ``text`` (a move in notation, or a chance outcome); ``player``, when given, must be
        the one who moves. ``{"played": TEXT}`` or ``{"error": ...}``; the state is unchanged on
        error."""
        try:
            if not isinstance(text, str) or len(text) > 200:
                raise RulesError("a move is a text of at most 200 characters")
            if player is not None:
                player = self.seat(player)
            if self.game.is_terminal(self.state):
                raise RulesError("the game is over")
            action = self.game.parse_action(self.state, text)
            mover = getattr(action, "player", None)
            if self.game.is_chance(self.state):
                if action not in dict(self.game.chance_outcomes(self.state)):
                    # a player's move where chance acts first (Kasteel's skulls): say what it does
                    raise RulesError("chance acts first here: "
                                     + self.shown.chance_words(self.state).removeprefix("chance: ")
                                     + "; roll, then move")
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
        may move with these squares (a candidate of the game) and why it is illegal, ``{"move":
        TEXT, "error": ...}``; where no action of the game starts so, why the squares read as
        ``FROM-TO`` make no move, ``{"clicked": "g5 then g6", "error": ...}``; ``{}`` if the
        squares name no move."""
        state, game = self.state, self.game
        if game.is_terminal(state) or game.is_chance(state) or not squares:
            return {}
        wanted = tuple(str(q)[:8] for q in squares[:4])
        actors = game.actors(state)
        candidates = sorted(game.candidate_actions(state),
                            key=lambda a: getattr(a, "player", None) not in actors)  # fmt: skip
        for action in candidates:
            if self.shown.squares(state, action)[: len(wanted)] != wanted:
                continue
            found = game.violation(state, action)
            if found is not None:
                return {"move": game.action_to_str(state, action),
                        "error": error_data(IllegalActionError(found))}  # fmt: skip
        if len(wanted) < 2 or len(actors) != 1:
            return {}
        # No move of the game starts so: the squares read as FROM-TO, for the reason only (the
        # answer names the squares clicked, not a move nobody made).
        text = f"p{min(actors)} {wanted[0]}-{wanted[1]}"
        try:
            game.apply(state, game.parse_action(state, text))
        except RulesError as exc:
            return {"clicked": " then ".join(wanted[:2]), "error": error_data(exc)}
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
        """The move of a bot (``random`` or ``mcts``) for ``player``, played: like a person at the
        table, a bot reaches for one object at a time in a grab round (``castlerules.bots``)."""
        try:
            player = self.seat(player)
            if kind not in ("random", "mcts"):
                raise RulesError(f"kind: expected 'random' or 'mcts', got {quote(kind)}")
            budget = _seconds(seconds)
        except RulesError as exc:
            return {"error": error_data(exc)}
        actors = self.game.actors(self.state)
        if self.game.is_terminal(self.state) or player not in actors:
            return {"error": {"kind": "RulesError", "message": f"p{player} cannot move now"}}
        bot = self._bots.get((player, kind))
        if bot is None:  # one bot per seat and kind for the game: it remembers its own moves
            bot = self._bots.setdefault((player, kind), make_bot(kind, self.rng, seconds=budget))
        if isinstance(bot, MCTSBot):
            bot.seconds = budget
        return {"played": self._push(bot.choose(self.game, self.state, player), player)}

    def undo(self, keep_from: Iterable[int] = ()) -> list[str]:
        """Take back the last move; with ``keep_from`` (the human seats), back to before the last
        move of one of them (the bots' and chance's moves after it go too). The moves taken
        back, in notation (none: nothing to take back)."""
        if not self.texts:
            return []
        humans = set(keep_from)
        back = len(self.texts) - 1
        if humans:
            mine = [i for i, m in enumerate(self.movers) if m in humans]
            if not mine:
                return []
            back = mine[-1]
        taken = self.texts[back:]
        del self.states[back + 1 :], self.actions[back:], self.texts[back:], self.movers[back:], self.said[back:]
        self.settles = [i for i in self.settles if i < back]
        self.last_squares = ()
        return taken

    # -- what the page shows ---------------------------------------------------------------
    def legal(self) -> list[dict[str, Any]]:
        """The legal moves now (not at a chance node): text, player, the squares to click, the
        words on its button, and for a Vlotte Geesten grab of one object that object."""
        state, game = self.state, self.game
        if game.is_terminal(state) or game.is_chance(state):
            return []
        out = []
        for player in sorted(game.actors(state)):
            for action in own_actions(game, state, player)[:MAX_LISTED]:
                text = game.action_to_str(state, action)
                move: dict[str, Any] = {"text": text, "player": player,
                                        "squares": list(self.shown.squares(state, action)),
                                        "label": self.shown.label(state, action, text),
                                        **self.shown.move_extras(state, action)}  # fmt: skip
                out.append(move)
        return out

    def view(self) -> dict[str, Any]:
        """Everything the page draws after a change."""
        game, state = self.game, self.state
        terminal = game.is_terminal(state)
        chance = not terminal and game.is_chance(state)
        winners = sorted(game.winners(state)) if terminal else []
        actors = sorted(game.actors(state)) if not (terminal or chance) else []
        settled = self.said[-1] if self.settles and self.settles[-1] == len(self.said) - 1 else ""
        last = None
        if settled:  # the round just settled: the state its first move was made in
            first = len(self.states) - 2
            while first > 0 and not game.is_chance(self.states[first - 1]):
                first -= 1
            last = self.states[first]
        return {
            "game": game.name,
            "players": game.num_players,
            "options": game.options,
            "repr": repr(game),
            "position": game.state_to_text(state),
            "svg": self.shown.picture(state, last),
            "terminal": terminal,
            "winners": winners,
            "chance": chance,
            "outcomes": len(game.chance_outcomes(state)) if chance else 0,
            "chance_said": self.shown.chance_words(state) if chance else "",
            "names": [self.shown.who(p) for p in range(game.num_players)],
            "glossary": [{"word": w, "meaning": m} for w, m in self.shown.glossary()],
            "actors": actors,
            "race": len(actors) > 1,
            "objects": self.shown.extras().get("objects", []),
            "legal": self.legal(),
            "moves": [{"text": t, "mover": m, "said": w} for t, m, w in zip(self.texts, self.movers, self.said)],
            "round": settled,
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
        self.states, self.actions, self.texts, self.movers, self.said = [state], [], [], [], []
        self.settles = []
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
        try:
            session = cls(record.game, options=record.options_dict(), seed=seed, stored=True)
        except RulesError as exc:
            raise RecordError(str(exc)) from None
        for ply, move in enumerate(record.actions, start=1):
            done = session.play(move)
            if "error" in done:
                raise RecordError(about(move, done["error"]["message"]), ply)
        return session


# -- the web worker's end -------------------------------------------------------------------------


def _whole(value: Any, what: str) -> int | None:
    """A whole number from a link: an int, or text of at most six digits; None for none given."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,6}", value.strip()):
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise InvalidOptionError(f"{what}: expected a whole number, got {quote(value)}")


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise RulesError(f"{what}: expected text, got {quote(value)}")
    return value


class Host:
    """One session behind the page's web worker: a JSON request in (``{"cmd": ..., "args": {...}}``),
    a JSON answer out. Every answer that changes the game carries the new ``view``; an error comes
    back as ``{"error": ...}``, never as an exception — a library error with its message, anything
    else the page never sends (a wrong type, a value too large or too deep) as a short
    ``RequestError``."""

    COMMANDS = ("catalog", "new", "view", "play", "attempt", "roll", "bot", "undo", "position",
                "record", "load", "table")  # fmt: skip

    def __init__(self) -> None:
        self.session: Session | None = None
        #: Solved tables the site ships (``castlerules.solve.table_from_json``): a view carries
        #: each seat's chance when one holds its position.
        self.tables: list[Any] = []

    def handle(self, request: str) -> str:
        import json

        try:
            data = parse_json(request, "request", RulesError, MAX_REQUEST_CHARS)
            if not isinstance(data, dict) or not isinstance(data.get("cmd"), str):
                raise RulesError("a request is an object with a command ('cmd') and its arguments")
            command, args = data["cmd"], data.get("args") or {}
            if command not in self.COMMANDS or not isinstance(args, dict):
                raise RulesError(f"no command {quote(command)}")
            if command not in ("catalog", "new", "load", "table") and self.session is None:
                raise RulesError("no game yet")
            answer: dict[str, Any] = getattr(self, f"_{command}")(**args)
            return json.dumps(answer, ensure_ascii=False, allow_nan=False)
        except RulesError as exc:
            answer = {"error": error_data(exc)}
        except (TypeError, ValueError, KeyError, AttributeError):
            answer = {"error": {"kind": "RequestError", "message": "a request the page does not make"}}
        except (RecursionError, OverflowError, MemoryError):
            answer = {"error": {"kind": "RequestError", "message": "a request too large or too deep to answer"}}
        return json.dumps(answer, ensure_ascii=False)

    def _view(self) -> dict[str, Any]:
        assert self.session is not None
        view = self.session.view()
        view["chances"] = self._chances()
        return {"view": view}

    def _chances(self) -> list[float] | None:
        """Each seat's chance under optimal play, from the first table that holds the position."""
        from castlerules.solve import chances_from

        assert self.session is not None
        for table in self.tables:
            found = chances_from(table, self.session.game, self.session.state)
            if found is not None:
                return found
        return None

    def _table(self, text: str) -> dict[str, Any]:
        from castlerules.solve import table_from_json

        table = table_from_json(_text(text, "table"))
        self.tables.append(table)
        return {"positions": len(table.codes)}

    def _catalog(self) -> dict[str, Any]:
        return page_data()

    def _new(self, game: str, players: Any = None, readings: str = "", options: str = "",
             position: str = "", moves: list[str] | None = None, seed: int | None = None,
             ruleset: str = "") -> dict[str, Any]:  # fmt: skip
        extra = parse_json(_text(options, "options"), "options", InvalidOptionError, MAX_OPTIONS_CHARS) if options else {}
        if not isinstance(extra, dict):
            raise InvalidOptionError("options: expected a JSON object")
        moves = [] if moves is None else moves
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RulesError("moves: expected a list of move texts")
        self.session = Session(_text(game, "game"), _whole(players, "players"), _text(readings, "readings") or None,
                               extra, _text(position, "position") or None, _whole(seed, "seed"),
                               _text(ruleset, "ruleset") or None, stored=bool(moves or position))  # fmt: skip
        done = self.session.play_many(moves)
        return {**done, **self._view()}

    def _play(self, text: str, player: int | None = None) -> dict[str, Any]:
        assert self.session is not None
        return {**self.session.play(text, player), **self._view()}

    def _attempt(self, squares: list[str]) -> dict[str, Any]:
        assert self.session is not None
        if not isinstance(squares, list):
            raise RulesError("squares: expected a list of square names")
        return self.session.attempt(squares)

    def _roll(self) -> dict[str, Any]:
        assert self.session is not None
        return {**self.session.roll(), **self._view()}

    def _bot(self, player: int, kind: str = "random", seconds: float = 1.0) -> dict[str, Any]:
        assert self.session is not None
        return {**self.session.bot(player, kind, seconds), **self._view()}

    def _undo(self, humans: list[int] | None = None) -> dict[str, Any]:
        assert self.session is not None
        seats = [self.session.seat(p) for p in (humans or [])]
        return {"undone": self.session.undo(seats), **self._view()}

    def _position(self, text: str) -> dict[str, Any]:
        assert self.session is not None
        return {**self.session.set_position(text), **self._view()}

    def _record(self) -> dict[str, Any]:
        assert self.session is not None
        return self.session.record_json()

    def _load(self, text: str) -> dict[str, Any]:
        self.session = Session.from_record(text)
        return self._view()
