"""What a game brings besides its rules, declared once in its package's ``entry.py``.

A :class:`GameEntry` names the game, its variant options (a :class:`~zermelo.core.options.Schema`),
how to build a variant, how to draw a position (terminal text and status line), and the parts
that live beside the rules: its own engines (:class:`EngineSpec`), its analysis (every legal
move with its :class:`~zermelo.core.value.Value`) and its own exact algorithms. Front ends use
entries only; they never name a game.

Each part is given as a :data:`Lazy` reference: a function of the entry's module that imports
the part inside its body and returns it. The part is thus imported on first use, so that listing
the games loads no solver, database or book and a rules package can name the solvers that sit
beside it without importing them, while mypy checks that the part exists and has the signature
its field asks for (:data:`Create`, :data:`EngineFactory`, ...).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar

from zermelo.core.errors import GameNotSupportedError, OptionError
from zermelo.core.game import Game
from zermelo.core.kernels import GameKernels
from zermelo.core.options import Schema
from zermelo.core.picture import Picture, View
from zermelo.core.value import Analysis

if TYPE_CHECKING:
    from rich.text import Text

    from zermelo.search.base import SearchResult

AnyGame = Game[Any, Any]
T = TypeVar("T")
G = TypeVar("G", bound=AnyGame)

Lazy: TypeAlias = Callable[[], T]
"""A part imported on first use: a function that imports it inside its body and returns it."""
PlayerOf: TypeAlias = Callable[[G, Any], Hashable]
"""A player of the game ``G``: it picks a legal move in a non-terminal state where a player
(not chance) moves."""
Player: TypeAlias = PlayerOf[AnyGame]
"""A player of any game."""
Create: TypeAlias = Callable[[dict[str, Any]], G]
"""``create(values) -> game``: the variant of an option schema's parsed values."""
Draw: TypeAlias = "Callable[[G, Any], Text]"
"""``board_text(game, state) -> rich.text.Text``: the terminal drawing."""
Status: TypeAlias = Callable[[G, Any], str]
"""``status_line(game, state) -> str``: whose turn it is, or how the game ended."""
Board: TypeAlias = Callable[[G, Any, View], Picture]
"""``board_picture(game, state, view) -> Picture``: the web page's board, drawn for a seat."""
Explain: TypeAlias = Callable[[G, str], str]
"""``explain(game, move_text) -> str``: a move of the game's notation in words (``R+``: "the
red turtle one square forward")."""


@dataclass(frozen=True)
class Drawing(Generic[G]):
    """How a game is drawn, imported together from its ``render.py`` (and ``svg.py``)."""

    text: Draw[G]
    status: Status[G]
    board: Board[G] | None = None
    """None: the page shows the terminal drawing."""


EngineFactory: TypeAlias = Callable[[G, int | None, int | None, Path | None], PlayerOf[G]]
"""``create(game, level, seed, data) -> player``: an engine for one variant, playing it."""
Supports: TypeAlias = Callable[[G], bool]
"""``supports(game) -> bool``: whether an engine can play a variant."""
Analyse: TypeAlias = Callable[[G, Any, Path | None], Analysis]
"""``analysis(game, state, data) -> Analysis``: the value of every legal move."""
Run: TypeAlias = "Callable[[G, Any], SearchResult[Any]]"
"""``run(game, state) -> SearchResult``: one of a game's own exact algorithms."""
Compile: TypeAlias = Callable[[G], GameKernels[Any, Any]]
"""``kernels(game) -> GameKernels``: a variant's compiled rules."""


@dataclass(frozen=True)
class EngineSpec(Generic[G]):
    """A player chosen by name (``perfect``, ``alphabeta:4``), as front ends see it.

    ``create`` refers to a factory ``create(game, level, seed, data) -> player`` where ``level``
    is the number after the colon (None: the engine takes none), ``seed`` seeds its random
    choices and ``data`` is the data directory of databases and books (None: the default).
    """

    name: str
    summary: str
    create: Lazy[EngineFactory[G]]
    level: str | None = None
    """What the level after the colon means; None when the engine takes no level."""
    default_level: int | None = None
    min_level: int = 0
    max_level: int | None = None
    supports: Lazy[Supports[G]] | None = None
    """Whether it can play a variant; None: every variant."""

    def plays(self, game: G) -> bool:
        """Whether the engine can play ``game``."""
        return self.supports is None or self.supports()(game)

    def player(self, game: G, level: int | None, seed: int | None, data: Path | None
               ) -> PlayerOf[G]:
        """The engine at ``level`` playing ``game``, seeded by ``seed``, reading ``data``."""
        return self.create()(game, level, seed, data)

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
class AlgorithmSpec(Generic[G]):
    """An exact algorithm of one game for ``zermelo solve``: ``run(game, state)`` returns a
    :class:`~zermelo.search.base.SearchResult` whose ``outcome`` is a Value."""

    name: str
    summary: str
    run: Lazy[Run[G]]


@dataclass(frozen=True)
class GameEntry(Generic[G]):
    """A game as front ends see it. See the module docstring."""

    name: str
    title: str
    options: Schema
    create: Lazy[Create[G]]
    """The variant of the schema's parsed values."""
    drawing: Lazy[Drawing[G]]
    """The terminal drawing, the status line and the web page's board."""
    engines: tuple[EngineSpec[G], ...] = ()
    """The game's own engines, beside the generic searches every game may use."""
    analysis: Lazy[Analyse[G]] | None = None
    """The value of every legal move."""
    algorithms: tuple[AlgorithmSpec[G], ...] = ()
    default_algorithm: str = "alphabeta-tt"
    """What ``zermelo solve`` runs unless told otherwise."""
    default_engine: str = "alphabeta"
    """The engine a front end offers first (``perfect`` where one exists)."""
    hint_engine: str = "alphabeta"
    """The engine that suggests a move to a person."""
    strengths: tuple[tuple[str, str], ...] = ()
    """Engine levels in a player's words, weakest first: ``(word, "NAME[:LEVEL]")``, e.g.
    ``("club", "heuristic:4")``; ``perfect`` only for an engine whose moves are exact."""
    puzzles: Lazy[Callable[[G, Any], Iterator[Any]]] | None = None
    """Where puzzles are looked for: ``walk(game, rng)`` streams candidate positions (say,
    from the game's tables); None: random games from the start (a game with an analysis)."""
    explain: Lazy[Explain[G]] | None = None
    """The game's moves in words, for the notations that do not speak for themselves."""
    kernels: Lazy[Compile[G]] | None = None
    """The rules compiled over a flat state array (docs/protocol.md, section 12); None: the
    game has none."""
    figures: tuple[str, ...] = ()
    """Measured figures shown beside the game: names of ``zermelo/figures/NAME.json``
    (:mod:`zermelo.core.figures`), written by the benchmarks that measured them."""

    def game(self, given: Mapping[str, str] | None = None) -> G:
        """The variant that the option texts ``given`` describe (defaults for the rest)."""
        return self.create()(self.options.parse(given or {}))

    def draw(self, game: G, state: Any) -> Text:
        """The terminal drawing of ``state``."""
        return self.drawing().text(game, state)

    def picture(self, game: G, state: Any, view: View) -> Picture | None:
        """The game's own board picture of ``state``, if it has one."""
        board = self.drawing().board
        return None if board is None else board(game, state, view)

    def status_line(self, game: G, state: Any) -> str:
        """Whose turn it is, or how the game ended, in the game's words."""
        return self.drawing().status(game, state)

    def analyze(self, game: G, state: Any, data: Path | None = None) -> Analysis:
        """The value of ``state`` and of every legal move; GameNotSupportedError if the game
        declares no analysis."""
        if self.analysis is None:
            raise GameNotSupportedError(f"{self.title} has no analysis")
        return self.analysis()(game, state, data)

    def words(self, game: G, move: str) -> str:
        """``move`` (in the game's notation) in words, or as written when the game gives
        none."""
        return move if self.explain is None else self.explain()(game, move)

    def algorithm(self, name: str) -> AlgorithmSpec[G] | None:
        """The game's own algorithm called ``name``, if it has one."""
        return next((a for a in self.algorithms if a.name == name), None)

    def run(self, algorithm: AlgorithmSpec[G], game: G, state: Any) -> SearchResult[Any]:
        """Run one of the game's own algorithms on ``state``."""
        return algorithm.run()(game, state)

    def compiled(self, game: G) -> GameKernels[Any, Any] | None:
        """The game's compiled rules for the variant ``game``, if it declares them."""
        return None if self.kernels is None else self.kernels()(game)

    def engine(self, name: str) -> EngineSpec[G] | None:
        """The game's own engine called ``name``, if it has one."""
        return next((e for e in self.engines if e.name == name), None)


AnyEntry: TypeAlias = GameEntry[Any]
"""The entry of any game, as the registry and the front ends hold it."""
