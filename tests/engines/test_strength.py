"""Engine strength by matches: the Wilson interval against its defining equation, the series'
counting and seats, and the table of a tiny run of benchmarks/engine_strength.py."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from zermelo.engines.strength import Z95, play_series, wilson
from zermelo.games.registry import get_game

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "engine_strength.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    """The benchmark script as a module."""
    spec = importlib.util.spec_from_file_location("engine_strength", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_wilson_known_values() -> None:
    assert [round(x, 4) for x in wilson(50, 100)] == [0.4038, 0.5962]
    assert wilson(0, 10)[0] == 0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(10, 10)[1] == 1 and round(wilson(10, 10)[0], 4) == 0.7225
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_ends_solve_the_score_equation(case: tuple[int, int]) -> None:
    """Each end p of the interval is a root of (k/n - p)^2 = z^2 p (1 - p) / n: where the
    score test's statistic is exactly z (Wilson, 1927); the share itself lies between them."""
    successes, trials = case
    share = successes / trials
    low, high = wilson(successes, trials)
    assert 0 <= low <= share <= high <= 1
    for end in (low, high):
        if 0 < end < 1:
            assert math.isclose((share - end) ** 2, Z95 ** 2 * end * (1 - end) / trials,
                                rel_tol=1e-9, abs_tol=1e-12)


def test_a_series_counts_every_game_once_and_turns_the_seats() -> None:
    game = get_game("tictactoe").game()
    record = play_series(game, "random", "random", 6)
    assert record.games == 6 and record.wins + record.draws + record.losses == 6
    assert 6 * 2 <= record.moves <= 6 * 5  # 2 to 5 moves a game, X or O
    assert len(record.lines) <= 6 and record.seconds_a_move >= 0
    again = play_series(game, "random", "random", 6)
    assert (again.wins, again.draws, again.losses, again.moves) == (
        record.wins, record.draws, record.losses, record.moves)


def test_perfect_play_never_loses_and_draws_itself() -> None:
    game = get_game("tictactoe").game()
    assert play_series(game, "alphabeta:64", "random", 4).losses == 0
    against_itself = play_series(game, "alphabeta:64", "alphabeta:64", 2)
    assert against_itself.draws == 2


def test_the_engines_measured_are_the_defaults_and_the_strength_words(bench: ModuleType
                                                                      ) -> None:
    plan = next(p for p in bench.PLANS if p.game == "tictactoe")
    assert bench.engines_to_measure(plan) == [
        ("perfect", "perfect"), ("skill:75", "default"), ("random", ""),
        ("alphabeta:4", "default"), ("mcts:1000", "default"), ("skill:25", "easy"),
        ("skill:50", "club"), ("skill:90", "strong")]


def test_the_table_of_a_tiny_run(bench: ModuleType) -> None:
    plan = next(p for p in bench.PLANS if p.game == "tictactoe")
    rows = bench.measure(plan, ["skill:25"], 2, 0.2, None)
    assert [(r.engine, r.level, r.random.games, r.strongest.games) for r in rows] == [
        ("skill:25", "easy", 2, 2)]
    console = Console(record=True, width=200)
    console.print(bench.strength_table("tiny", plan.strongest, rows))
    text = console.export_text()
    assert "v alphabeta:64 W/D/L %" in text and "L 95 %" in text
    line = next(x for x in text.splitlines() if "skill:25" in x and "easy" in x)
    cells = [c.strip() for c in line.split("│")[1:-1]]
    record = rows[0].random
    assert cells[2] == "/".join(str(round(100 * c / 2)) for c in (
        record.wins, record.draws, record.losses))
    assert cells[6:8] == ["2", str(len(rows[0].strongest.lines))]
    assert cells[3] == bench.percent(*wilson(record.wins, 2))
