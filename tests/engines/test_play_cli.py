"""``zermelo play`` with engines by name: hints (with the database's analysis), new, --db."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import CliRunner
from zermelo.games.musketeers.rules import SIDES
from zermelo.games.registry import get_game
from zermelo.solvers.musketeers.database import Database


def test_hint_lists_every_move_with_its_database_result(cli: CliRunner, db_root: Path,
                                                        database: Database) -> None:
    game = database.game
    start = game.initial_state()
    result = cli("play", "musketeers", "-o", "board=4x4", "--db", str(db_root), "--engine",
                 "perfect", "--as", "M", stdin="hint\nquit\n")
    assert result.code == 0
    hint, analysis = result.out.split("hint: ", 1)[1].split("M> ")[0].split("\n", 1)
    assert game.parse_move(start, hint) in database.best_moves(start)
    assert analysis.split() == [word for m, r in database.analyze(start)
                        for word in (game.format_move(start, m), str(r))]


def test_the_perfect_engine_wins_a_won_start_at_the_terminal(db_root: Path,
                                                            database: Database) -> None:
    from rich.console import Console

    from zermelo.cli.play import TerminalGame, make_engine

    entry = get_game("musketeers")
    game = entry.game({"board": "4x4"})
    assert database.lookup(game.initial_state()).player == SIDES[0]
    session: TerminalGame

    def first_legal_move(prompt: str) -> str:
        return game.format_move(session.state, game.legal_moves(session.state)[0])

    engine = make_engine("perfect", game, 0, db_root)
    out = Console(record=True, width=100)
    session = TerminalGame(entry, game, {1}, engine, first_legal_move, out)
    assert session.run() == 0
    assert "musketeers win" in out.export_text()


def test_new_starts_again_and_undo_then_has_nothing_to_take_back(cli: CliRunner) -> None:
    result = cli("play", "tictactoe", "--engine", "alphabeta:2", stdin="a1\nnew\nundo\nquit\n")
    assert result.code == 0
    assert "nothing to undo" in result.out


def test_hint_without_a_database_names_a_legal_move(cli: CliRunner, tmp_path: Path) -> None:
    result = cli("play", "tictactoe", "--engine", "human", "--db", str(tmp_path),
                 stdin="hint\nquit\n")
    hint = result.out.split("hint: ", 1)[1].split()[0]
    game = get_game("tictactoe").game()
    assert game.parse_move(game.initial_state(), hint) in game.legal_moves(game.initial_state())


def test_a_database_engine_without_its_database_is_one_line(cli: CliRunner, tmp_path: Path
                                                            ) -> None:
    result = cli("play", "musketeers", "--engine", "perfect", "--db", str(tmp_path))
    assert result.code == 2
    assert result.err.startswith("zermelo: database: no 5x5 database with 3 musketeers")
    assert len(result.err.strip().splitlines()) == 1


def test_an_engine_move_keeps_to_the_move_time(cli: CliRunner) -> None:
    import time

    start = time.perf_counter()  # perfect on the empty 7x6 board: minutes without a book
    result = cli("play", "connect4", "--engine", "perfect", "--as", "O", "--move-time", "0.5",
                 stdin="quit\n")
    assert result.code == 0 and "X plays " in result.out
    assert time.perf_counter() - start < 60  # a generous bound: the move took 0.5 s here
    assert cli("play", "nim", "--move-time", "0").code == 2
