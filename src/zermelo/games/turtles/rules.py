"""The rules of The Great Turtle Race (Reiner Knizia, 2004; as analysed by Przybylski and Król,
"Mastering Strategies in a Board Game of Imperfect Information for Different Search
Techniques", 2018): 2 to 5 players each secretly own one of five turtles; they play cards from
hands of five to move the turtles along a track of ten squares, and the owner of the best-placed
turtle wins when a turtle reaches the lettuce.

A state holds the phase (the deal, a player to play, a player to draw, over), the secret
colours, the hands, the track, the draw pile and discard pile as counts per card kind, the
plays so far, and the passes in a row. The deal and each draw are chance nodes whose outcomes
are sampled (:meth:`Turtles.sample_chance`): the draw pile is a multiset, so it has no order to
hide. Each player sees a :class:`~zermelo.games.turtles.state.View`: their colour and hand, the
track, the sizes of the hands and piles, the discard pile and every play.

The open points of the rules are options of :class:`~zermelo.games.turtles.state.Variant`.

>>> game = Turtles(Variant(players=2))
>>> deal = Deal((0, 3), ((0, 0, 2, 15, 17), (5, 6, 9, 12, 18)))
>>> state = game.apply(game.initial_state(), deal)
>>> for field in game.format_position(state).split(" | "):
...     print(field)
play A
colours RY
hands R+,R+,R-,*+,^ G-,B+,Y+,P+,^^
track 0:RGBYP
discard -
passes 0
played -
>>> [game.format_move(state, m) for m in game.legal_moves(state)][:4]
['R+', '*+R', '*+G', '*+B']
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import replace

from zermelo.core.errors import GameNotSupportedError, IllegalMoveError
from zermelo.core.game import CHANCE, Chance, Game, GameInfo, Information, Mover
from zermelo.games.turtles import notation
from zermelo.games.turtles.board import FINISH, START, Board, move, ranking
from zermelo.games.turtles.cards import KINDS, STEPS, TURTLES, deck_counts
from zermelo.games.turtles.state import (
    DEAL,
    DRAW,
    HAND,
    NONE,
    OVER,
    PLAY,
    PLAYERS,
    Deal,
    Move,
    Play,
    TurtleState,
    Variant,
    View,
    before_deal,
    counts_of,
    legal_plays,
)


class Turtles(Game[TurtleState, Move]):
    """The Great Turtle Race for ``variant.players`` players."""

    def __init__(self, variant: Variant | None = None) -> None:
        self.variant = variant if variant is not None else Variant()
        self.deck = deck_counts(self.variant.rainbow)
        self.info = GameInfo(
            name="turtles",
            title="The Great Turtle Race",
            players=tuple(PLAYERS[: self.variant.players]),
            chance=Chance.SAMPLED,
            information=Information.IMPERFECT,
            max_game_length=None,
        )

    def __repr__(self) -> str:
        return f"Turtles({self.variant})"

    @property
    def players(self) -> int:
        """How many players take part."""
        return self.variant.players

    # -- rules ---------------------------------------------------------------------------

    def initial_state(self) -> TurtleState:
        return before_deal(self.deck)

    def to_move(self, state: TurtleState) -> Mover:
        return CHANCE if state.phase in (DEAL, DRAW) else state.mover

    def is_terminal(self, state: TurtleState) -> bool:
        return state.phase == OVER

    def legal_moves(self, state: TurtleState) -> list[Move]:
        if state.phase in (DEAL, DRAW):
            raise GameNotSupportedError("the deal and the draws are sampled, not listed")
        if state.phase == OVER:
            return []
        return list(legal_plays(self.variant, state.hands[state.mover], state.board))

    def is_legal(self, state: TurtleState, move: Move) -> bool:
        if state.phase == DEAL:
            return isinstance(move, Deal) and self._deal_problem(move) is None
        if state.phase == DRAW:
            return isinstance(move, int) and 0 <= move < KINDS and state.pile[move] > 0
        if state.phase == OVER or not isinstance(move, tuple):
            return False
        return move in legal_plays(self.variant, state.hands[state.mover], state.board)

    def _deal_problem(self, deal: Deal) -> str | None:
        """What is wrong with ``deal`` for this variant, or None."""
        n = self.players
        if (len(deal.colours) != n or len(set(deal.colours)) != n
                or not all(0 <= c < TURTLES for c in deal.colours)):
            return f"{n} different colours are needed"
        if len(deal.hands) != n or any(len(h) != HAND or tuple(sorted(h)) != h
                                       for h in deal.hands):
            return f"{n} sorted hands of {HAND} cards are needed"
        held = counts_of([c for hand in deal.hands for c in hand if 0 <= c < KINDS])
        if sum(held) != n * HAND or any(h > d for h, d in zip(held, self.deck, strict=True)):
            return "the hands hold more cards of a kind than the deck"
        return None

    def sample_chance(self, state: TurtleState, rng: random.Random) -> Move:
        if state.phase == DEAL:
            colours = tuple(rng.sample(range(TURTLES), self.players))
            cards = [c for c, k in enumerate(self.deck) for _ in range(k)]
            rng.shuffle(cards)
            hands = tuple(tuple(sorted(cards[i * HAND:(i + 1) * HAND]))
                          for i in range(self.players))
            return Deal(colours, hands)
        if state.phase == DRAW:
            return rng.choices(range(KINDS), state.pile)[0]
        raise GameNotSupportedError("not a chance node")

    def apply(self, state: TurtleState, move: Move) -> TurtleState:
        if isinstance(move, Deal):
            held = counts_of([c for hand in move.hands for c in hand])
            pile = tuple(d - h for d, h in zip(self.deck, held, strict=True))
            return replace(state, phase=PLAY, colours=move.colours, hands=move.hands, pile=pile)
        if isinstance(move, int):
            hands = list(state.hands)
            hands[state.mover] = tuple(sorted((*hands[state.mover], move)))
            left = list(state.pile)
            left[move] -= 1
            return replace(state, phase=PLAY, mover=(state.mover + 1) % self.players,
                           hands=tuple(hands), pile=tuple(left))
        return self._play(state, move)

    def _play(self, state: TurtleState, play: Play) -> TurtleState:
        card, turtle = play
        nxt = (state.mover + 1) % self.players
        played = (*state.played, play)
        if card == NONE:
            passes = state.passes + 1
            return replace(state, phase=OVER if passes >= self.players else PLAY, mover=nxt,
                           played=played, passes=passes)
        hands = list(state.hands)
        hand = list(hands[state.mover])
        hand.remove(card)
        hands[state.mover] = tuple(hand)
        board = state.board if turtle == NONE else move(state.board, turtle, STEPS[card])
        counts = list(state.discard)
        counts[card] += 1
        pile, discard = state.pile, tuple(counts)
        if self._finished(state.colours, board):
            return TurtleState(OVER, nxt, state.colours, tuple(hands), board, pile, discard,
                               played)
        if not any(pile) and self.variant.reshuffle == "shuffle":
            pile, discard = discard, (0,) * KINDS
        if any(pile):
            return TurtleState(DRAW, state.mover, state.colours, tuple(hands), board, pile,
                               discard, played)
        return TurtleState(PLAY, nxt, state.colours, tuple(hands), board, pile,
                           discard, played)

    def _finished(self, colours: Sequence[int], board: Board) -> bool:
        """Whether a turtle (an owned one, if neutral turtles do not count) is on the lettuce."""
        if self.variant.neutral == "rank":
            return bool(board[FINISH])
        return any(t in colours for t in board[FINISH])

    def returns(self, state: TurtleState) -> tuple[float, ...]:
        n = self.players
        if state.phase != OVER:
            return (0.0,) * n
        winners = self.winners(state)
        share = (n - len(winners)) / (len(winners) * (n - 1))
        return tuple(share if p in winners else -1 / (n - 1) for p in range(n))

    def winners(self, state: TurtleState) -> list[int]:
        """The players whose turtles rank highest of the owned ones (several only when they
        share the start square)."""
        for place in ranking(state.board):
            owners = [p for p, c in enumerate(state.colours) if c in place]
            if owners:
                return owners
        return list(range(self.players))

    # -- hidden information --------------------------------------------------------------

    def view(self, state: TurtleState, player: int, cheat: bool = False) -> View:
        """What ``player`` sees of ``state``; with ``cheat``, every player's colour too (for
        a baseline that is told the colours, never for a fair player)."""
        self.check_player(player)
        colours: tuple[int | None, ...] = tuple(
            c if cheat or p == player else None for p, c in enumerate(state.colours))
        return View(player, state.phase, state.mover, colours,
                    state.hands[player] if state.hands else (),
                    tuple(len(h) for h in state.hands), state.board, sum(state.pile),
                    state.discard, state.played, state.passes)

    def observation(self, state: TurtleState, player: int) -> View:
        return self.view(state, player)

    def observation_text(self, state: TurtleState, player: int) -> str:
        return notation.view_text(self.view(state, player))

    def determinise(self, view: View, rng: random.Random) -> TurtleState:
        """A full state the viewer cannot tell from the true one, drawn from the view alone:
        the other colours and the other hands uniformly from what the viewer has not seen
        (what forced discards and passes tell about the hands they came from is not used)."""
        if view.phase == DEAL:
            return self.initial_state()
        own = view.colour
        assert own is not None
        others = rng.sample([c for c in range(TURTLES) if c != own], self.players - 1)
        colours = tuple(own if p == view.player else others.pop() for p in range(self.players))
        unseen = [c for c, k in enumerate(self.deck) for _ in range(k)]
        for card in view.hand:
            unseen.remove(card)
        for card, count in enumerate(view.discard):
            for _ in range(count):
                unseen.remove(card)
        rng.shuffle(unseen)
        hands = []
        for p, size in enumerate(view.hand_sizes):
            if p == view.player:
                hands.append(view.hand)
            else:
                hands.append(tuple(sorted(unseen[:size])))
                del unseen[:size]
        return TurtleState(view.phase, view.mover, colours, tuple(hands), view.board,
                           tuple(counts_of(unseen)), view.discard, view.played, view.passes)

    def resample(self, state: TurtleState, player: int, rng: random.Random) -> TurtleState:
        return self.determinise(self.view(state, player), rng)

    def hidden_parts(self, state: TurtleState, player: int) -> tuple[Hashable, ...]:
        """Each opponent's colour, each opponent's hand (a sorted multiset of card kinds) and
        the draw pile's counts: what ``player`` cannot see, part by part."""
        self.check_player(player)
        others = [p for p in range(len(state.colours)) if p != player]
        return (*(state.colours[p] for p in others),
                *(tuple(sorted(state.hands[p])) for p in others), state.pile)

    def legal_plays(self, view: View) -> list[Play]:
        """The viewer's legal plays when it is their turn to play (else none)."""
        if view.phase != PLAY or view.mover != view.player:
            return []
        return legal_plays(self.variant, view.hand, view.board)

    # -- notation ------------------------------------------------------------------------

    def parse_position(self, text: str) -> TurtleState:
        return notation.parse_position(text, self.players, self.deck)

    def format_position(self, state: TurtleState) -> str:
        return notation.format_position(state)

    def parse_move(self, state: TurtleState, text: str) -> Move:
        move = notation.parse_move(state, text)
        if not self.is_legal(state, move):
            raise IllegalMoveError(f"{text.strip()[:40]} is not legal here")
        return move

    def format_move(self, state: TurtleState, move: Move) -> str:
        return notation.move_text(move)

    def move_seen_by(self, state: TurtleState, move: Move, player: int) -> str | None:
        """Every play is public: the card is laid face up and the turtle it moves is seen."""
        self.check_player(player)
        return self.format_move(state, move)


__all__ = ["START", "Board", "Deal", "Move", "Play", "TurtleState", "Turtles", "Variant", "View"]
