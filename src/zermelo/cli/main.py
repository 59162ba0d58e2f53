"""The ``zermelo`` command: sub-commands per game, ``play``, and one-line errors on bad input."""

from __future__ import annotations

import contextlib
import errno
import functools
import io
import os
import pkgutil
import sys
from collections.abc import Callable
from importlib import import_module
from typing import Annotated, Any, NoReturn

import typer

from zermelo import __version__
from zermelo.cli import bench, catalog, games, play, puzzles, serve, solve
from zermelo.core.errors import ZermeloError

app = typer.Typer(
    name="zermelo",
    help="Solve and play board games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
for _module in pkgutil.iter_modules(games.__path__):
    _group = getattr(import_module(f"{games.__name__}.{_module.name}"), "app", None)
    if isinstance(_group, typer.Typer):
        app.add_typer(_group, name=_module.name)
app.command(name="games")(catalog.games)
app.command(name="play")(play.play)
app.command(name="solve")(solve.solve)
app.command(name="bench")(bench.bench)
app.command(name="serve")(serve.serve)
app.command(name="puzzles")(puzzles.puzzles)


def _version(value: bool) -> None:
    if value:
        print(f"zermelo {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Solve and play board games."""


@functools.cache
def command() -> Callable[..., Any]:
    """The entry point of the command typer makes of :data:`app`, made once per process:
    making it reads the signature of every command (a tenth of a second), which a program or a
    test that runs the command line many times would otherwise pay each time."""
    return typer.main.get_command(app).main


DISK_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EROFS, errno.EFBIG}
"""System errors of writing that are the disk's, not a bug: one line, exit 2."""
MAX_MESSAGE = 300
"""No error line is longer: input echoed in a message is cut."""


def one_line(message: str) -> str:
    """``message`` on one line, at most MAX_MESSAGE characters."""
    line = " ".join(message.split())
    return line if len(line) <= MAX_MESSAGE else line[:MAX_MESSAGE - 3] + "..."


def internal(error: BaseException) -> NoReturn:
    """Report a bug in one line and exit with status 1."""
    detail = " ".join(str(error).split())[:200]
    print(f"zermelo: internal error: {type(error).__name__}: {detail}, please report",
          file=sys.stderr)
    sys.exit(1)


def _with_range(error: typer.TyperException) -> str:
    """A usage error's message; an option's value out of its range is told both bounds
    ("Invalid value for '--iterations': 0 is not from 1 to 10,000,000")."""
    message = error.format_message()
    param = getattr(error, "param", None)
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    problems: list[dict[str, Any]] = getattr(error.__cause__, "errors", lambda: [])()
    if low is None or high is None or not problems or problems[0].get("type") not in {
            "greater_than_equal", "less_than_equal", "greater_than", "less_than"}:
        return message
    head = message.partition(": Input should be")[0]
    given = problems[0].get("input")
    value = f"{given} is" if isinstance(given, str) and len(given) <= 20 else "the value is"
    return f"{head}: {value} not from {low:,} to {high:,}"


def main(argv: list[str] | None = None) -> None:
    """Run the command line; bad input (a :class:`ZermeloError`, or a file the user named that
    cannot be read or written) prints one line on stderr and exits with status 2. Any other
    exception is a bug: one line asking to report it, status 1.

    Set ``ZERMELO_DEBUG=1`` to see the traceback of an error instead.
    """
    for stream in (sys.stdout, sys.stderr):  # an encoding without some character: "?"
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="replace")
    try:
        result = command()(args=argv, prog_name="zermelo", standalone_mode=False)
        sys.stdout.flush()  # a full disk or /dev/full is found here, not at exit
    except typer.Exit as stop:
        sys.exit(stop.exit_code)
    except typer.TyperException as error:  # usage errors: unknown option, missing argument
        message = _with_range(error)
        if message:  # empty when the help was shown for a bare group command
            print(f"zermelo: error: {message}", file=sys.stderr)
        sys.exit(2)
    except (typer.Abort, KeyboardInterrupt):
        print("zermelo: aborted", file=sys.stderr)
        sys.exit(130)
    except BrokenPipeError:  # the reader of the output went away: status 1 and nothing to say,
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # as rich's console does
        sys.exit(1)
    except (ZermeloError, OSError) as error:
        if os.environ.get("ZERMELO_DEBUG"):
            raise
        if isinstance(error, OSError) and error.filename is None:
            if error.errno not in DISK_ERRORS:
                internal(error)  # not a file of the user's: a bug
            with contextlib.suppress(OSError, ValueError):  # no more output, none at exit
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            error = OSError(f"cannot write the output ({error.strerror})")
        message = str(error)
        print(one_line(message if message.startswith("zermelo") else f"zermelo: {message}"),
              file=sys.stderr)
        sys.exit(2)
    except Exception as error:  # a bug, not bad input
        if os.environ.get("ZERMELO_DEBUG"):
            raise
        internal(error)
    if isinstance(result, int):
        sys.exit(result)
