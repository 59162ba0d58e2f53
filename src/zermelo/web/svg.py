"""A game's own terminal drawing (rich Text) as an SVG picture, for the web page.

Each character sits in a monospace cell; colours and weight come from the text's styles, so the
picture is exactly what ``zermelo play`` shows, with no font or script from elsewhere.

The picture also says where each legal move can be clicked, from the drawing alone: a move's
*cells* are those whose character changes when it is played (``e1-d1``: two cells, ``b2``: one).
A one-cell move named by a label drawn in its own column of characters (column
digits) is clicked anywhere in that column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from rich.console import Console
from rich.text import Text

CELL_W, CELL_H = 14, 24
"""Size in pixels of one character cell."""
INK = "#222222"
"""The colour of unstyled text."""

_console = Console(width=400, color_system="truecolor", force_terminal=True)

Cell = tuple[int, int]
"""A character cell of the drawing: (column, line)."""


@dataclass(frozen=True)
class Glyph:
    """A visible character and how it is drawn."""

    char: str
    color: str
    weight: str
    opacity: str


@dataclass(frozen=True)
class Drawing:
    """The visible characters of a drawing by cell, and its size in cells."""

    glyphs: dict[Cell, Glyph]
    width: int
    height: int

    @classmethod
    def of(cls, text: Text) -> Drawing:
        """Lay ``text`` out line by line, one cell per character."""
        glyphs: dict[Cell, Glyph] = {}
        rows = text.split("\n")
        for y, row in enumerate(rows):
            x = 0
            for segment in row.render(_console):
                style = segment.style
                color = INK
                if style is not None and style.color is not None:
                    color = style.color.get_truecolor().hex
                weight = "bold" if style is not None and style.bold else "normal"
                opacity = "0.45" if style is not None and style.dim else "1"
                for char in segment.text:
                    if not char.isspace():
                        glyphs[x, y] = Glyph(char, color, weight, opacity)
                    x += 1
        return cls(glyphs, max((len(row.plain) for row in rows), default=0), len(rows))

    def changed(self, after: Drawing) -> list[Cell]:
        """The cells whose character differs in ``after``, in reading order."""
        cells = self.glyphs.keys() | after.glyphs.keys()
        return sorted((c for c in cells if self._char(c) != after._char(c)),
                      key=lambda c: (c[1], c[0]))

    def _char(self, cell: Cell) -> str:
        glyph = self.glyphs.get(cell)
        return " " if glyph is None else glyph.char


def _rect(x: int, y: int, height: int) -> str:
    return (f'<rect class="spot" x="{x * CELL_W}" y="{y * CELL_H}" width="{CELL_W}" '
            f'height="{height * CELL_H}"/>')


def _move_group(drawing: Drawing, move: str, after: Drawing) -> str:
    """A move's cells, and the rectangles where a click selects it."""
    cells = drawing.changed(after)
    labelled = len(cells) == 1 and any(
        g.char == move and x == cells[0][0] for (x, _), g in drawing.glyphs.items())
    spots = ([_rect(cells[0][0], 0, drawing.height)] if labelled
             else [_rect(x, y, 1) for x, y in cells])
    data = " ".join(f"{x},{y}" for x, y in cells)
    return f'<g class="move" data-move="{escape(move)}" data-cells="{data}">{"".join(spots)}</g>'


def text_to_svg(text: Text, moves: Sequence[tuple[str, Text]] = ()) -> str:
    """An SVG document drawing ``text`` line by line, one cell per character, over a group per
    ``(move, drawing after it)`` giving the cells the move changes and where it is clicked."""
    drawing = Drawing.of(text)
    cells = [
        f'<text x="{x * CELL_W + CELL_W / 2}" y="{(y + 1) * CELL_H - 7}" data-cell="{x},{y}" '
        f'fill="{g.color}" font-weight="{g.weight}" opacity="{g.opacity}">{escape(g.char)}</text>'
        for (x, y), g in sorted(drawing.glyphs.items(), key=lambda item: item[0][::-1])
    ]
    groups = [_move_group(drawing, move, Drawing.of(after)) for move, after in moves]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{drawing.width * CELL_W}" '
            f'height="{drawing.height * CELL_H}" viewBox="0 0 {drawing.width * CELL_W} '
            f'{drawing.height * CELL_H}" font-family="monospace" font-size="20" '
            f'text-anchor="middle" data-cell-width="{CELL_W}" data-cell-height="{CELL_H}">'
            + "".join(groups) + "".join(cells) + "</svg>")
