"""``zermelo solve``: values, moves and statistics in text and JSON; one-line errors."""

from __future__ import annotations

import json

import pytest

from tests.conftest import CliRunner


def solve_json(cli: CliRunner, *args: str) -> dict[str, object]:
    result = cli("solve", *args, "--json")
    assert result.code == 0, result.err
    data: dict[str, object] = json.loads(result.out)
    return data


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "alphabeta-tt", "dfpn", "mcts"])
def test_every_algorithm_solves_a_nim_position(cli: CliRunner, algorithm: str) -> None:
    data = solve_json(cli, "nim", "1", "3", "5", "--algorithm", algorithm)
    assert data["value"] == 1.0 and data["exact"] is True
    assert data["best_move"] == "3:3"  # the only move to a zero nim-sum (1 3 2)
    stats = data["stats"]
    assert isinstance(stats, dict)
    assert {"nodes", "cutoffs", "seconds", "tt_probes", "tt_hits", "max_depth"} <= set(stats)
    assert stats["nodes"] > 0


def test_tictactoe_start_and_a_position(cli: CliRunner) -> None:
    start = solve_json(cli, "tictactoe", "--algorithm", "minimax", "--seconds", "0")
    assert start["value"] == 0.0
    assert start["stats"]["nodes"] == 549_946  # type: ignore[index]
    data = solve_json(cli, "tictactoe", "X.O.X....")
    assert data["value"] == 0.0 and data["best_move"] == "c3"  # O must block the diagonal


def test_depth_limit_and_text_output(cli: CliRunner) -> None:
    data = solve_json(cli, "tictactoe", "--depth", "2", "--algorithm", "alphabeta")
    assert data["exact"] is False and data["depth"] == 2
    result = cli("solve", "nim", "1", "3", "5", "7")
    assert result.code == 0
    assert "-1 (loss; B wins)" in result.out and "nodes" in result.out and "cut-offs" in result.out


def test_variant_options_and_stdin(cli: CliRunner) -> None:
    data = solve_json(cli, "tictactoe", "-o", "board=4x3", "-o", "k=3")
    assert data["value"] == 1.0
    result = cli("solve", "tictactoe", "-", "--json", stdin="X.O.X....\n")
    assert json.loads(result.out)["position"] == "X.O.X...."


@pytest.mark.parametrize(("args", "message"), [
    (["chess"], "zermelo: unknown name: no game 'chess' (known: "),
    (["nim", "--algorithm", "negascout"], "zermelo: unknown name: no algorithm 'negascout'"),
    (["nim", "1", "3", "--depth", "-1"], "zermelo: invalid option: depth -1: must be 0 to 64"),
    (["nim", "1", "x"], "zermelo: invalid position: pile 2: 'x' is not a pile size"),
    (["tictactoe", "XXO"], "zermelo: invalid position: 3 squares, expected 9"),
    (["tictactoe", "-o", "board"], "zermelo: invalid option: option 'board': "
     "expected KEY=VALUE"),
    (["nim", "--algorithm", "dfpn", "--depth", "3"],
     "zermelo: invalid option: dfpn takes no depth limit"),
])
def test_bad_input_gets_one_line_and_status_2(cli: CliRunner, args: list[str], message: str
                                              ) -> None:
    result = cli("solve", *args)
    assert result.code == 2
    assert result.err.startswith(message)
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.out + result.err
