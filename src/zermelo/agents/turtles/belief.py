"""Which colour each opponent holds: a Bayesian belief updated from the cards they play.

The prior gives every assignment of the colours the viewer does not hold to the opponents the
same weight (as the deal does). Each play an opponent made multiplies an assignment's weight by
the play's likelihood under a *play model*: the opponent scores its legal plays with a
strategy (the paper's H by default) for the colour the assignment gives it and picks play ``x``
with probability ``(1 - epsilon) * softmax(beta * score)(x) + epsilon / plays``. The viewer does
not know which other cards the opponent held, so the likelihood is averaged over ``hands``
hands made of the played card and four cards drawn from the deck (drawn by a generator seeded
from the play's index, so a belief is a function of the view alone). Discards and passes carry
no information about colours and are skipped.

``posterior(view)`` gives each assignment with its probability; ``marginals`` each opponent's
colour probabilities; ``draw_colours`` samples an assignment for a determinisation.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field

from zermelo.agents.turtles.strategies import Settings, Strategy
from zermelo.games.turtles.board import START, Board, move
from zermelo.games.turtles.cards import STEPS, TURTLES
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import HAND, NONE, Play, Variant, View, legal_plays

CACHE = 100_000
"""Likelihoods kept before the cache starts again."""
Assignment = tuple[int, ...]
"""A colour for every player (the viewer's own included)."""


@dataclass
class Belief:
    """The play model and its cache of per-play likelihoods (keyed by the plays before it,
    so a game's belief is extended play by play)."""

    game: Turtles
    strategy: str = "H"
    beta: float = 0.2
    epsilon: float = 0.1
    hands: int = 6
    _cache: dict[tuple[int, Play, Board], tuple[float, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.model = Strategy(self.game, self.strategy, Settings())
        self.deck = [c for c, k in enumerate(self.game.deck) for _ in range(k)]

    def likelihoods(self, index: int, board: Board, play: Play) -> tuple[float, ...]:
        """P(play | the player owns colour c) for each colour c, for the ``index``-th play
        made on ``board``."""
        key = (index, play, board)
        known = self._cache.get(key)
        if known is not None:
            return known
        rng = random.Random(index)
        variant: Variant = self.game.variant
        totals = [0.0] * TURTLES
        for _ in range(self.hands):
            hand = sorted([play[0], *rng.sample(self.deck, HAND - 1)])
            plays = legal_plays(variant, hand, board)
            if play not in plays:
                plays.append(play)
            for colour in range(TURTLES):
                view = _view_for(board, colour)
                scores = [self.beta * self.model.score(view, p) for p in plays]
                top = max(scores)
                weights = [math.exp(s - top) for s in scores]
                chosen = weights[plays.index(play)] / sum(weights)
                totals[colour] += (1 - self.epsilon) * chosen + self.epsilon / len(plays)
        result = tuple(t / self.hands for t in totals)
        if len(self._cache) >= CACHE:
            self._cache.clear()
        self._cache[key] = result
        return result

    def evidence(self, view: View) -> list[list[float]]:
        """For every player, the log-likelihood of its plays so far under each colour."""
        logs = [[0.0] * TURTLES for _ in view.hand_sizes]
        board = START
        players = len(view.hand_sizes)
        for index, play in enumerate(view.played):
            player = index % players
            card, turtle = play
            if turtle != NONE:
                if player != view.player:
                    for colour, p in enumerate(self.likelihoods(index, board, play)):
                        logs[player][colour] += math.log(p)
                board = move(board, turtle, STEPS[card])
        return logs

    def posterior(self, view: View) -> dict[Assignment, float]:
        """Every assignment of colours to the opponents consistent with the view, with its
        posterior probability."""
        own = view.colour
        assert own is not None
        players = len(view.hand_sizes)
        opponents = [p for p in range(players) if p != view.player]
        logs = self.evidence(view)
        weights: dict[Assignment, float] = {}
        for colours in itertools.permutations([c for c in range(TURTLES) if c != own],
                                              len(opponents)):
            full = [own] * players
            for p, c in zip(opponents, colours, strict=True):
                full[p] = c
            weights[tuple(full)] = sum(logs[p][full[p]] for p in opponents)
        top = max(weights.values())
        total = sum(math.exp(w - top) for w in weights.values())
        return {a: math.exp(w - top) / total for a, w in weights.items()}

    def marginals(self, view: View) -> list[list[float]]:
        """Each player's probability of owning each colour."""
        result = [[0.0] * TURTLES for _ in view.hand_sizes]
        for assignment, p in self.posterior(view).items():
            for player, colour in enumerate(assignment):
                result[player][colour] += p
        return result


def _view_for(board: Board, colour: int) -> View:
    """The least view a strategy needs to score plays for the owner of ``colour``."""
    return View(0, "play", 0, (colour,), (), (), board, 0, (), (), 0)


def draw_colours(posterior: dict[Assignment, float], rng: random.Random) -> Assignment:
    """An assignment drawn with its posterior probability."""
    assignments = list(posterior)
    return rng.choices(assignments, [posterior[a] for a in assignments])[0]
