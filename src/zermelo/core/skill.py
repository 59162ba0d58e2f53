"""The engines a game with an exact analysis declares in its entry: ``perfect`` (a best move)
and ``skill:LEVEL`` (a best move LEVEL % of the time, else a worse one); they play from the
analysis itself (:mod:`zermelo.engines.analysed`, imported on first use)."""

from __future__ import annotations

from typing import Any

from zermelo.core.entry import EngineFactory, EngineSpec, G

SKILL_DEFAULT = 75
"""The skill engine's level when none is given: a best move three times in four."""
SKILL_SUMMARY = ("a best move with probability LEVEL %, else a move that is not among the best "
                 "(the analysis says which)")


def _perfect() -> EngineFactory[Any]:
    from zermelo.engines.analysed import perfect_engine
    return perfect_engine


def _skill() -> EngineFactory[Any]:
    from zermelo.engines.analysed import skill_engine
    return skill_engine


def perfect_spec(measured: str) -> EngineSpec[G]:
    """``perfect``: a best move of the game's analysis, at random among equals."""
    return EngineSpec("perfect", f"a best move of the exact analysis, at random among equals; "
                      f"{measured}", _perfect)


def skill_spec(measured: str) -> EngineSpec[G]:
    """``skill:LEVEL`` (0-100, default 75), its strength as ``measured`` against perfect."""
    return EngineSpec("skill", f"{SKILL_SUMMARY}; {measured}", _skill, "percent of best moves",
                      SKILL_DEFAULT, 0, 100)
