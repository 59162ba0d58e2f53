"""Search algorithms and players, written against the game protocol only.

Each algorithm is a small module returning a :class:`~zermelo.search.base.SearchResult`
(value from the side to move's view, best move, principal variation) with a
:class:`~zermelo.search.base.SearchStats` record:

* :func:`~zermelo.search.minimax.minimax` — plain minimax;
* :func:`~zermelo.search.alphabeta.alphabeta` — fail-soft alpha-beta;
* :func:`~zermelo.search.alphabeta_tt.alphabeta_tt` — alpha-beta with a transposition table
  (:mod:`~zermelo.search.table`), iterative deepening and move ordering
  (:mod:`~zermelo.search.ordering`);
* :func:`~zermelo.search.mcts.mcts` — UCT with proven-value backup;
* :func:`~zermelo.search.dfpn.dfpn` — depth-first proof-number search.
"""

from zermelo.search.algorithms import ALGORITHMS, get_algorithm, search
from zermelo.search.alphabeta import alphabeta
from zermelo.search.alphabeta_tt import alphabeta_tt
from zermelo.search.base import Evaluator, SearchResult, SearchStats
from zermelo.search.dfpn import dfpn
from zermelo.search.mcts import mcts
from zermelo.search.minimax import minimax
from zermelo.search.players import Player, RandomPlayer, SearchPlayer

__all__ = [
    "ALGORITHMS",
    "Evaluator",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "SearchResult",
    "SearchStats",
    "alphabeta",
    "alphabeta_tt",
    "dfpn",
    "get_algorithm",
    "mcts",
    "minimax",
    "search",
]
