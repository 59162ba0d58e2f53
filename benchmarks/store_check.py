"""What checking a table costs: the first byte served from a table (one block checked), every
block checked (a whole read, or ``verify``), the whole-file SHA-256 a process paid before
block checksums, and a lookup once its block is checked (a ``stat`` to see the file unchanged).

    python benchmarks/store_check.py [--mib 1024] [--lookups 20000]

Writes a table of ``--mib`` MiB of random bytes to a temporary directory through the store, then
times each case in a fresh :class:`~zermelo.tablebase.store.Store` (the page cache is warm: the
figures are of hashing, not of the disk).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

import numpy as np

from zermelo.tablebase.store import BLOCK, Store, sha256_of

HEADER = {"game": "benchmark"}


def timed(call: object) -> float:
    start = time.perf_counter()
    call()  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=int, default=1024)
    parser.add_argument("--lookups", type=int, default=20_000)
    args = parser.parse_args()
    size = args.mib << 20
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        Store(root, HEADER).write("t", np.random.default_rng(1).integers(
            0, 256, size, dtype=np.uint8))
        offset = rng.randrange(size)
        first = timed(lambda: Store(root, HEADER).value("t", offset))
        whole = timed(lambda: Store(root, HEADER).read("t"))
        digest = timed(lambda: sha256_of(root / "t.bin"))
        store = Store(root, HEADER)
        offsets = [rng.randrange(BLOCK) for _ in range(args.lookups)]
        store.value("t", 0)
        lookups = timed(lambda: [store.value("t", o) for o in offsets])
    print(f"table of {args.mib:,} MiB, blocks of {BLOCK >> 20} MiB")
    print(f"first byte served (one block checked): {1000 * first:8.1f} ms")
    print(f"every block checked:                   {whole:8.2f} s ({args.mib / whole:,.0f} MiB/s)")
    print(f"whole-file SHA-256 (before):           {digest:8.2f} s")
    print(f"lookup in a checked block:             {1e6 * lookups / args.lookups:8.2f} us")


if __name__ == "__main__":
    main()
