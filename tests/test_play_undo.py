"""``zermelo play``: a move taken back and played again brings back the same dice, cards and
engine replies (nobody fishes for a better roll or peeks at a hand by replaying)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from rich.console import Console

from zermelo.cli.play import ANSWERED, TerminalGame, make_engine
from zermelo.games.registry import get_game


def scripted(commands: list[str]) -> Iterator[str]:
    yield from commands
    yield "quit"


def test_pig_replays_an_undone_roll() -> None:
    entry = get_game("pig")
    game = entry.game()
    commands = scripted(["roll"] + ["undo", "roll"] * 10)
    out = io.StringIO()
    TerminalGame(entry, game, {0, 1}, None, read=lambda _: next(commands),
                 out=Console(file=out, width=100), seed=3).run()
    rolls = [line for line in out.getvalue().splitlines() if line.startswith("chance:")]
    assert len(rolls) == 11 and len(set(rolls)) == 1  # eleven fresh rolls would differ


def test_pig_draws_afresh_after_another_move() -> None:
    entry = get_game("pig")
    game = entry.game()
    terminal: TerminalGame
    commands = scripted(["roll", "roll", "undo", "hold"])
    terminal = TerminalGame(entry, game, {0, 1}, None, read=lambda _: next(commands),
                            out=Console(file=io.StringIO()), seed=3)
    terminal.run()
    played = [game.format_move(s, m) for s, m in zip(terminal.history[:-1], terminal.moves,
                                                  strict=True)]
    assert played[0] == "roll" and played[2:] == ["hold"] and not terminal.ahead


def test_turtles_moves_stand_once_the_engines_answered() -> None:
    """Each of the person's first cards in turn, with undo between: every undo after the
    engines' answers is refused, so the engines' hands show no more than one line of play."""
    entry = get_game("turtles")
    game = entry.game({"players": "3"})
    terminal: TerminalGame
    lengths: list[int] = []
    tried: list[Any] = []

    def read(prompt: str) -> str:
        lengths.append(len(terminal.history))
        if len(tried) == 4:
            return "quit"
        if len(lengths) % 2 == 0:
            return "undo"
        state = terminal.state
        move = next(m for m in game.legal_moves(state) if m not in tried)
        tried.append(move)
        return game.format_move(state, move)

    out = io.StringIO()
    terminal = TerminalGame(entry, game, {0}, make_engine("random", game, seed=1), read=read,
                            out=Console(file=out, width=200), seed=2)
    terminal.run()
    assert out.getvalue().count(ANSWERED) == 3  # every undo refused, the game went on
    assert lengths == sorted(lengths) and len(set(lengths)) == 5  # no move taken back
    assert sum(line.startswith(("B plays", "C plays")) for line in
               out.getvalue().splitlines()) == 2 * 4  # one answer of each engine a move


def test_turtles_undo_before_the_engines_answer_replays_the_same_card() -> None:
    """Two people at the terminal: nobody's move is an engine's answer, and a card taken back
    and played again draws the same card from the pile."""
    entry = get_game("turtles")
    game = entry.game({"players": "2"})
    terminal: TerminalGame
    reached: list[Any] = []

    def read(prompt: str) -> str:
        state = terminal.state
        if len(reached) == 4:
            return "quit"
        if len(terminal.moves) > 2 and game.to_move(terminal.history[-3]) == 0:
            reached.append(state)
            return "undo"
        return game.format_move(state, game.legal_moves(state)[0])

    terminal = TerminalGame(entry, game, {0, 1}, None, read=read,
                            out=Console(file=io.StringIO()), seed=2)
    terminal.run()
    assert len(reached) == 4 and all(state == reached[0] for state in reached)


def test_the_engines_move_waits_for_a_table_being_solved() -> None:
    """An engine whose table is still being solved (Pending) is asked again, the wait shown,
    instead of the game ending at its first move."""
    from zermelo.search.base import Pending

    entry = get_game("pig")
    game = entry.game({"goal": "20"})
    asked = []

    def engine(game: Any, state: Any) -> Any:
        asked.append(state)
        if len(asked) < 3:
            raise Pending("Pig to 20 is being solved (once, it takes seconds): ask again shortly")
        return game.legal_moves(state)[-1]

    commands = scripted([])
    out = io.StringIO()
    TerminalGame(entry, game, {1}, engine, read=lambda _: next(commands),  # the engine first
                 out=Console(file=out, width=100), seed=1).run()
    waits = [line for line in out.getvalue().splitlines() if "waiting" in line]
    assert len(waits) == 2 and waits[0].startswith("Pig to 20 is being solved (once, it takes "
                                                   "seconds): waiting (")
    assert "A plays" in out.getvalue()
