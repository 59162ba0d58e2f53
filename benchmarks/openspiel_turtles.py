"""The reduced Turtle Race at equilibrium: CFR+ to a stated exploitability, the exploitability
of the agents F, E, H, D, PIMC, ISMCTS and the belief agent, and the value of information.

The race (:class:`zermelo.openspiel.race.HiddenRace`): two players, five turtles stacked
``--distance`` squares from the lettuce, the deck ``--deck``, hands of ``--hand``, secret
colours and hands, no reshuffle. Returns are +1 for a win and -1 for a loss (0 each when
shared). An agent's strategy is its play at one state of each information set, asked
``--samples`` times (``--tie-samples`` for the paper's strategies, whose ties are random):
its exploitability is half the sum of what the best responses to it gain, and its return
against the equilibrium is averaged over both seats. The value of information: ``--games``
seat-balanced games of the belief agent against the same search told every colour and hand.

    python benchmarks/openspiel_turtles.py [--iterations 1000] [--agents F,E,H,dummy]
"""

from __future__ import annotations

import argparse
import random
import time
from fractions import Fraction
from typing import Any

from figures import load, record
from rich.console import Console
from rich.table import Table

from zermelo.engines.strength import wilson
from zermelo.openspiel import cfr
from zermelo.openspiel.export import as_openspiel
from zermelo.openspiel.policies import TellingRace, agent_strategy, fair_player, told_player
from zermelo.openspiel.race import TINY_DECK, HiddenRace
from zermelo.openspiel.sequence_form import solve_tree
from zermelo.openspiel.tree import Tree, build
from zermelo.search.players import play_match

AGENTS = "F,E,H,dummy,pimc:100,ismcts:100,belief-ismcts:100"
PAPER = ("f", "e", "h", "dummy", "fast", "efficient", "hybrid")


def equilibrium(tree: Tree, iterations: int, console: Console) -> cfr.FloatArray:
    """CFR+ to ``iterations``, its exploitability and value printed at powers of ten."""
    table = Table(title="CFR+ on the reduced race")
    for column in ("iterations", "exploitability", "value for A", "seconds"):
        table.add_column(column, justify="right")
    cfr.Solver(tree).run(1)  # compiles the kernels outside the timing
    solver = cfr.Solver(tree)
    mark = 1
    while solver.iterations < iterations:
        solver.run(min(mark, iterations) - solver.iterations)
        sigma = solver.average()
        table.add_row(f"{solver.iterations:,}", f"{cfr.exploitability(tree, sigma):.2e}",
                      f"{cfr.game_value(tree, sigma):+.6f}", f"{solver.seconds:.2f}")
        mark *= 10
    console.print(table)
    return solver.average()


def agents_table(tree: Tree, game: HiddenRace, names: list[str], star: cfr.FloatArray,
                 samples: int, tie_samples: int, console: Console) -> list[dict[str, Any]]:
    """Each agent's best-response values, exploitability and return against ``star``, printed
    and returned."""
    table = Table(title="The agents on the reduced race (returns -1 to 1)")
    for column in ("agent", "samples", "best response as A", "best response as B",
                   "exploitability", "return against the equilibrium", "seconds"):
        table.add_column(column, justify="right")
    rows = [("equilibrium (CFR+)", 0, star, 0.0)]
    for name in names:
        began = time.perf_counter()
        n = tie_samples if name.split(":")[0].lower() in PAPER else samples
        rows.append((name, n, agent_strategy(tree, game, name, samples=n),
                     time.perf_counter() - began))
    figures = []
    for name, n, sigma, seconds in rows:
        b0, b1 = cfr.best_responses(tree, sigma)
        against = (cfr.game_value(tree, cfr.mixed(tree, sigma, 0, star))
                   - cfr.game_value(tree, cfr.mixed(tree, sigma, 1, star))) / 2
        table.add_row(name, str(n or "-"), f"{b0:+.4f}", f"{b1:+.4f}",
                      f"{(b0 + b1) / 2:.4f}", f"{against:+.4f}", f"{seconds:.1f}")
        figures.append({"agent": name, "samples": n, "best_response_a": round(b0, 4),
                        "best_response_b": round(b1, 4), "exploitability": round((b0 + b1) / 2, 4),
                        "against_equilibrium": round(against, 4), "seconds": round(seconds, 1)})
        console.print(f"  {name}: done", style="dim")
    console.print(table)
    return figures


def agents_markdown(figures: list[dict[str, Any]]) -> str:
    """The agents' figures as the docs' table, least exploitable first."""
    lines = ["| agent | samples | exploitability | return against the equilibrium |",
             "|---|---|---|---|"]
    for row in sorted(figures, key=lambda r: r["exploitability"]):
        lines.append(f"| `{row['agent']}` | {row['samples'] or '-'} | "
                     f"{row['exploitability']:.4f} | {row['against_equilibrium']:+.3f} |")
    return "\n".join(lines)


def reduced(args: argparse.Namespace) -> str:
    """What the reduced race is, as the game's page section says it under a table's title."""
    return (f"The reduced race: two players, A first; the five turtles stacked {args.distance} "
            f"squares from the lettuce; a deck of {len(args.deck)} cards "
            f"({' '.join(args.deck)}); hands of {args.hand}; colours and hands secret; no "
            "reshuffle. Small enough to be solved exactly; every other rule is the game's. "
            "A win returns +1, a loss -1.")


def agents_page_table(args: argparse.Namespace,
                      figures: list[dict[str, Any]]) -> dict[str, Any]:
    """The agents' figures as the game's page section shows them, least exploitable first."""
    return {"title": "How exploitable each agent is: what a best response to it wins a game, "
                     "on a reduced race (returns from -1 to 1)",
            "note": f"{reduced(args)} An agent's exploitability is half the sum of what the "
                    "best responses to it win: 0 at an equilibrium.",
            "columns": ["agent", "exploitability", "return against the equilibrium"],
            "rows": [[row["agent"], f"{row['exploitability']:.4f}",
                      f"{row['against_equilibrium']:+.3f}"]
                     for row in sorted(figures, key=lambda r: r["exploitability"])]}


def exact_values(args: argparse.Namespace, tree: Tree) -> list[float]:
    """The race's value for A by the sequence-form LP: as dealt (``tree``, already written
    out), with A told every colour and hand, then with B told."""
    return [solve_tree(tree).value,
            *(solve_tree(build(HiddenRace(args.deck, args.hand, args.distance, seer=seer))).value
              for seer in (0, 1))]


def fraction(value: float) -> str:
    """A value and the fraction it is (``53/150 = +0.3533``)."""
    exact = Fraction(value).limit_denominator(10_000)
    return f"{exact} = {value:+.4f}" if exact.denominator > 1 else f"{value:+.4f}"


def information_figures(args: argparse.Namespace, values: list[float],
                        games: tuple[int, int, int]) -> tuple[dict[str, Any], str,
                                                              dict[str, Any]]:
    """The value of information at equilibrium and between agents: the data, the docs'
    Markdown and the page's table."""
    value, told_a, told_b = values
    wins, draws, played = games
    low, high = wilson(wins, played)
    rows = [["the race's value for A at equilibrium (sequence-form LP)", fraction(value)],
            ["A told B's colour and hand", f"{fraction(told_a)}: worth {told_a - value:+.4f} "
                                           "to A"],
            ["B told A's colour and hand", f"{fraction(told_b)}: worth {value - told_b:+.4f} "
                                           "to B"],
            [f"{args.told} told every colour and hand against {args.belief}, {played:,} "
             "games, seats alternating",
             f"{wins / played:.1%} won by the told search (95 %: {low:.1%}-{high:.1%}), "
             f"{draws} shared"]]
    markdown = "\n".join(["| measure | value |", "|---|---|",
                          *(f"| {a} | {b} |" for a, b in rows)])
    data = {"value": value, "told_a": told_a, "told_b": told_b, "told_wins": wins,
            "shared": draws, "games": played}
    return data, markdown, {"title": "The value of information on the reduced race "
                                     "(returns from -1 to 1)",
                            "note": f"{reduced(args)} Told: shown the other player's colour "
                                    "and hand all game.",
                            "columns": ["measure", "value"], "rows": rows}


def seers(args: argparse.Namespace, value: float, console: Console) -> None:
    """The equilibrium's value when one player is told every colour and hand."""
    for seer in (0, 1):
        tree = build(HiddenRace(args.deck, args.hand, args.distance, seer=seer))
        solver = cfr.Solver(tree)
        solver.run(args.iterations)
        sigma = solver.average()
        told = cfr.game_value(tree, sigma)
        console.print(f"{'AB'[seer]} told every colour and hand: value for A {told:+.6f} "
                      f"(exploitability {cfr.exploitability(tree, sigma):.2e}); the "
                      f"information is worth {abs(told - value):.6f} to {'AB'[seer]}")


def openspiel_side(game: HiddenRace, tree: Tree, iterations: int, console: Console) -> None:
    """OpenSpiel's CFR+ (C++, over the race exported by :func:`as_openspiel`) beside ours, at
    the same iterations: exploitability and seconds of each."""
    import pyspiel
    native = as_openspiel(game)
    began = time.perf_counter()
    solver = pyspiel.CFRPlusSolver(native)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    took = time.perf_counter() - began
    began = time.perf_counter()
    theirs = pyspiel.exploitability(native, solver.average_policy())
    measured = time.perf_counter() - began
    ours = cfr.Solver(tree)
    ours.run(iterations)
    mine = cfr.exploitability(tree, ours.average())
    console.print(f"{iterations} CFR+ iterations: OpenSpiel's exploitability {theirs:.6f} in "
                  f"{took:.1f} s (its exploitability computed in {measured:.1f} s); zermelo's "
                  f"{mine:.6f} in {ours.seconds:.3f} s")


def information(args: argparse.Namespace, console: Console) -> tuple[int, int, int]:
    """The belief agent against the same search told the true state, seat-balanced."""
    told_wins = draws = 0
    for g in range(args.games):
        fair_game = HiddenRace(args.deck, args.hand, args.distance)
        told_game = TellingRace(args.deck, args.hand, args.distance)
        told = told_player(told_game, args.told, args.seed + 2 * g)
        fair = fair_player(fair_game, args.belief, args.seed + 2 * g + 1)
        seat = g % 2
        players = [told, fair] if seat == 0 else [fair, told]
        end = play_match(fair_game, players, rng=random.Random(args.seed + g))[-1]
        result = fair_game.returns(end)[seat]
        told_wins += result > 0
        draws += result == 0
    low, high = wilson(told_wins, args.games)
    console.print(f"value of information: {args.told} told every colour and hand against "
                  f"{args.belief}: {told_wins} wins, {draws} shared, "
                  f"{args.games - told_wins - draws} losses in {args.games} games "
                  f"({told_wins / args.games:.1%}, 95 % Wilson {low:.1%}-{high:.1%})")
    return told_wins, draws, args.games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", default=",".join(TINY_DECK), help="the cards, by commas")
    parser.add_argument("--hand", type=int, default=2, help="cards in a hand")
    parser.add_argument("--distance", type=int, default=3, help="squares to the lettuce")
    parser.add_argument("--iterations", type=int, default=1000, help="CFR+ iterations")
    parser.add_argument("--agents", default=AGENTS, help="agents by name, by commas ('' none)")
    parser.add_argument("--samples", type=int, default=2, help="decisions a search agent "
                        "is asked per information set")
    parser.add_argument("--tie-samples", type=int, default=16, help="the same for F, E, H, D")
    parser.add_argument("--games", type=int, default=0, help="games for the value of "
                        "information (0: none)")
    parser.add_argument("--belief", default="belief-ismcts:100", help="the fair agent")
    parser.add_argument("--told", default="mo-ismcts:100", help="the search told the truth")
    parser.add_argument("--seers", action="store_true", help="also solve the race with A, "
                        "then B, told every colour and hand")
    parser.add_argument("--openspiel-iterations", type=int, default=0, help="also run "
                        "OpenSpiel's CFR+ this many iterations over the exported race")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--figures", action="store_true", help="write the agents' figures to "
                        "src/zermelo/figures/openspiel_turtles-agents.json and, with --games, "
                        "the value of information to openspiel_turtles-information.json, and "
                        "both to the docs' regions")
    args = parser.parse_args()
    began_load, began_run = load(), time.perf_counter()
    args.deck = tuple(c.strip() for c in args.deck.split(","))
    console = Console(width=130, emoji=False, highlight=False)
    game = HiddenRace(args.deck, args.hand, args.distance)
    began = time.perf_counter()
    tree = build(game)
    console.print(f"reduced race: deck {' '.join(args.deck)}, hands of {args.hand}, "
                  f"{args.distance} squares to go; {tree.nodes:,} nodes, "
                  f"{tree.infosets:,} information sets "
                  f"({(tree.owner == 0).sum():,} of A, {(tree.owner == 1).sum():,} of B), "
                  f"written out in {time.perf_counter() - began:.1f} s")
    star = equilibrium(tree, args.iterations, console)
    names = [n for n in args.agents.split(",") if n.strip()]
    if names:
        figures = agents_table(tree, game, names, star, args.samples, args.tie_samples, console)
        if args.figures:
            record("openspiel_turtles-agents", {"agents": figures}, agents_markdown(figures),
                   began_load=began_load, seconds=time.perf_counter() - began_run,
                   table=agents_page_table(args, figures))
    if args.seers:
        seers(args, cfr.game_value(tree, star), console)
    if args.games:
        games = information(args, console)
        if args.figures:
            data, markdown, table = information_figures(args, exact_values(args, tree), games)
            record("openspiel_turtles-information", data, markdown, began_load=began_load,
                   seconds=time.perf_counter() - began_run, table=table)
    if args.openspiel_iterations:
        openspiel_side(game, tree, args.openspiel_iterations, console)


if __name__ == "__main__":
    main()
