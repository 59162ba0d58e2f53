"""What a transposition table entry costs in memory, and that a search keeps within its table's
capacity: the figure behind :data:`zermelo.search.table.ENTRY_BYTES`.

    python benchmarks/search_memory.py [--seconds 5]

Runs alpha-beta with a transposition table on Connect Four (7x6, after 4 4 5 3) and Nim (16
piles of 64) for ``--seconds`` each and sums the sizes of what the table holds (its dictionaries'
slots, each key with the objects inside it, each entry), then again with a table of 20,000
entries to show the bound holds.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from zermelo.games.registry import get_game
from zermelo.search.alphabeta_tt import AlphaBetaTT
from zermelo.search.base import Budget, BudgetExhausted, budget, with_room
from zermelo.search.table import ENTRY_BYTES, TranspositionTable


def measure(game: Any, state: Any, seconds: float, capacity: int | None) -> tuple[int, int]:
    """(entries kept, bytes they hold) after ``seconds`` of search."""
    table = TranspositionTable(capacity)
    engine = AlphaBetaTT(game, table=table)
    try:
        with budget(Budget(seconds=seconds)):
            with_room(game.info.max_game_length or 0, lambda: engine.run(state))
    except BudgetExhausted:
        pass
    held = 0
    for generation in (table.entries, table.older):
        held += sys.getsizeof(generation)
        for key, entry in generation.items():
            held += deep_size(key) + sys.getsizeof(entry) + deep_size(entry.move)
    return len(table), held


def deep_size(item: Any) -> int:
    """The bytes of ``item`` and of the objects a tuple of it holds."""
    inside = sum(deep_size(i) for i in item) if isinstance(item, tuple) else 0
    return sys.getsizeof(item) + inside


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    cases = [("connect4", {}, "4453"), ("nim", {"piles": ",".join(["64"] * 16)}, None)]
    print(f"ENTRY_BYTES = {ENTRY_BYTES}")
    for name, options, position in cases:
        game = get_game(name).game(options)
        state = game.initial_state() if position is None else game.parse_position(position)
        for capacity in (None, 20_000):
            entries, held = measure(game, state, args.seconds, capacity)
            each = held / entries if entries else 0
            print(f"{name:9} capacity {capacity or 'default':>8}: {entries:>9,} entries, "
                  f"{held / 2**20:7.1f} MiB, {each:6.0f} bytes an entry")


if __name__ == "__main__":
    main()
