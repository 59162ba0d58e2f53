"""What each search says it plays, how it refuses the rest, and how it checks its arguments."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from zermelo.core.errors import OptionError, ZermeloError
from zermelo.core.game import Chance, Game, GameInfo, Information, Utility
from zermelo.games.tictactoe import TicTacToe
from zermelo.search import (
    ALGORITHMS,
    RandomPlayer,
    SearchPlayer,
    alphabeta,
    expectimax,
    maxn,
    mcts,
    minimax,
    paranoid,
    plays,
    search,
)
from zermelo.search.players import play_match

from .small_games import HighRoll, SampledHighRoll, TakeAway

BASE = GameInfo("g", "G", ("A", "B"))
HIDDEN = {"ismcts", "mo-ismcts", "pimc"}
"""The searches that play every game, hidden information included."""


@pytest.mark.parametrize(("info", "players"), [
    (BASE, {"minimax", "alphabeta", "alphabeta-tt", "expectimax", "maxn", "paranoid", "mcts",
            "dfpn", *HIDDEN}),
    (replace(BASE, players=("A", "B", "C")), {"maxn", "paranoid", "mcts", *HIDDEN}),
    (replace(BASE, chance=Chance.EXPLICIT), {"expectimax", "mcts", *HIDDEN}),
    (replace(BASE, chance=Chance.SAMPLED), {"mcts", *HIDDEN}),
    (replace(BASE, utility=Utility.GENERAL_SUM), {"maxn", "paranoid", "mcts", *HIDDEN}),
    (replace(BASE, players=("A", "B", "C"), chance=Chance.EXPLICIT), {"mcts", *HIDDEN}),
    (replace(BASE, information=Information.IMPERFECT), set(HIDDEN)),
], ids=["classic", "three", "dice", "deck", "general-sum", "three-with-dice", "hidden"])
def test_each_search_says_which_games_it_plays(info: GameInfo, players: set[str]) -> None:
    assert {name for name, a in ALGORITHMS.items() if plays(a, info)} == players


class HiddenTakeAway(TakeAway):
    def __init__(self) -> None:
        super().__init__(3, 4)
        self.info = replace(self.info, chance=Chance.EXPLICIT,
                            information=Information.IMPERFECT)


def refusal(search: Callable[..., object], game: Game[Any, Any], **options: Any) -> str:
    """The message of the error ``search`` raises on ``game``'s start."""
    with pytest.raises(ZermeloError) as error:
        search(game, game.initial_state(), **options)
    return str(error.value)


def test_a_refusal_names_everything_missing() -> None:
    assert refusal(minimax, TakeAway(3, 4)) == (
        "unsupported game: minimax cannot play Take-away: 3 players, needs 2")
    assert refusal(expectimax, SampledHighRoll()) == (
        "unsupported game: expectimax cannot play High roll (sampled): sampled chance, needs "
        "deterministic or explicit chance")
    for search_with_n_players in (maxn, paranoid):
        assert refusal(search_with_n_players, HighRoll()).endswith(
            "explicit chance, needs deterministic")
    assert refusal(alphabeta, HiddenTakeAway()) == (
        "unsupported game: alphabeta cannot play Take-away: 3 players, needs 2; explicit "
        "chance, needs deterministic; imperfect information, needs perfect")


@pytest.mark.parametrize("depth", [-1, 65, 10**9])
@pytest.mark.parametrize("name", [n for n, a in ALGORITHMS.items() if a.takes_depth])
def test_depths_out_of_range(name: str, depth: int) -> None:
    game = TicTacToe()
    with pytest.raises(OptionError, match=f"^invalid option: depth {depth}: must be 0 to 64$"):
        search(name, game, game.initial_state(), depth=depth)


def test_the_deepest_depth_is_accepted() -> None:
    game = TakeAway(3, 6)
    assert maxn(game, game.initial_state(), depth=64).exact


@pytest.mark.parametrize("iterations", [0, -5, 10_000_001])
def test_iterations_out_of_range(iterations: int) -> None:
    game = TicTacToe()
    with pytest.raises(OptionError, match=f"iterations {iterations}: must be 1 to 10,000,000"):
        mcts(game, game.initial_state(), iterations=iterations)
    with pytest.raises(OptionError, match="seconds 0: must be more than 0"):
        mcts(game, game.initial_state(), seconds=0)


class EndlessRoll(HighRoll):
    info = replace(HighRoll.info, max_game_length=None)


def test_a_game_that_may_not_end_needs_a_depth() -> None:
    game = EndlessRoll()
    assert refusal(expectimax, game) == (
        "invalid option: expectimax needs a depth limit (0 to 64) for High roll, whose games "
        "can go on for ever")
    assert expectimax(game, game.initial_state(), depth=2).exact


def test_search_passes_each_algorithm_its_options() -> None:
    game = TakeAway(3, 5)
    seen = []

    def estimate(g: Game[Any, Any], s: Any) -> tuple[float, ...]:
        seen.append(s)
        return (0.0, 0.0, 0.0)

    for name in ("maxn", "paranoid"):
        result = search(name, game, game.initial_state(), depth=1, evaluate_returns=estimate,
                        iterations=5, seed=3)
        assert result.algorithm == name and result.depth == 1 and not result.exact
    assert len(seen) == 4  # two moves, each scored by both searches
    with pytest.raises(OptionError, match=r"^invalid option: maxn takes no evaluation \(use "
                                          "minimax, alphabeta, alphabeta-tt, expectimax\\)$"):
        search("maxn", game, game.initial_state(), evaluate=lambda g, s: 0.0)
    with pytest.raises(OptionError, match="minimax takes no evaluation of every player's "
                                          r"return \(use maxn, paranoid\)"):
        search("minimax", TicTacToe(), TicTacToe().initial_state(), evaluate_returns=estimate)
    assert search("mcts", game, game.initial_state(), iterations=7).stats.iterations == 7


def test_search_players_pass_their_options() -> None:
    game = TakeAway(3, 5)
    player = SearchPlayer("paranoid", depth=2, evaluate_returns=lambda g, s: (0.5, 0.0, 0.0))
    player(game, game.initial_state())
    assert player.last is not None and player.last.value == 0.5


def test_a_match_needs_one_player_per_player() -> None:
    game = TakeAway(3, 5)
    with pytest.raises(OptionError, match="2 players for Take-away: must be 3"):
        play_match(game, [RandomPlayer(0), RandomPlayer(1)])
    final = play_match(game, [RandomPlayer(0), RandomPlayer(1), RandomPlayer(2)])[-1]
    assert game.is_terminal(final) and sorted(game.returns(final)) == [-0.5, -0.5, 1.0]
