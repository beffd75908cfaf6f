"""The declaration of Spookslot: what the catalog, the command line, the environments, the
adapters, the Play page and the docs know of the game. The package imports it before its rules, so
their clause links find the rulebook."""

from castlerules.core.catalog import GameInfo, register

#: The game's declaration (``castlerules.core.declaration.GameInfo``), registered in the catalog.
GAME: GameInfo = register(GameInfo(
    name="spookslot",
    prefix="spookslot",
    package="castlerules.spookslot",
    rules="castlerules.spookslot.game:Spookslot",
    blurb="Race your two pawns down through the haunted castle to the Exit, past its traps.",
    parts=("theorems", "space", "observation", "picture", "stats", "present", "solve"),
    headlines=(
        ("Every square of the board leads to the Exit", ("spookslot.board-well-formed",)),
    ),
    mcts=(150, 100),
))  # fmt: skip
