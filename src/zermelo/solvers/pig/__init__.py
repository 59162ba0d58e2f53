"""Pig's solver: its states indexed for value iteration, the perfect engine and the analysis."""
