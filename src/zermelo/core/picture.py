"""A board as a picture for the web page: SVG shapes, the places a person clicks, and the path
of clicks that plays each legal move.

A game's renderer (``board(game, state, view) -> Picture``, declared in its entry) draws with
plain SVG and names its clickable places (*targets*: a square, a column, a counter, a button).
Each legal move is a path of targets (``b2-c2``: the piece, then its square; a Connect Four
column: one target; none: a button beside the board). The page needs nothing else of a game:
it lights up the next targets of the moves that begin with the clicks so far, plays a move when
its path is complete, and writes a move's value beside the ``anchor`` of its next target.

Class names the page styles: ``target`` (a clickable group), ``hl`` (a shape inside a target
shown when it is hovered, focused, selected or next), ``preview`` (shown on hover or focus, a
drop preview), ``last`` (the renderer's mark of the last move).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
"""The page's own fonts; no font is fetched from elsewhere."""


@dataclass(frozen=True)
class View:
    """How to draw: ``flip`` turns the board around (the other side's view); ``before`` is the
    position before the last move, which the renderer marks (None: no mark); ``seat`` is the
    player it is drawn for, whose hidden parts alone it may show (None: everything);
    ``narrow``: a phone's screen, for which a wide board may lay itself out taller."""

    flip: bool = False
    before: Any = None
    seat: int | None = None
    narrow: bool = False


def attrs(**values: object) -> str:
    """SVG attributes from keywords (``class_`` for ``class``, ``stroke_width`` for
    ``stroke-width``); None values are left out."""
    return "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(str(v))}"'
                   for k, v in values.items() if v is not None)


def rect(x: float, y: float, width: float, height: float, **style: object) -> str:
    """A rectangle."""
    return f"<rect{attrs(x=x, y=y, width=width, height=height, **style)}/>"


def circle(x: float, y: float, r: float, **style: object) -> str:
    """A circle around ``(x, y)``."""
    return f"<circle{attrs(cx=x, cy=y, r=r, **style)}/>"


def line(x1: float, y1: float, x2: float, y2: float, **style: object) -> str:
    """A line segment."""
    return f"<line{attrs(x1=x1, y1=y1, x2=x2, y2=y2, **style)}/>"


def label(x: float, y: float, text: str, size: float, **style: object) -> str:
    """Text centred on ``(x, y)``."""
    return (f"<text{attrs(x=x, y=y, font_size=size, text_anchor='middle', **style)}"
            f' dominant-baseline="central">{escape(text)}</text>')


@dataclass
class Picture:
    """An SVG board of ``width`` x ``height`` user units; ``unit`` is the size of one square
    (the page sizes the move values it writes from it)."""

    width: float
    height: float
    title: str
    unit: float = 60.0
    shapes: list[str] = field(default_factory=list)
    paths: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def add(self, *shapes: str) -> None:
        """Draw ``shapes`` over what is drawn already."""
        self.shapes.extend(shapes)

    def target(self, name: str, spoken: str, anchor: tuple[float, float], *shapes: str) -> None:
        """A clickable place ``name`` made of ``shapes``; ``spoken`` is what a screen reader
        says of it; a move ending here has its value written at ``anchor``."""
        self.shapes.append(
            f'<g{attrs(class_="target", data_target=name, tabindex=-1, role="button")}'
            f'{attrs(aria_label=spoken, data_ax=anchor[0], data_ay=anchor[1])}>'
            f"<title>{escape(spoken)}</title>{''.join(shapes)}</g>")

    def move(self, move: str, path: Sequence[str]) -> None:
        """The legal move ``move`` (in the game's notation) is played by clicking ``path``;
        an empty path: by its button beside the board."""
        self.paths[move] = tuple(path)

    def svg(self) -> str:
        """The SVG document; the move paths are in its ``data-moves`` attribute (JSON)."""
        head = attrs(xmlns="http://www.w3.org/2000/svg",
                     viewBox=f"0 0 {self.width:g} {self.height:g}", width=f"{self.width:g}",
                     height=f"{self.height:g}", role="img", aria_label=self.title,
                     font_family=FONT, data_unit=f"{self.unit:g}",
                     data_moves=json.dumps(self.paths, separators=(",", ":")))
        return f"<svg{head}><title>{escape(self.title)}</title>{''.join(self.shapes)}</svg>"


@dataclass(frozen=True)
class Layout:
    """Where the squares of a ``columns`` x ``rows`` board sit in a picture (row 0 on top),
    with a ``margin`` on the left and bottom for the coordinates; ``flip`` turns it by 180
    degrees."""

    columns: int
    rows: int
    unit: float = 60.0
    margin: float = 26.0
    flip: bool = False

    @property
    def size(self) -> tuple[float, float]:
        """The picture's width and height."""
        return (self.margin + self.columns * self.unit + 8,
                self.rows * self.unit + self.margin + 8)

    def corner(self, col: int, row: int) -> tuple[float, float]:
        """The top-left corner of square ``(col, row)``."""
        if self.flip:
            col, row = self.columns - 1 - col, self.rows - 1 - row
        return self.margin + col * self.unit, 4 + row * self.unit

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """The centre of square ``(col, row)``."""
        x, y = self.corner(col, row)
        return x + self.unit / 2, y + self.unit / 2

    def coordinates(self, column_names: Sequence[str], row_names: Sequence[str],
                    **style: object) -> list[str]:
        """Column names under the board and row names left of it."""
        size = self.unit * 0.3
        bottom = 4 + self.rows * self.unit + self.margin / 2
        return ([label(self.centre(c, 0)[0], bottom, n, size, **style)
                 for c, n in enumerate(column_names)]
                + [label(self.margin / 2, self.centre(0, r)[1], n, size, **style)
                   for r, n in enumerate(row_names)])
