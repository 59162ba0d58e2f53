"""Morris engines and move generation against independent oracles: OpenSpiel's
``nine_mens_morris`` on random games, the static estimates and search of the article "Let's see
how Artificial Intelligence forms the core of the Nine Men's Morris game" written again from
its text (plain minimax, and alpha-beta counting the positions evaluated), and our search against
plain negamax."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from zermelo.core.errors import IllegalMoveError
from zermelo.engines import create_engine
from zermelo.games.morris import Morris, Move, Position
from zermelo.games.morris.entry import ENTRY
from zermelo.games.morris.kernels import tables
from zermelo.search.players import RandomPlayer, play_match
from zermelo.solvers.morris import engine
from zermelo.solvers.morris.engine import DepthPlayer, Found, draws, search
from zermelo.solvers.morris.heuristic import features, ours

PLAIN = {b: Morris(b, move_limit=0, repetition=False) for b in ("standard", "variant23")}


def openspiel_first_action(move: Move) -> int:
    """OpenSpiel's action for placing on or moving to ``move.to`` (its removal comes after)."""
    return move.to if move.frm < 0 else 24 + 24 * move.frm + move.to


def test_moves_and_results_agree_with_openspiel_on_random_games() -> None:
    """Every ply of random games: the same first actions, the same removals after each mill,
    the same end and returns, draws at the 200-ply limit included (half the games prefer moves
    that remove nothing, so that they reach it)."""
    pyspiel = pytest.importorskip("pyspiel")
    spiel = pyspiel.load_game("nine_mens_morris")
    game = Morris(move_limit=200, repetition=False)
    ends = set()
    for seed in range(12):
        rng = random.Random(seed)
        state, theirs = game.initial_state(), spiel.new_initial_state()
        while not theirs.is_terminal():
            moves = game.legal_moves(state)
            assert {openspiel_first_action(m) for m in moves} == set(theirs.legal_actions())
            for first in {openspiel_first_action(m) for m in moves if m.take >= 0}:
                child = theirs.clone()
                child.apply_action(first)
                assert set(child.legal_actions()) == {
                    m.take for m in moves if openspiel_first_action(m) == first}
            quiet = [m for m in moves if m.take < 0] if seed % 2 else []
            move = rng.choice(quiet or moves)
            state = game.apply(state, move)
            theirs.apply_action(openspiel_first_action(move))
            if move.take >= 0:
                theirs.apply_action(move.take)
        assert game.is_terminal(state) and list(game.returns(state)) == theirs.returns()
        ends.add(game.winner(state))
    assert ends == {0, 1, None}


# -- the article's estimates and search, written again from its text ----------------------------


def article_estimate(game: Morris, s: Position) -> int:
    """The article's estimate for White: ``W - B`` while stones are in hand, later ``1000 (W - B)
    - Black's moves`` (a mill-closing move once per White stone outside a mill), +-10000 at 2
    stones or when Black cannot move."""
    b = game.board
    w, k = s.white.bit_count(), s.black.bit_count()
    if s.hand_white or s.hand_black:
        return w - k
    if k <= 2:
        return 10000
    if w <= 2:
        return -10000
    free = sum(1 for p in range(b.size) if s.white >> p & 1 and not b.in_mill(s.white, p))
    empty = [p for p in range(b.size) if not (s.white | s.black) >> p & 1]
    moves = 0
    for p in (p for p in range(b.size) if s.black >> p & 1):
        for q in empty if k == 3 else [q for q in b.adjacency[p] if q in empty]:
            moves += free if b.in_mill(s.black & ~(1 << p) | 1 << q, q) else 1
    return 10000 if moves == 0 else 1000 * (w - k) - moves


def article_search(game: Morris, s: Position, depth: int, alpha: float, beta: float,
                counter: list[int], prune: bool = True) -> float:
    """The article's miniMaxOpeningPhase / miniMaxMidEndPhase: opening positions are estimated at
    the depth limit only, later ones at every node, stopping at +-10000."""
    if s.hand_white or s.hand_black:
        if depth == 0:
            counter[0] += 1
            return article_estimate(game, s)
    else:
        counter[0] += 1
        estimate = article_estimate(game, s)
        if depth == 0 or abs(estimate) == 10000:
            return estimate
    best = 100000.0 if s.side else -100000.0
    for move in game.moves_of(s):
        v = article_search(game, game.apply(s, move), depth - 1, alpha, beta, counter, prune)
        if s.side == 0:
            best = max(best, v)
            if prune and best >= beta:
                return best
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            if prune and best <= alpha:
                return best
            beta = min(beta, best)
    return best


def article_root(game: Morris, s: Position, depth: int) -> tuple[Move, float, int]:
    """The article's root: the first move of the best value for the mover; the root's own estimate
    counts in the mid and endgame."""
    counter = [0 if s.hand_white or s.hand_black else 1]
    sign = -1 if s.side else 1
    best_move, best, alpha, beta = None, -float("inf"), -float("inf"), float("inf")
    for move in game.moves_of(s):
        child = game.apply(s, move)
        if s.side:
            v = -article_search(game, child, depth - 1, -beta, -alpha, counter)
        else:
            v = article_search(game, child, depth - 1, alpha, beta, counter)
        if v > best:
            best_move, best, alpha = move, v, max(alpha, v)
    assert best_move is not None
    return best_move, sign * best, counter[0]


def sample_positions(game: Morris, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        states = game.random_playout(game.initial_state(), rng)[:-1]
        found += rng.sample(states, min(4, len(states)))
    return found[:count]


@pytest.mark.parametrize("board", sorted(PLAIN))
def test_article_search_moves_values_and_counts_equal_its_text(board: str) -> None:
    game = PLAIN[board]
    for state in sample_positions(game, 24, 5):
        for depth in (1, 2, 3):
            found = search(game, state, depth, article_rules=True)
            assert (found.move, found.value, found.evaluated) == article_root(game, state, depth)


def test_the_articles_alpha_beta_keeps_the_minimax_value_and_evaluates_fewer() -> None:
    game = PLAIN["variant23"]
    for state in sample_positions(game, 10, 7):
        full: list[int] = [0]
        value = article_search(game, state, 2, -float("inf"), float("inf"), full, prune=False)
        pruned: list[int] = [0]
        assert article_search(game, state, 2, -float("inf"), float("inf"), pruned) == value
        assert pruned[0] <= full[0]


def test_the_article_counts_every_opening_child_at_depth_one() -> None:
    game = PLAIN["variant23"]
    assert search(game, game.initial_state(), 1, article_rules=True).evaluated == 23


# -- our search -----------------------------------------------------------------------------------


def negamax(game: Morris, s: Position, depth: int, ply: int) -> int:
    """Plain negamax over our estimate: a side that has lost scores ``-1000000 + ply``."""
    moves = game.moves_of(s)
    if game.lost(s) or not moves:
        return -1_000_000 + ply
    if depth == 0:
        own, opp = s.stones(s.side), s.stones(1 - s.side)
        return int(ours(np.int64(own), np.int64(opp), s.hand(s.side), s.hand(1 - s.side),
                        game.flying, tables(game.board)))
    return max(-negamax(game, game.apply(s, m), depth - 1, ply + 1) for m in moves)


@pytest.mark.parametrize("board", sorted(PLAIN))
def test_our_alpha_beta_finds_the_negamax_value_and_a_move_that_keeps_it(board: str) -> None:
    game = PLAIN[board]
    for state in sample_positions(game, 12, 11):
        for depth in (1, 2, 3):
            found = search(game, state, depth, article_rules=False)
            assert found.value == negamax(game, state, depth, 0)
            assert -negamax(game, game.apply(state, found.move), depth - 1, 1) == found.value


@pytest.mark.parametrize(("text", "expected"), [
    # White's mill a7 d7 g7: d7-d6 closes b6 d6 f6 (a double mill), b6 f6 a potential mill.
    ("WWW/W.W/.../....../.../.../BBB W 0 0", (1, 1, 1, 0, 7)),
    # White's corners boxed in by Black: no potential mill, four blocked stones, no slide.
    ("WBW/.../.../B....B/.../.../WBW W 0 0", (0, 0, 0, 4, 0)),
])
def test_our_features_count_by_hand(text: str, expected: tuple[int, ...]) -> None:
    """(closed mills, potential mills, double mills, blocked stones, slides) of White."""
    game = PLAIN["standard"]
    s = game.parse_position(text)
    assert features(np.int64(s.white), np.int64(s.black), tables(game.board)) == expected


# -- engines --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["article-estimate:3", "heuristic:2"])
def test_engines_beat_a_random_player(name: str) -> None:
    """Each engine, White or Black, wins seeded games against uniformly random moves (every
    move checked legal by ``play``)."""
    game = ENTRY.game({"board": "variant23"})
    engine: Any = create_engine(name, game, seed=0)
    for seed in range(4):
        side = seed % 2
        players = [RandomPlayer(seed), RandomPlayer(seed)]
        players[side] = engine
        last = play_match(game, players)[-1]
        assert game.winner(last) == side


def test_searching_a_finished_game_is_refused() -> None:
    game = PLAIN["standard"]
    over = game.parse_position("W../.../.../W...../.../.../BBB W 0 0")
    with pytest.raises(IllegalMoveError):
        search(game, over, 2, article_rules=False)


def test_ours_passes_over_a_drawing_move_when_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """Black is to move where g4-g1 repeats a position a third time; when its search prefers
    that move with a winning value, the player searches the other moves instead."""
    game = Morris(move_limit=0)
    state = game.parse_position(".../.WW/W../W....B/B.B/BB./B.. B 0 0 after a4-a7 g1-g4 "
                                "a7-a4 g4-g1 a4-a7 g1-g4 a7-a4")
    drawing = game.parse_move(state, "g4-g1")
    assert [m for m in game.legal_moves(state) if draws(game, state, m)] == [drawing]
    asked: list[list[Move] | None] = []

    def prefers_the_draw(game: Morris, state: Position, depth: int, article_rules: bool,
                         roots: list[Move] | None = None) -> Found:
        asked.append(roots)
        return Found(drawing, 50, 0) if roots is None else search(game, state, depth,
                                                                     article_rules, roots)

    monkeypatch.setattr(engine, "search", prefers_the_draw)
    move = DepthPlayer(2, article_rules=False, avoid_draws=True)(game, state)
    assert move != drawing and asked[1] == [m for m in game.legal_moves(state) if m != drawing]
    asked.clear()
    assert DepthPlayer(2, article_rules=True)(game, state) == drawing and asked == [None]
