"""``zermelo musketeers weak-solve``: who wins from the start, proven by search, no database."""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from typing import Annotated, Any

import typer
from rich.table import Table

from zermelo.cli.common import BoardOpt, JsonOpt, console, read_position
from zermelo.cli.games.musketeers_variant import MusketeersOpt, variant
from zermelo.core.errors import OptionError
from zermelo.core.machine import check_allocation
from zermelo.games.musketeers import ENEMIES, Position, ThreeMusketeers
from zermelo.solvers.musketeers import weak as solver
from zermelo.solvers.musketeers.capstone import (
    capstone_search,
    find_discrepancies,
    sample_positions,
)

SIDE_WORDS = {"E": "the enemies win", "M": "the musketeers win"}


def _truth(game: ThreeMusketeers, board: solver.Board) -> Any:
    """The correct value of a position from the side to move's view, by the compiled solver."""

    def value(_: Any, state: Position) -> float:
        e_wins = solver.enemies_win(game, state, solver.Table(18), board)
        return 1.0 if e_wins == (state.to_move == ENEMIES) else -1.0

    return value


def _capstone_report(game: ThreeMusketeers, state: Position, samples: int, seed: int,
                     table_bits: int, as_json: bool) -> None:
    board = solver.Board.of(game)
    e_wins = solver.enemies_win(game, state, solver.Table(table_bits), board)
    truth = 1.0 if e_wins == (state.to_move == ENEMIES) else -1.0

    def winner(v: float) -> str:
        return "E" if (v > 0) == (state.to_move == ENEMIES) else "M"

    runs: list[dict[str, Any]] = []
    for name, bounds, cut in (("both defects", True, True), ("v == 1 cut only", False, True),
                              ("bounds as exact only", True, False)):
        begin = time.perf_counter()
        if bounds and not cut and game.grid.size > 20:
            runs.append({"search": name, "skipped": "too slow in pure Python on this board"})
            continue
        result = capstone_search(game, state, bounds_as_exact=bounds, min_cut=cut)
        runs.append({"search": name, "winner": winner(result.value), "nodes": result.nodes,
                     "seconds": round(time.perf_counter() - begin, 3)})
    checked, found = find_discrepancies(game, sample_positions(game, seed, samples, 2, 4),
                                        _truth(game, board))
    wrong = [asdict(d) for d in found]
    if as_json:
        print(json.dumps({"position": game.format_position(state), "winner": winner(truth),
                          "capstone": runs, "checked": checked, "wrong": wrong}))
        return
    console.print(f"position  {game.format_position(state)}")
    console.print(f"correct   {winner(truth)} ({SIDE_WORDS[winner(truth)]})")
    table = Table("capstone search", "says", "nodes", "seconds")
    for run in runs:
        if "skipped" in run:
            table.add_row(str(run["search"]), "-", "-", str(run["skipped"]))
        else:
            table.add_row(str(run["search"]), str(run["winner"]), f"{run['nodes']:,}",
                          f"{run['seconds']}")
    console.print(table)
    console.print(f"{len(found)} of {checked} random endgames (2-4 enemies, seed {seed}) get "
                  "the wrong winner from a defect:")
    wrong_table = Table("position", "correct", "bounds only", "v == 1 cut only", "both")

    def word(v: float) -> str:
        return "win" if v > 0 else "loss"

    for d in found[:10]:
        wrong_table.add_row(d.position, word(d.true_value), word(d.bounds_only),
                            word(d.min_cut_only), word(d.both))
    console.print(wrong_table)
    console.print("(values for the side to move)")


def weak_solve(
    start: Annotated[str | None, typer.Option(help="Musketeer start squares, e.g. a1,a2,b2 "
                                              "(default: the standard e1,c3,a5).")] = None,
    position: Annotated[str | None, typer.Option(help="Solve this position instead of the "
                                                 "start (- reads stdin).")] = None,
    board: BoardOpt = "5x5",
    musketeers: MusketeersOpt = 3,
    length: Annotated[bool, typer.Option("--length", help="Also measure the game's length with "
                                         "perfect play (E33-style; enemy wins only).")] = False,
    table_bits: Annotated[int, typer.Option(help="Transposition table of 2**BITS entries "
                                            "(16 to 32).")] = 26,
    capstone_bugs: Annotated[bool, typer.Option("--capstone-bugs", help="Run an alpha-beta "
                             "that stores bounds as exact values and cuts at the first losing "
                             "enemy reply (the search of a capstone report that concluded the "
                             "musketeers win), and find positions it gets wrong.")] = False,
    samples: Annotated[int, typer.Option(help="Random positions to check with "
                                         "--capstone-bugs (0 to 100,000).")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the sampled positions.")] = 1,
    as_json: JsonOpt = False,
) -> None:
    """Prove who wins by search alone (no database): nodes, table size, proof size, time."""
    if not 16 <= table_bits <= 32:
        raise OptionError(f"table bits {table_bits}: expected 16 to 32")
    tables = 2 if length and not capstone_bugs else 1  # the length has a table of its own
    check_allocation(tables * solver.ENTRY_BYTES << table_bits, f"table bits {table_bits}")
    if not 0 <= samples <= 100_000:
        raise OptionError(f"samples {samples}: expected 0 to 100000")
    game = variant(board, musketeers, start)
    state = (game.initial_state() if position is None
             else game.parse_position(read_position(position)))
    if capstone_bugs:
        _capstone_report(game, state, samples, seed, table_bits, as_json)
        return
    solution = solver.weak_solve(game, state, table_bits=table_bits, length=length)
    if as_json:
        data = asdict(solution)
        data["result"] = solution.result
        print(json.dumps(data))
        return
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_row("position", solution.position)
    table.add_row("result", f"{solution.result} ({SIDE_WORDS[solution.winner]})")
    table.add_row("nodes", f"{solution.nodes:,}")
    table.add_row("table", f"{solution.tt_entries:,} entries, {solution.tt_hits:,} hits in "
                  f"{solution.tt_probes:,} probes")
    table.add_row("proof size", f"{solution.proof_size:,} positions")
    table.add_row("max depth", str(solution.max_depth))
    table.add_row("seconds", f"{solution.seconds:.1f}")
    if solution.plies is not None:
        table.add_row("length search", f"{solution.length_nodes:,} nodes, "
                      f"{solution.length_seconds:.1f} s")
    console.print(table)

