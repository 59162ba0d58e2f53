"""The paper's searches compiled with numba over the arrays of
:mod:`zermelo.games.turtles.kernels`, one concern a module: the trees of minimax and alpha-beta
(:mod:`.tree`), what the game-free compiled ISMCTS needs from this game (:mod:`.ismcts`), the
agents that run them (:mod:`.agents`) and whole arena games in one compiled loop
(:mod:`.arena`). The readable agents of :mod:`zermelo.agents.turtles.search` stay the
reference."""
