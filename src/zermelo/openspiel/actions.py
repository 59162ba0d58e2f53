"""Dense integer actions for zermelo's moves, as OpenSpiel numbers them: every move of a game
gets one number from 0 to ``num_actions - 1``, the same in every state, and every chance
outcome one from 0 to ``max_chance - 1``. Each game's moves have one formula here (a column, a
cell, ``src * cells + dst``, ...); notation stays the game's own (``format_move``).

A chance node whose outcomes zermelo can only sample (the Turtle Race's deal: colours and five
cards a hand from a 52-card deck) is dealt as OpenSpiel deals cards: one explicit chance node a
colour and a card (:class:`TurtleDeal`), the outcome given to zermelo once complete.

>>> from zermelo.games.registry import get_game
>>> game = get_game("nim").game({"piles": "2,3"})
>>> codec = codec_for(game)
>>> codec.num_actions, [codec.encode(m) for m in game.legal_moves(game.initial_state())]
(6, [0, 1, 3, 4, 5])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from zermelo.core.entry import AnyGame
from zermelo.core.errors import GameNotSupportedError
from zermelo.games.turtles.cards import KINDS, TURTLES, card_text
from zermelo.games.turtles.state import DEAL, DRAW, HAND, Deal, TurtleState

if TYPE_CHECKING:
    from zermelo.games.morris.rules import Morris
    from zermelo.games.morris.rules import Move as MorrisMove
    from zermelo.games.musketeers.rules import Move as MusketeersMove
    from zermelo.games.musketeers.rules import ThreeMusketeers
    from zermelo.games.nim.rules import Nim, NimMove
    from zermelo.games.pig.rules import Move as PigMove
    from zermelo.games.pig.rules import Pig

Outcomes = list[tuple[int, float]]


class Chance:
    """How a zermelo chance node is dealt as OpenSpiel chance nodes: the explicit outcomes of
    the next step given the steps taken (``prefix``), and zermelo's outcome once complete."""

    def __init__(self, game: AnyGame, encode: Callable[[Any], int]) -> None:
        self.game = game
        self.encode = encode

    def outcomes(self, state: Any, prefix: tuple[int, ...]) -> Outcomes:
        """The next step's outcomes with their probabilities."""
        return [(self.encode(o), p) for o, p in self.game.chance_outcomes(state)]

    def outcome(self, state: Any, prefix: tuple[int, ...]) -> Hashable | None:
        """zermelo's outcome of the steps ``prefix``, or None while more steps are due."""
        action = prefix[-1]
        outcome: Hashable = next(o for o, _ in self.game.chance_outcomes(state)
                                 if self.encode(o) == action)
        return outcome

    def text(self, state: Any, prefix: tuple[int, ...], action: int) -> str:
        """The notation of chance step ``action`` after ``prefix``."""
        return self.game.format_move(state, self.outcome(state, (*prefix, action)))


class TurtleDeal(Chance):
    """The Turtle Race's deal as ``players`` colour steps (uniform over the turtles left) then
    ``players * 5`` card steps (each kind weighted by the cards left), and a draw as one card
    step weighted by the draw pile."""

    def _dealt(self, state: TurtleState, prefix: tuple[int, ...]) -> tuple[int, list[int]]:
        players = self.game.info.num_players
        left = list(state.pile)
        for card in prefix[players:]:
            left[card] -= 1
        return players, left

    def outcomes(self, state: TurtleState, prefix: tuple[int, ...]) -> Outcomes:
        players, left = self._dealt(state, prefix)
        if state.phase == DEAL and len(prefix) < players:
            free = [t for t in range(TURTLES) if t not in prefix]
            return [(t, 1 / len(free)) for t in free]
        total = sum(left)
        return [(k, n / total) for k, n in enumerate(left) if n]

    def outcome(self, state: TurtleState, prefix: tuple[int, ...]) -> Hashable | None:
        if state.phase == DRAW:
            return prefix[0]
        players = self.game.info.num_players
        if len(prefix) < players * (HAND + 1):
            return None
        cards = prefix[players:]
        hands = tuple(tuple(sorted(cards[p * HAND:(p + 1) * HAND])) for p in range(players))
        return Deal(tuple(prefix[:players]), hands)

    def text(self, state: TurtleState, prefix: tuple[int, ...], action: int) -> str:
        if state.phase == DEAL and len(prefix) < self.game.info.num_players:
            return f"colour {'RGBYP'[action]}"
        return f"card {card_text(action)}"


@dataclass(frozen=True)
class Codec:
    """A game's action numbering: ``encode(move)`` for the players' moves, ``encode_chance``
    for listed chance outcomes, and how its chance nodes are dealt."""

    num_actions: int
    max_chance: int
    encode: Callable[[Any], int]
    chance: Chance | None = None


def _pig(game: Pig) -> Codec:
    words = {"roll": 0, "hold": 1}

    def encode(move: PigMove) -> int:
        return words[move] if isinstance(move, str) else int(move) - 1

    return Codec(2, 6, encode, Chance(game, encode))


def _nim(game: Nim) -> Codec:
    most = max(max(game.piles), 1)

    def encode(move: NimMove) -> int:
        return move.pile * most + move.take - 1

    return Codec(len(game.piles) * most, 0, encode)


def _musketeers(game: ThreeMusketeers) -> Codec:
    cells = game.grid.size

    def encode(move: MusketeersMove) -> int:
        return move.src * cells + move.dst

    return Codec(cells * cells, 0, encode)


def _morris(game: Morris) -> Codec:
    points = game.board.size

    def encode(move: MorrisMove) -> int:
        return ((move.frm + 1) * points + move.to) * (points + 1) + move.take + 1

    return Codec((points + 1) * points * (points + 1), 0, encode)


def play_action(move: Any) -> int:
    """A Turtle Race play ``(card, turtle)`` (-1 for none) as one number below 120."""
    card, turtle = move
    return int((card + 1) * (TURTLES + 1) + turtle + 1)


def _turtles(game: AnyGame) -> Codec:
    return Codec((KINDS + 1) * (TURTLES + 1), max(KINDS, TURTLES), play_action,
                 TurtleDeal(game, int))


CODECS: dict[str, Callable[[Any], Codec]] = {
    "connect4": lambda g: Codec(g.board.width, 0, int),
    "tictactoe": lambda g: Codec(g.size, 0, int),
    "nim": _nim,
    "pig": _pig,
    "musketeers": _musketeers,
    "morris": _morris,
    "turtles": _turtles,
}
"""Each registered game's numbering, by the name its ``GameInfo`` gives; a game that declares
its own (the hidden small race) has a method ``openspiel_codec()``."""


def codec_for(game: AnyGame) -> Codec:
    """The action numbering of ``game``; :class:`GameNotSupportedError` if it has none."""
    own = getattr(game, "openspiel_codec", None)
    if own is not None:
        codec: Codec = own()
        return codec
    make = CODECS.get(game.info.name)
    if make is None:
        raise GameNotSupportedError(f"{game.info.title} has no OpenSpiel action numbering")
    return make(game)
