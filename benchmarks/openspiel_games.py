"""Every zermelo game in OpenSpiel, at its default variant: OpenSpiel's name and sizes, its own
``random_sim_test`` (random games checked by OpenSpiel: legal actions, chance outcomes,
observation and information-state strings, returns) and a game of its MCTS bot against random.

    python benchmarks/openspiel_games.py [--sims 20] [--simulations 50]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from rich.console import Console
from rich.table import Table

from zermelo.openspiel.export import load, register_all


def mcts_game(game: pyspiel.Game, simulations: int, seed: int) -> tuple[list[float], int]:
    """One game of OpenSpiel's MCTS bot (first player) against uniform random play: the
    returns and the plies."""
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng),
                       random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.returns(), len(state.history())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=20, help="random games of the sim test")
    parser.add_argument("--simulations", type=int, default=50, help="MCTS simulations a move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    console = Console(width=140, emoji=False, highlight=False)
    table = Table(title="zermelo's games in OpenSpiel (default variants)")
    for column in ("OpenSpiel game", "players", "actions", "chance outcomes",
                   "random_sim_test", "MCTS vs random: returns, plies, seconds"):
        table.add_column(column)
    for name in register_all():
        game = load(name)
        began = time.perf_counter()
        pyspiel.random_sim_test(game, num_sims=args.sims, serialize=False, verbose=False)
        sims = time.perf_counter() - began
        began = time.perf_counter()
        returns, plies = mcts_game(game, args.simulations, args.seed)
        table.add_row(name, str(game.num_players()), f"{game.num_distinct_actions():,}",
                      str(game.max_chance_outcomes()),
                      f"passed, {args.sims} games in {sims:.1f} s",
                      f"{', '.join(f'{r:+g}' for r in returns)}; {plies}; "
                      f"{time.perf_counter() - began:.1f}")
    console.print(table)


if __name__ == "__main__":
    main()
