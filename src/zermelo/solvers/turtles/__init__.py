"""The Great Turtle Race solved exactly on a small race (:mod:`.exact`); its players sit in
:mod:`zermelo.agents.turtles`."""
