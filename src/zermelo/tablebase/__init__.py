"""Tables of solved positions, game-free: retrograde analysis, value iteration, layered and
resumable builds (in one process or on a cluster), and the checked files they are stored in.
A game's own solvers, databases and engines build on it from beside the game's rules."""
