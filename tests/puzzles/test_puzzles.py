"""Puzzles mined from each game's analysis, checked against oracles apart from it: a plain
memoised minimax over the rules for Connect Four 5x4 (k=3) and Three Musketeers 4x4, and a
fixpoint over every reachable position of Three Men's Morris (the Morris tables' own path
through ``zermelo.solvers.morris``, as Six Men's Morris uses it): in each puzzle the side to
move wins (or draws), exactly one legal move keeps that, and it is the solution."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.connect4.test_solver import minimax_scorer
from tests.morris.test_retrograde import brute_force
from tests.musketeers.oracle import minimax_oracle
from zermelo.games.registry import get_game
from zermelo.puzzles import Puzzle, mine, perfect_line
from zermelo.solvers.morris.database import Database
from zermelo.solvers.morris.geometry import Geometry


def check(puzzle: Puzzle, results: list[tuple[str, int]], mine_now: int) -> None:
    """``results``: each legal move with its result for the mover (1, 0, -1) by the oracle;
    ``mine_now``: the position's."""
    keeping = [m for m, r in results if r >= mine_now]
    assert mine_now == (1 if puzzle.kind == "win" else 0)
    assert keeping == [puzzle.solution], (puzzle, results)
    assert len(results) >= 2


def test_connect_four_puzzles_have_one_right_move_by_minimax() -> None:
    game = get_game("connect4").game({"board": "5x4", "k": "3"})
    score = minimax_scorer(game)
    found = mine(game, None, 12, seed=1, tries=400)
    assert len(found) == 12 and {p.kind for p in found} == {"win", "save"}
    for puzzle in found:
        state = game.parse_position(puzzle.position)
        results = [(game.format_move(state, m),
                    (lambda s: (s > 0) - (s < 0))(-score(game.apply(state, m))))
                   for m in game.legal_moves(state)]
        now = score(state)
        check(puzzle, results, (now > 0) - (now < 0))
    assert [p.distance for p in found] == sorted((p.distance for p in found), reverse=True)


def test_three_musketeers_puzzles_have_one_right_move_by_minimax(db_root: Path) -> None:
    game = get_game("musketeers").game({"board": "4x4"})
    oracle = minimax_oracle(game)
    found = mine(game, db_root, 10, seed=2, tries=3000)
    assert len(found) == 10
    for puzzle in found:
        state = game.parse_position(puzzle.position)
        mover = puzzle.mover

        def result(text: str, mover: str = mover) -> int:
            return 1 if text[0] == mover else -1

        results = [(game.format_move(state, m), result(oracle(game.apply(state, m))))
                   for m in game.legal_moves(state)]
        check(puzzle, results, result(oracle(state)))
        assert oracle(state) == f"{mover}{puzzle.distance}"  # graded by the true distance


def test_three_mens_morris_puzzles_have_one_right_move_by_brute_force(tmp_path: Path) -> None:
    Database.build(Geometry.of("three"), "full", tmp_path)
    game = get_game("morris").game({"board": "three", "move_limit": "0", "repetition": "no"})
    truth = brute_force(game)
    found = mine(game, tmp_path, 10, seed=3, tries=400)
    assert len(found) >= 5
    for puzzle in found:
        state = game.parse_position(puzzle.position)

        def result(state: object, mover: str = puzzle.mover) -> int:
            value = truth[state]  # type: ignore[index]
            return 0 if value.player is None else 1 if value.player == mover else -1

        results = [(game.format_move(state, m), result(game.apply(state, m)))
                   for m in game.legal_moves(state)]
        check(puzzle, results, result(state))


def test_the_perfect_line_keeps_the_value_to_the_end() -> None:
    game = get_game("tictactoe").game()
    state = game.parse_position("XX.OO....")
    moves = perfect_line(game, state, None, 9)
    assert [game.format_move(state, moves[0])] == ["c1"] and len(moves) == 1  # X wins at once
    assert perfect_line(game, game.initial_state(), None, 9) and len(
        perfect_line(game, game.initial_state(), None, 4)) == 4


@pytest.mark.parametrize(("args", "message"), [
    (["puzzles", "chess"], "no game 'chess'"),
    (["puzzles", "turtles"], "has no analysis"),
    (["puzzles", "nim", "--count", "0"], "--count"),
])
def test_bad_puzzle_requests_are_one_line(args: list[str], message: str) -> None:
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "zermelo", *args], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and message in done.stderr and len(done.stderr.splitlines()) == 1
