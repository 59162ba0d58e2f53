"""Compiled helpers for the kernels' flat arrays."""

from __future__ import annotations

from typing import Any

from numba import njit


@njit(cache=True)
def copy_cells(dst: Any, at: Any, src: Any, lo: Any, n: Any) -> None:
    """``dst[at:at + n] = src[lo:lo + n]`` as a loop. numba compiles a slice assignment from an
    array with its shape check and that check's error message, once a process: a fresh process
    compiling one such copy took 2.9-3.0 s, the same copy as this loop 0.75-0.8 s."""
    for i in range(n):
        dst[at + i] = src[lo + i]
