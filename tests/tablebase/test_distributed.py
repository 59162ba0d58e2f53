"""Builds on a Dask cluster: the database a local cluster of two worker processes builds is the
in-process one byte for byte, also when a worker is killed in the middle of a unit; a bad
scheduler is refused in one line; and the plan's figures are those of a real build."""

from __future__ import annotations

import json
import os
import re
import signal
import stat
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import CliRunner
from zermelo.core.errors import OptionError
from zermelo.games.morris.entry import ENTRY
from zermelo.solvers.morris import database as morris
from zermelo.solvers.morris.cluster import plan_estimate as morris_estimate
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.musketeers.cluster import plan_estimate
from zermelo.solvers.musketeers.database import Database, MusketeersPlan
from zermelo.solvers.musketeers.indexing import Indexing, Variant
from zermelo.tablebase import distributed
from zermelo.tablebase.distributed import (
    RETRIES,
    Recipe,
    Workers,
    build_on,
    cluster,
    shared_threads,
)
from zermelo.tablebase.layered import BuildReport, TableSpec, Unit
from zermelo.tablebase.store import U8, DatabaseError, Store, write_atomically

pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def pool() -> Iterator[Workers]:
    """A local cluster of two worker processes of one thread each, shared by the module."""
    with cluster(None, 2, threads=1) as workers:
        assert workers is not None
        yield workers


@pytest.fixture(scope="module")
def built_here(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 4x4 and 3x4 databases (a square board and one with fewer symmetries) built in this
    process."""
    root = tmp_path_factory.mktemp("here")
    for board in ((4, 4), (3, 4)):
        Database.build(Variant(*board, 3), root)
    return root


def assert_same_database(one: Path, other: Path) -> None:
    """Both directories hold the same tables, byte for byte, under the same checksums, and
    nothing else (no part or temporary file left)."""
    tables = json.loads((one / "manifest.json").read_text())["tables"]
    others = json.loads((other / "manifest.json").read_text())["tables"]
    assert list(tables) == list(others)
    assert [t["sha256"] for t in tables.values()] == [t["sha256"] for t in others.values()]
    for name in tables:
        assert (one / f"{name}.bin").read_bytes() == (other / f"{name}.bin").read_bytes()
    assert sorted(p.name for p in one.iterdir()) == sorted(p.name for p in other.iterdir())


@pytest.mark.parametrize("board", [(4, 4), (3, 4)])
def test_a_cluster_build_is_the_in_process_build(pool: Workers, built_here: Path,
                                                 tmp_path: Path, board: tuple[int, int]
                                                 ) -> None:
    variant = Variant(*board, 3)
    done: list[int] = []
    _, report = Database.build(variant, tmp_path / "there", workers=pool,
                               progress=lambda table, count: done.append(count))
    plan = Database.plan(variant)
    assert report.positions == sum(done) == sum(t.size for t in plan.tables())
    assert len(done) == sum(len(plan.units(t)) for t in plan.tables())
    assert_same_database(built_here / variant.name, tmp_path / "there" / variant.name)


def mark_run(runs: str, table: TableSpec, unit: Unit) -> None:
    """Leave a file in ``runs`` for this run of the unit, to count how often each unit ran."""
    Path(runs, f"{table.name}.{unit.lo}.{os.urandom(6).hex()}").touch()


def run_counts(runs: Path) -> Counter[tuple[str, int]]:
    """How many times each unit (table, first index) ran, from the files of :func:`mark_run`."""
    return Counter((name, int(lo)) for name, lo, _ in (p.name.split(".") for p in runs.iterdir()))


class KillingPlan(MusketeersPlan):
    """The plan of a variant whose one unit kills its own worker process the first time it
    runs (the marker file says it has); every unit run leaves a file in ``runs``."""

    def __init__(self, variant: Variant, marker: str, runs: str) -> None:
        indexing = Indexing(variant)
        super().__init__(indexing, indexing.free_count)
        self.marker = marker
        self.runs = runs

    def run(self, table: TableSpec, unit: Unit, out: U8, inputs: dict[str, U8]) -> None:
        mark_run(self.runs, table, unit)
        if table.name == "L05-E" and unit.lo == 32:
            try:
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                pass
            else:
                out[:] = 7  # half-done work that must never reach the table
                os.kill(os.getpid(), signal.SIGKILL)
        super().run(table, unit, out, inputs)


def test_a_killed_worker_costs_at_most_the_units_of_its_step(pool: Workers, built_here: Path,
                                                             tmp_path: Path) -> None:
    variant = Variant(4, 4, 3)
    marker, runs = tmp_path / "killed", tmp_path / "runs"
    runs.mkdir()
    store = Database.store_for(variant, tmp_path / "there")
    report = build_on(pool, Recipe(KillingPlan, (variant, str(marker), str(runs))), store)
    assert marker.exists()  # the worker did die in the middle of its unit
    assert report.tables_built == 2 * (Indexing(variant).free_count + 1)
    assert_same_database(built_here / variant.name, store.path)
    counts = run_counts(runs)
    plan = Database.plan(variant)
    assert sorted(counts) == sorted((t.name, u.lo) for t in plan.tables() for u in plan.units(t))
    assert counts["L05-E", 32] == 2
    assert all(n == 1 for (name, _), n in counts.items() if name != "L05-E")
    assert all(n <= 2 for n in counts.values())


class TwoTables:
    """A plan of one step of two tables: ``good`` of two units and ``bad`` of one, which raises
    while ``fail`` is set; every unit run leaves a file in ``runs``."""

    def __init__(self, runs: str, fail: bool) -> None:
        self.runs = runs
        self.fail = fail

    def tables(self) -> list[TableSpec]:
        return [TableSpec("good", 8, (), "good"), TableSpec("bad", 4, (), "bad")]

    def units(self, table: TableSpec) -> list[Unit]:
        if table.name == "good":
            return [Unit("good", 0, 4, 4), Unit("good", 4, 8, 4)]
        return [Unit("bad", 0, 4, 4)]

    def run(self, table: TableSpec, unit: Unit, out: U8, inputs: dict[str, U8]) -> None:
        mark_run(self.runs, table, unit)
        if table.name == "bad" and self.fail:
            raise RuntimeError("this unit always fails")
        out[:] = unit.lo + 1


def test_a_failed_unit_keeps_the_finished_tables_of_its_step(pool: Workers,
                                                             tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    runs.mkdir()
    header = {"game": "test"}
    with pytest.raises(RuntimeError, match="always fails"):
        build_on(pool, Recipe(TwoTables, (str(runs), True)), Store(tmp_path / "db", header))
    assert list(Store(tmp_path / "db", header).tables) == ["good"]
    assert run_counts(runs) == {("good", 0): 1, ("good", 4): 1, ("bad", 0): 1 + RETRIES}
    store = Store(tmp_path / "db", header)
    report = build_on(pool, Recipe(TwoTables, (str(runs), False)), store)
    assert report.tables_built == 1  # only the failed table is built again
    assert run_counts(runs) == {("good", 0): 1, ("good", 4): 1, ("bad", 0): 2 + RETRIES}
    assert list(store.load("good")) == [1] * 4 + [5] * 4
    assert sorted(p.name for p in store.path.iterdir()) == [".lock", "bad.bin", "good.bin",
                                                            "manifest.json"]


class FakeClient:
    """What :func:`shared_threads` asks of a cluster: each worker's thread slots and cores."""

    def __init__(self, slots: dict[str, int], cores: dict[str, int]) -> None:
        self.slots, self.cores = slots, cores

    def nthreads(self) -> dict[str, int]:
        return self.slots

    def run(self, function: Callable[[], int | None]) -> dict[str, int]:
        return self.cores


def test_a_remote_worker_shares_its_cores_among_its_slots(pool: Workers) -> None:
    assert shared_threads(pool.client) == os.cpu_count()  # one slot a worker here
    assert shared_threads(FakeClient({"a": 4, "b": 1}, {"a": 8, "b": 16})) == 2  # type: ignore[arg-type]
    assert shared_threads(FakeClient({"a": 8}, {"a": 2})) == 1  # type: ignore[arg-type]


@pytest.mark.parametrize("mask", [0o022, 0o027, 0o002])
def test_a_written_file_is_as_readable_as_open_makes_it(tmp_path: Path, mask: int) -> None:
    old = os.umask(mask)
    try:
        write_atomically(tmp_path / "t.bin", b"abc")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "t.bin").stat().st_mode) == 0o666 & ~mask


class AlwaysKillingPlan(MusketeersPlan):
    """The plan of a variant whose one-enemy units kill their worker every time."""

    def __init__(self, variant: Variant) -> None:
        indexing = Indexing(variant)
        super().__init__(indexing, indexing.free_count)

    def run(self, table: TableSpec, unit: Unit, out: U8, inputs: dict[str, U8]) -> None:
        if table.name == "L01-E":
            os.kill(os.getpid(), signal.SIGKILL)
        super().run(table, unit, out, inputs)


def test_a_unit_that_keeps_killing_workers_stops_the_build(tmp_path: Path) -> None:
    import dask

    variant = Variant(4, 4, 3)
    store = Database.store_for(variant, tmp_path)
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            cluster(None, 1, threads=1) as workers:
        assert workers is not None
        with pytest.raises(DatabaseError, match="L01-E: a unit killed its worker again"):
            build_on(workers, Recipe(AlwaysKillingPlan, (variant,)), store)
    assert list(Database.open(variant, tmp_path).store.tables) == ["L00-M", "L00-E", "L01-M"]


@pytest.mark.parametrize(("board", "scope"), [("three", "full"), ("six", "endgame-4")])
def test_a_cluster_solves_morris_as_one_process_does(pool: Workers, tmp_path: Path,
                                                     board: str, scope: str) -> None:
    game = ENTRY.game({"board": board})
    geometry = Geometry.of(game.board, game.flying)  # type: ignore[attr-defined]
    morris.Database.build(geometry, scope, tmp_path / "here")
    morris.Database.build(geometry, scope, tmp_path / "there", workers=pool)
    name = f"morris-{geometry.name}"
    assert_same_database(tmp_path / "here" / name, tmp_path / "there" / name)


@pytest.mark.parametrize("address", ["nonsense", "tcp://127.0.0.1:1"])
def test_a_bad_scheduler_is_one_line_and_exit_2(cli: CliRunner, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                address: str) -> None:
    monkeypatch.setattr(distributed, "CONNECT_SECONDS", 1)
    result = cli("musketeers", "solve", "--board", "4x4", "--scheduler", address,
                 "--db", str(tmp_path))
    assert result.code == 2
    assert re.fullmatch(r"zermelo: invalid option: cannot reach the scheduler .+\n",
                        result.err), result.err
    assert not (tmp_path / "musketeers-4x4-m3" / "manifest.json").exists()


@pytest.mark.parametrize("args", [["--workers", "0"], ["--workers", "2", "--scheduler",
                                                        "tcp://127.0.0.1:1"]])
def test_bad_cluster_options_are_refused(cli: CliRunner, tmp_path: Path,
                                         args: list[str]) -> None:
    result = cli("musketeers", "solve", "--board", "4x4", "--db", str(tmp_path), *args)
    assert result.code == 2
    assert result.err.count("\n") == 1 and "invalid option" in result.err


def test_the_plan_counts_what_a_build_makes(tmp_path: Path) -> None:
    variant = Variant(4, 5, 3)
    plan = Database.plan(variant, 9)
    figures = plan_estimate(plan, threads=1)
    database, report = Database.build(variant, tmp_path, 9)
    files = [database.store.file(t.name) for t in plan.tables()]
    assert figures.positions == report.positions == sum(f.stat().st_size for f in files)
    largest = max(f.stat().st_size for f in files)
    assert figures.disk == figures.positions + largest
    assert figures.tables == report.tables_built == len(files)
    # one worker takes the whole sum; endless workers the sum of each step's largest unit
    assert figures.seconds(1, 1e6) == pytest.approx(report.positions / 1e6)
    assert figures.seconds(10**9, 1.0) == pytest.approx(sum(
        max(u.positions for u in plan.units(t)) for t in plan.tables()))
    ix = plan.ix
    block = max(u.positions for t in plan.tables() for u in plan.units(t))
    assert figures.peak_memory >= block + (2 << ix.free_count)


def test_the_morris_plan_counts_what_a_build_makes(tmp_path: Path) -> None:
    game = ENTRY.game({"board": "six"})
    geometry = Geometry.of(game.board, game.flying)  # type: ignore[attr-defined]
    figures = morris_estimate(morris.MorrisPlan(geometry, "endgame-4"))
    database, report = morris.Database.build(geometry, "endgame-4", tmp_path)
    sizes = [database.store.file(name).stat().st_size for name in database.store.tables]
    assert figures.positions == report.positions == sum(sizes) == figures.disk
    assert figures.tables == figures.units == len(sizes)


def test_plan_prints_the_figures(cli: CliRunner) -> None:
    result = cli("musketeers", "plan", "--board", "4x4", "--rate", "1000000",
                 "--workers", "1", "--workers", "4")
    assert result.code == 0, result.err
    total = sum(Indexing(Variant(4, 4, 3)).layer_size(n) for n in range(14)) * 2
    assert f"positions      {total:,} in 28 tables" in result.out
    assert re.search(r"on\s+1 worker\s+1\.3 s", result.out)
    bad = cli("musketeers", "plan", "--board", "4x4", "--rate", "0")
    assert bad.code == 2 and "rate 0: expected 1 to 1e12" in bad.err


def test_the_musketeers_rate_is_the_largest_sampled_layer_over_its_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from zermelo.solvers.musketeers import cluster as sizing

    variant = Variant(4, 5, 3)
    ix = Indexing(variant)
    monkeypatch.setattr(sizing, "RATE_SAMPLE", 2 * sum(ix.layer_size(n) for n in range(4)))
    ticks = iter(range(10**6))  # a clock that moves one second each time it is read
    monkeypatch.setattr(sizing, "time", type("Clock", (), {"perf_counter": lambda: next(ticks)}))
    built: list[int] = []
    real = Database.build

    def build(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        built.append(result[1].positions)
        return result

    monkeypatch.setattr(Database, "build", build)
    rate = sizing.measured_rate(variant)
    assert built[-1] == sizing.RATE_SAMPLE  # layers 0 to 3, no more
    largest = max(range(4), key=ix.layer_size)
    plan = MusketeersPlan(ix, 3)
    units = sum(len(plan.units(t)) for t in plan.tables() if int(t.name[1:3]) == largest)
    assert rate == 2 * ix.layer_size(largest) / units


def test_the_morris_rate_is_the_widest_sampled_scope_over_its_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from zermelo.solvers.morris import cluster as sizing

    monkeypatch.setattr(sizing, "RATE_SAMPLE", 200_000)
    game = ENTRY.game({"board": "six"})
    geometry = Geometry.of(game.board, game.flying)  # type: ignore[attr-defined]
    reports: list[tuple[str, BuildReport]] = []
    real = morris.Database.build

    def build(geometry: Geometry, scope: str, *args: object, **kwargs: object) -> object:
        result = real(geometry, scope, *args, **kwargs)  # type: ignore[arg-type]
        reports.append((scope, result[1]))
        return result

    monkeypatch.setattr(morris.Database, "build", build)
    rate = sizing.measured_rate(geometry)
    assert [scope for scope, _ in reports] == ["endgame-3", "endgame-4"]  # 12,012; 142,142
    report = reports[-1][1]
    assert rate == report.positions / report.seconds


def test_workers_get_the_database_path_as_given(pool: Workers, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")  # a shared mount the client sees resolved
    paths: list[str] = []
    submit = pool.client.submit

    def recording(function: Callable[..., object], *args: object, **kwargs: object) -> object:
        paths.extend(a for a in args if isinstance(a, str) and a.startswith("/"))
        paths.extend(p for a in args if isinstance(a, dict) for p, _ in a.values())
        return submit(function, *args, **kwargs)

    monkeypatch.setattr(pool.client, "submit", recording)
    variant = Variant(4, 4, 3)
    store = Database.store_for(variant, tmp_path / "link")
    build_on(pool, Recipe(Database.plan, (variant, 2)), store)
    assert paths and all(p.startswith(str(tmp_path / "link") + "/") for p in paths)
    assert any(".parts" in p for p in paths) and any(p.endswith("L01-E.bin") for p in paths)


def test_a_server_that_never_speaks_dask_is_given_up(cli: CliRunner, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    monkeypatch.setattr(distributed, "CONNECT_SECONDS", 1)
    with socket.socket() as mute:
        mute.bind(("127.0.0.1", 0))
        mute.listen(4)  # accepts connections (the kernel does), answers nothing
        address = f"tcp://127.0.0.1:{mute.getsockname()[1]}"
        result = cli("musketeers", "solve", "--board", "4x4", "--scheduler", address,
                     "--db", str(tmp_path))
    assert (result.code, result.err) == (
        2, f"zermelo: invalid option: cannot reach the scheduler {address!r}: no answer "
           "within 1 s\n")


def test_a_scheduler_without_workers_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    from distributed import LocalCluster

    monkeypatch.setattr(distributed, "WORKER_SECONDS", 1)
    with LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as empty, \
            pytest.raises(OptionError, match=r"has no worker \(waited 1 s\)"), \
            cluster(empty.scheduler_address, None):
        pass


def test_local_workers_are_bounded_by_the_machine() -> None:
    from zermelo.core.machine import cores

    with pytest.raises(OptionError, match="this machine has"), \
            cluster(None, 2 * cores() + 1):
        pass
