"""``zermelo bench GAME``: nodes, cut-offs and seconds by depth for each search, and a match
matrix between depth-limited players; rich tables, CSV/JSON and PNG plots."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from zermelo.cli.common import OptionOpt, console, figure_bytes, parse_options, write_output
from zermelo.core.errors import OptionError
from zermelo.core.game import Game
from zermelo.core.options import parse_whole
from zermelo.games.registry import AnyGame, get_game
from zermelo.search import alphabeta, alphabeta_tt, mcts, minimax
from zermelo.search.base import Budget, M, S, SearchResult, budget
from zermelo.search.players import SearchPlayer, play_match
from zermelo.search.tree_first import tree_first

SEARCHES = ("minimax", "tree-first", "alphabeta", "alphabeta-tt", "mcts")
MAX_BENCH_DEPTH = 30
"""The deepest search a bench runs (the searches are exhaustive to their depth)."""


def _run(name: str, game: Game[S, M], state: S, depth: int, budget: int) -> SearchResult[M]:
    if name == "minimax":
        return minimax(game, state, depth=depth)
    if name == "tree-first":
        return tree_first(game, state, depth=depth)
    if name == "alphabeta":
        return alphabeta(game, state, depth=depth)
    if name == "alphabeta-tt":
        return alphabeta_tt(game, state, depth=depth)
    return mcts(game, state, iterations=max(1, budget), seed=0)


def depth_rows(game: Game[S, M], depths: list[int]) -> list[dict[str, Any]]:
    """One row per (search, depth) from the start; MCTS gets as many simulations as minimax
    visited nodes at that depth (capped at 20,000)."""
    state = game.initial_state()
    rows = []
    for depth in depths:
        budget = 0
        for name in SEARCHES:
            result = _run(name, game, state, depth, min(budget, 20_000))
            if name == "minimax":
                budget = result.stats.nodes
            rows.append({"search": name, "depth": depth, "nodes": result.stats.nodes,
                         "cutoffs": result.stats.cutoffs, "seconds": result.stats.seconds,
                         "value": result.value,
                         "build_seconds": result.stats.extra.get("build_seconds", "")})
    return rows


def match_matrix(game: Game[S, M], depths: list[int]) -> list[list[int]]:
    """``m[i][j]``: the winner (0 first player, 1 second, -1 draw) when the first player
    searches ``depths[i]`` plies and the second ``depths[j]`` (alpha-beta, ties to the first
    move in the game's order)."""
    matrix = []
    for first in depths:
        row = []
        for second in depths:
            players: list[SearchPlayer[S, M]] = [SearchPlayer("alphabeta", depth=first),
                                                 SearchPlayer("alphabeta", depth=second)]
            winner = game.winner(play_match(game, players)[-1])
            row.append(-1 if winner is None else winner)
        matrix.append(row)
    return matrix


def _plots(rows: list[dict[str, Any]], matrix: list[list[int]] | None, depths: list[int],
           out: Path, title: str) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    files = []
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for name in SEARCHES:
        mine = [r for r in rows if r["search"] == name]
        axes[0].plot([r["depth"] for r in mine], [r["nodes"] for r in mine], marker="o",
                     label=name)
        axes[1].plot([r["depth"] for r in mine], [r["seconds"] for r in mine], marker="o",
                     label=name)
    for ax, label in zip(axes, ("nodes", "seconds"), strict=True):
        ax.set_yscale("log")
        ax.set_xlabel("depth (plies)")
        ax.set_ylabel(label)
        ax.grid(True, alpha=0.3)
    axes[0].legend()
    fig.suptitle(f"{title}: search cost from the start by depth")
    fig.tight_layout()
    path = out / "depth.png"
    write_output(path, figure_bytes(fig, 120))
    files.append(path)
    plt.close(fig)
    if matrix is not None:
        fig, ax = plt.subplots(figsize=(6, 5))
        score = [[{0: 1, -1: 0, 1: -1}[cell] for cell in row] for row in matrix]
        image = ax.imshow(score, cmap="coolwarm", vmin=-1, vmax=1)
        ax.set_xticks(range(len(depths)), [str(d) for d in depths])
        ax.set_yticks(range(len(depths)), [str(d) for d in depths])
        ax.set_xlabel("second player's depth")
        ax.set_ylabel("first player's depth")
        for i, row in enumerate(matrix):
            for j, cell in enumerate(row):
                ax.text(j, i, {0: "1st", 1: "2nd", -1: "draw"}[cell], ha="center",
                        va="center", fontsize=7)
        bar = fig.colorbar(image, ax=ax, ticks=[-1, 0, 1])
        bar.ax.set_yticklabels(["2nd wins", "draw", "1st wins"])
        ax.set_title(f"{title}: who wins, depth against depth")
        fig.tight_layout()
        path = out / "matches.png"
        write_output(path, figure_bytes(fig, 120))
        files.append(path)
        plt.close(fig)
    return files


def bench(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A registered game.")],
    depths: Annotated[str, typer.Option(help="Depths FROM-TO, e.g. 1-9.")] = "1-9",
    matches: Annotated[bool, typer.Option(help="Also play the depth-against-depth matrix.")
                       ] = True,
    out: Annotated[Path, typer.Option(help="Directory for CSV, JSON and PNG files.")
                   ] = Path("artifacts/bench"),
    option: OptionOpt = None,
    seconds: Annotated[float, typer.Option(help="Stop the whole bench with an error after this "
                                           "many seconds (1 to 86,400).", min=1, max=86_400)
                       ] = 3_600,
) -> None:
    """Compare the searches by depth from the start, and depth-limited players in matches."""
    entry = get_game(game_name)
    low, sep, high = depths.partition("-")
    first, last = parse_whole(low), parse_whole(high if sep else low)
    if first is None or last is None or not 1 <= first <= last <= MAX_BENCH_DEPTH:
        raise OptionError(f"depths {depths[:20]!r}: expected FROM-TO like 1-9, from 1 to "
                          f"{MAX_BENCH_DEPTH}")
    span = list(range(first, last + 1))
    game: AnyGame = entry.game(parse_options(option))
    folder = out / entry.name
    folder.mkdir(parents=True, exist_ok=True)
    with budget(Budget(seconds=seconds)):
        rows = depth_rows(game, span)
        matrix = match_matrix(game, span) if matches else None
    table = Table("search", "depth", "nodes", "cut-offs", "seconds", "value",
                  title=f"{entry.title} from the start")
    for r in rows:
        table.add_row(r["search"], str(r["depth"]), f"{r['nodes']:,}", f"{r['cutoffs']:,}",
                      f"{r['seconds']:.4f}", f"{r['value']:.3g}")
    console.print(table)
    text = io.StringIO(newline="")
    writer = csv.DictWriter(text, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    write_output(folder / "depth.csv", text.getvalue())
    if matrix is not None:
        grid = Table("1st \\ 2nd", *[str(d) for d in span],
                     title="winner by depth (1st player's depth down, 2nd across)")
        for depth, row in zip(span, matrix, strict=True):
            grid.add_row(str(depth), *[{0: "1st", 1: "2nd", -1: "draw"}[c] for c in row])
        console.print(grid)
    write_output(folder / "bench.json", json.dumps({"game": entry.name, "depths": span,
                                                    "rows": rows, "matches": matrix}, indent=1))
    files = _plots(rows, matrix, span, folder, entry.title)
    console.print("wrote " + ", ".join(str(p) for p in [folder / "depth.csv",
                                                         folder / "bench.json", *files]))
