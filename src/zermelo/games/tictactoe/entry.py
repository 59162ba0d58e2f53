"""Tic-tac-toe (and the m,n,k-games) as front ends see it."""

from zermelo.core.entry import GameEntry
from zermelo.core.options import Integer, Schema, Size

ENTRY = GameEntry(
    name="tictactoe",
    title="Tic-tac-toe",
    options=Schema((
        Size("board", (3, 3), "Board WIDTHxHEIGHT.", low=1, high=8),
        Integer("k", 3, "Marks in a row that win (at most the longer side).", low=1, high=8),
    )),
    create="zermelo.games.tictactoe.variant:create",
    render="zermelo.games.tictactoe.render:board_text",
    status="zermelo.games.tictactoe.render:status_line",
    analysis="zermelo.solvers.tictactoe:analysis",
    default_engine="alphabeta",
    strengths=(("easy", "random"), ("club", "alphabeta:1"),
               ("strong", "alphabeta:3"), ("perfect", "alphabeta:64")),
)
