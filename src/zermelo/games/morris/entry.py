"""The Morris family as front ends see it: options, drawing, and the alpha-beta engines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zermelo.core.entry import (
    Analyse,
    Compile,
    Create,
    Drawing,
    EngineFactory,
    EngineSpec,
    Explain,
    GameEntry,
    Supports,
)
from zermelo.core.options import Choice, Flag, Integer, Schema
from zermelo.games.morris.boards import BOARDS

if TYPE_CHECKING:
    from zermelo.games.morris.rules import Morris


def _create() -> Create[Morris]:
    from zermelo.games.morris.variant import create
    return create


def _drawing() -> Drawing[Morris]:
    from zermelo.games.morris.render import board_picture, board_text, status_line
    return Drawing(board_text, status_line, board_picture)


def _heuristic() -> EngineFactory[Morris]:
    from zermelo.solvers.morris.engine import heuristic
    return heuristic


def _article_estimate() -> EngineFactory[Morris]:
    from zermelo.solvers.morris.engine import article_estimate
    return article_estimate


def _perfect() -> EngineFactory[Morris]:
    from zermelo.solvers.morris.perfect import perfect
    return perfect


def _explain() -> Explain[Morris]:
    from zermelo.games.morris.render import move_words
    return move_words


def _perfect_plays() -> Supports[Morris]:
    from zermelo.solvers.morris.perfect import plays
    return plays


def _analysis() -> Analyse[Morris]:
    from zermelo.solvers.morris.perfect import analysis
    return analysis


def _game_kernels() -> Compile[Morris]:
    from zermelo.games.morris.contract import game_kernels
    return game_kernels


ENTRY = GameEntry(
    name="morris",
    title="Nine Men's Morris",
    options=Schema((
        Choice("board", "standard", "standard (Nine Men's Morris), variant23 (a 23-point "
               "board with 18 mills), six (Six Men's Morris), three (Three Men's Morris) or "
               "three-orthogonal (Three Men's Morris without moves along the diagonals).",
               choices=tuple(BOARDS)),
        Choice("flying", "auto", "Whether a side with three stones may fly (auto: the board's "
               "rule: yes for standard and variant23, no for six and three).",
               choices=("auto", "yes", "no")),
        Integer("move_limit", 200, "Plies after which the game is a draw (0: no limit).",
                low=0, high=10000),
        Flag("repetition", True, "Whether the third occurrence of a position is a draw."),
    )),
    create=_create,
    drawing=_drawing,
    engines=(
        EngineSpec("perfect", "the solved tables' best move (retrograde analysis): the "
                   "shortest win, the longest loss, and among equal moves the one that shallow "
                   "alpha-beta opponents answer wrongly; measured on Six Men's Morris: beats "
                   "random 10 of 10, draws itself 10 of 10; offered where the tables are built "
                   "or small enough to solve when first asked for (Six and Three Men's Morris)",
                   _perfect, supports=_perfect_plays),
        EngineSpec("heuristic", "alpha-beta to a depth limit scoring stones, potential and "
                   "double mills, blocked stones and mobility by phase; measured at depth 5 on Six "
                   "Men's Morris: beats random 10 of 10, draws 7 of 10 against perfect",
                   _heuristic,
                   "depth", 5, 1, 8),
        EngineSpec("article-estimate", "alpha-beta with the static estimates of a published "
                   "article (stones in the opening; 1000 x stones - Black's moves later); measured "
                   "at depth 4 on Six Men's Morris: beats random 5 of 10 (5 draws), draws 4 "
                   "of 10 against perfect",
                   _article_estimate, "depth", 4, 1, 8),
    ),
    analysis=_analysis,
    explain=_explain,
    kernels=_game_kernels,
    default_engine="perfect",
    hint_engine="heuristic",
    strengths=(("easy", "random"), ("club", "heuristic:2"),
               ("strong", "heuristic:5"), ("perfect", "perfect")),
)
