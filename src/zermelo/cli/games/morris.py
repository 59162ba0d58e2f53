"""``zermelo morris ...``: Morris positions, legal moves and perft on every board."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

from zermelo.cli.common import OptionOpt, console
from zermelo.cli.games.morris_solve import (
    BoardOpt,
    analyze,
    plan,
    position_of,
    reachable,
    solve,
    stats,
    verify,
)
from zermelo.cli.play import play as play_game
from zermelo.core.picture import View
from zermelo.games.morris.kernels import perft_of
from zermelo.games.morris.render import board_picture, board_text, status_line

app = typer.Typer(help="Nine Men's Morris and its family: positions, legal moves, perft.",
                  no_args_is_help=True)

LineOpt = Annotated[str, typer.Option(
    "--line", help="Moves played from the position, e.g. 'd2 a1 d1 b2xa1' (default: none).")]
PositionArg = Annotated[str | None, typer.Argument(
    help="A position, e.g. '.../.../.../....../.../.../... W 9 9' (default: the start), or - "
         "to read it from stdin.")]


@app.command()
def show(position: PositionArg = None, board: BoardOpt = "standard", line: LineOpt = "",
         option: OptionOpt = None,
         svg: Annotated[Path | None, typer.Option(
             help="Also write the board as an SVG picture to this file.")] = None) -> None:
    """Draw a position (stones in a mill underlined), say whose turn it is, and print its
    text."""
    game, state = position_of(board, option, position, line)
    console.print(board_text(game, state), end="")
    console.print(status_line(game, state))
    print(game.format_position(state))  # one line, never wrapped
    if svg is not None:
        svg.write_text(board_picture(game, state, View()).svg() + "\n")


@app.command()
def moves(position: PositionArg = None, board: BoardOpt = "standard", line: LineOpt = "",
          option: OptionOpt = None) -> None:
    """Print the legal moves, one per line (none when the game is over)."""
    game, state = position_of(board, option, position, line)
    for move in game.legal_moves(state):
        print(game.format_move(state, move))


@app.command()
def perft(depth: Annotated[int, typer.Option(
              help="Plies ahead (0 to 8; depth 7 of the standard board takes about two "
                   "minutes).", min=0, max=8)],
          position: PositionArg = None, board: BoardOpt = "standard", line: LineOpt = "",
          option: OptionOpt = None,
          split_captures: Annotated[bool, typer.Option(
              "--split-captures", help="Count a removal as a ply of its own, as OpenSpiel "
                                       "does.")] = False) -> None:
    """Count the move sequences of DEPTH plies by the plain rules (no draws), compiled; one
    root move at a time, with a progress bar."""
    game, state = position_of(board, option, position, line)
    if depth == 0 or game.lost(state):
        print(1 if depth == 0 else 0)
        return
    roots = game.moves_of(state)
    total, seen = 0, set()
    with Progress(TextColumn(f"perft {depth}"), BarColumn(), TaskProgressColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("perft", total=len(roots))
        for move in roots:
            rest = depth - 2 if split_captures and move.take >= 0 else depth - 1
            if rest < 0:  # depth 1, split: the stone's move without its removal
                total += (move.frm, move.to) not in seen
                seen.add((move.frm, move.to))
            else:
                total += perft_of(game.board, game.apply(state, move).plain, rest,
                                  split_captures, game.flying)
            bar.advance(task)
    print(total)


app.command()(solve)
app.command()(plan)
app.command()(analyze)
app.command()(stats)
app.command()(verify)
app.command()(reachable)


@app.command()
def play(
    board: BoardOpt = "standard",
    side: Annotated[str | None, typer.Option("--as", help="The side you play, W or B "
                                              "(default: W, who moves first).")] = None,
    engine: Annotated[str | None, typer.Option(help="The opponent: NAME or NAME:LEVEL (see "
                                               "'zermelo play morris --engine list'), or "
                                               "human.")] = None,
    option: OptionOpt = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the engine's choices.")] = None,
    db: Annotated[Path | None, typer.Option("--db", help="Data directory of the solved "
                                            "tables.")] = None,
    move_time: Annotated[float, typer.Option(help="Seconds an engine move may take (0.1 to "
                                             "3,600).", min=0.1, max=3_600)] = 10.0,
) -> None:
    """Play a game in the terminal: the same as 'zermelo play morris -o board=BOARD'."""
    play_game("morris", side=side, engine=engine, option=[*(option or []), f"board={board}"],
              seed=seed, db=db, move_time=move_time)
