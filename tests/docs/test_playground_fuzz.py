"""The Play page fuzzed through the real page (the fuzz tier, in the slow tier): hostile URL
parameters and record files, in headless Chromium, served from 127.0.0.1 only.

What must hold for every input: the page gets to "ready" and answers again (it never hangs, and
Python in its worker never dies), it shows the library's refusal in words when there is one, no
script in an input runs (``window.pwned`` stays unset), no request leaves the site, and the page
raises no JavaScript error. The named inputs are the campaign's findings (nested JSON that once
killed Pyodide's decoder, player counts that once froze the tab); then random combinations of
hostile values, bounded in count (``CASTLERULES_FUZZ=1``: 20 times as many) and each in time.
Run with ``-s`` to see the table of inputs tried and what the page said.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playpage import Page
from strategies import FUZZ_SCALE

import castlerules

pytestmark = pytest.mark.slow

PWN = "<img src=x onerror=window.pwned=1>"
#: Hostile values for each parameter of the page's URL contract.
VALUES: dict[str, list[str]] = {
    "game": ["splut", "kasteel", PWN, "__proto__", "constructor", "Splut", "x" * 5000, ""],
    "players": ["100000", "1e20", "1e400", "-1", "0", "abc", "", "3.5", "9" * 40, "2", "4"],
    "readings": ["a", "=", ",,,", "levitate-behind=forbidden,levitate-behind=allowed", PWN,
                 "levitate-behind=" + "x" * 3000, "seating=seating-order"],
    "options": ['{"a":' * 1600 + "1" + "}" * 1600, "[" * 5000 + "]" * 5000, '{"x": NaN}', "[1,2]",
                '"text"', '{"board": "/etc/passwd"}', '{"players": 4}', "{" * 33, "x" * 20_000, "{}"],
    "position": ["garbage", PWN, "x" * 10_000, "-,-/-,- p0 move3 - - -", "Sd2,Tf2/x"],
    "moves": [";".join(["x"] * 5001), "<script>window.pwned=1</script>", ";".join(["p0 Tf2-f3"] * 3),
              "p0%20Tf2-f3;" + "%00" * 50, PWN],
    "seats": ["x" * 10_000, "," * 500, "<b>", "mcts,mcts,mcts,mcts", "human"],
    "auto": ["1", "0", "yes"],
}  # fmt: skip
#: The findings of the campaign, each opened as a fresh page (the contract's "?" form).
FINDINGS = [
    {"game": "splut", "options": VALUES["options"][0]},  # objects nested 1600 deep
    {"game": "splut", "options": VALUES["options"][1]},  # arrays nested 5000 deep
    {"game": "splut", "players": "100000"},
    {"game": "splut", "players": "1e400"},
    {"game": "splut", "players": "3", "options": '{"players": 4}'},
]


def query(params: dict[str, str]) -> str:
    return "&".join(f"{k}={quote(v, safe='')}" for k, v in params.items())


def check(page: Page, what: str, log: list[tuple[str, str]], bots: bool = True) -> None:
    """What must hold after an input (see the module docstring); notes what the page said.
    ``bots=False``: a game of bots the input started may go on meanwhile."""
    if bots:
        page.settle()
    assert page.text("status") == "ready", what
    assert page.page.evaluate("window.pwned") is None, what
    assert page.text("position"), what  # a game is on the board
    error = page.visible_error()
    for word in ("ParseError", "InvalidOptionError", "RecordError", "Traceback", "RequestError"):
        assert word not in error, (what, error)
    assert len(error) < 1500, (what, error[:200])
    log.append((what[:70], error[:110] or "(no error: opened)"))


def report(log: list[tuple[str, str]]) -> None:
    print()
    for what, said in log:
        print(f"  {what:<72} -> {said}")


def test_the_campaigns_findings_through_a_fresh_page_each(browser: Any, base: str) -> None:
    log: list[tuple[str, str]] = []
    for params in FINDINGS:
        page = Page(browser, base, "?" + query(params))
        check(page, json.dumps(params)[:70], log)
        assert page.visible_error(), params
        assert page.page.locator("#seats select").count() <= 8
        page.close()
    report(log)


def test_hostile_links_opened_one_after_another_in_one_page(browser: Any, base: str) -> None:
    rng = random.Random(31)
    page = Page(browser, base, "?game=splut")
    log: list[tuple[str, str]] = []
    inputs = [{"game": "splut", key: value} for key in VALUES for value in VALUES[key] if key != "game"]
    inputs += [{"game": value} for value in VALUES["game"]]
    rng.shuffle(inputs)
    for _ in range(12 * FUZZ_SCALE):
        keys = rng.sample(sorted(VALUES), rng.randrange(1, 4))
        inputs.append({k: rng.choice(VALUES[k]) for k in ["game", *keys]})
    for params in inputs[: 40 * FUZZ_SCALE]:
        page.open("#" + query(params), bots=False)
        check(page, json.dumps(params), log, bots=False)
    # the page still plays: a plain link after all that
    game = castlerules.make("splut")
    page.open("#game=splut&moves=p0%20Tf2-f3")
    assert page.text("position") == game.state_to_text(game.play(game.initial_state(), "p0 Tf2-f3"))
    page.close()
    report(log)


def records() -> list[tuple[str, bytes]]:
    good = castlerules.Record.new("splut", {"players": 2}, ("p0 Tf2-f3",)).to_json()
    return [
        ("options nested 3000 deep", ('{"game":"splut","options":' + "[" * 3000 + "]" * 3000 + ',"actions":[]}').encode()),
        ("options nested 1000 deep", ('{"game":"splut","options":' + '{"a":' * 1000 + "1" + "}" * 1000 + ',"actions":[]}').encode()),
        ("actions nested 40 deep", ('{"game":"splut","options":{},"actions":' + "[" * 40 + "]" * 40 + "}").encode()),
        ("a NaN seed", good.replace('"actions"', '"seed": NaN, "actions"').encode()),
        ("an integer of 5000 digits", good.replace('"actions"', f'"seed": {"9" * 5000}, "actions"').encode()),
        ("bytes that are no text", bytes(range(256)) * 40),
        ("UTF-16 with a byte order mark", good.encode("utf-16")),
        ("5001 actions", json.dumps({"game": "splut", "options": {}, "actions": ["p0 Tf2-f3"] * 5001}).encode()),
        ("script in an action", json.dumps({"game": "splut", "options": {}, "actions": [PWN]}).encode()),
        ("a board by path", json.dumps({"game": "spookslot", "options": {"board": "/etc/passwd"}, "actions": []}).encode()),
        ("an unknown game", json.dumps({"game": PWN, "options": {}, "actions": []}).encode()),
        ("a good record", good.encode()),
    ]  # fmt: skip


def test_hostile_record_files_loaded_in_the_page(browser: Any, base: str, tmp_path: Path) -> None:
    page = Page(browser, base, "?game=splut&seats=human,human")
    log: list[tuple[str, str]] = []
    for name, data in records():
        path = tmp_path / "record.json"
        path.write_bytes(data)
        page.page.set_input_files("#load-record", str(path))
        check(page, f"record: {name}", log)
        if name in ("a good record", "UTF-16 with a byte order mark"):  # JSON may be UTF-16
            assert page.moves() == ["p0 Tf2-f3"] or page.visible_error(), name
        else:
            assert page.visible_error(), name
    page.close()
    report(log)
