"""A flipped wire is not in its owner's hand: what "he holds only red wires" reads.

The rules read a seat's hand (``Table.hand``) without the wire turned round that he cannot see:
a seat whose visible uncut wires are all red must reveal them even when his flipped wire is
blue. So a Coffee Mug (or the Stabilizer, a skip, a red call) proves that a wire in his hand is
not red, not merely one of his uncut wires; read over every uncut wire, the fact kept worlds
where his visible wires were all red and only the flipped one was not, where he could not have
had the Coffee Mug.
"""

from __future__ import annotations

from engine.redwire.deduction import position_from_observation, solve
from tests.redwire.deduction.real_games import enumerate_worlds, play_game, unseen_slots


def test_a_coffee_mug_beside_a_flipped_wire_is_read_exactly() -> None:
    """Mission 56, four expert seats, seed 392,024 (found by the whole-game sweep,
    ``real_sweep``): seat 0 took the Coffee Mug holding two hidden wires and his flipped 9.
    Seen by seat 3 after 40 to 42 actions, a red "2 of 3" left two worlds of 20 where both
    hidden wires were red: the solver counted them (8/7 of the deals), the replay refuses the
    Coffee Mug there."""
    game = play_game(56, 4, 392_024, ("expert",) * 4)
    for k in (40, 41, 42):
        state = game.states[k]
        mugs = [e for e in state.log if e.type == "equipment" and e.data["card"] == 11]
        assert [e.data["seat"] for e in mugs] == [0], "the game no longer has its Coffee Mug"
        obs = state.observation(3)
        assert 0 < len(unseen_slots(obs)) <= 10
        truth = enumerate_worlds(game, k, 3, 24)
        assert truth is not None and truth.tried > truth.worlds  # some deals are told apart
        solution = solve(position_from_observation(obs))
        assert solution.total == truth.total, k
        for slot in truth.weights:
            assert solution.code_probabilities(slot) == truth.distribution(slot), (k, slot)
