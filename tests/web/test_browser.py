"""The page in a real browser (Debian's chromium driven by Playwright): whole games by clicks.

A uvicorn server runs the app on a free loopback port with a 4x4 Three Musketeers database;
each game ends with a screenshot in ``artifacts/screenshots/``.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright

from zermelo.games.registry import get_game
from zermelo.web import create_app
from zermelo.web.service import analyze, game_for

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason=f"no {CHROMIUM} (python3 dev.py test installs it)")

@pytest.fixture(scope="module")
def base_url(db_root: Path) -> Iterator[str]:
    """The address of a real server running the app in a thread."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(db_root), host="127.0.0.1", port=port,
                                           log_level="warning"))
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


@pytest.fixture
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    page = browser.new_page()
    page.set_default_timeout(10_000)
    page.goto(base_url)
    yield page
    page.close()


def new_game(page: Page, game: str, side: str, engine: str, options: str = "") -> None:
    """Choose the game, options, side and engine, and start."""
    page.wait_for_function("document.body.dataset.phase !== 'loading'")
    page.select_option("#game", game)
    page.fill("#options", options)
    page.fill("#engine", engine)
    page.select_option("#side", side)
    page.click("#new")


def wait_for_turn(page: Page) -> str:
    """Wait until it is the person's move or the game is over; the phase reached."""
    page.wait_for_function("['your-move', 'over', 'error'].includes(document.body.dataset.phase)")
    phase: str = page.evaluate("document.body.dataset.phase")
    assert phase != "error", page.text_content("#status")
    return phase


def click_move(page: Page, move: str) -> None:
    """Play ``move`` by clicking its squares on the board, checking the highlights between."""
    spots = page.locator(f'#board g.move[data-move="{move}"] rect.spot')
    boxes = [spots.nth(i).bounding_box() for i in range(spots.count())]
    for i, box in enumerate(boxes):
        assert box is not None
        if i:  # the first click lit up this end of the move
            assert "to" in (spots.nth(i).get_attribute("class") or "").split()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def play_out(page: Page, name: str) -> None:
    """Play the first legal move by clicks until the game ends, then take a screenshot."""
    while wait_for_turn(page) == "your-move":
        position = page.get_attribute("#board", "data-position")
        move = page.locator("#board g.move").first.get_attribute("data-move")
        assert move is not None
        click_move(page, move)
        page.wait_for_function(
            f"document.getElementById('board').dataset.position !== {position!r}")
    page.wait_for_timeout(400)  # the last move's animation
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def test_a_full_musketeers_game_against_the_perfect_engine(page: Page, db_root: Path) -> None:
    game = game_for("musketeers", {"board": "4x4"})
    start = analyze(game, game.initial_state(), db_root)["result"]
    winner = start[0]  # the engine takes the side that wins from the start
    loser = next(p for p in game.info.players if p != winner)
    new_game(page, "musketeers", loser, "perfect", "board=4x4")
    wait_for_turn(page)
    page.wait_for_function("document.querySelectorAll('#analysis li').length === "
                           "document.querySelectorAll('#board g.move').length")
    listed = analyze(game, game.parse_position(page.get_attribute("#board", "data-position")
                                               or ""), db_root)["moves"]
    assert page.locator("#analysis li").all_text_contents() == [
        f"{m['move']} {m['result']}" + (" (best)" if m["best"] else "") for m in listed]
    play_out(page, "musketeers")
    assert page.get_attribute("#status", "data-winner") == winner
    side = {"M": "Musketeers", "E": "Enemies"}[winner]
    assert page.text_content("#status").startswith(f"{side} win")  # type: ignore[union-attr]


def test_a_full_tictactoe_game_by_clicking_squares(page: Page) -> None:
    new_game(page, "tictactoe", "X", "alphabeta:9")
    play_out(page, "tictactoe")
    rules = get_game("tictactoe")
    game = rules.game()
    final = game.parse_position(page.get_attribute("#board", "data-position") or "")
    assert game.is_terminal(final)
    winner = game.winner(final)
    assert winner != 0  # the engine plays perfectly: the first-square player cannot win
    expected = "Draw" if winner is None else f"{game.info.players[winner]} wins"
    assert page.text_content("#status").startswith(expected)  # type: ignore[union-attr]
    assert page.get_attribute("#status", "data-over") == "true"


def test_connect4_plays_a_click_anywhere_in_a_column(page: Page) -> None:
    new_game(page, "connect4", "X", "random")
    wait_for_turn(page)
    spot = page.locator('#board g.move[data-move="3"] rect.spot').bounding_box()
    board = page.locator("#board svg").bounding_box()
    assert spot is not None and board is not None
    assert spot["height"] > board["height"] * 0.9  # the click area spans the whole column
    page.mouse.click(spot["x"] + spot["width"] / 2, board["y"] + 5)  # column 3, top row
    page.wait_for_function("document.body.dataset.phase !== 'your-move'")
    wait_for_turn(page)
    assert page.text_content("#last").startswith("Engine played")  # type: ignore[union-attr]
    assert (page.get_attribute("#board", "data-position") or "").startswith("3")


def test_undo_takes_back_both_moves_and_new_game_restarts(page: Page) -> None:
    new_game(page, "tictactoe", "X", "alphabeta:2")
    wait_for_turn(page)
    click_move(page, "b2")
    page.wait_for_function("document.getElementById('board').dataset.position.length === 9 "
                           "&& [...document.getElementById('board').dataset.position]"
                           ".filter(c => c !== '.').length === 2")
    wait_for_turn(page)
    page.click("#undo")  # the engine's reply and the person's move
    page.wait_for_function("document.getElementById('board').dataset.position === '.........'")
    wait_for_turn(page)
    click_move(page, "a1")
    page.wait_for_function("document.getElementById('board').dataset.position.startsWith('X')")
    wait_for_turn(page)
    page.click("#new")
    page.wait_for_function("document.getElementById('board').dataset.position === '.........'")
    assert wait_for_turn(page) == "your-move"
