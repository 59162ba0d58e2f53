"""Searches specialised to a game's functions (:mod:`zermelo.search.specialise`): each set of
functions gets its own compiled code, described the same in every process, and a second
process loads it from the disk cache instead of compiling it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from numba import njit

from zermelo.search.specialise import describe, specialised


@njit(cache=True)
def double(x: Any) -> Any:
    return 2 * x


@njit(cache=True)
def triple(x: Any) -> Any:
    return 3 * x


def summed(step: Any) -> Any:
    """A search-like factory: the sum of ``step(i)`` below ``n``, ``step`` bound at compile
    time."""

    @njit
    def run(n: Any) -> Any:
        total = 0
        for i in range(n):
            total += step(i)
        return total

    return run


def test_each_function_gets_its_own_compiled_search_once() -> None:
    by_two, by_three = specialised(summed, double), specialised(summed, triple)
    assert (by_two(4), by_three(4)) == (12, 18)
    assert specialised(summed, double) is by_two


def test_a_description_names_the_function_and_its_source_and_refuses_other_cells() -> None:
    text = describe(double)
    assert text.startswith(f"{__name__}.double@") and text == describe(double)
    assert describe(double) != describe(triple)
    assert describe(summed(double)) != describe(summed(triple))  # the closure's cells count
    with pytest.raises(TypeError, match="cannot be specialised"):
        describe(object())


PROBE = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, {tests!r})
    from test_specialise import double, specialised, summed, triple
    runs = [specialised(summed, f) for f in (double, triple)]
    values = [run(5) for run in runs]
    print(json.dumps([values, [run.stats.cache_hits.total() for run in runs]]))
""")


def test_a_second_process_loads_the_specialised_searches_from_the_disk_cache(
        tmp_path: Path) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    probe = PROBE.format(tests=str(Path(__file__).parent))
    runs = [json.loads(subprocess.run([sys.executable, "-c", probe], env=env, check=True,
                                      capture_output=True, text=True).stdout)
            for _ in range(2)]
    assert runs[0] == [[20, 30], [0, 0]]
    assert runs[1] == [[20, 30], [1, 1]]
