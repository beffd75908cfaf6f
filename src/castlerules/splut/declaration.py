"""The declaration of Splut!: what the catalog, the command line, the environments, the
adapters, the Play page and the docs know of the game. The package imports it before its rules, so
their clause links find the rulebook."""

from castlerules.core.catalog import GameInfo, register

#: The game's declaration (``castlerules.core.declaration.GameInfo``), registered in the catalog.
GAME: GameInfo = register(GameInfo(
    name="splut",
    prefix="splut",
    package="castlerules.splut",
    rules="castlerules.splut.game:Splut",
    blurb="Trolls throw rocks, dwarves push, sorcerers levitate: the last sorcerer standing wins.",
    parts=("theorems", "space", "observation", "picture", "stats", "present"),
    headlines=(
        ("Always four rocks, never two things on one square",
         ("splut.state-invariants", "splut.rocks-kept")),
        ("Passing never goes on for ever", ("splut.no-deadlock", "splut.no-deadlock-3")),
    ),
    mcts=(400, 100),
))  # fmt: skip
