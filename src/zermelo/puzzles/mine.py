"""Puzzles from a game's analysis, for every game whose entry declares one.

A position is a puzzle when its side to move wins (or draws) and exactly one of its legal
moves keeps that result, every other one being worse, as the analysis says: a *win* puzzle
("find the only winning move") or a *save* puzzle ("find the only move that does not lose").
Its distance is the plies to the end of the win with the right move (a save: the plies in
which the quickest wrong move loses), its grade that distance in the winner's moves.
Candidate positions come from the entry's puzzle walk (``GameEntry.puzzles``), by default
random games from the start; positions the analysis refuses or cannot finish within its
budget are passed over.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeAlias

from zermelo.core.entry import AnyGame
from zermelo.core.errors import ZermeloError
from zermelo.core.game import CHANCE
from zermelo.core.value import Analysis, Kind, Value
from zermelo.games.registry import entry_of
from zermelo.search.base import Budget, budget

Walk: TypeAlias = Callable[[AnyGame, random.Random], Iterator[Any]]
"""``walk(game, rng)``: candidate positions, endlessly."""


@dataclass(frozen=True)
class Puzzle:
    """A position with one right move: what to find and how far it reaches."""

    position: str
    """In the notation ``zermelo solve`` and the analysis read."""
    mover: str
    kind: str
    """``win``: the only winning move; ``save``: the only move that does not lose."""
    solution: str
    value: Value
    """The position's value."""
    distance: int
    """Plies: to the end of the win (``win``), or in which the quickest wrong move loses."""

    @property
    def grade(self) -> str:
        """The puzzle in words, with its distance in the winner's moves."""
        moves = (self.distance + 1) // 2
        unit = "move" if moves == 1 else "moves"
        if self.kind == "win":
            return f"{self.mover} to play and win in {moves} {unit}"
        return f"{self.mover} to play and not lose (a wrong move loses in {moves} {unit})"

    def as_json(self) -> dict[str, Any]:
        """The puzzle as JSON: position, solution, kind, mover, distance, grade, value."""
        return {"position": self.position, "solution": self.solution, "kind": self.kind,
                "mover": self.mover, "distance": self.distance, "grade": self.grade,
                "value": self.value.as_json()}


def _result(value: Value, mover: str) -> int:
    """1 a win for ``mover``, 0 a draw, -1 a loss; 2 for a value with no such result."""
    if value.kind is Kind.PROBABILITY:
        return 2
    key = value.for_player(mover)[0]
    return (key > 0) - (key < 0)


def judge(game: AnyGame, state: Any, analysis: Analysis) -> Puzzle | None:
    """The puzzle ``state`` makes by its ``analysis``, or None: the side to move must win or
    draw, with two legal moves at least and exactly one keeping that result."""
    mover_index = game.to_move(state)
    if mover_index is CHANCE or game.is_terminal(state) or len(analysis.moves) < 2:
        return None
    mover = game.info.players[mover_index]
    result = _result(analysis.value, mover)
    if result not in (0, 1):
        return None
    keeping = [(m, v) for m, v in analysis.moves if _result(v, mover) >= result]
    if len(keeping) != 1 or len(analysis.moves) != len(game.legal_moves(state)):
        return None  # several right moves, or some move not valued
    move, value = keeping[0]
    if result == 1:
        distance = analysis.value.plies or (value.plies or 0) + 1
    else:
        wrong = [v.plies for m, v in analysis.moves if m != move and v.plies is not None]
        distance = min(wrong) + 1 if wrong else 0
    return Puzzle(game.format_position(state), mover, "win" if result == 1 else "save",
                  game.format_move(state, move), analysis.value, distance)


def random_games(game: AnyGame, rng: random.Random) -> Iterator[Any]:
    """Every position of random games from the start where a player (not chance) moves."""
    while True:
        state = game.initial_state()
        while not game.is_terminal(state):
            if game.to_move(state) is CHANCE:
                state = game.play(state, game.sample_chance(state, rng))
                continue
            yield state
            state = game.play(state, rng.choice(game.legal_moves(state)))


def walk_of(game: AnyGame) -> Walk:
    """The entry's puzzle walk, else random games from the start."""
    declared = entry_of(game).puzzles
    return random_games if declared is None else declared()


def mine(game: AnyGame, data: Path | None, count: int, seed: int = 0, tries: int = 2000,
         seconds: float = 2.0) -> list[Puzzle]:
    """Up to ``count`` distinct puzzles among ``tries`` candidate positions (each analysed
    within ``seconds``), the hardest (longest) first; the game's analysis checks each."""
    entry = entry_of(game)
    if entry.analysis is None:
        raise ZermeloError(f"{entry.title} has no analysis to find puzzles with")
    found: dict[str, Puzzle] = {}
    walk = walk_of(game)(game, random.Random(seed))
    for _ in range(tries):
        state = next(walk)
        position = game.format_position(state)
        if position in found:
            continue
        try:
            with budget(Budget(seconds=seconds)):
                analysis = entry.analyze(game, state, data)
        except ZermeloError:  # refused here, or not finished in time
            continue
        puzzle = judge(game, state, analysis)
        if puzzle is not None:
            found[position] = puzzle
            if len(found) >= count:
                break
    return sorted(found.values(), key=lambda p: (-p.distance, p.position))


def perfect_line(game: AnyGame, state: Any, data: Path | None, plies: int,
                 seconds: float = 5.0) -> list[Hashable]:
    """The moves of perfect play from ``state`` (a best move of the analysis each ply, the
    first listed among equals), at most ``plies`` of them, within ``seconds`` in all (then
    the line so far); chance ends it."""
    entry, line = entry_of(game), []
    try:
        with budget(Budget(seconds=seconds)):
            for _ in range(plies):
                if game.is_terminal(state) or game.to_move(state) is CHANCE:
                    break
                best = entry.analyze(game, state, data).best
                if not best:
                    break
                line.append(best[0])
                state = game.play(state, best[0])
    except ZermeloError:  # the time ran out, or a position refused: the line so far
        pass
    return line
