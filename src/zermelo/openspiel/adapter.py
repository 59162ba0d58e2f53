"""Any OpenSpiel game as a zermelo game, so that zermelo's searches, arena and solvers run on
it: ``get_game("openspiel:tic_tac_toe")`` (or ``openspiel:connect_four(rows=4,columns=5)``,
parameters as OpenSpiel writes them) is an entry like any other, and ``zermelo solve
openspiel:tic_tac_toe`` solves it.

A state is the history of OpenSpiel actions with the OpenSpiel state it leads to (never
changed: ``apply`` plays on a clone); moves are OpenSpiel's action numbers, written with its
``action_to_string``; a position is written as its history of action numbers. Chance nodes
list OpenSpiel's outcomes; with hidden information, a player's observation is OpenSpiel's
observation string and their information key its information-state string. Transposition
keys of perfect-information games are the player to move and OpenSpiel's state string (which
shows the whole position); otherwise the history.

>>> game = open_game("tic_tac_toe")
>>> state = game.play_line(game.initial_state(), ["x(1,1)", "o(0,0)"])
>>> game.format_position(state), game.info.players, game.to_move(state)
('4 0', ('A', 'B'), 0)
"""

from __future__ import annotations

import faulthandler
import os
import random
import re
import signal
import tempfile
import time
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from zermelo.core.errors import (
    GameNotSupportedError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    OptionError,
    UnknownNameError,
    ZermeloError,
)
from zermelo.core.game import CHANCE, Chance, Game, GameInfo, Information, Mover, Utility
from zermelo.openspiel import require

PREFIX = "openspiel:"
"""zermelo's name of an OpenSpiel game is this and OpenSpiel's game string."""
LETTERS = "ABCDEFGHIJ"
RESAMPLE_NODES = 200_000
"""The most nodes a resample by enumeration visits."""
_NAME = re.compile(r"[a-z][a-z0-9_]*(\(.*\))?")


@dataclass(frozen=True)
class History:
    """A state: the OpenSpiel actions from the start, and the OpenSpiel state they reach
    (never changed; equality and hashing look at the actions alone)."""

    actions: tuple[int, ...]
    native: Any = field(compare=False, hash=False, repr=False)


@contextmanager
def quiet_stderr() -> Iterator[list[str]]:
    """Keep what OpenSpiel's C++ code prints on standard error (its errors are raised too)
    and hand it over as lines."""
    lines: list[str] = []
    with tempfile.TemporaryFile(mode="w+b") as sink:
        saved = os.dup(2)
        os.dup2(sink.fileno(), 2)
        try:
            yield lines
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            lines.extend(sink.read().decode(errors="replace").splitlines())


MAX_ACTIONS = 100_000
"""The most distinct actions a game loaded from OpenSpiel may have."""
MAX_LENGTH = 10_000_000
"""The longest game (in actions) a game loaded from OpenSpiel may have."""
PROBE_SECONDS = 30.0
"""Seconds a trial load of an OpenSpiel game may take."""
PROBE_MEMORY = 2 << 30
"""Bytes of private memory a trial load may add."""
_PROBED: set[str] = set()
"""The game strings whose trial load succeeded in this process."""


def _split_parameters(inside: str) -> list[str]:
    """``a=1,b=g(c=2,d=3)`` as ``["a=1", "b=g(c=2,d=3)"]`` (commas inside parentheses kept)."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(inside):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(inside[start:at])
            start = at + 1
    parts.append(inside[start:])
    return [p for p in parts if p.strip()]


def parameter_range(key: str, default: int) -> tuple[int, int]:
    """The values zermelo lets a whole-number parameter take before OpenSpiel sees it (its
    native code trusts them: ``connect_four(rows=0)`` crashes it): a size or count with a
    positive default, 1 to four times it (at least 16); a seed, any 31-bit number; another,
    from -1 (OpenSpiel's "unset") to four times its magnitude (at least 16) either way."""
    if "seed" in key:
        return -(2**31), 2**31 - 1
    bound = max(4 * abs(default), 16)
    if default >= 1:
        return 1, bound
    return (-1 if default >= 0 else -bound), bound


def check_parameters(spec: str, pyspiel: Any) -> None:
    """Refuse in one line, before any native call, a parameter the game does not have or a
    whole number outside :func:`parameter_range` (nested games are left to the trial load)."""
    name, _, rest = spec.partition("(")
    if not rest:
        return
    defaults = next(t.parameter_specification for t in pyspiel.registered_games()
                    if t.short_name == name)
    for part in _split_parameters(rest[:-1]):
        key, equals, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not equals or key not in defaults:
            known = ", ".join(sorted(defaults)) or "none"
            raise OptionError(f"{name}: no parameter {key[:30]!r} (its parameters: {known})")
        default = defaults[key]
        if isinstance(default, bool) or not isinstance(default, int):
            continue
        if not (value.isascii() and value.lstrip("-").isdigit() and len(value) <= 12):
            raise OptionError(f"{name}: {key} {value[:20]!r}: expected a whole number")
        low, high = parameter_range(key, default)
        if not low <= int(value) <= high:
            raise OptionError(f"{name}: {key} {value}: expected a whole number from {low:,} "
                              f"to {high:,}")


def _trial(spec: str, write: int) -> None:
    """In a child process: load ``spec`` under limits and write what is wrong (nothing if
    all is well) to ``write``."""
    from zermelo.core.rlimits import limit_cpu, limit_memory

    problem = ""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        faulthandler.disable()  # a crash here is the answer, not a report on the parent's stderr
        limit_memory(PROBE_MEMORY)
        limit_cpu(PROBE_SECONDS)
        game = require().load_game(spec)
        state = game.new_initial_state()
        state.legal_actions() if not state.is_chance_node() else state.chance_outcomes()
        if game.num_distinct_actions() > MAX_ACTIONS:
            problem = f"{game.num_distinct_actions():,} actions, at most {MAX_ACTIONS:,} here"
        elif game.max_game_length() > MAX_LENGTH:
            problem = f"games of up to {game.max_game_length():,} actions, at most " \
                f"{MAX_LENGTH:,} here"
    except MemoryError:
        problem = f"needs more than {PROBE_MEMORY >> 20:,} MiB to load"
    except BaseException as error:  # OpenSpiel's own refusal, as one line
        text = str(error).strip()
        problem = text.splitlines()[0][:200] if text else "bad parameters"
    os.write(write, problem.encode()[:400])
    os._exit(0)


def probe(spec: str, shown: str) -> None:
    """Load ``spec`` once in a child process with memory and CPU limits before this process
    does: a crash, a hang or a huge game there is one line here (:class:`OptionError`)."""
    if spec in _PROBED or not hasattr(os, "fork"):
        return
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        os.close(read)
        _trial(spec, write)
    os.close(write)
    deadline = time.monotonic() + PROBE_SECONDS
    status = 0
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise OptionError(f"{shown}: OpenSpiel took more than {PROBE_SECONDS:.0f} s "
                                  "to load it")
            time.sleep(0.02)
        problem = os.read(read, 1000).decode(errors="replace")
    finally:
        os.close(read)
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        name = signal.Signals(number).name if number in signal.valid_signals() else number
        raise OptionError(f"{shown}: OpenSpiel crashed loading it ({name}): parameters out "
                          "of its range?")
    if problem or os.waitstatus_to_exitcode(status):
        raise OptionError(f"{shown}: {problem or 'OpenSpiel could not load it'}")
    _PROBED.add(spec)


def load_native(text: str) -> Any:
    """``pyspiel.load_game(text)``; one-line :class:`UnknownNameError` or :class:`OptionError`
    for an unknown game or bad parameters: checked here first (:func:`check_parameters`), then
    loaded once in a child process under limits (:func:`probe`), so that no parameter crashes
    or floods this process."""
    pyspiel = require()
    spec = text.strip()
    shown = spec if len(spec) <= 60 else spec[:60] + "..."
    if not _NAME.fullmatch(spec):
        raise UnknownNameError(f"no OpenSpiel game {shown!r}")
    name = spec.partition("(")[0]
    if name not in pyspiel.registered_names():
        raise UnknownNameError(f"no OpenSpiel game {name!r} (see pyspiel.registered_names())")
    check_parameters(spec, pyspiel)
    probe(spec, shown)
    try:
        with quiet_stderr():
            game = pyspiel.load_game(spec)
            game.new_initial_state()
            return game
    except ZermeloError:
        raise
    except Exception as error:
        message = str(error).strip().splitlines()[0] if str(error).strip() else "bad parameters"
        raise OptionError(f"{shown}: {message[:200]}") from None


class OpenSpielGame(Game[History, int]):
    """An OpenSpiel game (any sequential one) behind zermelo's protocol."""

    def __init__(self, native: Any, name: str) -> None:
        pyspiel = require()
        self.native = native
        kind = native.get_type()
        if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
            raise GameNotSupportedError(f"{name}: only sequential OpenSpiel games")
        self._pyspiel = pyspiel
        players = native.num_players()
        mode = pyspiel.GameType.ChanceMode
        utility = pyspiel.GameType.Utility
        self.info = GameInfo(
            name=PREFIX + name,
            title=f"OpenSpiel {kind.long_name}",
            players=tuple(LETTERS[:players]),
            player_names=tuple(f"player {p}" for p in range(players)),
            chance=Chance.DETERMINISTIC if kind.chance_mode == mode.DETERMINISTIC
            else Chance.EXPLICIT,
            information=Information.PERFECT
            if kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
            else Information.IMPERFECT,
            utility={utility.ZERO_SUM: Utility.ZERO_SUM,
                     utility.CONSTANT_SUM: Utility.CONSTANT_SUM}.get(kind.utility,
                                                                      Utility.GENERAL_SUM),
            min_return=native.min_utility(),
            max_return=native.max_utility(),
            max_game_length=native.max_game_length(),
        )

    def __repr__(self) -> str:
        return f"OpenSpielGame({self.info.name!r})"

    def initial_state(self) -> History:
        return History((), self.native.new_initial_state())

    def to_move(self, state: History) -> Mover:
        native = state.native
        if native.is_terminal():
            return 0
        return CHANCE if native.is_chance_node() else int(native.current_player())

    def legal_moves(self, state: History) -> list[int]:
        native = state.native
        if native.is_terminal():
            return []
        if native.is_chance_node():
            return [a for a, _ in native.chance_outcomes()]
        return list(native.legal_actions())

    def chance_outcomes(self, state: History) -> list[tuple[int, float]]:
        if not state.native.is_chance_node():
            return super().chance_outcomes(state)
        return [(a, p) for a, p in state.native.chance_outcomes()]

    def apply(self, state: History, move: int) -> History:
        native = state.native.clone()
        native.apply_action(move)
        return History((*state.actions, move), native)

    def is_terminal(self, state: History) -> bool:
        return bool(state.native.is_terminal())

    def returns(self, state: History) -> tuple[float, ...]:
        return tuple(float(r) for r in state.native.returns())

    def observation(self, state: History, player: int) -> Hashable:
        self.check_player(player)
        if self.info.information is Information.PERFECT:
            return state
        return self.observation_text(state, player)

    def observation_text(self, state: History, player: int) -> str:
        self.check_player(player)
        if self.info.information is Information.PERFECT:
            return str(state.native)
        kind = self.native.get_type()
        if kind.provides_observation_string:
            return str(state.native.observation_string(player))
        return str(state.native.information_state_string(player))

    def information_key(self, state: History, player: int) -> Hashable:
        self.check_player(player)
        if self.info.information is Information.PERFECT:
            return state
        return str(state.native.information_state_string(player))

    def resample(self, state: History, player: int, rng: random.Random) -> History:
        """OpenSpiel's ``resample_from_infostate`` where the game has one, else a history
        drawn from every history of the same length with ``player``'s information state,
        weighted by chance (a small game's: at most :data:`RESAMPLE_NODES` nodes)."""
        self.check_player(player)
        if self.info.information is Information.PERFECT:
            return state
        try:
            with quiet_stderr():
                native = state.native.resample_from_infostate(player, rng.random)
            return History(tuple(native.history()), native)
        except Exception:
            pass
        key = self.information_key(state, player)
        found: list[tuple[History, float]] = []
        nodes = 0
        stack = [(self.initial_state(), 1.0)]
        while stack:
            node, weight = stack.pop()
            nodes += 1
            if nodes > RESAMPLE_NODES:
                raise GameNotSupportedError(f"{self.info.name} is too large to resample by "
                                            f"enumeration ({RESAMPLE_NODES:,} nodes)")
            if len(node.actions) == len(state.actions):
                if self.information_key(node, player) == key:
                    found.append((node, weight))
                continue
            if node.native.is_terminal():
                continue
            if node.native.is_chance_node():
                stack.extend((self.apply(node, a), weight * p)
                             for a, p in node.native.chance_outcomes())
            else:
                stack.extend((self.apply(node, a), weight) for a in self.legal_moves(node))
        histories, weights = zip(*found, strict=True)
        drawn: History = rng.choices(histories, weights)[0]
        return drawn

    # -- notation ------------------------------------------------------------------------

    def parse_position(self, text: str) -> History:
        """A position is its history of OpenSpiel action numbers (``4 0 8``; empty: the
        start)."""
        words = text.replace(",", " ").split()
        if not all(w.isascii() and w.isdigit() and len(w) <= 9 for w in words):
            raise InvalidPositionError("expected the history as OpenSpiel action numbers")
        state = self.initial_state()
        for number, word in enumerate(words, 1):
            if not self.is_legal(state, int(word)):
                raise InvalidPositionError(f"action {word} (number {number}) is not legal")
            state = self.apply(state, int(word))
        return state

    def format_position(self, state: History) -> str:
        return " ".join(str(a) for a in state.actions)

    def parse_move(self, state: History, text: str) -> int:
        """A move by its OpenSpiel text (``x(1,1)``) or action number."""
        word = text.strip()
        moves = self.legal_moves(state)
        for move in moves:
            if self.format_move(state, move) == word:
                return move
        if word.isascii() and word.isdigit() and len(word) <= 9:
            if int(word) in moves:
                return int(word)
            raise IllegalMoveError(f"action {word} is not legal here")
        raise InvalidMoveError(f"{word[:40]!r} is no move here")

    def format_move(self, state: History, move: int) -> str:
        native = state.native
        player = native.current_player() if not native.is_terminal() else 0
        return str(native.action_to_string(player, move))

    def key(self, state: History) -> Hashable:
        if self.info.information is Information.PERFECT:
            return (self.to_move(state), str(state.native))
        return state.actions


def open_game(text: str) -> OpenSpielGame:
    """The OpenSpiel game ``text`` (``kuhn_poker``, ``connect_four(rows=4,columns=5)``)."""
    spec = text.strip()
    return OpenSpielGame(load_native(spec), spec)


def board_text(game: OpenSpielGame, state: History) -> Text:
    """OpenSpiel's own drawing of the state."""
    return Text(str(state.native))


def status_line(game: OpenSpielGame, state: History) -> str:
    """Who is to move, or the returns at the end."""
    if game.is_terminal(state):
        returns = ", ".join(f"{r:g}" for r in game.returns(state))
        return f"over, returns {returns}"
    player = game.to_move(state)
    return "chance to move" if player is CHANCE else f"{game.info.name_of(player)} to move"
