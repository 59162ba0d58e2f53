"""The searches by name, for front ends (``zermelo solve --algorithm NAME``) and benchmarks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from zermelo.core.errors import UnknownNameError
from zermelo.core.game import Game
from zermelo.search.alphabeta import alphabeta
from zermelo.search.alphabeta_tt import alphabeta_tt
from zermelo.search.base import Evaluator, SearchResult
from zermelo.search.dfpn import dfpn
from zermelo.search.mcts import mcts
from zermelo.search.minimax import minimax


@dataclass(frozen=True)
class Algorithm:
    """A search as front ends see it."""

    name: str
    summary: str
    exact: bool
    """Whether it returns the game-theoretic value when given no depth limit."""
    takes_depth: bool
    run: Callable[..., SearchResult[Any]]


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in (
        Algorithm("minimax", "plain minimax, every node", True, True, minimax),
        Algorithm("alphabeta", "fail-soft alpha-beta", True, True, alphabeta),
        Algorithm("alphabeta-tt", "alpha-beta + transposition table, iterative deepening, "
                  "TT/killer/history move ordering", True, True, alphabeta_tt),
        Algorithm("mcts", "UCT Monte Carlo tree search with proven-value backup", False, False,
                  mcts),
        Algorithm("dfpn", "depth-first proof-number search (win/draw/loss)", True, False, dfpn),
    )
}


def get_algorithm(name: str) -> Algorithm:
    """The algorithm called ``name``; :class:`UnknownNameError` listing the names otherwise."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(ALGORITHMS)
        raise UnknownNameError(f"no algorithm {name!r} (known: {known})") from None


def search(
    name: str,
    game: Game[Any, Any],
    state: Any,
    *,
    depth: int | None = None,
    evaluate: Evaluator | None = None,
    iterations: int = 10_000,
    seed: int | None = 0,
) -> SearchResult[Any]:
    """Run the algorithm called ``name`` on ``state`` with the options it understands."""
    algorithm = get_algorithm(name)
    if depth is not None and not algorithm.takes_depth:
        raise ValueError(f"{name} takes no depth limit (use minimax, alphabeta or alphabeta-tt)")
    if depth is not None and depth < 0:
        raise ValueError(f"depth {depth}: must be 0 or more")
    if name == "mcts":
        return mcts(game, state, iterations=iterations, seed=seed)
    if name == "dfpn":
        return dfpn(game, state)
    result: SearchResult[Any] = algorithm.run(game, state, depth=depth, evaluate=evaluate)
    return result
