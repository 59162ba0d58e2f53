"""One type for every result and analysis: who wins and when, a game's own score, or a chance.

A :class:`Value` is absolute: it names the player it speaks for by the game's notation letter
(``E33``: the enemies win in 33 plies), so it reads the same from any position of the game and
needs no "from whose view" convention. Its kinds:

* ``win`` — ``player`` wins with perfect play, in ``plies`` plies when the distance is known;
* ``draw`` — nobody wins with perfect play;
* ``score`` — a game's own score for ``player`` (Connect Four: positive wins, and the larger
  the sooner; negative loses);
* ``probability`` — ``player``'s chance to win under optimal play by every side (games with
  chance).

>>> v = Value.parse("E33", ("M", "E"))
>>> v, v.plies, v.for_player("E") > Value.win("E", 35).for_player("E")
(Value.win('E', 33), 33, True)
>>> str(Value.probability("A", 0.5306)), str(Value.draw()), str(Value.score("X", 1))
('A 0.5306', 'draw', 'X +1')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from zermelo.core.errors import GameNotSupportedError, InvariantError, ZermeloError
from zermelo.core.game import CHANCE, Game, M, S

_WIN = re.compile(r"([A-Za-z]+?)([0-9]+)?")


class Kind(Enum):
    """What a :class:`Value` measures."""

    WIN = "win"
    DRAW = "draw"
    SCORE = "score"
    PROBABILITY = "probability"


@dataclass(frozen=True)
class Value:
    """A game-theoretic value; build it with :meth:`win`, :meth:`draw`, :meth:`score` or
    :meth:`probability`."""

    kind: Kind
    player: str | None = None
    """The player the value speaks for (the winner of a ``win``); None for a draw."""
    plies: int | None = None
    """Plies to the end of the game under perfect play, when known."""
    amount: float | None = None
    """The score of a ``score``, the probability of a ``probability``."""

    # -- construction --------------------------------------------------------------------

    @classmethod
    def win(cls, player: str, plies: int | None = None) -> Value:
        """``player`` wins (in ``plies`` plies)."""
        return cls(Kind.WIN, player, plies)

    @classmethod
    def loss(cls, players: Sequence[str], loser: int, plies: int | None = None) -> Value:
        """Player number ``loser`` of a two-player game loses: the other one wins."""
        if len(players) != 2:
            raise GameNotSupportedError(f"a loss names the winner only with two players, "
                                        f"not {len(players)}")
        return cls.win(next(p for i, p in enumerate(players) if i != loser), plies)

    @classmethod
    def draw(cls, plies: int | None = None) -> Value:
        """Nobody wins."""
        return cls(Kind.DRAW, None, plies)

    @classmethod
    def score(cls, player: str, amount: float, plies: int | None = None) -> Value:
        """The game's own score ``amount`` for ``player``."""
        return cls(Kind.SCORE, player, plies, float(amount))

    @classmethod
    def probability(cls, player: str, amount: float) -> Value:
        """``player`` wins with probability ``amount``."""
        if not 0.0 <= amount <= 1.0:
            raise InvariantError(f"probability {amount} outside [0, 1]")
        return cls(Kind.PROBABILITY, player, None, float(amount))

    @classmethod
    def parse(cls, text: str, players: Sequence[str]) -> Value:
        """Read what :meth:`__str__` writes for a win or a draw (``E33``, ``E``, ``draw``)."""
        word = text.strip()
        if word.lower() == "draw":
            return cls.draw()
        match = _WIN.fullmatch(word)
        if not match or match.group(1) not in players:
            raise ZermeloError(f"{text!r} is not a value like {players[-1]}33 or draw "
                               f"(players: {', '.join(players)})")
        plies = match.group(2)
        return cls.win(match.group(1), None if plies is None else int(plies))

    # -- reading -------------------------------------------------------------------------

    def for_player(self, player: str) -> tuple[float, float]:
        """A key that grows with how much ``player`` likes this value: winning beats drawing
        beats losing, a sooner win and a later loss are better, a higher score or chance is
        better. Compare keys of values of one kind only (a score is not a win)."""
        mine = self.player == player
        if self.kind is Kind.WIN:
            far = float(self.plies) if self.plies is not None else 0.0
            return (1.0, -far) if mine else (-1.0, far)
        if self.kind is Kind.DRAW:
            return (0.0, 0.0)
        assert self.amount is not None
        if self.kind is Kind.SCORE:
            return (self.amount if mine else -self.amount, 0.0)
        return (self.amount if mine else 1.0 - self.amount, 0.0)

    def words(self, names: dict[str, str] | None = None) -> str:
        """The value in words: ``E wins in 33 plies``; ``names`` maps letters to names
        (``{"E": "Black"}``)."""
        def who(player: str | None) -> str:
            return (names or {}).get(player or "", player or "?")

        if self.kind is Kind.DRAW:
            return "draw" + ("" if self.plies is None else f" after {self.plies} plies")
        if self.kind is Kind.WIN:
            when = "" if self.plies is None else f" in {self.plies} plies"
            return f"{who(self.player)} wins{when}"
        if self.kind is Kind.SCORE:
            return f"score {self.amount:+g} for {who(self.player)}"
        return f"{who(self.player)} wins with probability {self.amount:.4f}"

    def as_json(self) -> dict[str, Any]:
        """The value as JSON-ready fields, with its text (``"text": "E33"``)."""
        data: dict[str, Any] = {"kind": self.kind.value, "text": str(self)}
        if self.player is not None:
            data["player"] = self.player
        if self.plies is not None:
            data["plies"] = self.plies
        if self.kind is Kind.SCORE:
            data["score"] = self.amount
        if self.kind is Kind.PROBABILITY:
            data["probability"] = self.amount
        return data

    def __str__(self) -> str:
        if self.kind is Kind.DRAW:
            return "draw"
        if self.kind is Kind.WIN:
            return f"{self.player}{'' if self.plies is None else self.plies}"
        if self.kind is Kind.SCORE:
            return f"{self.player} {self.amount:+g}"
        return f"{self.player} {self.amount:.4f}"

    def __repr__(self) -> str:
        if self.kind is Kind.DRAW:
            return "Value.draw()" if self.plies is None else f"Value.draw({self.plies})"
        if self.kind is Kind.WIN:
            tail = "" if self.plies is None else f", {self.plies}"
            return f"Value.win({self.player!r}{tail})"
        return f"Value.{self.kind.value}({self.player!r}, {self.amount!r})"


@dataclass(frozen=True)
class Analysis:
    """A position's value and every legal move's value (the value of the position it leads
    to), in the game's move order; ``best`` holds the moves that keep the best value for the
    side to move."""

    value: Value
    moves: tuple[tuple[Any, Value], ...]
    best: tuple[Any, ...]

    @classmethod
    def by_position(cls, game: Game[S, M], state: S, value_of: Callable[[S], Value]
                    ) -> Analysis:
        """The analysis of ``state`` from ``value_of``, a function giving any position's value:
        the position's own, and each legal move's as the value of the position it leads to."""
        moves = [(m, value_of(game.apply(state, m))) for m in game.legal_moves(state)]
        mover = game.to_move(state)
        name = "" if mover is CHANCE else game.info.players[mover]
        return cls.of(value_of(state), moves, name)

    @classmethod
    def of(cls, value: Value, moves: Sequence[tuple[Any, Value]], mover: str) -> Analysis:
        """The analysis with ``best`` worked out for the side to move ``mover``."""
        if not moves:
            return cls(value, (), ())
        top = max(v.for_player(mover) for _, v in moves)
        return cls(value, tuple(moves), tuple(m for m, v in moves if v.for_player(mover) == top))
