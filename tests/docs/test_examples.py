"""Every console example of README.md and docs/*.md is run and shows what it prints, or is
marked as an excerpt of a long run whose commands and options exist (see
:mod:`tests.docs.examples` for the rules and the masks)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs import examples


def page_id(page: Path) -> str:
    return str(page.relative_to(examples.ROOT))


@pytest.mark.parametrize("page", [p for p in examples.PAGES
                                  if any(not b.excerpt for b in examples.blocks(p))],
                         ids=page_id)
def test_examples_print_what_the_page_shows(page: Path, tmp_path: Path) -> None:
    env = examples.workspace(tmp_path)
    wrong = []
    for block in examples.blocks(page):
        if block.excerpt:
            continue
        for command in block.commands:
            printed = examples.run(command.text, tmp_path, env)
            if not examples.agrees(command.output, printed):
                shown = "\n".join(command.output)
                wrong.append(f"{page_id(page)}:{command.line}: $ {command.text}\n"
                             f"--- shown\n{shown}\n--- printed\n" + "\n".join(printed))
    assert not wrong, "\n\n".join(wrong)


def test_excerpts_name_commands_and_options_that_exist() -> None:
    wrong = []
    for page in examples.PAGES:
        for block in examples.blocks(page):
            for command in block.commands:
                for words in examples.simple_commands(command.text):
                    why = examples.missing(words)
                    if why:
                        wrong.append(f"{page_id(page)}:{command.line}: {why}")
    assert not wrong, "\n".join(wrong)


def test_every_console_block_has_a_command() -> None:
    empty = [b.name for page in examples.PAGES for b in examples.blocks(page) if not b.commands]
    assert not empty, f"console blocks without a '$ ' command: {empty}"


def test_the_comparison_masks_what_changes_and_nothing_else() -> None:
    shown = ["built 3 tables in 1.7 s (0.8 M positions/s) in /tmp/a/db", "..."]
    assert examples.agrees(shown, ["", "built 3 tables in 12 ms (2.1 M positions/s) in /tmp/b/db",
                                   "and more"])
    assert not examples.agrees(shown, ["built 4 tables in 1.7 s (0.8 M positions/s) in /tmp/a/db"])
    assert examples.agrees(['{"a": 1, ..., "z": 2}'], ['{"a": 1, "b": 3, "z": 2}'])
    assert not examples.agrees(['{"a": 1, ..., "z": 2}'], ['{"a": 2, "b": 3, "z": 2}'])
    assert not examples.agrees(["one"], ["one", "two"])


def test_a_missing_command_or_option_is_found() -> None:
    assert examples.missing(["zermelo", "morris", "solve", "--board", "six"]) is None
    assert examples.missing(["zermelo", "morris", "solve", "--bord", "six"]) is not None
    assert examples.missing(["zermelo", "morris", "build"]) is not None
    assert examples.missing(["python", "benchmarks/no_such.py"]) is not None
    assert examples.missing(["python", "benchmarks/openspiel_turtles.py", "--no-such"]) is not None


def test_an_excerpt_of_a_benchmark_names_it() -> None:
    unnamed = []
    for page in examples.PAGES:
        for block in examples.blocks(page):
            for command in block.commands if block.excerpt else ():
                for words in examples.simple_commands(command.text):
                    script = next((w for w in words[1:2] if w.startswith("benchmarks/")), None)
                    if script and script not in (block.excerpt or ""):
                        unnamed.append(f"{block.name}: {script}")
    assert not unnamed, f"excerpts that do not name the benchmark they run: {unnamed}"
