"""Compiled helpers for the kernels' flat arrays."""

from __future__ import annotations

from typing import Any

from numba import njit


@njit(cache=True)
def copy_cells(dst: Any, at: Any, src: Any, lo: Any, n: Any) -> None:
    """``dst[at:at + n] = src[lo:lo + n]`` as a loop. numba compiles a slice assignment from an
    array with its shape check and that check's error message: 2.7 s of compiling once a
    process, against 0.05 s for this loop."""
    for i in range(n):
        dst[at + i] = src[lo + i]
