"""``zermelo solve GAME --algorithm mcts`` runs the compiled MCTS on the kernels a game
declares (docs/protocol.md, section 12), and the generic search on a game without them."""

from __future__ import annotations

import json

from tests.conftest import CliRunner
from zermelo.games.registry import GAMES
from zermelo.search.mcts import mcts
from zermelo.search.mcts_kernel import mcts_compiled, mcts_declared
from zermelo.solvers.connect4.mcts import kernels_of, pack, rules_of


def test_solve_mcts_runs_the_declared_kernels(cli: CliRunner) -> None:
    """The command's answer is the compiled search's on the same seed, and its value agrees
    with the generic MCTS's where the position is won."""
    entry = GAMES["connect4"]
    game = entry.game({"board": "5x4"})
    state = game.parse_position("112233")
    expected = mcts_compiled(game, kernels_of(game.board), pack(state), rules_of(game.board),
                             iterations=3000, seed=4)
    kernels = entry.compiled(game)
    assert kernels is not None
    declared = mcts_declared(game, kernels, state, iterations=3000, seed=4)
    assert declared is not None and declared.value == expected.value
    result = cli("solve", "connect4", "-o", "board=5x4", "112233", "--algorithm", "mcts",
                 "--iterations", "3000", "--seed", "4", "--json")
    assert result.code == 0, result.err
    answer = json.loads(result.out)
    assert answer["value"] == expected.value and "tree_bytes" in answer["stats"]
    assert answer["best_move"] == game.format_move(state, expected.best_move)
    generic = mcts(game, state, iterations=3000, seed=4)
    assert generic.value == expected.value == 1.0


def test_solve_mcts_without_kernels_runs_the_generic_search(cli: CliRunner) -> None:
    assert GAMES["tictactoe"].kernels is None
    result = cli("solve", "tictactoe", "--algorithm", "mcts", "--iterations", "500", "--json")
    assert result.code == 0, result.err
    assert "tree_bytes" not in json.loads(result.out)["stats"]
