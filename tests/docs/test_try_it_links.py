"""The "try it" links of the docs: every worked example opens the Play page at its position, and
with its moves played reaches the position the example says — read as the page reads a URL and
played by the session the page runs (``castlerules.playground.Host``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

import castlerules
from castlerules.core.examples import load_examples
from castlerules.playground import Host

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs" / "_ext"))
from castlerules_docs.playground import try_it, try_it_url


def open_link(url: str) -> dict[str, object]:
    """What the page does with a link: the parameters in its hash (else its query) to the
    session's ``new`` command."""
    parts = urlsplit(url)
    assert parts.path.endswith("play.html")
    found = parts.fragment if "game=" in parts.fragment else parts.query
    query = {k: v[0] for k, v in parse_qs(found, keep_blank_values=True).items()}
    moves = [m for m in query.get("moves", "").split(";") if m.strip()]
    args = {"game": query["game"], "players": query["players"], "readings": query.get("readings", ""),
            "options": query.get("options", ""), "position": query.get("position", ""), "moves": moves}  # fmt: skip
    answer: dict[str, object] = json.loads(Host().handle(json.dumps({"cmd": "new", "args": args})))
    return answer


@pytest.mark.parametrize("name", castlerules.games())
def test_every_worked_example_opens_at_its_position_and_plays_to_its_end(name: str) -> None:
    examples = load_examples(name)
    assert examples
    for e in examples:
        game = castlerules.make(name, **e.options_dict())
        start = open_link(try_it_url(game, e.before))
        assert "error" not in start, (e.id, start.get("error"))
        assert start["view"]["position"] == game.state_to_text(game.state_from_text(e.before))  # type: ignore[index]
        end = open_link(try_it_url(game, e.before, tuple(e.moves)))
        assert "error" not in end, (e.id, end.get("error"))
        assert end["view"]["position"] == e.after, e.id  # type: ignore[index]


def test_a_link_carries_the_readings_and_other_options() -> None:
    game = castlerules.make("splut", players=3, readings={"levitate-behind": "forbidden"})
    opened = open_link(try_it_url(game, None))
    assert opened["view"]["options"] == game.options  # type: ignore[index]
    kasteel = castlerules.make("kasteel", skull_squares=["d10", "f10"])
    assert open_link(try_it_url(kasteel, None))["view"]["options"] == kasteel.options  # type: ignore[index]
    line = try_it(game, "x y", ("p0 Tf2-f3",), depth=2)[0]
    assert line.startswith("`Try it in the playground <../../play.html#game=splut&players=3")
    assert "moves=p0%20Tf2-f3>`__" in line
