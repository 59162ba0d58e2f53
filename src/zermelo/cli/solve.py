"""``zermelo solve GAME [POSITION]``: the value, best move and search statistics of a position."""

from __future__ import annotations

import json
import sys
import time
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.table import Table

from zermelo.cli.common import JsonOpt, OptionOpt, console, parse_options, read_position
from zermelo.core.errors import InvalidPositionError, OptionError, UnknownNameError
from zermelo.core.game import Game, M, S
from zermelo.core.value import Kind, Value
from zermelo.games.registry import AnyEntry, AnyGame, get_game
from zermelo.search.algorithms import (
    ALGORITHMS,
    COMPILED,
    ITERATIONS,
    SEED,
    compiled_search,
    get_algorithm,
    plays,
    refuse,
    search,
)
from zermelo.search.base import Budget, BudgetExhausted, SearchResult, budget, outcome_of

AlgorithmOpt = Annotated[str | None, typer.Option(
    "--algorithm", "-a", help=f"One of: {', '.join(ALGORITHMS)}, or one of the game's own exact "
    "algorithms; default: the game's own choice.")]
DepthOpt = Annotated[int | None, typer.Option(
    "--depth", "-d", help="Search this many plies (0 or more); default: to the end.")]
IterationsOpt = Annotated[int | None, typer.Option(
    help="Simulations of the sampling searches (MCTS, ISMCTS, PIMC; 1 to 10,000,000; default "
    "10,000).", min=1, max=10_000_000)]
SeedOpt = Annotated[int | None, typer.Option(
    help="Random seed of the sampling searches (default 0).", min=0, max=2**63 - 1)]
SecondsOpt = Annotated[float | None, typer.Option(
    "--seconds", help="Stop the search after this many seconds (0.01 to 86,400; 0: no limit): "
    "iterative deepening and MCTS give the best move so far, the others stop with a message. "
    "Default for the generic searches: 10 unless --nodes is given.", min=0, max=86_400)]
NodesOpt = Annotated[int | None, typer.Option(
    "--nodes", help="Stop the search after this many nodes (1,000 to 10**12).",
    min=1_000, max=10**12)]


DEFAULT_SECONDS = 10.0
"""The budget of a generic search given neither ``--seconds`` nor ``--nodes``."""
PROGRESS_AFTER = 1.0
"""Seconds before a search shows its progress line."""


class ProgressLine:
    """A line on standard error (a terminal only) saying how far a search got, from its
    first second on, renewed at most twice a second and cleared at the end."""

    def __init__(self, limit: str) -> None:
        self.start = self.shown = time.perf_counter()
        self.limit = limit
        self.active = sys.stderr.isatty()
        self.drawn = False

    def __call__(self, nodes: int) -> None:
        now = time.perf_counter()
        if self.active and now - self.start > PROGRESS_AFTER and now - self.shown > 0.5:
            self.shown, self.drawn = now, True
            sys.stderr.write(f"\rsearching: {nodes:,} nodes, {now - self.start:.0f} s"
                             f"{self.limit}\x1b[K")
            sys.stderr.flush()

    def close(self) -> None:
        """Clear the line."""
        if self.drawn:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def load_position(game: Game[S, M], text: str | None) -> S:
    """The start when ``text`` is None, else the parsed position (``-`` reads stdin)."""
    if text is None:
        return game.initial_state()
    body = read_position(text).strip()
    if not body and text == "-":
        raise InvalidPositionError("nothing on standard input")
    return game.parse_position(body)


def value_word(game: Game[S, M], result: SearchResult[M]) -> str:
    """``win``/``draw``/``loss`` for an exact value at the ends or middle of the range."""
    if not result.exact:
        return "estimate" if result.depth is None else f"depth {result.depth} estimate"
    info = game.info
    if result.value >= info.max_return:
        return "win"
    if result.value <= info.min_return:
        return "loss"
    if result.value == 0:
        return "draw"
    return "exact score"


def outcome_fields(outcome: Value | None) -> dict[str, Any]:
    """The exact value as JSON fields, when known: ``outcome``, and ``win_probability`` (of
    the side to move) for a probability."""
    if outcome is None:
        return {}
    fields: dict[str, Any] = {"outcome": outcome.as_json()}
    if outcome.kind is Kind.PROBABILITY:
        fields["win_probability"] = outcome.amount
    return fields


def default_algorithm(entry: AnyEntry, game: AnyGame) -> str:
    """The entry's default algorithm when it can play ``game``, else the first search that
    can (a game with hidden information, say, is no game for alpha-beta)."""
    name = entry.default_algorithm
    if entry.algorithm(name) is not None or plays(get_algorithm(name), game.info):
        return name
    return next(a.name for a in ALGORITHMS.values() if plays(a, game.info))


def line_text(game: Game[S, M], state: S, moves: tuple[M, ...]) -> list[str]:
    """The moves of a line in the game's notation, each in the position it is played in."""
    out = []
    for move in moves:
        out.append(game.format_move(state, move))
        state = game.apply(state, move)
    return out


def solve(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A registered game (see "
                                             "'zermelo games').")],
    position: Annotated[list[str] | None, typer.Argument(
        help="A position in the game's notation (default: the start), or - for stdin; words "
        "are joined with spaces, so a position needs no quotes.")] = None,
    algorithm: AlgorithmOpt = None,
    depth: DepthOpt = None,
    option: OptionOpt = None,
    iterations: IterationsOpt = None,
    seed: SeedOpt = None,
    seconds: SecondsOpt = None,
    nodes: NodesOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Search a position: value from the side to move's view (1 win, 0 draw, -1 loss, the
    game's own score, or a win probability), best move, principal line and statistics. A
    generic search, and a game's own solver on a variant larger than the standard one, stops
    after 10 s unless told otherwise (--seconds, --nodes)."""
    entry = get_game(game_name)
    chosen = parse_options(option)
    game: AnyGame = entry.game(chosen)
    name = algorithm or default_algorithm(entry, game)
    own = entry.algorithm(name)
    given = [o for o, v in ((ITERATIONS, iterations), (SEED, seed)) if v is not None]
    if own is None:
        try:
            refuse(get_algorithm(name), given)
        except UnknownNameError:
            names = ", ".join([*(a.name for a in entry.algorithms), *ALGORITHMS])
            raise UnknownNameError(f"no algorithm {name[:40]!r} (known: {names})") from None
    elif depth is not None or given:
        raise OptionError(f"{name} takes no {'depth limit' if depth is not None else given[0]}")
    state = load_position(game, " ".join(position) if position else None)
    default = (own is None or beyond_standard(entry, game, chosen)) and seconds is None \
        and nodes is None
    limit = Budget(nodes, DEFAULT_SECONDS if default else seconds or None)
    words = budget_words(limit, default)
    progress = ProgressLine(f" of {words}" if words else "")
    compilable = name in COMPILED and own is None
    kernels = entry.compiled(game) if compilable and depth is None else None
    try:
        with budget(Budget(limit.nodes, limit.seconds, progress=progress)):
            compiled = None if kernels is None else compiled_search(
                name, game, kernels, state,
                iterations=10_000 if iterations is None else iterations,
                seed=0 if seed is None else seed)
            result: SearchResult[Any] = (
                entry.run(own, game, state) if own is not None
                else compiled if compiled is not None
                else search(name, game, state, depth=depth,
                            iterations=10_000 if iterations is None else iterations,
                            seed=0 if seed is None else seed))
    except BudgetExhausted as error:
        hint = ("; give more with --seconds N (0: no limit) or --nodes N" if default
                else "")
        raise BudgetExhausted(f"{error.args[0]} ({words}){hint}") from None
    finally:
        progress.close()
    outcome = outcome_of(game, state, result)
    best = None if result.best_move is None else game.format_move(state, result.best_move)
    pv = line_text(game, state, result.pv)
    if as_json:
        print(json.dumps({
            "game": entry.name,
            "position": game.format_position(state),
            "algorithm": name,
            **({"compiled": compiled is not None} if compilable else {}),
            "depth": depth,
            "value": result.value,
            **outcome_fields(outcome),
            "exact": result.exact,
            "best_move": best,
            "pv": pv,
            "budget": {"seconds": limit.seconds, "nodes": limit.nodes},
            "stats": result.stats.as_dict(),
        }))
        return
    console.print(entry.draw(game, state))
    console.print(entry.status_line(game, state))
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    word = value_word(game, result)
    if outcome is not None and outcome.kind is not Kind.DRAW:
        word = "win probability" if outcome.kind is Kind.PROBABILITY else word
        word += f"; {outcome.words()}"
    value = f"{result.value:g}{fraction(result.value) if result.exact else ''} ({word})"
    table.add_row("value", value)
    table.add_row("best move", best or "-")
    table.add_row("line", " ".join(pv) or "-")
    stats = result.stats
    table.add_row("algorithm", name + ("" if depth is None else f", depth {depth}")
                  + ("" if not compilable else ", compiled" if compiled is not None
                     else ", readable (no kernels it runs on here)"))
    table.add_row("nodes", f"{stats.nodes:,}")
    table.add_row("cut-offs", f"{stats.cutoffs:,}")
    if stats.tt_probes:
        table.add_row("table", f"{stats.tt_size:,} entries, {stats.tt_hits:,} hits in "
                      f"{stats.tt_probes:,} probes, {stats.tt_stores:,} stores")
    if stats.iterations:
        table.add_row("iterations", f"{stats.iterations:,}")
    for key, extra in stats.extra.items():
        table.add_row(key.replace("_", " "), f"{extra:,}")
    table.add_row("max depth", str(stats.max_depth))
    table.add_row("seconds", f"{stats.seconds:.3f}")
    if words:
        spent = ((limit.seconds is not None and stats.seconds >= 0.99 * limit.seconds)
                 or (limit.nodes is not None and stats.nodes >= limit.nodes))
        table.add_row("budget", words + ("; stopped there, the best answer so far" if spent
                                         else ""))
    console.print(table)


def fraction(value: float) -> str:
    """`` = p/q`` for a value within 1e-9 of a fraction whose denominator is 2 to 1,000 (an
    exact value computed in floating point), else nothing."""
    near = Fraction(value).limit_denominator(1_000)
    return f" = {near}" if near.denominator > 1 and abs(near - Fraction(value)) < 1e-9 else ""


def beyond_standard(entry: Any, game: AnyGame, chosen: dict[str, str]) -> bool:
    """Whether ``game`` (its variant options ``chosen``) may be larger than the game's standard
    variant: options given, and a longest game longer than the standard one's (or either
    unknown). A game's own exact solver then runs under the default budget too, as a generic
    search does, instead of silently for minutes."""
    if not chosen:
        return False
    mine, standard = game.info.max_game_length, entry.game({}).info.max_game_length
    return mine is None or standard is None or mine > standard


def budget_words(limit: Budget, default: bool) -> str:
    """The budget in words (empty: none)."""
    parts = ([] if limit.seconds is None else [f"{limit.seconds:g} s"]) + (
        [] if limit.nodes is None else [f"{limit.nodes:,} nodes"])
    if not parts:
        return ""
    return " or ".join(parts) + (" (default; --seconds 0: none)" if default else "")
