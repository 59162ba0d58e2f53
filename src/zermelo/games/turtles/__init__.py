"""The Great Turtle Race: 2 to 5 players, secret turtles, hands of cards, stacks on a track."""

from zermelo.games.turtles.rules import Turtles
from zermelo.games.turtles.state import Deal, TurtleState, Variant, View

__all__ = ["Deal", "TurtleState", "Turtles", "Variant", "View"]
