"""What a game brings besides its rules, declared once in its package's ``entry.py``.

A :class:`GameEntry` names the game, its variant options (a :class:`~zermelo.core.options.Schema`),
how to build a variant, how to draw a position (terminal text and status line), and the parts
that live beside the rules: its own engines (:class:`EngineSpec`), its analysis (every legal
move with its :class:`~zermelo.core.value.Value`) and its own exact algorithms. Front ends use
entries only; they never name a game.

Parts are given as references ``"package.module:function"`` and imported on first use, so that
listing the games loads no solver, database or book, and so that a rules package can name the
solvers that sit beside it without importing them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

from zermelo.core.errors import GameNotSupportedError, OptionError
from zermelo.core.game import Game
from zermelo.core.kernels import GameKernels
from zermelo.core.options import Schema
from zermelo.core.picture import Picture, View
from zermelo.core.value import Analysis

AnyGame = Game[Any, Any]


def load(ref: str) -> Callable[..., Any]:
    """The function ``ref`` names (``"zermelo.games.nim.variant:create"``)."""
    module, _, name = ref.partition(":")
    function: Callable[..., Any] = getattr(import_module(module), name)
    return function


@dataclass(frozen=True)
class EngineSpec:
    """A player chosen by name (``perfect``, ``alphabeta:4``), as front ends see it.

    ``create`` refers to a factory ``create(game, level, seed, data) -> player`` where ``level``
    is the number after the colon (None: the engine takes none), ``seed`` seeds its random
    choices and ``data`` is the data directory of databases and books (None: the default).
    """

    name: str
    summary: str
    create: str
    level: str | None = None
    """What the level after the colon means; None when the engine takes no level."""
    default_level: int | None = None
    min_level: int = 0
    max_level: int | None = None
    supports: str | None = None
    """``supports(game) -> bool``: whether it can play a variant; None: every variant."""

    def plays(self, game: AnyGame) -> bool:
        """Whether the engine can play ``game``."""
        return self.supports is None or bool(load(self.supports)(game))

    def parse_level(self, text: str | None) -> int | None:
        """The level ``text`` stands for (None: the default), range-checked."""
        if text is None:
            return self.default_level
        if self.level is None:
            raise OptionError(f"engine {self.name!r} takes no level")
        word = text.strip()
        high = self.max_level
        if not (word.isascii() and word.isdigit() and len(word) <= 9) or not (
                self.min_level <= int(word) <= (high if high is not None else int(word))):
            upper = f" to {high}" if high is not None else " or more"
            raise OptionError(f"engine {self.name}:{word[:12]}: the level ({self.level}) must "
                              f"be a whole number from {self.min_level}{upper}")
        return int(word)

    def as_json(self) -> dict[str, Any]:
        """The engine as the web page needs it."""
        return {"name": self.name, "summary": self.summary, "level": self.level,
                "default_level": self.default_level, "min_level": self.min_level,
                "max_level": self.max_level}


@dataclass(frozen=True)
class AlgorithmSpec:
    """An exact algorithm of one game for ``zermelo solve``: ``run(game, state)`` returns a
    :class:`~zermelo.search.base.SearchResult` whose ``outcome`` is a Value."""

    name: str
    summary: str
    run: str


@dataclass(frozen=True)
class GameEntry:
    """A game as front ends see it. See the module docstring."""

    name: str
    title: str
    options: Schema
    create: str
    """``create(values) -> Game``: the variant of the schema's parsed values."""
    render: str
    """``render(game, state) -> rich.text.Text``: the terminal drawing."""
    status: str
    """``status(game, state) -> str``: whose turn it is, or how the game ended."""
    board: str | None = None
    """``board(game, state, view) -> Picture``: the web page's board; None: the function
    ``board_picture`` of the terminal drawing's module, if it has one (else the page shows
    the terminal drawing)."""
    engines: tuple[EngineSpec, ...] = ()
    """The game's own engines, beside the generic searches every game may use."""
    analysis: str | None = None
    """``analysis(game, state, data) -> Analysis``: the value of every legal move."""
    algorithms: tuple[AlgorithmSpec, ...] = ()
    default_algorithm: str = "alphabeta-tt"
    """What ``zermelo solve`` runs unless told otherwise."""
    default_engine: str = "alphabeta"
    """The engine a front end offers first (``perfect`` where one exists)."""
    hint_engine: str = "alphabeta"
    """The engine that suggests a move to a person."""
    strengths: tuple[tuple[str, str], ...] = ()
    """Engine levels in a player's words, weakest first: ``(word, "NAME[:LEVEL]")``, e.g.
    ``("club", "heuristic:4")``; ``perfect`` only for an engine whose moves are exact."""
    kernels: str | None = None
    """``kernels(game) -> zermelo.core.kernels.GameKernels``: the rules compiled over a flat
    state array (docs/protocol.md, section 12); None: the game has none."""
    _cache: dict[str, Callable[..., Any]] = field(default_factory=dict, compare=False,
                                                   repr=False)

    def _part(self, ref: str) -> Callable[..., Any]:
        if ref not in self._cache:
            self._cache[ref] = load(ref)
        return self._cache[ref]

    def game(self, given: Mapping[str, str] | None = None) -> AnyGame:
        """The variant that the option texts ``given`` describe (defaults for the rest)."""
        game: AnyGame = self._part(self.create)(self.options.parse(given or {}))
        return game

    def draw(self, game: AnyGame, state: Any) -> Any:
        """The terminal drawing of ``state`` (rich Text)."""
        return self._part(self.render)(game, state)

    def picture(self, game: AnyGame, state: Any, view: View) -> Picture | None:
        """The game's own board picture of ``state``, if it has one."""
        ref = self.board or self.render.partition(":")[0] + ":board_picture"
        try:
            draw = self._part(ref)
        except AttributeError:
            if self.board is not None:
                raise
            return None
        picture: Picture = draw(game, state, view)
        return picture

    def status_line(self, game: AnyGame, state: Any) -> str:
        """Whose turn it is, or how the game ended, in the game's words."""
        line: str = self._part(self.status)(game, state)
        return line

    def analyze(self, game: AnyGame, state: Any, data: Path | None = None) -> Analysis:
        """The value of ``state`` and of every legal move; GameNotSupportedError if the game
        declares no analysis."""
        if self.analysis is None:
            raise GameNotSupportedError(f"{self.title} has no analysis")
        analysis: Analysis = self._part(self.analysis)(game, state, data)
        return analysis

    def algorithm(self, name: str) -> AlgorithmSpec | None:
        """The game's own algorithm called ``name``, if it has one."""
        return next((a for a in self.algorithms if a.name == name), None)

    def run(self, algorithm: AlgorithmSpec, game: AnyGame, state: Any) -> Any:
        """Run one of the game's own algorithms on ``state``."""
        return self._part(algorithm.run)(game, state)

    def compiled(self, game: AnyGame) -> GameKernels[Any, Any] | None:
        """The game's compiled rules for the variant ``game``, if it declares them."""
        if self.kernels is None:
            return None
        kernels: GameKernels[Any, Any] = self._part(self.kernels)(game)
        return kernels

    def engine(self, name: str) -> EngineSpec | None:
        """The game's own engine called ``name``, if it has one."""
        return next((e for e in self.engines if e.name == name), None)
