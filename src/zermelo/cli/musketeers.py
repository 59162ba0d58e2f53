"""``zermelo musketeers ...``: Three Musketeers positions and moves."""

from __future__ import annotations

import json

import typer

from zermelo.cli.common import BoardOpt, JsonOpt, MusketeersOpt, PositionArg, console, read_position
from zermelo.games.musketeers import ThreeMusketeers
from zermelo.games.musketeers.render import board_text, status_line
from zermelo.games.musketeers.variant import game_from_options

app = typer.Typer(help="Three Musketeers: positions, moves (and, with a database, analysis).",
                  no_args_is_help=True)


def _game(board: str, musketeers: int) -> ThreeMusketeers:
    return game_from_options({"board": board, "musketeers": str(musketeers)})


@app.command()
def show(position: PositionArg, board: BoardOpt = "5x5", musketeers: MusketeersOpt = 3) -> None:
    """Draw a position and say whose turn it is or how the game ended."""
    game = _game(board, musketeers)
    state = game.parse_position(read_position(position))
    console.print(board_text(game, state))
    console.print(status_line(game, state))
    console.print(game.format_position(state))


@app.command()
def moves(position: PositionArg, board: BoardOpt = "5x5", musketeers: MusketeersOpt = 3,
          as_json: JsonOpt = False) -> None:
    """List the legal moves, one per line, ordered by from-square then to-square."""
    game = _game(board, musketeers)
    state = game.parse_position(read_position(position))
    texts = [game.format_move(state, m) for m in game.legal_moves(state)]
    if as_json:
        print(json.dumps(texts))
    else:
        for text in texts:
            print(text)
