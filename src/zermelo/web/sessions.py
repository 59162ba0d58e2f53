"""Server-held games for hidden information: the server keeps the state, each seat played by a
person gets a secret token, and a token's answers hold only what its seat may see.

Perfect-information games need none of this (the page sends the position each time). A game
with hidden information cannot be sent whole to a browser, so the server holds it in a
:class:`Table` and answers a seat with its ``observation_text``, whose turn it is, its own
legal moves on its turn, the moves it made itself (another seat's moves are only counted),
and a board drawn from a *determinisation* (``resample``: the seat's view with every hidden
part it cannot see drawn at random), so that no answer depends on another seat's secrets.
Engines and chance move on the server as soon as it is their turn.

A table with one person can take that person's moves back and play them again (``undo``,
``redo``) without rerolling anything: the n-th chance event of a game deals what it dealt the
first time whenever that is still possible (a fixed deck, a die thrown once), and an engine in an
information set it has decided in plays the same move again (it never changes its mind on the
same information). In a game with hidden parts a move stands once another seat has answered it:
an answer shows something of a hidden hand, and trying each move in turn would show more of it
than any one line of play, so there undo takes back only a move nobody has answered yet (one
whose engine reply a busy server put off).

Memory and places are bounded: at most ``limit`` tables in all and ``per_client`` for one
client address, each forgotten ``lifetime`` seconds after its last request; a new table is
refused when every place is taken by a live one (:class:`Busy`, HTTP 503) or when its client
holds its share (:class:`TooMany`, HTTP 429), so one client cannot lock the others out for
long. The server's engines move through :class:`PooledEngine`: in the worker pool, with the
same admission, budget and 503 as every other search.
"""

from __future__ import annotations

import contextlib
import random
import secrets
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zermelo.core.entry import Player
from zermelo.core.errors import IllegalMoveError, OptionError, UnknownNameError
from zermelo.core.game import CHANCE, Information, Mover
from zermelo.core.picture import Picture, View
from zermelo.games.registry import AnyGame
from zermelo.search.base import Budget, budget
from zermelo.web.workers import GRACE, Busy
from zermelo.web.workers import TooMany as TooManyRequests

Json = dict[str, Any]
Drawer = Callable[[AnyGame, Any, View], Picture]

LIMIT = 500
"""Tables held at once by default."""
PER_CLIENT = 16
"""Tables one client address may hold at once by default."""
LIFETIME = 900.0
"""Seconds a table is kept after its last request, by default."""


def engine_move(game: AnyGame, state: Any, spec: str, seed: int | None, data: Path | None,
                seconds: float) -> Hashable:
    """The move of the engine ``spec`` in ``state``, within ``seconds``, where it runs (a
    worker process of the server)."""
    from zermelo.engines import create_engine

    with budget(Budget(seconds=seconds)):
        return create_engine(spec, game, seed=seed, data=data)(game, state)


class TooMany(TooManyRequests):
    """A client holds as many tables as one may (HTTP 429)."""

    kind = "too many games"


Runner = Callable[..., Any]
"""``run(seconds, task, *args)``: the server's admission of a search (its pool, or one at a
time in its own process)."""


@dataclass
class PooledEngine:
    """A seat's engine that moves through the server's ``run`` (each move made afresh there,
    its seed the next of ``seeds``: None, a fresh draw of the system's randomness)."""

    spec: str
    seconds: float
    data: Path | None
    run: Runner
    seeds: random.Random | None = None

    def __call__(self, game: AnyGame, state: Any) -> Hashable:
        seed = None if self.seeds is None else self.seeds.getrandbits(63)
        move: Hashable = self.run(self.seconds + GRACE, engine_move, game, state, self.spec,
                                  seed, self.data, self.seconds)
        return move


@dataclass
class Table:
    """One game held by the server: its state, who plays each seat (a person: None), the moves
    so far (``(player, what each seat saw of it)``, player CHANCE for chance, which nobody
    sees) and when it was last asked about."""

    game: AnyGame
    state: Any
    engines: dict[int, Player]
    seconds: float
    rng: random.Random
    """Deals chance's outcomes (so a seeded game replays)."""
    drawing: random.Random = field(default_factory=random.Random)
    """Draws the hidden parts of the pictures, apart from chance's generator."""
    log: list[tuple[Mover, tuple[str | None, ...]]] = field(default_factory=list)
    touched: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)
    """Held while the table moves (its engines may think for seconds): a second request
    that would move it is refused at once instead of waiting."""
    guard: threading.Lock = field(default_factory=threading.Lock)
    """Held for the instant a move changes the state and the log, and while a view reads
    them: a view never waits for an engine."""
    dealt: list[Any] = field(default_factory=list)
    """Chance's outcomes by their order in the game: the n-th chance event deals ``dealt[n]``
    again after a take-back, when it is still legal."""
    decided: dict[tuple[int, Hashable], Hashable] = field(default_factory=dict)
    """Each engine's move by its information set: asked again, it plays the same."""
    taken: list[tuple[Any, int, Any]] = field(default_factory=list)
    """Before each person's move still on the board: the state, the log's length, the move."""
    undone: list[Any] = field(default_factory=list)
    """The person's moves taken back, the last taken back last (played again by redo)."""

    def run(self) -> None:
        """Let chance and the engines move until a person is to move or the game is over
        (chance and the engines replaying what they did before in the same place)."""
        game = self.game
        while not game.is_terminal(self.state):
            mover = game.to_move(self.state)
            if mover is CHANCE:
                move = self.deal()
            elif mover in self.engines:
                move = self.decide(mover)
            else:
                return
            with self.guard:
                if mover is CHANCE:
                    self.log.append((CHANCE, ()))  # what chance chose is nobody's to read
                    self.state = game.apply(self.state, move)
                else:
                    self.record(mover, move)
                    self.state = game.play(self.state, move)

    def deal(self) -> Any:
        """Chance's outcome in the current state: what the same chance event dealt before if
        it is still legal here, else a fresh one from ``rng``, remembered."""
        game, index = self.game, sum(p is CHANCE for p, _ in self.log)
        if index < len(self.dealt) and game.is_legal(self.state, self.dealt[index]):
            return self.dealt[index]
        move = game.sample_chance(self.state, self.rng)
        self.dealt[index:index + 1] = [move]
        return move

    def decide(self, seat: int) -> Any:
        """The move of ``seat``'s engine: the one it chose before in the same information set,
        else a fresh search within the table's seconds, remembered."""
        game = self.game
        key = (seat, game.information_key(self.state, seat))
        known = self.decided.get(key)
        if known is not None and game.is_legal(self.state, known):
            return known
        with budget(Budget(seconds=self.seconds)):
            move = self.engines[seat](game, self.state)
        self.decided[key] = move
        return move

    def play(self, seat: int, move: Any) -> None:
        """Play the person's ``move`` for ``seat`` (kept so it can be taken back), then let
        chance and the engines reply."""
        with self.guard:
            self.taken.append((self.state, len(self.log), move))
            self.record(seat, move)
            self.state = self.game.play(self.state, move)
        self.run_if_free()

    @property
    def alone(self) -> bool:
        """Whether one person plays at the table (who alone may take moves back)."""
        return self.game.info.num_players - len(self.engines) == 1

    def answered(self) -> bool:
        """Whether, in a game with hidden parts, another seat played after the person's last
        move: that move then stands (the answer showed something of a hidden hand, and taking
        the move back to try another would show more, as it would at a card table)."""
        if self.game.info.information is not Information.IMPERFECT or not self.taken:
            return False
        length = self.taken[-1][1]
        return any(p is not CHANCE and p in self.engines for p, _ in self.log[length + 1:])

    def undo(self) -> None:
        """Take back the person's last move and everything played after it (in a game with
        hidden parts, only while no other seat has answered it)."""
        if not self.alone:
            raise IllegalMoveError("undo: only a game with one person at the table can take "
                                   "moves back")
        if not self.taken:
            raise IllegalMoveError("nothing to undo: you have not moved yet")
        if self.answered():
            raise IllegalMoveError("undo: an opponent has answered your move, and with hidden "
                                   "cards the plays that others answered stand")
        with self.guard:
            self.state, length, move = self.taken.pop()
            del self.log[length:]
        self.undone.append(move)

    def run_if_free(self) -> None:
        """:meth:`run`, the engines' moves put off to a later request when the server is too
        busy to make them now, or the client holds its share of searches (the seat then sees
        an engine to move)."""
        with contextlib.suppress(Busy, TooManyRequests):
            self.run()

    def record(self, mover: int, move: Any) -> None:
        """Log ``move`` of ``mover`` as each seat sees it (a secret move as None)."""
        self.log.append((mover, tuple(self.game.move_seen_by(self.state, move, seat)
                                      for seat in range(self.game.info.num_players))))

    def view(self, seat: int) -> Json:
        """What ``seat`` may see of the game, as JSON."""
        with self.guard:
            return self._view(seat)

    def _view(self, seat: int) -> Json:
        game, state = self.game, self.state
        players = game.info.players
        over = game.is_terminal(state)
        mover = game.to_move(state)
        mine = not over and mover == seat
        winner = game.winner(state) if over else None
        return {
            "seat": players[seat],
            "to_move": "chance" if mover is CHANCE else players[mover],
            "your_turn": mine,
            "observation": game.observation_text(state, seat),
            "moves": [game.format_move(state, m) for m in game.legal_moves(state)] if mine
            else [],
            "log": [{"player": "chance" if p is CHANCE else players[p],
                     "move": seen[seat] if seen else None} for p, seen in self.log],
            "status": {"over": over, "winner": None if winner is None else players[winner],
                       "returns": list(game.returns(state)) if over else None},
            "can_undo": bool(self.taken) and self.alone and not self.answered(),
            "can_redo": bool(self.undone) and self.alone,
        }

    def seen(self, seat: int) -> Any:
        """A state that ``seat`` cannot tell from the true one, its hidden parts drawn at
        random: what a drawing for the seat may show."""
        with self.guard:
            state = self.state
        return self.game.resample(state, seat, self.drawing)

    @contextlib.contextmanager
    def moving(self, what: str) -> Iterator[None]:
        """Hold :attr:`lock` while ``what`` changes the table; refused at once (not waited
        for) while another request moves it, its engines thinking."""
        if not self.lock.acquire(blocking=False):
            raise IllegalMoveError(f"{what}: not now, the engines are moving (ask again in a "
                                   "moment)")
        try:
            yield
        finally:
            self.lock.release()


class Sessions:
    """The tables held by the server, by seat token."""

    def __init__(self, limit: int = LIMIT, lifetime: float = LIFETIME,
                 clock: Callable[[], float] = time.monotonic, per_client: int = PER_CLIENT
                 ) -> None:
        self.limit, self.lifetime, self.clock = limit, lifetime, clock
        self.per_client = per_client
        self.seats: dict[str, tuple[Table, int]] = {}
        self.tables: list[Table] = []
        self.owners: dict[int, str] = {}
        """The client address that opened each table (by ``id``)."""
        self.lock = threading.Lock()

    def open(self, game: AnyGame, people: Sequence[int], engines: Mapping[int, Player],
             seconds: float, seed: int | None = None, client: str = "") -> dict[str, str]:
        """A new table of ``game`` from its start: a token for each seat in ``people`` (by
        player letter), ``engines`` playing the others; they move at once if it is their
        turn. Chance is dealt from ``seed`` (None: the system's randomness). :class:`Busy`
        when every place is taken, :class:`TooMany` when ``client`` holds its share."""
        if sorted([*people, *engines]) != list(range(game.info.num_players)) or not people:
            raise OptionError("seats: every seat needs exactly one player, a person or an "
                              "engine, and one seat at least a person")
        table = Table(game, game.initial_state(), dict(engines), seconds,
                      random.Random(secrets.randbits(128) if seed is None else seed),
                      random.Random(secrets.randbits(128) if seed is None else seed))
        with self.lock:
            self._forget_old()
            if len(self.tables) >= self.limit:
                raise Busy(f"{self.limit} games are in progress: try again later")
            held = sum(owner == client for owner in self.owners.values())
            if held >= self.per_client:
                raise TooMany(f"{held} games in progress from this address, at most "
                              f"{self.per_client}: finish one or let it expire "
                              f"({self.lifetime / 60:.0f} min idle)")
            table.touched = self.clock()
            self.tables.append(table)
            self.owners[id(table)] = client
            tokens = {game.info.players[p]: secrets.token_urlsafe(24) for p in people}
            for letter, token in tokens.items():
                self.seats[token] = (table, game.info.players.index(letter))
        try:
            with table.lock:
                table.run()
        except BaseException:  # an engine that failed: the table takes no place
            with self.lock:
                self.tables.remove(table)
                self.owners.pop(id(table), None)
                self.seats = {k: v for k, v in self.seats.items() if v[0] is not table}
            raise
        return tokens

    def _forget_old(self) -> None:
        """Drop the tables nobody asked about for ``lifetime`` seconds (lock held)."""
        now = self.clock()
        old = {id(t) for t in self.tables if now - t.touched > self.lifetime}
        if old:
            self.tables = [t for t in self.tables if id(t) not in old]
            self.seats = {k: v for k, v in self.seats.items() if id(v[0]) not in old}
            self.owners = {k: v for k, v in self.owners.items() if k not in old}

    def seat(self, token: str) -> tuple[Table, int]:
        """The table and seat of ``token``; :class:`UnknownNameError` if there is none (or it
        is forgotten)."""
        with self.lock:
            self._forget_old()
            found = self.seats.get(token)
            if found is None:
                raise UnknownNameError("no game in progress for this token (it may have "
                                       "expired)")
            found[0].touched = self.clock()
            return found

    def view(self, token: str) -> Json:
        """What the token's seat may see (after the engines' moves, if one of them could not
        move before: the server was busy)."""
        table, seat = self.seat(token)
        if table.lock.acquire(blocking=False):  # else another request moves it: as it is now
            try:
                table.run_if_free()
            finally:
                table.lock.release()
        return table.view(seat)

    def play(self, token: str, move: str) -> Json:
        """Play ``move`` for the token's seat, let the engines and chance reply, and answer
        what the seat then sees."""
        table, seat = self.seat(token)
        with table.moving(move[:20]):
            table.run_if_free()  # the engines' moves that a busy server put off
            game, state = table.game, table.state
            if game.is_terminal(state):
                raise IllegalMoveError(f"{move[:20]}: the game is over")
            if game.to_move(state) != seat:
                raise IllegalMoveError(f"{move[:20]}: it is not your turn "
                                       f"({table.view(seat)['to_move']} to move)")
            chosen = game.parse_move(state, move)
            if table.undone and table.undone[-1] == chosen:
                table.undone.pop()  # the move taken back, played again: redo goes on
            else:
                table.undone.clear()
            table.play(seat, chosen)
            return table.view(seat)

    def undo(self, token: str) -> Json:
        """Take back the token's seat's last move and what chance and the engines played after
        it; what the seat then sees."""
        table, seat = self.seat(token)
        with table.moving("undo"):
            table.undo()
            return table.view(seat)

    def redo(self, token: str) -> Json:
        """Play the last move taken back again: chance and the engines reply as they did."""
        table, seat = self.seat(token)
        with table.moving("redo"):
            if not table.undone or not table.game.is_legal(table.state, table.undone[-1]):
                raise IllegalMoveError("nothing to redo: no move was taken back")
            table.play(seat, table.undone.pop())
            return table.view(seat)

    def picture(self, token: str, draw: Drawer, flip: bool) -> Picture:
        """The token's seat's board, drawn from what the seat may see; once the game is over,
        everything is shown (the secret colours and hands decided it)."""
        table, seat = self.seat(token)
        with table.guard:
            state = table.state
        if table.game.is_terminal(state):
            return draw(table.game, state, View(flip=flip))
        return draw(table.game, table.seen(seat), View(flip=flip, seat=seat))
