"""Pig: the dice game that makes chance real (two players, one die, first to the goal wins)."""

from zermelo.games.pig.rules import HOLD, ROLL, SIDES, Pig, PigState

__all__ = ["HOLD", "ROLL", "SIDES", "Pig", "PigState"]
