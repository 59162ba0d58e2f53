"""Depth-first proof-number search (df-pn; Nagai 2002, after Allis' proof-number search, 1994).

Proof-number search answers a yes/no question about a position: *can the attacker force a
positive return?* Every node carries a proof number ``pn`` (how many leaves must still be proven
to prove it, at least) and a disproof number ``dn``. At the attacker's nodes (OR) ``pn`` is the
minimum and ``dn`` the sum over the children; at the defender's nodes (AND) the reverse. The
search always expands the most-proving node; df-pn does so depth-first, with thresholds on both
numbers, storing ``(pn, dn)`` in a table keyed by ``game.key(state)`` (symmetric positions
share an entry). A node is proven at ``pn == 0`` and disproven at ``dn == 0``.

:func:`dfpn` turns the question into a value from the side to move's view with at most two
searches: does the side to move win? (then 1) Else does the opponent win? (then -1, else 0, a
draw). The value is the *outcome*: for a game whose returns are ±1/0 it is the exact value;
for a game with graded scores it is the sign of the value.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic

from zermelo.core.game import Game
from zermelo.search.base import (
    TWO_PLAYER_PERFECT,
    BudgetExhausted,
    Clock,
    M,
    S,
    SearchResult,
    SearchStats,
    opponent,
    out_of_budget,
    terminal_value,
)
from zermelo.search.table import check_room

NAME = "dfpn"
SUPPORTS = TWO_PLAYER_PERFECT

INF = 1 << 60
"""Infinite proof or disproof number."""


class ProofNumberSearch(Generic[S, M]):
    """One yes/no question: can ``attacker`` force a positive return from a state?"""

    def __init__(self, game: Game[S, M], attacker: int, stats: SearchStats,
                 max_nodes: int | None = None) -> None:
        self.game, self.attacker, self.stats = game, attacker, stats
        self.max_nodes = max_nodes
        self.table: dict[Hashable, tuple[int, int]] = {}

    def numbers(self, state: S, key: Hashable) -> tuple[int, int]:
        """``(pn, dn)`` of a state: from the table, from the rules if terminal, else (1, 1)."""
        stats = self.stats
        stats.tt_probes += 1
        known = self.table.get(key)
        if known is not None:
            stats.tt_hits += 1
            return known
        game = self.game
        if game.is_terminal(state):
            stats.nodes += 1
            value = terminal_value(game, state)
            if game.to_move(state) != self.attacker:
                value = -value
            numbers = (0, INF) if value > 0 else (INF, 0)
            self.table[key] = numbers
            stats.tt_stores += 1
            return numbers
        return 1, 1

    def prove(self, state: S) -> bool:
        """True if the attacker wins from ``state``, False if not."""
        key = self.game.key(state)
        pn, dn = self.numbers(state, key)
        if pn and dn:
            self.mid(state, key, INF, INF, 0)
            pn, dn = self.table[key]
        return pn == 0

    def mid(self, state: S, key: Hashable, th_pn: int, th_dn: int, ply: int) -> None:
        """Expand ``state`` until its proof or disproof number reaches its threshold."""
        game, stats = self.game, self.stats
        stats.visit(ply)
        if self.max_nodes is not None and stats.nodes > self.max_nodes:
            raise BudgetExhausted(f"df-pn stopped after {self.max_nodes:,} nodes")
        check_room(len(self.table), NAME)
        if out_of_budget(stats.nodes):  # looked at each expansion: one makes every child
            raise BudgetExhausted(f"the search used up its budget (time or nodes) after "
                                  f"{stats.nodes:,} nodes")
        is_or = game.to_move(state) == self.attacker
        children = [game.apply(state, m) for m in game.legal_moves(state)]
        keys = [game.key(c) for c in children]
        while True:
            numbers = [self.numbers(c, k) for c, k in zip(children, keys, strict=True)]
            if is_or:
                pn = min(p for p, _ in numbers)
                dn = min(INF, sum(d for _, d in numbers))
            else:
                pn = min(INF, sum(p for p, _ in numbers))
                dn = min(d for _, d in numbers)
            if pn >= th_pn or dn >= th_dn:
                self.table[key] = (pn, dn)
                stats.tt_stores += 1
                return
            # the most-proving child and the runner-up's number
            own = 0 if is_or else 1
            order = sorted(range(len(children)), key=lambda i: numbers[i][own])
            best = order[0]
            second = numbers[order[1]][own] if len(order) > 1 else INF
            child_pn, child_dn = numbers[best]
            if is_or:
                new_pn = min(th_pn, second + 1)
                new_dn = th_dn - dn + child_dn
            else:
                new_pn = th_pn - pn + child_pn
                new_dn = min(th_dn, second + 1)
            self.mid(children[best], keys[best], min(new_pn, INF), min(new_dn, INF), ply + 1)

    def solved(self, state: S) -> bool | None:
        """True/False if the table proves/disproves ``state``, None if it does not know."""
        key = self.game.key(state)
        if self.game.is_terminal(state):
            return self.numbers(state, key)[0] == 0
        pn, dn = self.table.get(key, (1, 1))
        return True if pn == 0 else False if dn == 0 else None


def dfpn(game: Game[S, M], state: S, *, max_nodes: int | None = None
         ) -> SearchResult[M]:
    """The outcome of ``state`` from the side to move's view: 1 win, 0 draw, -1 loss.

    ``max_nodes`` bounds the work (:class:`BudgetExhausted` past it). The best move is a proven
    win if there is one, else a move after which the opponent is proven not to win, else the
    first move.
    """
    SUPPORTS.check(game, NAME)
    stats = SearchStats()
    clock = Clock(stats)
    if game.is_terminal(state):
        stats.nodes = 1
        clock.stop()
        return SearchResult(terminal_value(game, state), None, (), stats, True, NAME)
    me = game.player_to_move(state)
    win = ProofNumberSearch(game, me, stats, max_nodes)
    stats.iterations = 1
    if win.prove(state):
        value, search, want = 1.0, win, True
    else:
        lose = ProofNumberSearch(game, opponent(game, me), stats, max_nodes)
        stats.iterations = 2
        if lose.prove(state):
            value, search, want = -1.0, lose, True
        else:
            value, search, want = 0.0, lose, False
    line = _line(game, state, search, want)
    sizes = [len(win.table)] + ([len(search.table)] if search is not win else [])
    stats.tt_size = sum(sizes)
    stats.extra["proof_size"] = _proof_size(game, state, search) if want else 0
    clock.stop()
    return SearchResult(value, line[0] if line else None, tuple(line), stats, True, NAME)


def _line(game: Game[S, M], state: S, search: ProofNumberSearch[S, M], want: bool
          ) -> list[M]:
    """A principal line read off the table.

    ``want`` True: follow the proof (the attacker's proven move; the defender's first move).
    ``want`` False (a draw): the defender's moves that keep the attacker disproven.
    """
    line: list[M] = []
    while not game.is_terminal(state) and len(line) < 10_000:
        attacker = game.to_move(state) == search.attacker
        wanted = want if attacker == want else None  # None: every child qualifies
        chosen = None
        for move in game.legal_moves(state):
            verdict = search.solved(game.apply(state, move))
            if verdict is not None and (wanted is None or verdict is wanted):
                chosen = move
                break
        if chosen is None:
            break
        line.append(chosen)
        state = game.apply(state, chosen)
    return line


def _proof_size(game: Game[S, M], state: S, search: ProofNumberSearch[S, M]) -> int:
    """Distinct positions (by key) in the proof tree read off the table: at the attacker's
    nodes one proven child, at the defender's all children."""
    seen: set[Hashable] = set()
    stack = [state]
    while stack:
        state = stack.pop()
        key = game.key(state)
        if key in seen:
            continue
        seen.add(key)
        if game.is_terminal(state):
            continue
        children = [game.apply(state, m) for m in game.legal_moves(state)]
        if game.to_move(state) == search.attacker:
            proven = [c for c in children if search.solved(c) is True]
            stack.extend(proven[:1])
        else:
            stack.extend(children)
    return len(seen)
