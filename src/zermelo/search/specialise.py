"""Compiled searches specialised to one game's kernels: compiled once, then cached on disk.

A game-free search that took the game's compiled functions as arguments would call them
through pointers, which numba never inlines. Instead a *factory* builds the search as a
closure over the game's functions, which numba calls directly and inlines. Numba keys the
disk cache of a closure by its pickled cells, but a compiled function pickles with an id drawn
anew in every process, so that cache would never be hit: :class:`_ClosureCache` keys the cells
by each function's module, name and source file (its modification time and size) instead, as
numba keys any function by its own source file.
"""

from __future__ import annotations

import hashlib
import inspect
import os
from collections.abc import Callable
from typing import Any

from numba.core.caching import FunctionCache
from numba.core.dispatcher import Dispatcher


class _ClosureCache(FunctionCache):
    """Numba's cache of a compiled function, its closure described by :func:`describe`."""

    def __init__(self, py_func: Any, cells: str) -> None:
        super().__init__(py_func)  # type: ignore[no-untyped-call]
        self._cells = hashlib.sha256(cells.encode()).hexdigest()

    def _index_key(self, sig: Any, codegen: Any) -> Any:
        code = hashlib.sha256(self._py_func.__code__.co_code).hexdigest()
        return sig, codegen.magic_tuple(), (code, self._cells)


def describe(value: Any) -> str:
    """A closure cell as the same text in every process: a compiled function by its module,
    name, source file's stamp and own cells; a number or a string by its repr. TypeError for
    anything else (its compiled code could not be told apart)."""
    if isinstance(value, Dispatcher):
        function = value.py_func
        stamp = os.stat(inspect.getfile(function))
        cells = ",".join(describe(cell.cell_contents) for cell in function.__closure__ or ())
        return (f"{function.__module__}.{function.__qualname__}"
                f"@{stamp.st_mtime_ns}:{stamp.st_size}({cells})")
    if isinstance(value, bool | int | float | str):
        return repr(value)
    raise TypeError(f"a compiled search cannot be specialised to {value!r}")


_BUILT: dict[tuple[Any, ...], Any] = {}


def specialised(factory: Callable[..., Any], *functions: Any) -> Any:
    """``factory(*functions)``, the search it returns compiled once a process and cached on
    disk (see the module docstring)."""
    key = (factory, *functions)
    if key not in _BUILT:
        search = factory(*functions)
        cells = ",".join(describe(cell.cell_contents)
                         for cell in search.py_func.__closure__ or ())
        search._cache = _ClosureCache(search.py_func, cells)
        _BUILT[key] = search
    return _BUILT[key]
