"""Three Musketeers' strong solution (layered database build, indexing, kernels,
reachability), weak solve, the capstone's search, and the database engines."""
