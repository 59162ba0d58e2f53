"""Tic-tac-toe's published numbers (Ciężyński, 2017): games, tree nodes, positions, symmetry
classes, value."""

from __future__ import annotations

from collections import Counter
from typing import Any

from zermelo.games.tictactoe import TicTacToe
from zermelo.search import alphabeta, alphabeta_tt, dfpn, minimax

GAME = TicTacToe()


def count_games(game: TicTacToe) -> tuple[Counter[str], int]:
    """Complete games by outcome, and nodes of the full game tree (root included)."""
    outcomes: Counter[str] = Counter()
    nodes = 0

    def walk(state: Any) -> None:
        nonlocal nodes
        nodes += 1
        if game.is_terminal(state):
            winner = game.winner(state)
            outcomes["draw" if winner is None else "XO"[winner]] += 1
            return
        for move in game.legal_moves(state):
            walk(game.apply(state, move))

    walk(game.initial_state())
    return outcomes, nodes


def reachable(game: TicTacToe) -> set[Any]:
    seen = {game.initial_state()}
    frontier = [game.initial_state()]
    while frontier:
        state = frontier.pop()
        for move in game.legal_moves(state):
            child = game.apply(state, move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def test_games_and_tree_nodes() -> None:
    outcomes, nodes = count_games(GAME)
    assert sum(outcomes.values()) == 255_168
    assert outcomes == {"X": 131_184, "O": 77_904, "draw": 46_080}
    assert nodes == 549_946


def test_positions_and_symmetry_classes() -> None:
    positions = reachable(GAME)
    assert len(positions) == 5_478
    assert len({GAME.key(s) for s in positions}) == 765


def test_the_parser_accepts_exactly_the_reachable_positions() -> None:
    import itertools

    positions = {GAME.format_position(s) for s in reachable(GAME)}
    accepted = set()
    for cells in itertools.product("XO.", repeat=9):
        text = "".join(cells)
        try:
            GAME.parse_position(text)
        except ValueError:
            continue
        accepted.add(text)
    assert accepted == positions


def test_minimax_visits_the_whole_tree_and_finds_a_draw() -> None:
    result = minimax(GAME, GAME.initial_state())
    assert result.value == 0
    assert result.exact
    assert result.stats.nodes == 549_946
    assert result.stats.max_depth == 9
    assert len(result.pv) == 9


def test_the_pruning_searches_find_the_draw_with_fewer_nodes() -> None:
    start = GAME.initial_state()
    full = 549_946
    plain = alphabeta(GAME, start)
    table = alphabeta_tt(GAME, start)
    proof = dfpn(GAME, start)
    assert plain.value == table.value == proof.value == 0
    assert plain.stats.cutoffs > 0 and plain.stats.nodes < full
    assert table.stats.nodes < plain.stats.nodes
    assert table.stats.tt_hits > 0 and table.stats.tt_size <= 765
    assert len(table.pv) == 9  # the line is followed through the table to the end
