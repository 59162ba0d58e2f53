"""A game's terminal drawing (rich Text) as a board picture, for a game without a board of its
own (``board_picture``): the picture is exactly what ``zermelo play`` shows.

Each character sits in a monospace cell; colours and weight come from the text's styles. Where
a move is clicked is found from the drawing alone: a move's cells are those whose character
changes when it is played (``e1-d1``: two cells, the one the piece leaves first; ``b2``: one).
A one-cell move named by a label drawn in its own column of characters (column digits) is
clicked anywhere in that column. A move that changes more cells is played from the move list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from rich.console import Console
from rich.text import Text

from zermelo.core.picture import Picture, attrs, rect

CELL_W, CELL_H = 14, 24
"""Size in user units of one character cell."""
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
                opacity = "0.6" if style is not None and style.dim else "1"
                for char in segment.text:
                    if not char.isspace():
                        glyphs[x, y] = Glyph(char, color, weight, opacity)
                    x += 1
        return cls(glyphs, max((len(row.plain) for row in rows), default=0), len(rows))

    def changed(self, after: Drawing) -> list[Cell]:
        """The cells whose character differs in ``after``, in reading order."""
        cells = self.glyphs.keys() | after.glyphs.keys()
        return sorted((c for c in cells if self.char(c) != after.char(c)),
                      key=lambda c: (c[1], c[0]))

    def char(self, cell: Cell) -> str:
        """The character at ``cell`` (a space where there is none)."""
        glyph = self.glyphs.get(cell)
        return " " if glyph is None else glyph.char


def _path(drawing: Drawing, move: str, after: Drawing) -> tuple[Cell | int, ...]:
    """The cells a move is clicked on (a column number for a labelled column), the cell a
    character leaves first; () when it changes more than two cells."""
    cells = drawing.changed(after)
    if len(cells) == 1 and any(g.char == move and x == cells[0][0]
                               for (x, _), g in drawing.glyphs.items()):
        return (cells[0][0],)
    if not 1 <= len(cells) <= 2:
        return ()
    arrived = {after.char(c) for c in cells}
    return tuple(sorted(cells, key=lambda c: drawing.char(c) not in arrived))


def text_picture(text: Text, moves: Sequence[tuple[str, Text]] = ()) -> Picture:
    """A picture of ``text``, one cell per character, with a target per cell (or column) where
    a ``(move, drawing after it)`` is clicked."""
    drawing = Drawing.of(text)
    picture = Picture(drawing.width * CELL_W, drawing.height * CELL_H, "board", CELL_H)
    picture.add(*(
        f'<text{attrs(x=x * CELL_W + CELL_W / 2, y=(y + 1) * CELL_H - 7, fill=g.color)}'
        f'{attrs(font_weight=g.weight, opacity=g.opacity, font_family="monospace")}'
        f' font-size="20" text-anchor="middle">{escape(g.char)}</text>'
        for (x, y), g in sorted(drawing.glyphs.items(), key=lambda item: item[0][::-1])))
    names: dict[Cell | int, str] = {}
    for move, after in moves:
        path = _path(drawing, move, Drawing.of(after))
        picture.move(move, [names.setdefault(p, f"{p}" if isinstance(p, int)
                                             else f"{p[0]},{p[1]}") for p in path])
    for place, name in names.items():
        if isinstance(place, int):
            box = (place * CELL_W, 0, CELL_W, drawing.height * CELL_H)
            spoken = f"column {place + 1} of the drawing"
        else:
            box = (place[0] * CELL_W, place[1] * CELL_H, CELL_W, CELL_H)
            spoken = f"character {drawing.char(place)} at column {place[0] + 1}, line " \
                     f"{place[1] + 1}"
        picture.target(name, spoken, (box[0] + CELL_W / 2, box[1] + box[3] + 8),
                       rect(*box, fill="transparent"), rect(*box, class_="hl"))
    return picture
