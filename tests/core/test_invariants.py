"""Broken invariants of zermelo's own code raise :class:`InvariantError` (a bug: no
ZermeloError, so exit 1 / HTTP 500), and conditions a user can reach raise typed errors."""

from __future__ import annotations

import pytest

from zermelo.agents.turtles.registry import make_agent
from zermelo.core.errors import (
    DataError,
    GameNotSupportedError,
    InvariantError,
    OptionError,
    ZermeloError,
)
from zermelo.core.nesting import MAX_NESTING
from zermelo.games.morris import contract
from zermelo.games.morris import kernels as morris_kernels
from zermelo.games.registry import get_game
from zermelo.games.turtles import Turtles
from zermelo.games.turtles.board import START, where
from zermelo.tablebase.store import shallow_json


def test_internal_invariants_are_no_user_errors() -> None:
    with pytest.raises(InvariantError, match="turtle 7 is not on the board"):
        where(START, 7)
    assert not issubclass(InvariantError, ZermeloError)


def test_a_data_file_nested_too_deep_is_bad_data() -> None:
    with pytest.raises(DataError, match=f"nested deeper than {MAX_NESTING}"):
        shallow_json("[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1))
    assert shallow_json("[[1]]") == [[1]]


def test_the_compiled_morris_history_full_is_one_line() -> None:
    game = get_game("morris").game({"board": "three", "move_limit": "0"})
    kernels = contract.game_kernels(game)
    state = kernels.pack(game.initial_state())
    state[contract.SEEN] = kernels.rules[contract.ROOM]
    with pytest.raises(GameNotSupportedError, match="history is full"):
        contract.play(state, kernels.rules, morris_kernels.encode(0, 1, -1))


def test_other_scripts_digits_are_no_agent_parameter() -> None:
    with pytest.raises(OptionError, match="samples '٣': expected a number"):
        make_agent("pimc:samples=٣", Turtles())
