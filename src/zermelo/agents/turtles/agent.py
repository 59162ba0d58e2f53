"""What an agent of The Great Turtle Race is: a player that receives what its seat sees (a
:class:`~zermelo.games.turtles.state.View`) and a random generator, never the state:
``agent.choose(view, rng) -> play``. :func:`decide` is the one place where a state is turned into
what an agent may see. Agents are built by name from :mod:`zermelo.agents.turtles.registry`.

>>> from zermelo.games.turtles import Turtles, Variant
>>> agent = dummy(Turtles(Variant(players=3)), ())
>>> agent.name, agent.sees_colours
('dummy', False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from zermelo.core.errors import OptionError
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import Play, TurtleState, View


class Agent(Protocol):
    """A player of The Great Turtle Race that decides from its view alone."""

    name: str
    """The agent's name as the registry writes it (``H``, ``mcts:H:200``)."""
    sees_colours: bool
    """True only for a baseline that cheats: its view shows every player's colour."""

    def choose(self, view: View, rng: random.Random) -> Play:
        """One of ``game.legal_plays(view)``; the same view and generator state give the same
        play."""
        ...


@dataclass
class Dummy:
    """The paper's dummy strategy D: a uniformly random legal play."""

    game: Turtles
    name: str = "dummy"
    sees_colours: bool = False

    def choose(self, view: View, rng: random.Random) -> Play:
        """A legal play drawn uniformly."""
        return rng.choice(self.game.legal_plays(view))


def dummy(game: Turtles, args: tuple[str, ...]) -> Agent:
    """The dummy agent (it takes no arguments)."""
    if args:
        raise OptionError(f"agent dummy takes no parameters, not {':'.join(args)[:40]!r}")
    return Dummy(game)


def decide(game: Turtles, agent: Agent, state: TurtleState, rng: random.Random) -> Play:
    """The agent's play in ``state``, from the view of the player to move (the one place where
    a state is turned into what an agent may see)."""
    view = game.view(state, game.player_to_move(state), cheat=agent.sees_colours)
    return agent.choose(view, rng)
