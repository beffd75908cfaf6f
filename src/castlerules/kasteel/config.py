"""The configuration of a game of Het kasteel veroveren: the level or number of passes, the skulls,
the map, what a player who cannot move does, and a reading of every interpretation -- one frozen
value (``castlerules.core.config``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from castlerules.core.config import (
    ALWAYS,
    NEVER,
    OMIT,
    Config,
    Readings,
    integer,
    not_together,
    one_of,
    option,
    optional,
    player_count,
    readings_field,
)
from castlerules.core.errors import InvalidOptionError, quote
from castlerules.kasteel.board import DEFAULT_NAME, Board, load_board
from castlerules.kasteel.declaration import GAME

#: Skulls placed at the start without the ``skulls`` option (clause kasteel.kanalen.schedels).
DEFAULT_SKULLS = 4
#: What a player with knights but no legal move does (interpretation kasteel.interp.no-legal-move).
STUCK_RULES = ("lose", "pass")
#: The most passes the ``passes`` option may give.
MAX_PASSES = 1000
#: Fixed skull squares beyond this many are not sorted before the check refuses them.
MAX_SKULL_NAMES = 1000


def _squares(value: Any) -> Any:
    """A list of square names as a tuple (anything else is left for the check to refuse)."""
    if isinstance(value, Sequence) and not isinstance(value, str):
        return tuple(value)
    return value


def _board_name(value: Any) -> Any:
    """The packaged map's name for ``None`` (no map given)."""
    return DEFAULT_NAME if value is None else value


def _skull_options(config: KasteelConfig, attribute: Any, names: Any) -> None:
    """``skulls`` and ``skull_squares``: a count that fits the skull zone, or distinct squares of
    the zone (and a count, if given, that matches them)."""
    zone = config.zone
    skulls = config.skulls
    if names is None:
        if skulls is not None and (
            not isinstance(skulls, int) or isinstance(skulls, bool) or not 0 <= skulls <= len(zone)
        ):
            raise InvalidOptionError(
                f"skulls must be an integer from 0 to {len(zone)}, got {quote(skulls)}"
            )
        if (DEFAULT_SKULLS if skulls is None else skulls) > len(zone):
            raise InvalidOptionError(f"skulls: at most {len(zone)} fit on this board")
        return
    if not isinstance(names, tuple):
        raise InvalidOptionError("skull_squares must be a list of square names like 'j10'")
    if len(names) > len(zone):
        raise InvalidOptionError(f"skull_squares: at most {len(zone)} fit on this board")
    found = config.fixed_skulls
    if len(found) != len(names):
        raise InvalidOptionError("skull_squares: a square is named twice")
    if skulls is not None and skulls != len(found):
        raise InvalidOptionError(
            f"skulls={quote(skulls)} does not match the {len(found)} skull_squares given"
        )


def _skulls_recorded(config: KasteelConfig, skulls: int | None) -> Any:
    """``skulls`` is recorded when given, unless the skull squares give the count."""
    return OMIT if skulls is None or config.skull_squares is not None else skulls


def _squares_recorded(config: KasteelConfig, names: tuple[str, ...] | None) -> Any:
    """The fixed skull squares by their names, in board order."""
    if names is None:
        return OMIT
    board = config.map
    return [board.name(s) for s in sorted(config.fixed_skulls)]


@attrs.frozen(kw_only=True, cache_hash=True)
class KasteelConfig(Config):
    """What a game of Het kasteel veroveren is made with (``castlerules.make("kasteel", level=2)``).

    >>> KasteelConfig.make(stuck="lose", skull_squares=["i11", "j10"]).recorded()
    {'level': 1, 'skull_squares': ['j10', 'i11'], 'stuck': 'lose'}
    """

    game: ClassVar[str] = GAME.name
    players_range: ClassVar[tuple[int, int]] = (2, 2)

    level: int = option(
        1, doc="the level: 8, 7 or 6 passes per player", validator=integer(1, 3), record=ALWAYS
    )
    passes: int | None = option(
        None, doc=f"an explicit number of passes per player (0-{MAX_PASSES}), overriding the level",
        validator=optional(integer(0, MAX_PASSES)),
    )
    board: str = option(
        DEFAULT_NAME,
        doc="the map: the packaged map's name, map text in the format of "
        "specs/boards/kasteel-default.txt, or the path of a map file (kept as its text, never "
        "the path)",
        converter=_board_name,
    )
    skulls: int | None = option(
        None, doc=f"how many skulls chance places at the start (default {DEFAULT_SKULLS})",
        record=_skulls_recorded,
    )
    skull_squares: tuple[str, ...] | None = option(
        None, doc="fixed skull squares such as i11,j10 instead of chance", kind="list",
        converter=_squares, validator=_skull_options, record=_squares_recorded,
    )
    stuck: str = option(
        "pass",
        doc="a player with knights but no legal move: 'pass' (he passes; if his opponent could "
        "not move either, he loses) or 'lose' (he loses at once)",
        validator=one_of(*STUCK_RULES),
    )
    players: int = option(2, doc="two players: yellow (0) and red (1)", validator=player_count,
                          record=NEVER)
    readings: Readings = readings_field(
        not_together(
            ("moves", "mixed"), ("climb", "climb-then-slide"),
            "kasteel: moves=mixed lets every slide go onto and off the walls, so there is "
            "no separate climb for climb=climb-then-slide to describe; give one of them",
        )
    )

    @classmethod
    def prepare(cls, keywords: dict[str, Any]) -> dict[str, Any]:
        """The map is read here (a path, text or a packaged name) and kept as its packaged name or
        its text; fixed skull squares are put in the board's order (one configuration however
        they are listed)."""
        keywords = dict(keywords)
        if keywords.get("board") is not None:
            keywords["board"] = load_board(keywords["board"]).source
        names = _squares(keywords.get("skull_squares"))
        if isinstance(names, tuple) and len(names) <= MAX_SKULL_NAMES:
            board = load_board(keywords.get("board"))
            try:
                order = [board.square(name) for name in names]
            except (ValueError, TypeError):
                pass  # the check of the field says what is wrong
            else:
                keywords["skull_squares"] = tuple(board.name(s) for s in sorted(order))
        return keywords

    @property
    def map(self) -> Board:
        """The map ``board`` names."""
        return load_board(self.board)

    @property
    def skull_count(self) -> int:
        """How many skulls the start places: the fixed squares, the ``skulls`` option, or
        ``DEFAULT_SKULLS``."""
        if self.skull_squares is not None:
            return len(self.skull_squares)
        return DEFAULT_SKULLS if self.skulls is None else self.skulls

    @property
    def zone(self) -> tuple[int, ...]:
        """The squares where skulls may be placed (interpretation kasteel.interp.skull-zone)."""
        return self.map.skull_zone(self.readings["skull-zone"] == "anywhere")

    @property
    def fixed_skulls(self) -> frozenset[int]:
        """The squares ``skull_squares`` names (InvalidOptionError for a name that is not a square
        of the skull zone)."""
        board, zone, found = self.map, self.zone, set()
        for name in self.skull_squares or ():
            try:
                sq = board.square(name)
            except ValueError as exc:
                raise InvalidOptionError(f"skull_squares: {exc}") from None
            if sq not in zone:
                raise InvalidOptionError(
                    f"skull_squares: {name} is not a square of the skull zone "
                    "(interpretation kasteel.interp.skull-zone)"
                )
            found.add(sq)
        return frozenset(found)
