"""Puzzles mined from a game's exact analysis (its database, tables or solver): positions
with exactly one winning move, or exactly one move that saves a draw, graded by distance; and
the perfect line that refutes a wrong answer (:mod:`zermelo.puzzles.mine`)."""

from zermelo.puzzles.mine import Puzzle, judge, mine, perfect_line, random_games

__all__ = ["Puzzle", "judge", "mine", "perfect_line", "random_games"]
