"""Random playouts of The Great Turtle Race compiled with numba, beside the readable rules of
:mod:`zermelo.games.turtles.rules` (tests check that the two agree play for play).

The state is flat arrays: each turtle's square and height in its stack, the number of turtles
per square, each player's hand as counts per card kind, the draw and discard piles as counts.
Legal plays are generated in the rules' order (card kind, then turtle), so a playout that picks
the i-th legal play picks the same play as the rules would.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.games.turtles.board import FINISH, SQUARES
from zermelo.games.turtles.cards import KINDS, RAINBOW_PLUS, STEPS, TURTLES
from zermelo.games.turtles.state import HAND, Variant

STEP = np.array(STEPS, dtype=np.int64)
MAX_PLAYS = TURTLES * KINDS
"""More legal plays than any hand can have."""


def flags(variant: Variant) -> np.ndarray:
    """The variant's open points as 0/1 flags: overshoot forbidden, stuck players pass,
    neutral turtles do not end the game, no reshuffle."""
    return np.array([variant.overshoot == "forbid", variant.stuck == "pass",
                     variant.neutral == "continue", variant.reshuffle == "stop"], dtype=np.int64)


@njit(cache=True)
def legal(sq, ht, hand, flag, cards, turtles):  # type: ignore[no-untyped-def]
    """Write the legal plays of ``hand`` into ``cards``/``turtles``; return how many."""
    low = 99
    for t in range(TURTLES):
        low = min(low, sq[t])
    n = 0
    held = 0
    for card in range(KINDS):
        if hand[card] == 0:
            continue
        held += hand[card]
        steps = STEP[card]
        first, last = (card // 3, card // 3 + 1) if card < RAINBOW_PLUS else (0, TURTLES)
        for t in range(first, last):
            if card >= RAINBOW_PLUS + 2 and sq[t] != low:
                continue
            if steps < 0:
                ok = sq[t] > 0
            else:
                ok = not (flag[2] == 1 and sq[t] == FINISH) and not (
                    flag[0] == 1 and sq[t] + steps > FINISH)
            if ok:
                cards[n] = card
                turtles[n] = t
                n += 1
    if n == 0:
        if held > 0 and flag[1] == 0:
            for card in range(KINDS):
                if hand[card] > 0:
                    cards[n] = card
                    turtles[n] = -1
                    n += 1
        else:
            cards[0] = -1
            turtles[0] = -1
            n = 1
    return n


@njit(cache=True)
def move(sq, ht, count, turtle, steps):  # type: ignore[no-untyped-def]
    """Move ``turtle`` and the turtles on top of it ``steps`` squares (stopping at the finish,
    back to the start at most); they land on top of the stack there."""
    start = sq[turtle]
    target = min(FINISH, max(0, start + steps))
    if target == start:
        return
    base = count[target] if target > 0 else 0
    h0 = ht[turtle]
    moved = 0
    for t in range(TURTLES):
        if sq[t] == start and (t == turtle or (start > 0 and ht[t] >= h0)):
            sq[t] = target
            ht[t] = 0 if target == 0 else base + ht[t] - h0
            moved += 1
    count[start] -= moved
    count[target] += moved


@njit(cache=True)
def finished(sq, colours, flag):  # type: ignore[no-untyped-def]
    """Whether a turtle (an owned one, when neutral turtles do not end the game) is home."""
    for t in range(TURTLES):
        if sq[t] == FINISH:
            if flag[2] == 0:
                return True
            for c in colours:
                if c == t:
                    return True
    return False


@njit(cache=True)
def winner(sq, ht, colours):  # type: ignore[no-untyped-def]
    """The player whose turtle ranks highest (square, then lower in the stack), -1 if several
    share the start square."""
    best = -1
    best_key = -1
    ties = 0
    for p in range(colours.shape[0]):
        t = colours[p]
        key = sq[t] * 8 + (7 - ht[t])
        if key > best_key:
            best, best_key, ties = p, key, 1
        elif key == best_key:
            ties += 1
    return best if ties == 1 else -1


@njit(cache=True)
def _draw(pile, total):  # type: ignore[no-untyped-def]
    """A card kind drawn from ``pile`` (``total`` cards), each card equally likely."""
    r = np.random.randint(0, total)
    for card in range(KINDS):
        r -= pile[card]
        if r < 0:
            pile[card] -= 1
            return card
    return -1


@njit(cache=True)
def shuffled(deck):  # type: ignore[no-untyped-def]
    """The cards of ``deck`` (counts per kind) in a random order."""
    total = 0
    for card in range(KINDS):
        total += deck[card]
    order = np.empty(total, np.int64)
    i = 0
    for card in range(KINDS):
        for _ in range(deck[card]):
            order[i] = card
            i += 1
    np.random.shuffle(order)
    return order


@njit(cache=True)
def play_game(players, deck, flag, record):  # type: ignore[no-untyped-def]
    """One game of uniformly random legal plays; returns the winner (-1: shared). When
    ``record`` has rows, it receives the deal (row 0: colours, rows 1..players: hands as card
    kinds) and, per play, the card, the turtle, the card then drawn (-1: none) and the number
    of legal plays; the number of plays recorded is in ``record[0, 6]``."""
    sq = np.zeros(TURTLES, np.int64)
    ht = np.zeros(TURTLES, np.int64)
    count = np.zeros(SQUARES, np.int64)
    count[0] = TURTLES
    colours = np.random.permutation(TURTLES)[:players]
    cards = np.empty(MAX_PLAYS, np.int64)
    turtles = np.empty(MAX_PLAYS, np.int64)
    order = shuffled(deck)
    total = order.shape[0]
    hands = np.zeros((players, KINDS), np.int64)
    pile = deck.copy()
    discard = np.zeros(KINDS, np.int64)
    rows = record.shape[0]
    for p in range(players):
        for j in range(HAND):
            card = order[p * HAND + j]
            hands[p, card] += 1
            pile[card] -= 1
            if rows:
                record[1 + p, j] = card
        if rows:
            record[0, p] = colours[p]
    total -= players * HAND
    mover = 0
    passes = 0
    plays = 0
    line = players + 1
    while True:
        n = legal(sq, ht, hands[mover], flag, cards, turtles)
        k = np.random.randint(0, n)
        card, turtle = cards[k], turtles[k]
        drawn = -1
        over = False
        if card < 0:
            passes += 1
            over = passes >= players
        else:
            passes = 0
            hands[mover, card] -= 1
            if turtle >= 0:
                move(sq, ht, count, turtle, STEP[card])
            discard[card] += 1
            over = finished(sq, colours, flag)
            if not over:
                if total == 0 and flag[3] == 0:
                    for c in range(KINDS):
                        pile[c] = discard[c]
                        total += discard[c]
                        discard[c] = 0
                if total > 0:
                    drawn = _draw(pile, total)
                    total -= 1
                    hands[mover, drawn] += 1
        if rows and line < rows:
            record[line, 0] = card
            record[line, 1] = turtle
            record[line, 2] = drawn
            record[line, 3] = n
            line += 1
            plays += 1
            record[0, 6] = plays
        if over:
            return winner(sq, ht, colours)
        mover = (mover + 1) % players


@njit(cache=True)
def random_games(games, players, deck, flag, seed):  # type: ignore[no-untyped-def]
    """Play ``games`` random games from ``seed``; the wins of each seat, then the shared ones."""
    np.random.seed(seed)
    wins = np.zeros(players + 1, np.int64)
    none = np.zeros((0, 7), np.int64)
    for _ in range(games):
        w = play_game(players, deck, flag, none)
        wins[w if w >= 0 else players] += 1
    return wins


@njit(cache=True)
def recorded_game(players, deck, flag, seed, capacity):  # type: ignore[no-untyped-def]
    """One random game from ``seed`` with its record (see :func:`play_game`), and the winner."""
    np.random.seed(seed)
    record = np.full((capacity, 7), -1, np.int64)
    record[0, 6] = 0
    w = play_game(players, deck, flag, record)
    return record, w
