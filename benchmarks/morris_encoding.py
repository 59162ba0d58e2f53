"""Benchmark: how small Morris tables get in compressed blocks, and what a query then pays.

    .venv/bin/python benchmarks/morris_encoding.py --db DIR [--board standard] [--largest 8]

Reads the largest tables of a board's store (a byte a position, as built) and compresses each
in independent blocks, so that one position is read by decoding one block (random access, as
GamesmanOne stores its tiers), with zlib (the standard library) and, when the ``zstandard``
package is installed, Zstandard. Prints for each codec and block size the size ratio, the
compression rate and the time to decode one block chosen at random (what a query would add to
today's direct read), with the share of draws in the tables (what makes them compress).
"""

from __future__ import annotations

import argparse
import os
import random
import time
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

from zermelo.games.morris.boards import BOARDS
from zermelo.solvers.morris.database import Database
from zermelo.solvers.morris.geometry import Geometry

Codec = tuple[str, Callable[[bytes], bytes], Callable[[bytes], bytes]]


def codecs() -> list[Codec]:
    """zlib, and Zstandard where it is installed."""
    found: list[Codec] = [("zlib-6", lambda b: zlib.compress(b, 6), zlib.decompress)]
    try:
        import zstandard
    except ImportError:
        return found
    for level in (3, 19):
        found.append((f"zstd-{level}", zstandard.ZstdCompressor(level=level).compress,
                      zstandard.ZstdDecompressor().decompress))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--board", choices=sorted(BOARDS), default="standard")
    parser.add_argument("--largest", type=int, default=8, help="How many tables, largest first.")
    parser.add_argument("--queries", type=int, default=2000)
    args = parser.parse_args()
    store = Database.store_for(Geometry.of(args.board), args.db)
    names = sorted(store.tables, key=lambda n: -store.tables[n]["size"])[:args.largest]
    tables = {name: store.read(name).tobytes() for name in names}
    total = sum(len(t) for t in tables.values())
    draws = sum(int(np.count_nonzero(np.frombuffer(t, np.uint8) == 0)) for t in tables.values())
    print(f"{len(names)} tables ({', '.join(names)}), {total:,} bytes, "
          f"{draws / max(total, 1):.2%} draws")
    rng = random.Random(1)
    for block in (4096, 65536):
        for name, pack, unpack in codecs():
            packed: list[bytes] = []
            began = time.perf_counter()
            for data in tables.values():
                packed += [pack(data[i:i + block]) for i in range(0, len(data), block)]
            spent = time.perf_counter() - began
            chosen = [rng.choice(packed) for _ in range(args.queries)]
            began = time.perf_counter()
            for item in chosen:
                unpack(item)
            query = (time.perf_counter() - began) / len(chosen)
            print(f"blocks of {block:6,} B  {name:8}  {total / sum(map(len, packed)):7.1f} x "
                  f"smaller, compressed at {total / spent / 1e6:6.1f} MB/s, one block decoded "
                  f"in {query * 1e6:6.1f} us")
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
