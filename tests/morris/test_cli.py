"""``zermelo morris show/moves/perft``: outputs and one-line errors with exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import CliRunner
from zermelo.games.morris import Morris
from zermelo.games.morris.rules import perft


def test_moves_after_a_line_are_the_legal_moves_one_per_line(cli: CliRunner) -> None:
    result = cli("morris", "moves", "--line", "a7 a1 d7 d1")
    game = Morris()
    state = game.play_line(game.initial_state(), ["a7", "a1", "d7", "d1"])
    assert result.code == 0
    assert result.out.splitlines() == [game.format_move(state, m)
                                       for m in game.legal_moves(state)]
    assert result.out.startswith("g7xa1\ng7xd1\nb6\n")


def test_moves_of_a_given_position_on_another_board(cli: CliRunner) -> None:
    result = cli("morris", "moves", "--board", "six", "W.W/.../..../..B/WBB W 0 0")
    assert result.out.split() == ["a5-c5", "a5-a3", "e5-c5", "e5-e3", "a1-a3"]


def test_show_draws_the_board_and_writes_its_text_and_svg(cli: CliRunner,
                                                          tmp_path: Path) -> None:
    picture = tmp_path / "board.svg"
    result = cli("morris", "show", "--board", "three", "--line", "a1 a3 b2 c1 c3",
                 "--svg", str(picture))
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[-2:] == ["W wins with three in a row", "B.W/.W./W.B B 0 1 ply 5"]
    svg = picture.read_text()
    assert svg.startswith("<svg") and svg.count('stroke-linecap="round"') == 1  # one mill


@pytest.mark.parametrize("split", [False, True])
def test_perft_counts_as_the_rules_do(cli: CliRunner, split: bool) -> None:
    flag = ["--split-captures"] if split else []
    line = "a0 a6 d0 d6"
    result = cli("morris", "perft", "--board", "variant23", "--depth", "3", "--line", line,
                 *flag)
    game = Morris("variant23", move_limit=0, repetition=False)
    expected = perft(game, game.play_line(game.initial_state(), line.split()), 3, split)
    assert (result.code, result.out) == (0, f"{expected}\n")


@pytest.mark.parametrize(("args", "says"), [
    (("moves", "--board", "ten"), "invalid option: board"),
    (("moves", "--line", "a7 a7"), "illegal move"),
    (("moves", "--line", "q9"), "invalid move"),
    (("show", "WW"), "invalid position"),
    (("moves", "-o", "move_limit=99999"), "invalid option: move_limit"),
    (("perft", "--depth", "9"), "--depth"),
])
def test_bad_input_is_one_line_and_status_2(cli: CliRunner, args: tuple[str, ...],
                                            says: str) -> None:
    result = cli("morris", *args)
    assert result.code == 2 and result.out == ""
    assert len(result.err.strip().splitlines()) == 1 and says in result.err


FUZZED = [["morris", "show"], ["morris", "moves"], ["morris", "moves", "--board", "variant23"],
          ["morris", "moves", "--line"], ["morris", "perft", "--depth", "2"],
          ["morris", "show", "-o"], ["morris", "perft", "--board", "three", "--depth"]]


@pytest.mark.parametrize("prefix", FUZZED, ids=[" ".join(c) for c in FUZZED])
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.one_of(st.text(max_size=40).map(lambda t: t.replace("\x00", "")),
                      st.text(alphabet="WB./ 0123456789adgx-ply", max_size=40)))
def test_any_argument_is_answered_or_refused_in_one_line(cli: CliRunner, prefix: list[str],
                                                         text: str) -> None:
    result = cli(*prefix, text, stdin="")
    assert result.code in (0, 2), (prefix, text, result.err)
    if result.code == 2:
        lines = result.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("zermelo: "), (prefix, text, lines)


def test_play_on_a_chosen_board(cli: CliRunner) -> None:
    result = cli("morris", "play", "--board", "six", "--engine", "random", stdin="moves\nquit\n")
    assert result.code == 0
    assert "a5 c5 e5 b4 c4 d4 a3 b3 d3 e3 b2 c2 d2 a1 c1 e1" in result.out  # the 16 points
    bad = cli("morris", "play", "--board", "seven")
    assert bad.code == 2 and bad.err.startswith("zermelo: invalid option: board")


def test_the_perfect_engine_reads_the_tables_under_the_given_data_directory(
        cli: CliRunner, tmp_path: Path) -> None:
    assert cli("morris", "solve", "--board", "three", "--db", str(tmp_path)).code == 0
    result = cli("morris", "play", "--board", "three", "--engine", "perfect", "--as", "B",
                 "--db", str(tmp_path), stdin="quit\n")
    assert result.code == 0, result.err
    assert "W plays b2" in result.out  # the only winning first stone: the centre
