"""Errors of the machine and the environment a user can cause are one line: a full disk or
``/dev/full``, an output encoding without some character, a bad ``NUMBA_NUM_THREADS``, tables,
jobs and workers beyond the memory and cores."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import zermelo.core.machine as machine
from tests.conftest import CliRunner
from zermelo.cli import environment_problem
from zermelo.cli.main import main
from zermelo.core.errors import OptionError


def test_output_to_a_full_device_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "zermelo", "games"], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (
        2, "zermelo: cannot write the output (No space left on device)\n")


def test_a_full_disk_while_writing_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    class Full(io.StringIO):
        def flush(self) -> None:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(sys, "stdout", Full())
    with pytest.raises(SystemExit) as stop:
        main(["games"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == "zermelo: cannot write the output (No space left on " \
                                      "device)\n"


def test_an_ascii_output_gets_question_marks_not_a_traceback(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr(sys, "stdout", out)
    main(["solve", "tictactoe", "--depth", "1"])  # the board is drawn with "·"
    out.flush()
    assert b"?" in raw.getvalue() and b"best move" in raw.getvalue()


@pytest.mark.parametrize("value", ["0", "-1", "x", "٣", "99999"])
def test_a_bad_numba_thread_count_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                              value: str) -> None:
    monkeypatch.setenv("NUMBA_NUM_THREADS", value)
    problem = environment_problem()
    assert problem is not None and problem.startswith("NUMBA_NUM_THREADS=")
    monkeypatch.setenv("NUMBA_NUM_THREADS", "2")
    assert environment_problem() is None


def test_limits_follow_the_machine(monkeypatch: pytest.MonkeyPatch, cli: CliRunner) -> None:
    monkeypatch.setattr(machine, "available_memory", lambda: 1 << 30)
    done = cli("musketeers", "weak-solve", "--table-bits", "27")
    assert (done.code, done.err.strip()) == (
        2, "zermelo: invalid option: table bits 27: 1.4 GiB needed, 1.0 GiB available")
    with pytest.raises(OptionError, match=rf"jobs {4 * machine.cores() + 1}: this machine has"):
        machine.check_processes(4 * machine.cores() + 1, "jobs", 1, per_core=4)
    with pytest.raises(OptionError, match=r"workers 1: 1 x 2,048 MiB needs 2.0 GiB, 1.0 GiB"):
        machine.check_processes(1, "workers", 2 << 30)
    assert machine.whole_number("١٢") is None and machine.whole_number("12") == 12


def test_outputs_never_follow_a_planted_link_nor_block_on_a_fifo(cli: CliRunner,
                                                                 tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    link = tmp_path / "board.svg"
    link.symlink_to(victim)
    fifo = tmp_path / "fifo.svg"
    os.mkfifo(fifo)
    for target in (link, fifo):
        done = cli("turtles", "show", "deal", "--svg", str(target))
        assert done.code == 2 and done.err.strip().endswith("not a regular file, not replaced")
    assert victim.read_text() == "keep me"
    assert cli("turtles", "show", "deal", "--svg", str(tmp_path / "new.svg")).code == 0
    assert (tmp_path / "new.svg").read_text().startswith("<svg")


def test_a_fifo_given_as_an_input_file_is_refused(cli: CliRunner, tmp_path: Path) -> None:
    fifo = tmp_path / "book.npz"
    os.mkfifo(fifo)
    done = cli("connect4", "solve", "--board", "4x4", "--book", str(fifo), "1")
    assert (done.code, done.err) == (2, f"zermelo: bad data: {fifo}: not a regular file\n")
