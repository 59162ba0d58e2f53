"""The engines that play from a game's analysis, checked against Bouton's nim-sum (an oracle
apart from the analysis): ``perfect`` leaves a nim-sum of 0 whenever it can, ``skill:0`` never
does while another move exists, ``skill:50`` errs about half the time it can."""

from __future__ import annotations

import itertools
from functools import reduce
from operator import xor

from zermelo.engines import create_engine
from zermelo.engines.analysed import Analysed
from zermelo.games.registry import get_game

GAME = get_game("nim").game({"piles": "1,3,5,7"})


def nim_sum(state: object) -> int:
    return reduce(xor, [int(x) for x in GAME.format_position(state).split()[1:]], 0)


def positions() -> list[object]:
    return [GAME.parse_position("A " + " ".join(map(str, p)))
            for p in itertools.product(range(2), range(4), range(6), range(8)) if any(p)]


def test_perfect_leaves_a_zero_nim_sum_when_it_can_and_skill_0_never_does() -> None:
    perfect, wrong = create_engine("perfect", GAME, seed=1), create_engine("skill:0", GAME, seed=1)
    for state in positions():
        if nim_sum(state) == 0:
            continue
        assert nim_sum(GAME.play(state, perfect(GAME, state))) == 0
        others = [m for m in GAME.legal_moves(state) if nim_sum(GAME.play(state, m)) != 0]
        if others:
            assert nim_sum(GAME.play(state, wrong(GAME, state))) != 0


def test_skill_50_errs_about_half_the_time_it_can() -> None:
    engine = create_engine("skill:50", GAME, seed=3)
    assert isinstance(engine, Analysed)
    for state in positions() * 3:
        engine(GAME, state)
    assert engine.chances > 500
    assert 0.4 < engine.erred / engine.chances < 0.6
