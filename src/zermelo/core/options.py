"""Variant options as a schema: name, type, range, default and help, checked in one place.

A game declares its options once (:class:`Schema`); the command line (``-o KEY=VALUE``), the
web form and the HTTP API all read them through it, so an unknown or out-of-range option is
refused with the same one-line message everywhere, naming the allowed range.

>>> schema = Schema((Size("board", (7, 6), "Board WIDTHxHEIGHT.", low=1, high=9),
...                  Integer("k", 4, "Stones in a row to win.", low=1, high=9)))
>>> schema.parse({"board": "5x4"})
{'board': (5, 4), 'k': 4}
>>> schema.parse({"k": "12"})
Traceback (most recent call last):
...
zermelo.core.errors.OptionError: invalid option: k 12: expected a whole number from 1 to 9
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from zermelo.core.errors import OptionError

_SIZE = re.compile(r"\s*([0-9]{1,6})\s*[xX]\s*([0-9]{1,6})\s*")
MAX_TEXT = 1000
"""No option's text may be longer than this."""


@dataclass(frozen=True)
class Option(ABC):
    """One option: its ``name``, ``default`` value and ``help``; subclasses set type and range."""

    name: str
    default: Any
    help: str

    @abstractmethod
    def read(self, text: str) -> Any:
        """The value of ``text``; :class:`OptionError` naming the allowed range otherwise."""

    @abstractmethod
    def allowed(self) -> str:
        """The allowed values in words (``a whole number from 1 to 9``)."""

    def format(self, value: Any) -> str:
        """``value`` as option text that :meth:`read` reads back."""
        return str(value)

    def parse(self, text: str) -> Any:
        """:meth:`read` with the length of the text checked first."""
        if len(text) > MAX_TEXT:
            raise OptionError(f"{self.name}: longer than {MAX_TEXT} characters")
        return self.read(text)

    def refuse(self, text: str) -> OptionError:
        """The error for a bad ``text``, quoting it (cut to 20 characters) when it is empty or
        holds spaces."""
        word = text.strip()
        shown = word if word and word.isprintable() and " " not in word else repr(word)
        if len(word) > 20:
            shown = repr(word[:20] + "...")
        return OptionError(f"{self.name} {shown}: expected {self.allowed()}")

    def as_json(self) -> dict[str, Any]:
        """The option as the web form needs it."""
        return {"name": self.name, "type": type(self).__name__.lower(),
                "default": self.format(self.default), "help": self.help,
                "allowed": self.allowed()}


def parse_whole(text: str) -> int | None:
    """``text`` as a whole number of at most nine ASCII digits, else None (never a huge int)."""
    word = text.strip()
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 9 else None


@dataclass(frozen=True)
class Integer(Option):
    """A whole number in ``[low, high]``."""

    low: int
    high: int

    def read(self, text: str) -> int:
        value = parse_whole(text)
        if value is None or not self.low <= value <= self.high:
            raise self.refuse(text)
        return value

    def allowed(self) -> str:
        return f"a whole number from {self.low} to {self.high}"

    def as_json(self) -> dict[str, Any]:
        return {**super().as_json(), "min": self.low, "max": self.high}


@dataclass(frozen=True)
class Size(Option):
    """A board size ``WIDTHxHEIGHT``, each side in ``[low, high]``; ``bound``: a further limit
    in words, which the game checks (Connect Four's sides together)."""

    low: int
    high: int
    bound: str = ""

    def read(self, text: str) -> tuple[int, int]:
        match = _SIZE.fullmatch(text)
        if not match:
            raise self.refuse(text)
        width, height = int(match.group(1)), int(match.group(2))
        if not (self.low <= width <= self.high and self.low <= height <= self.high):
            raise self.refuse(text)
        return width, height

    def allowed(self) -> str:
        sides = f"WIDTHxHEIGHT with each side from {self.low} to {self.high}"
        return f"{sides}, {self.bound}" if self.bound else sides

    def format(self, value: Any) -> str:
        return f"{value[0]}x{value[1]}"

    def as_json(self) -> dict[str, Any]:
        return {**super().as_json(), "min": self.low, "max": self.high}


@dataclass(frozen=True)
class Numbers(Option):
    """A list of whole numbers (``1,3,5,7``): between ``min_count`` and ``max_count`` of them,
    each in ``[low, high]``."""

    min_count: int
    max_count: int
    low: int
    high: int

    def read(self, text: str) -> tuple[int, ...]:
        words = text.replace(",", " ").split()
        values = [parse_whole(w) for w in words]
        if (not self.min_count <= len(values) <= self.max_count
                or any(v is None or not self.low <= v <= self.high for v in values)):
            raise self.refuse(text)
        return tuple(v for v in values if v is not None)

    def allowed(self) -> str:
        return (f"{self.min_count} to {self.max_count} whole numbers from {self.low} to "
                f"{self.high}, separated by commas")

    def format(self, value: Any) -> str:
        return ",".join(str(v) for v in value)


@dataclass(frozen=True)
class Choice(Option):
    """One word of ``choices`` (case-insensitive)."""

    choices: tuple[str, ...]

    def read(self, text: str) -> str:
        for choice in self.choices:
            if text.strip().lower() == choice.lower():
                return choice
        raise self.refuse(text)

    def allowed(self) -> str:
        return "one of " + ", ".join(self.choices)

    def as_json(self) -> dict[str, Any]:
        return {**super().as_json(), "choices": list(self.choices)}


_TRUE = ("yes", "true", "on", "1")
_FALSE = ("no", "false", "off", "0")


@dataclass(frozen=True)
class Flag(Option):
    """``yes`` or ``no`` (also true/false, on/off, 1/0)."""

    def read(self, text: str) -> bool:
        word = text.strip().lower()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        raise self.refuse(text)

    def allowed(self) -> str:
        return "yes or no"

    def format(self, value: Any) -> str:
        return "yes" if value else "no"


@dataclass(frozen=True)
class Words(Option):
    """Comma-separated words (square names ``a1,a2,b2``), at most ``max_count`` of them, each
    of letters and digits; empty means the default (None)."""

    max_count: int

    def read(self, text: str) -> tuple[str, ...] | None:
        words = tuple(w.strip() for w in text.split(",") if w.strip())
        if len(words) > self.max_count or not all(w.isascii() and w.isalnum() and len(w) <= 8
                                                  for w in words):
            raise self.refuse(text)
        return words or None

    def allowed(self) -> str:
        return f"up to {self.max_count} names like a1, separated by commas"

    def format(self, value: Any) -> str:
        return "" if value is None else ",".join(value)


@dataclass(frozen=True)
class Schema:
    """The options of one game, in the order they are shown."""

    options: tuple[Option, ...] = ()

    def __iter__(self) -> Any:
        return iter(self.options)

    def names(self) -> list[str]:
        """The option names."""
        return [o.name for o in self.options]

    def parse(self, given: Mapping[str, str]) -> dict[str, Any]:
        """Every option's value: the given text read and range-checked, else the default.

        An unknown name is refused listing the known ones.
        """
        known = {o.name: o for o in self.options}
        for name in given:
            if name not in known:
                listed = ", ".join(known) or "none"
                shown = name if len(name) <= 30 else name[:30] + "..."
                raise OptionError(f"no option {shown!r} (options: {listed})")
        return {o.name: o.parse(given[o.name]) if o.name in given else o.default
                for o in self.options}

    def as_json(self) -> list[dict[str, Any]]:
        """Every option as the web form needs it."""
        return [o.as_json() for o in self.options]
