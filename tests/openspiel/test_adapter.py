"""OpenSpiel's games as zermelo games: the protocol holds, zermelo's searches agree with
OpenSpiel's own solvers, and ``zermelo solve openspiel:GAME`` refuses bad names in one line."""

from __future__ import annotations

import json
import random

import pyspiel
import pytest
from open_spiel.python.algorithms import minimax

from tests.conftest import CliRunner
from zermelo.core.errors import IllegalMoveError, InvalidPositionError
from zermelo.core.game import CHANCE, Chance, Information
from zermelo.games.registry import get_game
from zermelo.openspiel.adapter import open_game
from zermelo.search.algorithms import search
from zermelo.search.players import RandomPlayer, play_match

GAMES = ("tic_tac_toe", "kuhn_poker", "pig(winscore=8,horizon=12)", "leduc_poker",
         "connect_four(rows=4,columns=4)")


@pytest.mark.parametrize("name", GAMES)
def test_random_games_keep_the_protocol(name: str) -> None:
    game = open_game(name)
    rng = random.Random(3)
    for _ in range(3):
        state = game.initial_state()
        while not game.is_terminal(state):
            assert game.parse_position(game.format_position(state)) == state
            moves = game.legal_moves(state)
            if game.to_move(state) is CHANCE:
                outcomes = game.chance_outcomes(state)
                assert [m for m, _ in outcomes] == moves
                assert sum(p for _, p in outcomes) == pytest.approx(1)
                move = game.sample_chance(state, rng)
            else:
                move = rng.choice(moves)
                assert game.parse_move(state, game.format_move(state, move)) == move
            state = game.play(state, move)
        assert len(game.returns(state)) == game.info.num_players
        assert game.legal_moves(state) == []


def test_the_properties_come_from_openspiel() -> None:
    kuhn = open_game("kuhn_poker(players=3)").info
    assert (kuhn.num_players, kuhn.chance, kuhn.information) == (
        3, Chance.EXPLICIT, Information.IMPERFECT)
    assert open_game("tic_tac_toe").info.chance is Chance.DETERMINISTIC


@pytest.mark.parametrize("line", [(), (4,), (4, 0), (0, 4, 8), (4, 0, 8, 2)])
def test_alphabeta_agrees_with_openspiels_alphabeta(line: tuple[int, ...]) -> None:
    game = open_game("tic_tac_toe")
    state = game.parse_position(" ".join(map(str, line)))
    ours = search("alphabeta-tt", game, state)
    native = pyspiel.load_game("tic_tac_toe").new_initial_state()
    for action in line:
        native.apply_action(action)
    value, _ = minimax.alpha_beta_search(native.get_game(), native,
                                         maximizing_player_id=native.current_player())
    assert ours.value == value


def test_expectimax_agrees_with_openspiels_expectiminimax() -> None:
    text = "pig(winscore=5,horizon=6)"
    game = open_game(text)
    ours = search("expectimax", game, game.initial_state())
    native = pyspiel.load_game(text)
    value, _ = minimax.expectiminimax(native.new_initial_state(), 100, lambda s: 0.0, 0)
    assert ours.value == pytest.approx(value)


def test_searches_and_matches_run_on_hidden_information() -> None:
    game = open_game("kuhn_poker")
    state = game.apply(game.apply(game.initial_state(), 0), 2)
    result = search("ismcts", game, state, iterations=200, seed=1)
    assert result.best_move in game.legal_moves(state)
    view = game.resample(state, 0, random.Random(0))
    assert game.information_key(view, 0) == game.information_key(state, 0)
    states = play_match(game, [RandomPlayer(1), RandomPlayer(2)])
    assert game.is_terminal(states[-1])


def test_bad_positions_and_moves() -> None:
    game = open_game("tic_tac_toe")
    with pytest.raises(InvalidPositionError):
        game.parse_position("4 4")
    with pytest.raises(InvalidPositionError):
        game.parse_position("x")
    with pytest.raises(IllegalMoveError):
        game.parse_move(game.parse_position("4"), "4")


def test_the_registry_finds_openspiel_games() -> None:
    entry = get_game("openspiel:tic_tac_toe")
    assert entry.game().info.name == "openspiel:tic_tac_toe"


def test_solve_an_openspiel_game(cli: CliRunner) -> None:
    result = cli("solve", "openspiel:tic_tac_toe", "--json")
    assert result.code == 0, result.err
    answer = json.loads(result.out)
    assert (answer["value"], answer["exact"]) == (0, True)


@pytest.mark.parametrize(("name", "message"), [
    ("openspiel:tic_tac_tow", "zermelo: unknown name: no OpenSpiel game 'tic_tac_tow'"),
    ("openspiel:tic_tac_toe(x=1)", "zermelo: invalid option: tic_tac_toe: no parameter 'x'"),
    ("openspiel:connect_four(rows=-3)", "zermelo: invalid option: connect_four: rows -3: "
                                        "expected a whole number from 1 to 24"),
    ("openspiel:", "zermelo: unknown name: no OpenSpiel game ''"),
])
def test_bad_openspiel_names_are_one_line(cli: CliRunner, name: str, message: str) -> None:
    result = cli("solve", name)
    assert result.code == 2
    assert result.err.startswith(message)
    assert len(result.err.strip().splitlines()) == 1


@pytest.mark.parametrize("piles", [(1, 2, 3), (1, 2, 4), (2, 3, 5, 7), (1, 1, 4, 6)])
def test_openspiels_nim_solved_through_the_adapter_keeps_boutons_rule(
        piles: tuple[int, ...]) -> None:
    game = open_game(f"nim(pile_sizes={';'.join(map(str, piles))},is_misere=False)")
    result = search("alphabeta-tt", game, game.initial_state())
    nim_sum = 0
    for pile in piles:
        nim_sum ^= pile
    assert result.value == (1 if nim_sum else -1)
