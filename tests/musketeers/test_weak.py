"""The compiled weak solver against plain search on small boards; the capstone report's defects."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CliRunner
from tests.musketeers.oracle import minimax_oracle
from zermelo.games.musketeers import ENEMIES, MUSKETEERS, Position, ThreeMusketeers
from zermelo.search import alphabeta_tt, minimax
from zermelo.solvers.musketeers.capstone import (
    capstone_search,
    find_discrepancies,
    sample_positions,
)
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant
from zermelo.solvers.musketeers.weak import weak_solve

SMALL = [
    ThreeMusketeers(4, 4),
    ThreeMusketeers(3, 4, musketeers=2),
    ThreeMusketeers(4, 3, start=["a1", "b2", "d3"]),
    ThreeMusketeers(4, 4, start=["a1", "a2", "b2"]),
    ThreeMusketeers(3, 3, musketeers=2, first="E"),
]


def exact_result(game: ThreeMusketeers, state: Position,
                 db_root: Path | None = None) -> tuple[str, int]:
    """``(winner, plies)``, the winner winning fastest and the loser losing slowest: read from
    the strong database when ``db_root`` holds the game's board (that database is checked
    against plain minimax in ``test_database``), else by plain minimax over the rules."""
    variant = Variant.of(game)
    if db_root is not None and Database.store_for(variant, db_root).exists:
        value = Database.open(variant, db_root).lookup(state)
        assert value.player is not None and value.plies is not None
        return value.player, value.plies
    result: str = minimax_oracle(game)(state)
    return result[0], int(result[1:])


def random_positions(game: ThreeMusketeers, seed: int, count: int, max_enemies: int = 99
                     ) -> list[Position]:
    """Positions from random games with at most ``max_enemies`` enemies (the start included
    when it qualifies)."""
    rng = random.Random(seed)
    out = [game.initial_state()] if game.initial_state().enemy_count <= max_enemies else []
    while len(out) < count:
        states = [s for s in game.random_playout(game.initial_state(), rng)
                  if s.enemy_count <= max_enemies]
        if states:
            out.append(rng.choice(states))
    return out


@pytest.mark.parametrize("game", SMALL, ids=repr)
def test_the_winner_and_length_match_plain_search(game: ThreeMusketeers, db_root: Path) -> None:
    for state in random_positions(game, 5, 12, max_enemies=9):
        winner, plies = exact_result(game, state, db_root)
        solution = weak_solve(game, state, table_bits=16, length=winner == "E")
        assert solution.winner == winner, game.format_position(state)
        if winner == "E":
            assert solution.plies == plies, game.format_position(state)
        assert solution.proof_size >= 1
        side_value = alphabeta_tt(game, state).value
        assert (side_value > 0) == ((winner == "E") == (state.to_move == ENEMIES))


def test_the_proof_is_smaller_than_the_search_on_the_4x4_board() -> None:
    game = ThreeMusketeers(4, 4)
    solution = weak_solve(game, game.initial_state(), table_bits=18)
    assert solution.winner == "M"
    assert 0 < solution.proof_size <= solution.tt_entries + solution.nodes
    assert solution.tt_hits > 0 and solution.max_depth > 10


def test_a_full_table_still_gives_the_right_answer() -> None:
    game = ThreeMusketeers(4, 3, start=["a1", "b2", "d3"])
    state = game.initial_state()
    assert weak_solve(game, state, table_bits=4).winner == exact_result(game, state)[0]


def test_the_capstone_search_without_its_defects_is_correct() -> None:
    for game in SMALL[:3]:
        for state in random_positions(game, 9, 10, max_enemies=7):
            truth = alphabeta_tt(game, state).value
            fixed = capstone_search(game, state, bounds_as_exact=False, min_cut=False)
            assert fixed.value == truth, game.format_position(state)


def test_the_v_equals_1_cut_makes_the_musketeers_win_the_standard_game() -> None:
    game = ThreeMusketeers()
    result = capstone_search(game, game.initial_state(), bounds_as_exact=False, min_cut=True)
    assert result.value == 1  # "the musketeers win": wrong, the enemies do (E33)
    assert result.nodes < 1000  # each enemy node is abandoned after its first losing reply


def test_the_defects_give_wrong_winners_on_sampled_endgames() -> None:
    game = ThreeMusketeers()

    def truth(g: Any, s: Position) -> float:
        return minimax(g, s).value

    checked, wrong = find_discrepancies(game, sample_positions(game, 1, 60, 2, 4), truth)
    assert checked == 60
    assert wrong
    for d in wrong:
        state = game.parse_position(d.position)
        assert minimax(game, state).value == d.true_value
        assert (d.both > 0) != (d.true_value > 0) or (d.min_cut_only > 0) != (
            d.true_value > 0) or (d.bounds_only > 0) != (d.true_value > 0)


def test_sampled_positions_are_unfinished_and_sized() -> None:
    game = ThreeMusketeers()
    for state in sample_positions(game, 3, 20, 2, 5):
        assert not game.is_terminal(state)
        assert 2 <= state.enemy_count <= 5
        assert state.to_move in (MUSKETEERS, ENEMIES)


def test_weak_solve_command(cli: CliRunner) -> None:
    result = cli("musketeers", "weak-solve", "--board", "3x4", "--musketeers", "2", "--length",
                 "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["winner"] == "E" and data["result"] == "E11"
    assert {"nodes", "tt_entries", "proof_size", "seconds"} <= set(data)
    text = cli("musketeers", "weak-solve", "--board", "4x4")
    assert text.code == 0 and "M (the musketeers win)" in text.out


def test_capstone_bugs_command(cli: CliRunner) -> None:
    result = cli("musketeers", "weak-solve", "--board", "4x4", "--capstone-bugs",
                 "--samples", "30", "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["checked"] == 30 and data["winner"] == "M"
    assert [run["search"] for run in data["capstone"]] == [
        "both defects", "v == 1 cut only", "bounds as exact only"]


@pytest.mark.parametrize(("args", "message"), [
    (["--table-bits", "40"], "zermelo: invalid option: table bits 40: expected 16 to 32"),
    (["--start", "a1,a1,b2"], "zermelo: invalid option: start needs 3 distinct squares, got 2"),
    (["--position", "M XXXXO"], "zermelo: invalid position: 5 squares, expected 25"),
    (["--samples", "-1", "--capstone-bugs"],
     "zermelo: invalid option: samples -1: expected 0 to 100000"),
    (["--board", "6x6"],
     "zermelo: invalid option: weak solver: at most 30 squares, the board has 36"),
])
def test_bad_input(cli: CliRunner, args: list[str], message: str) -> None:
    result = cli("musketeers", "weak-solve", *args)
    assert result.code == 2
    assert result.err.strip() == message
