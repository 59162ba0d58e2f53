"""The game protocol every zermelo game implements and every algorithm relies on.

A :class:`Game` object holds the *rules* of one variant (board size, piece counts, ...);
states are immutable, hashable values that the game interprets. Algorithms never look inside
a state: they call the methods below, in the spirit of AIMA's ``Game``
(``actions`` -> :meth:`Game.legal_moves`, ``result`` -> :meth:`Game.play`,
``terminal_test`` -> :meth:`Game.is_terminal`, ``utility`` -> :meth:`Game.returns`,
``to_move`` -> :meth:`Game.to_move`).

Properties an algorithm may depend on are declared as data in :class:`GameInfo`
(players, chance, information, utility), as OpenSpiel does; an algorithm checks them
(``zermelo.search.base.Supports``) and refuses a game it cannot handle with
:class:`GameNotSupportedError`.

Notation lives at the edges: moves are whatever hashable value the game finds convenient
(ints, small tuples); :meth:`Game.parse_move` and :meth:`Game.format_move` translate to and
from text *in a position*, because notation may need the position. Errors are typed
(:mod:`zermelo.core.errors`).

Chance (dice, shuffled cards): at a chance node :meth:`Game.to_move` is :data:`CHANCE` and the
"move" is an *outcome*. Games whose outcomes can be listed (``Chance.EXPLICIT``) give them with
their probabilities (:meth:`Game.chance_outcomes`), and :meth:`Game.legal_moves` lists them too;
games whose outcomes cannot be listed (a shuffled deck: ``Chance.SAMPLED``) draw one with
:meth:`Game.sample_chance`. :meth:`Game.play` and :meth:`Game.apply` take an outcome there.

Players: ``info.players`` names them (2 or more); :meth:`Game.returns` gives one return per player.

Hidden information (``Information.IMPERFECT``): :meth:`Game.observation` is what one player
sees (a typed, hashable value; :meth:`Game.observation_text` writes it),
:meth:`Game.information_key` identifies the player's information set, and
:meth:`Game.resample` draws a full state consistent with everything that player has seen (a
determinisation). The page ``docs/protocol.md`` states every rule a game must keep.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, Generic, TypeAlias, TypeVar

from zermelo.core.errors import GameNotSupportedError, IllegalMoveError

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)



class Nature(Enum):
    """Who moves at a chance node: nature, not a player. Its one value :data:`CHANCE` is no
    index, so that a player list indexed with it is a type error, not the last player."""

    CHANCE = "chance"


CHANCE: Final = Nature.CHANCE
"""The value :meth:`Game.to_move` returns at a chance node."""
Mover: TypeAlias = int | Nature
"""Who moves in a state: a player's index into ``info.players``, or :data:`CHANCE`."""


class Chance(Enum):
    """Whether chance takes part in the game, and how its outcomes are known."""

    DETERMINISTIC = "deterministic"
    EXPLICIT = "explicit chance"
    """Chance nodes list their outcomes with probabilities (:meth:`Game.chance_outcomes`)."""
    SAMPLED = "sampled chance"
    """Chance nodes can only be sampled (:meth:`Game.sample_chance`), e.g. a shuffled deck."""


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
    """An upper bound on the number of plies of any game, when one is known (None for games
    that can go on for ever, as Pig can)."""
    player_names: tuple[str, ...] = ()
    """The players' names in words (``("musketeers", "enemies")``); empty: the letters."""

    @property
    def num_players(self) -> int:
        """How many players take part."""
        return len(self.players)

    def name_of(self, player: int) -> str:
        """Player ``player``'s name in words."""
        return (self.player_names or self.players)[player]


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
    def to_move(self, state: S) -> Mover:
        """The index into ``info.players`` of the player to move, or :data:`CHANCE` at a chance
        node. In a terminal state it is the player who would have moved next."""

    def player_to_move(self, state: S) -> int:
        """:meth:`to_move` where a player must be to move (a search of games without chance):
        :class:`GameNotSupportedError` at a chance node rather than a wrong player."""
        mover = self.to_move(state)
        if mover is CHANCE:
            raise GameNotSupportedError(f"{self.info.title}: a chance node where a player "
                                        "must move")
        return mover

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """The legal moves in ``state``, in the game's canonical order; empty when terminal.

        At a chance node of a game with explicit chance: the outcomes, in the order of
        :meth:`chance_outcomes`. A game with sampled chance raises
        :class:`GameNotSupportedError` there (its outcomes cannot be listed)."""

    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """The state after ``move``, which the caller guarantees to be legal (fast path)."""

    @abstractmethod
    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """Each player's return in a terminal state, one per player in ``info.players`` order
        (all zeros in a non-terminal one)."""

    def is_legal(self, state: S, move: M) -> bool:
        """Whether ``move`` (an outcome at a chance node) may be played in ``state``.

        Games with sampled chance override it for their chance nodes."""
        return move in self.legal_moves(state)

    def play(self, state: S, move: M) -> S:
        """The state after ``move``; raise :class:`IllegalMoveError` if it is not legal."""
        if self.is_terminal(state):
            raise IllegalMoveError(f"{self.format_move(state, move)}: the game is over")
        if not self.is_legal(state, move):
            if self.to_move(state) is CHANCE and self.info.chance is Chance.SAMPLED:
                raise IllegalMoveError(f"{self.format_move(state, move)} is not an outcome "
                                       "that can happen here")  # outcomes cannot be listed
            legal = [self.format_move(state, m) for m in self.legal_moves(state)]
            shown = ", ".join(legal[:8]) + (f" and {len(legal) - 8} more" if len(legal) > 8 else "")
            raise IllegalMoveError(f"{self.format_move(state, move)} is not a legal move here "
                                   f"(legal: {shown})")
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
        """At a chance node of a game with explicit chance, each outcome with its probability
        (the probabilities sum to 1)."""
        raise GameNotSupportedError(f"{self.info.title} has no listed chance outcomes")

    def sample_chance(self, state: S, rng: random.Random) -> M:
        """One outcome of the chance node ``state``, drawn with its probability.

        Games with sampled chance override it; the default draws from
        :meth:`chance_outcomes`."""
        outcomes, weights = zip(*self.chance_outcomes(state), strict=True)
        outcome: M = rng.choices(outcomes, weights)[0]
        return outcome

    def observation(self, state: S, player: int) -> Hashable:
        """What ``player`` sees of ``state``, as a hashable value: two states give ``player``
        equal observations exactly when that player cannot tell them apart. In a
        perfect-information game, the state itself."""
        self.check_player(player)
        return state

    def observation_text(self, state: S, player: int) -> str:
        """:meth:`observation` written for a person; the whole position when nothing is hidden."""
        self.check_player(player)
        return self.format_position(state)

    def information_key(self, state: S, player: int) -> Hashable:
        """A key of ``player``'s information set: equal for the states the player cannot tell
        apart given everything seen so far. Games keep what a player has seen in the
        observation (cards played, own hand), so by default it is the observation."""
        return self.observation(state, player)

    def resample(self, state: S, player: int, rng: random.Random) -> S:
        """A full state drawn consistently with everything ``player`` has seen in ``state``
        (a determinisation): it has the same observation for ``player``, and its hidden part
        does not depend on ``state``'s hidden part. Without hidden information, ``state``."""
        self.check_player(player)
        if self.info.information is Information.IMPERFECT:
            raise GameNotSupportedError(f"{self.info.title} does not resample its hidden state")
        return state

    def hidden_parts(self, state: S, player: int) -> tuple[Hashable, ...]:
        """What ``player`` cannot see of ``state``, as small parts that can each be counted
        (an opponent's card, colour or hand): statistical checks of :meth:`resample` compare
        their distributions one by one. By default one part, the whole state."""
        self.check_player(player)
        return (state,)

    def move_seen_by(self, state: S, move: M, player: int) -> str | None:
        """What ``player`` sees of ``move`` played in ``state`` by the side to move: its
        notation, or None when it is secret from ``player``. By default a player sees every
        move of a perfect-information game and only their own otherwise; a game whose moves
        are public (a card played face up) says so here."""
        self.check_player(player)
        if self.info.information is Information.PERFECT or self.to_move(state) == player:
            return self.format_move(state, move)
        return None

    def check_player(self, player: int) -> None:
        """Refuse a player index outside ``info.players``."""
        if not 0 <= player < self.info.num_players:
            raise GameNotSupportedError(
                f"{self.info.title} has players 0 to {self.info.num_players - 1}, not {player}")

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
            raise GameNotSupportedError(f"{self.info.title} has no symmetry {symmetry}")
        return state

    def transform_move(self, move: M, symmetry: int) -> M:
        """``move`` mapped by symmetry number ``symmetry`` (so it is legal in the mapped state)."""
        if symmetry != 0:
            raise GameNotSupportedError(f"{self.info.title} has no symmetry {symmetry}")
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
            if self.to_move(state) is CHANCE:
                move = self.sample_chance(state, rng)
            else:
                move = rng.choice(self.legal_moves(state))
            state = self.apply(state, move)
            states.append(state)
        return states
