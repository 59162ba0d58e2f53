"""``zermelo bench``: the depth table, the match matrix, the files; the tree-first variant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CliRunner
from zermelo.games.tictactoe import TicTacToe
from zermelo.search import alphabeta
from zermelo.search.tree_first import tree_first


def test_tree_first_agrees_with_the_integrated_search_but_builds_every_node() -> None:
    game = TicTacToe()
    for depth in (2, 4):
        built = tree_first(game, game.initial_state(), depth=depth)
        integrated = alphabeta(game, game.initial_state(), depth=depth)
        assert built.value == integrated.value and built.best_move == integrated.best_move
        assert built.stats.cutoffs == integrated.stats.cutoffs
        assert built.stats.nodes > integrated.stats.nodes
        assert built.stats.extra["build_seconds"] > 0


def test_bench_writes_tables_and_plots(cli: CliRunner, tmp_path: Path) -> None:
    result = cli("bench", "tictactoe", "--depths", "1-3", "--out", str(tmp_path))
    assert result.code == 0, result.err
    folder = tmp_path / "tictactoe"
    data = json.loads((folder / "bench.json").read_text())
    assert data["depths"] == [1, 2, 3]
    minimax_rows = [r for r in data["rows"] if r["search"] == "minimax"]
    assert [r["nodes"] for r in minimax_rows] == [10, 82, 586]
    assert data["matches"][0] == [0, 0, 0]  # depth 1 to 3 against depth 1 to 3: 1st wins
    assert (folder / "depth.csv").read_text().startswith("search,depth,nodes")
    assert (folder / "depth.png").stat().st_size > 0 and (folder / "matches.png").exists()


@pytest.mark.parametrize("depths", ["three", "1-99999999999", "0-3", "5-2", "1-31", "²-3"])
def test_bench_bad_depths(cli: CliRunner, tmp_path: Path, depths: str) -> None:
    result = cli("bench", "tictactoe", "--depths", depths, "--out", str(tmp_path))
    assert result.code == 2
    assert result.err.strip() == (f"zermelo: invalid option: depths {depths!r}: expected "
                                  "FROM-TO like 1-9, from 1 to 30")


def test_bench_stops_at_its_time_budget(cli: CliRunner, tmp_path: Path) -> None:
    result = cli("bench", "connect4", "--depths", "1-12", "--seconds", "1", "--out",
                 str(tmp_path))
    assert result.code == 2
    assert result.err.startswith("zermelo: budget exhausted: ")
