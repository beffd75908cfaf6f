"""The docs' Play page in a real browser: Debian's Chromium, headless, driven by Playwright.

The page is built by the docs' own extension (``castlerules_docs.playground``: Pyodide from
``docs/node_modules``, the castlerules wheel of this checkout, attrs' wheel) into a site of its own,
so this test does not wait for the theorems of the full docs build; ``CASTLERULES_DOCS_SITE`` names an
already built ``html`` folder to use instead. The site is served from 127.0.0.1 and every request
anywhere else is refused and counted: the page must work offline. Each game is played through the
URL and by clicking, and the page's position is compared with what castlerules computes here.
"""

from __future__ import annotations

import functools
import http.server
import os
import random
import resource
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import quote

import pytest

import castlerules

# builds a wheel of the checkout (in the checkout): on the worker that builds the docs, in turn
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("checkout-builds")]

DOCS = Path(__file__).resolve().parents[2] / "docs"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
#: How long the page may take to load Python (a busy 2-core machine took about 25 s).
LOAD_MS = 180_000

CONF = """
import sys
sys.path.insert(0, {ext!r})
project = "castlerules"
extensions = ["castlerules_docs.playground"]
html_theme = "furo"
html_static_path = [{static!r}]
smartquotes = False
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("CASTLERULES_DOCS_SITE", "").strip()
    if given:
        assert (Path(given) / "play.html").is_file(), f"{given} has no play.html"
        return Path(given)
    if shutil.which("chromium") is None:
        pytest.fail("Chromium is needed: apt-get install chromium")
    src = tmp_path_factory.mktemp("play-src")
    (src / "conf.py").write_text(CONF.format(ext=str(DOCS / "_ext"), static=str(DOCS / "_static")))
    (src / "index.rst").write_text("castlerules\n===========\n\n.. toctree::\n\n   play\n")
    shutil.copyfile(DOCS / "play.rst", src / "play.rst")
    out = src.parent / (src.name + "-html")
    command = [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src), str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-4000:]
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm", ".js": "text/javascript"}  # fmt: skip

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def base(site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    # conftest caps the address space of the tests; a browser (and WebAssembly) needs more.
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
    try:
        manager = sync_playwright().start()
        chromium = manager.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    yield chromium
    chromium.close()
    manager.stop()


class Page:
    """One open Play page, with every request off 127.0.0.1 refused and noted."""

    def __init__(self, browser: Any, base: str, query: str, width: int = 1280) -> None:
        self.base = base
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(base + "play.html" + query)
        self.page.wait_for_function("document.getElementById('status').textContent !== 'loading'",
                                    timeout=LOAD_MS)  # fmt: skip
        assert self.text("status") == "ready", self.text("error")
        self.settle()

    def _route(self, route: Any) -> None:
        if route.request.url.startswith(self.base):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def text(self, element_id: str) -> str:
        return str(self.page.text_content(f"#{element_id}") or "").strip()

    def settle(self) -> None:
        try:
            self.page.wait_for_function("document.documentElement.dataset.busy === '0'", timeout=120_000)
        except Exception as exc:
            raise AssertionError(f"the page stayed busy: {self.text('turn')!r}, {self.text('activity')!r}, "
                                 f"{self.text('error')!r}, moves {self.moves()[-5:]}") from exc

    def moves(self) -> list[str]:
        return [str(t) for t in self.page.locator("#movelist li code").all_text_contents()]

    def close(self) -> None:
        assert not self.errors, self.errors
        assert not self.outside, f"requests off the site: {self.outside}"
        self.context.close()


def url(game: Any, moves: list[str], position: str = "", seats: str = "", auto: bool = False) -> str:
    query = f"?game={game.name}&players={game.num_players}"
    readings = game.options.get("readings")
    if readings:
        query += "&readings=" + quote(",".join(f"{k}={v}" for k, v in readings.items()), safe="=,")
    if position:
        query += "&position=" + quote(position, safe="")
    if moves:
        query += "&moves=" + ";".join(quote(m, safe="") for m in moves)
    if seats:
        query += f"&seats={seats}"
    return query + ("&auto=1" if auto else "")


def random_moves(game: Any, seed: int, plies: int, state: Any = None) -> tuple[list[str], Any]:
    """Move texts of a seeded random game, and the state they reach (computed here, in Python)."""
    rng = random.Random(seed)
    state = game.initial_state() if state is None else state
    texts = []
    for _ in range(plies):
        if game.is_terminal(state):
            break
        if game.is_chance(state):
            outcomes = game.chance_outcomes(state)
            action = outcomes[rng.randrange(len(outcomes))][0]
        else:
            action = rng.choice(game.legal_actions(state))
        texts.append(game.action_to_str(state, action))
        state = game.apply(state, action)
    return texts, state


def replayed(game: Any, texts: list[str], start: str = "") -> str:
    state = game.state_from_text(start) if start else game.initial_state()
    for text in texts:
        state = game.play(state, text)
    return str(game.state_to_text(state))


GAMES = [
    castlerules.make("vlotte-geesten", players=5),
    castlerules.make("splut", players=3, readings={"levitate-behind": "forbidden"}),
    castlerules.make("spookslot", players=4),
    castlerules.make("kasteel"),
]


def test_the_first_troll_move_through_the_url_offline(browser: Any, base: str) -> None:
    page = Page(browser, base, "?game=splut&moves=p0%20Tf2-f3")
    game = castlerules.make("splut")
    assert page.text("position") == game.state_to_text(game.play(game.initial_state(), "p0 Tf2-f3"))
    assert page.text("error") == ""
    page.close()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_moves_in_the_url_reach_the_position_castlerules_computes(browser: Any, base: str, game: Any) -> None:
    texts, state = random_moves(game, seed=11, plies=25)
    page = Page(browser, base, url(game, texts))
    assert page.text("error") == ""
    assert page.text("position") == game.state_to_text(state)
    assert page.moves() == texts
    page.close()


def test_an_illegal_move_in_the_url_stops_there_with_the_library_error(browser: Any, base: str) -> None:
    game = castlerules.make("splut")
    first = game.play(game.initial_state(), "p0 Tf2-f3")
    bad = game.parse_action(first, "p1 Sf8-f6")
    found = game.violation(first, bad)
    assert found is not None
    page = Page(browser, base, "?game=splut&moves=" + ";".join(quote(m) for m in ["p0 Tf2-f3", "p1 Sf8-f6", "p1 Td8-d7"]))
    assert page.text("position") == game.state_to_text(first)
    error = page.text("error")
    assert found.clause in error and found.reason in error and found.text_nl in error
    page.close()
    page = Page(browser, base, "?game=kasteel&moves=skull%20a9;skull%20zz")
    assert "'zz' is not a square name" in page.text("error") and page.moves() == ["skull a9"]
    page.close()
    page = Page(browser, base, "?game=chess&moves=e2-e4")
    assert "unknown game 'chess'" in page.text("error") and page.moves() == []
    page.close()


def click_move(page: Page, rng: random.Random, wanted: str | None = None) -> bool:
    """Play one legal move of a human seat (``wanted``, or one at random) the way a person does:
    its squares on the board, then its button if the squares leave a choice; a move without
    squares by its button."""
    buttons = page.page.locator("#legal button[data-move]")
    if wanted is not None:
        buttons = page.page.locator(f'#legal button[data-move="{wanted}"]')
        assert buttons.count() == 1, (wanted, page.text("turn"), page.text("error"))
    count = buttons.count()
    if count == 0:
        roll = page.page.locator("#roll")
        if roll.count():
            roll.click()
            page.settle()
            return True
        return False
    chosen = buttons.nth(rng.randrange(count))
    text, squares = chosen.get_attribute("data-move"), (chosen.get_attribute("data-squares") or "").split()
    before = len(page.moves())
    for square in squares:
        page.page.click(f'#board [data-square="{square}"]')
        page.settle()
        if len(page.moves()) > before:
            break
    else:
        page.page.click(f'#legal button[data-move="{text}"]')
        page.settle()
    played = page.moves()[before:]
    assert played and played[0] == text, (text, squares, played, page.text("error"))
    return True


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_moves_by_clicking_reach_the_position_castlerules_computes(browser: Any, base: str, game: Any) -> None:
    seats = ",".join(["human"] * game.num_players)
    page = Page(browser, base, url(game, [], seats=seats, auto=True))
    rng = random.Random(5)
    for _ in range(12):
        if not click_move(page, rng):
            break
    assert len(page.moves()) >= 8
    assert page.text("position") == replayed(game, page.moves())
    page.close()


def test_a_click_that_breaks_a_rule_shows_its_clause(browser: Any, base: str) -> None:
    game = castlerules.make("splut")
    found = game.violation(game.initial_state(), game.parse_action(game.initial_state(), "p0 Tf2-f4"))
    assert found is not None
    page = Page(browser, base, "?game=splut&seats=human,human")
    page.page.click('#board [data-square="f2"]')
    page.settle()
    page.page.click('#board [data-square="f4"]')
    page.settle()
    error = page.text("error")
    assert found.clause in error and found.text_nl in error and found.reason in error
    assert page.moves() == []
    page.close()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_game_is_played_to_its_end_by_clicking(browser: Any, base: str, game: Any) -> None:
    """From a position 40 moves before the end of a seeded random game (computed here) to the end,
    every move clicked. In the games without chance after the start (Splut!, Kasteel) every seat is
    a person who clicks the recorded game's moves, so the page must reach its end; Spookslot is
    played against the random bot (the page rolls), Vlotte Geesten with every seat clicked (bots
    would win each race before a click)."""
    texts, end = random_moves(game, seed=3, plies=100_000)
    assert game.is_terminal(end)
    _, late = random_moves(game, seed=3, plies=max(0, len(texts) - 40))
    start = game.state_to_text(late)
    script = texts[max(0, len(texts) - 40):] if game.name in ("splut", "kasteel") else None
    others = "random" if game.name == "spookslot" else "human"
    seats = ",".join(["human"] + [others] * (game.num_players - 1))
    page = Page(browser, base, url(game, [], position=start, seats=seats, auto=True))
    rng = random.Random(9)
    for n in range(400):
        if page.text("turn").startswith("Game over"):
            break
        wanted = script[n] if script is not None and n < len(script) else None
        if not click_move(page, rng, wanted):
            page.page.wait_for_timeout(300)
            page.settle()
    assert page.text("turn").startswith("Game over"), page.text("turn")
    assert page.text("position") == replayed(game, page.moves(), start)
    assert game.is_terminal(game.state_from_text(page.text("position")))
    if script is not None:
        assert page.moves() == script
    page.close()


def test_positions_records_undo_and_readings_in_the_page(browser: Any, base: str, tmp_path: Path) -> None:
    game = castlerules.make("splut", readings={"levitate-behind": "forbidden"})
    texts, state = random_moves(game, seed=4, plies=6)
    page = Page(browser, base, url(game, texts))
    assert page.page.locator('#readings select[data-interp="levitate-behind"]').input_value() == "forbidden"
    # undo: every seat is a person here, so one move goes back
    page.page.click("#undo")
    page.settle()
    assert page.text("position") == replayed(game, texts[:-1]) and page.moves() == texts[:-1]
    # the record downloads, and loads back through the rules
    with page.page.expect_download() as download:
        page.page.click("#download-record")
    saved = tmp_path / "record.json"
    download.value.save_as(saved)
    record = castlerules.Record.from_json(saved.read_text(encoding="utf-8"))
    assert list(record.actions) == texts[:-1] and record.options_dict()["readings"]
    page.page.set_input_files("#load-record", str(saved))
    page.settle()
    assert page.moves() == texts[:-1] and page.text("error") == ""
    broken = tmp_path / "broken.json"
    broken.write_text(saved.read_text(encoding="utf-8").replace(texts[2], "p0 Sd2-d9"), encoding="utf-8")
    page.page.set_input_files("#load-record", str(broken))
    page.settle()
    assert "RecordError" in page.text("error") and page.moves() == texts[:-1]
    # a pasted position: refused with the library's message, or set up
    page.page.fill("#position-input", "Sd2,Tf2/x")
    page.page.click("#setup-position button")
    page.settle()
    with pytest.raises(castlerules.RulesError) as refused:
        game.state_from_text("Sd2,Tf2/x")
    assert str(refused.value) in page.text("error")
    page.page.fill("#position-input", game.state_to_text(state))
    page.page.click("#setup-position button")
    page.settle()
    assert page.text("position") == game.state_to_text(state) and page.moves() == []
    page.close()
