"""The configuration of a game of Spookslot: the players, who begins, the die, the ghost ball, the
board, the optional rule and a reading of every interpretation -- one frozen value
(``castlerules.core.config``)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from castlerules.core.config import (
    ALWAYS,
    Config,
    Readings,
    boolean,
    not_together,
    option,
    player,
    player_count,
    readings_field,
)
from castlerules.core.errors import InvalidOptionError, quote
from castlerules.spookslot.board import DEFAULT_NAME, Board, load_board
from castlerules.spookslot.declaration import GAME
from castlerules.spookslot.state import GHOST, TRAPS

#: The faces of the die without the ``die_faces`` option: 1, 2, 3, 4 and the ghost twice.
DEFAULT_FACES: tuple[int | str, ...] = (1, 2, 3, 4, "ghost", "ghost")
MAX_FACE = 6
#: The largest weight ``trap_weights`` accepts for one trap.
MAX_WEIGHT = 1_000_000


def _parse_faces(faces: Any) -> tuple[int, ...]:
    """Validate ``die_faces``: six faces, each a number 1-6 or "ghost" (interp. die-faces); that a
    pawn can move with them is the game's to say (``Spookslot._check_die``: it needs the rules)."""
    if not isinstance(faces, Sequence) or isinstance(faces, str) or len(faces) != 6:
        raise InvalidOptionError(f"die_faces must be a list of six faces, got {quote(faces)}")
    out = []
    for f in faces:
        if f == "ghost":
            out.append(GHOST)
        elif isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= MAX_FACE:
            out.append(f)
        else:
            raise InvalidOptionError(
                f"die_faces: each face is a number from 1 to {MAX_FACE} or 'ghost', got {quote(f)}"
            )
    return tuple(out)


def _parse_weights(weights: Any) -> dict[str, int]:
    """Validate ``trap_weights``: each trap -> an integer weight from 0 to MAX_WEIGHT, not all 0
    (interpretation spookslot.interp.trap-weights)."""
    if not isinstance(weights, Mapping) or len(weights) != len(TRAPS) or set(weights) != set(TRAPS):
        raise InvalidOptionError(
            f"trap_weights must map each trap ({', '.join(TRAPS)}) to a weight"
        )
    for t in TRAPS:
        w = weights[t]
        if not isinstance(w, int) or isinstance(w, bool) or not 0 <= w <= MAX_WEIGHT:
            raise InvalidOptionError(
                f"trap_weights[{t!r}] must be an integer from 0 to {MAX_WEIGHT}, got {quote(w)}"
            )
    if not any(weights[t] for t in TRAPS):
        raise InvalidOptionError("trap_weights must not all be zero")
    return {t: int(weights[t]) for t in TRAPS}


def _faces(value: Any) -> tuple[int | str, ...] | None:
    """``die_faces`` checked, as the faces it names ("ghost" for the ghost); None for the
    standard die."""
    if value is None:
        return None
    shown = tuple("ghost" if f == GHOST else f for f in _parse_faces(value))
    return None if shown == DEFAULT_FACES else shown


def _weights(value: Any) -> tuple[tuple[str, int], ...] | None:
    """``trap_weights`` checked, as (trap, weight) in the order of ``TRAPS``; None when every trap
    weighs the same (the uniform ball)."""
    if value is None:
        return None
    weights = _parse_weights(value)
    return None if len(set(weights.values())) == 1 else tuple(weights.items())


def _board_name(value: Any) -> Any:
    """The packaged board's name for ``None`` (no board given)."""
    return DEFAULT_NAME if value is None else value


@functools.lru_cache(maxsize=16)
def _board(stored: str) -> Board:
    return load_board(stored)[0]


@attrs.frozen(kw_only=True, cache_hash=True)
class SpookslotConfig(Config):
    """What a game of Spookslot is made with (``castlerules.make("spookslot", players=4)``).

    >>> SpookslotConfig.make(players=3, die_faces=[1, 2, 3, 4, 5, "ghost"]).recorded()
    {'players': 3, 'first_player': 0, 'no_yellow': False, 'die_faces': [1, 2, 3, 4, 5, 'ghost']}
    """

    game: ClassVar[str] = GAME.name
    players_range: ClassVar[tuple[int, int]] = (2, 6)

    players: int = option(2, doc="how many players (2-6)", validator=player_count, record=ALWAYS)
    first_player: int = option(0, doc="the player who rolls first", validator=player,
                               record=ALWAYS)
    no_yellow: bool = option(
        False, doc="the optional rule: no move may end on a yellow square", validator=boolean,
        record=ALWAYS,
    )
    die_faces: tuple[int | str, ...] | None = option(
        None,
        doc="the die's six faces, numbers 1-6 or ghost (default 1,2,3,4,ghost,ghost; a die with "
        "which no pawn can ever move onto the board is refused)",
        kind="list", converter=_faces, json=list,
    )
    trap_weights: tuple[tuple[str, int], ...] | None = option(
        None,
        doc=f"how likely the ghost ball reaches each trap: trap -> integer weight from 0 to "
        f"{MAX_WEIGHT:,} (default: all alike)",
        kind="mapping", converter=_weights, json=dict,
    )
    board: str = option(
        DEFAULT_NAME,
        doc="the board: a packaged board's name, board text or the path of a board file (kept "
        "as its text, never the path)",
        converter=_board_name,
    )
    readings: Readings = readings_field(
        not_together(
            ("route-choice", "bounce-safe"), ("bounce-at-fork", "short"),
            "spookslot: route-choice=bounce-safe sends every bounce along the safe route, "
            "so bounce-at-fork=short contradicts it",
        )
    )

    @classmethod
    def prepare(cls, keywords: dict[str, Any]) -> dict[str, Any]:
        """The board is read here (a path, text or a packaged name) and kept as its packaged name
        or its text; a die or ball given as the standard one is the standard one."""
        keywords = dict(keywords)
        if keywords.get("board") is not None:
            keywords["board"] = load_board(keywords["board"])[1]
        # the standard die and a uniform ball, however given, are the default readings
        if keywords.get("die_faces") is not None and _faces(keywords["die_faces"]) is None:
            keywords["die_faces"] = None
        if keywords.get("trap_weights") is not None and _weights(keywords["trap_weights"]) is None:
            keywords["trap_weights"] = None
        return keywords

    @property
    def map(self) -> Board:
        """The board ``board`` names."""
        return _board(self.board)

    @property
    def faces(self) -> tuple[int, ...]:
        """The die's six faces (``GHOST`` for the ghost)."""
        return tuple(GHOST if f == "ghost" else f  # type: ignore[misc]
                     for f in (DEFAULT_FACES if self.die_faces is None else self.die_faces))

    @property
    def weights(self) -> dict[str, int]:
        """Each trap's weight."""
        return {t: 1 for t in TRAPS} if self.trap_weights is None else dict(self.trap_weights)
