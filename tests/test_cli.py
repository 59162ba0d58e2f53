"""The command line: output of the musketeers commands, terminal play, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import CliRunner

START = "M XXXXO XXXXX XXOXX XXXXX OXXXX"


def test_moves_of_the_start(cli: CliRunner) -> None:
    result = cli("musketeers", "moves", START)
    assert result.code == 0
    assert result.out.split() == "e1-d1 e1-e2 c3-c2 c3-b3 c3-d3 c3-c4 a5-a4 a5-b5".split()


def test_moves_as_json_and_from_stdin(cli: CliRunner) -> None:
    result = cli("musketeers", "moves", "--json", "-", stdin="E XXXO. XXXXX XXOXX XXXXX OXXXX\n")
    assert result.code == 0
    assert json.loads(result.out) == ["e2-e1"]


def test_moves_on_another_board(cli: CliRunner) -> None:
    result = cli("musketeers", "moves", "--board", "4x4", "E XXXO XXX. XOXX OXXX")
    assert result.out.split() == ["c2-d2", "d3-d2"]


def test_show_draws_the_board_and_the_status(cli: CliRunner) -> None:
    result = cli("musketeers", "show", "E OOO.. XX... ..... ..... .....")
    assert result.code == 0
    assert " 1  O O O · ·" in result.out
    assert "enemies win: the musketeers stand in row 1" in result.out


def test_version(cli: CliRunner) -> None:
    result = cli("--version")
    assert result.code == 0
    assert result.out.startswith("zermelo ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["musketeers", "moves", "M XXXXO XXXXX XXOXX XXXXX OXXX"],
         "zermelo: invalid position: 24 squares, expected 25"),
        (["musketeers", "show", "XXXXO XXXXX XXOXX XXXXX OXXXX"],
         "zermelo: invalid position: side to move missing: expected M or E first, got 'X'"),
        (["musketeers", "moves", "--board", "5by5", START],
         "zermelo: invalid option: board 5by5: expected WIDTHxHEIGHT with each side from 2 "
         "to 8"),
        (["musketeers", "moves", "--bogus", START], "zermelo: error: No such option: --bogus"),
        (["solve", "nim", "1", "2", "-a", "mcts", "--seconds", "1e9"],
         "zermelo: error: Invalid value for '--seconds': 1e9 is not from 0 to 86,400"),
        (["solve", "nim", "1", "2", "--nodes", "abc"],
         "zermelo: error: Invalid value for '--nodes': Input should be a valid integer, unable "
         "to parse string as an integer"),
        (["play", "musketeers", "--engine", "deep"],
         "zermelo: unknown name: no engine 'deep' for Three Musketeers (known: perfect, "
         "swindle, skill, random, alphabeta, mcts)"),
        (["play", "connect4", "-o", "k=1000000000"],
         "zermelo: invalid option: k 1000000000: expected a whole number from 2 to 62"),
        (["solve", "nim", "-o", "piles=1,2,300"],
         "zermelo: invalid option: piles 1,2,300: expected 1 to 16 whole numbers from 0 to "
         "64, separated by commas"),
        (["solve", "nim", "-o", "misere"], "zermelo: invalid option: option 'misere': "
         "expected KEY=VALUE"),
        (["play", "musketeers", "--as", "X"], "zermelo: unknown name: no side 'X' (sides: M, E)"),
        (["play", "musketeers", "-o", "start=a1,a1,b2"],
         "zermelo: invalid option: start needs 3 distinct squares, got 2"),
        (["play", "musketeers", "-o", "start=a1,z9,b2"],
         "zermelo: invalid move: square z9 is off the 5x5 board"),
    ],
)
def test_bad_input_gets_one_line_and_status_2(cli: CliRunner, args: list[str], message: str
                                              ) -> None:
    result = cli(*args)
    assert result.code == 2
    assert result.err.strip() == message
    assert "Traceback" not in result.out + result.err


def test_unknown_game_lists_the_known_ones(cli: CliRunner) -> None:
    result = cli("play", "chess")
    assert result.code == 2
    assert result.err.startswith("zermelo: unknown name: no game 'chess' (known: ")
    assert "musketeers" in result.err
    assert len(result.err.strip().splitlines()) == 1


def test_the_installed_command_has_no_traceback_on_bad_input() -> None:
    process = subprocess.run(
        [sys.executable, "-m", "zermelo", "musketeers", "moves", "M XXXXO"],
        capture_output=True, text=True, check=False,
    )
    assert process.returncode == 2
    assert process.stderr.strip() == "zermelo: invalid position: 5 squares, expected 25"


def test_two_humans_play_with_undo_and_an_illegal_move(cli: CliRunner) -> None:
    script = "\n".join(["e1-d1", "undo", "e1-c1", "moves", "c3-c2", "c4-c3", "resign"]) + "\n"
    result = cli("play", "musketeers", "--engine", "human", stdin=script)
    assert result.code == 0
    assert "illegal move: e1-c1: c1 is not next to e1" in result.out
    assert "M resigns; E wins" in result.out
    # after undo, the start's moves are listed again
    assert "e1-d1 e1-e2 c3-c2 c3-b3 c3-d3 c3-c4 a5-a4 a5-b5" in result.out


def test_a_human_against_the_random_mover_plays_to_the_end() -> None:
    from rich.console import Console

    from zermelo.cli.play import TerminalGame, make_engine
    from zermelo.games.registry import get_game

    entry = get_game("musketeers")
    game = entry.game({"board": "4x4"})
    out = Console(record=True, width=100)
    session: TerminalGame

    def first_legal_move(prompt: str) -> str:
        assert prompt == "E> "
        return game.format_move(session.state, game.legal_moves(session.state)[0])

    session = TerminalGame(entry, game, {1}, make_engine("random", game, 3), first_legal_move, out)
    winner = session.run()
    assert game.is_terminal(session.state)
    assert winner == game.winner(session.state)
    text = out.export_text()
    assert "M plays" in text
    assert ("enemies win" if winner == 1 else "musketeers win") in text
    assert len(session.history) >= 3


def test_play_stops_cleanly_at_end_of_input(cli: CliRunner) -> None:
    result = cli("play", "musketeers", stdin="")
    assert result.code == 0
    assert "bye" in result.out


def test_a_bug_is_an_internal_error_not_bad_input(cli: CliRunner,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A ValueError that is not a ZermeloError comes from the code, not the user: status 1 and
    one line asking to report it."""
    def broken(*args: object) -> None:
        raise ValueError("a library bug\nwith a second line")

    monkeypatch.setattr("zermelo.games.nim.rules.Nim.legal_moves", broken)
    result = cli("solve", "nim", "1", "2")
    assert result.code == 1
    assert result.err == ("zermelo: internal error: ValueError: a library bug with a second "
                          "line, please report\n")
    monkeypatch.setenv("ZERMELO_DEBUG", "1")
    with pytest.raises(ValueError, match="a library bug"):
        cli("solve", "nim", "1", "2")


def test_games_lists_every_game_with_its_options_and_engines(cli: CliRunner) -> None:
    import json

    from zermelo.games.registry import GAMES

    result = cli("games", "--json")
    assert result.code == 0
    listed = json.loads(result.out)
    assert [g["name"] for g in listed] == list(GAMES)
    for game in listed:
        assert game["default_engine"] in [e.partition(":")[0] for e in game["engines"]]
        assert all({"name", "default", "allowed", "help"} <= set(o) for o in game["options"])


def test_an_error_echoing_a_huge_input_stays_one_short_line(cli: CliRunner) -> None:
    result = cli("connect4", "solve", "4" * 5000 + "\n" + "8")
    assert result.code == 2
    assert len(result.err.strip()) <= 300 and "\n" not in result.err.strip()



def test_a_file_the_user_named_is_bad_input_but_other_os_errors_are_bugs(
        cli: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = cli("connect4", "solve", "--board", "4x4", "--book", str(tmp_path / "none.npz"),
                 "1")
    assert result.code == 2 and result.err.startswith("zermelo: ")
    assert "none.npz" in result.err and "internal error" not in result.err

    def broken(*args: object) -> None:
        raise OSError(22, "Invalid argument")  # no file of the user's named

    monkeypatch.setattr("zermelo.games.nim.rules.Nim.legal_moves", broken)
    result = cli("solve", "nim", "1", "2")
    assert result.code == 1
    assert result.err == ("zermelo: internal error: OSError: [Errno 22] Invalid argument, "
                          "please report\n")

    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")  # the disk's, not a bug

    monkeypatch.setattr("zermelo.games.nim.rules.Nim.legal_moves", full)
    result = cli("solve", "nim", "1", "2")
    assert (result.code, result.err) == (
        2, "zermelo: cannot write the output (No space left on device)\n")


def test_output_to_a_closed_pipe_ends_quietly() -> None:
    script = ("import sys; from zermelo.cli.main import main; "
              "sys.argv = ['zermelo']; main(['games'])")
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader goes away before anything is written
    assert process.wait(timeout=120) == 1
    assert process.stderr.read() == b""


def test_a_games_own_solver_beyond_the_standard_variant_runs_under_the_default_budget(
        cli: CliRunner) -> None:
    """Off the standard variant (a longer game, or one of unknown length) a game's exact solver
    gets the generic searches' 10 s and says so, instead of running silently for minutes."""
    from zermelo.cli.solve import beyond_standard
    from zermelo.games.registry import get_game

    connect4, pig = get_game("connect4"), get_game("pig")
    assert beyond_standard(connect4, connect4.game({"board": "9x6"}), {"board": "9x6"})
    assert not beyond_standard(connect4, connect4.game({"board": "5x4"}), {"board": "5x4"})
    assert not beyond_standard(pig, pig.game({}), {})
    result = cli("solve", "pig", "-o", "goal=20", "--json")
    assert result.code == 0
    assert json.loads(result.out)["budget"] == {"seconds": 10.0, "nodes": None}
