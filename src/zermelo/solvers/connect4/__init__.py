"""Connect Four's strong solver (numba negamax, transposition table, move sorter), opening
book, heuristic engines and the perfect engine."""
