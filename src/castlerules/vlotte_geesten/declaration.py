"""The declaration of Vlotte Geesten: what the catalog, the command line, the environments, the
adapters, the Play page and the docs know of the game. The package imports it before its rules, so
their clause links find the rulebook."""

from castlerules.core.catalog import GameInfo, register

#: The game's declaration (``castlerules.core.declaration.GameInfo``), registered in the catalog.
GAME: GameInfo = register(GameInfo(
    name="vlotte-geesten",
    prefix="vg",
    package="castlerules.vlotte_geesten",
    rules="castlerules.vlotte_geesten.game:VlotteGeesten",
    blurb="Five dice, five objects: grab the one the dice point to, before anyone else.",
    parts=("theorems", "space", "observation", "picture", "stats", "present"),
    headlines=(
        ("Every roll has exactly one answer",
         ("vg.answer-unique", "vg.answer-exhaustive", "vg.answer-any-faces")),
        ("Points are neither made nor lost", ("vg.points-conserved",)),
    ),
    simultaneous=True,
    mcts=(150, 40),
))  # fmt: skip
