"""Connect Four as front ends see it: options, drawing, and the solver's engines and analysis."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zermelo.core.entry import (
    AlgorithmSpec,
    Analyse,
    Compile,
    Create,
    Drawing,
    EngineFactory,
    EngineSpec,
    Explain,
    GameEntry,
    Run,
)
from zermelo.core.options import Integer, Schema, Size
from zermelo.core.skill import skill_spec

if TYPE_CHECKING:
    from zermelo.games.connect4.rules import ConnectFour


def _create() -> Create[ConnectFour]:
    from zermelo.games.connect4.variant import create
    return create


def _drawing() -> Drawing[ConnectFour]:
    from zermelo.games.connect4.render import board_picture, board_text, status_line
    return Drawing(board_text, status_line, board_picture)


def _perfect() -> EngineFactory[ConnectFour]:
    from zermelo.solvers.connect4.engine import perfect
    return perfect


def _heuristic() -> EngineFactory[ConnectFour]:
    from zermelo.solvers.connect4.engine import heuristic
    return heuristic


def _two_three_count() -> EngineFactory[ConnectFour]:
    from zermelo.solvers.connect4.engine import two_three_count
    return two_three_count


def _mcts_engine() -> EngineFactory[ConnectFour]:
    from zermelo.solvers.connect4.mcts import mcts_engine
    return mcts_engine


def _analysis() -> Analyse[ConnectFour]:
    from zermelo.solvers.connect4.engine import analysis
    return analysis


def _solve() -> Run[ConnectFour]:
    from zermelo.solvers.connect4.engine import solve
    return solve


def _game_kernels() -> Compile[ConnectFour]:
    from zermelo.solvers.connect4.mcts import game_kernels
    return game_kernels


def _explain() -> Explain[ConnectFour]:
    from zermelo.games.connect4.render import move_words
    return move_words


ENTRY = GameEntry(
    name="connect4",
    title="Connect Four",
    options=Schema((
        Size("board", (7, 6), "Board WIDTHxHEIGHT (width x (height + 1) at most 63).",
             low=1, high=62, bound="width x (height + 1) at most 63"),
        Integer("k", 4, "Stones in a row that win (at most the longer side).", low=2, high=62),
    )),
    create=_create,
    drawing=_drawing,
    engines=(
        EngineSpec("perfect", "a column of the best score: the engine's book's in the opening, "
                   "the strong solver's after it, at random among equals; measured: beats random "
                   "10 of 10 on 7x6, 98 % on 5x4 k=3 (40 games)", _perfect),
        EngineSpec("heuristic", "alpha-beta to a depth limit scoring threats (by row parity), "
                   "open windows and the centre; measured at depth 6: beats random 10 of 10 and "
                   "loses 10 of 10 to perfect on 7x6; on 5x4 k=3 (40 games) 98 % and 50 % "
                   "(every game it moves first)", _heuristic,
                   "depth", 6, 1, 12),
        EngineSpec("two-three-count", "alpha-beta to a depth limit with Ciężyński's (2017) "
                   "evaluation (two in a row +10, three +100); measured at depth 4: beats "
                   "random 10 of 10 and loses 10 of 10 to perfect on 7x6; on 5x4 k=3 (40 "
                   "games) 98 % and loses every game", _two_three_count,
                   "depth", 4, 1, 12),
        EngineSpec("mcts", "UCT Monte Carlo tree search with proven-value backup, compiled "
                   "(about 70 times the generic search's simulations a second); measured at 1000: "
                   "beats random 10 of 10 and loses 10 of 10 to perfect on 7x6; on 5x4 k=3 "
                   "(40 games) 95 % and 50 % (every game it moves first)",
                   _mcts_engine, "simulations", 1000, 1,
                   10_000_000),
        skill_spec(
            "measured on 5x4 k=3, 40 games a level against perfect (a draw counts half): "
            "0 % at 0, 0 % at 25, 2 % at 50, 18 % at 75, 32 % at 90, 50 % at 100"),
    ),
    analysis=_analysis,
    explain=_explain,
    algorithms=(AlgorithmSpec("strong", "the strong solver: the exact score and a best column",
                              _solve),),
    default_engine="perfect",
    hint_engine="heuristic",
    kernels=_game_kernels,
    strengths=(("easy", "skill:25"), ("club", "skill:50"), ("strong", "skill:90"),
               ("perfect", "perfect")),
)
