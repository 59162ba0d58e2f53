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

:class:`Strategy` is the readable reference, which every setting reaches. The kernels below it
(:func:`rates_of`, :func:`score`, :func:`choose`, over the state arrays of
:mod:`zermelo.games.turtles.kernels`) are the one compiled copy, which the compiled rollouts and
tree searches use: they play the default settings, ties at random. The compiled agents name a
strategy by its letter alone (:data:`POLICIES`), so the other settings are played by the
reference only. Tests check the kernels against the reference on random positions.

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

import numpy as np
from numba import njit

from zermelo.core.errors import OptionError
from zermelo.games.turtles.board import FINISH, move, victory_points, where
from zermelo.games.turtles.cards import STEPS, TURTLES
from zermelo.games.turtles.kernels import HT, SQ, STEP, play_of
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


# -- the compiled copy: the default settings on the kernels' state arrays --------------------

RANDOM, FAST_CODE, EFFICIENT_CODE, HYBRID = 0, 1, 2, 3
POLICIES = {"random": RANDOM, "F": FAST_CODE, "E": EFFICIENT_CODE, "H": HYBRID}
"""The kernels' policies by name: uniformly random plays (the paper's D) or a strategy."""
RATES = np.array([[r.own_forward, r.own_back, r.other_forward, r.other_back]
                  for r in (FAST, EFFICIENT)], dtype=np.int64)
"""F's and E's robust rates (own forward, own back, other forward, other back) as rows."""


@njit(cache=True)
def rates_of(s, own, policy):  # type: ignore[no-untyped-def]
    """:meth:`Strategy.rates` in state ``s`` for the owner of turtle ``own``: a row of
    :data:`RATES` (H takes F's when no other turtle's VP is higher; D is given F's, unused)."""
    if policy == EFFICIENT_CODE:
        return RATES[1]
    if policy == HYBRID:
        mine = 5 * s[SQ + own] + 4 - s[HT + own]
        for t in range(TURTLES):
            if t != own and 5 * s[SQ + t] + 4 - s[HT + t] > mine:
                return RATES[1]
    return RATES[0]


@njit(cache=True)
def score(s, own, policy, rates, card, turtle):  # type: ignore[no-untyped-def]
    """:meth:`Strategy.score`: F_q = f_p + f_d of playing ``card`` on ``turtle`` (a discard
    or a pass: turtle -1) for the owner of ``own``, with ``rates`` from :func:`rates_of`;
    0 for D."""
    if policy == RANDOM:
        return 0.0
    square = s[SQ + own]
    if turtle < 0:
        return float(square)
    steps = STEP[card]
    carried = own == turtle or (square == s[SQ + turtle] and square > 0
                                and s[HT + own] > s[HT + turtle])
    after = min(FINISH, max(0, square + steps)) if carried else square
    c = abs(steps)
    if turtle == own:
        rate = rates[0] if steps > 0 else rates[1]
    else:
        rate = rates[2] if steps > 0 else rates[3]
    return float(after + rate * c * c)


@njit(cache=True)
def choose(s, own, policy, codes, n, epsilon):  # type: ignore[no-untyped-def]
    """:meth:`Strategy.choose` in state ``s``: the index of the play ``policy`` makes for the
    owner of ``own`` among the ``n`` legal play ``codes`` (ties at random), a random one with
    probability ``epsilon``."""
    if policy == RANDOM or n == 1 or np.random.random() < epsilon:
        return np.random.randint(0, n)
    rates = rates_of(s, own, policy)
    best, top, ties = 0, -1e18, 0
    for i in range(n):
        card, turtle = play_of(codes[i])
        value = score(s, own, policy, rates, card, turtle)
        if value > top:
            best, top, ties = i, value, 1
        elif value == top:
            ties += 1
            if np.random.randint(0, ties) == 0:
                best = i
    return best
