"""Searching agents for The Great Turtle Race: the paper's minimax, alpha-beta and MCTS, each
with a strategy, and ours: ISMCTS (single and multiple observer), PIMC and ISMCTS over a belief
about the opponents' colours.

Every agent decides from its view: it draws *determinisations* (full states the view cannot
tell from the true one, :meth:`Turtles.determinise`) and searches them. The paper (Przybylski
and Król, 2018) gives no depth, no iteration count and not how a strategy enters a search;
our readings, each a named parameter:

These are the readable references (``minimax-ref``, ``alphabeta-ref``, ``mcts-ref``); the
agents ``minimax``, ``alphabeta`` and ``mcts`` run the same searches compiled
(:mod:`zermelo.agents.turtles.compiled`).

* ``minimax:S[:DEPTH][:samples=K]`` and ``alphabeta:S[...]``: in each of K determinisations
  (default 2) a paranoid tree of DEPTH plays (default 2: the agent's play and the next
  player's), where the agent maximises and every other player minimises; draws in the tree
  are fixed per determinisation. A line is worth the sum of strategy S's scores F_q of its
  plays, every play scored from the agent's view (an opponent's play that pushes the agent's
  turtle back scores low), and ±10^6 times the agent's return where the game ends. So depth 1
  is strategy S itself; S = D scores every play 0 (only wins and losses count). Each
  determinisation votes for its first best play; the first play of the most votes is played.
  Alpha-beta (fail-soft, the root's best so far as the window's lower end) finds the same
  first best play in every determinisation, so it plays minimax's play.
* ``mcts:S[:N]``: N iterations (default 200) of UCT over determinisations (single-observer
  ISMCTS) whose rollouts are played by strategy S for every player (D: random plays).
* ``ismcts``, ``mo-ismcts`` ``[:N][:rollout=P][:epsilon=E][:seconds=T]``: single- and
  multiple-observer ISMCTS (:mod:`zermelo.search.ismcts`), rollouts by policy P (random, F,
  E or H) with a random play with probability E.
* ``pimc[:N][:samples=K][...]``: perfect-information Monte Carlo (:mod:`zermelo.search.pimc`)
  with N playouts over K determinisations.
* ``belief-ismcts[:N][...]``: multiple-observer ISMCTS whose determinisations draw the
  opponents' colours from the belief of :mod:`zermelo.agents.turtles.belief`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from zermelo.agents.turtles.agent import Agent
from zermelo.agents.turtles.belief import Belief, draw_colours
from zermelo.agents.turtles.compiled.ismcts import belief_model, policy_params
from zermelo.agents.turtles.playouts import policy_rollout, strategy_policy
from zermelo.agents.turtles.strategies import POLICIES, Settings, Strategy
from zermelo.core.errors import OptionError
from zermelo.core.game import CHANCE
from zermelo.games.turtles.cards import KINDS
from zermelo.games.turtles.kernels import decode, game_kernels, pack_view
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import Play, TurtleState, View
from zermelo.search.ismcts import Observers, ismcts
from zermelo.search.ismcts_kernel import UNIFORM, UNIFORM_PRIOR, Hook, ismcts_compiled
from zermelo.search.pimc import pimc

WIN = 1e6
"""A line that ends the game is worth this much times the agent's return."""
STRATEGY_NAMES = ("F", "E", "H", "D")

Scorer = Callable[[TurtleState], Callable[[Any], float]]
"""The scores of the plays in a state: ``scorer(state)(play)`` (plays come from
``legal_moves``, typed as any move)."""


@dataclass
class TreeSearch:
    """The paper's minimax (``prune`` False) or alpha-beta with strategy ``strategy``
    (None: the dummy D, every play scored 0)."""

    game: Turtles
    name: str
    strategy: Strategy | None
    depth: int = 2
    samples: int = 2
    prune: bool = False
    sees_colours: bool = False
    nodes: int = 0
    """Tree nodes visited so far (for the comparison of the two)."""

    def scorer(self, me: int) -> Scorer:
        """Strategy S's scores of the plays in a state, from player ``me``'s view (its rates
        worked out once per state)."""
        strategy = self.strategy
        if strategy is None:
            return lambda state: lambda play: 0.0

        def scores(state: TurtleState) -> Callable[[Any], float]:
            view = self.game.view(state, me)
            rates = strategy.rates(view)
            return lambda play: strategy.score(view, play, rates)

        return scores

    def values(self, view: View, rng: random.Random) -> dict[Play, int]:
        """Each legal play's votes: in how many determinisations it is the first best."""
        plays = self.game.legal_plays(view)
        votes = dict.fromkeys(plays, 0)
        for _ in range(self.samples):
            state = self.game.determinise(view, rng)
            votes[self.best(state, rng.getrandbits(32))] += 1
        return votes

    def best(self, state: TurtleState, seed: int) -> Play:
        """The first best play of the player to move in the determinisation ``state``, the
        draws in the tree fixed by ``seed``."""
        me = self.game.player_to_move(state)
        scorer = self.scorer(me)
        score = scorer(state)
        plays = self.game.legal_plays(self.game.view(state, me))
        best, top = plays[0], -math.inf
        for play in plays:
            s = score(play)
            after = self.game.apply(state, play)
            value = s + (self._alphabeta(after, self.depth - 1, top - s, math.inf, me, scorer,
                                         seed, 1)
                         if self.prune else
                         self._minimax(after, self.depth - 1, me, scorer, seed, 1))
            if value > top:
                best, top = play, value
        return best

    def choose(self, view: View, rng: random.Random) -> Play:
        """The first play of the most votes."""
        votes = self.values(view, rng)
        return max(votes, key=votes.__getitem__)

    def _settle(self, state: TurtleState, seed: int, ply: int) -> TurtleState:
        """The state after the draws due before the next play, each card fixed by the seed
        and the ply (so minimax and alpha-beta see the same tree)."""
        while self.game.to_move(state) is CHANCE and not self.game.is_terminal(state):
            card = random.Random(seed * 64 + ply).choices(range(KINDS), state.pile)[0]
            state = self.game.apply(state, card)
        return state

    def _leaf(self, state: TurtleState, depth: int, me: int) -> float | None:
        """The value where the line stops (a finished game or the depth), else None."""
        if self.game.is_terminal(state):
            return WIN * self.game.returns(state)[me]
        return 0.0 if depth == 0 else None

    def _minimax(self, state: TurtleState, depth: int, me: int, scorer: Scorer, seed: int,
                 ply: int) -> float:
        self.nodes += 1
        leaf = self._leaf(state, depth, me)
        if leaf is not None:
            return leaf
        state = self._settle(state, seed, ply)
        score = scorer(state)
        values = [score(play) + self._minimax(self.game.apply(state, play), depth - 1, me,
                                              scorer, seed, ply + 1)
                  for play in self.game.legal_moves(state)]
        return max(values) if self.game.to_move(state) == me else min(values)

    def _alphabeta(self, state: TurtleState, depth: int, alpha: float, beta: float, me: int,
                   scorer: Scorer, seed: int, ply: int) -> float:
        """Fail-soft alpha-beta over the same tree as :meth:`_minimax`."""
        self.nodes += 1
        leaf = self._leaf(state, depth, me)
        if leaf is not None:
            return leaf
        state = self._settle(state, seed, ply)
        score = scorer(state)
        maximise = self.game.to_move(state) == me
        best = -math.inf if maximise else math.inf
        for play in self.game.legal_moves(state):
            s = score(play)
            value = s + self._alphabeta(self.game.apply(state, play), depth - 1, alpha - s,
                                        beta - s, me, scorer, seed, ply + 1)
            if maximise:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best


@dataclass
class MonteCarlo:
    """ISMCTS or PIMC over determinisations drawn from the view (or from the belief)."""

    game: Turtles
    name: str
    method: str = "ismcts"
    """``ismcts`` or ``pimc``."""
    iterations: int = 1000
    seconds: float | None = None
    observers: Observers = "single"
    rollout: str = "random"
    epsilon: float = 0.0
    samples: int = 20
    belief: Belief | None = None
    sees_colours: bool = False
    compiled: bool = False
    """ISMCTS on the game-free compiled search (:mod:`zermelo.search.ismcts_kernel`), not the
    readable one (``mcts-ref`` keeps the readable one, its reference)."""
    last: Any = field(default=None, repr=False)
    """The last search's result."""

    def choose(self, view: View, rng: random.Random) -> Play:
        """The search's best play. ``seconds`` bounds the search, which is given what is left
        of it (at least :data:`MIN_SECONDS`) after the work before it that cannot be cut
        short: the legal plays, the first determinisation and (``belief-ismcts``) the
        belief's posterior."""
        clock = time.perf_counter()
        plays = self.game.legal_plays(view)
        if len(plays) == 1:
            return plays[0]
        start = self.game.determinise(view, rng)
        seed = rng.getrandbits(63)
        roll = policy_rollout(self.rollout, self.epsilon)
        resample = None if self.method == "pimc" or self.compiled else self._believer(view)
        model = (belief_model(self.belief.posterior(view))
                 if self.compiled and self.belief is not None else UNIFORM_PRIOR)
        seconds = None if self.seconds is None else max(
            MIN_SECONDS, self.seconds - (time.perf_counter() - clock))
        if self.compiled:
            self.last = ismcts_compiled(
                self.game, game_kernels(self.game), pack_view(view), view.player,
                decode=lambda code: decode(start, code), iterations=self.iterations,
                seconds=seconds, observers=self.observers, seed=seed, policy=self._policy(),
                model=model)
        elif self.method == "pimc":
            self.last = pimc(self.game, start, iterations=self.iterations, seconds=seconds,
                             determinisations=self.samples, seed=seed,
                             rollout=roll)  # type: ignore[arg-type]
        else:
            self.last = ismcts(self.game, start, iterations=self.iterations, seconds=seconds,
                               observers=self.observers, seed=seed,
                               rollout=roll,  # type: ignore[arg-type]
                               resample=resample)
        move: Play = self.last.best_move
        return move

    def _policy(self) -> Hook:
        """The compiled search's rollout policy: uniform, or every player by the strategy."""
        if self.rollout == "random":
            return UNIFORM
        return Hook(strategy_policy, policy_params(self.game.players, POLICIES[self.rollout],
                                                   self.epsilon))

    def _believer(self, view: View) -> Callable[..., TurtleState] | None:
        """A determiniser drawing the colours from the belief (None: the game's uniform one)."""
        if self.belief is None:
            return None
        posterior = self.belief.posterior(view)

        def resample(game: Any, state: TurtleState, player: int, rng: random.Random
                     ) -> TurtleState:
            drawn = game.resample(state, player, rng)
            return replace(drawn, colours=draw_colours(posterior, rng))  # type: ignore[no-any-return]

        return resample


def sample_positions(game: Turtles, count: int, rng: random.Random, keep: float = 1.0
                     ) -> list[TurtleState]:
    """``count`` states where a player is to play, each kept with probability ``keep`` along
    games of uniformly random plays (test and benchmark positions)."""
    found: list[TurtleState] = []
    while len(found) < count:
        state = game.initial_state()
        while not game.is_terminal(state) and len(found) < count:
            if game.to_move(state) is CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            if keep >= 1 or rng.random() < keep:
                found.append(state)
            state = game.apply(state, rng.choice(game.legal_moves(state)))
    return found


# -- the agents by name ---------------------------------------------------------------------

def agent_options(name: str, args: tuple[str, ...], positional: tuple[str, ...],
             allowed: dict[str, tuple[float, float] | tuple[str, ...]]) -> dict[str, Any]:
    """The agent's parameters: ``positional`` ones first, then ``key=value`` words, each in
    its range (numbers: (low, high)) or among its words; :class:`OptionError` otherwise."""
    values: dict[str, Any] = {}
    for index, arg in enumerate(args):
        key, eq, text = arg.partition("=")
        if not eq:
            if index >= len(positional):
                raise OptionError(f"agent {name}: unexpected parameter {arg[:30]!r}")
            key, text = positional[index], arg
        if key not in allowed or key in values:
            raise OptionError(f"agent {name}: unknown or repeated parameter {key[:30]!r} "
                              f"(known: {', '.join(allowed)})")
        kind = allowed[key]
        if isinstance(kind[0], str):
            if text not in kind:
                raise OptionError(f"agent {name}: {key} {text[:30]!r}: expected one of "
                                  f"{', '.join(map(str, kind))}")
            values[key] = text
            continue
        low, high = float(kind[0]), float(kind[1])
        try:  # float() and int() read other scripts' digits: ASCII only
            number = (float if key in ("seconds", "epsilon") else int)(
                text if text.isascii() else "-")
        except ValueError:
            raise OptionError(f"agent {name}: {key} {text[:30]!r}: expected a number") from None
        if not low <= number <= high:
            raise OptionError(f"agent {name}: {key} {text[:30]}: must be {kind[0]:g} to "
                              f"{kind[1]:g}")
        values[key] = number
    return values


ROLLOUTS = tuple(POLICIES)
MIN_SECONDS = 0.001
"""The least seconds a search may be given."""
MONTE_CARLO: dict[str, tuple[float, float] | tuple[str, ...]] = {
    "iterations": (1, 1_000_000), "seconds": (MIN_SECONDS, 60.0), "rollout": ROLLOUTS,
    "epsilon": (0.0, 1.0)}


def _strategy(game: Turtles, name: str) -> Strategy | None:
    """The paper's strategy by letter (D: None, the dummy scores nothing)."""
    return None if name == "D" else Strategy(game, name, Settings())


def _tree(prune: bool) -> Callable[[Turtles, tuple[str, ...]], Agent]:
    kind = "alphabeta-ref" if prune else "minimax-ref"

    def create(game: Turtles, args: tuple[str, ...]) -> Agent:
        options = agent_options(kind, args, ("strategy", "depth"),
                           {"strategy": STRATEGY_NAMES, "depth": (1, 6),
                            "samples": (1, 1000)})
        letter = options.pop("strategy", "H")
        return TreeSearch(game, ":".join((kind, *args)) or kind, _strategy(game, letter),
                          prune=prune, **options)

    return create


minimax = _tree(prune=False)
alphabeta = _tree(prune=True)


def mcts(game: Turtles, args: tuple[str, ...]) -> Agent:
    """The paper's MCTS with a strategy: UCT over determinisations, rollouts by S (the
    readable reference of :func:`zermelo.agents.turtles.compiled.agents.mcts`)."""
    allowed = {key: kind for key, kind in MONTE_CARLO.items() if key != "rollout"}
    options = agent_options("mcts-ref", args, ("strategy", "iterations"),
                       {"strategy": STRATEGY_NAMES, **allowed})
    letter = options.pop("strategy", "H")
    rollout = "random" if letter == "D" else letter
    return MonteCarlo(game, ":".join(("mcts-ref", *args)),
                      iterations=options.pop("iterations", 200), rollout=rollout, **options)


def _monte_carlo(kind: str, method: str, observers: Observers, with_belief: bool = False,
                 **defaults: Any) -> Callable[[Turtles, tuple[str, ...]], Agent]:
    extra = {"samples": (1, 100_000)} if method == "pimc" else {}

    def create(game: Turtles, args: tuple[str, ...]) -> Agent:
        options = {**defaults, **agent_options(kind, args, ("iterations",),
                                          {**MONTE_CARLO, **extra})}
        return MonteCarlo(game, ":".join((kind, *args)), method, observers=observers,
                          belief=Belief(game) if with_belief else None, **options)

    return create


ismcts_agent = _monte_carlo("ismcts", "ismcts", "single", compiled=True)
mo_ismcts_agent = _monte_carlo("mo-ismcts", "ismcts", "multiple", compiled=True)
pimc_agent = _monte_carlo("pimc", "pimc", "single")
belief_ismcts_agent = _monte_carlo("belief-ismcts", "ismcts", "multiple", with_belief=True,
                                   compiled=True)
