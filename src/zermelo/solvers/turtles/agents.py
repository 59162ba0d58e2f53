"""The agents that play The Great Turtle Race, and their registry.

An agent receives what its player sees (a :class:`~zermelo.games.turtles.state.View`) and a
random generator, never the state: ``agent.choose(view, rng) -> play``. Agents are built by
name from the registry :data:`AGENTS`, with parameters after colons (``H``,
``H:ties=first``, ``mcts:H:200``): each :class:`AgentSpec` names a factory
``factory(game, args) -> Agent`` that reads its own arguments. A baseline that is told every
colour says so with ``sees_colours`` and is given a view that shows them.

>>> from zermelo.games.turtles import Turtles, Variant
>>> agent = make_agent("dummy", Turtles(Variant(players=3)))
>>> agent.name, agent.sees_colours
('dummy', False)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from zermelo.core.entry import AnyGame, load
from zermelo.core.errors import GameNotSupportedError, OptionError, UnknownNameError
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import Play, TurtleState, View
from zermelo.search.players import Player


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


@dataclass(frozen=True)
class AgentSpec:
    """An agent by name: ``factory`` refers to ``factory(game, args) -> Agent`` where ``args``
    are the words after the name's colons; ``params`` says what they are."""

    name: str
    summary: str
    factory: str
    params: str = ""


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


_STRATEGIES = "zermelo.solvers.turtles.strategies"
_SEARCH = "zermelo.solvers.turtles.search"
_COMPILED = "zermelo.solvers.turtles.compiled.agents"
_MONTE_CARLO = "[:ITERATIONS][:rollout=random|F|E|H][:epsilon=E][:seconds=T]"
AGENT_SPECS: tuple[AgentSpec, ...] = (
    AgentSpec("dummy", "a uniformly random legal play (the paper's D)",
              "zermelo.solvers.turtles.agents:dummy"),
    AgentSpec("F", "the paper's fast strategy, formulas (4)-(7)", f"{_STRATEGIES}:fast",
              "[cc=twice|once][:fp=own|moved][:ties=random|first]"),
    AgentSpec("E", "the paper's efficient-smart strategy, formula (8)",
              f"{_STRATEGIES}:efficient", "as F"),
    AgentSpec("H", "the paper's hybrid strategy, formulas (9)-(10): F's rates when leading, "
              "E's when trailing; VP_max over the other turtles", f"{_STRATEGIES}:hybrid",
              "as F, and [vpmax=others|owned]"),
    AgentSpec("H-cheat", "H told every colour: VP_max over the opponents' turtles (a cheating "
              "baseline)", f"{_STRATEGIES}:hybrid_cheat", "as F"),
    AgentSpec("minimax", "the paper's minimax with a strategy over sampled determinisations "
              "(compiled)", f"{_COMPILED}:minimax", "[F|E|H|D][:DEPTH][:samples=K]"),
    AgentSpec("alphabeta", "the paper's alpha-beta: minimax's play with fewer nodes (compiled)",
              f"{_COMPILED}:alphabeta", "as minimax"),
    AgentSpec("mcts", "the paper's MCTS: UCT over determinisations, rollouts by a strategy "
              "(compiled; at most 100,000 iterations, mcts-ref takes 10^6)", f"{_COMPILED}:mcts",
              "[F|E|H|D][:ITERATIONS][:seconds=T][:epsilon=E]"),
    AgentSpec("minimax-ref", "minimax's readable reference (at depth 2, minimax's play on the "
              "same determinisation)", f"{_SEARCH}:minimax", "as minimax"),
    AgentSpec("alphabeta-ref", "alpha-beta's readable reference", f"{_SEARCH}:alphabeta",
              "as minimax"),
    AgentSpec("mcts-ref", "MCTS's readable reference (generic ISMCTS, compiled rollouts)",
              f"{_SEARCH}:mcts", "as mcts"),
    AgentSpec("ismcts", "single-observer information-set MCTS", f"{_SEARCH}:ismcts_agent",
              _MONTE_CARLO),
    AgentSpec("mo-ismcts", "multiple-observer information-set MCTS",
              f"{_SEARCH}:mo_ismcts_agent", _MONTE_CARLO),
    AgentSpec("pimc", "perfect-information Monte Carlo over sampled determinisations",
              f"{_SEARCH}:pimc_agent", f"{_MONTE_CARLO}[:samples=K]"),
    AgentSpec("belief-ismcts", "multiple-observer ISMCTS drawing the opponents' colours from "
              "a belief updated by their plays", f"{_SEARCH}:belief_ismcts_agent",
              _MONTE_CARLO),
)
"""Every agent by name; searches add their own specs here, one line each."""
ALIASES = {"d": "dummy", "fast": "f", "efficient": "e", "hybrid": "h"}
"""Other names of agents: the paper's letter D for the dummy, and the words that the game's
engines are called for the paper's F, E and H."""
AGENTS: dict[str, AgentSpec] = {spec.name.lower(): spec for spec in AGENT_SPECS}


def agent_spec(name: str) -> AgentSpec:
    """The spec called ``name`` (any case); :class:`UnknownNameError` listing the names."""
    key = name.strip().lower()
    spec = AGENTS.get(ALIASES.get(key, key))
    if spec is None:
        shown = name if len(name) <= 30 else name[:30] + "..."
        raise UnknownNameError(f"no agent {shown!r} (known: {', '.join(AGENTS)})")
    return spec


def make_agent(text: str, game: Turtles) -> Agent:
    """The agent ``text`` (``NAME`` or ``NAME:ARG:...``) for ``game``."""
    name, *args = text.strip().split(":")
    agent: Agent = load(agent_spec(name).factory)(game, tuple(a.strip() for a in args))
    return agent


def decide(game: Turtles, agent: Agent, state: TurtleState, rng: random.Random) -> Play:
    """The agent's play in ``state``, from the view of the player to move (the one place where
    a state is turned into what an agent may see)."""
    view = game.view(state, game.player_to_move(state), cheat=agent.sees_colours)
    return agent.choose(view, rng)


def as_engine(game: AnyGame, name: str, seed: int | None) -> Player:
    """The agent ``name`` as a front end's player ``player(game, state) -> move``."""
    if not isinstance(game, Turtles):
        raise GameNotSupportedError(f"agent {name} plays The Great Turtle Race only")
    agent = make_agent(name, game)
    rng = random.Random(seed)

    def player(_: AnyGame, state: TurtleState) -> Play:
        return decide(game, agent, state, rng)

    return player


def _engine(name: str) -> Callable[[AnyGame, int | None, int | None, Path | None], Player]:
    """An entry's engine factory ``create(game, level, seed, data)`` for the agent ``name``."""

    def create(game: AnyGame, level: int | None, seed: int | None, data: Path | None
               ) -> Player:
        return as_engine(game, name, seed)

    return create


def belief_engine(game: AnyGame, level: int | None, seed: int | None, data: Path | None
                  ) -> Player:
    """The strongest agent as an engine: ``belief-ismcts`` with H rollouts, ``level``
    iterations a move."""
    return as_engine(game, f"belief-ismcts:{level or BELIEF_ITERATIONS}:rollout=H", seed)


BELIEF_ITERATIONS = 300
"""The belief engine's iterations a move by default (85 % of two-player games against H)."""
hybrid_engine = _engine("H")
fast_engine = _engine("F")
efficient_engine = _engine("E")
dummy_engine = _engine("dummy")
