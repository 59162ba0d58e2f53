"""The Great Turtle Race as front ends see it: the number of players and the open points of the
rules as options, the drawing, and the paper's strategies as engines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zermelo.core.entry import (
    Compile,
    Create,
    Drawing,
    EngineFactory,
    EngineSpec,
    Explain,
    GameEntry,
)
from zermelo.core.options import Choice, Integer, Schema
from zermelo.games.turtles.cards import RAINBOW_SPLITS
from zermelo.games.turtles.state import NEUTRAL, OVERSHOOT, RESHUFFLE, STUCK

if TYPE_CHECKING:
    from zermelo.games.turtles.rules import Turtles


def _create() -> Create[Turtles]:
    from zermelo.games.turtles.variant import create
    return create


def _drawing() -> Drawing[Turtles]:
    from zermelo.games.turtles.render import board_text, status_line
    from zermelo.games.turtles.svg import board_picture
    return Drawing(board_text, status_line, board_picture)


def _hybrid_engine() -> EngineFactory[Turtles]:
    from zermelo.agents.turtles.registry import hybrid_engine
    return hybrid_engine


def _belief_engine() -> EngineFactory[Turtles]:
    from zermelo.agents.turtles.registry import belief_engine
    return belief_engine


def _explain() -> Explain[Turtles]:
    from zermelo.games.turtles.svg import move_words
    return move_words


def _fast_engine() -> EngineFactory[Turtles]:
    from zermelo.agents.turtles.registry import fast_engine
    return fast_engine


def _efficient_engine() -> EngineFactory[Turtles]:
    from zermelo.agents.turtles.registry import efficient_engine
    return efficient_engine


def _dummy_engine() -> EngineFactory[Turtles]:
    from zermelo.agents.turtles.registry import dummy_engine
    return dummy_engine


def _game_kernels() -> Compile[Turtles]:
    from zermelo.games.turtles.kernels import game_kernels
    return game_kernels


ENTRY = GameEntry(
    name="turtles",
    title="The Great Turtle Race",
    options=Schema((
        Integer("players", 2, "Players, each owning one secret turtle.", low=2, high=5),
        Choice("rainbow", RAINBOW_SPLITS[0], "Rainbow cards: 5 plus and 2 minus (the paper's "
               "count), or 4 and 3 (another edition).", RAINBOW_SPLITS),
        Choice("overshoot", OVERSHOOT[0], "A turtle moved past the lettuce stops on it, or the "
               "move is not allowed.", OVERSHOOT),
        Choice("stuck", STUCK[0], "A player with no legal card discards one, or passes.",
               STUCK),
        Choice("neutral", NEUTRAL[0], "A turtle nobody owns reaching the lettuce ends the game, "
               "or the game goes on until an owned one does.", NEUTRAL),
        Choice("reshuffle", RESHUFFLE[0], "An empty draw pile is refilled from the shuffled "
               "discard pile, or nobody draws any more.", RESHUFFLE),
    )),
    create=_create,
    drawing=_drawing,
    engines=(
        EngineSpec("hybrid", "the paper's hybrid strategy H: fast when leading, "
                   "efficient-smart when trailing; measured with 2 players over 1,000 games: "
                   "beats random 84 % (95 % interval 82-86 %), F and E 47-53 %",
                   _hybrid_engine),
        EngineSpec("belief-ismcts", "the strongest player: information-set MCTS drawing the "
                   "opponents' colours from what their plays tell, rollouts by H; measured at 300 "
                   "with 2 players over 1,000 games: beats random 89 % (95 % interval 87-91 %), "
                   "H 87 % (85-89 %)",
                   _belief_engine, "iterations", 300, 1, 100_000),
        EngineSpec("fast", "the paper's fast strategy F: move one's own turtle forward; "
                   "measured with 2 players over 1,000 games: beats random 86 % (95 % interval "
                   "84-88 %), H and E 47-53 %",
                   _fast_engine),
        EngineSpec("efficient", "the paper's efficient-smart strategy E: hold the others "
                   "back; measured with 2 players over 1,000 games: beats random 85 % (95 % "
                   "interval 82-87 %), F and H 47-53 %",
                   _efficient_engine),
        EngineSpec("dummy", "the paper's dummy strategy D: a uniformly random legal card; "
                   "measured with 2 players over 1,000 games: beats H 16 % (95 % interval 14-18 %)",
                   _dummy_engine),
    ),
    default_engine="belief-ismcts",
    hint_engine="hybrid",
    kernels=_game_kernels,
    explain=_explain,
    strengths=(("easy", "dummy"), ("club", "fast"),
               ("strong", "hybrid"), ("strongest", "belief-ismcts")),
    figures=("openspiel_turtles-agents", "openspiel_turtles-information"),
)
