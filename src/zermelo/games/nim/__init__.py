"""Nim, normal and misère: the test game whose value every search must reproduce."""

from zermelo.games.nim.rules import Nim, NimMove, NimState, nim_value

__all__ = ["Nim", "NimMove", "NimState", "nim_value"]
