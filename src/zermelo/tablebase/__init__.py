"""Tables of solved positions, game-free: retrograde analysis, value iteration, layered and
resumable builds (in one process or on a cluster), and the checked files they are stored in.
Each game's own solvers, databases and engines sit in :mod:`zermelo.solvers`."""
