"""``zermelo turtles ...``: The Great Turtle Race's positions, a player's view, its agents, and
the arena that measures them against each other (the paper's tables I-VI)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from zermelo.cli.common import (
    JsonOpt,
    OptionOpt,
    PositionArg,
    console,
    figure_bytes,
    parse_options,
    write_output,
)
from zermelo.core.errors import OptionError, UnknownNameError
from zermelo.core.machine import check_processes
from zermelo.core.picture import View
from zermelo.games.turtles.entry import ENTRY
from zermelo.games.turtles.render import board_text, status_line
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import PLAYERS
from zermelo.games.turtles.svg import board_picture

if TYPE_CHECKING:
    from zermelo.agents.turtles.arena import Cell

JOB_BYTES = 200 << 20
"""About what an arena worker process takes (the interpreter, numba and the compiled rules)."""

app = typer.Typer(help="The Great Turtle Race: positions, players' views, agents and the arena.",
                  no_args_is_help=True)

PlayersOpt = Annotated[int, typer.Option(help="Players (2 to 5).", min=2, max=5)]


def _game(players: int, option: list[str] | None) -> Turtles:
    given = parse_options(option)
    if "players" in given:
        raise OptionError("give the number of players with --players")
    return ENTRY.game({**given, "players": str(players)})


@app.command()
def show(position: PositionArg, players: PlayersOpt = 2, option: OptionOpt = None,
         as_: Annotated[str | None, typer.Option(
             "--as", help="Show only what this player (A to E) sees.")] = None,
         svg: Annotated[Path | None, typer.Option(
             help="Also write the board picture as SVG (with --as: what that player "
                  "sees).")] = None,
         ) -> None:
    """Draw a position (what everybody sees, or what one player sees) and say whose turn it
    is or how the game ended."""
    game = _game(players, option)
    state = game.parse_position(position)
    view = None
    if as_ is not None:
        seat = as_.strip().upper()
        if len(seat) != 1 or seat not in PLAYERS[:players]:
            raise UnknownNameError(f"no player {as_[:10]!r} (players: "
                                   f"{', '.join(PLAYERS[:players])})")
        view = game.view(state, PLAYERS.index(seat))
        console.print(game.observation_text(state, view.player), markup=False)
    else:
        console.print(board_text(game, state))
    if svg is not None:
        drawn_for = None if view is None else view.player
        write_output(svg, board_picture(game, state, View(seat=drawn_for)).svg())
    console.print(status_line(game, state))


@app.command()
def agents() -> None:
    """The agents the arena and the engines know, with their parameters."""
    from zermelo.agents.turtles.registry import AGENT_SPECS

    for spec in AGENT_SPECS:
        params = f" {spec.params}" if spec.params else ""
        console.print(f"{spec.name}{params}  {spec.summary}", markup=False)


def _percent(cell: Cell) -> str:
    lo, hi = cell.ci
    return f"{100 * cell.rate:.1f} [{100 * lo:.1f}-{100 * hi:.1f}]"


def _write_csv(path: Path, cells: list[Cell]) -> None:
    text = io.StringIO(newline="")
    writer = csv.writer(text)
    writer.writerow(["row", "col", "games", "wins", "rate", "ci_low", "ci_high"])
    for c in cells:
        writer.writerow([c.row, c.col, c.games, c.wins, f"{c.rate:.4f}",
                         f"{c.ci[0]:.4f}", f"{c.ci[1]:.4f}"])
    write_output(path, text.getvalue())


def _write_png(path: Path, rows: list[str], cols: list[str], cells: list[Cell],
               title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    grid = [[float("nan")] * len(cols) for _ in rows]
    for c in cells:
        grid[rows.index(c.row)][cols.index(c.col)] = 100 * c.rate
    figure, axes = plt.subplots(figsize=(1.4 * len(cols) + 2, 1.0 * len(rows) + 1.5))
    image = axes.imshow(grid, cmap="RdBu", vmin=0, vmax=100)
    axes.set_xticks(range(len(cols)), cols)
    axes.set_yticks(range(len(rows)), rows)
    for c in cells:
        axes.text(cols.index(c.col), rows.index(c.row), f"{100 * c.rate:.0f}", ha="center",
                  va="center")
    axes.set_title(title)
    figure.colorbar(image, label="row's wins (%)")
    figure.tight_layout()
    write_output(path, figure_bytes(figure, 100))
    plt.close(figure)


@app.command()
def arena(
    players: PlayersOpt = 2,
    agents: Annotated[str | None, typer.Option(
        help="Agents to play each other, comma-separated (see 'zermelo turtles agents'), "
             "e.g. F,E,H,D.")] = None,
    table: Annotated[str | None, typer.Option(
        help="One of the paper's tables I to VI instead of --agents.")] = None,
    games: Annotated[int, typer.Option(help="Games per cell.", min=1, max=1_000_000)] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the deals, draws and choices.", min=0,
                                      max=2**62)] = 1,
    json_out: JsonOpt = False,
    csv_path: Annotated[Path | None, typer.Option("--csv", help="Write the cells as CSV.")
                        ] = None,
    png: Annotated[Path | None, typer.Option(help="Write a heat map of the win rates.")
                   ] = None,
    jobs: Annotated[int, typer.Option(help="Worker processes (the figures do not depend on "
                                           "how many; at most two a core).", min=1,
                                      max=256)] = 1,
    option: OptionOpt = None,
) -> None:
    """Win rates of row agents against column agents with 95 % Wilson intervals: in each game
    the row agent takes one seat (turning with each game) and the column agent the others;
    with two players both cells of a pair come from the same games."""
    from zermelo.agents.turtles.arena import cells_of, play_cells, table_agents
    from zermelo.agents.turtles.registry import make_agent

    if (agents is None) == (table is None):
        raise OptionError("give either --agents or --table")
    check_processes(jobs, "jobs", JOB_BYTES, per_core=2)
    game = _game(players, option)
    if agents is not None:
        rows = [a.strip() for a in agents.split(",") if a.strip()]
        if len(rows) < 2 or len(rows) > 12:
            raise OptionError("--agents: expected 2 to 12 agents, separated by commas")
        cols, square, title = rows, True, f"{players} players"
    else:
        name = cast(str, table).strip().upper()
        rows, cols = table_agents(name)
        square, title = name in ("I", "II", "III"), f"table {name}, {players} players"
    for name in {*rows, *cols}:
        make_agent(name, game)  # refuse an unknown agent before playing
    mirrored = square and players == 2
    pairs = cells_of(rows, cols, square, mirrored)
    cells = []
    with Progress(TextColumn("playing"), BarColumn(), TaskProgressColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("arena", total=len(pairs) * games)
        for cell in play_cells(game, pairs, games, seed, jobs, lambda n: bar.advance(task, n)):
            cells += [cell, cell.mirror()] if mirrored else [cell]
    cells.sort(key=lambda c: (rows.index(c.row), cols.index(c.col)))
    if csv_path is not None:
        _write_csv(csv_path, cells)
    if png is not None:
        _write_png(png, rows, cols, cells, f"Row's wins against column (%), {title}")
    if json_out:
        print(json.dumps({"cells": [c.as_json() for c in cells]}))
        return
    grid = Table("row \\ col", *cols, title=f"Row's wins against column, % [95 % interval], "
                 f"{games} games a cell, {title}")
    found = {(c.row, c.col): c for c in cells}
    for row in rows:
        grid.add_row(row, *(_percent(found[row, col]) if (row, col) in found else "-"
                            for col in cols))
    console.print(grid)
