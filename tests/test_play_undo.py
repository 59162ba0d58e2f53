"""``zermelo play``: a move taken back and played again brings back the same dice, cards and
engine replies (nobody fishes for a better roll or peeks at a hand by replaying)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from rich.console import Console

from zermelo.cli.play import TerminalGame, make_engine
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


def test_turtles_replay_the_same_cards_and_engine_replies_after_undo() -> None:
    entry = get_game("turtles")
    game = entry.game({"players": "3"})
    terminal: TerminalGame
    reached: list[Any] = []
    prompts = 0

    def read(prompt: str) -> str:
        """Three moves of the person (each followed by the deals and both engines' replies),
        then five times: take the third back and play it again."""
        nonlocal prompts
        prompts += 1
        state = terminal.state
        if prompts >= 4 and prompts % 2 == 0:
            reached.append(state)
            if len(reached) == 6:
                return "quit"
            return "undo"
        return game.format_move(state, game.legal_moves(state)[0])

    terminal = TerminalGame(entry, game, {0}, make_engine("random", game, seed=1), read=read,
                            out=Console(file=io.StringIO()), seed=2)
    terminal.run()
    assert len(reached) == 6 and not game.is_terminal(reached[0])
    assert all(state == reached[0] for state in reached)  # the same deals and replies
