"""A Play page in Chromium, driven as a visitor drives it, and the seeded games the tests compare
it with (computed here, in Python, with the library)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

#: How long the page may take to load Python (a busy 2-core machine took about 25 s).
LOAD_MS = 180_000


class Page:
    """One open Play page, with every request off 127.0.0.1 refused and noted."""

    def __init__(self, browser: Any, base: str, query: str, width: int = 1280, height: int = 900) -> None:
        self.base = base
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(base + "play.html" + query)
        self.ready()

    def ready(self) -> None:
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

    def visible_error(self) -> str:
        return self.text("error") if self.page.is_visible("#error") else ""

    def settle(self) -> None:
        try:
            self.page.wait_for_function("document.documentElement.dataset.busy === '0'", timeout=120_000)
        except Exception as exc:
            raise AssertionError(f"the page stayed busy: {self.text('turn')!r}, {self.text('activity')!r}, "
                                 f"{self.text('error')!r}, moves {self.moves()[-5:]}") from exc

    def moves(self) -> list[str]:
        return [str(t) for t in self.page.locator("#movelist li code").all_text_contents()]

    def open(self, hash_: str, bots: bool = True) -> None:
        """Follow a link to this page that differs only in its hash (the page keeps Python): until
        the page has opened it and nothing is due (``bots=False``: until the worker is idle, while
        a game of bots may go on)."""
        before = int(self.page.evaluate("document.documentElement.dataset.opened || '0'"))
        self.page.evaluate("h => { location.hash = h; }", hash_)
        self.page.wait_for_function(f"Number(document.documentElement.dataset.opened || '0') > {before}",
                                    timeout=120_000)  # fmt: skip
        if bots:
            self.settle()
        else:
            self.page.wait_for_function("document.documentElement.dataset.working === '0'", timeout=120_000)

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.settle()

    def close(self) -> None:
        assert not self.errors, self.errors
        assert not self.outside, f"requests off the site: {self.outside}"
        self.context.close()


def url(game: Any, moves: list[str], position: str = "", seats: str = "", auto: bool = False, mark: str = "?") -> str:
    """A link of the page's contract for ``game`` (after ``?`` or, with ``mark="#"``, in the hash)."""
    query = f"{mark}game={game.name}&players={game.num_players}"
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


def random_moves(game: Any, seed: int, plies: int, state: Any = None,
                 until: Callable[[Any, Any, str], bool] | None = None) -> tuple[list[str], Any]:  # fmt: skip
    """Move texts of a seeded random game, and the state they reach (computed here, in Python);
    with ``until(before, after, text)``, they stop after the first ply for which it holds."""
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
        before, state = state, game.apply(state, action)
        if until is not None and until(before, state, texts[-1]):
            break
    return texts, state


def replayed(game: Any, texts: list[str], start: str = "") -> str:
    state = game.state_from_text(start) if start else game.initial_state()
    for text in texts:
        state = game.play(state, text)
    return str(game.state_to_text(state))


#: A square named in a move's notation (Splut ``Tf2-f3``, Kasteel ``f1-f4``).
SQUARE_WORD = re.compile(r"(?<![a-z])[a-s](?:1[0-9]|[1-9])(?![0-9])")


def play_move(page: Page, text: str) -> None:
    """Play ``text`` as a visitor who reads the notation: click its squares on the board (the
    squares it names, in order), then its button if the clicks leave a choice; a move without
    squares by its button, or typed when it has none."""
    before = len(page.moves())
    squares = [q for q in SQUARE_WORD.findall(text.split(" ", 1)[-1]) if page.page.locator(f'#board [data-square="{q}"]').count()]
    for square in squares:
        page.click(f'#board [data-square="{square}"]')
        if len(page.moves()) > before:
            break
    if len(page.moves()) == before:
        button = page.page.locator(f'#legal button[data-move="{text}"]')
        if button.count():
            page.click(f'#legal button[data-move="{text}"]')
        else:
            page.page.fill("#move-input", text)
            page.click("#typed button")
    played = page.moves()[before:]
    assert played and played[0] == text, (text, squares, played, page.visible_error())


def play_one(page: Page, game: Any, rng: random.Random, wanted: str | None = None) -> bool:
    """One legal move of a person's seat (``wanted``, or one at random among the position's legal
    moves as the library lists them), or the roll at a chance node; False when there is nothing to
    do."""
    if page.page.locator("#roll").count():
        page.click("#roll")
        return True
    state = game.state_from_text(page.text("position"))
    if game.is_terminal(state) or not game.legal_actions(state):
        return False
    if wanted is None:
        wanted = game.action_to_str(state, rng.choice(game.legal_actions(state)))
    play_move(page, wanted)
    return True
