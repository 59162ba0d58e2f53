"""OpenSpiel's native code trusts its parameters: zermelo checks them first and loads a game
once in a child process under limits, so that no parameter crashes, hangs or floods zermelo
(one line, exit 2), and a server serves no OpenSpiel game it was not started with."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.conftest import CliRunner
from zermelo.openspiel.adapter import parameter_range
from zermelo.web import create_app

pytest.importorskip("pyspiel")


@pytest.mark.parametrize(("name", "problem"), [
    ("connect_four(rows=0)", "connect_four: rows 0: expected a whole number from 1 to 24"),
    ("mnk(m=3000,n=3000,k=5)", "mnk: m 3000: expected a whole number from 1 to 60"),
    ("mnk(m=1000,n=1000,k=5)", "mnk: m 1000: expected a whole number from 1 to 60"),
    ("universal_poker(numPlayers=10)", "universal_poker(numPlayers=10): OpenSpiel crashed "
     "loading it (SIGSEGV): parameters out of its range?"),
    ("connect_four(foo=3)", "connect_four: no parameter 'foo' (its parameters: columns, "
     "egocentric_obs_tensor, rows, x_in_row)"),
    ("connect_four(rows=\u0663)", "connect_four: rows '\u0663': expected a whole number"),
    ("connect_four(rows=-5)", "connect_four: rows -5: expected a whole number from 1 to 24"),
])
def test_parameters_that_would_crash_or_flood_are_one_line(cli: CliRunner, name: str,
                                                            problem: str) -> None:
    result = cli("solve", f"openspiel:{name}", "--seconds", "1")
    assert result.code == 2
    assert result.err.strip() == f"zermelo: invalid option: {problem}"


def test_the_ranges_of_whole_number_parameters() -> None:
    assert parameter_range("rows", 6) == (1, 24)
    assert parameter_range("players", 0) == (-1, 16)
    assert parameter_range("mercy_threshold", -350) == (-1400, 1400)
    assert parameter_range("rng_seed", -1) == (-(2**31), 2**31 - 1)


def test_a_server_serves_only_the_openspiel_games_it_was_started_with() -> None:
    plain = TestClient(create_app())
    for path in ("/board/openspiel:universal_poker(numPlayers=10).svg",
                 "/board/openspiel:tic_tac_toe.svg"):
        answer = plain.get(path)
        assert answer.status_code == 404
        assert "not served here (OpenSpiel games served: none" in answer.json()["error"]
    listed = TestClient(create_app(openspiel=["tic_tac_toe"]))
    moves = listed.post("/api/openspiel:tic_tac_toe/moves", json={})
    assert moves.status_code == 200 and len(moves.json()["moves"]) == 9
    refused = listed.post("/api/openspiel:mnk(m=3000,n=3000,k=5)/moves", json={})
    assert refused.status_code == 404
    assert refused.json()["error"].endswith("not served here (OpenSpiel games served: "
                                            "tic_tac_toe)")
