"""The conformance kit: generic checks every game must pass, run along seeded random playouts.

Like OpenSpiel's random simulation test, but for the castlerules contract. Use it on your own game::

    from castlerules.core.conformance import check_conformance
    report = check_conformance(castlerules.make("splut", players=3), playouts=5)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs

from castlerules.core.errors import IllegalActionError, ParseError, RulesError
from castlerules.core.game import Game
from castlerules.core.play import random_action
from castlerules.core.spec import find_clause


class ConformanceError(AssertionError):
    """A game broke the contract; the message lists every failure found (with the state)."""


@attrs.frozen(slots=True)
class Report:
    playouts: int
    finished: int
    states: int
    actions_checked: int
    candidates_checked: int
    longest: int


def _fail(failures: list[str], game: Game[Any, Any], state: Any, message: str) -> None:
    if len(failures) < 20:
        failures.append(f"{message}\n    in state {game.state_to_json(state)[:300]}")


def check_state(
    game: Game[Any, Any], state: Any, rng: random.Random, failures: list[str], candidates: int = 24
) -> tuple[int, int]:
    """Check the contract at one state; returns (legal actions checked, candidates checked)."""
    try:
        text = game.state_to_text(state)
        if game.state_from_text(text) != state:
            _fail(failures, game, state, f"position text round trip changed the state: {text}")
        if text not in game.render(state):
            _fail(failures, game, state, "the rendering does not show the position text")
    except RulesError as exc:
        _fail(failures, game, state, f"the position text does not read back: {exc}")
    terminal = game.is_terminal(state)
    chance = game.is_chance(state)
    actors = game.actors(state)
    winners = game.winners(state)
    legal = game.legal_actions(state)

    if game.state_from_json(game.state_to_json(state)) != state:
        _fail(failures, game, state, "JSON round trip changed the state")
    if hash(state) != hash(game.state_from_json(game.state_to_json(state))):
        _fail(failures, game, state, "JSON round trip changed the hash")
    if legal != game.legal_actions(state):
        _fail(failures, game, state, "legal_actions is not deterministic")
    if len(set(legal)) != len(legal):
        _fail(failures, game, state, "legal_actions has duplicates")
    if terminal:
        if actors or legal or chance:
            _fail(failures, game, state, "a terminal state has actors, actions or chance")
        if not winners <= frozenset(range(game.num_players)):
            _fail(failures, game, state, f"winners {set(winners)} are not players")
        return 0, 0
    if winners:
        _fail(failures, game, state, "winners before the end")
    if chance:
        outcomes = game.chance_outcomes(state)
        if actors:
            _fail(failures, game, state, "a chance node has actors")
        if any(not isinstance(p, Fraction) or p <= 0 for _, p in outcomes):
            _fail(failures, game, state, "a chance probability is not a positive Fraction")
        if sum((p for _, p in outcomes), Fraction(0)) != 1:
            _fail(failures, game, state, "chance probabilities do not sum to exactly 1")
        if tuple(o for o, _ in outcomes) != legal:
            _fail(failures, game, state, "at a chance node legal_actions are not the outcomes")
    elif not actors:
        _fail(failures, game, state, "a non-terminal decision state has no actors")
    if not legal:
        _fail(failures, game, state, "a non-terminal state has no legal action")

    texts: dict[str, Any] = {}
    sampled = legal if len(legal) <= 64 else rng.sample(legal, 64)
    for a in sampled:
        text = game.action_to_str(state, a)
        if text in texts:
            _fail(failures, game, state, f"two actions share the string {text!r}")
        texts[text] = a
        try:
            if game.parse_action(state, text) != a:
                _fail(failures, game, state, f"{text!r} does not parse back to its action")
        except ParseError as exc:
            _fail(failures, game, state, f"{text!r} does not parse: {exc}")
        player = getattr(a, "player", None)
        if not chance and player is not None and player not in actors:
            _fail(failures, game, state, f"{text!r} is by player {player}, not an actor")
        if game.violation(state, a) is not None:
            _fail(failures, game, state, f"legal action {text!r} has a violation")
    if len(legal) > 64 and len({game.action_to_str(state, a) for a in legal}) != len(legal):
        _fail(failures, game, state, "action strings are not unique")

    # purity: applying must not change the state it was given
    before = game.state_to_json(state)
    game.apply(state, sampled[0]) if sampled else None
    if game.state_to_json(state) != before:
        _fail(failures, game, state, "apply mutated its input state")

    legal_set = set(legal)
    pool = game.candidate_actions(state)
    picks = pool if len(pool) <= candidates else rng.sample(pool, candidates)
    for c in picks:
        v = game.violation(state, c)
        if (v is None) != (c in legal_set):
            _fail(failures, game, state, f"violation() and legal_actions() disagree on {c!r}")
        if v is not None:
            try:
                if find_clause(v.clause).nl != v.text_nl:
                    _fail(failures, game, state, f"violation text is not clause {v.clause}")
            except RulesError:
                _fail(failures, game, state, f"violation names unknown clause {v.clause!r}")
            try:
                game.apply(state, c)
                _fail(failures, game, state, f"apply accepted illegal {c!r}")
            except IllegalActionError:
                pass
    if not set(legal) <= set(pool):
        _fail(failures, game, state, "candidate_actions misses a legal action")
    return len(sampled), len(picks)


def check_conformance(
    game: Game[Any, Any],
    *,
    playouts: int = 3,
    seed: int = 0,
    max_plies: int | None = None,
    every: int = 1,
    also: Callable[[Any], None] | None = None,
) -> Report:
    """Play ``playouts`` seeded random games, checking the contract at every ``every``-th state.

    Raises ConformanceError listing the failures. A playout that hits ``max_plies`` (default: the
    game's documented ``playout_cap``) without ending is a failure. ``also(state)`` is called on
    every checked state (for example to validate its JSON against the schema); an exception it
    raises is reported as a failure.
    """
    rng = random.Random(seed)
    failures: list[str] = []
    cap = game.playout_cap if max_plies is None else max_plies
    states = actions_checked = candidates_checked = finished = longest = 0
    for _ in range(playouts):
        state = game.initial_state()
        plies = 0
        while True:
            if plies % every == 0 or game.is_terminal(state):
                a, c = check_state(game, state, rng, failures)
                if also is not None:
                    try:
                        also(state)
                    except Exception as exc:  # reported with the state, like every failure
                        _fail(failures, game, state, f"{type(exc).__name__}: {str(exc)[:300]}")
                actions_checked += a
                candidates_checked += c
                states += 1
            if game.is_terminal(state) or plies >= cap or failures:
                break
            state = game.apply(state, random_action(game, state, rng))
            plies += 1
        finished += game.is_terminal(state)
        if not game.is_terminal(state):
            failures.append(f"a random playout did not end within {cap} plies")
        longest = max(longest, plies)
        if failures:
            break
    if failures:
        raise ConformanceError(f"{game!r}: " + "\n".join(failures))
    return Report(playouts, finished, states, actions_checked, candidates_checked, longest)
