"""Every zermelo game as a Python OpenSpiel game: ``register_all()`` registers each game of the
registry as ``zermelo_<name>`` with its variant options as game parameters, so that
``pyspiel.load_game("zermelo_turtles(players=3)")`` builds that variant and OpenSpiel's own
tests, bots and solvers run on it.

The game type and info come from the game's ``GameInfo`` and entry; actions are numbered by
:mod:`zermelo.openspiel.actions` and written in the game's notation; chance nodes list their
outcomes (a sampled deal is dealt card by card); a player's observation string is the game's
``observation_text``, and the information-state string the sequence of that player's
observations after each move of the history (perfect recall), or the moves so far when
nothing is hidden.

>>> game = load("zermelo_nim(piles=1 2)")
>>> state = game.new_initial_state()
>>> [state.action_to_string(a) for a in state.legal_actions()]
['1:1', '2:1', '2:2']
"""

from __future__ import annotations

from typing import Any

from zermelo.core.entry import AnyEntry, AnyGame
from zermelo.core.errors import GameNotSupportedError
from zermelo.core.game import CHANCE, Chance, GameInfo, Information, Utility
from zermelo.core.options import Flag, Integer
from zermelo.games.registry import GAMES
from zermelo.openspiel import require
from zermelo.openspiel.actions import Codec, codec_for
from zermelo.openspiel.adapter import load_native

pyspiel = require()

PREFIX = "zermelo_"
"""OpenSpiel's name of a zermelo game is this and the game's name."""
NOMINAL_LENGTH = 100_000
"""The game length OpenSpiel is told for a game that can go on for ever (Pig, the Turtle Race
with reshuffles): it asks for a number."""
DEAL_STEPS = 30
"""The most chance steps of a deal dealt card by card (five colours, five hands of five)
beyond one a zermelo move: a game of chance is at most twice as long and this."""
_GameBase: Any = pyspiel.Game
_StateBase: Any = pyspiel.State
_UTILITY = {Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
            Utility.CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
            Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM}


def short_name(entry: AnyEntry) -> str:
    """OpenSpiel's name of the game (``zermelo_musketeers``; ``-`` becomes ``_``)."""
    return PREFIX + entry.name.replace("-", "_")


_NUMERIC = frozenset("+-0123456789")
"""The characters of a value OpenSpiel reads as a whole number (and refuses when it is
none, as ``5+2-``): such text values are written in single quotes."""


def quoted(text: str) -> str:
    """``text`` as an OpenSpiel string value that ``str(game)`` writes and
    ``pyspiel.load_game`` reads back: in single quotes when OpenSpiel would otherwise take
    it for a number (``'5+2-'``, ``'7'``), as it is otherwise."""
    return f"'{text}'" if text and set(text) <= _NUMERIC else text


def unquoted(text: str) -> str:
    """``text`` without the single quotes :func:`quoted` puts around it."""
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == "'" else text


def parameters(entry: AnyEntry) -> dict[str, Any]:
    """Each option's default as an OpenSpiel parameter: whole numbers as ints, flags as
    bools, the others as their option text with spaces for commas (OpenSpiel separates
    parameters by commas: ``zermelo_nim(piles=1 3 5 7)``), quoted where OpenSpiel would read
    it as a number (``zermelo_turtles(rainbow='5+2-')``)."""
    out: dict[str, Any] = {}
    for option in entry.options:
        if isinstance(option, Integer | Flag):
            out[option.name] = option.default
        else:
            out[option.name] = quoted(option.format(option.default).replace(",", " "))
    return out


def option_texts(entry: AnyEntry, params: dict[str, Any]) -> dict[str, str]:
    """OpenSpiel parameters back as option texts (lists with commas again, quotes
    removed), which the schema range-checks."""
    flags = {o.name for o in entry.options if isinstance(o, Flag)}
    return {k: ("yes" if v else "no") if k in flags else ",".join(unquoted(str(v)).split())
            for k, v in params.items()}


def game_type(entry: AnyEntry) -> Any:
    """The OpenSpiel game type of ``entry``'s game, from its default variant's ``GameInfo``."""
    info: GameInfo = entry.game().info
    players = next((o for o in entry.options if o.name == "players" and isinstance(o, Integer)),
                   None)
    low, high = (players.low, players.high) if players else (info.num_players,) * 2
    return kind_of(short_name(entry), entry.title, info, (low, high), parameters(entry))


def kind_of(name: str, title: str, info: GameInfo, players: tuple[int, int],
            params: dict[str, Any]) -> Any:
    """The OpenSpiel game type of a game called ``name`` whose variants have ``info``."""
    imperfect = info.information is Information.IMPERFECT
    return pyspiel.GameType(
        short_name=name,
        long_name=f"zermelo {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.DETERMINISTIC
                     if info.chance is Chance.DETERMINISTIC
                     else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if imperfect
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=_UTILITY[info.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=params,
    )


class ZermeloGame(_GameBase):  # type: ignore[misc]
    """One variant of a zermelo game, as OpenSpiel sees it."""

    def __init__(self, game: AnyGame, kind: Any, params: dict[str, Any]) -> None:
        self.zgame = game
        self.codec: Codec = codec_for(game)
        info = game.info
        length = info.max_game_length or NOMINAL_LENGTH
        if self.codec.chance is not None:
            length = 2 * length + DEAL_STEPS
        super().__init__(kind, pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=self.codec.max_chance,
            num_players=info.num_players,
            min_utility=info.min_return,
            max_utility=info.max_return,
            utility_sum=0.0 if info.utility is Utility.ZERO_SUM else None,
            max_game_length=length), params)

    def new_initial_state(self) -> ZermeloState:
        """The start of the variant."""
        return ZermeloState(self, self.zgame.initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer of OpenSpiel's observation and information-state strings."""
        return Observer(iig_obs_type is not None and iig_obs_type.perfect_recall)


class ZermeloState(_StateBase):  # type: ignore[misc]
    """A zermelo state, the chance steps taken towards its next outcome, and the states of the
    history (the information-state strings read them)."""

    def __init__(self, game: ZermeloGame, state: Any) -> None:
        super().__init__(game)
        self.now = Frame(state, (), (state,))

    @property
    def zgame(self) -> AnyGame:
        """The zermelo game."""
        zgame: AnyGame = self.get_game().zgame
        return zgame

    @property
    def state(self) -> Any:
        """The zermelo state."""
        return self.now.state

    def current_player(self) -> int:
        game = self.zgame
        if game.is_terminal(self.now.state):
            return int(pyspiel.PlayerId.TERMINAL)
        player = game.to_move(self.now.state)
        return int(pyspiel.PlayerId.CHANCE) if player is CHANCE else int(player)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.now.moves(self.get_game()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        chance = self.get_game().codec.chance
        if chance is None:
            raise GameNotSupportedError("a deterministic game has no chance nodes")
        return sorted(chance.outcomes(self.now.state, self.now.prefix))

    def _apply_action(self, action: int) -> None:
        owner = self.get_game()
        game, chance, now = owner.zgame, owner.codec.chance, self.now
        if game.to_move(now.state) is CHANCE:
            assert chance is not None
            prefix = (*now.prefix, action)
            outcome = chance.outcome(now.state, prefix)
            if outcome is None:
                self.now = Frame(now.state, prefix, now.trail)
                return
            after = game.apply(now.state, outcome)
        else:
            after = game.apply(now.state, now.moves(owner)[action])
        self.now = Frame(after, (), (*now.trail, after))

    def _action_to_string(self, player: int, action: int) -> str:
        owner: ZermeloGame = self.get_game()
        chance, now = owner.codec.chance, self.now
        if player == pyspiel.PlayerId.CHANCE and chance is not None:
            return chance.text(now.state, now.prefix, action)
        game = owner.zgame
        move = None if game.is_terminal(now.state) else now.moves(owner).get(action)
        return f"action {action}" if move is None else str(game.format_move(now.state, move))

    def is_terminal(self) -> bool:
        return bool(self.zgame.is_terminal(self.now.state))

    def returns(self) -> list[float]:
        return [float(r) for r in self.zgame.returns(self.now.state)]

    def __str__(self) -> str:
        text: str = self.zgame.format_position(self.now.state)
        return text + (f" (chance steps {self.now.prefix})" if self.now.prefix else "")


class Frame:
    """What a state holds, immutable, so that OpenSpiel's clone (a deep copy) shares it: the
    zermelo state, the chance steps taken, the states of the history, the legal moves."""

    def __init__(self, state: Any, prefix: tuple[int, ...], trail: tuple[Any, ...]) -> None:
        self.state = state
        self.prefix = prefix
        self.trail = trail
        self._moves: dict[int, Any] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Frame:
        return self

    def moves(self, owner: ZermeloGame) -> dict[int, Any]:
        """The legal moves by action number."""
        if self._moves is None:
            encode = owner.codec.encode
            self._moves = {encode(m): m for m in owner.zgame.legal_moves(self.state)}
        return self._moves


class Observer:
    """OpenSpiel's observer of a zermelo game: strings only (no tensors)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: ZermeloState, player: int) -> None:
        """Nothing to fill: the observation is a string."""

    def string_from(self, state: ZermeloState, player: int) -> str:
        """``player``'s observation, or with perfect recall their information state."""
        game = state.zgame
        if not self.perfect_recall:
            return str(game.observation_text(state.state, player))
        if game.info.information is Information.PERFECT:
            return " ".join(str(a) for a in state.history())
        return "\n/\n".join(str(game.observation_text(past, player))
                              for past in state.now.trail)


def game_class(entry: AnyEntry) -> type[ZermeloGame]:
    """A subclass of :class:`ZermeloGame` for ``entry`` that OpenSpiel builds from parameters
    alone (a class, not a closure: OpenSpiel's registry keeps it past the interpreter's end,
    and a class is never freed then)."""

    def __init__(self: ZermeloGame, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        ZermeloGame.__init__(self, entry.game(option_texts(entry, given)), game_type(entry),
                             {**parameters(entry), **given})

    return type(f"{short_name(entry)}_game", (ZermeloGame,), {"__init__": __init__})


def register(entry: AnyEntry) -> None:
    """Register ``entry``'s game with OpenSpiel (once)."""
    if short_name(entry) not in pyspiel.registered_names():
        pyspiel.register_game(game_type(entry), game_class(entry))


def register_all() -> list[str]:
    """Register every zermelo game with OpenSpiel, and have ``pyspiel.load_game`` read a text
    parameter typed as a number as text (:func:`load_game`); their OpenSpiel names."""
    for entry in GAMES.values():
        register(entry)
    setattr(pyspiel, "load_game", load_game)  # noqa: B010 (a module typed as ModuleType)
    return [short_name(e) for e in GAMES.values()]


_NATIVE_LOAD = pyspiel.load_game
"""OpenSpiel's own ``load_game``."""


def load_game(game: Any, *rest: Any) -> Any:
    """``pyspiel.load_game`` with a zermelo game's text parameters typed as numbers taken as
    text: OpenSpiel reads ``zermelo_nim(piles=7)`` as an int where the parameter is declared a
    string (a list of numbers), and refuses the type; given as a string or as a dict of
    parameters, the value is text again. Other games and calls go to OpenSpiel unchanged."""
    if isinstance(game, str) and not rest:
        return _NATIVE_LOAD(spelled(game))
    entry = next((e for e in GAMES.values() if short_name(e) == game), None)
    if entry is None or len(rest) != 1 or not isinstance(rest[0], dict):
        return _NATIVE_LOAD(game, *rest)
    texts = {o.name for o in entry.options if not isinstance(o, Integer | Flag)}
    return _NATIVE_LOAD(game, {k: quoted(str(v)) if k in texts and isinstance(v, int)
                               else v for k, v in rest[0].items()})


def as_openspiel(game: AnyGame) -> ZermeloGame:
    """Any zermelo game with an action numbering, registered or not (the reduced turtle
    race), as an OpenSpiel game without parameters."""
    n = game.info.num_players
    return ZermeloGame(game, kind_of(PREFIX + game.info.name.replace("-", "_"),
                                     game.info.title, game.info, (n, n), {}), {})


def spelled(text: str) -> str:
    """``text`` with the values of a zermelo game's text options that OpenSpiel would read as
    numbers quoted (``zermelo_nim(piles=7)`` as ``zermelo_nim(piles='7')``)."""
    name, paren, rest = text.strip().partition("(")
    entry = next((e for e in GAMES.values() if short_name(e) == name), None)
    if entry is None or not paren or not rest.endswith(")"):
        return text
    texts = {o.name for o in entry.options if not isinstance(o, Integer | Flag)}
    pairs = [pair.partition("=") for pair in rest[:-1].split(",")] if rest[:-1] else []
    return name + "(" + ",".join(k + eq + (quoted(v) if k.strip() in texts else v)
                                 for k, eq, v in pairs) + ")"


def load(text: str) -> Any:
    """``pyspiel.load_game(text)`` once every zermelo game is registered, with a text
    option's value that OpenSpiel would read as a number taken as text (:func:`spelled`);
    one-line :class:`UnknownNameError` or :class:`OptionError` for an unknown name or bad
    parameters."""
    register_all()
    return load_native(spelled(text))
