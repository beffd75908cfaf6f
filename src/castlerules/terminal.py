"""Playing in the terminal: the board after every ply, moves typed as notation, bots for the rest.

``play_game`` drives one game. Human players type moves in the game's notation (``?`` lists the legal
moves, ``undo`` takes back the last own move, ``quit`` stops); an illegal move is answered with the
English reason, the clause id and the Dutch text, and asked again. Bots choose for the other players,
chance is drawn from the seeded generator, and where several players may act at once the one who
acts next is drawn uniformly among them (the race of ``castlerules.adapters.common``). Input is read a
line at a time from any text stream, so a game can be scripted by piping moves in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from rich.console import Console

from castlerules.bots import MCTSBot, RandomBot, own_actions
from castlerules.core.chance import sample
from castlerules.core.errors import IllegalActionError, RulesError
from castlerules.core.game import Game
from castlerules.core.record import Record

HELP = (
    "Type a move in the game's notation, '?' for the legal moves, 'undo' to take back your last "
    "move, 'quit' to stop."
)


def winners_text(game: Game[Any, Any], state: Any) -> str:
    """"p1 wins", "p0 and p2 share the win", or "nobody wins"."""
    won = sorted(game.winners(state))
    if not won:
        return "nobody wins"
    names = [f"p{p}" for p in won]
    if len(names) == 1:
        return f"{names[0]} wins"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win"


def legal_moves_text(game: Game[Any, Any], state: Any, player: int | None = None) -> str:
    actions = game.legal_actions(state) if player is None else own_actions(game, state, player)
    texts = [game.action_to_str(state, a) for a in actions]
    shown = texts[:200]
    more = f" … and {len(texts) - len(shown)} more" if len(texts) > len(shown) else ""
    return ", ".join(shown) + more


class Session:
    """One game in the terminal (see the module docstring)."""

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        humans: Iterable[int],
        bots: Callable[[int], RandomBot | MCTSBot],
        rng: random.Random,
        console: Console,
        stdin: TextIO,
        max_plies: int,
        interactive: bool,
    ) -> None:
        self.game = game
        self.humans = frozenset(humans)
        self.bots = {p: bots(p) for p in range(game.num_players) if p not in self.humans}
        self.rng = rng
        self.console = console
        self.stdin = stdin
        self.max_plies = max_plies
        self.interactive = interactive
        self.states: list[Any] = [game.initial_state()]
        self.texts: list[str] = []
        self.movers: list[int | None] = []
        self.stopped = ""

    @property
    def state(self) -> Any:
        return self.states[-1]

    def show(self) -> None:
        # Every game's rendering ends with the position text (the conformance kit checks it).
        self.console.print(self.game.render(self.state), markup=False, highlight=False)

    def _push(self, action: Any, mover: int | None) -> None:
        text = self.game.action_to_str(self.state, action)
        self.states.append(self.game.apply(self.state, action))
        self.texts.append(text)
        self.movers.append(mover)
        label = f"p{mover}" if mover is not None else "chance"
        self.console.print(f"{len(self.texts)}. {text}   ({label})", markup=False, highlight=False)

    def undo(self) -> bool:
        """Back to the position before the last human move (False if there is none)."""
        humans = [i for i, m in enumerate(self.movers) if m in self.humans]
        if not humans:
            return False
        keep = humans[-1]
        del self.states[keep + 1 :], self.texts[keep:], self.movers[keep:]
        return True

    def _read(self, player: int) -> str | None:
        if self.interactive:
            try:
                return self.console.input(f"[bold]p{player}>[/bold] ")
            except EOFError:
                return None
        line = self.stdin.readline()
        return None if line == "" else line.rstrip("\r\n")

    def _ask(self, player: int) -> Any | None:
        """The move a human types, after '?', 'undo' and illegal moves; None to stop."""
        while True:
            line = self._read(player)
            if line is None:
                self.stopped = "the input ended"
                return None
            text = line.strip()
            if not text:
                continue
            if text in ("quit", "exit"):
                self.stopped = "quit"
                return None
            if text in ("?", "help"):
                self.console.print(HELP, markup=False)
                self.console.print("legal: " + legal_moves_text(self.game, self.state, player),
                                   markup=False, highlight=False)
                continue
            if text == "undo":
                if self.undo():
                    self.console.print("taken back:", markup=False)
                    self.show()
                else:
                    self.console.print("nothing to take back", markup=False)
                continue
            try:
                action = self.game.parse_action(self.state, text)
                if getattr(action, "player", player) != player and len(self.game.actors(self.state)) <= 1:
                    raise RulesError(f"it is p{player}'s move")
                found = self.game.violation(self.state, action)
            except RulesError as exc:
                self.console.print(f"not a move: {exc}", markup=False, highlight=False, style="red")
                self.console.print("type ? for the legal moves", markup=False, style="dim")
                continue
            if found is not None:
                self.console.print(f"illegal: {found.reason}", markup=False, highlight=False,
                                   style="red")
                self.console.print(f"  [{found.clause}] “{found.text_nl}”", markup=False,
                                   highlight=False)
                continue
            if getattr(action, "player", player) != player:
                self.console.print(f"that is a move of p{action.player}; you are p{player}",
                                   markup=False, style="red")
                continue
            return action

    def _mover(self) -> int:
        actors = sorted(self.game.actors(self.state))
        return actors[0] if len(actors) == 1 else self.rng.choice(actors)

    def run(self) -> None:
        game = self.game
        if self.humans:
            self.show()
        while not game.is_terminal(self.state) and len(self.texts) < self.max_plies:
            if game.is_chance(self.state):
                self._push(sample(game.chance_outcomes(self.state), self.rng), None)
                continue
            mover = self._mover()
            if mover in self.humans:
                action = self._ask(mover)
                if action is None:
                    return
                self._push(action, mover)
            else:
                self._push(self.bots[mover].choose(game, self.state, mover), mover)
            if self.humans:
                self.show()
        if not game.is_terminal(self.state):
            self.stopped = f"stopped after {self.max_plies} plies"

    def record(self, seed: int) -> Record:
        return Record.new(self.game.name, self.game.options, tuple(self.texts), seed=seed)


def illegal_text(error: IllegalActionError) -> str:
    v = error.violation
    return f"{v.reason}\n  [{v.clause}] “{v.text_nl}”"
