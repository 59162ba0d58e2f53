"""Every game's entry: its references resolve, its defaults are valid, its engines are listed."""

from __future__ import annotations

import pytest

from zermelo.core.entry import GameEntry, load
from zermelo.engines import engines_for
from zermelo.games.registry import GAMES


@pytest.mark.parametrize("entry", list(GAMES.values()), ids=list(GAMES))
def test_every_reference_of_an_entry_names_a_function(entry: GameEntry) -> None:
    refs = [entry.create, entry.render, entry.status,
            *(e.create for e in entry.engines), *(e.supports for e in entry.engines if e.supports),
            *(a.run for a in entry.algorithms)]
    if entry.analysis is not None:
        refs.append(entry.analysis)
    for ref in refs:
        assert callable(load(ref)), ref


@pytest.mark.parametrize("entry", list(GAMES.values()), ids=list(GAMES))
def test_defaults_build_the_standard_variant_and_name_listed_engines(entry: GameEntry) -> None:
    game = entry.game()
    assert game.info.name == entry.name
    names = [e.name for e in engines_for(entry, game)]
    assert entry.default_engine in names
    assert entry.hint_engine in names
    assert len(names) == len(set(names))
    algorithms = [a.name for a in entry.algorithms]
    assert len(algorithms) == len(set(algorithms))
    for spec in engines_for(entry, game):
        assert spec.parse_level(None) == spec.default_level
        if spec.level is not None and spec.max_level is not None:
            assert spec.parse_level(str(spec.max_level)) == spec.max_level
