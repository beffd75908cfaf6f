"""Nim, a fifth game declared in the tests alone: three heaps of stones; a player takes one or more
stones from one heap; who takes the last stone wins.

Nothing outside this folder names it: the test registers the declaration (``GAME``) and the
library lists it, plays it, verifies it, serves it as an environment and on the Play page's
Python side. Registering is the test's: importing this package only declares the game.
"""

from castlerules import GameInfo

GAME = GameInfo(
    name="nim",
    prefix="nim",
    package=__name__,
    rules=f"{__name__}.rules:Nim",
    spec=f"{__name__}:nim.toml",
    blurb="Three heaps of stones: take from one heap; who takes the last stone wins.",
    parts=("theorems", "space"),
    headlines=(("The player to move wins exactly when the heaps' xor is not zero",
                ("nim.xor-rule",)),),
)
