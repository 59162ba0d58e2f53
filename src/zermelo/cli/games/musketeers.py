"""``zermelo musketeers ...``: Three Musketeers positions, moves and the strong solution."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from zermelo.cli.cluster import (
    PlanWorkersOpt,
    RateOpt,
    SchedulerOpt,
    WorkersOpt,
    build_progress,
    print_plan,
)
from zermelo.cli.common import BoardOpt, JsonOpt, PositionArg, console, read_position
from zermelo.cli.games.musketeers_variant import MusketeersOpt, variant
from zermelo.cli.games.musketeers_weak import weak_solve
from zermelo.core.errors import ZermeloError
from zermelo.games.musketeers import SIDES, Position
from zermelo.games.musketeers.render import board_text, status_line
from zermelo.solvers.musketeers.cluster import measured_rate, plan_estimate
from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant
from zermelo.tablebase.distributed import cluster
from zermelo.tablebase.layered import missing_positions

app = typer.Typer(help="Three Musketeers: positions, moves (and, with a database, analysis).",
                  no_args_is_help=True)


@app.command()
def show(position: PositionArg, board: BoardOpt = "5x5", musketeers: MusketeersOpt = 3) -> None:
    """Draw a position and say whose turn it is or how the game ended."""
    game = variant(board, musketeers)
    state = game.parse_position(read_position(position))
    console.print(board_text(game, state))
    console.print(status_line(game, state))
    console.print(game.format_position(state))


@app.command()
def moves(position: PositionArg, board: BoardOpt = "5x5", musketeers: MusketeersOpt = 3,
          as_json: JsonOpt = False) -> None:
    """List the legal moves, one per line, ordered by from-square then to-square."""
    game = variant(board, musketeers)
    state = game.parse_position(read_position(position))
    texts = [game.format_move(state, m) for m in game.legal_moves(state)]
    if as_json:
        print(json.dumps(texts))
    else:
        for text in texts:
            print(text)


# -- the strong-solution database ------------------------------------------------------------

DbOpt = Annotated[Path | None, typer.Option("--db", help="Database root directory (default: "
                                            "$ZERMELO_DATA or the user data directory).")]
StartOpt = Annotated[str | None, typer.Option("--start", help="Musketeer start squares, e.g. "
                                              "a1,a2,b2.")]


def _open(board: str, musketeers: int, db: Path | None) -> Database:
    return Database.open(Variant.of(variant(board, musketeers)), db)


@app.command()
def solve(
    board: BoardOpt = "5x5",
    musketeers: MusketeersOpt = 3,
    max_enemies: Annotated[int | None, typer.Option(help="Build only the layers with up to "
                                                    "this many enemies.")] = None,
    db: DbOpt = None,
    scheduler: SchedulerOpt = None,
    workers: WorkersOpt = None,
) -> None:
    """Build (or finish building) the database of every position's result, in this process
    or on a Dask cluster."""
    shape = Variant.of(variant(board, musketeers))
    plan = Database.plan(shape, max_enemies)
    store = Database.store_for(shape, db)
    total = missing_positions(plan, store)
    if total:
        console.print(f"compiling the solver's kernels (the first run only, then cached), then "
                      f"solving {total:,} positions into {store.path}")
    with cluster(scheduler, workers) as pool, build_progress(total) as advance:
        database, report = Database.build(shape, db, max_enemies, advance, plan=plan,
                                          workers=pool)
    if not report.tables_built:
        console.print(f"already built: the database covers up to {database.max_enemies} "
                      f"enemies in {database.store.path}")
        return
    rate = report.positions / report.seconds if report.seconds else 0.0
    console.print(
        f"built {report.tables_built} tables, {report.positions:,} positions in "
        f"{report.seconds:.1f} s ({rate / 1e6:.1f} M positions/s); database covers up to "
        f"{database.max_enemies} enemies in {database.store.path}")


@app.command()
def plan(
    board: BoardOpt = "5x5",
    musketeers: MusketeersOpt = 3,
    max_enemies: Annotated[int | None, typer.Option(help="Plan only the layers with up to "
                                                    "this many enemies.")] = None,
    workers: PlanWorkersOpt = None,
    rate: RateOpt = None,
) -> None:
    """What building the database takes: positions and bytes per table, disk, a worker's
    memory, and the time on N workers like this machine."""
    shape = Variant.of(variant(board, musketeers))
    layers = Database.plan(shape, max_enemies)
    print_plan(layers.tables(), plan_estimate(layers), rate, lambda: measured_rate(shape),
               workers)


def _analysis_line(database: Database, state: Position) -> str:
    """``E33 -> [e1-d1 E32, ...]``, the established tool's format."""
    game = database.game
    moves = ", ".join(f"{game.format_move(state, m)} {r}" for m, r in database.analyze(state))
    return f"{database.lookup(state)} -> [{moves}]"


@app.command()
def analyze(
    position: Annotated[str | None, typer.Argument(help="A position, or - to read it from "
                                                   "stdin.")] = None,
    batch: Annotated[bool, typer.Option("--batch", help="Read positions from stdin, one per "
                                        "line; print 'RESULT -> [move result, ...]' for each, "
                                        "ERROR for a bad line.")] = False,
    as_json: JsonOpt = False,
    board: BoardOpt = "5x5",
    musketeers: MusketeersOpt = 3,
    db: DbOpt = None,
) -> None:
    """The result of a position and of every legal move, from the database."""
    database = _open(board, musketeers, db)
    game = database.game
    if batch:
        failed = 0
        for number, line in enumerate(sys.stdin, 1):
            if not line.strip():
                continue
            try:
                print(_analysis_line(database, game.parse_position(line)), flush=True)
            except ZermeloError as error:
                failed += 1
                print("ERROR", flush=True)
                print(f"zermelo: line {number}: {error}", file=sys.stderr)
        if failed:
            raise typer.Exit(2)
        return
    if position is None:
        raise ZermeloError("give a POSITION, or --batch to read positions from stdin")
    state = game.parse_position(read_position(position))
    result = database.lookup(state)
    moves = database.analyze(state)
    if as_json:
        print(json.dumps({"result": str(result), "moves": [
            {"move": game.format_move(state, m), "result": str(r)} for m, r in moves]}))
        return
    console.print(board_text(game, state))
    console.print(f"{status_line(game, state)}; result with perfect play: [bold]{result}[/]")
    if moves:
        table = Table("move", "result")
        best = set(database.best_moves(state))
        for move, move_result in moves:
            mark = " (best)" if move in best else ""
            table.add_row(game.format_move(state, move), f"{move_result}{mark}")
        console.print(table)


@app.command()
def line(
    position: Annotated[str | None, typer.Argument(help="A position (default: the start), or "
                                                   "- for stdin.")] = None,
    start: StartOpt = None,
    board: BoardOpt = "5x5",
    musketeers: MusketeersOpt = 3,
    db: DbOpt = None,
) -> None:
    """The perfect-play game from a position, ply by ply: move, board, result."""
    database = _open(board, musketeers, db)
    game = variant(board, musketeers, start)
    state = (game.initial_state() if position is None
             else game.parse_position(read_position(position)))
    console.print(board_text(game, state))
    console.print(f"start: {game.format_position(state)}  {database.lookup(state)}")
    for ply, (move, after) in enumerate(database.line(state), 1):
        console.print(f"{ply}. {SIDES[state.to_move]} {game.format_move(state, move)}  "
                      f"{database.lookup(after)}")
        console.print(board_text(game, after))
        state = after
    console.print(status_line(game, state))


@app.command()
def stats(
    start: StartOpt = None,
    as_json: JsonOpt = False,
    board: BoardOpt = "5x5",
    musketeers: MusketeersOpt = 3,
    db: DbOpt = None,
) -> None:
    """Positions, wins and longest wins per layer (every placement counted), the longest forced
    win, and the value of the standard and alternative starts."""
    database = _open(board, musketeers, db)
    layers = database.layer_stats()
    longest, where = database.longest_win(layers)
    starts = [None, "a1,a2,b2"] if start is None else [start]
    values = []
    for squares in starts:
        game = variant(board, musketeers, squares)
        state = game.initial_state()
        values.append({"start": ",".join(game.grid.name(s) for s in game.start),
                       "position": game.format_position(state),
                       "result": str(database.lookup(state))})
    origin = variant(board, musketeers, start).initial_state()
    reached = database.reachable(origin)
    total_reached = sum(r.positions for r in reached)
    total = sum(r.of for r in reached)
    if as_json:
        print(json.dumps({
            "layers": [vars(s) for s in layers],
            "longest_win": {"result": str(longest),
                            "position": database.game.format_position(where)},
            "starts": values,
            "reachable": {"start": values[0]["start"], "position": values[0]["position"],
                          "positions": total_reached, "of": total,
                          "layers": [vars(r) for r in reached]},
        }))
        return
    reach = {(r.enemies, r.side): r.positions for r in reached}
    table = Table("enemies", "side", "positions", "musketeer wins", "enemy wins",
                  "longest M win", "longest E win", f"reachable from {values[0]['start']}")
    for s in layers:
        table.add_row(str(s.enemies), s.side, f"{s.positions:,}", f"{s.musketeer_wins:,}",
                      f"{s.enemy_wins:,}", _plies(s.longest_musketeer_win),
                      _plies(s.longest_enemy_win), f"{reach.get((s.enemies, s.side), 0):,}")
    Console(width=max(console.width, 140), highlight=False).print(table)
    print(f"longest forced win: {longest} from {database.game.format_position(where)}")
    for value in values:
        print(f"start {value['start']}: {value['result']}  ({value['position']})")
    print(f"reachable from {values[0]['position']}: {total_reached:,} of {total:,} "
          f"positions ({100 * total_reached / total:.2f} %)")


def _plies(plies: int | None) -> str:
    return "-" if plies is None else str(plies)


@app.command()
def verify(board: BoardOpt = "5x5", musketeers: MusketeersOpt = 3, db: DbOpt = None) -> None:
    """Check every table's size and checksums against the manifest, and that the manifest lists
    every table of the layers built (and no table file is left out of it)."""
    database = _open(board, musketeers, db)
    problems = database.store.verify(database.expected_tables())
    for problem in problems:
        print(f"zermelo: database: {problem}", file=sys.stderr)
    if problems:
        raise typer.Exit(2)
    print(f"ok: {len(database.store.tables)} tables in {database.store.path}, covering up to "
          f"{database.max_enemies} enemies")



app.command(name="weak-solve")(weak_solve)
