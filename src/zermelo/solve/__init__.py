"""Solvers and databases: game-independent machinery for layered, resumable strong solutions."""
