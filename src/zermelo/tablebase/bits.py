"""Compiled bit tricks that the database kernels of several games share."""

from __future__ import annotations

from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros


@njit(cache=True, inline="always")
def next_subset(e):  # type: ignore[no-untyped-def]
    """The next mask with as many bits set, in increasing order (Gosper's hack): enumerating
    the sets of k points in colex order, so a set's rank is the loop counter."""
    c = e & -e
    r = e + c
    return r | (((r ^ e) >> 2) >> trailing_zeros(c))  # type: ignore[call-arg]
