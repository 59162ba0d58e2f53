"""Small games with chance and with more than two players, whose values are known by hand."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

from zermelo.core.errors import GameNotSupportedError, InvalidPositionError
from zermelo.core.game import CHANCE, Chance, Game, GameInfo, Mover, Utility


class TextlessGame(Game[Any, Hashable]):
    """Notation for games that are only searched: moves and positions are written as Python
    values and positions are not read back."""

    def parse_position(self, text: str) -> Any:
        raise InvalidPositionError(f"{self.info.title} positions are not written down")

    def format_position(self, state: Any) -> str:
        return repr(state)

    def parse_move(self, state: Any, text: str) -> Hashable:
        return next(m for m in self.legal_moves(state) if str(m) == text)

    def format_move(self, state: Any, move: Hashable) -> str:
        return str(move)


@dataclass(frozen=True)
class RollState:
    die: str | None = None
    a: int | None = None
    choice: str | None = None
    b: int | None = None


class HighRoll(TextlessGame):
    """A picks a die: ``steady`` always shows 3, ``wild`` is a fair d6; B sees A's roll and
    either ``fold``s (A +1/2, B -1/2) or ``roll``s a d6: the higher roll wins 1, equal draws.

    Rolling is worth (7 - 2a) / 6 to B against A's ``a``, so B folds on 5 and 6. A's values:
    steady -1/6; wild (-5 - 3 - 1 + 1 + 3 + 3) / 36 = -1/18, A's best.
    """

    VALUE = -1 / 18

    info = GameInfo("highroll", "High roll", ("A", "B"), chance=Chance.EXPLICIT,
                    min_return=-1.0, max_return=1.0, max_game_length=4)

    def initial_state(self) -> RollState:
        return RollState()

    def to_move(self, state: RollState) -> Mover:
        if state.die is None:
            return 0
        if state.a is None or (state.choice == "roll" and state.b is None):
            return CHANCE
        return 1

    def legal_moves(self, state: RollState) -> list[Hashable]:
        if self.is_terminal(state):
            return []
        if state.die is None:
            return ["steady", "wild"]
        if self.to_move(state) is CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes(state)]
        return ["roll", "fold"]

    def chance_outcomes(self, state: RollState) -> list[tuple[Hashable, float]]:
        if state.a is None and state.die == "steady":
            return [(3, 1.0)]
        return [(face, 1 / 6) for face in range(1, 7)]

    def apply(self, state: RollState, move: Any) -> RollState:
        if state.die is None:
            return replace(state, die=move)
        if state.a is None:
            return replace(state, a=move)
        if state.choice is None:
            return replace(state, choice=move)
        return replace(state, b=move)

    def is_terminal(self, state: RollState) -> bool:
        return state.choice == "fold" or state.b is not None

    def returns(self, state: RollState) -> tuple[float, ...]:
        if not self.is_terminal(state):
            return (0.0, 0.0)
        if state.choice == "fold":
            return (0.5, -0.5)
        assert state.a is not None and state.b is not None
        a_wins = (state.a > state.b) - (state.a < state.b)
        return (float(a_wins), float(-a_wins))


class SampledHighRoll(HighRoll):
    """High roll whose dice can only be rolled, not listed."""

    info = replace(HighRoll.info, title="High roll (sampled)", chance=Chance.SAMPLED)

    def legal_moves(self, state: RollState) -> list[Hashable]:
        if self.to_move(state) is CHANCE:
            raise GameNotSupportedError("the dice cannot be listed")
        return super().legal_moves(state)

    def chance_outcomes(self, state: RollState) -> list[tuple[Hashable, float]]:
        raise GameNotSupportedError("the dice cannot be listed")

    def sample_chance(self, state: RollState, rng: random.Random) -> Hashable:
        return 3 if state.a is None and state.die == "steady" else rng.randint(1, 6)

    def is_legal(self, state: RollState, move: Any) -> bool:
        if self.to_move(state) is CHANCE:
            return move in range(1, 7)
        return move in self.legal_moves(state)


@dataclass(frozen=True)
class PileState:
    pile: int
    to_move: int
    last: int | None = None
    """The player who took last."""


class TakeAway(TextlessGame):
    """``players`` take turns removing 1 or 2 objects from a pile; whoever takes the last one
    wins 1, the others share the loss equally (zero-sum)."""

    def __init__(self, players: int = 3, pile: int = 7) -> None:
        self.players, self.pile = players, pile
        self.info = GameInfo("take", "Take-away", tuple("ABCDEF"[:players]),
                             max_game_length=pile)

    def initial_state(self) -> PileState:
        return PileState(self.pile, 0)

    def to_move(self, state: PileState) -> Mover:
        return state.to_move

    def legal_moves(self, state: PileState) -> list[Hashable]:
        return [take for take in (1, 2) if take <= state.pile]

    def apply(self, state: PileState, move: Any) -> PileState:
        return PileState(state.pile - move, (state.to_move + 1) % self.players, state.to_move)

    def is_terminal(self, state: PileState) -> bool:
        return state.pile == 0

    def returns(self, state: PileState) -> tuple[float, ...]:
        if state.last is None or state.pile:
            return (0.0,) * self.players
        loss = -1 / (self.players - 1)
        return tuple(1.0 if p == state.last else loss for p in range(self.players))


@dataclass(frozen=True)
class Leaf:
    returns: tuple[float, ...]


@dataclass(frozen=True)
class Node:
    player: int
    children: tuple[Leaf | Node, ...]


def leaf(*returns: float) -> Leaf:
    return Leaf(tuple(float(r) for r in returns))


def node(player: int, *children: Leaf | Node) -> Node:
    return Node(player, children)


def leaves(tree: Leaf | Node) -> list[Leaf]:
    if isinstance(tree, Leaf):
        return [tree]
    return [x for child in tree.children for x in leaves(child)]


def height(tree: Leaf | Node) -> int:
    if isinstance(tree, Leaf):
        return 0
    return 1 + max(height(child) for child in tree.children)


class TreeGame(TextlessGame):
    """A game given as an explicit tree; a state is the path of child numbers from the root."""

    def __init__(self, tree: Node, players: int, utility: Utility = Utility.GENERAL_SUM) -> None:
        self.tree, self.players = tree, players
        values = [v for x in leaves(tree) for v in x.returns]
        self.info = GameInfo("tree", "Tree", tuple("ABCDEF"[:players]), utility=utility,
                             min_return=min(values), max_return=max(values),
                             max_game_length=height(tree))

    def at(self, state: tuple[int, ...]) -> Leaf | Node:
        tree: Leaf | Node = self.tree
        for i in state:
            assert isinstance(tree, Node)
            tree = tree.children[i]
        return tree

    def initial_state(self) -> tuple[int, ...]:
        return ()

    def to_move(self, state: tuple[int, ...]) -> Mover:
        tree = self.at(state)
        return tree.player if isinstance(tree, Node) else 0

    def legal_moves(self, state: tuple[int, ...]) -> list[Hashable]:
        tree = self.at(state)
        return list(range(len(tree.children))) if isinstance(tree, Node) else []

    def apply(self, state: tuple[int, ...], move: Any) -> tuple[int, ...]:
        return (*state, move)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return isinstance(self.at(state), Leaf)

    def returns(self, state: tuple[int, ...]) -> tuple[float, ...]:
        tree = self.at(state)
        return tree.returns if isinstance(tree, Leaf) else (0.0,) * self.players


def random_tree(rng: random.Random, players: int, depth: int) -> Node:
    """A random tree of up to ``depth`` moves, with 1-3 children a node and whole-number
    returns from 0 to 9 (so ties happen and the tie rule is exercised)."""
    children: list[Leaf | Node] = []
    for _ in range(rng.randint(1, 3)):
        if depth <= 1 or rng.random() < 0.2:
            children.append(leaf(*(rng.randint(0, 9) for _ in range(players))))
        else:
            children.append(random_tree(rng, players, depth - 1))
    return Node(rng.randrange(players), tuple(children))


@dataclass(frozen=True)
class PigState:
    scores: tuple[int, int]
    turn: int
    """Points rolled this turn, lost on a 1."""
    to_move: int
    rolling: bool = False
    """The die is in the air (a chance node)."""


class MiniPig(TextlessGame):
    """Pig: roll a die as often as you like, adding to the turn's points, then hold to bank
    them; a 1 loses the turn's points and the turn. The first to bank ``goal`` wins."""

    def __init__(self, goal: int = 10) -> None:
        self.goal = goal
        self.info = GameInfo("minipig", "Mini Pig", ("A", "B"), chance=Chance.EXPLICIT)

    def initial_state(self) -> PigState:
        return PigState((0, 0), 0, 0)

    def to_move(self, state: PigState) -> Mover:
        return CHANCE if state.rolling else state.to_move

    def legal_moves(self, state: PigState) -> list[Hashable]:
        if self.is_terminal(state):
            return []
        if state.rolling:
            return list(range(1, 7))
        return ["roll", "hold"]

    def chance_outcomes(self, state: PigState) -> list[tuple[Hashable, float]]:
        return [(face, 1 / 6) for face in range(1, 7)]

    def apply(self, state: PigState, move: Any) -> PigState:
        other = next(p for p in (0, 1) if p != state.to_move)
        if move == "roll":
            return replace(state, rolling=True)
        if move == "hold":
            scores = list(state.scores)
            scores[state.to_move] += state.turn
            return PigState((scores[0], scores[1]), 0, other)
        if move == 1:
            return PigState(state.scores, 0, other)
        return replace(state, turn=state.turn + move, rolling=False)

    def is_terminal(self, state: PigState) -> bool:
        return max(state.scores) >= self.goal

    def returns(self, state: PigState) -> tuple[float, ...]:
        if not self.is_terminal(state):
            return (0.0, 0.0)
        return (1.0, -1.0) if state.scores[0] >= self.goal else (-1.0, 1.0)
