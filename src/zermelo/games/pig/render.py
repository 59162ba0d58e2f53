"""Drawing a Pig position for the terminal: both scores against the goal, the turn total."""

from __future__ import annotations

from rich.text import Text

from zermelo.games.pig.rules import SIDES, Pig, PigState

BAR = 24
"""Width in characters of a full score bar."""


def board_text(game: Pig, state: PigState) -> Text:
    """A line per player: banked score as a bar towards the goal (the mover's turn total shown
    after it), then the die when it is in the air."""
    text = Text()
    for player, score in enumerate(state.scores):
        turn = state.turn if player == state.mover else 0
        banked = min(BAR, score * BAR // game.goal)
        pending = min(BAR - banked, (score + turn) * BAR // game.goal - banked)
        marker = ">" if player == state.mover and not game.is_terminal(state) else " "
        text.append(f"{marker} {SIDES[player]} {score:>3}", style="bold")
        text.append(" [")
        text.append("#" * banked, style="bold green")
        text.append("+" * pending, style="yellow")
        text.append("·" * (BAR - banked - pending), style="dim")
        text.append(f"] {game.goal}")
        if turn:
            text.append(f"  turn total {turn}", style="yellow")
        text.append("\n")
    if state.rolling:
        text.append("  the die is rolling\n", style="bold")
    return text


def status_line(game: Pig, state: PigState) -> str:
    """Whose turn it is, or who won."""
    if game.is_terminal(state):
        winner = 0 if state.scores[0] >= game.goal else 1
        return f"{SIDES[winner]} wins: {state.scores[winner]} points, the goal is {game.goal}"
    if state.rolling:
        return f"{SIDES[state.mover]} rolls the die"
    return f"{SIDES[state.mover]} to move (turn total {state.turn}): roll or hold"
