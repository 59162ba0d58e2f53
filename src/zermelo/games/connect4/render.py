"""Drawing a Connect Four position for the terminal."""

from __future__ import annotations

from rich.text import Text

from zermelo.core.picture import Picture, View, circle, label, rect
from zermelo.games.connect4.rules import PLAYERS, ConnectFour, Position

_STONES = {0: ("X", "bold red"), 1: ("O", "bold yellow"), None: ("·", "dim")}


def board_text(game: ConnectFour, state: Position) -> Text:
    """The board top row first, with the column digits underneath."""
    b = game.board
    first = state.current if state.count % 2 == 0 else state.current ^ state.mask
    text = Text()
    for row in reversed(range(b.height)):
        for col in range(b.width):
            bit = 1 << b.bit(col, row)
            owner = None if not state.mask & bit else 0 if first & bit else 1
            glyph, style = _STONES[owner]
            text.append(glyph, style=style)
            text.append(" " if col < b.width - 1 else "\n")
    text.append(" ".join(str(c + 1) for c in range(b.width)) + "\n")
    return text


def status_line(game: ConnectFour, state: Position) -> str:
    """Whose turn it is, or how the game ended."""
    reason = game.end_reason(state)
    return reason if reason is not None else f"{PLAYERS[game.to_move(state)]} to move"


DISCS = ("#d32f2f", "#fdd835")
"""X's discs red, O's yellow."""
RIMS = ("#7f0000", "#8d6e00")


def winning_cells(game: ConnectFour, state: Position) -> int:
    """The cells of every line of ``k`` of the last mover's stones, when the last move won."""
    b = game.board
    if not state.won:
        return 0
    stones, cells = state.current ^ state.mask, 0
    for col in range(b.width):
        for row in range(b.height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                line = [(col + i * dc, row + i * dr) for i in range(b.k)]
                if all(0 <= c < b.width and 0 <= r < b.height for c, r in line):
                    bits = sum(1 << b.bit(c, r) for c, r in line)
                    cells |= bits if stones & bits == bits else 0
    return cells


def board_picture(game: ConnectFour, state: Position, view: View) -> Picture:
    """A blue frame of holes with red and yellow discs (a winning line ringed in white); each
    column is a target whose hover shows where the next disc drops, with the column's number
    and room for its value below."""
    b = game.board
    unit = 60.0
    top, frame_h = 8.0, b.height * unit
    width, height = b.width * unit + 16, top + frame_h + 58
    picture = Picture(width, height, f"Connect Four board, {status_line(game, state)}", unit)
    picture.add(rect(4, top - 4, b.width * unit + 8, frame_h + 8, rx=12, fill="#1565c0"))
    first = state.current if state.count % 2 == 0 else state.current ^ state.mask
    before = view.before.mask if view.before is not None else state.mask
    won = winning_cells(game, state)
    mover = game.to_move(state)
    for col in range(b.width):
        x = 8 + (b.width - 1 - col if view.flip else col) * unit
        shapes = [rect(x, top, unit, frame_h + 50, fill="transparent"),
                  rect(x + 2, top, unit - 4, frame_h, rx=8, class_="hl")]
        free = None
        for row in range(b.height):
            bit = 1 << b.bit(col, row)
            cx, cy = x + unit / 2, top + (b.height - 1 - row + 0.5) * unit
            if not state.mask & bit:
                shapes.append(circle(cx, cy, unit * 0.39, fill="#e8f0fe"))
                free = (cx, cy) if free is None else free
                continue
            owner = 0 if first & bit else 1
            shapes.append(circle(cx, cy, unit * 0.39, fill=DISCS[owner], stroke=RIMS[owner],
                                 stroke_width=2))
            if won & bit:
                shapes.append(circle(cx, cy, unit * 0.3, fill="none", stroke="#ffffff",
                                     stroke_width=4))
            if not before & bit:
                shapes.append(circle(cx, cy, unit * 0.12, class_="last", fill="#ffffff",
                                     stroke="#263238", stroke_width=3))
        if free is not None and mover >= 0:
            shapes.append(circle(*free, unit * 0.39, class_="preview", fill=DISCS[mover]))
        shapes.append(label(x + unit / 2, top + frame_h + 16, str(col + 1), 18,
                            fill="#263238", font_weight="bold"))
        spoken = f"column {col + 1}" + ("" if free is not None else ", full")
        picture.target(str(col + 1), spoken, (x + unit / 2, top + frame_h + 42), *shapes)
    for move in game.legal_moves(state):
        text = game.format_move(state, move)
        picture.move(text, (text,))
    return picture


def move_words(game: ConnectFour, text: str) -> str:
    """``4`` as "4: a disc dropped into column 4"."""
    word = text.strip()
    return f"{word}: a disc dropped into column {word}" if word.isdigit() else text
