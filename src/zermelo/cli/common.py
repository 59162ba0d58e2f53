"""Helpers every command shares: reading positions, variant options, the consoles."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from typer.core import TyperOption

from zermelo.core.errors import DataError, OptionError
from zermelo.tablebase.store import write_atomically

console = Console(highlight=False)
"""Standard output."""

_type_shown = TyperOption.display_type_rich


def _flag_type_hidden(self: TyperOption, ctx: Any) -> str | None:
    """A flag's help row without a ``<bool>``: a flag takes no value."""
    return None if self.is_flag else _type_shown(self, ctx)


TyperOption.display_type_rich = _flag_type_hidden  # type: ignore[method-assign]

PositionArg = Annotated[
    str, typer.Argument(help="A position in the game's notation, or - to read it from stdin.")
]
BoardOpt = Annotated[str, typer.Option("--board", help="Board size WIDTHxHEIGHT.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="KEY=VALUE", help="A variant option of the game (its options "
    "and their ranges: 'zermelo games'); repeatable.")]


def parse_options(items: list[str] | None) -> dict[str, str]:
    """``["board=4x4", "k=3"]`` -> ``{"board": "4x4", "k": "3"}``."""
    options = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {item[:40]!r}: expected KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def read_position(text: str) -> str:
    """The position text itself, or standard input's when ``text`` is ``-``."""
    return sys.stdin.read() if text == "-" else text


def write_output(path: Path, data: str | bytes) -> None:
    """Write an output file the user named (``--svg``, ``--csv``, ``--png``, ...) as a whole:
    never through a link planted at ``path``, nor into a FIFO or a device, which are refused in
    one line."""
    write_atomically(path, data.encode() if isinstance(data, str) else data)


def figure_bytes(figure: Any, dpi: int) -> bytes:
    """A matplotlib figure as PNG bytes (for :func:`write_output`)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def input_file(path: Path) -> Path:
    """``path`` if it is a regular file (or absent: the reader says so); a FIFO, a device or a
    directory given as a file is refused in one line instead of blocking or failing later."""
    if path.exists() and not path.is_file():
        raise DataError(f"{path}: not a regular file")
    return path
