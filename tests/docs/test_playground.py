"""The docs' Play page in a real browser: Debian's Chromium, headless, driven by Playwright.

The page is built by the docs' own extension (``castlerules_docs.playground``: Pyodide from
``docs/node_modules``, the castlerules wheel of this checkout, attrs' wheel) into a site of its own,
so this test does not wait for the theorems of the full docs build; ``CASTLERULES_DOCS_SITE`` names an
already built ``html`` folder to use instead. The site is served from 127.0.0.1 and every request
anywhere else is refused and counted: the page must work offline.

The tests act as a visitor: they choose games with the menus and press New game, click pieces and
squares (or the buttons and keys the page offers), race the bots in Vlotte Geesten, open links, and
read what the page shows; the position is compared with what castlerules computes here.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from playpage import Page, play_one, random_moves, replayed, url

import castlerules

# builds a wheel of the checkout (in the checkout): on the worker that builds the docs, in turn
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("checkout-builds")]

GAMES = [
    castlerules.make("vlotte-geesten", players=5),
    castlerules.make("splut", players=3, readings={"levitate-behind": "forbidden"}),
    castlerules.make("spookslot", players=4),
    castlerules.make("kasteel"),
]


def catalog_entry(name: str) -> dict[str, Any]:
    from castlerules.playground import catalog

    return next(g for g in catalog() if g["name"] == name)


# -- the URL contract ---------------------------------------------------------------------------


def test_the_first_troll_move_through_the_url_offline(browser: Any, base: str) -> None:
    page = Page(browser, base, "?game=splut&moves=p0%20Tf2-f3")
    game = castlerules.make("splut")
    assert page.text("position") == game.state_to_text(game.play(game.initial_state(), "p0 Tf2-f3"))
    assert page.visible_error() == ""
    page.close()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_moves_in_the_url_reach_the_position_castlerules_computes(browser: Any, base: str, game: Any) -> None:
    texts, state = random_moves(game, seed=11, plies=25)
    page = Page(browser, base, url(game, texts))
    assert page.visible_error() == ""
    assert page.text("position") == game.state_to_text(state)
    assert page.moves() == texts
    # the same link with the set-up in the hash opens the same game in the page already open
    page.open(url(game, texts[:10], mark="#"))
    assert page.text("position") == replayed(game, texts[:10]) and page.moves() == texts[:10]
    page.close()


def test_an_illegal_move_in_the_url_stops_there_with_the_library_error(browser: Any, base: str) -> None:
    game = castlerules.make("splut")
    first = game.play(game.initial_state(), "p0 Tf2-f3")
    found = game.violation(first, game.parse_action(first, "p1 Sf8-f6"))
    assert found is not None
    page = Page(browser, base, "?game=splut&moves=" + ";".join(quote(m) for m in ["p0 Tf2-f3", "p1 Sf8-f6", "p1 Td8-d7"]))
    assert page.text("position") == game.state_to_text(first)
    error = page.visible_error()
    assert found.clause in error and found.reason in error and found.text_nl in error
    assert "Error" not in error  # words, not the exception's class
    page.open("#game=kasteel&moves=skull%20a9;skull%20zz")
    assert "'zz' is not a square name" in page.visible_error() and page.moves() == ["skull a9"]
    page.open("#game=chess&moves=e2-e4")
    assert "unknown game 'chess'" in page.visible_error() and page.moves() == []
    page.close()


@pytest.mark.parametrize("players", ["100000", "1e20", "1e400"])
def test_a_link_with_a_player_count_the_game_has_not_is_refused_at_once(browser: Any, base: str, players: str) -> None:
    """Such a count once made the page build a seat menu per player before asking the library."""
    page = Page(browser, base, f"?game=splut&players={players}")
    assert "players" in page.visible_error() and players[:6] in page.visible_error()
    assert page.page.locator("#players-select option").all_text_contents() == ["2", "3", "4"]
    assert page.page.locator("#seats select").count() == 2
    assert page.text("position") == castlerules.make("splut").state_to_text(castlerules.make("splut").initial_state())
    page.close()


# -- the menus ----------------------------------------------------------------------------------


def test_every_game_is_started_from_the_menus_and_its_address_reopens_it(browser: Any, base: str) -> None:
    """For each game: choose it, a player count, a ruleset, who plays a seat, and press New game;
    the page shows the start position castlerules computes for that set-up, and the address it
    then holds opens the same set-up in a fresh page."""
    page = Page(browser, base, "")
    for name in castlerules.games():
        info = catalog_entry(name)
        high = info["players"][1]
        players = high if high <= 4 else 3
        page.page.select_option("#game-select", name)
        page.page.select_option("#players-select", str(players))
        ruleset = info["rulesets"][-1] if info["rulesets"] else None
        if ruleset:
            page.page.click("#readings-box summary")
            page.page.select_option("#ruleset-select", ruleset["id"])
            page.page.click("#readings-box summary")
        page.page.select_option('#seats select[data-seat="1"]', "human")
        page.page.uncheck("#auto-roll")
        page.click("#new-game")
        shown = {k: v for k, v in (ruleset["readings"] if ruleset else {}).items()
                 if not any(i["id"] == k and i["keyword"] == "players" for i in info["interpretations"])}
        game = castlerules.make(name, players=players, readings=shown)
        assert page.visible_error() == "", (name, page.visible_error())
        assert page.text("position") == game.state_to_text(game.initial_state()), name
        assert page.moves() == []
        address = urlsplit(page.page.url)
        params = {k: v[0] for k, v in parse_qs(address.fragment).items()}
        assert params["game"] == name and params["players"] == str(players), address
        assert params["seats"].split(",")[:2] == ["human", "human"]
        made = castlerules.make(name, players=players, readings=dict(
            pair.split("=") for pair in params.get("readings", "").split(",") if pair))
        assert made.options == game.options, (name, params)
        again = Page(browser, base, "#" + address.fragment)
        assert again.text("position") == page.text("position"), name
        assert again.page.locator("#game-select").input_value() == name
        assert again.page.locator("#players-select").input_value() == str(players)
        again.close()
    page.close()


# -- playing by clicking ------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_moves_by_clicking_reach_the_position_castlerules_computes(browser: Any, base: str, game: Any) -> None:
    seats = ",".join(["human"] * game.num_players)
    page = Page(browser, base, url(game, [], seats=seats, auto=True))
    rng = random.Random(5)
    for _ in range(12):
        if not play_one(page, game, rng):
            break
    assert len(page.moves()) >= 8
    assert page.text("position") == replayed(game, page.moves())
    page.close()


def test_a_click_that_breaks_a_rule_is_answered_in_words_and_the_board_stays_put(browser: Any, base: str) -> None:
    game = castlerules.make("splut")
    found = game.violation(game.initial_state(), game.parse_action(game.initial_state(), "p0 Tf2-f4"))
    assert found is not None
    page = Page(browser, base, "?game=splut&seats=human,human")
    board = page.page.locator("#board svg").bounding_box()
    page.click('#board [data-square="f2"]')
    page.click('#board [data-square="f4"]')
    error = page.visible_error()
    assert found.clause in error and found.text_nl in error and found.reason in error
    assert "Error" not in error and error.startswith("×Illegal")
    assert page.page.locator("#board svg").bounding_box() == board  # the message did not move it
    assert page.moves() == []
    page.close()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_game_is_played_to_its_end_by_clicking(browser: Any, base: str, game: Any) -> None:
    """From a position 40 moves before the end of a seeded random game (computed here) to the end,
    every move clicked. In the games without chance after the start (Splut!, Kasteel) every seat is
    a person who clicks the recorded game's moves, so the page must reach its end; Spookslot is
    played against the random bot (the page rolls), Vlotte Geesten with every seat a person."""
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
        if not play_one(page, game, rng, wanted):
            page.page.wait_for_timeout(300)
            page.settle()
    assert page.text("turn").startswith("Game over"), page.text("turn")
    assert page.text("position") == replayed(game, page.moves(), start)
    assert game.is_terminal(game.state_from_text(page.text("position")))
    if script is not None:
        assert page.moves() == script
    page.close()


def test_kasteel_is_played_on_the_board(browser: Any, base: str) -> None:
    """No wall of buttons: the knights are clicked, then where they go; on a desktop screen a
    square is at least 28 pixels wide."""
    game = castlerules.make("kasteel")
    texts, state = random_moves(game, seed=2, plies=6)  # the skulls, then a few moves
    page = Page(browser, base, url(game, texts, seats="human,human"))
    square = page.page.locator('#board [data-square="a1"]').bounding_box()
    assert square["width"] >= 28 and square["height"] >= 28, square
    assert page.page.locator("#legal button").count() == 0
    assert f"{len(game.legal_actions(state))} legal moves" in page.text("legal")
    move = next(a for a in game.legal_actions(state) if game.action_to_str(state, a).count("-") == 1)
    text = game.action_to_str(state, move)
    frm, to = text.split("-")
    page.click(f'#board [data-square="{frm}"]')
    from_there = sorted(t for t in page.page.locator("#legal button").all_text_contents())
    assert from_there == sorted(game.action_to_str(state, a) for a in game.legal_actions(state)
                                if game.action_to_str(state, a).startswith(frm + "-"))  # fmt: skip
    page.click(f'#board [data-square="{to}"]')
    assert page.moves() == [*texts, text]
    assert page.text("position") == game.state_to_text(game.apply(state, move))
    page.close()


def test_the_move_list_numbers_every_move_whole_and_names_its_player_once(browser: Any, base: str) -> None:
    game = castlerules.make("splut")
    texts, _ = random_moves(game, seed=6, plies=40)
    page = Page(browser, base, url(game, texts))
    items = page.page.locator("#movelist li")
    assert items.count() == len(texts) >= 33
    for i in (8, 9, 32):
        number = items.nth(i).locator(".cr-num")
        assert number.text_content() == f"{i + 1}."
        fits = number.evaluate("n => n.scrollWidth <= n.clientWidth && n.getBoundingClientRect().left >= n.closest('ol').getBoundingClientRect().left")
        assert fits, f"move number {i + 1} is clipped"
        line = items.nth(i).text_content() or ""
        player = texts[i].split()[0]
        assert line.count(player) == 1, line
    page.close()


# -- chance in words ----------------------------------------------------------------------------


def test_a_spookslot_ghost_ball_is_told_in_words(browser: Any, base: str) -> None:
    """A seeded game up to a ghost ball that sends pawns back (found here); the page's move list
    and activity line say which trap fired and which pawn went from where to where."""
    game = castlerules.make("spookslot", players=3)

    def sends_back(before: Any, after: Any, text: str) -> bool:
        return text.startswith("ball ") and after.pawns != before.pawns

    texts, after = next(found for found in (random_moves(game, seed, 300, until=sends_back) for seed in range(500))
                        if sends_back(game.state_from_text(replayed(game, found[0][:-1])), found[1], found[0][-1]))  # fmt: skip
    before = game.state_from_text(replayed(game, texts[:-1]))
    page = Page(browser, base, url(game, texts, seats="human,human,human"))
    last = page.page.locator("#movelist li").last.text_content() or ""
    trap = texts[-1].split()[1]
    assert trap in last and "ghost ball" in last
    for p, (old, new) in enumerate(zip(before.pawns, after.pawns)):
        for k, (a, b) in enumerate(zip(old, new)):
            if a != b:
                assert f"p{p}{'ab'[k]} {a} → {b}" in last, last
    # the move buttons of a Spookslot turn say where each pawn lands
    state, cut = game.initial_state(), 0
    while game.is_chance(state) or not any(type(a).__name__ == "Move" for a in game.legal_actions(state)):
        state, cut = game.play(state, texts[cut]), cut + 1
    page.open(url(game, texts[:cut], mark="#", seats="human,human,human"))
    buttons = page.page.locator("#legal button[data-move]").all()
    assert buttons
    for button in buttons:
        action = game.parse_action(state, button.get_attribute("data-move"))
        dest = game.moves(state)[action]
        label = f"{'ab'[action.pawn]} → {dest.upper() if dest == 'exit' else dest}"
        assert (button.text_content() or "").startswith(label), (button.text_content(), label)
    page.close()


# -- Vlotte Geesten: a race -------------------------------------------------------------------


def page_text_everywhere(page: Page) -> str:
    """Everything the play area says about the game in play: its text, every attribute (titles
    too) and the picture; not the set-up form, whose readings quote rules that speak of "the
    answer" in general (the multi-grab reading)."""
    return str(page.page.evaluate(
        "(() => { const p = document.getElementById('playground').cloneNode(true);"
        " p.querySelector('#setup').remove(); return p.outerHTML; })()"
    )).lower()


def test_a_vlotte_geesten_round_is_a_race_the_visitor_can_win_by_clicking(browser: Any, base: str) -> None:
    from castlerules.vlotte_geesten.render import explain
    from castlerules.vlotte_geesten.rules import answer_of

    page = Page(browser, base, "")
    page.page.select_option("#game-select", "vlotte-geesten")
    page.page.select_option("#players-select", "3")
    page.page.select_option('#seats select[data-seat="1"]', "random")
    page.page.select_option('#seats select[data-seat="2"]', "mcts")
    page.page.fill("#bot-delay", "15")  # time enough to click first, even on a busy machine
    page.click("#new-game")
    page.page.wait_for_timeout(800)
    assert page.page.locator("#roll").count() == 1 and page.moves() == []  # the roll waits for me
    page.page.keyboard.press("Enter")  # the bots' reaction time runs from here: no waiting for them
    page.page.wait_for_function("document.querySelectorAll('#legal button[data-move]').length > 0")
    game = castlerules.make("vlotte-geesten", players=3)
    state = game.state_from_text(page.text("position"))
    assert state.dice is not None
    answer = answer_of(state.dice).name.lower()
    hidden = page_text_everywhere(page)
    for secret in ("answer", "situation", explain(state.dice).lower(), f"grab the {answer}"):
        assert secret not in hidden, secret
    page.page.click(f'#board [data-object="{answer}"]')
    page.settle()  # my grab settles the round: no bot is due any more
    assert page.moves()[1] == f"p0 grab {answer}"
    round_line = page.text("round")
    assert round_line.startswith(f"The answer was the {answer} (") and f"p0 grabbed the {answer}: right" in round_line
    assert "Points: p0 +1, supply 35 → 34." in round_line
    # the next roll waits for the visitor
    page.page.wait_for_timeout(1500)
    assert len(page.moves()) == 2 and page.page.locator("#roll").count() == 1
    # a key grabs too: the next round, by the object's number (1-5)
    page.page.click("#roll")
    page.page.wait_for_function("document.querySelectorAll('#legal button[data-move]').length > 0")
    state = game.state_from_text(page.text("position"))
    number = [o.name.lower() for o in type(state.dice[0])].index(answer_of(state.dice).name.lower()) + 1
    page.page.keyboard.press(str(number))
    page.settle()
    assert page.moves()[3] == f"p0 grab {answer_of(state.dice).name.lower()}"
    assert "p0 grabbed the" in page.text("round") and ": right" in page.text("round")
    page.close()


def test_the_bots_grab_after_their_reaction_time_when_the_visitor_waits(browser: Any, base: str) -> None:
    page = Page(browser, base, "?game=vlotte-geesten&players=2&seats=human,random")
    page.page.fill("#bot-delay", "0.5")
    page.click("#roll")
    page.page.wait_for_function("document.querySelectorAll('#movelist li').length >= 2", timeout=30_000)
    page.settle()
    assert page.moves()[1].startswith("p1 ")
    page.close()


def test_what_a_visitor_met_in_a_round_and_on_the_board(browser: Any, base: str) -> None:
    """Issue 36.4: two people at one screen both grab (the first by letter, the second by number);
    once the round is settled its dice and answer stay in the picture until the next roll, and its
    explanation is said in the round box and the move list, not a third time; Undo says what it
    took back; the link keeps the bots' settings, the ruleset and the readings played; the site
    asks for nothing that is not there (its icon)."""
    from castlerules.vlotte_geesten.rules import answer_of

    page = Page(browser, base, "?game=vlotte-geesten&players=2&seats=human,human&think=0.5&delay=7"
                "&ruleset=literal")
    missing: list[str] = []
    page.page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    assert page.page.input_value("#bot-seconds") == "0.5" and page.page.input_value("#bot-delay") == "7"
    assert page.page.input_value("#ruleset-select") == "literal"
    page.page.keyboard.press("Enter")
    page.page.wait_for_function("document.querySelectorAll('#legal .cr-objects').length === 2")
    headings = page.page.locator("#legal .cr-heading").all_text_contents()
    assert headings[0].startswith("p0: grab") and headings[1].startswith("p1: grab")
    game = castlerules.make("vlotte-geesten", players=2, ruleset="literal")
    state = game.state_from_text(page.text("position"))
    answer = answer_of(state.dice).name.lower()
    number = [o.name.lower() for o in type(state.dice[0])].index(answer) + 1
    page.page.keyboard.press("P")  # p0 passes
    page.settle()
    page.page.keyboard.press(str(number))  # p1 grabs the right object with its number
    page.settle()
    assert page.moves()[1:] == ["p0 pass", f"p1 grab {answer}"]
    said = page.text("round")
    assert f"p1 grabbed the {answer}: right" in said and said not in page.text("activity")
    svg = page.page.inner_html("#board")
    assert "Last roll" in svg and f"grab the {answer}" in svg and ">?<" not in svg
    page.click("#undo")
    assert page.text("activity") == f"Took back one move: p1 grab {answer}."  # the last person's
    link = parse_qs(urlsplit(page.page.url).fragment)
    assert link["think"] == ["0.5"] and link["delay"] == ["7"] and link["ruleset"] == ["literal"]
    assert "multi-grab=put-back" in link["readings"][0] and "ties=draw" in link["readings"][0]
    page.close()
    assert not missing, missing


def test_kasteel_says_what_chance_does_names_its_sides_and_what_was_clicked(browser: Any, base: str) -> None:
    """Issue 36.4: with the automatic roll off the turn line says what chance does with its odds;
    the sides are yellow and red as on the board; a click that makes no move names the squares
    clicked (no invented move) and an illegal move's box gives the rule in English too."""
    page = Page(browser, base, "?game=kasteel&seats=human,human&auto=0")
    assert page.text("turn").startswith("Chance: skull 1 of 4 falls on one of the 57 free plain "
                                        "ground squares of rows 9-11 (1/57 each), then yellow moves")
    for _ in range(4):
        page.click("#roll")
    assert page.text("turn") == "To move: yellow (human)"
    page.click('#board [data-square="f1"]')
    page.click('#board [data-square="g2"]')
    error = page.visible_error()
    assert "(you clicked f1 then g2)" in error and "p0 f1-g2" not in error
    page.page.fill("#move-input", "h2-h9")
    page.click("#typed button")
    game = castlerules.make("kasteel")
    rule = next(c.en for c in game.spec.clauses if c.id == "kasteel.spel.klimmen")
    assert f"Rule kasteel.spel.klimmen: {rule} In Dutch:" in " ".join(page.visible_error().split())
    page.close()


# -- phones, links, records ---------------------------------------------------------------------


def test_every_board_fits_a_phone(browser: Any, base: str) -> None:
    page = Page(browser, base, "?game=splut", width=390, height=844)
    opened = False
    for game in GAMES:
        page.open(url(game, random_moves(game, seed=1, plies=8)[0], mark="#"))
        assert page.text("position") == replayed(game, random_moves(game, seed=1, plies=8)[0])
        widths = page.page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1], (game.name, widths)
        box = page.page.locator("#board svg").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (game.name, box)
        assert page.page.locator("#turn").bounding_box()["y"] < box["y"], game.name  # whose turn: above
        legend = page.page.locator("#legend svg")
        if legend.count():
            # folded on a phone (the turn stays near), until the reader opens it: then it stays open
            assert legend.is_visible() == opened, game.name
            if not opened:
                page.page.click("#legend summary")
                opened = True
            box = page.page.locator("#board svg").bounding_box()  # the click may have scrolled
            key = legend.bounding_box()
            assert key["y"] >= box["y"] + box["height"] - 1 and key["x"] + key["width"] <= 390, (game.name, key)
    page.close()


def test_a_second_try_it_link_opens_in_the_play_page_already_running(browser: Any, base: str) -> None:
    docs = browser.new_context(viewport={"width": 1280, "height": 900})
    reader = docs.new_page()
    reader.goto(base + "links.html")
    with docs.expect_page() as opened:
        reader.click("#first")
    play = opened.value
    play.wait_for_function("document.getElementById('status')?.textContent === 'ready'", timeout=180_000)
    play.wait_for_function("document.documentElement.dataset.busy === '0'")
    splut = castlerules.make("splut")
    assert play.text_content("#position") == splut.state_to_text(splut.play(splut.initial_state(), "p0 Tf2-f3"))
    loaded = play.evaluate("document.documentElement.dataset.loadMs")
    play.evaluate("window.stillHere = true")
    reader.bring_to_front()
    reader.click("#second")
    play.wait_for_function("document.getElementById('game-select').value === 'kasteel'", timeout=30_000)
    play.wait_for_function("document.documentElement.dataset.busy === '0'")
    kasteel = castlerules.make("kasteel")
    assert play.text_content("#position") == replayed(kasteel, ["skull d10", "skull e11", "skull f9"])
    assert play.evaluate("window.stillHere") is True  # the same page: Python was not started again
    assert play.evaluate("document.documentElement.dataset.loadMs") == loaded
    assert len(docs.pages) == 2
    docs.close()


def test_positions_records_undo_and_readings_in_the_page(browser: Any, base: str, tmp_path: Path) -> None:
    game = castlerules.make("splut", readings={"levitate-behind": "forbidden"})
    texts, state = random_moves(game, seed=4, plies=6)
    page = Page(browser, base, url(game, texts))
    assert page.page.locator('#readings select[data-interp="levitate-behind"]').input_value() == "forbidden"
    # undo: every seat is a person here, so one move goes back
    page.click("#undo")
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
    assert page.moves() == texts[:-1] and page.visible_error() == ""
    broken = tmp_path / "broken.json"
    broken.write_text(saved.read_text(encoding="utf-8").replace(texts[2], "p0 Sd2-d9"), encoding="utf-8")
    page.page.set_input_files("#load-record", str(broken))
    page.settle()
    assert "The record does not replay" in page.visible_error() and page.moves() == texts[:-1]
    # a pasted position: refused with the library's message, or set up
    page.page.fill("#position-input", "Sd2,Tf2/x")
    page.click("#setup-position button")
    with pytest.raises(castlerules.RulesError) as refused:
        game.state_from_text("Sd2,Tf2/x")
    assert str(refused.value) in page.visible_error()
    page.page.fill("#position-input", game.state_to_text(state))
    page.click("#setup-position button")
    assert page.text("position") == game.state_to_text(state) and page.moves() == []
    page.close()


def test_the_play_page_files_that_never_change_have_names_their_contents_give(site: Path) -> None:
    import hashlib

    manifest = json.loads((site / "_play" / "manifest.json").read_text(encoding="utf-8"))
    runtime = site / "_play" / manifest["runtime"]
    digest = hashlib.sha256()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        digest.update(hashlib.sha256((runtime / name).read_bytes()).digest())
    assert runtime.name == f"pyodide-{digest.hexdigest()[:12]}"
    for wheel in manifest["wheels"]:
        path = site / "_play" / wheel
        assert path.name.split(".")[-2] == hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    assert [g["name"] for g in manifest["games"]] == list(castlerules.games())


def test_spookslot_chances_show_when_the_shipped_table_holds_the_position(
        browser: Any, base: str, site: Path) -> None:
    """The site ships the last-pawn race table: once both players have one pawn left the page
    shows each one's chance under perfect play (the library's, to the shown digits); before that
    it shows none."""
    from castlerules import solve as sv

    manifest = json.loads((site / "_play" / "manifest.json").read_text(encoding="utf-8"))
    (name,) = manifest["tables"]
    path = site / "_play" / name
    assert path.name.split(".")[-2] == __import__("hashlib").sha256(path.read_bytes()).hexdigest()[:12]
    table = sv.table_from_json(path.read_text(encoding="utf-8"))
    game = castlerules.make("spookslot")
    position = "h1,x/g7,x p0 roll - - -"
    chances = sv.chances_from(table, game, game.state_from_text(position))
    assert chances is not None
    page = Page(browser, base, f"?game=spookslot&position={quote(position)}&seats=human,human")
    shown = page.text("odds")
    assert shown.startswith("Chances to win, both playing perfectly:")
    for p, c in enumerate(chances):
        assert f"p{p} {100 * c:.1f}%" in shown
    page.open("#game=spookslot&seats=human,human")
    assert page.page.locator("#odds").is_hidden()
    page.close()
