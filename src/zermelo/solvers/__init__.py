"""Solvers, databases, books and engines of one game each, beside (not inside) its rules."""
