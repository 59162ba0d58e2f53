"""Every function a game declares for the kernel contract compiles with its signature: the
types the compiled searches call it with (it compiles when first called, so its module's import
checks nothing)."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
from numba import types
from numba.core.errors import TypingError

import zermelo
from zermelo.core import kernel_signatures as sig

SOURCE = Path(zermelo.__file__).parent


def declaring_modules() -> list[str]:
    """The modules of the package that declare contract functions, found in their source."""
    return sorted(".".join(("zermelo", *path.relative_to(SOURCE).with_suffix("").parts))
                  for path in SOURCE.rglob("*.py")
                  if any(mark in path.read_text() for mark in ("@contract(", "@sig.contract(")))


def check(function: Any, signature: Any) -> None:
    """Compile ``function`` for the signature's arguments, as the searches pass them (the
    compiled code they run, from the disk cache when a search compiled it first): a
    :class:`TypingError` if it does not type; its result must be of the declared type."""
    function.compile(signature.args)
    returned = function.overloads[signature.args].signature.return_type
    assert types.unliteral(returned) == signature.return_type, (function, returned)


def test_every_declared_function_compiles_with_its_signature() -> None:
    modules = declaring_modules()
    assert {"zermelo.games.turtles.kernels", "zermelo.games.morris.contract",
            "zermelo.solvers.connect4.mcts", "zermelo.search.ismcts_kernel"} <= set(modules)
    for name in modules:
        import_module(name)
    assert len(sig.CONTRACTS) >= 20
    for function, signature in sig.CONTRACTS:
        check(function, signature)


def test_functions_of_other_types_fail_the_check() -> None:
    @sig.contract(sig.LEGAL)
    def two_d(state, rules, out):  # type: ignore[no-untyped-def]
        return state[0, 0]  # a 2-d state, not the contract's flat one

    @sig.contract(sig.LEGAL)
    def halves(state, rules, out):  # type: ignore[no-untyped-def]
        return state[0] / 2  # a float where the contract counts moves

    for function in (two_d, halves):
        sig.CONTRACTS.remove((function, sig.LEGAL))
        assert function.signatures == []  # nothing compiled when declared
    with pytest.raises(TypingError):
        check(two_d, sig.LEGAL)
    with pytest.raises(AssertionError):
        check(halves, sig.LEGAL)
