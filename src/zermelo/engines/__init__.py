"""Engines: players chosen by name and level (``random``, ``alphabeta:4``, ``perfect`` ...).

An engine is a player ``engine(game, state) -> move`` (:mod:`zermelo.search.players`); this
package builds one from its name for a given game, combining the search algorithms and the
databases.
"""

from zermelo.engines.registry import ENGINES, EngineInfo, create_engine, parse_spec

__all__ = ["ENGINES", "EngineInfo", "create_engine", "parse_spec"]
