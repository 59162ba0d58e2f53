"""The strong solver against a plain minimax over the rules, and the score convention."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest

from zermelo.games.connect4 import ConnectFour, Position
from zermelo.games.connect4.board import Board
from zermelo.solvers.connect4.solver import Solver


def minimax_scorer(game: ConnectFour) -> Callable[[Position], int]:
    """A plain memoised minimax over the rules, scoring by the convention's definition:
    a win scores 1 + the stones the winner has not played yet. One a board, so the tests of a
    process share the positions it has scored (the files that score 5x4 boards from the start
    run on one worker: ``tests/conftest.py``, ``SHARED``)."""
    return _scorer(game.board)


@cache
def _scorer(board: Board) -> Callable[[Position], int]:
    game = ConnectFour(board.width, board.height, board.k)
    cells = board.cells
    supply = ((cells + 1) // 2, cells // 2)  # stones of the first and the second player

    @cache
    def score(state: Position) -> int:
        if state.won:
            winner = 1 - game.to_move(state)
            played = (state.count + 1 - winner) // 2
            return -(1 + supply[winner] - played)
        if state.count == cells:
            return 0
        return max(-score(game.apply(state, m)) for m in game.legal_moves(state))

    return score


@pytest.mark.parametrize(("size", "start"), [((4, 4, 3), 0), ((4, 3, 3), 0), ((3, 3, 2), 0),
                                              ((5, 3, 3), 0), ((5, 4, 3), 6), ((6, 4, 4), 14)])
def test_solver_matches_minimax_on_small_boards(size: tuple[int, int, int], start: int) -> None:
    game = ConnectFour(*size)
    oracle, solver = minimax_scorer(game), Solver(game)
    rng = random.Random(7)
    states = set()
    for _ in range(25):
        states.update(game.random_playout(game.initial_state(), rng)[start:])
    for state in sorted(states, key=lambda s: s.moves):
        assert solver.solve(state) == oracle(state), state.moves
        weak = solver.solve(state, weak=True)
        assert weak == (oracle(state) > 0) - (oracle(state) < 0), state.moves


def test_solver_matches_minimax_near_the_end_of_7x6_games() -> None:
    game = ConnectFour()
    oracle, solver = minimax_scorer(game), Solver(game, table_size=1_000_003)
    rng = random.Random(3)
    checked = 0
    while checked < 10:
        line = game.random_playout(game.initial_state(), rng)
        if len(line) <= 29:
            continue
        state = line[28]
        assert solver.analyze(state) == [
            -oracle(game.apply(state, c)) if game.can_play(state, c) else None
            for c in range(7)
        ], state.moves
        checked += 1


def test_immediate_win_scores_22_minus_the_stone_count() -> None:
    game, solver = ConnectFour(), Solver(ConnectFour(), table_size=1009)
    # X has three in column 1 and plays its 4th stone: 22 - 4.
    assert solver.solve(game.parse_position("121212")) == 18
    # X wins with its 6th stone on 7x6 after 10 moves: (43 - 10) // 2 = 16 = 22 - 6.
    assert solver.solve(game.parse_position("1726375161")) == 16


def test_forced_loss_is_anticipated() -> None:
    game, solver = ConnectFour(), Solver(ConnectFour(), table_size=1009)
    # X holds 2-3-4 on the bottom row with both ends open: O cannot stop the 4th stone.
    state = game.parse_position("27374")
    assert solver.solve(state) == -18
    assert solver.analyze(state) == [-18] * 7
    # Once the game is won, the side to move has lost by the same score.
    assert solver.solve(game.parse_position("2737415")) == -18


def test_analyze_marks_full_columns_and_finished_games() -> None:
    game, solver = ConnectFour(4, 4, 3), Solver(ConnectFour(4, 4, 3))
    state = game.parse_position("1111")
    scores = solver.analyze(state)
    assert scores[0] is None and all(s is not None for s in scores[1:])
    assert solver.analyze(game.parse_position("12121")) == []


def test_a_position_scores_its_best_move() -> None:
    game, solver = ConnectFour(), Solver(ConnectFour(), table_size=1_000_003)
    rng = random.Random(11)
    for _ in range(8):
        line = game.random_playout(game.initial_state(), rng)
        state = line[min(22, len(line) - 2)]
        scores = [s for s in solver.analyze(state) if s is not None]
        assert solver.solve(state) == max(scores), state.moves
        column, score = solver.best_move(state)
        assert solver.analyze(state)[column] == score == max(scores)
        chosen = {solver.best_move(state, random.Random(seed))[0] for seed in range(30)}
        assert chosen == {c for c, s in enumerate(solver.analyze(state)) if s == max(scores)}


def test_threads_sharing_a_solver_get_the_same_scores() -> None:
    game = ConnectFour()
    states = random_7x6_positions(game, 12, 16, seed=5)
    expected = [Solver(game, table_size=2 * 100_003).solve(s) for s in states]
    shared = Solver(game, table_size=2 * 100_003)
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(shared.solve, states)) == expected


def random_7x6_positions(game: ConnectFour, stones: int, count: int,
                         seed: int) -> list[Position]:
    """``count`` positions of random games with ``stones`` stones that are not over."""
    rng = random.Random(seed)
    states: list[Position] = []
    while len(states) < count:
        line = game.random_playout(game.initial_state(), rng)
        if len(line) > stones and not game.is_terminal(line[stones]):
            states.append(line[stones])
    return states


@pytest.mark.parametrize("size", [(4, 4, 3), (5, 4, 3), (4, 3, 3)])
def test_cut_offs_and_mirror_keys_at_every_node_keep_the_minimax_scores(
        size: tuple[int, int, int]) -> None:
    game = ConnectFour(*size)
    oracle = minimax_scorer(game)
    always = Solver(game, etc_below=game.board.cells, mirror_below=game.board.cells)
    rng = random.Random(13)
    for _ in range(8):
        for state in game.random_playout(game.initial_state(), rng)[:-1]:
            assert always.solve(state) == oracle(state), state.moves


def test_cut_offs_change_no_7x6_score() -> None:
    game = ConnectFour()
    solvers = [Solver(game, table_size=2 * 100_003, etc_below=e, mirror_below=m)
               for e, m in ((0, 0), (None, None), (42, 42))]
    for state in random_7x6_positions(game, 14, 12, seed=8):
        scores = {s.solve(state) for s in solvers}
        assert len(scores) == 1, state.moves


def test_a_budget_stops_the_compiled_search_and_keeps_the_table_sound() -> None:
    from zermelo.search.base import Budget, BudgetExhausted, budget

    game = ConnectFour()
    state = game.parse_position("4")  # minutes of search without a book
    solver = Solver(game, table_size=1 << 16)
    with budget(Budget(nodes=5_000)), pytest.raises(BudgetExhausted, match="after 5,0"):
        solver.solve(state)
    with budget(Budget(seconds=0.05)), pytest.raises(BudgetExhausted):
        solver.solve(state)
    small = ConnectFour(5, 4, 4)  # after an abandoned search, later answers are still exact
    solver, oracle = Solver(small), minimax_scorer(small)
    with budget(Budget(nodes=2_000)), pytest.raises(BudgetExhausted):
        solver.solve(small.initial_state())  # 38,631 nodes to the end
    rng = random.Random(3)
    for _ in range(30):
        position = small.initial_state()
        for _ in range(rng.randrange(9, 13)):
            if small.is_terminal(position):
                break
            position = small.apply(position, rng.choice(small.legal_moves(position)))
        assert solver.solve(position) == oracle(position)


def test_the_perfect_engine_answers_within_its_budget_and_says_it_is_unproven() -> None:
    from zermelo.search.base import Budget, budget
    from zermelo.solvers.connect4.engine import SolverPlayer

    game = ConnectFour()
    player = SolverPlayer(Solver(game, table_size=1 << 16), seed=1)
    with budget(Budget(seconds=0.2)):
        move = player(game, game.initial_state())
    assert move in game.legal_moves(game.initial_state())
    assert player.last is not None and not player.last.exact
    small = ConnectFour(4, 4, 3)
    player = SolverPlayer(Solver(small), seed=1)
    with budget(Budget(seconds=30)):
        move = player(small, small.parse_position("12"))
    assert player.last is not None and player.last.exact
    assert -minimax_scorer(small)(small.apply(small.parse_position("12"), move)) == max(
        -minimax_scorer(small)(small.apply(small.parse_position("12"), m))
        for m in small.legal_moves(small.parse_position("12")))


@pytest.mark.parametrize("size", [(9, 6), (7, 8)])
def test_boards_of_the_longest_keys_get_a_table_they_fit(size: tuple[int, int]) -> None:
    game = ConnectFour(*size)
    assert game.board.width * game.board.stride == 63
    rng = random.Random(3)
    line: list[Position] = []
    while len(line) <= game.board.cells - 11:  # a game that lasts into its last 12 cells
        line = game.random_playout(game.initial_state(), rng)
    state = line[game.board.cells - 12]
    oracle = minimax_scorer(game)
    assert Solver(game).solve(state) == oracle(state), state.moves


def test_a_node_budget_bounds_a_best_move_as_a_whole() -> None:
    from zermelo.search.base import Budget, BudgetExhausted, budget

    game = ConnectFour()
    solver = Solver(game, table_size=2 * 100_003)
    for state in random_7x6_positions(game, 14, 30, seed=9):
        solver.reset()
        solver.solve(state)
        alone = solver.nodes
        solver.reset()
        solver.best_move(state)
        total = solver.nodes
        if alone + 100 < total < 3 * alone:  # the tests cost less than the solve,
            break  # so that a budget for each search apart would let every one through
    else:
        pytest.fail("no position where the tests of the moves cost less than the solve")
    solver.reset()
    limit = (alone + total) // 2  # enough for the solve, not for the solve and the tests
    with budget(Budget(nodes=limit)), pytest.raises(BudgetExhausted):
        solver.best_move(state)
    assert solver.nodes <= limit + 1


FIRST_SEARCH = """
import sys
from zermelo.games.connect4 import ConnectFour
from zermelo.search.base import Budget, budget
from zermelo.solvers.connect4.solver import Solver
game = ConnectFour(4, 4, 3)
with budget(Budget(seconds=float(sys.argv[1]))):
    print(Solver(game).solve(game.initial_state()))
"""


def test_the_first_search_of_a_process_is_not_timed_while_it_compiles(tmp_path: Path) -> None:
    # nothing cached: compiling the search takes seconds, more than the budget allows
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", FIRST_SEARCH, "0.5"], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-500:]
    game = ConnectFour(4, 4, 3)
    assert int(done.stdout) == Solver(game).solve(game.initial_state())
