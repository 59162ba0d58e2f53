"""Three Musketeers' strong solution (layered database build, indexing, kernels,
reachability), weak solve, the search of the capstone report on weakly solving the game, and the
database engines."""
