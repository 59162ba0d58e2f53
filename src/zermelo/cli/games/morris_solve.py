"""``zermelo morris solve`` and ``zermelo morris analyze``: the retrograde tables of a board."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn
from rich.table import Table

from zermelo.cli.cluster import (
    PLAIN_EVERY,
    PlanWorkersOpt,
    RateOpt,
    SchedulerOpt,
    WorkersOpt,
    build_progress,
    duration,
    print_plan,
)
from zermelo.cli.common import OptionOpt, console, parse_options, read_position
from zermelo.core.errors import OptionError
from zermelo.games.morris.entry import ENTRY
from zermelo.games.morris.render import board_text, status_line
from zermelo.games.morris.rules import Morris, Position
from zermelo.search.base import Budget, BudgetExhausted, budget
from zermelo.solvers.morris.cluster import (
    PLACING_RATE,
    RATE_SAMPLE,
    SLIDING_RATE,
    estimated_seconds,
    measured_rate,
    plan_estimate,
)
from zermelo.solvers.morris.database import (
    Database,
    MorrisPlan,
    SliceStats,
    machine_memory,
    slice_of,
    table_memory,
    unit_name,
    widest_buildable_scope,
)
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.indexing import distinct_positions
from zermelo.solvers.morris.perfect import Tables, tables_of
from zermelo.solvers.morris.reachable import Walk, check_walkable
from zermelo.tablebase.distributed import cluster
from zermelo.tablebase.layered import missing_positions
from zermelo.tablebase.store import DatabaseError

BoardOpt = Annotated[str, typer.Option(
    "--board", help="standard, variant23 (a 23-point board), six, three or three-orthogonal "
                    "(no moves along the diagonals).")]
DbOpt = Annotated[Path | None, typer.Option(
    "--db", help="Database root directory (default: $ZERMELO_DATA or the user data "
                 "directory).")]
ScopeOpt = Annotated[str, typer.Option(
    "--scope", help="full (every position from the start) or endgame-K (sliding positions "
                    "with 3 to K stones a side, none in hand).")]
START_MEMORY = 4 << 30
"""The transposition table of a placing search from the command line (its pages are given as
it fills; the server's searches keep a small one)."""
SecondsOpt = Annotated[float, typer.Option(
    "--seconds", help="Time the search of a placing position (one the tables do not hold) may "
                      "take, 0.1 to 86,400.", min=0.1, max=86_400)]
MemoryOpt = Annotated[float | None, typer.Option(
    "--memory", help="GiB a build may hold while it solves a table, 0.1 to 4,096 (default: "
                     "this machine's memory).", min=0.1, max=4096)]


def position_of(board: str, options: list[str] | None, position: str | None = None,
                line: str = "") -> tuple[Morris, Position]:
    """The variant and the position after ``line`` from ``position`` (default: the start)."""
    game = ENTRY.game({**parse_options(options), "board": board})
    state = (game.initial_state() if position is None
             else game.parse_position(read_position(position)))
    return game, game.play_line(state, line.split())


def solve(board: BoardOpt = "six", option: OptionOpt = None, scope: ScopeOpt = "full",
          db: DbOpt = None, scheduler: SchedulerOpt = None, workers: WorkersOpt = None,
          memory: MemoryOpt = None, seconds: SecondsOpt = 900.0) -> None:
    """Solve a board by retrograde analysis (or go on with a stopped build from where it
    stopped, tables and the table being solved), in this process or on a Dask cluster: every
    position's value and distance to the end, then the start's value (from the tables of a full
    build, or by a search of the placing phase into the tables of every sliding position)."""
    game = position_of(board, option)[0]
    geometry = Geometry.of(game.board, game.flying)
    plan = MorrisPlan(geometry, scope)
    budget = machine_memory() if memory is None else int(memory * 2**30)
    largest = max(plan.tables(), key=lambda t: table_memory(plan, t))
    if table_memory(plan, largest) > budget:
        raise OptionError(f"{geometry.name} {scope}: table {largest.name} needs "
                          f"{table_memory(plan, largest) / 2**30:.1f} GiB, more than "
                          f"{budget / 2**30:.1f} (try --scope "
                          f"{widest_buildable_scope(geometry, budget)})")
    store = Database.store_for(geometry, db)
    total = 2 * missing_positions(plan, store)  # a table reports its forward pass, then levels
    started = time.perf_counter()
    with cluster(scheduler, workers) as pool, build_progress(total, transient=True) as advance:
        database, report = Database.build(geometry, scope, db, advance, plan, pool)
    tables = plan.tables()
    if report.tables_built:
        console.print(f"built {report.tables_built} of {len(tables)} tables, "
                      f"{report.positions:,} positions in {time.perf_counter() - started:.1f} s; "
                      f"{geometry.name} {scope} in {database.store.path}")
    else:
        console.print(f"already built: {geometry.name} {scope}, {len(tables)} tables, "
                      f"{sum(t.size for t in tables):,} positions in {database.store.path}")
    for stones in plan.starts():
        start = Position(0, 0, 0, stones, stones)
        console.print(f"start with {stones} stones a side: {database.lookup(start)}"
                      if stones != geometry.board.stones else f"start: {database.lookup(start)}")
    if scope == f"endgame-{geometry.board.stones}":
        print_start(tables_of(game, db), seconds)


@contextmanager
def search_progress(seconds: float) -> Iterator[Callable[[int], None]]:
    """A listener for a long search: a status line with the positions searched, the rate and
    the time left of ``seconds`` (where the output is not a terminal, a line of the same every
    :data:`PLAIN_EVERY` seconds)."""
    started = shown = time.perf_counter()

    def words(nodes: int, now: float) -> str:
        spent = now - started
        return (f"searching: {nodes:,} positions in {spent:,.0f} s "
                f"({nodes / max(spent, 1e-9) / 1e6:.2f} M/s), at most {seconds - spent:,.0f} s "
                f"left")

    if not console.is_terminal:
        def plain(nodes: int) -> None:
            nonlocal shown
            now = time.perf_counter()
            if now - shown >= PLAIN_EVERY:
                shown = now
                console.print(words(nodes, now), soft_wrap=True)

        yield plain
        return
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), console=console,
                  transient=True, auto_refresh=False) as progress:
        task = progress.add_task("searching", total=None)

        def live(nodes: int) -> None:
            nonlocal shown
            now = time.perf_counter()
            if now - shown >= 0.5:
                shown = now
                progress.update(task, description=words(nodes, now))
                progress.refresh()

        yield live


def print_start(tables: Tables, seconds: float) -> None:
    """The start's value by the placing search, with the positions it searched."""
    start = tables.database.start()
    placing = 2 * tables.geometry.board.stones
    tables.search(START_MEMORY)
    try:
        with budget(Budget(seconds=seconds)), search_progress(seconds) as listener:
            value, outcome = tables.search_value(start, distance=False, listener=listener)
    except BudgetExhausted as error:  # the tables are built: say so, and how to go on
        console.print(f"start: not decided within --seconds {seconds:g} ({error}); the same "
                      "command with a longer --seconds searches it (the tables are kept)",
                      soft_wrap=True)
        return
    console.print(f"start: {value.words({'W': 'White', 'B': 'Black'})} (a {placing}-ply search "
                  f"into the tables: {outcome.nodes:,} positions in {outcome.seconds:.1f} s)")


def analyze(position: Annotated[str | None, typer.Argument(
                help="A position (default: the start), or - to read it from stdin.")] = None,
            board: BoardOpt = "six", option: OptionOpt = None,
            line: Annotated[str, typer.Option(
                "--line", help="Moves played from the position, e.g. 'd2 a1'.")] = "",
            db: DbOpt = None, seconds: SecondsOpt = 10.0) -> None:
    """The value of a position and of every legal move, from the solved tables (a placing
    position by a search into the tables of every sliding position, within ``--seconds``)."""
    game, state = position_of(board, option, position, line)
    tables = tables_of(game, db)
    small = tables.small_build(state)
    if small is not None:  # solved when first asked for, with its progress
        scope, to_build = small
        console.print(f"solving {tables.geometry.name} {scope.scope} once "
                      f"({to_build:,} positions)")
        with build_progress(2 * to_build, transient=True) as advance:
            tables.build(scope, advance)
    held = tables.database_for(state) is not None
    if not held:  # the tables checked and the search compiled before the clock starts
        tables.search(START_MEMORY)
    with budget(Budget(seconds=seconds)):
        analysis = tables.analyze(state)
    console.print(board_text(game, state), end="")
    words = analysis.value.words({"W": "White", "B": "Black"})
    console.print(f"{status_line(game, state)}; with perfect play: [bold]{words}[/]")
    console.print(f"read from table {unit_name(slice_of(state))}" if held
                  else "searched into the sliding-phase tables")
    if analysis.moves:
        table = Table("move", "value")
        for move, value in analysis.moves:
            mark = " (best)" if move in analysis.best else ""
            table.add_row(game.format_move(state, move), f"{value}{mark}")
        console.print(table)
    valued = {move for move, _ in analysis.moves}
    missing = [game.format_move(state, m) for m in game.legal_moves(state) if m not in valued]
    if missing:
        console.print(f"not valued within --seconds {seconds:g}: {' '.join(missing)}")


def stats(board: BoardOpt = "six", option: OptionOpt = None, scope: ScopeOpt = "full",
          db: DbOpt = None) -> None:
    """Win/draw/loss counts of the side to move in every table of a built database (every
    symmetric copy counted) and the longest forced win with a position that needs it (counted
    once, then kept beside the tables)."""
    game = position_of(board, option)[0]
    geometry = Geometry.of(game.board, game.flying)
    database = Database.open(geometry, scope, db)
    with console.status(f"counting {geometry.name} {scope}"):
        print_stats(game, database.stats())


def print_stats(game: Morris, stats: list[SliceStats]) -> None:
    """The table of :func:`stats`, the placing positions' totals and the longest win."""
    table = Table("table", "stones", "positions", "wins", "draws", "losses", "longest win",
                  caption="stones: the side to move's, then the other's; wins and losses of the "
                          "side to move")
    for s in stats:
        if s.slice[2] == s.slice[3] == 0:
            table.add_row(unit_name(s.slice), f"{s.slice[0]}-{s.slice[1]}",
                          f"{s.wins + s.draws + s.losses:,}", f"{s.wins:,}", f"{s.draws:,}",
                          f"{s.losses:,}", str(s.longest_win or "-"))
    Console(highlight=False, width=max(console.width, 110)).print(table)  # never cut a count
    placing = [s for s in stats if s.slice[2] or s.slice[3]]
    if placing:
        console.print(f"placing positions  {sum(s.wins + s.draws + s.losses for s in placing):,} "
                      f"(wins {sum(s.wins for s in placing):,}, draws "
                      f"{sum(s.draws for s in placing):,}, losses "
                      f"{sum(s.losses for s in placing):,})", soft_wrap=True)
    longest = max((s for s in stats if s.longest_win is not None),
                  key=lambda s: s.longest_win or 0, default=None)
    if longest is not None and longest.longest_position is not None:
        console.print(f"longest forced win {longest.longest_win} plies, slice "
                      f"{'/'.join(map(str, longest.slice))}: "
                      f"{game.format_position(longest.longest_position)}", soft_wrap=True)


def verify(board: BoardOpt = "six", option: OptionOpt = None, scope: ScopeOpt = "full",
           db: DbOpt = None) -> None:
    """Check every table's size and checksums against the manifest, and that the manifest lists
    every table the board and scope imply (and no table file is left out of it)."""
    game = position_of(board, option)[0]
    geometry = Geometry.of(game.board, game.flying)
    plan = MorrisPlan(geometry, scope)
    store = Database.store_for(geometry, db)
    if not store.exists:
        raise DatabaseError(f"no {geometry.name} {scope} database in {store.path}")
    expected = [t.name for t in plan.tables()]
    with console.status(f"checking {len(store.tables)} tables in {store.path}"):
        problems = store.verify(expected)
    for problem in problems:
        print(f"zermelo: database: {problem}", file=sys.stderr)
    if problems:
        raise typer.Exit(2)
    console.print(f"ok: {len(expected)} tables of {geometry.name} {scope} in {store.path}")


def plan(board: BoardOpt = "six", option: OptionOpt = None, scope: ScopeOpt = "full",
         workers: PlanWorkersOpt = None, rate: RateOpt = None) -> None:
    """What solving a board takes: positions and bytes per table, disk, a worker's memory,
    and the time on N workers like this machine."""
    game = position_of(board, option)[0]
    geometry = Geometry.of(game.board, game.flying)
    slices = MorrisPlan(geometry, scope)
    print_plan(slices.tables(), plan_estimate(slices), rate, lambda: measured_rate(geometry),
               workers)
    if max(t.size for t in slices.tables()) > RATE_SAMPLE:  # larger than the scope timed
        console.print(f"large tables   about {duration(estimated_seconds(slices.tables()))} on "
                      "this machine's cores at the rates of the standard board's full build "
                      f"({SLIDING_RATE / 1e6:g} M sliding, {PLACING_RATE / 1e6:g} M placing "
                      "positions/s a core: large tables run slower than the small scope "
                      "timed)", soft_wrap=True)
    symmetries = slices.ix.syms
    distinct = sum(distinct_positions(symmetries, s[0], s[1]) for s in slices.slices)
    entries = sum(t.size for t in slices.tables())
    console.print(f"distinct       {distinct:,} positions up to {len(symmetries)} symmetries "
                  f"({entries - distinct:,} entries are copies)", soft_wrap=True)


def reachable(board: BoardOpt = "six", option: OptionOpt = None, db: DbOpt = None) -> None:
    """Every position reachable from the start (each symmetric copy counted; finished games
    counted, not played on), by value for the side to move from the full database (built first
    if missing), and the longest forced win among them with a position that needs it."""
    game = position_of(board, option)[0]
    geometry = Geometry.of(game.board, game.flying)
    check_walkable(geometry)
    try:
        database = Database.open(geometry, "full", db)
    except DatabaseError:
        plan = MorrisPlan(geometry, "full")
        total = 2 * missing_positions(plan, Database.store_for(geometry, db))
        with build_progress(total, transient=True) as advance:
            database, report = Database.build(geometry, "full", db, advance, plan)
        console.print(f"built {report.tables_built} tables, {report.positions:,} positions; "
                      f"{geometry.name} full in {database.store.path}")
    walk = Walk(database)
    with console.status(f"walking {geometry.name} from the start") as status:
        result = walk.run(lambda plies, positions: status.update(
            f"walking {geometry.name}: {plies} plies from the start, {positions:,} positions"))
    table = Table(geometry.name, "", caption="every symmetric copy counted")
    table.add_row("reachable positions", f"{result.positions:,}")
    table.add_row("  where the game is over", f"{result.over:,}")
    table.add_row("  with stones in hand", f"{result.placing:,}")
    table.add_row("wins of the side to move", f"{result.wins:,}")
    table.add_row("draws", f"{result.draws:,}")
    table.add_row("losses of the side to move", f"{result.losses:,}")
    table.add_row("longest forced win", "-" if result.longest_win is None
                  else f"{result.longest_win} plies")
    if result.longest_position is not None:
        table.add_row("  in", database.game.format_position(result.longest_position))
    table.add_row("farthest from the start", f"{result.depth} plies")
    table.add_row("time", f"{result.seconds:.1f} s")
    Console(highlight=False, width=max(console.width, 100)).print(table)
