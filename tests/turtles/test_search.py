"""The paper's searches: alpha-beta plays minimax's move, depth 1 is the strategy itself; every
searching agent decides from its view alone and refuses bad parameters."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace
from typing import Any

import pytest

from zermelo.agents.turtles import search as search_module
from zermelo.agents.turtles.agent import decide
from zermelo.agents.turtles.registry import make_agent
from zermelo.agents.turtles.search import TreeSearch, sample_positions
from zermelo.agents.turtles.strategies import Settings, Strategy
from zermelo.core.errors import OptionError
from zermelo.games.turtles import Turtles, Variant
from zermelo.games.turtles.board import FINISH, squares
from zermelo.games.turtles.state import TurtleState


def positions(game: Turtles, count: int, seed: int) -> list[TurtleState]:
    """``count`` states where a player is to play, from random games."""
    return sample_positions(game, count, random.Random(seed))


def test_alphabeta_plays_minimax_s_move_on_3000_positions() -> None:
    game = Turtles(Variant(players=2))
    strategies = [Strategy(game, name, Settings()) for name in ("F", "E", "H")]
    plain_nodes = pruned_nodes = 0
    for i, state in enumerate(positions(game, 3_000, seed=1)):
        strategy = strategies[i % 3]
        plain = TreeSearch(game, "minimax", strategy, depth=2, samples=1)
        pruned = TreeSearch(game, "alphabeta", strategy, depth=2, samples=1, prune=True)
        view = game.view(state, game.to_move(state))
        assert plain.choose(view, random.Random(i)) == pruned.choose(view, random.Random(i))
        plain_nodes += plain.nodes
        pruned_nodes += pruned.nodes
    assert pruned_nodes < plain_nodes


@pytest.mark.parametrize("name", ["F", "E", "H"])
def test_depth_one_is_the_strategy_itself(name: str) -> None:
    game = Turtles(Variant(players=3))
    strategy = Strategy(game, name, Settings(ties="first"))
    tree = TreeSearch(game, "minimax", strategy, depth=1, samples=1)
    checked = 0
    for state in positions(game, 600, seed=2):
        if max(squares(state.board)) >= FINISH - 2:
            continue  # a play may end the game, which the search scores as a win or a loss
        view = game.view(state, game.to_move(state))
        assert tree.choose(view, random.Random(0)) == strategy.choose(view, random.Random(0))
        checked += 1
    assert checked > 300


AGENTS = ["minimax:H:2:samples=2", "alphabeta:E:3", "mcts:F:30", "mcts:H:200:seconds=60",
          "minimax-ref:H", "mcts-ref:F:30", "ismcts:40",
          "mo-ismcts:40:rollout=H", "pimc:40:samples=4", "belief-ismcts:40:epsilon=0.2"]


@pytest.mark.parametrize("name", AGENTS)
def test_equal_views_give_equal_plays(name: str) -> None:
    """Two states that differ in what the player cannot see (the other colours and hands).
    (A seconds budget is given only where it cannot cut the iterations short: a decision cut by
    the clock depends on the machine, not on the observation.)"""
    game = Turtles(Variant(players=3))
    agent = make_agent(name, game)
    rng = random.Random(4)
    for state in positions(game, 40, seed=3)[::8]:
        mover = game.to_move(state)
        other = game.resample(state, mover, rng)
        assert game.observation(other, mover) == game.observation(state, mover)
        assert decide(game, agent, state, random.Random(9)) == decide(
            game, agent, other, random.Random(9))


@pytest.mark.parametrize(("name", "message"), [
    ("minimax:X", "agent minimax: strategy 'X': expected one of F, E, H, D"),
    ("alphabeta:H:7", "agent alphabeta: depth 7: must be 1 to 6"),
    ("mcts:H:0", "agent mcts: iterations 0: must be 1 to 100000"),
    ("mcts-ref:H:0", "agent mcts-ref: iterations 0: must be 1 to 1e\\+06"),
    ("mcts-ref:H:rollout=F", "agent mcts-ref: unknown or repeated parameter .rollout."),
    ("ismcts:10:rollout=G", "agent ismcts: rollout 'G': expected one of random, F, E, H"),
    ("pimc:samples=many", "agent pimc: samples 'many': expected a number"),
    ("mo-ismcts:seconds=0", "agent mo-ismcts: seconds 0: must be 0.001 to 60"),
    ("belief-ismcts:10:20", "agent belief-ismcts: unexpected parameter '20'"),
    ("ismcts:depth=2", "agent ismcts: unknown or repeated parameter 'depth'"),
])
def test_bad_parameters_are_refused(name: str, message: str) -> None:
    with pytest.raises(OptionError, match=f"^invalid option: {message}"):
        make_agent(name, Turtles())


@pytest.mark.parametrize("name", ["pimc:seconds=0.5", "ismcts:seconds=0.5"])
def test_the_search_gets_what_is_left_of_the_seconds(name: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Time spent before the search (here a determinisation made slow) is taken off the
    search's seconds, by PIMC as by ISMCTS."""
    game = Turtles(Variant(players=2))
    state = next(s for s in positions(game, 40, seed=3) if len(game.legal_moves(s)) > 1)
    given: list[float] = []
    determinise = Turtles.determinise

    def slow(self: Turtles, *args: Any) -> TurtleState:
        time.sleep(0.2)
        return determinise(self, *args)

    def search(game: Turtles, *args: Any, **options: Any) -> SimpleNamespace:
        given.append(options["seconds"])
        return SimpleNamespace(best_move=game.legal_moves(state)[0])

    monkeypatch.setattr(Turtles, "determinise", slow)
    searches = {"pimc": "pimc", "ismcts": "ismcts_compiled"}
    monkeypatch.setattr(search_module, searches[name.split(":")[0]], search)
    decide(game, make_agent(name, game), state, random.Random(1))
    assert len(given) == 1 and given[0] <= 0.5 - 0.2
