"""Drawing a Morris position: terminal text (rich) and the board picture of the web page (SVG),
both from the board's data (points, lines, mills); stones standing in a mill are highlighted."""

from __future__ import annotations

import itertools

from rich.text import Text

from zermelo.core.picture import Picture, View, circle, label, line, rect
from zermelo.games.morris.boards import Board
from zermelo.games.morris.rules import PLAYERS, Morris, Position

_STONES = {"W": ("W", "bold red"), "B": ("B", "bold blue"), ".": ("·", "dim")}
_DX, _DY = 4, 2
"""Characters between neighbouring columns, lines between neighbouring rows."""


def mill_points(board: Board, state: Position) -> set[int]:
    """The points whose stones stand in a mill of their side."""
    return {p for stones in (state.white, state.black) for mill, mask
            in zip(board.mills, board.mill_masks, strict=True) if stones & mask == mask
            for p in mill}


def _owner(state: Position, p: int) -> str:
    return "W" if state.white >> p & 1 else "B" if state.black >> p & 1 else "."


def board_text(game: Morris, state: Position) -> Text:
    """The board with its lines, top row first, row numbers on the left and column letters
    underneath; stones in a mill are underlined."""
    b = game.board
    top = max(y for _, y in b.coords)
    width = max(x for x, _ in b.coords) * _DX + 1
    grid = [[" "] * width for _ in range(top * _DY + 1)]
    for run in b.lines:
        for p, q in itertools.pairwise(run):
            (x1, y1), (x2, y2) = sorted((b.coords[p], b.coords[q]))
            if y1 == y2:
                for cx in range(x1 * _DX + 1, x2 * _DX):
                    grid[(top - y1) * _DY][cx] = "-"
            elif x1 == x2:
                for cy in range(min(y1, y2) * _DY + 1, max(y1, y2) * _DY):
                    grid[top * _DY - cy][x1 * _DX] = "|"
            else:  # a diagonal: its middle character
                grid[top * _DY - (y1 + y2) * _DY // 2][(x1 + x2) * _DX // 2] = (
                    "/" if y2 > y1 else "\\")
    at = {(x * _DX, top * _DY - y * _DY): p for p, (x, y) in enumerate(b.coords)}
    milled = mill_points(b, state)
    base = min(int(n[1:]) - y for n, (_, y) in zip(b.names, b.coords, strict=True))
    text = Text()
    for number, row in enumerate(grid):
        name = top - number // _DY + base
        text.append(f"{name:>2} " if number % _DY == 0 else "   ", style="dim")
        for col, char in enumerate(row):
            point = at.get((col, number))
            if point is None:
                text.append(char, style="dim")
            else:
                glyph, style = _STONES[_owner(state, point)]
                text.append(glyph, style=style + (" underline" if point in milled else ""))
        text.append("\n")
    letters = [" "] * width
    for x in range(width // _DX + 1):
        letters[x * _DX] = chr(ord("a") + x)
    text.append("   " + "".join(letters) + "\n", style="dim")
    return text


def status_line(game: Morris, state: Position) -> str:
    """Whose turn it is and what they do (place, move, fly), or how the game ended."""
    over = game.end(state)
    if over is not None:
        return over[1]
    side = state.side
    if state.hand(side):
        doing = f"places ({state.hand(side)} in hand)"
    elif game.flying and state.stones(side).bit_count() == 3:
        doing = "flies"
    else:
        doing = "moves"
    return f"{PLAYERS[side]} to move: {doing}"


COLOURS = {"W": ("#fafafa", "#c62828"), "B": ("#263238", "#1565c0")}
"""Each side's stone colour and the colour its closed mills are drawn in."""
SIZE, MARGIN, PAD = 400.0, 30.0, 30.0
"""The side of the board's outer square, the margin for the coordinates and the room around
the outer points for their stones, in picture units."""


def board_picture(game: Morris, state: Position, view: View) -> Picture:
    """The lines, every point a target (a dot when empty), the stones, each closed mill as a
    thick line in its side's colour, the last move marked; a move is clicked as its path of
    points: where a stone comes from (when it moves), where it goes, the stone it removes."""
    b = game.board
    top = max(max(xy) for xy in b.coords)
    unit = SIZE / top

    def at(p: int) -> tuple[float, float]:
        x, y = b.coords[p]
        if view.flip:
            x, y = top - x, top - y
        return MARGIN + PAD + x * unit, PAD + (top - y) * unit

    extent = SIZE + 2 * PAD
    picture = Picture(MARGIN + extent, extent + MARGIN,
                      f"{b.title} board, {status_line(game, state)}", min(unit, 60.0))
    picture.add(rect(0, 0, MARGIN + extent, extent + MARGIN, fill="#e8c98e"))
    ink = "#4e342e"
    columns = sorted({n[0] for n in b.names})
    rows = sorted({n[1:] for n in b.names}, key=int)
    for i, name in enumerate(columns):
        x = MARGIN + PAD + (top - i if view.flip else i) * unit
        picture.add(label(x, extent + MARGIN / 2, name, 14, fill=ink))
    for i, name in enumerate(rows):
        y = PAD + (i if view.flip else top - i) * unit
        picture.add(label(MARGIN / 2, y, name, 14, fill=ink))
    for run in b.lines:
        for p, q in itertools.pairwise(run):
            picture.add(line(*at(p), *at(q), stroke=ink, stroke_width=3))
    for stones, side in ((state.white, "W"), (state.black, "B")):
        for mill, mask in zip(b.mills, b.mill_masks, strict=True):
            if stones & mask == mask:
                (x1, y1), (x2, y2) = at(mill[0]), at(mill[2])
                picture.add(line(x1, y1, x2, y2, stroke=COLOURS[side][1], stroke_width=14,
                                 stroke_linecap="round", opacity=0.6))
    radius = min(unit * 0.3, 22.0)
    for p in range(b.size):
        x, y = at(p)
        owner = _owner(state, p)
        shapes = [circle(x, y, radius + 3, class_="hl", fill_opacity=0)]  # the page shows
        # hl and dot (hover, next click); drawn alone, the picture keeps them invisible
        if view.before is not None and _owner(view.before, p) != owner:
            shapes.append(circle(x, y, radius + 5, class_="last", fill="#fff59d"))
        if owner == ".":
            shapes += [circle(x, y, 5, fill=ink),
                       circle(x, y, radius * 0.5, class_="dot", fill_opacity=0)]
            spoken = f"empty point {b.names[p]}"
        else:
            shapes.append(circle(x, y, radius, fill=COLOURS[owner][0], stroke="#111111",
                                 stroke_width=2))
            spoken = f"{'white' if owner == 'W' else 'black'} stone on {b.names[p]}"
        picture.target(b.names[p], spoken, (x, y + radius + 12), *shapes)
    for move in game.legal_moves(state):
        path = [b.names[p] for p in move if p >= 0]
        picture.move(game.format_move(state, move), path)
    return picture


def move_words(game: Morris, text: str) -> str:
    """A move in words: ``d2`` "a stone placed on d2", ``a1-a4`` "the stone on a1 moves to
    a4", and a removal appended: ``b2xg7`` "..., closing a mill: the stone on g7 is taken"."""
    move, cross, taken = text.strip().partition("x")
    start, dash, end = move.partition("-")
    points = [p for p in (start, end, taken) if p]
    if not all(p.isascii() and p.isalnum() and len(p) <= 3 for p in points) or not start:
        return text
    words = f"the stone on {start} moves to {end}" if dash else f"a stone placed on {start}"
    if cross:
        words += f", closing a mill: the stone on {taken} is taken"
    return f"{text.strip()}: {words}"
