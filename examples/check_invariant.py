"""Check an invariant of your own on castlerules games with Hypothesis and castlerules.strategies.

The invariant: in Spookslot, under every reading and player count, no pawn is ever on two
squares at once and every pawn stays on a square of the board (or has escaped). Run it with
``python examples/check_invariant.py`` (or collect it with pytest: it is an ordinary test).
Needs ``pip install "castlerules[hypothesis]"``.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from castlerules import strategies as cs


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_pawn_stands_on_one_square_of_the_board(data: st.DataObject) -> None:
    game = data.draw(cs.games("spookslot"))  # any player count, any readings
    state = data.draw(cs.states(game, max_plies=150))  # chance nodes and the end included
    # besides the board's squares: the start, the start line (a reading) and the exit
    squares = {square.id for square in game.board.squares} | {"start", "line", "exit"}
    for player, pawns in enumerate(state.pawns):
        assert len(pawns) == (2 if game.num_players <= 4 else 1), (player, pawns)
        assert all(square in squares for square in pawns), (player, pawns)
    if not game.is_terminal(state):
        action = data.draw(cs.actions(game, state))
        after = game.apply(state, action)
        assert sum(map(len, after.pawns)) == sum(map(len, state.pawns))  # no pawn is lost


if __name__ == "__main__":
    test_every_pawn_stands_on_one_square_of_the_board()
    print("the invariant held on every game and state Hypothesis drew")
