"""The one-byte value of a Three Musketeers position in the database, and its :class:`Value`.

The byte is a score for the musketeers: a musketeer win in p plies scores ``200 - p``, an enemy
win in p plies scores ``p``. The musketeers prefer higher scores and the enemies lower ones, which
is exactly "winning beats losing, winning sooner beats winning later, losing later beats losing
sooner"; so choosing a move is taking a max or a min. 255 never occurs in a finished table.
"""

from __future__ import annotations

from zermelo.core.value import Value
from zermelo.games.musketeers.rules import SIDES

M_WIN_0 = 200
"""The score of a position the musketeers have just won."""
THRESHOLD = 128
"""Scores from here up are musketeer wins."""


def score_to_value(score: int) -> Value:
    """The value a score stands for: who wins, in how many plies."""
    if score >= THRESHOLD:
        return Value.win(SIDES[0], M_WIN_0 - score)
    return Value.win(SIDES[1], score)


def value_to_score(value: Value) -> int:
    """The score of a win (the database holds no draws: Three Musketeers has none)."""
    assert value.plies is not None and value.player in SIDES
    return M_WIN_0 - value.plies if value.player == SIDES[0] else value.plies
