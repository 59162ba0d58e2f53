"""The one-byte value of a Three Musketeers position in the database, and its :class:`Result`.

The byte is a score for the musketeers: a musketeer win in p plies scores ``200 - p``, an enemy
win in p plies scores ``p``. The musketeers prefer higher scores and the enemies lower ones, which
is exactly "winning beats losing, winning sooner beats winning later, losing later beats losing
sooner"; so choosing a move is taking a max or a min. 255 never occurs in a finished table.
"""

from __future__ import annotations

from zermelo.games.musketeers.rules import SIDES
from zermelo.solve.result import Result

M_WIN_0 = 200
"""The score of a position the musketeers have just won."""
THRESHOLD = 128
"""Scores from here up are musketeer wins."""


def score_to_result(score: int) -> Result:
    """The result a score stands for."""
    if score >= THRESHOLD:
        return Result(SIDES[0], M_WIN_0 - score)
    return Result(SIDES[1], score)


def result_to_score(result: Result) -> int:
    """The score of a result."""
    return M_WIN_0 - result.plies if result.winner == SIDES[0] else result.plies
