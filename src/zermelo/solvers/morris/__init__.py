"""The Morris family's solvers, databases, searches, static estimates and engines."""
