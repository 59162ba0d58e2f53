"""Option schemas: every value in range is read back, everything else is refused in one line."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zermelo.core.errors import OptionError
from zermelo.core.options import Choice, Flag, Integer, Numbers, Schema, Size, Words

K = Integer("k", 4, "Stones in a row.", low=2, high=9)
BOARD = Size("board", (7, 6), "Board size.", low=1, high=9)
PILES = Numbers("piles", (1, 3), "Pile sizes.", min_count=1, max_count=4, low=0, high=64)
FIRST = Choice("first", "M", "Who starts.", choices=("M", "E"))
MISERE = Flag("misere", False, "Misère play.")
START = Words("start", None, "Start squares.", max_count=3)
SCHEMA = Schema((K, BOARD, PILES, FIRST, MISERE, START))


@given(st.integers(2, 9), st.integers(1, 9), st.integers(1, 9),
       st.lists(st.integers(0, 64), min_size=1, max_size=4), st.sampled_from(["M", "e"]),
       st.booleans())
def test_values_in_range_round_trip(k: int, width: int, height: int, piles: list[int],
                                    first: str, misere: bool) -> None:
    values = {"k": k, "board": (width, height), "piles": tuple(piles),
              "first": first.upper(), "misere": misere, "start": None}
    texts = {o.name: o.format(values[o.name]) for o in SCHEMA}
    assert SCHEMA.parse(texts) == values


@given(st.integers())
def test_integers_outside_the_range_are_refused_naming_it(k: int) -> None:
    if 2 <= k <= 9:
        assert K.parse(str(k)) == k
    else:
        with pytest.raises(OptionError, match="expected a whole number from 2 to 9"):
            K.parse(str(k))


@given(st.text(max_size=30))
def test_any_text_is_read_or_refused_with_one_line(text: str) -> None:
    for option in SCHEMA:
        try:
            option.parse(text)
        except OptionError as error:
            assert "\n" not in str(error)
            assert str(error).startswith(f"invalid option: {option.name} ")


def test_defaults_unknown_names_and_long_texts() -> None:
    assert SCHEMA.parse({}) == {"k": 4, "board": (7, 6), "piles": (1, 3), "first": "M",
                                "misere": False, "start": None}
    with pytest.raises(OptionError, match=r"no option 'size' \(options: k, board, piles, first, "
                       r"misere, start\)"):
        SCHEMA.parse({"size": "3"})
    with pytest.raises(OptionError, match="longer than 1000 characters"):
        PILES.parse("1," * 600)
    with pytest.raises(OptionError, match=r"k '11111111111111111111\.\.\.'"):
        K.parse("1" * 40)
    assert START.parse("a1, b2") == ("a1", "b2")
    with pytest.raises(OptionError, match="up to 3 names"):
        START.parse("a1,a2,a3,a4")


def test_the_schema_describes_itself_for_the_web_form() -> None:
    listed = SCHEMA.as_json()
    assert [o["name"] for o in listed] == SCHEMA.names()
    assert listed[0] == {"name": "k", "type": "integer", "default": "4",
                         "help": "Stones in a row.", "allowed": "a whole number from 2 to 9",
                         "min": 2, "max": 9}
    assert listed[3]["choices"] == ["M", "E"]


def test_a_size_states_its_further_bound() -> None:
    board = Size("board", (7, 6), "Board.", low=1, high=62, bound="width x height at most 63")
    assert board.allowed() == "WIDTHxHEIGHT with each side from 1 to 62, width x height at most 63"
    assert Size("board", (3, 3), "Board.", low=1, high=8).allowed() == \
        "WIDTHxHEIGHT with each side from 1 to 8"
