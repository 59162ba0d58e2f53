"""The Great Turtle Race's players: agents that see only their view, the paper's strategies."""
