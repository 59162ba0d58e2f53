"""Search algorithms and players, written against the game protocol only.

Each algorithm is a small module returning a :class:`~zermelo.search.base.SearchResult`
(value from the side to move's view, best move, principal variation) with a
:class:`~zermelo.search.base.SearchStats` record, and declaring the games it plays in a
:class:`~zermelo.search.base.Supports` record:

* :func:`~zermelo.search.minimax.minimax` — plain minimax;
* :func:`~zermelo.search.alphabeta.alphabeta` — fail-soft alpha-beta;
* :func:`~zermelo.search.alphabeta_tt.alphabeta_tt` — alpha-beta with a transposition table
  (:mod:`~zermelo.search.table`), iterative deepening and move ordering
  (:mod:`~zermelo.search.ordering`);
* :func:`~zermelo.search.expectimax.expectimax` — minimax with chance nodes (two players);
* :func:`~zermelo.search.maxn.maxn` — max^n, each of n players maximising its own return;
* :func:`~zermelo.search.paranoid.paranoid` — alpha-beta for one player against all others;
* :func:`~zermelo.search.mcts.mcts` — UCT for n players and chance, with proven-value backup;
* :func:`~zermelo.search.dfpn.dfpn` — depth-first proof-number search.
"""

from zermelo.search.algorithms import ALGORITHMS, Algorithm, get_algorithm, plays, search
from zermelo.search.alphabeta import alphabeta
from zermelo.search.alphabeta_tt import alphabeta_tt
from zermelo.search.base import (
    Evaluator,
    ReturnsEvaluator,
    SearchResult,
    SearchStats,
    Supports,
)
from zermelo.search.dfpn import dfpn
from zermelo.search.expectimax import expectimax
from zermelo.search.maxn import maxn
from zermelo.search.mcts import mcts
from zermelo.search.minimax import minimax
from zermelo.search.paranoid import paranoid
from zermelo.search.players import Player, RandomPlayer, SearchPlayer, play_match

__all__ = [
    "ALGORITHMS",
    "Algorithm",
    "Evaluator",
    "Player",
    "RandomPlayer",
    "ReturnsEvaluator",
    "SearchPlayer",
    "SearchResult",
    "SearchStats",
    "Supports",
    "alphabeta",
    "alphabeta_tt",
    "dfpn",
    "expectimax",
    "get_algorithm",
    "maxn",
    "mcts",
    "minimax",
    "paranoid",
    "play_match",
    "plays",
    "search",
]
