"""The engines by name: ``NAME`` or ``NAME:LEVEL``, built for one game variant.

The generic engines (:data:`GENERIC`) play any game their search supports; each game adds its
own (``perfect`` from a database or a solver, heuristics) in its entry. A game's own engine
of the same name as a generic one takes its place for that game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from zermelo.core.entry import AnyEntry, AnyGame, EngineSpec
from zermelo.core.errors import GameNotSupportedError, UnknownNameError
from zermelo.engines import generic
from zermelo.games.registry import entry_of
from zermelo.search.players import Player

GENERIC: tuple[EngineSpec[AnyGame], ...] = (
    EngineSpec("random", "a uniformly random legal move", lambda: generic.random_engine),
    EngineSpec("alphabeta", "alpha-beta with a transposition table to a depth limit",
               lambda: generic.alphabeta_engine, "depth", 4, 1, 64,
               lambda: generic.alphabeta_supports),
    EngineSpec("expectimax", "expectimax to a depth limit: the probability-weighted mean at "
               "chance nodes", lambda: generic.expectimax_engine, "depth", 3, 1, 64,
               lambda: generic.expectimax_supports),
    EngineSpec("maxn", "max^n to a depth limit: each player maximises its own return",
               lambda: generic.maxn_engine, "depth", 3, 1, 64, lambda: generic.maxn_supports),
    EngineSpec("paranoid", "alpha-beta to a depth limit against all other players together",
               lambda: generic.paranoid_engine, "depth", 3, 1, 64,
               lambda: generic.paranoid_supports),
    EngineSpec("mcts", "UCT Monte Carlo tree search", lambda: generic.mcts_engine,
               "simulations", 1000, 1, 10_000_000, lambda: generic.mcts_supports),
    EngineSpec("ismcts", "information-set MCTS: one tree over what the side to move has seen, "
               "played out in sampled determinisations", lambda: generic.ismcts_engine,
               "iterations", 1000, 1, 10_000_000, lambda: generic.ismcts_supports),
    EngineSpec("pimc", "perfect-information Monte Carlo: every move played out in sampled "
               "determinisations, averaged", lambda: generic.pimc_engine, "iterations", 1000, 1,
               10_000_000, lambda: generic.pimc_supports),
)
"""Engines every game may use, each refused by a game its search cannot handle."""

HUMAN = "human"
"""Not an engine: the name front ends accept for a side played by a person."""


def engines_for(entry: AnyEntry, game: AnyGame | None = None
                ) -> list[EngineSpec[Any]]:
    """The engines that play ``entry``'s game (``game``: the variant; default the standard
    one): its own first, then the generic ones its properties allow. The game's own engines
    are checked against a variant only when one is given (a ``perfect`` engine's check looks
    for its tables): listing the games imports no solver."""
    variant: AnyGame = game if game is not None else entry.game()
    own = {e.name for e in entry.engines}
    generic = [e for e in GENERIC if e.name not in own and e.plays(variant)]
    mine = [e for e in entry.engines if game is None or e.plays(game)]
    return [*mine, *generic]


def default_engine_for(entry: AnyEntry, game: AnyGame) -> str:
    """The engine a front end offers first for a variant: the game's default where it plays
    the variant (a ``perfect`` engine whose tables are missing does not), else the first engine
    that does (the game's own first)."""
    spec = entry.engine(entry.default_engine)
    if spec is None or spec.plays(game):
        return entry.default_engine
    return engines_for(entry, game)[0].name


def parse_spec(text: str, entry: AnyEntry) -> tuple[EngineSpec[Any], int | None]:
    """``"alphabeta:3"`` -> (the alphabeta engine, 3); the default level when none is given."""
    name, colon, level = text.strip().partition(":")
    name = name.lower()
    spec = entry.engine(name) or next((e for e in GENERIC if e.name == name), None)
    if spec is None:
        known = ", ".join(e.name for e in engines_for(entry))
        shown = name if len(name) <= 30 else name[:30] + "..."
        raise UnknownNameError(f"no engine {shown!r} for {entry.title} (known: {known})")
    return spec, spec.parse_level(level if colon else None)


def create_engine(text: str, game: AnyGame, *, seed: int | None = None,
                  data: Path | None = None) -> Player:
    """The engine ``text`` (``NAME`` or ``NAME:LEVEL``) playing ``game``; engines that read
    databases or books look under ``data`` (default: the standard location)."""
    spec, level = parse_spec(text, entry_of(game))
    if not spec.plays(game):
        raise GameNotSupportedError(f"engine {spec.name!r} cannot play {game.info.title}")
    return spec.player(game, level, seed, data)
