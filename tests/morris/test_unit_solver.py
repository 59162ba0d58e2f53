"""The compiled Morris solver against the readable rules: unmoves against the move generator,
whole tables against explicit graphs built from the rules, and a table solved in pieces, on
threads or across a kill against the same table solved at once."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.games.morris.boards import BOARDS, THREE, Board
from zermelo.games.morris.kernels import MAX_MOVES, decode, generate, in_mill, tables, unmoves
from zermelo.games.morris.rules import Morris, Position
from zermelo.solvers.morris import unit
from zermelo.solvers.morris.database import Database, MorrisPlan, unit_name
from zermelo.solvers.morris.geometry import Geometry
from zermelo.tablebase import retrograde
from zermelo.tablebase.retrograde import DRAW, NONE, GraphMoves, from_child, preference, solve_unit

FLYING_THREE = dataclasses.replace(THREE, name="three-removals", stones=4, mill_wins=False,
                                   flying=True)
RULES = {"standard": (BOARDS["standard"], True), "standard-sliding": (BOARDS["standard"], False),
         "variant23": (BOARDS["variant23"], True), "six": (BOARDS["six"], False),
         "three": (THREE, False), "3x3 with removals, flying": (FLYING_THREE, True)}


def plain_parents(board: Board, flying: bool, moved: int, other: int) -> set[int]:
    """The stones the side that just moved could have had, by the move generator: every set
    one stone away whose plain move (no removal, no win) gives ``moved``."""
    t = tables(board)
    out = np.zeros(MAX_MOVES, np.int64)
    found = set()
    empty = board.full & ~(moved | other)
    for p in range(board.size):
        for q in range(board.size):
            if not (moved >> p & 1 and empty >> q & 1):
                continue
            before = moved & ~(1 << p) | 1 << q
            for i in range(generate(np.int64(before), np.int64(other), 0, flying, t, out)):
                frm, to, take = decode(out[i])
                won = in_mill(np.int64(moved), to, t[1]) and board.mill_wins
                if (frm, to, take) == (q, p, -1) and not won:
                    found.add(before)
    return found if not Morris(board).lost(Position(moved, other, 0, 0, 0)) else set()


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(RULES)), st.integers(0, 2**32 - 1))
def test_unmoves_are_the_plain_moves_run_backwards(name: str, seed: int) -> None:
    board, flying = RULES[name]
    rng = random.Random(seed)
    m = rng.randint(board.min_stones, board.stones)
    o = rng.randint(board.min_stones, min(board.stones, board.size - m - 1))
    points = rng.sample(range(board.size), m + o)
    moved, other = sum(1 << p for p in points[:m]), sum(1 << p for p in points[m:])
    out = np.zeros(MAX_MOVES, np.int64)
    n = unmoves(np.int64(moved), np.int64(other), flying, tables(board), out)
    assert sorted(out[:n].tolist()) == sorted(plain_parents(board, flying, moved, other))


def explicit_unit(db: Database, name: str) -> GraphMoves:
    """A unit of ``db``'s plan as successor lists and exits made by the readable rules
    (``Morris.moves_of``), its exits read from the finished tables of ``db``."""
    plan, game = db.plan, db.game
    members = plan.units_of[name]
    at = {s: plan.offset[s] for s in members}
    children: list[list[int]] = []
    exits: list[int] = []
    for s in members:
        for local in range(plan.ix.slice_size(s)):
            mover, opp = plan.ix.position(s, local)
            state = Position(mover, opp, 0, s[2], s[3])
            kids, best = [], NONE
            for move in [] if game.lost(state) else game.moves_of(state):
                child = game.apply(state, move)
                side = child.side
                key = (child.stones(side).bit_count(), child.stones(1 - side).bit_count(),
                       child.hand(side), child.hand(1 - side))
                if game.lost(child):
                    code = from_child(1)
                elif key in at:
                    kids.append(at[key] + plan.ix.locate(child.stones(side),
                                                         child.stones(1 - side)))
                    continue
                else:
                    code = from_child(db.code(child))
                best = code if preference(code) > preference(best) else best
            children.append(kids)
            exits.append(best)
    return GraphMoves(children, exits)


# (the 23-point board's s33, 2 M positions through the readable rules, took 17 minutes: its
# tables are checked on random positions against the rules in test_retrograde.py instead)
@pytest.mark.parametrize(("board", "flying", "scope", "name"), [
    ("six", False, "endgame-4", "s43"), ("six", True, "endgame-4", "s44"),
    ("three", None, "full", "s33")])
def test_a_compiled_table_equals_the_rules_graph_byte_for_byte(
        board: str, flying: bool | None, scope: str, name: str, tmp_path: Path) -> None:
    db, _ = Database.build(Geometry.of(board, flying), scope, tmp_path)
    expected = solve_unit(explicit_unit(db, name))
    built = np.asarray(db.store.read(name))
    assert np.array_equal(built, expected)
    assert len(set(built.tolist()) - {DRAW}) > 3  # wins and losses of several lengths


def test_pieces_threads_and_a_kill_change_no_byte(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    geometry = Geometry.of("six", False)
    db, _ = Database.build(geometry, "endgame-4", tmp_path / "whole")
    plan = MorrisPlan(geometry, "endgame-4")
    name = "s44"
    inputs = {d: np.asarray(db.store.read(d)) for d in plan.depends(name)}
    whole = np.asarray(db.store.read(name))
    monkeypatch.setattr(unit, "CHUNK", 997)  # many small pieces of the forward pass
    moves = plan.moves(name, inputs)
    assert len(moves.chunks()) > 10
    assert np.array_equal(solve_unit(moves, parts=1), whole)
    monkeypatch.setattr(retrograde, "CHECKPOINT_SECONDS", -1.0)  # save after every piece
    real, calls = moves.backward, 0

    def killed_after_three_batches(*args: np.ndarray) -> None:
        nonlocal calls
        calls += 1
        if calls > 3:
            raise KeyboardInterrupt
        real(*args)

    monkeypatch.setattr(moves, "backward", killed_after_three_batches)
    checkpoint = retrograde.Checkpoint(tmp_path / "work")
    with pytest.raises(KeyboardInterrupt):
        solve_unit(moves, checkpoint=checkpoint)
    monkeypatch.setattr(moves, "backward", real)
    assert np.array_equal(solve_unit(moves, checkpoint=checkpoint, parts=3), whole)
    assert unit_name((4, 4, 0, 0)) == name
