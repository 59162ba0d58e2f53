"""Search algorithms and players, written against the game protocol only."""

from zermelo.search.players import Player, RandomPlayer

__all__ = ["Player", "RandomPlayer"]
