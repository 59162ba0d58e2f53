"""Pinned playthroughs: one seeded game of each registered game, every state's text, legal moves
and returns, compared line by line with ``tests/playthroughs/<game>.txt``, so that any change of
behaviour shows as a diff. ``ZERMELO_UPDATE_PLAYTHROUGHS=1 python -m pytest
tests/test_playthroughs.py`` rewrites the files after a change that is meant."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from zermelo.core.game import CHANCE, Chance
from zermelo.games.registry import GAMES

FOLDER = Path(__file__).parent / "playthroughs"
VARIANTS = {"musketeers": {"board": "4x4"}, "connect4": {"board": "5x4"}, "nim": {},
            "tictactoe": {}, "pig": {"goal": "20"}, "turtles": {"players": "3"},
            "morris": {}}
SEED = 2026


def playthrough(name: str) -> list[str]:
    """The lines of the seeded game of ``name``: a header, then for each state its text, side
    to move, legal moves and returns, and the move (or chance outcome) played."""
    options = VARIANTS[name]
    game = GAMES[name].game(options)
    rng = random.Random(SEED)
    state = game.initial_state()
    lines = [f"game {name} " + " ".join(f"{k}={v}" for k, v in options.items()),
             f"seed {SEED}"]
    while True:
        mover = game.to_move(state)
        sampled = mover is CHANCE and game.info.chance is Chance.SAMPLED  # outcomes not listed
        lines += [f"state {game.format_position(state)}",
                  f"to_move {'chance' if mover is CHANCE else game.info.players[mover]}",
                  "legal " + ("(sampled)" if sampled else " ".join(
                      game.format_move(state, m) for m in game.legal_moves(state))),
                  "returns " + " ".join(f"{r:g}" for r in game.returns(state))]
        if game.is_terminal(state):
            return lines
        move = (game.sample_chance(state, rng) if mover is CHANCE
                else rng.choice(game.legal_moves(state)))
        lines.append(f"{'outcome' if mover is CHANCE else 'move'} {game.format_move(state, move)}")
        state = game.play(state, move)


def test_every_registered_game_has_a_playthrough() -> None:
    assert set(VARIANTS) == set(GAMES)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_pinned_playthrough_is_replayed_exactly(name: str) -> None:
    path = FOLDER / f"{name}.txt"
    lines = playthrough(name)
    if os.environ.get("ZERMELO_UPDATE_PLAYTHROUGHS"):
        path.write_text("\n".join(lines) + "\n")
    pinned = path.read_text().splitlines()
    for number, (want, got) in enumerate(zip(pinned, lines, strict=False), 1):
        assert got == want, f"{path.name} line {number}: pinned {want!r}, now {got!r}"
    assert len(lines) == len(pinned), f"{path.name}: {len(pinned)} lines pinned, now {len(lines)}"
