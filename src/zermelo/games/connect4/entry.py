"""Connect Four as front ends see it: options, drawing, and the solver's engines and analysis."""

from zermelo.core.entry import AlgorithmSpec, EngineSpec, GameEntry
from zermelo.core.options import Integer, Schema, Size

_SOLVERS = "zermelo.solvers.connect4.engine"

ENTRY = GameEntry(
    name="connect4",
    title="Connect Four",
    options=Schema((
        Size("board", (7, 6), "Board WIDTHxHEIGHT (width x (height + 1) at most 63).",
             low=1, high=62, bound="width x (height + 1) at most 63"),
        Integer("k", 4, "Stones in a row that win (at most the longer side).", low=2, high=62),
    )),
    create="zermelo.games.connect4.variant:create",
    render="zermelo.games.connect4.render:board_text",
    status="zermelo.games.connect4.render:status_line",
    engines=(
        EngineSpec("perfect", "a column of the best score: the engine's book's in the opening, "
                   "the strong solver's after it, at random among equals; measured: beats random "
                   "10 of 10 on 7x6, 98 % on 5x4 k=3 (40 games)", f"{_SOLVERS}:perfect"),
        EngineSpec("heuristic", "alpha-beta to a depth limit scoring threats (by row parity), "
                   "open windows and the centre; measured at depth 6: beats random 10 of 10 and "
                   "loses 10 of 10 to perfect on 7x6; on 5x4 k=3 (40 games) 98 % and 50 % "
                   "(every game it moves first)", f"{_SOLVERS}:heuristic",
                   "depth", 6, 1, 12),
        EngineSpec("two-three-count", "alpha-beta to a depth limit with Ciężyński's (2017) "
                   "evaluation (two in a row +10, three +100); measured at depth 4: beats "
                   "random 10 of 10 and loses 10 of 10 to perfect on 7x6; on 5x4 k=3 (40 "
                   "games) 98 % and loses every game", f"{_SOLVERS}:two_three_count",
                   "depth", 4, 1, 12),
        EngineSpec("mcts", "UCT Monte Carlo tree search with proven-value backup, compiled "
                   "(about 70 times the generic search's simulations a second); measured at 1000: "
                   "beats random 10 of 10 and loses 10 of 10 to perfect on 7x6; on 5x4 k=3 "
                   "(40 games) 95 % and 50 % (every game it moves first)",
                   "zermelo.solvers.connect4.mcts:mcts_engine", "simulations", 1000, 1,
                   10_000_000),
    ),
    analysis=f"{_SOLVERS}:analysis",
    algorithms=(AlgorithmSpec("strong", "the strong solver: the exact score and a best column",
                              f"{_SOLVERS}:solve"),),
    default_engine="perfect",
    hint_engine="heuristic",
    kernels="zermelo.solvers.connect4.mcts:game_kernels",
    strengths=(("easy", "heuristic:1"), ("club", "heuristic:4"),
               ("strong", "heuristic:8"), ("perfect", "perfect")),
)
