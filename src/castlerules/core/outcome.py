"""How a game ended: an ``Outcome`` (the winners) with its ``Termination`` (why, and by which clause).

After python-chess's ``Outcome`` and ``Termination``: ``game.outcome(state)`` is None while the game
goes on, and at its end says who won and which rule of the rulebook ended it. Each game names its
ways of ending in ``Game.termination``; each ``Termination`` carries the clause that states it (and
the interpretation, where a reading decides it), so the rulebook page of that clause explains it.
"""

from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class Termination:
    """Why a game ended: a short ``id`` (``"key-conquered"``), the ``clause`` of the rulebook
    that ends the game so, what happened in English, and the ``reading`` (an interpretation id)
    when the game ends so only under some reading of the text."""

    id: str
    clause: str
    description: str
    reading: str | None = None

    def __str__(self) -> str:
        return self.description


@attrs.frozen(slots=True)
class Outcome:
    """The end of a game: the ``winners`` (several: a tie; none: nobody won) and the
    ``termination`` that says why it ended.

    >>> import castlerules
    >>> game = castlerules.make("kasteel")
    >>> end = castlerules.position("kasteel", game.state_to_text(game.initial_state()))
    >>> game.outcome(end) is None  # the game goes on
    True
    """

    winners: frozenset[int]
    termination: Termination

    @property
    def winner(self) -> int | None:
        """The one winner, or None for a tie or for nobody."""
        return next(iter(self.winners)) if len(self.winners) == 1 else None

    def result(self) -> str:
        """The result in words: ``"p1 wins"``, ``"p0 and p2 share the win"``, ``"nobody wins"``."""
        players = [f"p{p}" for p in sorted(self.winners)]
        if not players:
            return "nobody wins"
        if len(players) == 1:
            return f"{players[0]} wins"
        return f"{', '.join(players[:-1])} and {players[-1]} share the win"

    def __str__(self) -> str:
        return f"{self.result()}: {self.termination.description} [{self.termination.clause}]"
