"""The notation of The Great Turtle Race: plays (``R+``, ``*+G``, ``^^B``, ``xR-``, ``pass``),
chance outcomes (a card drawn, ``deal:...``), position text that round-trips, and a view as
text.

Position text: fields separated by ``|``: the phase and the player (``play A``, ``draw B``,
``over A``; ``deal`` alone before the deal), the colours (one letter per player), the hands
(sorted cards separated by commas, one hand per player, ``-`` when empty), the track (each
occupied square as ``SQUARE:TURTLES`` from the bottom of its stack up), the discard pile, the
passes in a row, and every play so far. The draw pile is what the deck holds besides.
"""

from __future__ import annotations

import re

from zermelo.core.errors import InvalidMoveError, InvalidPositionError
from zermelo.games.turtles.board import SQUARES, Board
from zermelo.games.turtles.cards import (
    COLOUR_NAMES,
    COLOURS,
    NAMES,
    RAINBOW_PLUS,
    TURTLES,
    card_colour,
    card_text,
    parse_card,
)
from zermelo.games.turtles.state import (
    DEAL,
    DRAW,
    NONE,
    OVER,
    PASS,
    PLAY,
    PLAYERS,
    Counts,
    Deal,
    Move,
    Play,
    TurtleState,
    View,
    before_deal,
    counts_of,
)

_PLAY = re.compile(r"(X)?([RGBYP*]\+\+|[RGBYP*][+-]|\^\^|\^)([RGBYP])?")


def parse_play(text: str) -> Play:
    """A play written ``R+``, ``*+G``, ``^^B``, ``xR-`` (a discard) or ``pass``; a coloured card
    may name its own turtle (``R+R``)."""
    word = text.strip().upper()
    if word == "PASS":
        return PASS
    match = _PLAY.fullmatch(word)
    card = None if match is None else parse_card(match.group(2))
    if match is None or card is None:
        raise InvalidMoveError(f"{text.strip()[:20]!r} is not a move: a card such as R+, R++, "
                               f"R-, *+G, *-G, ^B, ^^B, a discard such as xR-, or pass")
    named = match.group(3)
    if match.group(1):
        if named:
            raise InvalidMoveError(f"{word}: a discard moves no turtle")
        return (card, NONE)
    turtle = card_colour(card)
    if turtle == NONE:
        if not named:
            raise InvalidMoveError(f"{word}: {card_text(card)} needs the turtle it moves, "
                                   f"e.g. {card_text(card)}G")
        return (card, COLOURS.index(named))
    if named and COLOURS.index(named) != turtle:
        raise InvalidMoveError(f"{word}: {card_text(card)} moves {COLOURS[turtle]} only")
    return (card, turtle)


def play_text(play: Play) -> str:
    """The notation of ``play`` (:func:`parse_play` reads it back)."""
    card, turtle = play
    if card == NONE:
        return "pass"
    if turtle == NONE:
        return "x" + NAMES[card]
    return NAMES[card] + ("" if card < RAINBOW_PLUS else COLOURS[turtle])


def cards_text(cards: tuple[int, ...]) -> str:
    """Sorted card kinds as ``R+,R+,*-``; ``-`` for none."""
    return ",".join(card_text(c) for c in cards) or "-"


def counts_text(counts: tuple[int, ...]) -> str:
    """Card counts as the sorted cards they stand for."""
    return cards_text(tuple(c for c, k in enumerate(counts) for _ in range(k)))


def track_text(board: Board) -> str:
    """The occupied squares as ``0:RGB 3:YP`` (bottom of each stack first)."""
    return " ".join(f"{square}:{''.join(COLOURS[t] for t in stack)}"
                    for square, stack in enumerate(board) if stack)


LABELS = ("start", *(str(s) for s in range(1, 9)), "lettuce")
"""The squares' names under the track."""


def track_picture(board: Board) -> str:
    """The track as lines of text: one column per square, each stack drawn upwards, names
    underneath (the terminal drawing colours it)."""
    widths = [max(len(LABELS[s]), len(board[s]) if s == 0 else 1) for s in range(len(board))]
    height = max([1] + [len(stack) for stack in board[1:]])
    lines = []
    for level in reversed(range(height)):
        cells = []
        for square, stack in enumerate(board):
            if square == 0 and level == 0:
                cell = "".join(COLOURS[t] for t in stack)
            elif square > 0 and level < len(stack):
                cell = COLOURS[stack[level]]
            else:
                cell = ""
            cells.append(" " + cell.ljust(widths[square]))
        lines.append("".join(cells).rstrip())
    lines.append(" " + " ".join(LABELS[s].ljust(widths[s]) for s in range(len(board))).rstrip())
    return "\n".join(lines)


def view_text(view: View) -> str:
    """What one player sees, for a person: the track, their colour and hand, the others' hand
    sizes, the piles and the last plays."""
    me = PLAYERS[view.player]
    lines = [track_picture(view.board)]
    if view.phase == DEAL:
        return "\n".join([*lines, f"{me}: the cards are not dealt yet"])
    colour = view.colour
    assert colour is not None
    others = ", ".join(f"{PLAYERS[p]} {k} cards" for p, k in enumerate(view.hand_sizes)
                       if p != view.player)
    recent = " ".join(play_text(p) for p in view.played[-len(view.hand_sizes):]) or "-"
    lines += [f"{me}: your turtle is {COLOUR_NAMES[colour]} ({COLOURS[colour]}), your hand "
              f"{cards_text(view.hand)}",
              f"{others}; draw pile {view.pile_size}, discard pile {sum(view.discard)}; last "
              f"plays {recent}"]
    return "\n".join(lines)


def move_text(move: Move) -> str:
    """A play, a card drawn, or the deal (``deal:RG:R+,R+,...,^/B-,...``)."""
    if isinstance(move, Deal):
        return (f"deal:{''.join(COLOURS[c] for c in move.colours)}:"
                + "/".join(cards_text(h) for h in move.hands))
    if isinstance(move, int):
        return card_text(move)
    return play_text(move)


def parse_move(state: TurtleState, text: str) -> Move:
    """A move in ``state``'s phase: the deal, a card drawn, or a play (legality unchecked)."""
    word = text.strip()
    if state.phase == DEAL:
        parts = word.split(":")
        if len(parts) != 3 or parts[0].lower() != "deal":
            raise InvalidMoveError(f"{word[:40]!r}: the deal is written "
                                   f"deal:COLOURS:HAND/HAND/..., e.g. deal:RG:R+,R+,R-,*+,^/...")
        try:
            colours = tuple(COLOURS.index(c) for c in parts[1].upper())
            hands = tuple(_cards(h) for h in parts[2].split("/"))
        except (ValueError, InvalidPositionError):
            raise InvalidMoveError(f"{word[:40]!r}: unknown colour or card in the deal") from None
        return Deal(colours, hands)
    if state.phase == DRAW:
        card = parse_card(word)
        if card is None:
            raise InvalidMoveError(f"{word[:20]!r}: a card drawn is written like R+ or ^^")
        return card
    return parse_play(word)


def _cards(text: str) -> tuple[int, ...]:
    if text.strip() == "-":
        return ()
    cards = [parse_card(w) for w in text.split(",")]
    if any(c is None for c in cards):
        raise InvalidPositionError(f"{text[:40]!r}: expected cards like R+,*-,^^")
    return tuple(sorted(c for c in cards if c is not None))


def format_position(state: TurtleState) -> str:
    """The position text of ``state`` (see the module docstring)."""
    if state.phase == DEAL:
        return "deal"
    return " | ".join([
        f"{state.phase} {PLAYERS[state.mover]}",
        "colours " + "".join(COLOURS[c] for c in state.colours),
        "hands " + " ".join(cards_text(h) for h in state.hands),
        "track " + track_text(state.board),
        "discard " + counts_text(state.discard),
        f"passes {state.passes}",
        "played " + (" ".join(play_text(p) for p in state.played) or "-"),
    ])


_FIELDS = ("colours", "hands", "track", "discard", "passes", "played")


def parse_position(text: str, players: int, deck: Counts) -> TurtleState:
    """Read position text of a game of ``players`` with the deck ``deck``;
    :class:`InvalidPositionError` saying what is wrong."""
    fields = [f.strip() for f in text.strip().split("|")]
    if fields == ["deal"]:
        return before_deal(deck)
    n = players
    head = fields[0].split()
    if (len(head) != 2 or head[0] not in (PLAY, DRAW, OVER)
            or head[1] not in PLAYERS[:n]):
        raise InvalidPositionError(f"{fields[0][:30]!r}: expected the phase (play, draw or "
                                   f"over) and the player ({PLAYERS[0]} to {PLAYERS[n - 1]}), "
                                   f"or deal alone")
    values: dict[str, str] = {}
    for field in fields[1:]:
        name, _, value = field.partition(" ")
        if name not in _FIELDS or name in values:
            raise InvalidPositionError(f"{name[:20]!r}: expected the fields "
                                       f"{', '.join(_FIELDS)} once each")
        values[name] = value.strip()
    if len(values) != len(_FIELDS):
        raise InvalidPositionError(f"expected the fields {', '.join(_FIELDS)}")
    colours = _colours(values["colours"], n)
    hands = tuple(_cards(h) for h in values["hands"].split())
    if len(hands) != n or any(len(h) > 5 for h in hands):
        raise InvalidPositionError(f"expected {n} hands of at most 5 cards")
    board = _track(values["track"])
    discard = tuple(counts_of(_cards(values["discard"])))
    held = counts_of([c for h in hands for c in h])
    pile = tuple(d - h - x for d, h, x in zip(deck, held, discard, strict=True))
    if min(pile) < 0:
        raise InvalidPositionError("the hands and the discard pile hold more cards of a kind "
                                   "than the deck")
    passes = values["passes"]
    if not (passes.isascii() and passes.isdigit() and int(passes) < n):
        raise InvalidPositionError(f"passes {passes[:10]!r}: expected 0 to {n - 1}")
    try:
        played = tuple(parse_play(p) for p in values["played"].split() if p != "-")
    except InvalidMoveError as error:
        raise InvalidPositionError(f"played: {error}") from None
    state = TurtleState(head[0], PLAYERS.index(head[1]), colours, hands, board, pile, discard,
                        played, int(passes))
    if (state.phase == DRAW) != (len(hands[state.mover]) < 5 and sum(pile) > 0
                                 and state.phase != OVER and bool(played)):
        raise InvalidPositionError("a player draws exactly when their hand is short, the "
                                   "draw pile has cards and the game goes on")
    return state


def _colours(text: str, n: int) -> tuple[int, ...]:
    word = text.upper()
    if len(word) != n or len(set(word)) != n or any(c not in COLOURS for c in word):
        raise InvalidPositionError(f"colours {text[:10]!r}: expected {n} different letters "
                                   f"of {COLOURS}")
    return tuple(COLOURS.index(c) for c in word)


def _track(text: str) -> Board:
    rows: list[tuple[int, ...]] = [()] * SQUARES
    seen: list[int] = []
    for item in text.split():
        square, _, letters = item.partition(":")
        if not (square.isascii() and square.isdigit() and int(square) < SQUARES and letters
                and all(c in COLOURS for c in letters.upper()) and not rows[int(square)]):
            raise InvalidPositionError(f"track {item[:20]!r}: expected SQUARE:TURTLES with a "
                                       f"square from 0 to {SQUARES - 1}, once each")
        stack = tuple(COLOURS.index(c) for c in letters.upper())
        rows[int(square)] = tuple(sorted(stack)) if square == "0" else stack
        seen += stack
    if sorted(seen) != list(range(TURTLES)):
        raise InvalidPositionError(f"track: each of the turtles {COLOURS} must stand on it once")
    return tuple(rows)
