"""The Great Turtle Race compiled with numba: the one compiled copy of the rules, beside the
readable :mod:`zermelo.games.turtles.rules` (tests replay random games through both).

A *state* is one int64 array of :data:`SIZE` cells: each turtle's square and height in its
stack, the turtles per square, the colours (-1 past the players), each player's hand as counts
per card kind, the draw and discard piles as counts, the phase (:data:`DEALING`,
:data:`PLAYING`, :data:`DRAWING`, :data:`ENDED`), the player to play or to draw, the passes in a
row, the draw pile's size and the number of players. An *observation* has the same layout with
what its player cannot see left out (the other colours -1, the other hands and the draw pile's
counts 0) and every hand's size in :data:`SIZES` (0 in a state). The *rules* array holds the
variant's four open points as 0/1 flags (:data:`FORBID`, :data:`PASSES`, :data:`CONTINUE`,
:data:`NO_RESHUFFLE`), then the deck (:data:`DECK`).

Plays are made by :func:`play` (a card, or a pass) and the draw after them by :func:`draw`
(the card at ``u`` in [0, 1) of the pile, or drawn by numba's generator when ``u`` < 0); a
play's *code* is ``card * 6 + turtle + 1`` (a discard: turtle -1), the pass
:data:`PASS_CODE`. Legal plays come in the rules' order (card kind, then turtle). The
functions ``kernel_*`` are the game's side of the kernel contract
(:class:`zermelo.core.kernels.GameKernels`); :func:`game_kernels` declares them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zermelo.core import kernel_signatures as sig
from zermelo.core.arrays import copy_cells
from zermelo.core.kernels import KERNEL_CHANCE, GameKernels
from zermelo.games.turtles.board import FINISH, SQUARES
from zermelo.games.turtles.cards import KINDS, RAINBOW_PLUS, STEPS, TURTLES, deck_counts
from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import (
    DEAL,
    DRAW,
    HAND,
    NONE,
    OVER,
    PASS,
    PLAY,
    Deal,
    Move,
    TurtleState,
    Variant,
    View,
)

STEP = np.array(STEPS, dtype=np.int64)
MAX_PLAYS = TURTLES * KINDS
"""More legal plays than any hand can have."""
LEGAL_ROOM = 2 * MAX_PLAYS
"""The cells of :func:`kernel_legal`'s ``out``: the codes, and room for the turtles."""
MAX_PLAYERS = TURTLES
SQ, HT, CNT = 0, TURTLES, 2 * TURTLES
COL = CNT + SQUARES
HND = COL + MAX_PLAYERS
PIL = HND + MAX_PLAYERS * KINDS
DIS = PIL + KINDS
SIZES = DIS + KINDS
PHS = SIZES + MAX_PLAYERS
MOV, PAS, TOT, NPL = PHS + 1, PHS + 2, PHS + 3, PHS + 4
SIZE = NPL + 1
"""The cells of a state or observation array."""
DEALING, PLAYING, DRAWING, ENDED = 0, 1, 2, 3
"""The phases, as the rules' ``deal``, ``play``, ``draw`` and ``over``."""
PHASES = {DEAL: DEALING, PLAY: PLAYING, DRAW: DRAWING, OVER: ENDED}
FORBID, PASSES, CONTINUE, NO_RESHUFFLE, DECK = 0, 1, 2, 3, 4
"""The cells of the rules array."""
CODES = KINDS * (TURTLES + 1) + 1
"""Play codes: ``card * 6 + turtle + 1``, the pass last."""
PASS_CODE = CODES - 1


def rules_of(variant: Variant) -> np.ndarray:
    """The variant as the kernels' rules array: the four flags, then the deck."""
    flags = [variant.overshoot == "forbid", variant.stuck == "pass",
             variant.neutral == "continue", variant.reshuffle == "stop"]
    return np.array([*flags, *deck_counts(variant.rainbow)], dtype=np.int64)


@njit(cache=True)
def code_of(card, turtle):  # type: ignore[no-untyped-def]
    """The play's code (see :data:`CODES`)."""
    return PASS_CODE if card < 0 else card * (TURTLES + 1) + turtle + 1


@njit(cache=True)
def legal(sq, ht, hand, rules, cards, turtles):  # type: ignore[no-untyped-def]
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
                ok = not (rules[CONTINUE] == 1 and sq[t] == FINISH) and not (
                    rules[FORBID] == 1 and sq[t] + steps > FINISH)
            if ok:
                cards[n] = card
                turtles[n] = t
                n += 1
    if n == 0:
        if held > 0 and rules[PASSES] == 0:
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
def plays_of(s, player, rules, cards, turtles):  # type: ignore[no-untyped-def]
    """The legal plays of ``player`` in state ``s`` (the rules' order); how many."""
    hand = s[HND + player * KINDS:HND + (player + 1) * KINDS]
    return legal(s[SQ:SQ + TURTLES], s[HT:HT + TURTLES], hand, rules, cards, turtles)


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
def finished(s, rules):  # type: ignore[no-untyped-def]
    """Whether a turtle (an owned one, when neutral turtles do not end the game) is home."""
    for t in range(TURTLES):
        if s[SQ + t] == FINISH:
            if rules[CONTINUE] == 0:
                return True
            for p in range(s[NPL]):
                if s[COL + p] == t:
                    return True
    return False


@njit(cache=True)
def play(s, card, turtle, rules):  # type: ignore[no-untyped-def]
    """The turn step: the mover plays ``card`` on ``turtle`` (a discard: turtle -1; a pass:
    card -1); an emptied draw pile is refilled from the discards if the variant says so.
    The new phase: :data:`ENDED`, :data:`DRAWING` (the mover draws next) or :data:`PLAYING`
    (the next player's turn)."""
    players = s[NPL]
    mover = s[MOV]
    if card < 0:
        s[PAS] += 1
        s[MOV] = (mover + 1) % players
        s[PHS] = ENDED if s[PAS] >= players else PLAYING
        return s[PHS]
    s[PAS] = 0
    s[HND + mover * KINDS + card] -= 1
    if turtle >= 0:
        move(s[SQ:SQ + TURTLES], s[HT:HT + TURTLES], s[CNT:CNT + SQUARES], turtle, STEP[card])
    s[DIS + card] += 1
    if finished(s, rules):
        s[MOV] = (mover + 1) % players
        s[PHS] = ENDED
        return ENDED
    if s[TOT] == 0 and rules[NO_RESHUFFLE] == 0:
        for c in range(KINDS):
            s[PIL + c] += s[DIS + c]
            s[TOT] += s[DIS + c]
            s[DIS + c] = 0
    if s[TOT] > 0:
        s[PHS] = DRAWING
    else:
        s[MOV] = (mover + 1) % players
        s[PHS] = PLAYING
    return s[PHS]


@njit(cache=True)
def take(s, card):  # type: ignore[no-untyped-def]
    """The draw's outcome: the mover takes ``card`` from the draw pile; the next player's
    turn."""
    s[PIL + card] -= 1
    s[TOT] -= 1
    s[HND + s[MOV] * KINDS + card] += 1
    s[MOV] = (s[MOV] + 1) % s[NPL]
    s[PHS] = PLAYING


@njit(cache=True)
def draw(s, u):  # type: ignore[no-untyped-def]
    """At a draw, the card at ``u`` in [0, 1) of the draw pile (``u`` < 0: drawn by the
    generator, each card equally likely) taken by the mover; the card, -1 at no draw."""
    if s[PHS] != DRAWING:
        return -1
    r = np.random.randint(0, s[TOT]) if u < 0 else int(u * s[TOT])
    card = -1
    for c in range(KINDS):
        r -= s[PIL + c]
        if r < 0:
            card = c
            break
    take(s, card)
    return card


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
def start(players, rules):  # type: ignore[no-untyped-def]
    """The state before the deal: every turtle on the start, the whole deck in the pile."""
    s = np.zeros(SIZE, np.int64)
    s[NPL] = players
    s[CNT] = TURTLES
    s[COL:COL + MAX_PLAYERS] = -1
    copy_cells(s, PIL, rules, DECK, KINDS)
    s[TOT] = s[PIL:PIL + KINDS].sum()
    return s


@njit(cache=True)
def deal_into(s, rules):  # type: ignore[no-untyped-def]
    """The deal, in the state before it: a colour each and five cards a player, drawn with
    the generator; player A to play."""
    players = s[NPL]
    colours = np.random.permutation(TURTLES)
    copy_cells(s, COL, colours, 0, players)
    order = shuffled(rules[DECK:DECK + KINDS])
    for p in range(players):
        for j in range(HAND):
            c = order[p * HAND + j]
            s[HND + p * KINDS + c] += 1
            s[PIL + c] -= 1
    s[TOT] -= players * HAND
    s[PHS] = PLAYING


@njit(cache=True)
def deal(players, rules):  # type: ignore[no-untyped-def]
    """A state just after a deal drawn with the generator."""
    s = start(players, rules)
    deal_into(s, rules)
    return s


@njit(cache=True)
def winners(s):  # type: ignore[no-untyped-def]
    """The winning players as a bit mask: the best-ranked owned turtle (several when they share
    the start)."""
    best = -1
    mask = 0
    for p in range(s[NPL]):
        t = s[COL + p]
        key = s[SQ + t] * 8 + (7 - s[HT + t])
        if key > best:
            best, mask = key, 1 << p
        elif key == best:
            mask |= 1 << p
    return mask


@sig.contract(sig.OBSERVE)
def observe(s, player):  # type: ignore[no-untyped-def]
    """What ``player`` sees of state ``s``: the track, the discard pile, every hand's size and
    the draw pile's, the phase, whose turn, the passes; the player's own colour and hand only."""
    o = np.zeros(SIZE, np.int64)
    copy_cells(o, SQ, s, SQ, COL - SQ)
    o[COL:COL + MAX_PLAYERS] = -1
    o[COL + player] = s[COL + player]
    copy_cells(o, HND + player * KINDS, s, HND + player * KINDS, KINDS)
    copy_cells(o, DIS, s, DIS, KINDS)
    for p in range(s[NPL]):
        size = 0
        for c in range(KINDS):
            size += s[HND + p * KINDS + c]
        o[SIZES + p] = size
    copy_cells(o, PHS, s, PHS, SIZE - PHS)
    return o


@njit(cache=True)
def determinise(o, me, rules):  # type: ignore[no-untyped-def]
    """A state drawn from ``me``'s observation ``o`` alone: the other colours uniformly from
    the turtles left, the other hands from the cards ``me`` has not seen, the rest the draw
    pile."""
    s = o.copy()
    if o[PHS] == DEALING:
        return s
    players = o[NPL]
    left = np.empty(TURTLES - 1, np.int64)
    k = 0
    for t in range(TURTLES):
        if t != o[COL + me]:
            left[k] = t
            k += 1
    np.random.shuffle(left)
    k = 0
    unseen = np.empty(KINDS, np.int64)
    total = 0
    for c in range(KINDS):
        unseen[c] = rules[DECK + c] - o[HND + me * KINDS + c] - o[DIS + c]
        total += unseen[c]
    for p in range(players):
        if p == me:
            continue
        s[COL + p] = left[k]
        k += 1
        for _ in range(o[SIZES + p]):
            r = np.random.randint(0, total)
            for c in range(KINDS):
                r -= unseen[c]
                if r < 0:
                    unseen[c] -= 1
                    s[HND + p * KINDS + c] += 1
                    break
            total -= 1
    copy_cells(s, PIL, unseen, 0, KINDS)
    s[SIZES:SIZES + MAX_PLAYERS] = 0
    return s


@njit(cache=True)
def random_game(players, rules, record):  # type: ignore[no-untyped-def]
    """One game of uniformly random legal plays from a deal; the winners' mask. When
    ``record`` has rows, it receives the deal (row 0: colours, rows 1..players: each hand's
    counts per kind) and, per play, the card, the turtle, the card then drawn (-1: none) and
    the number of legal plays; the number of plays recorded is in ``record[0, 6]``."""
    s = deal(players, rules)
    cards = np.empty(MAX_PLAYS, np.int64)
    turtles = np.empty(MAX_PLAYS, np.int64)
    rows = record.shape[0]
    if rows:
        record[0, 6] = 0
        for p in range(players):
            record[0, p] = s[COL + p]
            copy_cells(record[1 + p], 0, s, HND + p * KINDS, KINDS)
    line = players + 1
    while True:
        n = plays_of(s, s[MOV], rules, cards, turtles)
        k = np.random.randint(0, n)
        phase = play(s, cards[k], turtles[k], rules)
        drawn = draw(s, -1.0)
        if line < rows:
            record[line, 0], record[line, 1] = cards[k], turtles[k]
            record[line, 2], record[line, 3] = drawn, n
            line += 1
            record[0, 6] += 1
        if phase == ENDED:
            return winners(s)


@njit(cache=True)
def random_games(games, players, rules, seed):  # type: ignore[no-untyped-def]
    """Play ``games`` random games from ``seed``; the wins of each seat, then the shared ones."""
    np.random.seed(seed)
    wins = np.zeros(players + 1, np.int64)
    none = np.zeros((0, KINDS), np.int64)
    for _ in range(games):
        mask = random_game(players, rules, none)
        for p in range(players):
            if mask == 1 << p:
                wins[p] += 1
        if mask & (mask - 1):
            wins[players] += 1
    return wins


@njit(cache=True)
def recorded_game(players, rules, seed, capacity):  # type: ignore[no-untyped-def]
    """One random game from ``seed`` with its record (see :func:`random_game`), and the
    winners' mask."""
    np.random.seed(seed)
    record = np.full((capacity, KINDS), -1, np.int64)
    mask = random_game(players, rules, record)
    return record, mask


# -- the kernel contract (zermelo.core.kernels) ---------------------------------------------

@sig.contract(sig.LEGAL)
def kernel_legal(s, rules, out):  # type: ignore[no-untyped-def]
    """The codes of the mover's legal plays into ``out``; how many (0 at a chance node or at
    the end). ``out`` has :data:`LEGAL_ROOM` cells: its second half is scratch for the
    plays' turtles, so that nothing is allocated."""
    if s[PHS] != PLAYING:
        return 0
    n = plays_of(s, s[MOV], rules, out[:MAX_PLAYS], out[MAX_PLAYS:2 * MAX_PLAYS])
    for i in range(n):  # the cards in place, the turtles from the second half
        out[i] = code_of(out[i], out[MAX_PLAYS + i])
    return n


@njit(cache=True)
def play_of(code):  # type: ignore[no-untyped-def]
    """The play (card, turtle) of a play code (the inverse of :func:`code_of`)."""
    if code == PASS_CODE:
        return -1, -1
    return code // (TURTLES + 1), code % (TURTLES + 1) - 1


@sig.contract(sig.PLAY)
def kernel_play(s, rules, code):  # type: ignore[no-untyped-def]
    """The play of ``code``, or at a draw the card kind ``code`` drawn."""
    if s[PHS] == DRAWING:
        take(s, code)
    else:
        card, turtle = play_of(code)
        play(s, card, turtle, rules)


@sig.contract(sig.TO_MOVE)
def kernel_to_move(s, rules):  # type: ignore[no-untyped-def]
    """The player to play, :data:`KERNEL_CHANCE` at the deal and at a draw."""
    return s[MOV] if s[PHS] == PLAYING or s[PHS] == ENDED else KERNEL_CHANCE


@sig.contract(sig.RETURNS)
def kernel_returns(s, rules, out):  # type: ignore[no-untyped-def]
    """Whether the game is over; if so every player's return into ``out``: the losers -1/(n-1)
    each, the winners (several when they share the start) what that leaves, shared (so the
    returns sum to 0)."""
    if s[PHS] != ENDED:
        return False
    n = s[NPL]
    mask = winners(s)
    k = 0
    for p in range(n):
        k += (mask >> p) & 1
    for p in range(n):
        out[p] = (n - k) / (k * (n - 1)) if mask >> p & 1 else -1.0 / (n - 1)
    return True


@sig.contract(sig.CHANCE)
def kernel_chance(s, rules):  # type: ignore[no-untyped-def]
    """At a chance node, an outcome drawn with its probability and played: the card drawn,
    or -1 for the deal (which has no code)."""
    if s[PHS] == DEALING:
        deal_into(s, rules)
        return -1
    return draw(s, -1.0)


@sig.contract(sig.DETERMINISE)
def kernel_determinise(o, rules):  # type: ignore[no-untyped-def]
    """:func:`determinise` for the observer written in ``o`` (its one colour not -1)."""
    me = 0
    for p in range(o[NPL]):
        if o[COL + p] >= 0:
            me = p
    return determinise(o, me, rules)


def pack(state: TurtleState) -> np.ndarray:
    """The kernels' array of a state of the rules after the deal (its plays so far are not
    kept)."""
    s = np.zeros(SIZE, np.int64)
    for square, stack in enumerate(state.board):
        s[CNT + square] = len(stack)
        for height, t in enumerate(stack):
            s[SQ + t] = square
            s[HT + t] = 0 if square == 0 else height
    s[COL:COL + MAX_PLAYERS] = -1
    s[COL:COL + len(state.colours)] = state.colours
    for p, hand in enumerate(state.hands):
        for card in hand:
            s[HND + p * KINDS + card] += 1
    s[PIL:PIL + KINDS], s[DIS:DIS + KINDS] = state.pile, state.discard
    s[PHS], s[MOV], s[PAS] = PHASES[state.phase], state.mover, state.passes
    s[TOT], s[NPL] = sum(state.pile), len(state.hands)
    return s


def pack_view(view: View) -> np.ndarray:
    """A player's view as the kernels' observation (:func:`observe` of the state's array)."""
    players = len(view.hand_sizes)
    colours = tuple(-1 if c is None else c for c in view.colours)
    hands = tuple(view.hand if p == view.player else () for p in range(players))
    hidden = TurtleState(view.phase, view.mover, colours, hands, view.board, (0,) * KINDS,
                         view.discard, view.played, view.passes)
    o = pack(hidden)
    o[SIZES:SIZES + players] = view.hand_sizes
    o[TOT] = view.pile_size
    return o


def encode(state: TurtleState, move: Move) -> int | None:
    """The kernels' code of a move: a play's code, a card drawn's kind; None for the deal."""
    if isinstance(move, Deal):
        return None
    if isinstance(move, int):
        return move
    card, turtle = move
    return PASS_CODE if card == NONE else card * (TURTLES + 1) + turtle + 1


def decode(state: TurtleState, code: int) -> Move:
    """The move of a kernel code in ``state`` (see :func:`encode`)."""
    if state.phase == DRAW:
        return code
    if code == PASS_CODE:
        return PASS
    return code // (TURTLES + 1), code % (TURTLES + 1) - 1


def game_kernels(game: Turtles) -> GameKernels[TurtleState, Move]:
    """The Turtle Race's side of the kernel contract for the variant ``game``."""
    players = game.players

    def packer(state: TurtleState) -> np.ndarray:
        if state.phase == DEAL:
            return start(players, rules)  # type: ignore[no-any-return]
        return pack(state)

    rules = rules_of(game.variant)
    return GameKernels(packer, rules, encode, decode, LEGAL_ROOM, kernel_legal, kernel_play,
                       kernel_to_move, kernel_returns, chance=kernel_chance, observe=observe,
                       determinise=kernel_determinise, pack_observation=pack_view,
                       max_code=CODES)
