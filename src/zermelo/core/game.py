"""The game protocol every zermelo game implements and every algorithm relies on.

A :class:`Game` object holds the *rules* of one variant (board size, piece counts, ...);
states are immutable, hashable values that the game interprets. Algorithms never look inside
a state: they call the methods below, in the spirit of AIMA's ``Game``
(``actions`` -> :meth:`Game.legal_moves`, ``result`` -> :meth:`Game.play`,
``terminal_test`` -> :meth:`Game.is_terminal`, ``utility`` -> :meth:`Game.returns`,
``to_move`` -> :meth:`Game.to_move`).

Properties an algorithm may depend on are declared as data in :class:`GameInfo`
(players, chance, information, utility), as OpenSpiel does; an algorithm calls
:func:`require` and refuses a game it cannot handle with :class:`GameNotSupportedError`.

Notation lives at the edges: moves are whatever hashable value the game finds convenient
(ints, small tuples); :meth:`Game.parse_move` and :meth:`Game.format_move` translate to and
from text *in a position*, because notation may need the position. Errors are typed
(:mod:`zermelo.core.errors`).

Games with chance (dice, shuffled cards) report :data:`CHANCE` as the player to move at chance
nodes and list outcomes with :meth:`Game.chance_outcomes`; games with hidden information give
each player's view through :meth:`Game.observation`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from zermelo.core.errors import GameNotSupportedError, IllegalMoveError

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

CHANCE = -1
"""The value :meth:`Game.to_move` returns at a chance node."""


class Chance(Enum):
    """Whether chance takes part in the game."""

    DETERMINISTIC = "deterministic"
    EXPLICIT_STOCHASTIC = "explicit stochastic"  # outcomes and probabilities are listed


class Information(Enum):
    """Whether every player sees the whole state."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Utility(Enum):
    """How the players' returns relate to each other."""

    ZERO_SUM = "zero-sum"
    CONSTANT_SUM = "constant-sum"
    GENERAL_SUM = "general-sum"


@dataclass(frozen=True)
class GameInfo:
    """The properties of a game variant that algorithms may check before running."""

    name: str
    """The short name used on the command line and in URLs (``musketeers``)."""
    title: str
    """A human-readable title (``Three Musketeers``)."""
    players: tuple[str, ...]
    """The players' names as the game's notation writes them (``("M", "E")``)."""
    chance: Chance = Chance.DETERMINISTIC
    information: Information = Information.PERFECT
    utility: Utility = Utility.ZERO_SUM
    min_return: float = -1.0
    max_return: float = 1.0
    max_game_length: int | None = None
    """An upper bound on the number of plies of any game, when one is known."""

    @property
    def num_players(self) -> int:
        """How many players take part."""
        return len(self.players)


def require(
    game: Game[S, M],
    *,
    algorithm: str,
    num_players: int | None = None,
    chance: Chance | None = None,
    information: Information | None = None,
    utility: Sequence[Utility] | None = None,
) -> None:
    """Raise :class:`GameNotSupportedError` unless ``game`` has the stated properties."""
    info = game.info
    problems = []
    if num_players is not None and info.num_players != num_players:
        problems.append(f"{info.num_players} players, needs {num_players}")
    if chance is not None and info.chance != chance:
        problems.append(f"{info.chance.value}, needs {chance.value}")
    if information is not None and info.information != information:
        problems.append(f"{info.information.value} information, needs {information.value}")
    if utility is not None and info.utility not in utility:
        needs = " or ".join(u.value for u in utility)
        problems.append(f"{info.utility.value}, needs {needs}")
    if problems:
        raise GameNotSupportedError(f"{algorithm} cannot play {info.title}: {'; '.join(problems)}")


class Game(ABC, Generic[S, M]):
    """The rules of one game variant: how states start, change and end, and how they are written.

    Subclasses implement the abstract methods; the others have sound defaults that games
    override for speed (``key``) or to declare symmetries.
    """

    info: GameInfo

    # -- rules ---------------------------------------------------------------------------

    @abstractmethod
    def initial_state(self) -> S:
        """The position the game starts from."""

    @abstractmethod
    def to_move(self, state: S) -> int:
        """The index into ``info.players`` of the player to move, or :data:`CHANCE`."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """The legal moves in ``state``, in the game's canonical order; empty when terminal."""

    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """The state after ``move``, which the caller guarantees to be legal (fast path)."""

    @abstractmethod
    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """Each player's return in a terminal state (all zeros in a non-terminal one)."""

    def play(self, state: S, move: M) -> S:
        """The state after ``move``; raise :class:`IllegalMoveError` if it is not legal."""
        if move not in self.legal_moves(state):
            raise IllegalMoveError(
                f"{self.format_move(state, move)} is not legal in {self.format_position(state)}"
            )
        return self.apply(state, move)

    def winner(self, state: S) -> int | None:
        """The index of the player with the highest return if the game is over, else None.

        A terminal state where no player does strictly better than all others (a draw) has no
        winner.
        """
        if not self.is_terminal(state):
            return None
        values = self.returns(state)
        best = max(values)
        leaders = [i for i, v in enumerate(values) if v == best]
        return leaders[0] if len(leaders) == 1 else None

    def utility(self, state: S, player: int) -> float:
        """``player``'s return in a terminal ``state`` (AIMA's name)."""
        return self.returns(state)[player]

    # -- chance and hidden information ---------------------------------------------------

    def chance_outcomes(self, state: S) -> list[tuple[M, float]]:
        """At a chance node, each outcome with its probability (games with chance override)."""
        raise GameNotSupportedError(f"{self.info.title} has no chance nodes")

    def observation(self, state: S, player: int) -> str:
        """What ``player`` sees of ``state``; in a perfect-information game, the whole position."""
        return self.format_position(state)

    # -- notation ------------------------------------------------------------------------

    @abstractmethod
    def parse_position(self, text: str) -> S:
        """Read a position; raise :class:`InvalidPositionError` saying what is wrong and where."""

    @abstractmethod
    def format_position(self, state: S) -> str:
        """Write a position so that :meth:`parse_position` reads it back."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """Read a move in ``state``: :class:`InvalidMoveError` on bad syntax,
        :class:`IllegalMoveError` when it is well formed but not legal here."""

    @abstractmethod
    def format_move(self, state: S, move: M) -> str:
        """Write a move so that :meth:`parse_move` reads it back in ``state``."""

    # -- keys and symmetry ---------------------------------------------------------------

    @property
    def num_symmetries(self) -> int:
        """How many symmetries of the board the game declares; index 0 is the identity."""
        return 1

    def transform(self, state: S, symmetry: int) -> S:
        """``state`` mapped by symmetry number ``symmetry``."""
        if symmetry != 0:
            raise ValueError(f"{self.info.title} has no symmetry {symmetry}")
        return state

    def transform_move(self, move: M, symmetry: int) -> M:
        """``move`` mapped by symmetry number ``symmetry`` (so it is legal in the mapped state)."""
        if symmetry != 0:
            raise ValueError(f"{self.info.title} has no symmetry {symmetry}")
        return move

    def key(self, state: S) -> Hashable:
        """One key per position class: equal for states that are symmetric images of each other.

        Transposition tables and databases index by it. The default is the state itself when the
        game has no symmetry, else the symmetric image whose position text sorts first; games
        override it with something faster.
        """
        if self.num_symmetries == 1:
            return state
        return min(
            (self.transform(state, s) for s in range(self.num_symmetries)),
            key=self.format_position,
        )

    # -- helpers built on the protocol ---------------------------------------------------

    def play_line(self, state: S, moves: Sequence[str]) -> S:
        """Play a sequence of moves given as text, checking each one."""
        for text in moves:
            state = self.play(state, self.parse_move(state, text))
        return state

    def random_playout(self, state: S, rng: random.Random) -> list[S]:
        """The states of a game played on from ``state`` with uniformly random moves."""
        states = [state]
        while not self.is_terminal(state):
            if self.to_move(state) == CHANCE:
                outcomes, weights = zip(*self.chance_outcomes(state), strict=True)
                move = rng.choices(outcomes, weights)[0]
            else:
                move = rng.choice(self.legal_moves(state))
            state = self.apply(state, move)
            states.append(state)
        return states
