"""The Turtle Race's agents as strategies of a written-out game (:mod:`zermelo.openspiel.tree`),
so that their exploitability and their return against an equilibrium can be computed exactly;
and an agent told the true colours and hands, for the value of information.

An agent is asked for its play at one state of each information set of its player (all of an
information set's states give it the same view); an agent that draws random numbers (ties,
searches) is asked ``samples`` times with different seeds, and the frequencies of its plays
are its strategy there.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from zermelo.agents.turtles.agent import decide
from zermelo.agents.turtles.registry import make_agent
from zermelo.agents.turtles.search import MonteCarlo
from zermelo.core.errors import OptionError
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import TurtleState, View
from zermelo.openspiel.race import HiddenRace
from zermelo.openspiel.tree import FloatArray, Tree


def agent_strategy(tree: Tree, game: Turtles, name: str, samples: int = 1, seed: int = 0,
                   progress: Callable[[int], None] | None = None) -> FloatArray:
    """The agent ``name``'s strategy at every information set of both players (a flat array
    of probabilities per action, as :mod:`zermelo.openspiel.cfr` takes them)."""
    agent = make_agent(name, game)
    sigma = np.zeros(tree.actions)
    for i in range(tree.infosets):
        start, width = int(tree.offset[i]), int(tree.width[i])
        if width == 1:
            sigma[start] = 1.0
            continue
        state = tree.sample[i]
        moves = game.legal_moves(state)
        for k in range(samples):
            rng = random.Random(seed * 1_000_003 + i * samples + k)
            sigma[start + moves.index(decide(game, agent, state, rng))] += 1.0 / samples
        if progress is not None:
            progress(i)
    return sigma


class TellingRace(HiddenRace):
    """The reduced race whose determinisations are the true state (``truth``, set before
    each decision): a search on it is told every colour and hand."""

    truth: TurtleState | None = None

    def determinise(self, view: View, rng: random.Random) -> TurtleState:
        """The true state, when it is the one the view was taken of."""
        truth = self.truth
        if truth is None or self.view(truth, view.player) != view:
            raise RuntimeError("the telling race was not told the state of this view")
        return truth

    def resample(self, state: TurtleState, player: int, rng: random.Random) -> TurtleState:
        """The state itself: nothing is hidden from a told player."""
        return state


def told_player(game: TellingRace, name: str, seed: int) -> Callable[[Any, TurtleState], Any]:
    """A player ``player(game, state)`` of the search ``name`` told the true state. It runs
    the readable search, whose determinisations are the game's: the compiled one draws them
    inside its kernels from the view, where the telling race cannot reach."""
    agent = make_agent(name, game)
    if not isinstance(agent, MonteCarlo) or agent.belief is not None:
        raise OptionError(f"agent {name[:40]}: cannot be told the state (ismcts, mo-ismcts "
                          "and pimc can: they search the game's determinisations)")
    agent.compiled = False
    rng = random.Random(seed)

    def player(_: Any, state: TurtleState) -> Any:
        game.truth = state
        return decide(game, agent, state, rng)

    return player


def fair_player(game: Turtles, name: str, seed: int) -> Callable[[Any, TurtleState], Any]:
    """A player ``player(game, state)`` of the agent ``name``, which sees its view only."""
    agent = make_agent(name, game)
    rng = random.Random(seed)

    def player(_: Any, state: TurtleState) -> Any:
        return decide(game, agent, state, rng)

    return player


class AgentPolicy:
    """An agent as an OpenSpiel policy over a game exported by
    :func:`zermelo.openspiel.export.as_openspiel`: the frequencies of its plays at the state
    over ``samples`` decisions with different seeds (the same seeds at every state of an
    information set, so the policy depends on the view alone)."""

    def __init__(self, game: Turtles, name: str, samples: int = 1, seed: int = 0) -> None:
        self.game = game
        self.agent = make_agent(name, game)
        self.samples = samples
        self.seed = seed

    def action_probabilities(self, state: Any, player_id: int | None = None
                             ) -> dict[int, float]:
        """OpenSpiel's action numbers with the agent's probabilities."""
        encode = state.get_game().codec.encode
        moves = self.game.legal_moves(state.state)
        found = dict.fromkeys((encode(m) for m in moves), 0.0)
        for k in range(self.samples):
            rng = random.Random(self.seed * 1_000_003 + k)
            found[encode(decide(self.game, self.agent, state.state, rng))] += 1 / self.samples
        return found
