"""Engines: players chosen by name and level (``random``, ``alphabeta:4``, ``perfect`` ...).

An engine is a player ``engine(game, state) -> move`` (:mod:`zermelo.search.players`); this
package builds one from its name for a given game: the generic searches, or the game's own
engines declared in its entry.
"""

from zermelo.engines.registry import (
    GENERIC,
    HUMAN,
    create_engine,
    default_engine_for,
    engines_for,
    parse_spec,
)

__all__ = ["GENERIC", "HUMAN", "create_engine", "default_engine_for", "engines_for",
           "parse_spec"]
