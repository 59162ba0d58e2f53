"""The rules of Pig (as analysed by Neller & Presser, "Optimal Play of the Dice Game Pig", The
UMAP Journal 25(1), 2004): on a turn the player rolls one die as often as they like; a 1 ends the
turn and loses the turn total, any other face adds to it; holding banks the turn total and passes
the turn. The first player to bank ``goal`` points wins.

A state is the side to move, both banked scores, the turn total, and whether the die is in the
air: after the move ``roll`` the state is a chance node whose outcomes are the faces 1 to 6,
each with probability 1/6.

Position text: ``A 37 52 12`` — A to move, A has banked 37, B 52, the turn total is 12
(``B 37 52 12``: B to move, same scores); ``A 37 52 12 roll`` is the chance node after A rolls.

>>> game = Pig()
>>> state = game.play_line(game.initial_state(), ["roll", "5", "roll", "1"])
>>> game.format_position(state)
'B 0 0 0'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from zermelo.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    OptionError,
)
from zermelo.core.game import CHANCE, Chance, Game, GameInfo, Mover

SIDES = ("A", "B")
ROLL = "roll"
HOLD = "hold"
OTHER = (1, 0)
"""The player who moves after player 0, and after player 1."""
FACES = (1, 2, 3, 4, 5, 6)
MAX_GOAL = 1000
"""The largest goal a variant may have (the solver's own bound is lower)."""
MAX_POINTS = 999_999
"""No score or turn total in a position text may exceed this."""

Move = str | int
"""``roll``, ``hold``, or at a chance node the face thrown (1 to 6)."""

_POSITION = re.compile(r"([AB])\s+([0-9]{1,6})\s+([0-9]{1,6})\s+([0-9]{1,6})(\s+roll)?")


@dataclass(frozen=True)
class PigState:
    """Whose turn it is (0 for A, 1 for B), the banked scores, the turn total, and whether the
    die has been thrown and not yet read (a chance node)."""

    mover: int
    scores: tuple[int, int]
    turn: int
    rolling: bool = False


class Pig(Game[PigState, Move]):
    """Pig to ``goal`` points (100 by default)."""

    def __init__(self, goal: int = 100) -> None:
        if not 1 <= goal <= MAX_GOAL:
            raise OptionError(f"goal {goal}: expected 1 to {MAX_GOAL}")
        self.goal = goal
        self.info = GameInfo(
            name="pig",
            title="Pig",
            players=SIDES,
            chance=Chance.EXPLICIT,
            max_game_length=None,
            player_names=SIDES,
        )

    def __repr__(self) -> str:
        return f"Pig(goal={self.goal})"

    # -- rules ---------------------------------------------------------------------------

    def initial_state(self) -> PigState:
        return PigState(0, (0, 0), 0)

    def to_move(self, state: PigState) -> Mover:
        return CHANCE if state.rolling else state.mover

    def is_terminal(self, state: PigState) -> bool:
        return max(state.scores) >= self.goal

    def legal_moves(self, state: PigState) -> list[Move]:
        if self.is_terminal(state):
            return []
        if state.rolling:
            return list(FACES)
        return [ROLL, HOLD] if state.turn > 0 else [ROLL]

    def chance_outcomes(self, state: PigState) -> list[tuple[Move, float]]:
        if not state.rolling or self.is_terminal(state):
            return super().chance_outcomes(state)
        return [(face, 1 / 6) for face in FACES]

    def apply(self, state: PigState, move: Move) -> PigState:
        mover = state.mover
        if state.rolling:
            if move == 1:
                return PigState(OTHER[mover], state.scores, 0)
            assert isinstance(move, int)
            return PigState(mover, state.scores, state.turn + move)
        if move == ROLL:
            return PigState(mover, state.scores, state.turn, True)
        scores = list(state.scores)
        scores[mover] += state.turn
        return PigState(OTHER[mover], (scores[0], scores[1]), 0)

    def returns(self, state: PigState) -> tuple[float, ...]:
        if not self.is_terminal(state):
            return (0.0, 0.0)
        return (1.0, -1.0) if state.scores[0] >= self.goal else (-1.0, 1.0)

    # -- notation ------------------------------------------------------------------------

    def parse_position(self, text: str) -> PigState:
        """Read ``A 37 52 12`` (with `` roll`` after it at a chance node)."""
        words = " ".join(text.split())
        match = _POSITION.fullmatch(words)
        if not match:
            shown = words if len(words) <= 40 else words[:40] + "..."
            raise InvalidPositionError(
                f"{shown!r}: expected the side to move (A or B), both banked scores and the "
                f"turn total, e.g. 'A 37 52 12' (and 'roll' after them at a chance node)")
        mover = SIDES.index(match.group(1))
        scores = (int(match.group(2)), int(match.group(3)))
        turn = int(match.group(4))
        state = PigState(mover, scores, turn, match.group(5) is not None)
        if min(scores) >= self.goal:
            raise InvalidPositionError(f"both players have reached the goal ({self.goal})")
        if self.is_terminal(state) and (turn or state.rolling):
            raise InvalidPositionError("the game is over: the turn total must be 0 and no die "
                                       "in the air")
        if self.is_terminal(state) and scores[mover] >= self.goal:
            raise InvalidPositionError(f"{SIDES[mover]} has won: the next turn is "
                                       f"{SIDES[OTHER[mover]]}'s")
        return state

    def format_position(self, state: PigState) -> str:
        roll = " roll" if state.rolling else ""
        return f"{SIDES[state.mover]} {state.scores[0]} {state.scores[1]} {state.turn}{roll}"

    def parse_move(self, state: PigState, text: str) -> Move:
        word = text.strip().lower()
        move: Move
        if word in (ROLL, HOLD):
            move = word
        elif len(word) == 1 and word.isascii() and word.isdigit() and int(word) in FACES:
            move = int(word)
        else:
            raise InvalidMoveError(f"{text.strip()[:20]!r} is not a move: roll, hold, or at a "
                                   f"chance node the face thrown (1 to 6)")
        if not self.is_legal(state, move):
            raise IllegalMoveError(f"{word}: {self._why_illegal(state, move)}")
        return move

    def _why_illegal(self, state: PigState, move: Move) -> str:
        if self.is_terminal(state):
            return "the game is over"
        if state.rolling:
            return "the die is in the air: the next move is the face thrown (1 to 6)"
        if isinstance(move, int):
            return "no die has been thrown"
        return "holding with a turn total of 0 is not a move"

    def format_move(self, state: PigState, move: Move) -> str:
        return str(move)
