"""The page in a real browser (Debian's chromium driven by Playwright): a game of every
registered game by clicks at desktop width and by keyboard at phone width, the analysis, the
move list, undo and redo, the engine's thinking indicator and its cancel.

A uvicorn server runs the app on a free loopback port with a 4x4 Three Musketeers database;
each game is shot in ``artifacts/screenshots/`` before the person's third move
(``<game>-desktop.png``, ``<game>-phone.png``) and at its end (``<game>-desktop-end.png``...).
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from zermelo.games.registry import GAMES, get_game
from zermelo.web import create_app
from zermelo.web.service import analyze, game_for

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
DESKTOP, PHONE = 1280, 390
MAX_MOVES = 40
"""The person's moves per game at most (a long game stops there, checked so far)."""
MAX_KEYED = 15
"""The same for the game played by keyboard on a phone's width (the clicks went further)."""
SETUP: dict[str, tuple[dict[str, str], str]] = {
    "musketeers": ({"board": "4x4"}, "perfect"),
    "connect4": ({"board": "5x4", "k": "3"}, "perfect"),
    "pig": ({"goal": "20"}, "perfect"),
}
"""Small variants and the engine they are played against; other games: defaults, random."""

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason=f"no {CHROMIUM} (python3 dev.py test installs it)")


@pytest.fixture(scope="module")
def base_url(db_root: Path) -> Iterator[str]:
    """The address of a real server running the app in a thread."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(db_root, move_time=1.0), host="127.0.0.1",
                                           port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(5)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def context(browser: Browser, base_url: str) -> Iterator[BrowserContext]:
    """The module's pages share one context, kept open by a page on the server's site: a new
    page then reuses that page's renderer process instead of starting one (0.4 s of chromium's
    CPU a page against 1.5 s). The page stores nothing in the browser, so nothing is shared."""
    context = browser.new_context()
    keeper = context.new_page()
    keeper.goto(f"{base_url}/api/games")
    yield context
    context.close()


def open_page(context: BrowserContext, base_url: str, width: int, height: int = 900) -> Page:
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.set_default_timeout(15_000)
    page.goto(base_url)
    page.wait_for_function("document.body.dataset.phase !== 'loading'")
    return page


@pytest.fixture
def page(context: BrowserContext, base_url: str) -> Iterator[Page]:
    page = open_page(context, base_url, DESKTOP)
    yield page
    page.close()


def new_game(page: Page, game: str, side: str, engine: str,
             options: dict[str, str] | None = None, level: str | None = None,
             seconds: str | None = None) -> None:
    """Choose the game, fill its option controls, side, engine (and its seconds a move), and
    start."""
    page.select_option("#game", game)
    wait_for_turn(page)
    for name, value in (options or {}).items():
        control = page.locator(f'[data-option="{name}"]')
        if control.get_attribute("data-type") == "size":
            width, height = value.split("x")
            control.locator("input").nth(0).fill(width)
            control.locator("input").nth(1).fill(height)
        else:
            control.fill(value)
    page.select_option("#engine", engine)
    if level is not None:
        page.fill("#level", level)
    if seconds is not None:
        page.fill("#seconds", seconds)
    if page.locator("#side-field").is_hidden():  # a game held by the server: seat by seat
        page.wait_for_function("document.querySelectorAll('#seats select').length > 0")
        for seat in page.locator("#seats select").evaluate_all("(all) => all.map((s) => "
                                                                "s.dataset.seat)"):
            page.select_option(f'[data-seat="{seat}"]', "person" if seat == side else "engine")
        page.click("#new")
    else:
        page.select_option("#side", side)  # starts a new game
    wait_for_turn(page)


def wait_for_position(page: Page, position: str | None, *, changed: bool = False,
                      or_over: bool = False) -> None:
    """Wait until the board shows ``position`` (or, ``changed``, any other one; ``or_over``:
    or the game is over); on a timeout, fail with what the page shows instead."""
    test = "!==" if changed else "==="
    over = " || document.body.dataset.phase === 'over'" if or_over else ""
    try:
        page.wait_for_function(f"([p]) => document.getElementById('board').dataset.position "
                               f"{test} p{over}", arg=[position])
    except PlaywrightTimeout:
        shown = page.evaluate("[document.body.dataset.phase, "
                              "document.getElementById('board').dataset.position, "
                              "document.getElementById('last').textContent, "
                              "document.getElementById('status').textContent]")
        raise AssertionError(f"board {'still' if changed else 'not'} at {position!r}: phase "
                             f"{shown[0]!r}, board {shown[1]!r}, last {shown[2]!r}, status "
                             f"{shown[3]!r}") from None


def wait_for_turn(page: Page) -> str:
    """Wait until it is the person's move or the game is over; the phase reached."""
    page.wait_for_function("['your-move', 'over', 'error'].includes(document.body.dataset.phase)")
    phase: str = page.evaluate("document.body.dataset.phase")
    assert phase != "error", page.text_content("#status")
    return phase


def paths(page: Page) -> dict[str, list[str]]:
    """The legal moves the board offers and the targets that play them."""
    found: dict[str, list[str]] = json.loads(page.get_attribute("#board svg", "data-moves")
                                             or "{}")
    return found


def click_move(page: Page, path: list[str], move: str = "") -> None:
    """Play a move by clicking its targets (on the first shape of each, the one a person
    sees), checking that each click lights up the next; by its button if it has none."""
    if not path:
        page.locator("#choices button", has_text=move).first.click()
    for i, name in enumerate(path):
        target = page.locator(f'#board g.target[data-target="{name}"]')
        if i:
            assert "next" in (target.get_attribute("class") or "").split()
        target.locator(":scope > :not(.hl):not(.hit):not(title):not(.last)").first.click()


def key_move(page: Page) -> None:
    """Play a move by keyboard alone: Tab onto the board (or the move buttons beside it when
    it offers none), an arrow key to another place, then Enter until a move is complete."""
    position = page.get_attribute("#board", "data-position")
    page.focus("#game")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#board, #choices') !== null")
    page.keyboard.press("ArrowRight")
    for _ in range(4):
        page.keyboard.press("Enter")
        if page.evaluate("document.body.dataset.phase") != "your-move" or \
                page.get_attribute("#board", "data-position") != position:
            return
    raise AssertionError("Enter did not complete a move")


def play_out(page: Page, name: str, by_keyboard: bool, rng: random.Random,
             shot: str | None = None) -> int:
    """Play until the game ends (or MAX_MOVES of the person's, MAX_KEYED by keyboard), each
    move checked to change the position; the number of moves played. ``shot``: a screenshot
    of that name before the third move, with the analysis shown."""
    played, most = 0, MAX_KEYED if by_keyboard else MAX_MOVES
    while wait_for_turn(page) == "your-move" and played < most:
        if shot is not None and played == 2:
            page.wait_for_function("document.getElementById('analysis-card').hidden || "
                                   "!['', 'Analysing…'].includes("
                                   "document.getElementById('verdict').textContent)")
            screenshot(page, shot)
        position = page.get_attribute("#board", "data-position")
        offered = paths(page)
        assert offered, f"{name}: no move on the board"
        if by_keyboard:
            key_move(page)
        else:
            move = rng.choice(sorted(offered))
            click_move(page, offered[move], move)
        wait_for_position(page, position, changed=True, or_over=True)
        played += 1
    return played


def screenshot(page: Page, name: str) -> None:
    page.wait_for_timeout(450)  # the last move's flash
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_of_every_game_by_clicks_and_by_keyboard(context: BrowserContext,
                                                        base_url: str, name: str) -> None:
    options, engine = SETUP.get(name, ({}, "random"))
    rng = random.Random(name)
    for width, by_keyboard, shot in ((DESKTOP, False, "desktop"), (PHONE, True, "phone")):
        page = open_page(context, base_url, width)
        try:
            side = get_game(name).game(options).info.players[0]
            # a fifth of a second for each search (the engine's, the analysis'): the page is
            # checked here, not the engines' strength
            new_game(page, name, side, engine, options, seconds="0.2")
            played = play_out(page, name, by_keyboard, rng, f"{name}-{shot}")
            assert played > 0
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            over = page.evaluate("document.body.dataset.phase") == "over"
            assert over or played == (MAX_KEYED if by_keyboard else MAX_MOVES)
            if over:
                assert page.get_attribute("#status", "data-over") == "true"
            # the move list shows its latest moves (the game ends at its latest position)
            assert page.evaluate("(l => l.scrollTop + l.clientHeight >= l.scrollHeight - 1)"
                                 "(document.getElementById('movelist'))")
            if width == PHONE:  # one column: the height the page holds stays below the cards
                assert page.evaluate("document.querySelector('aside').getBoundingClientRect()"
                                     ".top - document.querySelector('section .card')"
                                     ".getBoundingClientRect().bottom") <= 40
            screenshot(page, f"{name}-{shot}-end")
        finally:
            page.close()


def place_values(moves: list[dict[str, Any]], place: dict[str, str]) -> set[int]:
    """The values the board writes on the places of ``moves`` (``place``: each move's place): a
    place's first best move's, else its first move's (every move here is a loss), as the
    winner's moves to the end."""
    chosen: dict[str, dict[str, Any]] = {}
    for m in moves:
        if place[m["move"]] not in chosen or (m["best"] and not chosen[place[m["move"]]]["best"]):
            chosen[place[m["move"]]] = m
    return {math.ceil(m["value"]["plies"] / 2) for m in chosen.values()}


def test_musketeers_analysis_in_words_on_the_board_and_the_result(page: Page,
                                                                  db_root: Path) -> None:
    game = game_for("musketeers", {"board": "4x4"})
    start = analyze(game, game.initial_state(), db_root)
    winner = start["value"]["player"]  # the engine takes the side that wins from the start
    loser = next(p for p in game.info.players if p != winner)
    new_game(page, "musketeers", loser, "perfect", {"board": "4x4"})
    page.wait_for_function("document.querySelectorAll('#analysis li').length > 0 && "
                           "!document.getElementById('analysis-card').classList"
                           ".contains('stale')")
    state = game.parse_position(page.get_attribute("#board", "data-position") or "")
    listed = analyze(game, state, db_root)["moves"]
    items = page.locator("#analysis li")
    rows = [(items.nth(i).locator(".moves").text_content() or "",
             items.nth(i).locator(".words").text_content() or "") for i in range(items.count())]
    for move in listed:  # every move in one row, with the moves of the same value
        moves, words = next(r for r in rows if move["move"] in r[0].strip("★ ").split(", "))
        assert words == f"the engine wins in {math.ceil(move['value']['plies'] / 2)} moves"
        assert moves.startswith("★") == move["best"]  # every move loses: the engine wins
    assert len(rows) == len({(m["best"], math.ceil(m["value"]["plies"] / 2)) for m in listed})
    assert all("loss" in (items.nth(i).get_attribute("class") or "") for i in range(len(rows)))
    # the board: each movable piece carries its best move's value, unless all read the same
    badges = page.locator("#board text.badge")
    offered = paths(page)
    pieces = {p[0] for p in offered.values()}
    drawn = len(pieces) if len(place_values(listed, {m: p[0] for m, p in offered.items()})) > 1 \
        else 0
    assert badges.count() == drawn
    first = offered[listed[0]["move"]]
    click_move(page, [first[0]])
    ends = {p[1]: m for m, p in offered.items() if p[0] == first[0]}
    chosen = [m for m in listed if m["move"] in ends.values()]
    values = place_values(chosen, {m: p[1] for m, p in offered.items()})
    assert badges.count() == (len(ends) if len(values) > 1 else 0)
    click_move(page, [first[0]])  # a second click drops the selection
    assert badges.count() == drawn
    play_out(page, "musketeers", False, random.Random(1))
    assert page.get_attribute("#status", "data-winner") == winner
    assert page.get_attribute("#status", "data-result") == "loss"


def test_tictactoe_against_perfect_play_never_wins_and_a_draw_is_not_red(page: Page) -> None:
    new_game(page, "tictactoe", "X", "alphabeta", level="9")
    play_out(page, "tictactoe", False, random.Random(3))
    game = get_game("tictactoe").game()
    final = game.parse_position(page.get_attribute("#board", "data-position") or "")
    assert game.is_terminal(final)
    winner = game.winner(final)
    assert winner != 0  # the engine plays perfectly: the first player cannot win
    assert page.get_attribute("#status", "data-result") == ("draw" if winner is None
                                                            else "loss")
    color = page.evaluate("getComputedStyle(document.getElementById('status')).color")
    assert (color == "rgb(179, 38, 30)") == (winner is not None)  # red for a loss only


def b2_and_a_reply(page: Page) -> str | None:
    """A tic-tac-toe game against a shallow search: X plays b2, the engine replies; the
    position then."""
    new_game(page, "tictactoe", "X", "alphabeta", level="2")
    click_move(page, ["b2"])
    page.wait_for_function("document.querySelectorAll('#movelist button').length === 2")
    wait_for_turn(page)
    return page.get_attribute("#board", "data-position")


def test_move_list_undo_redo_flip_and_copy(page: Page) -> None:
    played = b2_and_a_reply(page)
    page.locator("#movelist button").first.click()  # back to the position after b2
    page.wait_for_function("document.getElementById('board').dataset.position === "
                           "'....X....'")
    page.click("#latest")
    page.wait_for_function(f"document.getElementById('board').dataset.position === {played!r}")
    page.click("#undo")  # the engine's reply and the person's move
    page.wait_for_function("document.getElementById('board').dataset.position === '.........'")
    page.click("#redo")
    page.wait_for_function(f"document.getElementById('board').dataset.position === {played!r}")
    before = page.locator('#board g.target[data-target="a1"]').bounding_box()
    page.click("#flip")
    page.wait_for_timeout(300)
    after = page.locator('#board g.target[data-target="a1"]').bounding_box()
    assert before is not None and after is not None and after["x"] > before["x"]
    page.click("#copy-moves")  # the clipboard, or shown when the browser refuses it
    page.wait_for_function("document.getElementById('copied').textContent.startsWith('Moves')")


def test_start_from_a_pasted_position(page: Page) -> None:
    page.select_option("#game", "tictactoe")
    wait_for_turn(page)
    page.fill("#start", "XX.OO....")
    page.click("#new")
    wait_for_turn(page)
    assert page.get_attribute("#board", "data-position") == "XX.OO...."
    click_move(page, ["c1"])
    page.wait_for_function("document.body.dataset.phase === 'over'")
    assert page.get_attribute("#status", "data-result") == "win"


def test_the_engine_thinking_indicator_counts_and_cancel_hands_over_the_move(
        page: Page) -> None:
    page.select_option("#game", "connect4")
    wait_for_turn(page)
    page.select_option("#engine", "alphabeta")
    page.fill("#level", "64")  # thinks its full second
    page.select_option("#side", "O")  # the engine moves first
    page.wait_for_selector("#thinking:not([hidden])")
    page.wait_for_function("/[1-9]\\d*\\.\\d s|0\\.[3-9] s/.test("
                           "document.getElementById('thinking-text').textContent)")
    page.click("#cancel")
    assert wait_for_turn(page) == "your-move"
    assert page.is_hidden("#thinking")
    page.wait_for_function("document.getElementById('last').textContent"
                           ".startsWith('Engine stopped')")
    assert page.get_attribute("#board", "data-position") == ""
    click_move(page, ["4"])  # the person plays for the stopped engine
    page.wait_for_function("document.getElementById('board').dataset.position === '4'")


def test_a_bad_option_is_one_line_and_the_page_keeps_working(page: Page) -> None:
    page.select_option("#game", "connect4")
    wait_for_turn(page)
    page.fill('[data-option="k"]', "99")  # out of the schema's range: the form refuses it
    assert not page.evaluate("document.getElementById('setup').checkValidity()")
    page.fill('[data-option="k"]', "10")  # in range, but longer than the board: the server
    page.click("#new")
    page.wait_for_function("document.body.dataset.phase === 'error'")
    message = page.text_content("#status") or ""
    assert "k 10" in message and "\n" not in message
    page.fill('[data-option="k"]', "4")
    page.click("#new")
    assert wait_for_turn(page) == "your-move"


def test_an_engine_that_gives_up_hands_the_move_to_the_person(page: Page) -> None:
    page.route("**/api/*/engine", lambda route: route.fulfill(
        status=503, content_type="application/json",
        body='{"error": "busy: no answer within 15 s: the search was stopped"}'))
    page.select_option("#game", "tictactoe")
    wait_for_turn(page)
    page.select_option("#side", "O")  # the engine moves first, and fails
    page.wait_for_function("document.getElementById('last').textContent"
                           ".includes('no answer within 15 s')")
    assert wait_for_turn(page) == "your-move"
    click_move(page, ["b2"])  # the person plays X's move for it, then asks again
    page.wait_for_function("document.getElementById('board').dataset.position === "
                           "'....X....'")


def test_a_musketeer_is_dragged_to_its_square(page: Page) -> None:
    new_game(page, "musketeers", "M", "perfect", {"board": "4x4"})
    position = page.get_attribute("#board", "data-position")
    src, dst = next(iter(paths(page).values()))
    ends = []
    for name in (src, dst):
        box = page.locator(f'#board g.target[data-target="{name}"] > rect').first.bounding_box()
        assert box is not None
        ends.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    page.mouse.move(*ends[0])
    page.mouse.down()
    page.mouse.move(*ends[1], steps=5)
    page.mouse.up()
    wait_for_position(page, position, changed=True)
    assert page.locator("#movelist button").first.text_content() == f"{src}-{dst}"


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_the_page_keeps_its_place_on_every_move(context: BrowserContext, base_url: str,
                                                width: int) -> None:
    page = open_page(context, base_url, width, height=600)
    try:
        new_game(page, "connect4", "both", "random", {"board": "5x4", "k": "3"})
        rng = random.Random(width)
        for _ in range(6):  # the move list grows past its own height
            page.evaluate("window.scrollTo(0, document.getElementById('board')"
                          ".getBoundingClientRect().top + window.scrollY - 8)")
            before = page.evaluate("[window.scrollY, document.getElementById('board')"
                                   ".getBoundingClientRect().top]")
            assert before[0] > 0  # scrolled: a jump back to the top would show too
            position = page.get_attribute("#board", "data-position")
            offered = paths(page)
            click_move(page, offered[rng.choice(sorted(offered))])
            wait_for_position(page, position, changed=True)
            if wait_for_turn(page) == "over":
                break
            page.wait_for_function("!document.getElementById('analysis-card')"
                                   ".classList.contains('stale')")
            after = page.evaluate("[window.scrollY, document.getElementById('board')"
                                  ".getBoundingClientRect().top]")
            assert after == before
    finally:
        page.close()


def test_pig_replays_an_undone_roll(page: Page) -> None:
    new_game(page, "pig", "A", "perfect", {"goal": "20"})
    reached = []
    for _ in range(6):
        start = page.get_attribute("#board", "data-position")
        click_move(page, paths(page)["roll"])
        wait_for_position(page, start, changed=True)
        wait_for_turn(page)
        reached.append((page.get_attribute("#board", "data-position"),
                        page.locator("#movelist button").all_text_contents()))
        said = page.text_content("#last")  # who threw the die, and what it did, in words
        assert said.startswith(("After your roll, chance: the die shows ",  # or the engine's,
                                 "After the engine's roll, chance: the die shows ",  # a 1 passed
                                 "The engine played ")), said  # the die to it
        page.click("#undo")
        page.wait_for_function("document.querySelectorAll('#movelist button').length === 0")
        wait_for_turn(page)
    assert reached[0][1][0] == "roll" and len(reached[0][1]) >= 2
    assert all(r == reached[0] for r in reached)  # six fresh rolls would differ


def test_the_turtle_race_is_played_on_a_phone_by_taps_of_44_px(context: BrowserContext,
                                                                base_url: str) -> None:
    page = open_page(context, base_url, PHONE)
    try:
        new_game(page, "turtles", "A", "random")
        assert page.locator("#observation").count() == 0  # no text dump of the state
        for _ in range(12):
            if wait_for_turn(page) == "over":
                break
            position = page.get_attribute("#board", "data-position")
            places = page.evaluate("[...document.querySelectorAll('#board g.target.enabled')]"
                                   ".map((t) => [t.dataset.target, +t.dataset.reach])")
            buttons = page.locator('#taps button:not([aria-pressed="true"]), #choices button')
            offered = set(page.locator("#taps button").evaluate_all(
                "(all) => all.map((b) => b.dataset.target)"))
            for name, reach in places:  # tapped over a finger's width, or by a button
                assert reach >= 44 or name in offered, (name, reach)
            for i in range(buttons.count()):
                box = buttons.nth(i).bounding_box()
                assert box is not None and box["width"] >= 44 and box["height"] >= 44
            while page.get_attribute("#board", "data-position") == position and \
                    page.evaluate("document.body.dataset.phase") == "your-move":
                if buttons.count():  # a card, then its turtle when it has a choice
                    buttons.first.click()
                else:  # a place a finger's width wide: on its first shape (not between
                    # two cards of a group)
                    page.locator("#board g.target.enabled").first.locator(
                        ":scope > :not(.hl):not(.hit):not(title)").first.click()
                page.wait_for_timeout(50)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
    finally:
        page.close()


def test_the_measured_figures_show_in_their_games_section_on_a_phone(
        context: BrowserContext, base_url: str) -> None:
    page = open_page(context, base_url, PHONE)
    try:
        page.select_option("#game", "turtles")
        wait_for_turn(page)
        card = page.locator("#figures-card")
        assert card.is_visible()
        captions = card.locator("caption").all_text_contents()
        assert len(captions) == len(GAMES["turtles"].figures)
        assert "exploitable" in captions[0] and "53/150" in card.inner_text()
        assert "hands of 2" in captions[0]  # the note says what the reduced race is
        for table in card.locator(".figure").all():  # a wide table scrolls in its own box
            box = table.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
        screenshot(page, "turtles-figures-phone")
        page.select_option("#game", "nim")
        wait_for_turn(page)
        assert card.is_hidden()
    finally:
        page.close()


def test_a_reload_or_a_shared_link_restores_the_game(page: Page) -> None:
    new_game(page, "connect4", "X", "heuristic", {"board": "6x5"}, level="2")
    for column in ("3", "4"):
        position = page.get_attribute("#board", "data-position")
        click_move(page, [column])
        wait_for_position(page, position, changed=True)
        wait_for_turn(page)
    played = page.get_attribute("#board", "data-position")
    listed = page.locator("#movelist button").all_text_contents()
    assert len(listed) == 4 and "board=6x5" in page.url and "moves=" in page.url
    page.reload()
    page.wait_for_function(f"document.getElementById('board').dataset.position === {played!r}")
    assert wait_for_turn(page) == "your-move"
    assert page.locator("#movelist button").all_text_contents() == listed
    assert page.input_value("#side") == "X" and page.input_value("#level") == "2"
    page.click("#undo")  # the engine's reply is replayed, not asked again
    page.wait_for_function("document.querySelectorAll('#movelist button').length === 2")
    click_move(page, [listed[2]])
    page.wait_for_function(f"document.getElementById('board').dataset.position === {played!r}")


def test_an_illegal_typed_move_is_refused_with_its_reason(page: Page) -> None:
    position = b2_and_a_reply(page)
    page.fill("#move-input", "b2")
    page.click("#typed button")
    page.wait_for_function("document.getElementById('last').textContent.includes('taken')")
    assert page.text_content("#last") == "Not played: b2 is already taken"
    assert wait_for_turn(page) == "your-move"
    assert page.get_attribute("#board", "data-position") == position
    free = next(m for m in paths(page))
    click_move(page, paths(page)[free])
    page.wait_for_function("document.querySelectorAll('#movelist button').length >= 3")


def tap_a_turtle_move(page: Page) -> None:
    """Play one move of the Turtle Race on the board (a card, then its turtle if asked)."""
    position = page.get_attribute("#board", "data-position")
    for _ in range(3):
        targets = page.locator("#board g.target.enabled:not(.selected)")
        targets.first.locator(":scope > :not(.hl):not(.hit):not(title)").first.click()
        # one look at both (a move sets the phase at once; its answer may come between two)
        if page.evaluate("([p]) => document.getElementById('board').dataset.position !== p || "
                         "document.body.dataset.phase !== 'your-move'", [position]):
            return
    raise AssertionError("no move was played")


def test_in_the_turtle_race_a_card_the_engine_answered_cannot_be_taken_back(page: Page
                                                                           ) -> None:
    new_game(page, "turtles", "A", "random")
    assert page.locator("#graph").is_hidden()  # no values to draw in a game held by the server
    for _ in range(2):
        if wait_for_turn(page) == "over":
            break
        tap_a_turtle_move(page)
        assert wait_for_turn(page) in ("your-move", "over")  # B answered
        assert page.is_disabled("#undo") and page.is_disabled("#redo")


def test_an_engine_reply_a_busy_server_put_off_comes_when_the_page_asks_again(
        page: Page, base_url: str) -> None:
    new_game(page, "turtles", "A", "random")
    wait_for_turn(page)
    search = urllib.request.Request(  # each holds the server's one search for a second
        f"{base_url}/api/tictactoe/engine", method="POST",
        data=json.dumps({"engine": "mcts:100000", "seconds": 1.0}).encode(),
        headers={"content-type": "application/json"})
    stop = threading.Event()

    def keep_busy() -> None:
        while not stop.is_set():
            with contextlib.suppress(urllib.error.HTTPError):
                urllib.request.urlopen(search, timeout=30).read()

    busy = threading.Thread(target=keep_busy)
    busy.start()
    try:
        time.sleep(0.3)
        tap_a_turtle_move(page)
        page.wait_for_function("document.body.dataset.phase === 'viewing'")  # B's reply put off
    finally:
        stop.set()
        busy.join()
    assert wait_for_turn(page) in ("your-move", "over")  # asked again: B has replied


def paste(page: Page, text: str) -> str:
    """Paste ``text`` into the paste box and load it; the note it answers."""
    page.fill("#paste-input", "")
    page.evaluate("document.getElementById('pasted').textContent = ''")
    page.fill("#paste-input", text)
    page.click("#paste button")
    page.wait_for_function("document.getElementById('pasted').textContent !== ''")
    wait_for_turn(page)
    return page.text_content("#pasted") or ""


def test_a_pasted_move_list_or_position_is_loaded_or_refused_with_its_reason(
        page: Page) -> None:
    new_game(page, "tictactoe", "both", "random")
    assert paste(page, "1. b2 a1 2. c3") == "3 moves loaded."
    assert page.locator("#movelist button").all_text_contents() == ["b2", "a1", "c3"]
    assert page.get_attribute("#board", "data-position") == "O...X...X"
    assert "moves=b2+a1+c3" in page.url
    note = paste(page, "b2 a1 b2")
    assert note == "Not loaded: move 3, b2: b2 is already taken."
    assert page.locator("#movelist button").all_text_contents() == ["b2", "a1", "c3"]
    assert paste(page, "XX.OO....") == "Position loaded."
    assert page.get_attribute("#board", "data-position") == "XX.OO...."
    assert page.locator("#movelist button").count() == 0 and "start=XX.OO" in page.url
    note = paste(page, "zz")
    assert note.startswith("Not loaded: neither a position (") and " nor a move (" in note
    assert "\n" not in note and page.get_attribute("#board", "data-position") == "XX.OO...."


def test_the_graph_and_the_move_list_show_each_value_and_flag_a_mistake(page: Page) -> None:
    new_game(page, "tictactoe", "both", "random")
    assert paste(page, "b2 b1") == "2 moves loaded."  # b1 loses: O must take a corner
    page.wait_for_function("document.getElementById('graph').dataset.values === "
                           "'0:0.00 1:0.00 2:1.00'")  # a draw, a draw, then X wins
    flags = page.locator("#movelist button").all_text_contents()
    assert flags == ["b2", "b1mistake: draw → loss"]
    assert page.text_content("#last") == "O played b1 · mistake: draw → loss"
    assert page.locator("#graph circle.mistake").count() == 1
    click_move(page, ["c3"])  # a move that keeps the win is not flagged
    page.wait_for_function("document.getElementById('graph').dataset.values"
                           ".startsWith('0:0.00 1:0.00 2:1.00 3:1.00')")
    assert page.locator("#movelist button").nth(2).text_content() == "c3"
    box = page.locator("#graph").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + 0.02 * box["width"], box["y"] + box["height"] / 2)
    page.wait_for_function("document.getElementById('board').dataset.position === '.........'")
    assert paste(page, "c1 b3 c3 b1 b2 a3 c2") == "7 moves loaded."  # X wins; b3 threw the draw
    page.wait_for_function("document.getElementById('verdict').textContent"  # once all analysed
                           ".includes('The move that changed')")
    assert page.text_content("#verdict") == ("Game over. The move that changed the result: "
                                             "1… b3 by O (draw → loss).")


def test_engine_strengths_in_words_set_the_engine_and_follow_it(page: Page) -> None:
    page.select_option("#game", "connect4")
    wait_for_turn(page)
    words = page.locator("#strength option").all_text_contents()
    assert [w.split(" ")[0] for w in words] == ["easy", "club", "strong", "perfect", "other"]
    assert page.input_value("#strength") == "perfect"  # the default engine's word
    page.select_option("#strength", "skill:50")
    assert page.input_value("#engine") == "skill" and page.input_value("#level") == "50"
    assert "32 % at 90" in page.text_content("#engine-summary")  # each level's measured score
    page.fill("#level", "60")  # a level of no word: "other"
    assert page.input_value("#strength") == ""
    page.fill("#level", "90")
    assert page.input_value("#strength") == "skill:90"
    page.select_option("#game", "turtles")
    wait_for_turn(page)
    assert page.input_value("#engine") == "belief-ismcts"  # the strongest by default
    assert page.locator("#strength option").first.text_content() == "easy (dummy)"
    page.select_option("#strength", "belief-ismcts")
    assert page.input_value("#engine") == "belief-ismcts"


def test_a_four_player_turtle_race_with_two_people_at_a_phone_s_width(
        context: BrowserContext, base_url: str) -> None:
    """Seats A and C played at this device, B and D by an engine; the engines' plays said in
    words, the device handed from A to C, a hint, and the game taken up again after a
    reload from its address."""
    page = open_page(context, base_url, PHONE, 844)
    try:
        page.select_option("#game", "turtles")
        wait_for_turn(page)
        page.fill('[data-option="players"]', "4")
        page.dispatch_event('[data-option="players"]', "change")
        page.wait_for_function("document.querySelectorAll('#seats select').length === 4")
        page.select_option("#engine", "random")
        for seat, who in zip("ABCD", ("person", "engine", "person", "engine"), strict=True):
            page.select_option(f'[data-seat="{seat}"]', who)
        page.click("#new")
        assert wait_for_turn(page) == "your-move"
        assert page.text_content("#status") == "Your move (A)"
        page.click("#hint")
        page.wait_for_function("document.getElementById('last').textContent.startsWith('Hint: ')")
        assert "turtle" in page.text_content("#last") or "pass" in page.text_content("#last")
        handed = 0
        for _ in range(8):
            if page.evaluate("document.body.dataset.phase") == "over":
                break
            hand_over = page.locator("#choices button", has_text="'s turn: show")
            if hand_over.count():
                seat = hand_over.text_content()[0]
                hand_over.click()
                page.wait_for_function(f"document.getElementById('status').textContent === "
                                       f"'Your move ({seat})'")
                handed += 1
                continue
            tap_a_turtle_move(page)
            page.wait_for_function("['your-move', 'viewing', 'over'].includes("
                                   "document.body.dataset.phase)")
            page.wait_for_timeout(100)
            said = page.text_content("#last")  # the engine's plays since, in words
            if page.evaluate("document.body.dataset.phase") != "over":
                assert " played " in said and ("turtle" in said or "pass" in said), said
        assert handed >= 2  # A to C and back at least
        assert "o.players=4" in page.url and "tokens=" in page.url
        listed = page.locator("#movelist").text_content()
        assert len(listed) > 20
        page.reload()
        page.wait_for_function("['your-move', 'viewing', 'over'].includes("
                               "document.body.dataset.phase)")
        page.wait_for_function(f"document.getElementById('movelist').textContent === "
                               f"{listed!r}")
        assert len(page.locator("#seats select").all()) == 4
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
    finally:
        page.close()


CONTROLS = ("[...document.querySelectorAll('button, select, input:not([type=checkbox]), "
            "label.check')].filter((e) => e.offsetParent !== null).map((e) => {"
            "const r = e.getBoundingClientRect(); return [e.id || e.textContent.trim()"
            ".slice(0, 20), r.width, r.height]; })")
"""Every visible control of the page: its name, width and height."""


@pytest.mark.parametrize("name", list(GAMES))
def test_a_phone_s_first_screen_shows_the_board_the_turn_and_the_verdict(
        context: BrowserContext, base_url: str, name: str) -> None:
    """At 390x844: the board, whose move it is and (in a game with an analysis) the verdict
    in words all inside the first screen; every control at least 44 px both ways."""
    page = open_page(context, base_url, PHONE, 844)
    try:
        options, engine = SETUP.get(name, ({}, "random"))
        new_game(page, name, get_game(name).game(options).info.players[0], engine, options,
                 seconds="1")
        page.evaluate("window.scrollTo(0, 0)")  # the first screen, as a page opens
        if get_game(name).analysis is not None:
            page.wait_for_function("!['', 'Analysing…'].includes("
                                   "document.getElementById('brief').textContent)",
                                   timeout=30_000)
            brief = page.text_content("#brief")  # a value, or why there is none here
            assert brief.startswith(("With perfect play: ", "No analysis here")), brief
            assert page.locator("#brief").bounding_box()["y"] + 20 <= 844
        for part in ("#board svg", "#status"):
            box = page.locator(part).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, part
        assert page.text_content("#status").strip()
        small = [c for c in page.evaluate(CONTROLS) if c[1] < 44 or c[2] < 44]
        assert small == []
    finally:
        page.close()


def test_a_finished_game_has_a_scorecard_and_its_mistake_leads_to_the_position(
        page: Page) -> None:
    new_game(page, "tictactoe", "both", "random")
    assert paste(page, "c1 b3 c3 b1 b2 a3 c2") == "7 moves loaded."  # X wins; b3 threw the draw
    page.wait_for_function("document.getElementById('verdict').textContent"
                           ".includes('The move that changed')")
    page.wait_for_function("!document.getElementById('scorecard').hidden")
    page.wait_for_function("[...document.querySelectorAll('#scorecard tr[data-side]')].map("
                           "(r) => [1, 2, 3].reduce((n, c) => n + +r.cells[c].textContent, 0))"
                           ".join() === '4,3'")  # every move judged, once all are analysed
    rows = page.locator("#scorecard tr[data-side]").evaluate_all(
        "(all) => all.map((r) => [...r.cells].map((c) => c.textContent))")
    x, o = rows
    assert x[0].startswith("X") and o[0].startswith("O")
    assert o[3] == "1" and x[3] == "0"  # O's b3 changed the result, nothing of X's
    assert int(x[1]) + int(x[2]) == 4 and int(o[1]) + int(o[2]) == 2
    assert o[4] == f"{round(100 * int(o[1]) / 3)} %"
    page.locator("#scorecard button.mistake").click()  # its refutation, on the board
    page.wait_for_function("document.getElementById('board').dataset.preview === 'After b3'")
    after_b3 = page.get_attribute("#board", "data-position")
    assert after_b3 == "..X....O."  # the board shows the position the mistake made
    assert page.text_content("#last") .startswith("After b3: move 1 of ")
    page.click("#choices button:has-text('step on')")  # perfect play from there, move by move
    page.wait_for_function(f"document.getElementById('board').dataset.position !== "
                           f"{after_b3!r}")
    refuting = page.get_attribute("#board", "data-position")
    assert refuting.count("X") == 2 and refuting.count("O") == 1
    page.click("#choices button:has-text('The best move')")  # the line the best move began
    page.wait_for_function("document.getElementById('board').dataset.preview"
                           ".startsWith('The best move')")
    assert "b3" not in page.get_attribute("#board", "data-preview")
    page.click("#choices button:has-text('Back to the game')")
    page.wait_for_function("document.getElementById('board').dataset.preview === undefined")


def test_a_puzzle_answered_wrong_shows_its_refutation_and_right_is_solved(
        page: Page, base_url: str) -> None:
    new_game(page, "tictactoe", "X", "perfect")
    page.click("#puzzle")
    page.wait_for_function("document.getElementById('puzzle-note').textContent"
                           ".startsWith('Puzzle: ')")
    wait_for_turn(page)
    puzzle = page.evaluate("puzzleNow")
    assert page.get_attribute("#board", "data-position") == puzzle["position"]
    request = urllib.request.Request(  # the analysis: one move keeps the result, the solution
        f"{base_url}/api/tictactoe/analyze", method="POST",
        data=json.dumps({"position": puzzle["position"]}).encode(),
        headers={"content-type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        analysis = json.load(answer)
    assert [m["move"] for m in analysis["moves"] if m["best"]] == [puzzle["solution"]]
    wrong = next(m for m in sorted(paths(page)) if m != puzzle["solution"])
    click_move(page, paths(page)[wrong])
    page.wait_for_function("(document.getElementById('board').dataset.preview || '')"
                           f".startsWith('The refutation of {wrong}')")
    assert page.get_attribute("#puzzle-note", "class") == "wrong"
    assert page.text_content("#puzzle-note").startswith(f"Not the answer: after {wrong}")
    page.click("#choices button:has-text('Back to the game')")
    page.wait_for_function(f"document.getElementById('board').dataset.position === "
                           f"{puzzle['position']!r}")
    wait_for_turn(page)
    click_move(page, paths(page)[puzzle["solution"]])
    page.wait_for_function("document.getElementById('puzzle-note').className === 'right'")
    assert page.text_content("#puzzle-note").startswith(f"Right: {puzzle['solution']} is the only")
