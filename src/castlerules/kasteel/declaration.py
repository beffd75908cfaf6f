"""The declaration of Het kasteel veroveren: what the catalog, the command line, the environments, the
adapters, the Play page and the docs know of the game. The package imports it before its rules, so
their clause links find the rulebook."""

from castlerules.core.catalog import GameInfo, register

#: The game's declaration (``castlerules.core.declaration.GameInfo``), registered in the catalog.
GAME: GameInfo = register(GameInfo(
    name="kasteel",
    prefix="kasteel",
    package="castlerules.kasteel",
    rules="castlerules.kasteel.game:Kasteel",
    blurb="Knights slide like rooks: conquer the other castle by standing on its key square.",
    parts=("theorems", "space", "observation", "picture", "stats", "present"),
    headlines=(
        # parts 1-4 of the claim, and the reading that settles part 2's finding
        ("Kasteel never draws",
         ("kasteel.one-winner", "kasteel.never-stuck", "kasteel.stuck-reachable",
          "kasteel.never-deadlocked", "kasteel.stuck-rule")),
    ),
    mcts=(300, 60),
    doc_games=40,
))  # fmt: skip
