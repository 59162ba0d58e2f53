"""The console examples of README.md and docs/*.md: found, run and compared with what they show.

A ```` ```console ```` block holds commands (lines after a ``$`` prompt, continued by a trailing
backslash) each followed by its output. A block is either run, each command in order by bash in
one working directory per page (so a page's later examples see what its earlier ones built), or
marked as an excerpt of a long run by an HTML comment on the line before it::

    <!-- excerpt: a build of 40 minutes -->
    <!-- excerpt: benchmarks/turtles_exact.py, minutes of CPU -->

What takes more than a few CPU seconds is an excerpt, so that the suite stays fast. An excerpt
is not run, but each ``zermelo`` command in it must name a command and options the command line
has, and each ``python benchmarks/NAME.py`` a script that exists and has the options, and that
the comment names.
Outputs are compared line by line after :data:`MASKS` replaced what changes from run to run.
A line ``...`` alone in a shown output stands for any number of printed lines, and ``...``
within a line for any text (an output cut, and shown to be); blank lines before the first
printed line are dropped (a transient progress bar, erased on a terminal, leaves one on a pipe).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
PROMPT = re.compile(r"^(?:[\w-]+)?\$ ")
EXCERPT = re.compile(r"^<!-- excerpt: (?P<why>\S.*?) -->$")

MASKS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), r) for p, r in (
    # dates and clock times: 2026-11-28, 18:45:01
    (r"\b\d{4}-\d\d-\d\d\b", "<date>"),
    (r"\b\d?\d:\d\d:\d\d\b", "<clock>"),
    # paths under the temporary directories a run writes to
    (r"(?:/tmp|/var/folders)/\S*", "<path>"),
    # load averages: "load average: 2.88, 1.43, 1.86", "load 2.1"
    (r"load(?: average)?:? [\d.]+(?:, [\d.]+)*", "load <load>"),
    # rates: "1,234 nodes/s", "5.2 M/s", "57,000 per CPU second"
    (r"[\d,.]+ ?[kMG]? ?[\w-]*/s\b", "<rate>"),
    # durations: "0.007 s", "12 ms", "3 min", "1.5 h"; also a "seconds" row's bare figure
    (r"\b[\d,.]+ ?(?:s|ms|µs|min|h|days?)\b", "<time>"),
    (r"\b(seconds|time|elapsed)(\"?:? +)\d[\d,]*(?:\.\d+)?(?:e-?\d+)?", r"\1\2<time>"),
    # line numbers in grep's answers, which move with every edit above the line found
    (r"^(src/\S+?\.py):\d+:", r"\1:<line>:"),
    # secret tokens and digests: 16 or more hexadecimal digits
    (r"\b(?=[0-9a-f]*[a-f])[0-9a-f]{16,}\b", "<hex>"),
))
"""What a run changes from run to run, replaced on both sides before the comparison."""


@dataclass
class Command:
    """One prompt line (joined with its continuations) and the output shown under it."""

    line: int
    text: str
    output: list[str] = field(default_factory=list)


@dataclass
class Block:
    """One ```` ```console ```` block of a page."""

    page: Path
    line: int
    excerpt: str | None
    commands: list[Command]

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The console blocks of ``page`` in order, with their commands and outputs."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        before = next((lines[j].strip() for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        marked = EXCERPT.match(before)
        block = Block(page, i + 1, marked["why"] if marked else None, [])
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            text = lines[i]
            if PROMPT.match(text):
                start = i
                command = PROMPT.sub("", text, count=1)
                while command.endswith("\\") and i + 1 < len(lines):
                    i += 1
                    command = command[:-1] + " " + lines[i].strip()
                block.commands.append(Command(start + 1, command))
            elif block.commands:
                block.commands[-1].output.append(text)
            i += 1
        found.append(block)
        i += 1
    return found


def masked(lines: list[str]) -> list[str]:
    """``lines`` with :data:`MASKS` applied, trailing spaces and trailing blank lines dropped."""
    out = []
    for text in lines:
        for pattern, replacement in MASKS:
            text = pattern.sub(replacement, text)
        out.append(text.rstrip())
    while out and not out[-1]:
        out.pop()
    while out and not out[0]:
        out.pop(0)
    return out


def simple_commands(text: str) -> list[list[str]]:
    """The words of each simple command of a shell line (split at ``|``, ``;``, ``&&``, ``&``
    and ``do``), without comments, environment assignments, ``nice`` and ``time``."""
    lexer = shlex.shlex(text, posix=True, punctuation_chars=";&|")
    lexer.whitespace_split = True
    lexer.commenters = "#"
    commands: list[list[str]] = [[]]
    for word in lexer:
        if word in {";", "|", "&&", "&", "||", "do"}:
            commands.append([])
        else:
            commands[-1].append(word)
    return [words for words in map(unwrapped, commands) if words]


def unwrapped(words: list[str]) -> list[str]:
    """``words`` without leading ``NAME=value``, ``nice -n N``, ``time`` and ``/usr/bin/time``
    with its options."""
    while words:
        if re.fullmatch(r"[A-Z_]+=\S*", words[0]) or words[0] == "time":
            words = words[1:]
        elif words[0] == "nice":
            words = words[3:] if words[1:2] == ["-n"] else words[1:]
        elif words[0] == "/usr/bin/time":
            words = words[1:]
            while words and words[0].startswith("-"):
                words = words[2:] if words[0] in {"-f", "-o"} else words[1:]
        else:
            break
    return words


def missing(words: list[str]) -> str | None:
    """Why the simple command ``words`` names what does not exist (a ``zermelo`` command or
    option, a benchmark script or its option), or None."""
    if words[0] == "zermelo":
        return missing_option(words)
    if Path(words[0]).name == "python" and words[1:2] and words[1].startswith("benchmarks/"):
        script = ROOT / words[1]
        if not script.is_file():
            return f"no script {words[1]}"
        source = script.read_text(encoding="utf-8")
        for word in words[2:]:
            option = word.split("=", 1)[0]
            if option.startswith("--") and f'"{option}"' not in source:
                return f"{words[1]} has no option {option}"
    return None


def missing_option(words: list[str]) -> str | None:
    """Why ``zermelo WORDS`` names a command or option the command line lacks, or None."""
    import typer

    from zermelo.cli.main import app

    command = typer.main.get_command(app)
    rest = words[1:]
    while hasattr(command, "commands") and rest and not rest[0].startswith("-"):
        found = command.commands.get(rest[0])
        if found is None:
            return f"no command {' '.join(words[: len(words) - len(rest) + 1])}"
        command, rest = found, rest[1:]
    options = {name for param in command.params for name in param.opts + param.secondary_opts}
    for word in rest:
        option = word.split("=", 1)[0] if word.startswith("--") else word[:2]
        if word.startswith("-") and len(word) > 1 and not word[1].isdigit() \
                and option not in options:
            return f"zermelo {command.name} has no option {option}"
    return None


def workspace(root: Path) -> dict[str, str]:
    """Make ``root`` a page's working directory (the checkout's ``src`` and ``benchmarks``
    linked in, an empty data directory) and return the environment its commands run in: the
    virtual environment's ``zermelo`` and ``python`` first on the path, a terminal 160 columns
    wide (the pages' examples were taken in one; a command may set its own ``COLUMNS``)."""
    for name in ("src", "benchmarks"):
        (root / name).symlink_to(ROOT / name)
    env = {key: value for key, value in os.environ.items() if key not in {"COLUMNS", "LINES"}}
    env["COLUMNS"] = "160"
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["ZERMELO_DATA"] = str(root / "zermelo-data")
    return env


def run(command: str, cwd: Path, env: dict[str, str], timeout: float = 120) -> list[str]:
    """What ``command`` prints (standard output and error as a terminal interleaves them)."""
    done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=timeout, check=False)
    return done.stdout.splitlines()


def agrees(shown: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` is what ``shown`` shows, both masked, where a line ``...`` alone
    in ``shown`` stands for any number of lines (an output cut, and said to be)."""
    shown, printed = masked(shown), masked(printed)

    def from_(i: int, j: int) -> bool:
        if i == len(shown):
            return j == len(printed)
        if shown[i].strip() == "...":
            return any(from_(i + 1, k) for k in range(j, len(printed) + 1))
        return j < len(printed) and same(shown[i], printed[j]) and from_(i + 1, j + 1)

    return from_(0, 0)


def same(shown: str, printed: str) -> bool:
    """Whether the masked line ``printed`` is ``shown``, where ``...`` in ``shown`` stands for
    any text."""
    if "..." not in shown:
        return shown == printed
    pattern = ".*".join(re.escape(part) for part in shown.split("..."))
    return re.fullmatch(pattern, printed) is not None
