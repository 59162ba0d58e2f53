"""Connect Four's ``perfect`` engine: the strong solver's best move, at random among equals."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from zermelo.core.game import Game
from zermelo.games.connect4.rules import Position
from zermelo.games.connect4.solver import Solver


class SolverPlayer:
    """Plays a column of the best score — winning beats drawing beats losing, winning sooner
    and losing later are better — chosen at random among equals (seedable). Early positions
    are solved from the opening book when the solver has one, else searched (slow before
    about eight stones on 7x6: a minute or more)."""

    def __init__(self, solver: Solver, seed: int | None = None) -> None:
        self.solver = solver
        self.rng = random.Random(seed)

    def __call__(self, game: Game[Any, Any], state: Position) -> Hashable:
        scores = self.solver.analyze(state)
        best = max(s for s in scores if s is not None)
        return self.rng.choice([column for column, s in enumerate(scores) if s == best])
