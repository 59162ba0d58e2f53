"""Numbers typed with other scripts' digits (superscripts, Arabic-Indic, full-width:
``isdigit()`` is true, ``int()`` may fail or read them) are refused in one line by every
parser: positions, moves and variant options of every game."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core.errors import ZermeloError
from zermelo.games.registry import GAMES

DIGITS = "0123456789" + "".join(chr(c) for c in (
    0xB2, 0xB3, 0xB9, 0x663, 0x664, 0x6F5, 0x96C, 0x9ED, 0xE58, 0xED9, 0xF22, 0x1043, 0x1094,
    0x136B, 0x17E4, 0x1815, 0x1946, 0x19D1, 0x1A83, 0x1B54, 0x1BB5, 0x1C46, 0xA620, 0xA8D4,
    0xA901, 0xA9F5, 0xAA56, 0xABF7, 0xFF10, 0xFF11, 0xFF12, 0xFF15, 0x2464, 0x24F5, 0x2776))
"""ASCII digits and others that ``str.isdigit`` accepts."""
assert all(c.isdigit() for c in DIGITS)
OTHERS = " ,:;|.-xX/abcdeABCDEFGMORBYPW+=h"
text = st.text(st.sampled_from(DIGITS + OTHERS), max_size=40)


def starts() -> list[tuple[str, Any]]:
    return [(name, entry.game({})) for name, entry in GAMES.items()]


@pytest.mark.parametrize(("name", "game"), starts(), ids=[n for n, _ in starts()])
@settings(max_examples=150, deadline=None)
@given(words=text)
def test_positions_and_moves_with_other_digits_are_zermelo_errors(name: str, game: Any,
                                                                  words: str) -> None:
    for parse in (game.parse_position,
                  lambda t: game.parse_move(game.initial_state(), t)):
        try:
            parse(words)
        except ZermeloError as error:
            assert "\n" not in str(error)


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=60, deadline=None)
@given(value=text)
def test_options_with_other_digits_are_zermelo_errors(name: str, value: str) -> None:
    entry = GAMES[name]
    for key in entry.options.as_json():
        option = key["name"] if isinstance(key, dict) else str(key)
        with contextlib.suppress(ZermeloError):
            entry.game({option: value})


OTHER_DIGITS = "".join(c for c in DIGITS if not c.isascii())


@pytest.mark.parametrize("digit", OTHER_DIGITS[:12] + OTHER_DIGITS[-4:])
def test_other_digits_inside_words_are_refused(digit: str) -> None:
    """Not only a number alone: a board size, a position's scores and an agent's parameters,
    where ``re``'s ``\\d``, ``int()`` and ``float()`` would read other scripts' digits."""
    from zermelo.agents.turtles.search import agent_options
    from zermelo.core.errors import OptionError

    with pytest.raises(OptionError, match="board"):
        GAMES["connect4"].game({"board": f"5x{digit}"})
    pig = GAMES["pig"].game({})
    with pytest.raises(ZermeloError):
        pig.parse_position(f"A {digit} 0 0")
    for word in (digit, f"seconds={digit}", f"seconds=0.{digit}"):
        with pytest.raises(OptionError, match="expected a number"):
            agent_options("ismcts", (word,), ("iterations",), {
                "iterations": (1, 10**7), "seconds": (0.001, 3600)})
    assert agent_options("ismcts", ("5", "seconds=0.5"), ("iterations",), {
        "iterations": (1, 10**7), "seconds": (0.001, 3600)}) == {"iterations": 5, "seconds": 0.5}
