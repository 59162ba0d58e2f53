"""Drawing a Morris position: terminal text (rich) and an SVG picture, both from the board's
data (points, lines, mills); stones standing in a mill are highlighted."""

from __future__ import annotations

import itertools
from html import escape

from rich.text import Text

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
    for line, row in enumerate(grid):
        label = top - line // _DY + base
        text.append(f"{label:>2} " if line % _DY == 0 else "   ", style="dim")
        for col, char in enumerate(row):
            point = at.get((col, line))
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


def board_svg(game: Morris, state: Position, size: int = 360) -> str:
    """An SVG picture: the lines, a dot on every point, the stones, and each closed mill drawn
    as a thick line in its side's colour."""
    b = game.board
    top = max(max(xy) for xy in b.coords)
    pad, step = size * 0.08, size * 0.84 / top

    def xy(p: int) -> tuple[float, float]:
        x, y = b.coords[p]
        return pad + x * step, pad + (top - y) * step

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             f'viewBox="0 0 {size} {size}">',
             f'<rect width="{size}" height="{size}" fill="#e8c98e"/>']
    for run in b.lines:
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(xy, run))
        parts.append(f'<polyline points="{points}" fill="none" stroke="#4a3520" '
                     f'stroke-width="{size / 120:.1f}"/>')
    colours = {"W": ("#fafafa", "#c0392b"), "B": ("#222222", "#2e6fd8")}
    for stones, side in ((state.white, "W"), (state.black, "B")):
        for mill, mask in zip(b.mills, b.mill_masks, strict=True):
            if stones & mask == mask:
                ends = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(xy, mill))
                parts.append(f'<polyline points="{ends}" fill="none" stroke="{colours[side][1]}"'
                             f' stroke-width="{size / 30:.1f}" stroke-linecap="round" '
                             f'opacity="0.7"/>')
    for p in range(b.size):
        x, y = xy(p)
        owner = _owner(state, p)
        look = (f'r="{size / 70:.1f}" fill="#4a3520"' if owner == "." else
                f'r="{step * 0.32:.1f}" fill="{colours[owner][0]}" stroke="#111" '
                f'stroke-width="1.5"')
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" {look}>'
                     f'<title>{escape(b.names[p])}</title></circle>')
    parts.append("</svg>")
    return "\n".join(parts)
