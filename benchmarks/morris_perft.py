"""Perft of the Morris boards from the start, compiled, beside OpenSpiel's counts.

    python benchmarks/morris_perft.py --depth 6 --openspiel-depth 4

Counts every depth with a removal as a ply of its own (``split``, as OpenSpiel counts) and as
part of its move (``whole``, our notation: one move per ply), with the seconds each took after
compiling. On the standard board OpenSpiel's ``nine_mens_morris`` is counted through its Python
API up to ``--openspiel-depth``; beyond that the column shows the counts REFERENCE.md states.
"""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.table import Table

from zermelo.games.morris import BOARDS, Morris
from zermelo.games.morris.kernels import perft_of

STATED = {1: 24, 2: 552, 3: 12144, 4: 255024, 5: 5100480, 6: 96223680}
"""OpenSpiel's perft of nine_mens_morris from the start, as REFERENCE.md states it."""


def openspiel_perft(state: object, depth: int) -> int:
    """OpenSpiel's own count, one action (placement, move or removal) per ply."""
    if depth == 0:
        return 1
    if state.is_terminal():  # type: ignore[attr-defined]
        return 0
    total = 0
    for action in state.legal_actions():  # type: ignore[attr-defined]
        child = state.clone()  # type: ignore[attr-defined]
        child.apply_action(action)
        total += openspiel_perft(child, depth - 1)
    return total


def timed(count: object, *args: object) -> tuple[int, float]:
    start = time.perf_counter()
    value = count(*args)  # type: ignore[operator]
    return int(value), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", choices=sorted(BOARDS), default="standard")
    parser.add_argument("--depth", type=int, default=6, choices=range(1, 9))
    parser.add_argument("--openspiel-depth", type=int, default=4, choices=range(0, 7),
                        help="Count OpenSpiel's perft live up to this depth (standard board).")
    args = parser.parse_args()
    game = Morris(args.board, move_limit=0, repetition=False)
    start = game.initial_state().plain
    perft_of(game.board, start, 1, True, game.flying)  # compile (or load) the kernels
    standard = args.board == "standard"
    table = Table("depth", "split", "seconds", "whole", "seconds",
                  *(("OpenSpiel", "its seconds") if standard else ()),
                  title=f"perft of {game.board.title} ({args.board}) from the start")
    spiel = None
    if standard and args.openspiel_depth:
        import pyspiel

        spiel = pyspiel.load_game("nine_mens_morris").new_initial_state()
    for depth in range(1, args.depth + 1):
        split, split_s = timed(perft_of, game.board, start, depth, True, game.flying)
        whole, whole_s = timed(perft_of, game.board, start, depth, False, game.flying)
        row = [str(depth), f"{split:,}", f"{split_s:.3f}", f"{whole:,}", f"{whole_s:.3f}"]
        if standard:
            if spiel is not None and depth <= args.openspiel_depth:
                theirs, theirs_s = timed(openspiel_perft, spiel, depth)
                row += [f"{theirs:,}", f"{theirs_s:.2f}"]
            else:
                row += [f"{STATED[depth]:,} (stated)" if depth in STATED else "-", "-"]
        table.add_row(*row)
    Console().print(table)


if __name__ == "__main__":
    main()
