"""The Turtle Race's agents by name, with parameters after colons (``H``, ``H:ties=first``,
``mcts:H:200``): each :class:`AgentSpec` refers to a factory ``factory(game, args) -> Agent`` that
reads its own arguments, imported on first use so that naming the agents compiles no search.

>>> from zermelo.games.turtles import Turtles, Variant
>>> make_agent("H:ties=first", Turtles(Variant(players=3))).name
'H'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

from zermelo.agents.turtles.agent import Agent, decide, dummy
from zermelo.core.entry import EngineFactory, Lazy, PlayerOf
from zermelo.core.errors import UnknownNameError
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import Play, TurtleState

Factory: TypeAlias = Callable[[Turtles, tuple[str, ...]], Agent]
"""``factory(game, args) -> Agent``: an agent for one variant from the words after its name."""


@dataclass(frozen=True)
class AgentSpec:
    """An agent by name: ``factory`` loads its :data:`Factory`; ``params`` says what the words
    after the name's colons are."""

    name: str
    summary: str
    factory: Lazy[Factory]
    params: str = ""


def _dummy() -> Factory:
    return dummy


def _fast() -> Factory:
    from zermelo.agents.turtles.strategies import fast
    return fast


def _efficient() -> Factory:
    from zermelo.agents.turtles.strategies import efficient
    return efficient


def _hybrid() -> Factory:
    from zermelo.agents.turtles.strategies import hybrid
    return hybrid


def _hybrid_cheat() -> Factory:
    from zermelo.agents.turtles.strategies import hybrid_cheat
    return hybrid_cheat


def _minimax() -> Factory:
    from zermelo.agents.turtles.compiled.agents import minimax
    return minimax


def _alphabeta() -> Factory:
    from zermelo.agents.turtles.compiled.agents import alphabeta
    return alphabeta


def _mcts() -> Factory:
    from zermelo.agents.turtles.compiled.agents import mcts
    return mcts


def _minimax_ref() -> Factory:
    from zermelo.agents.turtles.search import minimax
    return minimax


def _alphabeta_ref() -> Factory:
    from zermelo.agents.turtles.search import alphabeta
    return alphabeta


def _mcts_ref() -> Factory:
    from zermelo.agents.turtles.search import mcts
    return mcts


def _ismcts() -> Factory:
    from zermelo.agents.turtles.search import ismcts_agent
    return ismcts_agent


def _mo_ismcts() -> Factory:
    from zermelo.agents.turtles.search import mo_ismcts_agent
    return mo_ismcts_agent


def _pimc() -> Factory:
    from zermelo.agents.turtles.search import pimc_agent
    return pimc_agent


def _belief_ismcts() -> Factory:
    from zermelo.agents.turtles.search import belief_ismcts_agent
    return belief_ismcts_agent


_MONTE_CARLO = "[:ITERATIONS][:rollout=random|F|E|H][:epsilon=E][:seconds=T]"
AGENT_SPECS: tuple[AgentSpec, ...] = (
    AgentSpec("dummy", "a uniformly random legal play (the paper's D)",
              _dummy),
    AgentSpec("F", "the paper's fast strategy, formulas (4)-(7)", _fast,
              "[cc=twice|once][:fp=own|moved][:ties=random|first]"),
    AgentSpec("E", "the paper's efficient-smart strategy, formula (8)",
              _efficient, "as F"),
    AgentSpec("H", "the paper's hybrid strategy, formulas (9)-(10): F's rates when leading, "
              "E's when trailing; VP_max over the other turtles", _hybrid,
              "as F, and [vpmax=others|owned]"),
    AgentSpec("H-cheat", "H told every colour: VP_max over the opponents' turtles (a cheating "
              "baseline)", _hybrid_cheat, "as F"),
    AgentSpec("minimax", "the paper's minimax with a strategy over sampled determinisations "
              "(compiled)", _minimax, "[F|E|H|D][:DEPTH][:samples=K]"),
    AgentSpec("alphabeta", "the paper's alpha-beta: minimax's play with fewer nodes (compiled)",
              _alphabeta, "as minimax"),
    AgentSpec("mcts", "the paper's MCTS: UCT over determinisations, rollouts by a strategy "
              "(compiled; at most 100,000 iterations, mcts-ref takes 10^6)", _mcts,
              "[F|E|H|D][:ITERATIONS][:seconds=T][:epsilon=E]"),
    AgentSpec("minimax-ref", "minimax's readable reference (at depth 2, minimax's play on the "
              "same determinisation)", _minimax_ref, "as minimax"),
    AgentSpec("alphabeta-ref", "alpha-beta's readable reference", _alphabeta_ref,
              "as minimax"),
    AgentSpec("mcts-ref", "MCTS's readable reference (generic ISMCTS, compiled rollouts)",
              _mcts_ref, "as mcts"),
    AgentSpec("ismcts", "single-observer information-set MCTS", _ismcts,
              _MONTE_CARLO),
    AgentSpec("mo-ismcts", "multiple-observer information-set MCTS",
              _mo_ismcts, _MONTE_CARLO),
    AgentSpec("pimc", "perfect-information Monte Carlo over sampled determinisations",
              _pimc, f"{_MONTE_CARLO}[:samples=K]"),
    AgentSpec("belief-ismcts", "multiple-observer ISMCTS drawing the opponents' colours from "
              "a belief updated by their plays", _belief_ismcts,
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
    return agent_spec(name).factory()(game, tuple(a.strip() for a in args))


def as_engine(game: Turtles, name: str, seed: int | None) -> PlayerOf[Turtles]:
    """The agent ``name`` as a front end's player ``player(game, state) -> move``."""
    agent = make_agent(name, game)
    rng = random.Random(seed)

    def player(_: Turtles, state: TurtleState) -> Play:
        return decide(game, agent, state, rng)

    return player


def _engine(name: str) -> EngineFactory[Turtles]:
    """An entry's engine factory ``create(game, level, seed, data)`` for the agent ``name``."""

    def create(game: Turtles, level: int | None, seed: int | None, data: Path | None
               ) -> PlayerOf[Turtles]:
        return as_engine(game, name, seed)

    return create


def belief_engine(game: Turtles, level: int | None, seed: int | None, data: Path | None
                  ) -> PlayerOf[Turtles]:
    """The strongest agent as an engine: ``belief-ismcts`` with H rollouts, ``level``
    iterations a move."""
    return as_engine(game, f"belief-ismcts:{level or BELIEF_ITERATIONS}:rollout=H", seed)


BELIEF_ITERATIONS = 300
"""The belief engine's iterations a move by default (85 % of two-player games against H)."""
hybrid_engine = _engine("H")
fast_engine = _engine("F")
efficient_engine = _engine("E")
dummy_engine = _engine("dummy")
