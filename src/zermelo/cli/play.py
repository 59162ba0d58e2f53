"""``zermelo play GAME``: a game in the terminal, between humans or against an engine."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from zermelo.cli.common import console
from zermelo.core.errors import UnknownNameError, ZermeloError
from zermelo.engines import ENGINES, create_engine
from zermelo.engines.registry import open_database
from zermelo.games.registry import AnyGame, GameEntry, get_game
from zermelo.search.players import Player

if TYPE_CHECKING:
    from zermelo.games.musketeers.database import Database

HELP = (
    "Type a move in the game's notation, or: moves (list the legal moves), hint (the engine's "
    "best move), undo (take back your last move), new (start again), resign, help, quit."
)

HINT_ENGINE = "alphabeta"
"""The engine that gives hints when the opponent is a person or the random mover."""

Hint = Callable[[Any], str]
"""Says what to play in a position."""


def make_engine(name: str, game: AnyGame, seed: int | None = None, db: Path | None = None
                ) -> Player | None:
    """The engine called ``name`` (see :mod:`zermelo.engines`); None for ``human`` (every side
    is then played by people)."""
    if name.strip().lower() == "human":
        return None
    base = name.strip().partition(":")[0]
    if base.lower() not in ENGINES:
        raise UnknownNameError(f"no engine {base!r} (known: {', '.join([*ENGINES, 'human'])})")
    return create_engine(name, game, seed=seed, db=db)


def find_database(game: AnyGame, db: Path | None) -> Database | None:
    """The Three Musketeers database of the variant played, if the game has one and it is built."""
    if game.info.name != "musketeers":
        return None
    try:
        return open_database(game, db)
    except ZermeloError:
        return None


def make_hint(game: AnyGame, advisor: Player, database: Database | None) -> Hint:
    """A hint: the advisor's move and, with a database, every move with its result."""

    def hint(state: Any) -> str:
        text = f"hint: {game.format_move(state, advisor(game, state))}"
        if database is not None:
            text += "\n" + "  ".join(f"{game.format_move(state, m)} {r}"
                                     for m, r in database.analyze(state))
        return text

    return hint


class TerminalGame:
    """The loop of a game at the terminal: draw, read a command or a move, let the engine reply."""

    def __init__(self, entry: GameEntry, game: AnyGame, humans: set[int], engine: Player | None,
                 read: Callable[[str], str] = input, out: Console = console,
                 hint: Hint | None = None) -> None:
        self.entry, self.game, self.humans, self.engine = entry, game, humans, engine
        self.read, self.out, self.hint = read, out, hint
        self.history: list[Any] = [game.initial_state()]

    @property
    def state(self) -> Any:
        """The current position."""
        return self.history[-1]

    def run(self) -> int | None:
        """Play until the game ends, a side resigns or the user quits; return the winner."""
        game = self.game
        while True:
            self.out.print(self.entry.render(game, self.state))
            self.out.print(self.entry.status(game, self.state))
            if game.is_terminal(self.state):
                return game.winner(self.state)
            side = game.to_move(self.state)
            if side not in self.humans and self.engine is not None:
                move = self.engine(game, self.state)
                played = game.format_move(self.state, move)
                self.out.print(f"{game.info.players[side]} plays {played}")
                self.history.append(game.play(self.state, move))
                continue
            outcome = self._human_turn(side)
            if outcome is not None:
                return outcome if outcome >= 0 else None

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
                winner = 1 - side if game.info.num_players == 2 else -1
                self.out.print(f"{name} resigns; {game.info.players[winner]} wins")
                return winner
            elif command == "hint" and self.hint is not None:
                try:
                    self.out.print(self.hint(self.state))
                except ZermeloError as error:
                    self.out.print(f"[red]{error}[/red]")
            elif command == "new":
                del self.history[1:]
                return None
            elif command == "undo":
                if self._undo():
                    return None
                self.out.print("nothing to undo")
            else:
                try:
                    move = game.parse_move(self.state, text)
                    self.history.append(game.play(self.state, move))
                    return None
                except ZermeloError as error:
                    self.out.print(f"[red]{error}[/red]")

    def _undo(self) -> bool:
        """Take back moves until it is a human's turn again, before their last move."""
        for back in range(1, len(self.history)):
            if self.game.to_move(self.history[-1 - back]) in self.humans:
                del self.history[-back:]
                return True
        return False


def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="musketeers")],
    side: Annotated[str | None, typer.Option("--as", help="The side you play (default: the "
                                              "side that moves first).")] = None,
    engine: Annotated[str, typer.Option(help="random, alphabeta:DEPTH, mcts:SIMULATIONS, "
                                        "perfect, swindle[:SLACK] (Three Musketeers), or human "
                                        "for two people at one terminal.")] = "random",
    board: Annotated[str | None, typer.Option(help="Board size WIDTHxHEIGHT.")] = None,
    start: Annotated[str | None, typer.Option(help="Start squares, e.g. a1,a2,b2.")] = None,
    musketeers: Annotated[int | None, typer.Option(help="How many musketeers.")] = None,
    first: Annotated[str | None, typer.Option(help="The side that moves first.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the engine's choices.")] = None,
    db: Annotated[Path | None, typer.Option("--db", help="Database root directory (default: "
                                            "$ZERMELO_DATA or the user data directory).")] = None,
) -> None:
    """Play a game in the terminal against an engine, or between two people."""
    entry = get_game(game_name)
    options = {k: str(v) for k, v in [("board", board), ("start", start),
                                      ("musketeers", musketeers), ("first", first)]
               if v is not None}
    game = entry.create(options)
    player = make_engine(engine, game, seed, db)
    names = [n.upper() for n in game.info.players]
    chosen = game.to_move(game.initial_state()) if side is None else None
    if side is not None:
        if side.upper() not in names:
            raise UnknownNameError(f"no side {side!r} (sides: {', '.join(game.info.players)})")
        chosen = names.index(side.upper())
    assert chosen is not None
    humans = set(range(game.info.num_players)) if player is None else {chosen}
    database = find_database(game, db)
    advisor = (player if player is not None and engine != "random"
               else create_engine("perfect" if database else HINT_ENGINE, game, seed=seed, db=db))
    console.print(f"{entry.title} — {HELP}")
    TerminalGame(entry, game, humans, player, hint=make_hint(game, advisor, database)).run()
