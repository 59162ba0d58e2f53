"""A game's own terminal drawing (rich Text) as an SVG picture, for the web page.

Each character sits in a monospace cell; colours and weight come from the text's styles, so the
picture is exactly what ``zermelo play`` shows, with no font or script from elsewhere.
"""

from __future__ import annotations

from html import escape

from rich.console import Console
from rich.text import Text

CELL_W, CELL_H = 14, 24
"""Size in pixels of one character cell."""
INK = "#222222"
"""The colour of unstyled text."""

_console = Console(width=400, color_system="truecolor", force_terminal=True)


def text_to_svg(text: Text) -> str:
    """An SVG document drawing ``text`` line by line, one cell per character."""
    cells: list[str] = []
    rows = text.split("\n")
    width = max((len(row.plain) for row in rows), default=0)
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
                    cells.append(
                        f'<text x="{x * CELL_W + CELL_W / 2}" y="{(y + 1) * CELL_H - 7}" '
                        f'fill="{color}" font-weight="{weight}" opacity="{opacity}">'
                        f"{escape(char)}</text>")
                x += 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * CELL_W}" '
            f'height="{len(rows) * CELL_H}" font-family="monospace" font-size="20" '
            f'text-anchor="middle">' + "".join(cells) + "</svg>")
