"""Alpha-beta with a transposition table, iterative deepening and move ordering.

The table (:mod:`zermelo.search.table`) is keyed by ``game.key(state)``, which the game makes
the same for all symmetric images of a position, so a position is searched once per symmetry
class. Each entry keeps its bound type and depth; an entry settles a search only when it is deep
enough and its bound falls outside the current window, and otherwise narrows the window.

Iterative deepening searches to depth 1, 2, 3, ... reusing the table (whose best moves order the
next round); it is the default with a depth limit. Asked to iterate without a depth limit, it
stops at the first round whose result no depth limit touched: that value is the game-theoretic
one. Entries found without reaching any depth limit
are stored with depth :data:`~zermelo.search.table.COMPLETE` and are valid at every depth.
"""

from __future__ import annotations

from typing import Generic

from zermelo.core.game import Game
from zermelo.search.alphabeta import SUPPORTS, root_window, within
from zermelo.search.base import (
    INF,
    BudgetExhausted,
    Clock,
    Evaluator,
    M,
    S,
    SearchResult,
    SearchStats,
    depth_limit,
    terminal_value,
    zero_evaluation,
)
from zermelo.search.ordering import MoveOrdering
from zermelo.search.table import COMPLETE, Bound, TranspositionTable

NAME = "alphabeta-tt"


class AlphaBetaTT(Generic[S, M]):
    """One search context: the game, the table, the ordering hints and the statistics."""

    def __init__(
        self,
        game: Game[S, M],
        *,
        evaluate: Evaluator[S, M] | None = None,
        table: TranspositionTable[M] | None = None,
        ordering: MoveOrdering[M] | None = None,
    ) -> None:
        SUPPORTS.check(game, NAME)
        self.game = game
        self.window = root_window(game, evaluate)
        self.evaluate = evaluate or zero_evaluation
        self.table: TranspositionTable[M] = table if table is not None else TranspositionTable()
        self.ordering: MoveOrdering[M] = ordering if ordering is not None else MoveOrdering()
        self.stats = SearchStats()
        self.horizon = 0
        """How many times a depth limit decided a value (evaluations and shallow TT entries)."""

    def search(self, state: S, left: int, ply: int, alpha: float, beta: float
               ) -> tuple[float, list[M]]:
        """Fail-soft alpha-beta with ``left`` plies to go (:data:`COMPLETE`: no limit)."""
        game, stats, table = self.game, self.stats, self.table
        stats.visit(ply)
        if game.is_terminal(state):
            return terminal_value(game, state), []
        if left <= 0:
            stats.evaluations += 1
            self.horizon += 1
            return self.evaluate(game, state), []
        horizon0 = self.horizon
        key = game.key(state)
        entry = table.probe(key)
        tt_move = None
        if entry is not None:
            tt_move = entry.move
            if entry.depth >= left:
                if table.usable(entry, left, alpha, beta):
                    if entry.depth < COMPLETE:
                        self.horizon += 1
                    return entry.value, []
                narrowed = False
                if entry.bound is Bound.LOWER and entry.value > alpha:
                    alpha, narrowed = entry.value, True
                elif entry.bound is Bound.UPPER and entry.value < beta:
                    beta, narrowed = entry.value, True
                if narrowed and entry.depth < COMPLETE:
                    self.horizon += 1
        alpha0, beta0 = alpha, beta
        mover = game.to_move(state)
        moves = self.ordering.order(game.legal_moves(state), ply, tt_move)
        best, line, best_move = -INF, [], None
        for move in moves:
            child = game.apply(state, move)
            if game.to_move(child) == mover:
                value, child_line = self.search(child, left - 1, ply + 1, alpha, beta)
            else:
                value, child_line = self.search(child, left - 1, ply + 1, -beta, -alpha)
                value = -value
            if value > best:
                best, line, best_move = value, [move, *child_line], move
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        stats.cutoffs += 1
                        self.ordering.cutoff(move, ply, min(left, 32))
                        break
        depth = COMPLETE if self.horizon == horizon0 else left
        table.store(key, best, table.bound_of(best, alpha0, beta0), depth, best_move)
        return best, line

    def extend_line(self, state: S, value: float, line: list[M]) -> list[M]:
        """Continue a principal line cut short by table hits, with complete table entries.

        At each step a move qualifies when its child is terminal with the right value, or has a
        complete entry showing the value (exact, or a bound that, being at least as good as the
        best value, must equal it). The line ends at the first step where no move qualifies.
        """
        game, table = self.game, self.table
        for move in line:
            child = game.apply(state, move)
            if game.to_move(child) != game.to_move(state):
                value = -value
            state = child
        line = list(line)
        while not game.is_terminal(state) and len(line) < 10_000:
            mover = game.to_move(state)
            chosen, chosen_value = None, value
            for move in game.legal_moves(state):
                child = game.apply(state, move)
                sign = 1 if game.to_move(child) == mover else -1
                if game.is_terminal(child):
                    ok = sign * terminal_value(game, child) == value
                else:
                    entry = table.get(game.key(child))
                    if entry is None or entry.depth < COMPLETE:
                        continue
                    mine = sign * entry.value
                    info = game.info
                    ok = mine == value and (
                        entry.bound is Bound.EXACT
                        or entry.bound is (Bound.UPPER if sign < 0 else Bound.LOWER)
                        or (entry.bound is Bound.LOWER and entry.value >= info.max_return)
                        or (entry.bound is Bound.UPPER and entry.value <= info.min_return))
                if ok:
                    chosen, chosen_value = move, sign * value
                    break
            if chosen is None:
                break
            line.append(chosen)
            state, value = game.apply(state, chosen), chosen_value
        return line

    def run(self, state: S, depth: int | None = None, iterative: bool | None = None
            ) -> SearchResult[M]:
        """Search ``state`` to ``depth`` plies (None: until the value is exact).

        ``iterative`` (default: only when ``depth`` is given) searches depth 1, 2, ... first.
        """
        depth_limit(self.game, depth, NAME)  # refuses a bad depth, or none for an endless game
        if iterative is None:
            iterative = depth is not None
        game, stats = self.game, self.stats
        clock = Clock(stats)
        alpha, beta = self.window
        if game.is_terminal(state):
            stats.nodes += 1
            clock.stop()
            return SearchResult(terminal_value(game, state), None, (), stats, True, NAME, depth)
        target = COMPLETE if depth is None else depth
        current = min(1, target) if iterative else target  # depth 0: the evaluation alone
        finished: tuple[float, list[M], int] | None = None  # the deepest completed round
        while True:
            self.horizon = 0
            stats.iterations += 1
            try:
                value, line = self.search(state, current, 0, alpha, beta)
            except BudgetExhausted:
                if finished is None or not finished[1]:
                    raise
                value, line, self.horizon = finished  # the best move of the last round
                break
            finished = (value, line, self.horizon)
            if self.horizon == 0 or current >= target:
                break
            current += 1
        horizon = self.horizon
        stats.tt_probes, stats.tt_hits = self.table.probes, self.table.hits
        stats.tt_stores, stats.tt_size = self.table.stores, len(self.table)
        clock.stop()
        if horizon == 0:
            line = self.extend_line(state, value, line)
        exact = horizon == 0 and within(game, value, alpha, beta)
        return SearchResult.of_line(value, line, stats, exact, NAME, depth)


def alphabeta_tt(
    game: Game[S, M],
    state: S,
    *,
    depth: int | None = None,
    evaluate: Evaluator[S, M] | None = None,
    table: TranspositionTable[M] | None = None,
    ordering: MoveOrdering[M] | None = None,
    iterative: bool | None = None,
) -> SearchResult[M]:
    """The alpha-beta value of ``state`` (side to move's view) using a transposition table.

    ``depth`` None searches until the value is exact. ``iterative`` deepens one ply at a time
    (1, 2, ... up to ``depth``, or until no depth limit was reached when ``depth`` is None); by
    default it does so only when a depth is given, since without an evaluation function the
    shallow rounds of an exact solve mostly cost time. Pass ``table`` to share one table between
    searches of the same game.
    """
    engine = AlphaBetaTT(game, evaluate=evaluate, table=table, ordering=ordering)
    return engine.run(state, depth, iterative)
