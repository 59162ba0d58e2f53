"""The compiled walk of reachable Morris positions against a plain walk over the readable rules."""

from __future__ import annotations

from math import comb
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import CliRunner
from tests.morris.test_retrograde import BOARDS_TO_CHECK, brute_force
from zermelo.core.errors import OptionError
from zermelo.games.morris.boards import BOARDS
from zermelo.games.morris.rules import PLAYERS, Morris, Position
from zermelo.solvers.morris.database import Database, MorrisPlan
from zermelo.solvers.morris.geometry import Geometry
from zermelo.solvers.morris.reachable import (
    Walk,
    _bit,
    _position,
    block_bits,
    blocks,
    check_walkable,
)


def plain_walk(game: Morris) -> tuple[list[Position], int]:
    """Every position reachable from the start, level by level over the rules (a finished game
    is not played on), and the number of levels after the start."""
    start = game.initial_state()
    seen, level, depth = {start}, [start], 0
    while True:
        following = []
        for state in level:
            if game.end(state) is None:
                for move in game.moves_of(state):
                    child = game.apply(state, move)
                    if child not in seen:
                        seen.add(child)
                        following.append(child)
        if not following:
            return list(seen), depth
        level, depth = following, depth + 1


WALKED = ["three", "3x3 four stones, flying", "3x3 grid without diagonals, sliding"]
"""Three Men's Morris, and small boards with removals, with and without flying."""


@pytest.mark.parametrize("label", WALKED)
def test_the_walk_matches_a_plain_walk_valued_by_brute_force(label: str,
                                                             tmp_path: Path) -> None:
    board = BOARDS_TO_CHECK[label]
    database, _ = Database.build(Geometry.of(board), "full", tmp_path)
    game = Morris(board, move_limit=0, repetition=False)
    positions, depth = plain_walk(game)
    truth = brute_force(game)  # its own walk, valued by a fixpoint over the rules
    assert set(positions) == set(truth)
    result = Walk(database).run()
    mover = [truth[s].player == PLAYERS[s.side] for s in positions]
    assert (result.positions, result.depth) == (len(positions), depth)
    assert result.over == sum(game.end(s) is not None for s in positions)
    assert result.placing == sum(bool(s.hand_white or s.hand_black) for s in positions)
    assert result.wins == sum(mover)
    assert result.draws == sum(truth[s].player is None for s in positions)
    assert result.wins + result.draws + result.losses == len(positions)
    longest = max(truth[s].plies or 0 for s, won in zip(positions, mover, strict=True) if won)
    assert result.longest_win == longest
    where = result.longest_position
    assert where is not None and truth[where].plies == longest
    assert truth[where].player == PLAYERS[where.side]
    assert result.over and result.draws and result.losses  # every kind of value is met


def test_three_mens_morris_reaches_a_third_of_its_database_positions(tmp_path: Path) -> None:
    database, _ = Database.build(Geometry.of("three"), "full", tmp_path)
    result = Walk(database).run()
    assert (result.positions, result.over, result.longest_win) == (5_390, 416, 9)
    assert result.longest_position == database.start()  # White wins in 9 from the start


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["three", "six"]), st.data())
def test_a_raw_position_has_its_own_bit_and_decodes_back(name: str, data: st.DataObject) -> None:
    geometry = Geometry.of(name)
    n = geometry.points
    found = blocks(geometry)
    m, o, mh, oh, side = data.draw(st.sampled_from(found))
    points = data.draw(st.permutations(range(n)))
    own = sum(1 << p for p in points[:m])
    opp = sum(1 << p for p in points[m:m + o])
    white, black = (opp, own) if side else (own, opp)
    hw, hb = (oh, mh) if side else (mh, oh)
    offsets = np.full((geometry.board.stones + 1,) * 4 + (2,), -1, np.int64)
    offsets[m, o, mh, oh, side] = 0
    binom = np.array([[comb(p, k) for k in range(n + 2)] for p in range(n + 2)], np.int64)
    bit = int(_bit(np.int64(white), np.int64(black), side, hw, hb, offsets, binom, n))
    row = np.array([m, o, mh, oh, side, 0, 0], np.int64)
    assert 0 <= bit < block_bits(geometry, (m, o, mh, oh, side))
    assert tuple(int(x) for x in _position(row, np.int64(bit), binom, n)) == (
        white, black, side, hw, hb)


def test_blocks_cover_the_database_slices_and_the_lost_ones() -> None:
    geometry = Geometry.of("six")
    found = {b[:4] for b in blocks(geometry)}
    slices = set(MorrisPlan(geometry, "full").slices)
    assert slices <= found
    assert found - slices == {s for s in found if s[0] + s[2] < 3}


def test_boards_too_large_to_walk_are_refused() -> None:
    with pytest.raises(OptionError, match="GiB of bitmaps"):
        check_walkable(Geometry.of(BOARDS["standard"]))
    check_walkable(Geometry.of("six", True))


def test_reachable_from_the_command_line(cli: CliRunner, tmp_path: Path) -> None:
    result = cli("morris", "reachable", "--board", "three", "--db", str(tmp_path))
    assert result.code == 0, result.err
    assert "built 7 tables" in result.out
    assert "5,390" in result.out and "9 plies" in result.out and ".../.../... W 3 3" in result.out
    again = cli("morris", "reachable", "--board", "three", "--db", str(tmp_path))
    assert "built" not in again.out and "5,390" in again.out
    refused = cli("morris", "reachable", "--board", "standard", "--db", str(tmp_path))
    assert refused.code == 2 and len(refused.err.strip().splitlines()) == 1
    assert "GiB of bitmaps" in refused.err
