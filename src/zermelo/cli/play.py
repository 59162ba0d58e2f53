"""``zermelo play GAME``: a game in the terminal, between humans or against an engine."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from zermelo.cli.common import OptionOpt, console, parse_options
from zermelo.core.errors import DataError, OptionError, UnknownNameError, ZermeloError
from zermelo.core.game import CHANCE, Information, Mover
from zermelo.engines import HUMAN, create_engine, default_engine_for, engines_for
from zermelo.games.registry import AnyEntry, AnyGame, get_game
from zermelo.search.base import Budget, Pending, budget, viewer
from zermelo.search.players import Player

HELP = (
    "Type a move in the game's notation, or: moves (list the legal moves), hint (the engine's "
    "best move), undo (take back your last move; with hidden cards, only until the engine "
    "answers it), new (start again), resign, help, quit."
)

FALLBACK_ENGINE = "alphabeta"
"""The opponent when none is named and the game's default engine lacks its data."""

ANSWERED = ("undo: the engine has answered your move, and with hidden cards a move that was "
            "answered stands")
"""Why a move of a hidden-information game cannot be taken back once answered."""

Hint = Callable[[Any], str]
"""Says what to play in a position."""


def make_engine(name: str, game: AnyGame, seed: int | None = None, data: Path | None = None
                ) -> Player | None:
    """The engine called ``name`` (see :mod:`zermelo.engines`); None for ``human`` (every side
    is then played by people)."""
    if name.strip().lower() == HUMAN:
        return None
    return create_engine(name, game, seed=seed, data=data)


def make_hint(entry: AnyEntry, game: AnyGame, advisor: Player, data: Path | None) -> Hint:
    """A hint: the advisor's move and, when the game has an analysis, every move's value."""

    def hint(state: Any) -> str:
        text = f"hint: {game.format_move(state, advisor(game, state))}"
        if entry.analysis is not None:
            try:
                analysis = entry.analyze(game, state, data)
            except ZermeloError:  # e.g. no database built: the advisor's move is enough
                return text
            text += "\n" + "  ".join(f"{game.format_move(state, m)} {v}"
                                     for m, v in analysis.moves)
        return text

    return hint


def choose_advisor(entry: AnyEntry, game: AnyGame, player: Player | None, engine: str,
                   seed: int | None, data: Path | None) -> Player:
    """The engine that gives hints: the opponent engine unless it plays at random, else the
    game's hint engine (the generic alpha-beta when that one cannot be opened)."""
    if player is not None and engine.strip().lower() != "random":
        return player
    try:
        return create_engine(entry.hint_engine, game, seed=seed, data=data)
    except ZermeloError:
        return create_engine("random", game, seed=seed, data=data)


class TerminalGame:
    """The loop of a game at the terminal: draw, read a command or a move, let the engine reply."""

    def __init__(self, entry: AnyEntry, game: AnyGame, humans: set[int], engine: Player | None,
                 read: Callable[[str], str] = input, out: Console = console,
                 hint: Hint | None = None, seed: int | None = None,
                 move_time: float | None = None) -> None:
        self.entry, self.game, self.humans, self.engine = entry, game, humans, engine
        self.read, self.out, self.hint = read, out, hint
        self.budget = Budget(seconds=move_time)
        """What an engine move or a hint may spend."""
        self.rng = random.Random(seed)
        """Draws the outcomes of chance (dice, cards)."""
        self.history: list[Any] = [game.initial_state()]
        self.moves: list[Any] = []
        """The moves from the start, chance's outcomes among them (``history[i + 1]`` is
        ``moves[i]`` played in ``history[i]``)."""
        self.ahead: list[Any] = []
        """The moves taken back, next first: replaying the same moves brings back the same dice,
        cards and engine replies instead of drawing or deciding again."""
        self.hidden = game.info.information is Information.IMPERFECT
        """Whether each person may see only their own view (secret cards, colours)."""

    @property
    def state(self) -> Any:
        """The current position."""
        return self.history[-1]

    def run(self) -> int | None:
        """Play until the game ends, a side resigns or the user quits; return the winner."""
        game = self.game
        while True:
            side = game.to_move(self.state)
            self._draw(side)
            self.out.print(self.entry.status_line(game, self.state))
            if game.is_terminal(self.state):
                return game.winner(self.state)
            if side is CHANCE:
                outcome = self.ahead.pop(0) if self.ahead else \
                    game.sample_chance(self.state, self.rng)
                if not self.hidden:  # with hidden information the outcome may be secret
                    self.out.print(f"chance: {game.format_move(self.state, outcome)}")
                self._advance(outcome)
                continue
            if side not in self.humans and self.engine is not None:
                move = self.ahead.pop(0) if self.ahead else self._engine_move()
                played = game.format_move(self.state, move)
                self.out.print(f"{game.info.players[side]} plays {played}")
                self._advance(move)
                continue
            outcome = self._human_turn(side)
            if outcome is not None:
                return outcome if outcome >= 0 else None

    def _engine_move(self) -> Any:
        """The engine's move within the move time; while what it needs is being computed once
        (:class:`Pending`: a table being solved), it is asked again, the wait shown."""
        start = time.monotonic()
        while True:
            try:
                with budget(self.budget):
                    return self.engine(self.game, self.state)  # type: ignore[misc]
            except Pending as waiting:
                self.out.print(f"[dim]{waiting.args[0].split(': ask again')[0]}: waiting "
                               f"({time.monotonic() - start:.0f} s)[/dim]")

    def _draw(self, side: Mover) -> None:
        """The position; with hidden information, only what the person to move may see, when
        a person is to move (and the whole position once the game is over)."""
        if not self.hidden or self.game.is_terminal(self.state):
            self.out.print(self.entry.draw(self.game, self.state))
        elif side is not CHANCE and side in self.humans:
            self.out.print(self.game.observation_text(self.state, side), markup=False)

    def _human_turn(self, side: int) -> int | None:
        """Read commands until a move is played; a non-None result ends the game (-1: quit)."""
        game, name = self.game, self.game.info.players[side]
        while True:
            try:
                text = self.read(f"{name}> ").strip()
            except EOFError:
                self.out.print("bye")
                return -1
            command = text.lower()
            if command in ("quit", "exit", "q"):
                return -1
            if command in ("help", "?", ""):
                self.out.print(HELP)
            elif command == "moves":
                self.out.print(" ".join(game.format_move(self.state, m)
                                        for m in game.legal_moves(self.state)))
            elif command == "resign":
                others = [i for i in range(game.info.num_players) if i != side]
                if len(others) != 1:
                    self.out.print(f"{name} resigns; the game ends")
                    return -1
                self.out.print(f"{name} resigns; {game.info.players[others[0]]} wins")
                return others[0]
            elif command == "hint" and self.hint is not None:
                try:
                    with budget(self.budget):
                        self.out.print(self.hint(self.state))
                except ZermeloError as error:
                    self.out.print(f"[red]{error}[/red]")
            elif command == "new":
                del self.history[1:], self.moves[:], self.ahead[:]
                return None
            elif command == "undo":
                if self._answered():
                    self.out.print(f"[red]{ANSWERED}[/red]")
                elif self._undo():
                    return None
                else:
                    self.out.print("nothing to undo")
            else:
                try:
                    move = game.parse_move(self.state, text)
                    if self.ahead and self.ahead[0] != move:
                        self.ahead.clear()  # another line: what follows is drawn afresh
                    elif self.ahead:
                        self.ahead.pop(0)
                    self._advance(move)
                    return None
                except ZermeloError as error:
                    self.out.print(f"[red]{error}[/red]")

    def _advance(self, move: Any) -> None:
        """Play ``move`` (checked) in the current position."""
        self.history.append(self.game.play(self.state, move))
        self.moves.append(move)

    def _taken_back(self) -> int:
        """How many moves an undo takes back (0: none): those since a human's last move."""
        for back in range(1, len(self.history)):
            if self.game.to_move(self.history[-1 - back]) in self.humans:
                return back
        return 0

    def _answered(self) -> bool:
        """Whether, with hidden information, the engine answered the human's last move: the
        move then stands (trying another would show more of the engine's hand)."""
        back = self._taken_back()
        return self.hidden and any(
            mover is not CHANCE and mover not in self.humans
            for mover in map(self.game.to_move, self.history[len(self.history) - back:-1]))

    def _undo(self) -> bool:
        """Take back moves until it is a human's turn again, before their last move; the moves
        taken back are kept to be replayed."""
        back = self._taken_back()
        if back:
            self.ahead[:0] = self.moves[-back:]
            del self.history[-back:], self.moves[-back:]
        return back > 0


def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A registered game.")],
    side: Annotated[str | None, typer.Option("--as", help="The side you play (default: the "
                                              "side that moves first).")] = None,
    engine: Annotated[str | None, typer.Option(help="The opponent: NAME or NAME:LEVEL (see "
                                               "'zermelo play GAME --engine list'; default: "
                                               "the game's best engine), or human for two "
                                               "people at one terminal.")] = None,
    option: OptionOpt = None,
    players: Annotated[int | None, typer.Option(
        help="Players, for a game with a choice of how many (the same as -o players=N).",
        min=2, max=16)] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the engine's choices.")] = None,
    db: Annotated[Path | None, typer.Option("--db", help="Data directory of databases and "
                                            "books (default: $ZERMELO_DATA or the user data "
                                            "directory).")] = None,
    move_time: Annotated[float, typer.Option(
        help="Seconds an engine move or a hint may take (0.1 to 3,600): searches that can "
        "answer early give their best move so far.", min=0.1, max=3_600)] = 10.0,
) -> None:
    """Play a game in the terminal against an engine, or between two people."""
    entry = get_game(game_name)
    given = parse_options(option)
    if players is not None:
        if "players" not in entry.options.names():
            raise OptionError(f"{entry.title} has a fixed number of players")
        given["players"] = str(players)
    game: AnyGame = entry.game(given)
    if engine is not None and engine.strip().lower() == "list":
        for spec in engines_for(entry, game):
            level = f":{spec.level.upper()}" if spec.level else ""
            console.print(f"{spec.name}{level}  {spec.summary}")
        console.print(f"{HUMAN}  two people at one terminal")
        return
    names = [n.upper() for n in game.info.players]
    chosen = viewer(game, game.initial_state())
    if side is not None:
        if side.upper() not in names:
            raise UnknownNameError(f"no side {side!r} (sides: {', '.join(game.info.players)})")
        chosen = names.index(side.upper())
    if db is not None:  # an engine's check for its tables reads it too
        os.environ["ZERMELO_DATA"] = str(db)
    chosen_engine = engine if engine is not None else default_engine_for(entry, game)
    try:
        player = make_engine(chosen_engine, game, seed, db)
    except DataError as error:
        if engine is not None:
            raise
        chosen_engine = FALLBACK_ENGINE  # the default engine needs data not built yet
        console.print(f"[yellow]{error}; playing {chosen_engine} instead[/yellow]")
        player = make_engine(chosen_engine, game, seed, db)
    humans = set(range(game.info.num_players)) if player is None else {chosen}
    advisor = choose_advisor(entry, game, player, chosen_engine, seed, db)
    console.print(f"{game.info.title} — {HELP}")
    TerminalGame(entry, game, humans, player, hint=make_hint(entry, game, advisor, db),
                 seed=seed, move_time=move_time).run()
