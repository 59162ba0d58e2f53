"""The searches by name, for front ends (``zermelo solve --algorithm NAME``) and benchmarks.

Each entry says which games the search plays (:func:`plays`) and which of :func:`search`'s
options it takes; :func:`search` passes each search exactly those.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from zermelo.core.errors import OptionError, UnknownNameError
from zermelo.core.game import Game, GameInfo
from zermelo.core.kernels import GameKernels
from zermelo.search.alphabeta import SUPPORTS as ALPHABETA
from zermelo.search.alphabeta import alphabeta
from zermelo.search.alphabeta_tt import alphabeta_tt
from zermelo.search.base import (
    Evaluator,
    M,
    ReturnsEvaluator,
    S,
    SearchResult,
    Supports,
    with_room,
)
from zermelo.search.dfpn import SUPPORTS as DFPN
from zermelo.search.dfpn import dfpn
from zermelo.search.expectimax import SUPPORTS as EXPECTIMAX
from zermelo.search.expectimax import expectimax
from zermelo.search.ismcts import SUPPORTS as ISMCTS
from zermelo.search.ismcts import Observers, ismcts
from zermelo.search.maxn import SUPPORTS as MAXN
from zermelo.search.maxn import maxn
from zermelo.search.mcts import SUPPORTS as MCTS
from zermelo.search.mcts import mcts
from zermelo.search.minimax import SUPPORTS as MINIMAX
from zermelo.search.minimax import minimax
from zermelo.search.paranoid import SUPPORTS as PARANOID
from zermelo.search.paranoid import paranoid
from zermelo.search.pimc import SUPPORTS as PIMC
from zermelo.search.pimc import pimc

DEPTH, EVALUATE, EVALUATE_RETURNS, ITERATIONS, SEED = (
    "depth", "evaluate", "evaluate_returns", "iterations", "seed")
"""The options of :func:`search`."""

REFUSABLE = {DEPTH: "depth limit", EVALUATE: "evaluation",
             EVALUATE_RETURNS: "evaluation of every player's return"}
"""The options a search that does not take them refuses, in words (:data:`ITERATIONS` and
:data:`SEED`, which have defaults, are refused by front ends when a user gives them)."""

LIMITED = (DEPTH, EVALUATE)
"""The options of a two-player depth-limited search."""
LIMITED_N = (DEPTH, EVALUATE_RETURNS)
"""The options of an n-player depth-limited search (its evaluation estimates every return)."""


@dataclass(frozen=True)
class Algorithm:
    """A search as front ends see it."""

    name: str
    summary: str
    exact: bool
    """Whether it returns the game-theoretic value when given no depth limit."""
    options: tuple[str, ...]
    """The options of :func:`search` it takes."""
    supports: Supports
    """The games it plays."""
    run: Callable[..., SearchResult[Any]]

    @property
    def takes_depth(self) -> bool:
        """Whether it searches to a depth limit."""
        return DEPTH in self.options


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in (
        Algorithm("minimax", "plain minimax, every node", True, LIMITED, MINIMAX, minimax),
        Algorithm("alphabeta", "fail-soft alpha-beta", True, LIMITED, ALPHABETA, alphabeta),
        Algorithm("alphabeta-tt", "alpha-beta + transposition table, iterative deepening, "
                  "TT/killer/history move ordering", True, LIMITED, ALPHABETA, alphabeta_tt),
        Algorithm("expectimax", "minimax with the probability-weighted mean at chance nodes "
                  "(two players, dice)", True, LIMITED, EXPECTIMAX, expectimax),
        Algorithm("maxn", "max^n: each of n players maximises its own return", True, LIMITED_N,
                  MAXN, maxn),
        Algorithm("paranoid", "alpha-beta for the side to move against all the others "
                  "together (n players)", True, LIMITED_N, PARANOID, paranoid),
        Algorithm("mcts", "UCT Monte Carlo tree search (n players, chance) with proven-value "
                  "backup", False, (ITERATIONS, SEED), MCTS, mcts),
        Algorithm("ismcts", "information-set MCTS, single observer: one tree of the side to "
                  "move's information sets over sampled determinisations (hidden information)",
                  False, (ITERATIONS, SEED), ISMCTS, ismcts),
        Algorithm("mo-ismcts", "information-set MCTS, multiple observer: a tree per player, "
                  "each choosing by what it sees", False, (ITERATIONS, SEED), ISMCTS,
                  partial(ismcts, observers="multiple")),
        Algorithm("pimc", "perfect-information Monte Carlo: flat playouts in sampled "
                  "determinisations, averaged", False, (ITERATIONS, SEED), PIMC, pimc),
        Algorithm("dfpn", "depth-first proof-number search (win/draw/loss)", True, (), DFPN,
                  dfpn),
    )
}


def get_algorithm(name: str) -> Algorithm:
    """The algorithm called ``name``; :class:`UnknownNameError` listing the names otherwise."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(ALGORITHMS)
        raise UnknownNameError(f"no algorithm {name!r} (known: {known})") from None


def plays(algorithm: Algorithm, info: GameInfo) -> bool:
    """Whether ``algorithm`` can play the game ``info`` describes."""
    return not algorithm.supports.missing(info)


def search(
    name: str,
    game: Game[S, M],
    state: S,
    *,
    depth: int | None = None,
    evaluate: Evaluator[S, M] | None = None,
    evaluate_returns: ReturnsEvaluator[S, M] | None = None,
    iterations: int = 10_000,
    seed: int | None = 0,
) -> SearchResult[M]:
    """Run the algorithm called ``name`` on ``state`` with the options it takes.

    ``evaluate`` scores a state from the side to move's view (two-player searches),
    ``evaluate_returns`` estimates every player's return (n-player searches). A depth or an
    evaluation the algorithm does not take is refused; ``iterations`` and ``seed`` are ignored
    by the searches that do not sample (front ends refuse them: see :func:`refuse`). The
    search runs with room for a recursion as deep as ``depth`` or the game's longest game.
    """
    algorithm = get_algorithm(name)
    offered: dict[str, Any] = {DEPTH: depth, EVALUATE: evaluate,
                               EVALUATE_RETURNS: evaluate_returns, ITERATIONS: iterations,
                               SEED: seed}
    refuse(algorithm, [o for o in REFUSABLE if offered[o] is not None])
    plies = depth if depth is not None else game.info.max_game_length or 0
    result: SearchResult[M] = with_room(plies, lambda: algorithm.run(
        game, state, **{option: offered[option] for option in algorithm.options}))
    return result


def refuse(algorithm: Algorithm, given: list[str]) -> None:
    """Refuse in one line the first option of ``given`` (names from :data:`REFUSABLE` and
    :data:`ITERATIONS`, :data:`SEED`) that ``algorithm`` does not take."""
    for option in given:
        if option not in algorithm.options:
            takers = ", ".join(a.name for a in ALGORITHMS.values() if option in a.options)
            words = REFUSABLE.get(option, option)
            raise OptionError(f"{algorithm.name} takes no {words} (use {takers})")


COMPILED: dict[str, Observers] = {"mcts": "single", "ismcts": "single",
                                   "mo-ismcts": "multiple"}
"""The searches that run compiled on a game's declared kernels (with the ISMCTS's observers)."""


def compiled_search(name: str, game: Game[S, M], kernels: GameKernels[S, M],
                    state: S, *, iterations: int, seed: int | None
                    ) -> SearchResult[M] | None:
    """The search ``name`` of :data:`COMPILED` run compiled on a game's kernels, or None
    where they do not allow it (the readable search then answers). Imported here: loading a
    compiled search takes a second or two that no other command should pay."""
    if name == "mcts":
        from zermelo.search.mcts_kernel import mcts_declared

        return mcts_declared(game, kernels, state, iterations=iterations, seed=seed)
    from zermelo.search.ismcts_kernel import ismcts_declared

    return ismcts_declared(game, kernels, state, iterations=iterations,
                           observers=COMPILED[name], seed=seed)
