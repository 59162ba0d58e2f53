"""Every function a game declares for the kernel contract compiles with its signature: the
types the compiled searches call it with (it compiles when first called, so its module's import
checks nothing)."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

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


def test_every_declared_function_compiles_with_its_signature() -> None:
    modules = declaring_modules()
    assert {"zermelo.games.turtles.kernels", "zermelo.games.morris.contract",
            "zermelo.solvers.connect4.mcts", "zermelo.search.ismcts_kernel"} <= set(modules)
    for name in modules:
        import_module(name)
    assert len(sig.CONTRACTS) >= 20
    for function, signature in sig.CONTRACTS:
        # the arguments as the searches pass them (the compiled code they run, from the disk
        # cache when a search compiled it first); the result must be of the declared type
        function.compile(signature.args)
        returned = function.overloads[signature.args].signature.return_type
        assert types.unliteral(returned) == signature.return_type, (function, returned)


def test_a_function_of_other_types_fails_the_check() -> None:
    @sig.contract(sig.LEGAL)
    def legal(state, rules, out):  # type: ignore[no-untyped-def]
        return state[0, 0]  # a 2-d state, not the contract's flat one

    sig.CONTRACTS.remove((legal, sig.LEGAL))
    assert legal.signatures == []  # nothing compiled when declared
    with pytest.raises(TypingError):
        legal.compile(sig.LEGAL.args)
