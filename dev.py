#!/usr/bin/env python3
"""Set up the virtual environment the project needs and run one of its jobs.

    python3 dev.py run    # install, solve Three Musketeers, analyse the start, serve the page
    python3 dev.py test   # install with test tools, then ruff, mypy and pytest (in parallel)

Only python3 (with venv and pip) is needed. The environment lives in .venv and is reinstalled
when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")


def sh(*args: str | Path) -> None:
    """Run a command from the project root; stop with its status if it fails."""
    print("+", " ".join(str(a) for a in args), flush=True)
    status = subprocess.call([str(a) for a in args], cwd=ROOT)
    if status:
        sys.exit(status)


def ensure_env(extra: str) -> None:
    """Create .venv and install the project (with ``extra``) unless already done for this
    pyproject.toml."""
    if not (BIN / "python").exists():
        venv.create(VENV, with_pip=True)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extra.encode()).hexdigest()
    stamp = VENV / ".installed"
    if stamp.exists() and stamp.read_text() == digest:
        return
    if not pip_is_recent():
        sh(BIN / "python", "-m", "pip", "install", "-q", "--upgrade", "pip")
    target = f".[{extra}]" if extra else "."
    # --no-compile: Python compiles the modules it imports when it first does, not all of them
    # (a quarter of the install's time)
    sh(BIN / "python", "-m", "pip", "install", "-q", "--no-compile", "-e", target)
    stamp.write_text(digest)


def pip_is_recent() -> bool:
    """Whether the environment's pip is 25.0 or later. Older ones (Python 3.11's bundled 23.2)
    take 25 CPU s to weigh the candidate wheels of this project's dependencies against 15 for
    25.0, so upgrading (2 s) shortens a fresh install by 5 to 9 s."""
    found = subprocess.run([str(BIN / "python"), "-c", "import pip; print(pip.__version__)"],
                           capture_output=True, text=True, check=False).stdout
    major, _, minor = found.strip().partition(".")
    return major.isdigit() and (int(major), int(minor.split(".")[0] or 0)) >= (25, 0)


def run() -> None:
    """The main job: build the Three Musketeers database if missing (a minute, with a progress
    bar; resumable), show the perfect-play analysis of the start, then serve the web page."""
    ensure_env("")
    sh(BIN / "zermelo", "musketeers", "solve")
    sh(BIN / "zermelo", "musketeers", "analyze", "M XXXXO XXXXX XXOXX XXXXX OXXXX")
    print("Open the URL below in a browser to play every game against every engine "
          "(Ctrl-C stops the server); `zermelo play musketeers` plays in the terminal.",
          flush=True)
    try:
        sh(BIN / "zermelo", "serve", *sys.argv[2:])
    except KeyboardInterrupt:
        print("stopped")


def ensure_chromium() -> None:
    """Install Debian's chromium for the browser tests when it is missing and we can (root with
    apt-get, as on a fresh CI machine); otherwise those tests skip."""
    if Path("/usr/bin/chromium").exists() or not shutil.which("apt-get") or os.geteuid() != 0:
        return
    command = "apt-get update -q && apt-get install -y -q chromium"
    print("+", command, flush=True)
    if subprocess.call(["sh", "-c", command]):
        print("dev.py: could not install chromium; the browser tests will be skipped",
              file=sys.stderr, flush=True)


def parallel(args: list[str]) -> list[str]:
    """pytest-xdist's options for one worker a core, unless ``args`` already choose (``-n``,
    ``--numprocesses``, ``-p no:xdist``). ``loadfile`` runs each test file on one worker: its
    module fixtures (a server with chromium, a Dask cluster) start once, and on a fresh clone
    two workers no longer compile the same kernels at once for neighbouring tests of one file
    (the kernels compiled twice took 62 CPU s instead of 143). A third worker on two cores
    gains nothing: 12 min 33 s against 12 min 41 s with two, on the same day's machine."""
    chosen = any(a.startswith(("-n", "--numprocesses")) or a.endswith("no:xdist") for a in args)
    return [] if chosen else ["-n", "auto", "--dist", "loadfile"]


def test() -> None:
    """Every check: lint, then the types and the whole test suite at once on every core."""
    ensure_env("test")
    ensure_chromium()
    linted = [p for p in ("src", "tests", "benchmarks", "dev.py") if (ROOT / p).exists()]
    sh(BIN / "ruff", "check", *linted)
    # the type check runs beside the tests, at a lower priority: it takes the cores the tests
    # leave while they wait for a browser, a server or a cluster
    # (pyproject.toml names what it checks: src and the typed callers of the searches)
    print("+", BIN / "mypy", "(beside the tests)", flush=True)
    types = subprocess.Popen([str(BIN / "mypy")], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True,
                             preexec_fn=(lambda: os.nice(10)) if os.name == "posix" else None)
    args = sys.argv[2:]
    print("+", BIN / "python", "-m", "pytest", *parallel(args), *args, flush=True)
    tests = subprocess.call([str(BIN / "python"), "-m", "pytest", *parallel(args), *args],
                            cwd=ROOT)
    report, _ = types.communicate()
    print(f"mypy:\n{report}", end="", flush=True)
    sys.exit(tests or types.returncode)


def keep_bytecode() -> None:
    """Let the jobs' Python processes write the bytecode of the modules they import, also
    where the environment says not to (``PYTHONDONTWRITEBYTECODE``): the tests start dozens of
    processes (test workers, the command line, Dask and server workers), and each would compile
    numpy, numba and dask from source again: collecting the tests took 14.8 CPU s a worker
    instead of 5.3. The bytecode goes to .venv and the checkout's ignored ``__pycache__``."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


if __name__ == "__main__":
    jobs = {"run": run, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in jobs:
        print(f"usage: python3 dev.py {{{'|'.join(jobs)}}} [args...]", file=sys.stderr)
        sys.exit(2)
    keep_bytecode()
    jobs[sys.argv[1]]()
