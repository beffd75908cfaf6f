"""Hypothesis strategies for your own properties of castlerules games: games, states, actions, records.

Needs Hypothesis: ``pip install "castlerules[hypothesis]"``.

- :func:`games` — a game: any of the four (or the ones named), any player count of its rulebook,
  and any combination of readings the library accepts (the options come from the spec; a reading
  that needs a value, such as custom dice, gets the value the spec gives as its example);
- :func:`states` — a state reachable from the start of ``game`` by legal play, chance nodes and
  the end included;
- :func:`actions` — a legal action of ``game`` in ``state`` (at a chance node, an outcome);
- :func:`records` — a record of a legal game of ``game`` (a ``castlerules.Record``).

They compose as Hypothesis strategies do; ``states``, ``actions`` and ``records`` take a game, so
over every game ``games().flatmap(states)`` draws a state (and ``data.draw`` in a ``@given(st.data())``
test draws a game, then its states)::

    from hypothesis import given, strategies as st
    from castlerules import strategies as cs

    @given(st.data())
    def test_json_round_trips(data):
        game = data.draw(cs.games())
        state = data.draw(cs.states(game))
        assert game.state_from_json(game.state_to_json(state)) == state

A state is drawn as the sequence of actions that reaches it, so Hypothesis shrinks a failing state
towards fewer plies and earlier actions; a game shrinks towards the default readings and the
fewest players. Invalid arguments raise ``hypothesis.errors.InvalidArgument`` at once.
"""

from __future__ import annotations

from typing import Any

from castlerules.core.catalog import game_class
from castlerules.core.catalog import games as game_names
from castlerules.core.catalog import info as game_info
from castlerules.core.catalog import make as make_game
from castlerules.core.errors import RulesError
from castlerules.core.extras import require
from castlerules.core.game import Game
from castlerules.core.record import Record
from castlerules.core.spec import Interpretation, Option, load_spec

require("hypothesis", "castlerules.strategies")

from hypothesis import assume  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.errors import InvalidArgument  # noqa: E402

__all__ = ["actions", "games", "records", "states"]

#: The most plies ``states`` and ``records`` play from the start unless told otherwise.
DEFAULT_MAX_PLIES = 200
#: Keyword options a strategy never varies: the player count is drawn by itself, and a board
#: of one's own is a file one names (the games stay on the packaged board).
_FIXED_KEYWORDS = frozenset({"players", "board"})


def _choices(interp: Interpretation) -> list[Option]:
    """The options of ``interp`` a game can be made with, other than its default."""
    if interp.keyword in _FIXED_KEYWORDS:
        return []
    return [o for o in interp.options
            if o.playable and o.id != interp.default and (not o.parameter or o.example is not None)]


@st.composite
def _game(draw: Any, names: tuple[str, ...], players: int | None, readings: bool) -> Game[Any, Any]:
    name = draw(st.sampled_from(names))
    low, high = game_class(name).players_range
    count = players if players is not None else draw(st.integers(low, high))
    if players is not None and not low <= players <= high:
        assume(False)
    chosen: dict[str, str] = {}
    keywords: dict[str, Any] = {}
    if readings:
        open_ = [i for i in load_spec(name).interpretations if _choices(i)]
        for interp in draw(st.lists(st.sampled_from(open_), unique_by=lambda i: i.id)) if open_ else []:
            option = draw(st.sampled_from(_choices(interp)))
            if option.parameter:
                keywords[interp.keyword] = option.example
            else:
                chosen[interp.id] = option.id
    try:
        return make_game(name, players=count, readings=chosen or None, **keywords)
    except RulesError:
        assume(False)  # a combination the library refuses (the message says why)
        raise


def games(
    name: str | None = None, *, players: int | None = None, readings: bool = True
) -> st.SearchStrategy[Game[Any, Any]]:
    """A game made by ``castlerules.make``: of ``name`` (any spelling ``make`` takes; any of
    ``castlerules.games()`` when None), with ``players`` players (any count its rulebook names when None), and, unless
    ``readings=False``, any combination of the playable options of its interpretations that
    ``make`` accepts (a combination it refuses is not drawn). Shrinks towards the default
    readings and the fewest players.

    >>> from castlerules import strategies
    >>> strategies.games("kasteel", readings=False).example().name
    'kasteel'
    """
    if name is not None:
        try:
            name = game_info(name).name  # any spelling make takes
        except RulesError:
            raise InvalidArgument(
                f"games: no game {name!r}; the games are {', '.join(game_names())}"
            ) from None
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
        raise InvalidArgument(f"games: players must be an int or None, got {players!r}")
    names = (name,) if name is not None else game_names()
    if players is not None and not any(
        game_class(n).players_range[0] <= players <= game_class(n).players_range[1] for n in names
    ):
        raise InvalidArgument(f"games: no game among {', '.join(names)} takes {players} players")
    if not isinstance(readings, bool):
        raise InvalidArgument(f"games: readings must be True or False, got {readings!r}")
    return _game(names, players, readings)


def _check_game(game: Any, where: str) -> None:
    if not isinstance(game, Game):
        raise InvalidArgument(f"{where}: expected a castlerules game, got {type(game).__name__}")


def _check_plies(max_plies: Any, where: str) -> None:
    if not isinstance(max_plies, int) or isinstance(max_plies, bool) or max_plies < 0:
        raise InvalidArgument(f"{where}: max_plies must be a non-negative int, got {max_plies!r}")


@st.composite
def _path(draw: Any, game: Game[Any, Any], max_plies: int) -> tuple[Any, list[Any], list[str]]:
    """(state, its actions, their texts): ``plies`` legal actions from the start (fewer if the
    game ends first)."""
    plies = draw(st.integers(0, max_plies))
    state = game.initial_state()
    done: list[Any] = []
    texts: list[str] = []
    for _ in range(plies):
        legal = game.legal_actions(state)
        if not legal:
            break
        action = legal[draw(st.integers(0, len(legal) - 1))]
        texts.append(game.action_to_str(state, action))
        done.append(action)
        state = game.successor(state, action)
    return state, done, texts


def states(game: Game[Any, Any], *, max_plies: int = DEFAULT_MAX_PLIES) -> st.SearchStrategy[Any]:
    """A state of ``game`` reached from its start by at most ``max_plies`` legal actions (chance
    outcomes included, so chance nodes and, where a game ends within reach, terminal states are
    drawn too). Shrinks towards fewer plies and earlier actions.

    >>> import castlerules
    >>> from castlerules import strategies
    >>> game = castlerules.make("splut")
    >>> isinstance(strategies.states(game, max_plies=5).example(), game.state_type)
    True
    """
    _check_game(game, "states")
    _check_plies(max_plies, "states")
    return _path(game, max_plies).map(lambda found: found[0])


def actions(game: Game[Any, Any], state: Any) -> st.SearchStrategy[Any]:
    """A legal action of ``game`` in ``state``, in the order of ``legal_actions`` (at a chance
    node: a chance outcome, each equally likely to be drawn whatever its probability).
    InvalidArgument at a terminal state, which has none.

    >>> import castlerules
    >>> from castlerules import strategies
    >>> game = castlerules.make("kasteel")
    >>> state = game.initial_state()
    >>> game.is_legal(state, strategies.actions(game, state).example())
    True
    """
    _check_game(game, "actions")
    if not isinstance(state, game.state_type):
        raise InvalidArgument(f"actions: {type(state).__name__} is not a state of {game.name}")
    legal = game.legal_actions(state)
    if not legal:
        raise InvalidArgument(f"actions: {game.name} has no legal action here (the game is over)")
    return st.sampled_from(legal)


def records(game: Game[Any, Any], *, max_plies: int = DEFAULT_MAX_PLIES) -> st.SearchStrategy[Record]:
    """A record of a legal game of ``game`` of at most ``max_plies`` plies (chance outcomes
    included), which ``castlerules.replay`` replays. Shrinks towards shorter records.

    >>> import castlerules
    >>> from castlerules import strategies
    >>> game = castlerules.make("spookslot")
    >>> record = strategies.records(game, max_plies=8).example()
    >>> castlerules.replay_game(record).game == game
    True
    """
    _check_game(game, "records")
    _check_plies(max_plies, "records")
    options = game.options
    return _path(game, max_plies).map(
        lambda found: Record.new(game.name, options, tuple(found[2]))
    )
