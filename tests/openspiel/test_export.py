"""Every zermelo game as an OpenSpiel game: OpenSpiel's own random simulation test, its MCTS
bot and CFR with exploitability run on each, actions and notation agree with zermelo's."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, exploitability, mcts

from zermelo.core.errors import OptionError, UnknownNameError
from zermelo.games.registry import GAMES
from zermelo.games.turtles.state import Deal
from zermelo.openspiel.export import ZermeloState, load, register_all, short_name

SMALL = {
    "musketeers": "zermelo_musketeers(board=3x3)",
    "connect4": "zermelo_connect4(board=4x4,k=3)",
    "nim": "zermelo_nim(piles=1 2 3)",
    "tictactoe": "zermelo_tictactoe(board=3x3,k=3)",
    "pig": "zermelo_pig(goal=12)",
    "turtles": "zermelo_turtles(players=3,rainbow=4+3-)",
    "morris": "zermelo_morris(board=three)",
}
"""A small variant of every registered game."""


def test_every_registered_game_has_a_small_variant_and_a_name() -> None:
    assert set(SMALL) == set(GAMES)
    assert set(register_all()) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", sorted(SMALL))
def test_openspiel_random_simulation(name: str) -> None:
    """OpenSpiel's test with its default ``serialize=True``: the game string loads again."""
    pyspiel.random_sim_test(load(SMALL[name]), num_sims=3, serialize=True, verbose=False)


EVERY_OPTION = [
    "zermelo_musketeers(board=3x3,musketeers=2,first=E)",
    "zermelo_musketeers(board=3x4,start=a1 b2 c3)",
    "zermelo_connect4(board=4x4,k=3)",
    "zermelo_nim(piles=7)",
    "zermelo_nim(piles=2 3,misere=True)",
    "zermelo_tictactoe(board=3x3,k=2)",
    "zermelo_pig(goal=12)",
    "zermelo_turtles(players=3,rainbow=4+3-,overshoot=forbid,stuck=pass)",
    "zermelo_turtles(neutral=continue,reshuffle=stop)",
    "zermelo_morris(board=six,flying=no,move_limit=30,repetition=False)",
    "zermelo_morris(board=three-orthogonal,flying=yes,move_limit=20)",
]
"""Small variants, typed as a person would (no quotes), that give each option of every game a
value other than its default."""


def test_every_option_of_every_game_is_varied() -> None:
    varied = {(name, key) for name, _, rest in (v.partition("(") for v in EVERY_OPTION)
              for key, _, _ in (pair.partition("=") for pair in rest[:-1].split(","))}
    assert varied == {(short_name(e), o.name) for e in GAMES.values() for o in e.options}


@pytest.mark.parametrize("text", EVERY_OPTION)
def test_openspiel_loads_every_option_and_simulates_it_serialized(text: str) -> None:
    """``pyspiel.load_game`` itself, given the string as typed (``piles=7``, a one-element list,
    is text), then OpenSpiel's random simulation with its default ``serialize=True``."""
    register_all()
    game = pyspiel.load_game(text)
    assert str(pyspiel.load_game(str(game))) == str(game)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_one_element_list_loads_from_parameters_too() -> None:
    register_all()
    assert pyspiel.load_game("zermelo_nim", {"piles": 7}).zgame.piles == (7,)
    assert pyspiel.load_game("zermelo_nim(piles=7)").zgame.piles == (7,)
    assert str(pyspiel.load_game("kuhn_poker", {"players": 3})) == "kuhn_poker(players=3)"


@pytest.mark.parametrize("name", sorted(SMALL))
def test_actions_and_notation_agree_with_zermelo(name: str) -> None:
    game = load(SMALL[name])
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal() and seen < 40:
        assert isinstance(state, ZermeloState)
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1)
            assert all(0 <= a < game.max_chance_outcomes() for a in actions)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        zgame, zstate = game.zgame, state.state
        actions = state.legal_actions()
        assert len(set(actions)) == len(actions) == len(zgame.legal_moves(zstate))
        assert all(0 <= a < game.num_distinct_actions() for a in actions)
        texts = [state.action_to_string(a) for a in actions]
        assert sorted(texts) == sorted(zgame.format_move(zstate, m)
                                       for m in zgame.legal_moves(zstate))
        action = int(rng.choice(actions))
        move = zgame.parse_move(zstate, state.action_to_string(action))
        state.apply_action(action)
        assert state.state == zgame.apply(zstate, move)
        seen += 1


@pytest.mark.parametrize("name", sorted(SMALL))
def test_openspiel_mcts_bot_plays(name: str) -> None:
    game = load(SMALL[name])
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 4:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 4 or state.is_terminal()


def test_the_issue_example_loads_three_players() -> None:
    register_all()
    game = pyspiel.load_game("zermelo_turtles(players=3)")
    assert game.num_players() == 3
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def _dealt(game: pyspiel.Game, deal: Deal) -> ZermeloState:
    """The state after ``deal``, dealt through OpenSpiel's chance steps."""
    state = game.new_initial_state()
    for action in (*deal.colours, *(c for hand in deal.hands for c in hand)):
        assert action in dict(state.chance_outcomes())
        state.apply_action(action)
    assert not state.is_chance_node()
    return state


def test_turtle_information_states_hide_the_others_colour_and_hand() -> None:
    game = load("zermelo_turtles")
    mine = (0, 0, 2, 15, 17)
    one = _dealt(game, Deal((0, 3), (mine, (5, 6, 9, 12, 18))))
    two = _dealt(game, Deal((0, 4), (mine, (3, 4, 7, 10, 16))))
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.observation_string(0) == two.observation_string(0)
    assert one.information_state_string(1) != two.information_state_string(1)
    action = one.legal_actions()[0]
    one.apply_action(action)
    two.apply_action(action)
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.information_state_string(0) != one.observation_string(0)


def test_cfr_and_exploitability_on_small_nim() -> None:
    game = load("zermelo_nim(piles=1 2)")
    solver = cfr.CFRPlusSolver(game)
    for _ in range(30):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) < 0.01
    cpp = pyspiel.CFRSolver(game)
    for _ in range(30):
        cpp.evaluate_and_update_policy()
    assert pyspiel.exploitability(game, cpp.average_policy()) < 0.05
    uniform = exploitability.exploitability(game, cfr.CFRSolver(game).average_policy())
    assert uniform > 0.2


def test_bad_names_and_parameters_are_one_line_errors() -> None:
    with pytest.raises(UnknownNameError, match="no OpenSpiel game"):
        load("zermelo_nothing")
    with pytest.raises(OptionError, match="players 9"):
        load("zermelo_turtles(players=9)")
    with pytest.raises(OptionError, match="no parameter 'pile'"):
        load("zermelo_nim(pile=3)")


def test_lists_are_written_with_spaces_and_the_game_string_loads_again() -> None:
    game = load("zermelo_musketeers(board=4x4,start=a1 b2 c3)")
    assert game.zgame.start == (0, 5, 10)
    again = load(str(game))
    assert again.zgame.start == game.zgame.start
    assert load(str(load("zermelo_nim"))).zgame.piles == (1, 3, 5, 7)


def test_text_values_openspiel_would_read_as_numbers_are_quoted() -> None:
    """``5+2-`` and a one-element list are text: written in quotes, read back without them,
    by ``pyspiel.load_game`` itself as well."""
    for rainbow in ("5+2-", "4+3-"):
        game = load(f"zermelo_turtles(rainbow={rainbow})")
        assert f"rainbow='{rainbow}'" in str(game)
        assert str(pyspiel.load_game(str(game))) == str(game)
    nim = load("zermelo_nim(piles=7)")
    assert nim.zgame.piles == (7,)
    assert pyspiel.load_game(str(nim)).zgame.piles == (7,)
    assert load("zermelo_nim(piles=7,misere=True)").zgame.piles == (7,)
