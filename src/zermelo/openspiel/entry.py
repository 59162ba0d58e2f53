"""The entry of an OpenSpiel game, ``openspiel:NAME(KEY=VALUE,...)``: built on demand, with
OpenSpiel's drawing, the generic engines and searches, and retrograde analysis."""

from __future__ import annotations

from typing import Any

from zermelo.core.entry import AlgorithmSpec, Drawing, GameEntry, Run
from zermelo.core.errors import OptionError
from zermelo.core.game import Chance, GameInfo, Information, Utility
from zermelo.core.options import Schema
from zermelo.openspiel.adapter import PREFIX, OpenSpielGame, board_text, open_game, status_line


class OpenSpielEntry(GameEntry[OpenSpielGame]):
    """The entry of one OpenSpiel game: no options (parameters go in the name), OpenSpiel's
    drawing, the generic engines and searches."""

    def game(self, given: Any = None) -> OpenSpielGame:
        if given:
            raise OptionError("an OpenSpiel game takes its parameters in its name, as "
                              "openspiel:NAME(KEY=VALUE,...)")
        return super().game()


_ENTRIES: dict[str, OpenSpielEntry] = {}


def _solve() -> Run[OpenSpielGame]:
    from zermelo.openspiel.retrograde import solve
    return solve


def _sequence_form() -> Run[OpenSpielGame]:
    from zermelo.openspiel.sequence_form import solve
    return solve


def entry_for(name: str) -> OpenSpielEntry:
    """The entry of ``openspiel:GAME``, checked by loading the game once."""
    if name not in _ENTRIES:
        game = open_game(name.removeprefix(PREFIX))
        _ENTRIES[name] = OpenSpielEntry(
            name=name, title=game.info.title, options=Schema(),
            create=lambda: lambda values: open_game(name.removeprefix(PREFIX)),
            drawing=lambda: Drawing(board_text, status_line),
            algorithms=(AlgorithmSpec(
                "retrograde", "retrograde analysis of every position reachable from the given "
                "one (cycles too): win, draw or loss and the distance in plies",
                _solve), AlgorithmSpec(
                "sequence-form", "the equilibrium of a two-player zero-sum game from its "
                "start by the sequence-form linear program: the first player's value, exact",
                _sequence_form)),
            default_algorithm="sequence-form" if lp_game(game.info) else "alphabeta-tt")
    return _ENTRIES[name]


def lp_game(info: GameInfo) -> bool:
    """Whether ``zermelo solve`` runs the sequence-form LP by default: a two-player zero-sum
    game of imperfect information with listed chance outcomes."""
    return (info.information is not Information.PERFECT and info.num_players == 2
            and info.utility is Utility.ZERO_SUM and info.chance is not Chance.SAMPLED)
