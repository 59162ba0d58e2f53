"""The ``zermelo`` command line.

The environment is checked before anything else is imported: numba reads ``NUMBA_NUM_THREADS``
when it is first imported and fails on a bad value with a traceback.
"""

import os
import sys

MAX_THREADS = 1024
"""The most threads ``NUMBA_NUM_THREADS`` may ask for."""


def environment_problem() -> str | None:
    """What is wrong with the environment the command runs in, in one line, or None."""
    threads = os.environ.get("NUMBA_NUM_THREADS")
    if threads is not None and not (threads.isascii() and threads.isdigit()
                                    and 0 < int(threads) <= MAX_THREADS):
        return (f"NUMBA_NUM_THREADS={threads[:20]!r}: a whole number of threads from 1 to "
                f"{MAX_THREADS} expected (or leave it unset)")
    return None


if (_problem := environment_problem()) is not None:
    print(f"zermelo: environment: {_problem}", file=sys.stderr)
    sys.exit(2)
