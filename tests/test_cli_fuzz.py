"""Malformed input to every command, generated: one line on stderr and exit 2 (or a clean answer
and exit 0), never a traceback, never an internal error, never a long wait. Variants are kept
small so that a well-formed input that slips through is answered at once."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import CliRunner
from zermelo.cli.solve import DEFAULT_SECONDS

COMMANDS: list[list[str]] = [
    ["musketeers", "show"], ["musketeers", "moves"], ["musketeers", "moves", "--board", "4x4"],
    ["musketeers", "analyze"], ["musketeers", "line"],
    ["connect4", "show", "--board", "4x4"], ["connect4", "solve", "--board", "4x4"],
    ["connect4", "analyze", "--board", "4x4", "--k", "3"], ["connect4", "perft", "--board", "4x4"],
    ["connect4", "move", "--board", "4x4", "--depth", "2"],
    ["solve", "nim", "-a", "mcts", "--iterations", "20"], ["solve", "tictactoe"],
    ["solve", "pig", "-o", "goal=6"],
    ["solve"], ["play"], ["solve", "nim", "-o"], ["play", "tictactoe", "--engine"],
    ["solve", "tictactoe", "--depth"], ["solve", "nim", "--algorithm"], ["games", "--json"],
]
"""Command prefixes; the generated text is the last argument."""

TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="0123456789xX-.:, =MEABOmeab", max_size=30),
    st.sampled_from(["", "-", "--", "-1", "1e9", "99999999999999999999", "board=0x0",
                     "piles=" + ",".join(["64"] * 17), "k=1000000000", "\x00", "é", "4" * 200]),
)


@pytest.mark.parametrize("prefix", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXT)
def test_malformed_arguments_get_one_line(cli: CliRunner, prefix: list[str], text: str) -> None:
    if "\x00" in text and prefix[0] != "solve":
        text = text.replace("\x00", "")
    start = time.perf_counter()
    result = cli(*prefix, text, stdin="")
    seconds = time.perf_counter() - start
    assert result.code in (0, 2), (prefix, text, result.err)
    assert "Traceback" not in result.out + result.err
    assert "internal error" not in result.err
    if result.code == 2:
        lines = result.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("zermelo: "), (prefix, text, lines)
    # a valid search (e.g. a generated '--algorithm maxn') may use its whole default budget
    assert seconds < DEFAULT_SECONDS + 5, (prefix, text, seconds)
