"""The rules of the Morris family on any board of :mod:`zermelo.games.morris.boards`.

A position is the two sides' bitboards, the side to move and the stones each side still has in
hand: that *plain* position is what the solvers index. The optional draw rules need more, and
carry it in the state: ``ply`` counts the plies since the start (only with a move limit), and
``history`` holds the plain positions since the last placement or capture (only with
threefold repetition), the only ones that can come back.

A move places (``d2``) or moves a stone (``a1-a4``), with the removal its mill earns appended
(``b2xg7``, ``a1-a4xg7``): one move per ply. Points may also be written by number (``0-3x17``).

>>> game = Morris()
>>> state = game.play_line(game.initial_state(), ["a7", "a1", "d7", "d1"])
>>> [game.format_move(state, m) for m in game.legal_moves(state)][:3]
['g7xa1', 'g7xd1', 'b6']
>>> game.format_position(state)
'WW./.../.../....../.../.../BB. W 7 7 ply 4'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from zermelo.core.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from zermelo.core.game import Game, GameInfo
from zermelo.games.morris.boards import BOARDS, Board

PLAYERS = ("W", "B")
"""White moves first, then Black."""
NONE = -1
"""No point: the origin of a placement, the removal of a move that closes no mill."""
_POINT = r"([a-z][0-9]{1,2}|[0-9]{1,2})"
_MOVE = re.compile(rf"{_POINT}(?:-{_POINT})?(?:x{_POINT})?")


class Move(NamedTuple):
    """Where a stone comes from (NONE: placed from the hand), where it goes, and the opponent
    stone removed (NONE: none)."""

    frm: int
    to: int
    take: int = NONE


@dataclass(frozen=True, slots=True)
class Position:
    """The stones of each side, the side to move, the stones in hand, and what the draw rules
    need (see the module docstring)."""

    white: int
    black: int
    side: int
    hand_white: int
    hand_black: int
    ply: int = 0
    history: tuple[int, ...] = ()

    def stones(self, side: int) -> int:
        """The bitboard of ``side``'s stones."""
        return self.black if side else self.white

    def hand(self, side: int) -> int:
        """How many stones ``side`` still has to place."""
        return self.hand_black if side else self.hand_white

    @property
    def plain(self) -> tuple[int, int, int, int, int]:
        """The position without its draw-rule bookkeeping: what solvers index."""
        return (self.white, self.black, self.side, self.hand_white, self.hand_black)

    @property
    def code(self) -> int:
        """One number for the stones and the side to move (the hands are empty, or equal in
        every position that ``history`` compares with)."""
        return self.white | self.black << 32 | self.side << 64


def popcount(x: int) -> int:
    """The number of stones of a bitboard."""
    return x.bit_count()


def bits(x: int) -> list[int]:
    """The points of a bitboard, in increasing order."""
    return [p for p in range(x.bit_length()) if x >> p & 1]


class Morris(Game[Position, Move]):
    """A Morris game on ``board``: ``flying`` (None: the board's rule), a draw after
    ``move_limit`` plies (0: never) and by threefold ``repetition``."""

    def __init__(self, board: Board | str = "standard", flying: bool | None = None,
                 move_limit: int = 200, repetition: bool = True) -> None:
        self.board = BOARDS[board] if isinstance(board, str) else board
        self.flying = self.board.flying if flying is None else flying
        self.move_limit = move_limit
        self.repetition = repetition
        self.info = GameInfo(
            name="morris",
            title=self.board.title,
            players=PLAYERS,
            player_names=("White", "Black"),
            max_game_length=move_limit or None,
        )

    def __repr__(self) -> str:
        return (f"Morris({self.board.name!r}, flying={self.flying}, "
                f"move_limit={self.move_limit}, repetition={self.repetition})")

    # -- rules ---------------------------------------------------------------------------

    def initial_state(self) -> Position:
        n = self.board.stones
        return Position(0, 0, 0, n, n)

    def to_move(self, state: Position) -> int:
        return state.side

    def moves_of(self, state: Position) -> list[Move]:
        """The moves of the side to move by the placing, sliding, flying and removal rules
        alone (no check whether the game is over): placements or moves in point order, each
        mill-closing one once per stone it may remove."""
        b = self.board
        own, opp = state.stones(state.side), state.stones(1 - state.side)
        free = [q for q in bits(opp) if not b.in_mill(opp, q)]
        if not free and b.remove_when_all_in_mills:
            free = bits(opp)
        moves = []
        for frm, to in self.steps(state):
            after = own & ~(1 << frm if frm >= 0 else 0) | 1 << to
            if b.mill_wins or not free or not b.in_mill(after, to):
                moves.append(Move(frm, to))
            else:
                moves.extend(Move(frm, to, q) for q in free)
        return moves

    def steps(self, state: Position) -> Iterator[tuple[int, int]]:
        """The placements, slides or flights ``(from, to)`` of the side to move (from -1: a
        placement), in point order, one at a time. Each is at least one move (several when it
        closes a mill and a stone is taken), so the side can move if there is a first one."""
        b = self.board
        own, opp = state.stones(state.side), state.stones(1 - state.side)
        empty = b.full & ~(own | opp)
        if state.hand(state.side):
            return ((NONE, to) for to in bits(empty))
        flies = self.flying and popcount(own) == 3
        return ((frm, to) for frm in bits(own)
                for to in bits(empty if flies else b.neighbours[frm] & empty))

    def legal_moves(self, state: Position) -> list[Move]:
        if self.end(state) is not None:
            return []
        return self.moves_of(state)

    def apply(self, state: Position, move: Move) -> Position:
        side = state.side
        own, opp = state.stones(side), state.stones(1 - side)
        if move.frm >= 0:
            own &= ~(1 << move.frm)
        own |= 1 << move.to
        if move.take >= 0:
            opp &= ~(1 << move.take)
        hw, hb = state.hand_white, state.hand_black
        if move.frm < 0:
            hw, hb = (hw - 1, hb) if side == 0 else (hw, hb - 1)
        white, black = (own, opp) if side == 0 else (opp, own)
        reversible = self.repetition and move.frm >= 0 and move.take < 0
        return Position(white, black, 1 - side, hw, hb,
                        state.ply + 1 if self.move_limit else 0,
                        (*state.history, state.code) if reversible else ())

    def lost(self, state: Position) -> str | None:
        """Why the side to move has lost before moving, by the stones alone (too few stones,
        or the opponent's three in a row on the Three Men's Morris board), or None."""
        side, b = state.side, self.board
        if b.mill_wins and any(state.stones(1 - side) & m == m for m in b.mill_masks):
            return f"{PLAYERS[1 - side]} wins with three in a row"
        if popcount(state.stones(side)) + state.hand(side) < b.min_stones:
            return (f"{PLAYERS[1 - side]} wins: {PLAYERS[side]} has fewer than "
                    f"{b.min_stones} stones")
        return None

    def end(self, state: Position) -> tuple[int | None, str] | None:
        """``(winner, reason)`` if the game is over (winner None: a draw), else None."""
        side = state.side
        reason = self.lost(state)
        if reason is None and next(self.steps(state), None) is None:
            reason = f"{PLAYERS[1 - side]} wins: {PLAYERS[side]} cannot move"
        if reason is not None:
            return 1 - side, reason
        if self.move_limit and state.ply >= self.move_limit:
            return None, f"draw: {self.move_limit} plies played"
        if self.repetition and state.history.count(state.code) >= 2:
            return None, "draw: the position occurred three times"
        return None

    def is_terminal(self, state: Position) -> bool:
        return self.end(state) is not None

    def returns(self, state: Position) -> tuple[float, ...]:
        over = self.end(state)
        if over is None or over[0] is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if over[0] == 0 else (-1.0, 1.0)

    # -- notation ------------------------------------------------------------------------

    def format_move(self, state: Position, move: Move) -> str:
        names = self.board.names
        text = names[move.to] if move.frm < 0 else f"{names[move.frm]}-{names[move.to]}"
        return text + (f"x{names[move.take]}" if move.take >= 0 else "")

    def parse_move(self, state: Position, text: str) -> Move:
        word = text.strip().lower()
        match = _MOVE.fullmatch(word)
        if not match:
            raise InvalidMoveError(f"{text.strip()[:20]!r} is not a move like d2, a1-a4 or "
                                   f"b2xg7")
        first, second, take = (self.board.point(g) if g else NONE for g in match.groups())
        move = Move(first, second, take) if second >= 0 else Move(NONE, first, take)
        legal = self.legal_moves(state)
        if move in legal:
            return move
        over = self.end(state)
        if over is not None:
            raise IllegalMoveError(f"{word}: the game is over ({over[1]})")
        if move.take < 0 and any(m[:2] == move[:2] for m in legal):
            raise IllegalMoveError(f"{word} closes a mill: name the stone it removes "
                                   f"({word}x...)")
        raise IllegalMoveError(f"{word}: {self._why_illegal(state, move, legal)}")

    def _why_illegal(self, state: Position, move: Move, legal: list[Move]) -> str:
        """Why ``move`` (well formed, not in ``legal``) cannot be played in ``state``."""
        b, name = self.board, self.board.names
        own, opp = state.stones(state.side), state.stones(1 - state.side)
        frm, to, take = move
        if state.hand(state.side) and frm >= 0:
            return "stones are still to be placed: place one on an empty point"
        if not state.hand(state.side) and frm < 0:
            return "every stone is placed: move one of yours" + \
                (f" (like {self.format_move(state, legal[0])})" if legal else "")
        if frm >= 0 and not own >> frm & 1:
            return f"no stone of yours on {name[frm]}"
        if (own | opp) >> to & 1:
            return f"{name[to]} is taken"
        if frm >= 0 and not b.neighbours[frm] >> to & 1 and \
                not (self.flying and popcount(own) == 3):
            return (f"{name[frm]} and {name[to]} are not neighbours"
                    + (" (a side jumps only with three stones left)" if self.flying else ""))
        if not any(m[:2] == move[:2] and m.take >= 0 for m in legal):
            return "it closes no mill, so it removes nothing"
        if not opp >> take & 1:
            return f"{name[take]} holds no stone of the other side to remove"
        return (f"{name[take]} is in a mill: remove a stone of the other side that is not"
                + (" (one in a mill only when all are)" if b.remove_when_all_in_mills else ""))

    def format_position(self, state: Position) -> str:
        """Points in number order (``W``, ``B``, ``.``), ``/`` between rows of the drawing,
        the side to move and the stones in hand; then ``ply N`` (with a move limit; read as 0
        when left out) and
        ``after MOVES``: the moves since the last placement or capture (with repetition)."""
        b = self.board
        rows: list[str] = []
        for p in range(b.size):
            if p == 0 or b.coords[p][1] != b.coords[p - 1][1]:
                rows.append("")
            rows[-1] += "W" if state.white >> p & 1 else "B" if state.black >> p & 1 else "."
        text = f"{'/'.join(rows)} {PLAYERS[state.side]} {state.hand_white} {state.hand_black}"
        if self.move_limit:
            text += f" ply {state.ply}"
        if state.history:
            codes = (*state.history, state.code)
            text += " after " + " ".join(self._slide_between(a, c)
                                         for a, c in itertools.pairwise(codes))
        return text

    def _slide_between(self, before: int, after: int) -> str:
        """The slide that leads from plain position ``before`` to ``after`` (codes)."""
        side = before >> 64
        mask = (1 << 32) - 1
        was, now = (before >> 32 * side) & mask, (after >> 32 * side) & mask
        return f"{self.board.names[bits(was & ~now)[0]]}-{self.board.names[bits(now & ~was)[0]]}"

    def parse_position(self, text: str) -> Position:
        b = self.board
        words = text.split()
        if len(words) < 4:
            start = self.format_position(self.initial_state())
            raise InvalidPositionError(f"{text.strip()[:40]!r}: expected POINTS SIDE "
                                       f"HAND_W HAND_B, e.g. {start!r}")
        points = words[0].replace("/", "")
        if len(points) != b.size or set(points.upper()) - set("WB."):
            raise InvalidPositionError(f"{words[0][:40]!r}: expected {b.size} points, each W, "
                                       f"B or .")
        white = sum(1 << p for p, c in enumerate(points.upper()) if c == "W")
        black = sum(1 << p for p, c in enumerate(points.upper()) if c == "B")
        if words[1].upper() not in PLAYERS:
            raise InvalidPositionError(f"{words[1][:10]!r}: the side to move is W or B")
        side = PLAYERS.index(words[1].upper())
        hands = []
        for word in words[2:4]:
            if not (word.isascii() and word.isdigit() and int(word) <= b.stones):
                raise InvalidPositionError(f"{word[:10]!r}: stones in hand go from 0 to "
                                           f"{b.stones}")
            hands.append(int(word))
        state = Position(white, black, side, hands[0], hands[1])
        self._check_counts(state)
        rest = words[4:]
        ply = 0
        if rest and rest[0] == "ply":
            if not (self.move_limit and len(rest) > 1 and rest[1].isascii()
                    and rest[1].isdigit() and int(rest[1]) <= self.move_limit):
                raise InvalidPositionError(f"'ply {' '.join(rest[1:2])[:10]}': the plies "
                                           f"played go from 0 to the move limit "
                                           f"({self.move_limit})")
            ply, rest = int(rest[1]), rest[2:]
        if rest and (rest[0] != "after" or not self.repetition or len(rest) == 1):
            raise InvalidPositionError(f"{' '.join(rest)[:40]!r}: expected nothing more, or "
                                       f"'after' and the moves since the last placement or "
                                       f"capture (with the repetition rule)")
        return self._with_history(Position(white, black, side, hands[0], hands[1], ply),
                                  rest[1:])

    def _check_counts(self, state: Position) -> None:
        """Refuse stone counts and hands that no game reaches."""
        b = self.board
        for side in (0, 1):
            if popcount(state.stones(side)) + state.hand(side) > b.stones:
                raise InvalidPositionError(f"{PLAYERS[side]} has more than {b.stones} stones")
        hw, hb = state.hand_white, state.hand_black
        if (hw or hb) and hw != hb - state.side:
            raise InvalidPositionError(f"stones in hand {hw} {hb} with {PLAYERS[state.side]} "
                                       f"to move: White places first, so they must be equal "
                                       f"with W to move and one fewer for W with B to move")
        if popcount(state.stones(1 - state.side)) + state.hand(1 - state.side) < b.min_stones:
            raise InvalidPositionError(f"{PLAYERS[1 - state.side]} has fewer than "
                                       f"{b.min_stones} stones: the game ended before")
        if b.mill_wins and any(state.stones(state.side) & m == m for m in b.mill_masks):
            raise InvalidPositionError(f"{PLAYERS[state.side]} has three in a row: the game "
                                       f"ended before")

    def _with_history(self, state: Position, slides: list[str]) -> Position:
        """``state`` with the positions before ``slides`` (the last moves, all slides without
        removal) as its history, checked by replaying them."""
        past = state
        for word in reversed(slides):
            match = _MOVE.fullmatch(word.lower())
            if not match or not match.group(2) or match.group(3):
                raise InvalidPositionError(f"after ...{word[:12]!r}: only slides without "
                                           f"removal can repeat a position")
            frm, to = self.board.point(match.group(1)), self.board.point(match.group(2))
            mover = 1 - past.side
            own = past.stones(mover)
            if not own >> to & 1 or (past.white | past.black) >> frm & 1:
                raise InvalidPositionError(f"after ...{word}: no {PLAYERS[mover]} stone came "
                                           f"from {self.board.names[frm]} to "
                                           f"{self.board.names[to]}")
            own = own & ~(1 << to) | 1 << frm
            white, black = (own, past.black) if mover == 0 else (past.white, own)
            past = Position(white, black, mover, 0, 0, past.ply - 1 if self.move_limit else 0)
        if slides and (state.hand_white or state.hand_black or past.ply < 0):
            raise InvalidPositionError("after ...: slides need every stone placed and "
                                       "enough plies played")
        replay = past
        for word in slides:
            match = _MOVE.fullmatch(word.lower())
            assert match is not None  # checked above
            move = Move(self.board.point(match.group(1)), self.board.point(match.group(2)))
            if self.end(replay) is not None or move not in self.moves_of(replay):
                raise InvalidPositionError(f"after ...{word}: not a legal slide there")
            replay = self.apply(replay, move)
        if slides and (replay.plain, replay.ply) != (state.plain, state.ply):
            raise InvalidPositionError("after ...: the moves do not lead to the position")
        return replay if slides else state

    # -- symmetry ------------------------------------------------------------------------

    @property
    def num_symmetries(self) -> int:
        return len(self.board.symmetries)

    def _map(self, stones: int, perm: tuple[int, ...]) -> int:
        return sum(1 << perm[p] for p in bits(stones))

    def _map_code(self, code: int, perm: tuple[int, ...]) -> int:
        mask = (1 << 32) - 1
        return (self._map(code & mask, perm) | self._map(code >> 32 & mask, perm) << 32
                | (code >> 64) << 64)

    def transform(self, state: Position, symmetry: int) -> Position:
        perm = self.board.symmetries[symmetry]
        return Position(self._map(state.white, perm), self._map(state.black, perm), state.side,
                        state.hand_white, state.hand_black, state.ply,
                        tuple(self._map_code(c, perm) for c in state.history))

    def transform_move(self, move: Move, symmetry: int) -> Move:
        perm = self.board.symmetries[symmetry]
        return Move(perm[move.frm] if move.frm >= 0 else NONE, perm[move.to],
                    perm[move.take] if move.take >= 0 else NONE)

    def key(self, state: Position) -> Hashable:
        """The smallest image over the board's symmetries of the stones, side, hands and
        draw-rule bookkeeping."""
        return min((self._map_code(state.code, perm), state.hand_white, state.hand_black,
                    state.ply, tuple(self._map_code(c, perm) for c in state.history))
                   for perm in self.board.symmetries)


def perft(game: Morris, state: Position, depth: int, split: bool = False) -> int:
    """The number of move sequences of ``depth`` plies from ``state`` by the plain rules (the
    readable reference of the compiled perft); with ``split`` a removal counts as a ply of its
    own, as OpenSpiel counts."""
    if depth == 0:
        return 1
    if game.lost(state):
        return 0
    total = 0
    seen: set[tuple[int, int]] = set()
    for move in game.moves_of(state):
        if split and move.take >= 0:
            if depth == 1:
                total += (move.frm, move.to) not in seen
                seen.add((move.frm, move.to))
                continue
            total += perft(game, game.apply(state, move), depth - 2, split)
        else:
            total += perft(game, game.apply(state, move), depth - 1, split)
    return total
