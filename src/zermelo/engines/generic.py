"""The generic engines: factories ``(game, level, seed, data) -> player`` over the searches,
with ``*_supports(game)``: whether the search can play the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeAlias

from zermelo.core.entry import AnyGame, EngineFactory, Supports
from zermelo.core.errors import UnknownNameError
from zermelo.core.game import Chance, Information
from zermelo.core.kernels import GameKernels
from zermelo.games.registry import entry_of
from zermelo.search.algorithms import get_algorithm, plays
from zermelo.search.players import Player, RandomPlayer, SearchPlayer

Factory: TypeAlias = EngineFactory[AnyGame]
Check: TypeAlias = Supports[AnyGame]


def random_engine(game: AnyGame, level: int | None, seed: int | None,
                  data: Path | None) -> Player:
    """A uniformly random legal move."""
    return RandomPlayer(seed)


def _supports(algorithm: str, useful: Check = lambda game: True) -> Check:
    """Whether the search ``algorithm`` can play a game and is ``useful`` there (expectimax
    adds nothing to alpha-beta without chance, max^n and paranoid nothing with two players)."""

    def check(game: AnyGame) -> bool:
        return plays(get_algorithm(algorithm), game.info) and useful(game)

    return check


def _to_depth(algorithm: str, useful: Check = lambda game: True) -> tuple[Factory, Check]:
    """The engine that plays the best move of ``algorithm`` searched to ``level`` plies."""

    def create(game: AnyGame, level: int | None, seed: int | None, data: Path | None
               ) -> Player:
        return SearchPlayer(algorithm, depth=level, seed=seed)

    return create, _supports(algorithm, useful)


def _declared(game: AnyGame) -> GameKernels[Any, Any] | None:
    """The kernels ``game``'s entry declares, if it is a registered game that has them."""
    try:
        entry = entry_of(game)
    except UnknownNameError:
        return None
    return entry.compiled(game)


def _with_chance(game: AnyGame) -> bool:
    return game.info.chance is not Chance.DETERMINISTIC


def _many_players(game: AnyGame) -> bool:
    return game.info.num_players > 2


def _hidden(game: AnyGame) -> bool:
    return game.info.information is Information.IMPERFECT


alphabeta_engine, alphabeta_supports = _to_depth("alphabeta-tt")
expectimax_engine, expectimax_supports = _to_depth("expectimax", _with_chance)
maxn_engine, maxn_supports = _to_depth("maxn", _many_players)
paranoid_engine, paranoid_supports = _to_depth("paranoid", _many_players)
def _sampling(algorithm: str, useful: Check = lambda game: True) -> tuple[Factory, Check]:
    """The engine that plays the best move of ``algorithm`` after ``level`` iterations, run
    compiled on the kernels the game declares where they allow it."""

    def create(game: AnyGame, level: int | None, seed: int | None, data: Path | None
               ) -> Player:
        return SearchPlayer(algorithm, iterations=level or 1, seed=0 if seed is None else seed,
                            kernels=_declared(game))

    return create, _supports(algorithm, useful)


mcts_engine, mcts_supports = _sampling("mcts")
ismcts_engine, ismcts_supports = _sampling("ismcts", _hidden)
pimc_engine, pimc_supports = _sampling("pimc", _hidden)
