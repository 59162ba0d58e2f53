"""Compiled alpha-beta searches of Morris positions (plain positions: the draw rules are not
searched): the one of an article on the 23-point board ("Let's see how Artificial Intelligence
forms the core of the Nine Men's Morris game", no author named), with its static estimates and
its count of positions evaluated, and ours.

The article's search runs as the article writes it: White maximises and Black minimises one
estimate that speaks for White; in the opening (stones still in hand) only the positions at the
depth limit are evaluated, in the mid and endgame every position reached is, and a search stops
at an estimate of +-10000; a side without a move gets +-100000. Every call of an estimate counts
as one position evaluated. Ours is a negamax over our estimate with mills that remove tried
first; a side that has lost scores ``-WIN + ply``, so that quicker wins are preferred.

The root loop is plain Python calling the compiled recursive searches: a compiled function that
calls a recursive one crashed the interpreter when numba reloaded it from its disk cache.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from zermelo.games.morris.kernels import MAX_MOVES, generate, lost, play
from zermelo.solvers.morris.heuristic import ARTICLE_WIN, article_midend, article_opening, ours

WIN = 1_000_000
"""Our score of a won position (minus the plies to it)."""
ARTICLE_NO_MOVE = 100000
"""The article's value of a node without children (for the side that cannot move: a loss)."""


@njit(cache=True)
def article_value(white, black, side, hw, hb, depth, alpha, beta, flying, t, buf, counter):
    """The article's alpha-beta value (for White) of a plain position searched ``depth`` plies."""
    if hw > 0 or hb > 0:
        if depth == 0:
            counter[0] += 1
            return article_opening(white, black)
    else:
        counter[0] += 1
        estimate = article_midend(white, black, flying, t, buf[buf.shape[0] - 1])
        if depth == 0 or estimate == ARTICLE_WIN or estimate == -ARTICLE_WIN:
            return estimate
    own = black if side else white
    opp = white if side else black
    out = buf[depth]
    n = generate(own, opp, hb if side else hw, flying, t, out)
    best = ARTICLE_NO_MOVE if side else -ARTICLE_NO_MOVE
    for i in range(n):
        w, b, s, h1, h2 = play(white, black, side, hw, hb, out[i])
        v = article_value(w, b, s, h1, h2, depth - 1, alpha, beta, flying, t, buf, counter)
        if side == 0:
            if v > best:
                best = v
            if best >= beta:
                return best
            alpha = max(alpha, best)
        else:
            if v < best:
                best = v
            if best <= alpha:
                return best
            beta = min(beta, best)
    return best


@njit(cache=True)
def _captures_first(out, n):
    """Reorder the ``n`` moves in ``out`` so that moves that remove a stone come first."""
    front = 0
    for i in range(n):
        if out[i] >> 10:
            out[front], out[i] = out[i], out[front]
            front += 1


@njit(cache=True)
def our_value(white, black, side, hw, hb, depth, alpha, beta, ply, flying, t, buf, counter):
    """Our negamax alpha-beta value (for the side to move) of a plain position."""
    own = black if side else white
    opp = white if side else black
    hand = hb if side else hw
    if lost(own, opp, hand, t):
        return -WIN + ply
    out = buf[depth]
    n = generate(own, opp, hand, flying, t, out)
    if n == 0:
        return -WIN + ply
    if depth == 0:
        counter[0] += 1
        return ours(own, opp, hand, hw if side else hb, flying, t)
    _captures_first(out, n)
    best = -2 * WIN
    for i in range(n):
        w, b, s, h1, h2 = play(white, black, side, hw, hb, out[i])
        v = -our_value(w, b, s, h1, h2, depth - 1, -beta, -alpha, ply + 1, flying, t, buf,
                       counter)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def best_move(white: int, black: int, side: int, hw: int, hb: int, depth: int, flying: bool,
              t: tuple[Any, ...], article_rules: bool, roots: list[int] | None = None
              ) -> tuple[int, int, int]:
    """``(move, value, positions evaluated)``: the first best move found by the article's search
    (``article_rules``; its value for White) or ours (its value for the side to move), among the
    encoded moves ``roots`` (None: every legal move). The root loop runs in Python (see the
    module docstring)."""
    buf = np.zeros((depth + 2, MAX_MOVES), dtype=np.int64)  # a row per ply, and scratch
    counter = np.zeros(1, dtype=np.int64)
    own = black if side else white
    opp = white if side else black
    if roots is None:
        n = generate(own, opp, hb if side else hw, flying, t, buf[depth])
        moves = buf[depth, :n].copy()
    else:
        n, moves = len(roots), np.array(roots, dtype=np.int64)
    if not article_rules:
        _captures_first(moves, n)
    elif hw == 0 and hb == 0:
        counter[0] += 1  # the article estimates the root too (and searches on whatever it says)
    best_i = 0
    best = -3 * WIN
    alpha = -3 * WIN
    beta = 3 * WIN
    for i in range(n):
        w, b, s, h1, h2 = play(white, black, side, hw, hb, moves[i])
        if article_rules:
            if side:  # the article's bounds speak for White; v for the side to move
                v = -article_value(w, b, s, h1, h2, depth - 1, -beta, -alpha, flying, t, buf,
                                counter)
            else:
                v = article_value(w, b, s, h1, h2, depth - 1, alpha, beta, flying, t, buf,
                               counter)
        else:
            v = -our_value(w, b, s, h1, h2, depth - 1, -beta, -alpha, 1, flying, t, buf,
                           counter)
        if v > best:
            best, best_i = v, i
            alpha = max(alpha, v)
    value = -best if article_rules and side else best
    return int(moves[best_i]), int(value), int(counter[0])
