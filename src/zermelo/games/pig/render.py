"""Drawing a Pig position for the terminal: both scores against the goal, the turn total."""

from __future__ import annotations

from rich.text import Text

from zermelo.core.picture import Picture, View, circle, label, rect
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


PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
        4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
        6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}
"""Where a face's pips sit on a 3 x 3 grid."""


def thrown(state: PigState, before: PigState | None) -> int | None:
    """The face the die showed, when ``state`` follows the die's landing in ``before``."""
    if before is None or not before.rolling or state.rolling:
        return None
    return state.turn - before.turn if state.mover == before.mover else 1


def _die(x: float, y: float, face: int) -> list[str]:
    size = 64.0
    shapes = [rect(x, y, size, size, rx=12, class_="last", fill="#ffffff", stroke="#37474f",
                   stroke_width=3)]
    shapes += [circle(x + 14 + i * 18, y + 14 + j * 18, 6,
                      fill="#c62828" if face == 1 else "#263238") for i, j in PIPS[face]]
    return shapes


def board_picture(game: Pig, state: PigState, view: View) -> Picture:
    """Each player's banked score as a green bar towards the goal (the mover's turn total
    amber after it), the die's last face, and the Roll and Hold buttons as targets."""
    width, bar = 480.0, 300.0
    picture = Picture(width, 290, f"Pig, {status_line(game, state)}", 60)
    order = (1, 0) if view.flip else (0, 1)
    for place, player in enumerate(order):
        y = 14 + place * 64
        score = state.scores[player]
        turn = state.turn if player == state.mover and not game.is_terminal(state) else 0
        banked = min(1.0, score / game.goal) * bar
        pending = min(1.0, (score + turn) / game.goal) * bar - banked
        mark = "▶ " if player == state.mover and not game.is_terminal(state) else ""
        picture.add(label(40, y + 20, mark + SIDES[player], 22, fill="#263238",
                          font_weight="bold"),
                    rect(80, y + 6, bar, 28, rx=6, fill="#eceff1", stroke="#90a4ae"),
                    rect(80, y + 6, banked, 28, rx=6, fill="#2e7d32"),
                    rect(80 + banked, y + 6, pending, 28, fill="#f9a825"),
                    label(420, y + 20, f"{score}" + (f" +{turn}" if turn else ""), 20,
                          fill="#263238", font_weight="bold"),
                    label(80 + bar / 2, y + 48, f"goal {game.goal}", 12, fill="#546e7a"))
    face = thrown(state, view.before)
    if face is not None:
        picture.add(*_die(24, 150, face))
    if state.rolling:
        picture.add(label(56, 182, "?", 40, fill="#263238"))
    legal = [] if state.rolling else game.legal_moves(state)
    for place, (word, text) in enumerate((("roll", "Roll"), ("hold", "Hold"))):
        x = 130 + place * 170
        colour = ("#1565c0" if word == "roll" else "#2e7d32") if word in legal else "#90a4ae"
        picture.target(word, "Roll the die" if word == "roll" else "Hold: bank the turn",
                       (x + 70, 262), rect(x, 150, 140, 64, rx=14, fill=colour),
                       rect(x, 150, 140, 64, rx=14, class_="hl"),
                       label(x + 70, 182, text, 24, fill="#ffffff", font_weight="bold"))
    for move in legal:
        picture.move(str(move), (str(move),))
    return picture


def move_words(game: Pig, text: str) -> str:
    """A move or a throw of the die in words (``1``: the turn's points lost)."""
    word = text.strip().lower()
    if word == "roll":
        return "roll: throw the die (a 1 loses the turn's points)"
    if word == "hold":
        return "hold: bank the turn's points and pass the die"
    if word == "1":
        return "the die shows 1: the turn's points are lost and the turn passes"
    if word in ("2", "3", "4", "5", "6"):
        return f"the die shows {word}: {word} points added to the turn"
    return text
