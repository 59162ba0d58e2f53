"""The paper's strategies F, E and H (Przybylski and Król, 2018, formulas (3)-(10)).

Each legal play is scored F_q = f_p(i) + f_d(C) and the best is played. f_p(i) = p_i = i, the
square of a turtle after the play (4); f_d = k * c_c (5), where c_c is how many squares the card
moves and k the "robust rate" of the strategy: with own = the card moves the player's turtle,

====  ==============  ===========  ================  ===============
rate  own forward     own back     other forward     other back
====  ==============  ===========  ================  ===============
F     10 c_c          -10 c_c      -c_c              c_c             (6)
E     c_c             -10 c_c      -c_c              10 c_c          (8)
====  ==============  ===========  ================  ===============

H (9)-(10) uses F's rates when its turtle leads (VP_max <= VP_p, VP(x) = 5 p(x) + 4 - u(x) with
u the turtles under x) and E's when it trails. What the paper leaves open is a named setting
(:class:`Settings`); the defaults read the formulas literally.

>>> from zermelo.games.turtles import Turtles, Deal
>>> game = Turtles()
>>> state = game.apply(game.initial_state(), Deal((0, 3), ((0, 0, 2, 15, 17), (5, 6, 9, 12, 18))))
>>> view = game.view(state, 0)
>>> fast(game, ()).score(view, (0, 0)), fast(game, ()).score(view, (15, 1))
(11.0, -1.0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from zermelo.core.errors import OptionError
from zermelo.games.turtles.board import move, victory_points, where
from zermelo.games.turtles.cards import STEPS, TURTLES
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import NONE, Play, View


@dataclass(frozen=True)
class Rates:
    """The robust rate k as multiples of c_c for the four kinds of play."""

    own_forward: int
    own_back: int
    other_forward: int
    other_back: int


FAST = Rates(10, -10, -1, 1)
"""Formula (6)."""
EFFICIENT = Rates(1, -10, -1, 10)
"""Formula (8)."""

CC = ("twice", "once")
"""``twice``: k already holds c_c and (5) multiplies by c_c again, as printed (c_c squared);
``once``: c_c counted once."""
FP = ("own", "moved")
"""Which turtle's square f_p scores: the player's own (as the paper's text reads it) or the one
the card moves."""
VPMAX = ("others", "owned")
"""VP_max over every other turtle (the colours are secret), or over the opponents' turtles
only, which needs the colours: the cheating baseline."""
TIES = ("random", "first")
"""Among equal scores: a uniformly random play, or the first in the game's order."""


@dataclass(frozen=True)
class Settings:
    """The paper's ambiguities, named; the first value of each is the default."""

    cc: str = CC[0]
    fp: str = FP[0]
    vpmax: str = VPMAX[0]
    ties: str = TIES[0]

    @classmethod
    def parse(cls, name: str, args: tuple[str, ...], cheat: bool = False) -> Settings:
        """Settings from ``key=value`` words (``cc=once``, ``ties=first``)."""
        allowed = {"cc": CC, "fp": FP, "ties": TIES}
        if name == "H" and not cheat:
            allowed["vpmax"] = VPMAX
        values = {"vpmax": "owned"} if cheat else {}
        for arg in args:
            key, _, value = arg.partition("=")
            if key not in allowed or value not in allowed[key] or key in values:
                settings = ", ".join(f"{k}={'|'.join(v)}" for k, v in allowed.items())
                raise OptionError(f"agent {name}: parameter {arg[:30]!r}: expected {settings}")
            values[key] = value
        return cls(**values)


@dataclass
class Strategy:
    """One of F, E, H with its settings; it scores every legal play and plays the best."""

    game: Turtles
    name: str
    settings: Settings
    sees_colours: bool = False

    def rates(self, view: View) -> Rates:
        """F's or E's rates; H picks by whether its turtle leads."""
        if self.name == "F":
            return FAST
        if self.name == "E":
            return EFFICIENT
        own = view.colour
        assert own is not None
        if self.settings.vpmax == "owned":
            rivals = [c for p, c in enumerate(view.colours) if p != view.player]
            if None in rivals:
                raise OptionError("vpmax=owned needs a view that shows the colours")
        else:
            rivals = [t for t in range(TURTLES) if t != own]
        best = max(victory_points(view.board, t) for t in rivals if t is not None)
        return FAST if best <= victory_points(view.board, own) else EFFICIENT

    def score(self, view: View, play: Play, rates: Rates | None = None) -> float:
        """F_q = f_p + f_d of ``play`` in ``view``."""
        rates = rates if rates is not None else self.rates(view)
        own = view.colour
        assert own is not None
        card, turtle = play
        if turtle == NONE:  # a discard or a pass moves nothing
            return float(where(view.board, own)[0])
        steps = STEPS[card]
        after = move(view.board, turtle, steps)
        f_p = where(after, own if self.settings.fp == "own" else turtle)[0]
        if turtle == own:
            rate = rates.own_forward if steps > 0 else rates.own_back
        else:
            rate = rates.other_forward if steps > 0 else rates.other_back
        c_c = abs(steps)
        k = rate * c_c
        f_d = k * c_c if self.settings.cc == "twice" else k
        return float(f_p + f_d)

    def choose(self, view: View, rng: random.Random) -> Play:
        """The play of the highest score (ties as the settings say)."""
        plays = self.game.legal_plays(view)
        rates = self.rates(view)
        scores = [self.score(view, p, rates) for p in plays]
        top = max(scores)
        best = [p for p, s in zip(plays, scores, strict=True) if s == top]
        return best[0] if self.settings.ties == "first" else rng.choice(best)


def fast(game: Turtles, args: tuple[str, ...]) -> Strategy:
    """The fast strategy F."""
    return Strategy(game, "F", Settings.parse("F", args))


def efficient(game: Turtles, args: tuple[str, ...]) -> Strategy:
    """The efficient-smart strategy E."""
    return Strategy(game, "E", Settings.parse("E", args))


def hybrid(game: Turtles, args: tuple[str, ...]) -> Strategy:
    """The hybrid strategy H."""
    return Strategy(game, "H", Settings.parse("H", args))


def hybrid_cheat(game: Turtles, args: tuple[str, ...]) -> Strategy:
    """H told the colours: VP_max over the opponents' turtles only."""
    return Strategy(game, "H", Settings.parse("H", args, cheat=True), sees_colours=True)
