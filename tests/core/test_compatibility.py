"""Records and state JSON written by earlier versions keep loading and replaying.

``tests/corpus/<version>/<game>.jsonl`` holds, one JSON object a line, records of seeded random games
(with the final state each reached) and states sampled from them, exactly as that version wrote them.
``tools/corpus.py`` writes the current version's corpus; run it once per version, never edit an old one.

An entry's options are read as the version that wrote them meant them (``castlerules.core.catalog
.make_stored``): where a default has changed since (Vlotte Geesten's multi-grab, ``put-back`` after
0.2), options that do not name the interpretation play the earlier default.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import castlerules
from castlerules.core.catalog import make_stored
from castlerules.core.record import Record, replay

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
ENTRIES = [
    (f"{path.parent.name}/{path.stem}#{i}", path.stem, json.loads(line))
    for path in sorted(CORPUS.glob("*/*.jsonl"))
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines())
    if line.strip()
]


def test_there_is_a_corpus_for_every_game() -> None:
    assert {game for _, game, _ in ENTRIES} == set(castlerules.games())


@pytest.mark.parametrize(("where", "game", "entry"), ENTRIES, ids=[e[0] for e in ENTRIES])
def test_old_records_replay_and_old_states_load(where: str, game: str, entry: dict[str, Any]) -> None:
    if entry["kind"] == "record":
        record = Record.from_json(json.dumps(entry["record"]))
        states = replay(record, every_state=True)
        made = make_stored(record.game, record.options_dict())
        assert states[-1] == made.state_from_json(entry["final"])
    else:
        made = make_stored(game, entry["options"])
        state = made.state_from_json(entry["json"])
        assert made.state_from_json(made.state_to_json(state)) == state
        assert made.state_from_text(made.state_to_text(state)) == state
        if "text" in entry:  # a version with the position notation wrote its text too
            assert made.state_from_text(entry["text"]) == state


# -- a changed default ----------------------------------------------------------------------------

#: A Vlotte Geesten round of 0.2 (multi-grab=all-taken, its default then, so its options do not name
#: it): the answer to bottle, bottle, chair, mouse, bottle is the mouse; p0 grabs the mouse and the
#: book at once, which took both for the round, so p1 could not grab the mouse and everybody
#: missed: p0's point went into the pot.
OLD_ROUND = ("roll bottle bottle chair mouse bottle", "p0 grab mouse+book", "p1 pass", "p2 pass")


def test_a_record_of_an_earlier_default_replays_as_it_was_played() -> None:
    old = Record.new("vlotte-geesten", {"players": 3, "first_player": 0}, OLD_ROUND)
    game = make_stored("vlotte-geesten", old.options_dict())
    assert game.reading("multi-grab") == "all-taken"
    final = replay(old)
    assert (final.scores, final.pot, final.supply) == ((0, 0, 0), 0, 35)  # p0 had nothing to give
    # the same grab under the default now (put-back): the mouse went back and p1 may grab it
    now = castlerules.make("vlotte-geesten", players=3)
    state = now.initial_state()
    for text in OLD_ROUND[:2]:
        state = now.play(state, text)
    assert now.is_legal(state, now.parse_action(state, "p1 grab mouse"))
    in_old = game.play(game.play(game.initial_state(), OLD_ROUND[0]), OLD_ROUND[1])
    assert not game.is_legal(in_old, game.parse_action(in_old, "p1 grab mouse"))


def test_a_record_written_now_names_the_reading_whose_default_changed() -> None:
    game = castlerules.make("vlotte-geesten", players=3)
    record = Record.new(game.name, game.options, (*OLD_ROUND[:2], "p1 grab mouse"))
    again = Record.from_json(record.to_json())
    assert again.options_dict()["readings"] == {"multi-grab": "put-back"}
    assert make_stored("vlotte-geesten", again.options_dict()) == game
    assert replay(again).scores == (0, 1, 0)


def test_an_old_state_loads_in_the_game_its_options_meant() -> None:
    """A 0.2 state in which p0's grab of the mouse (the answer) and the book took both: valid under
    all-taken, never reached under put-back, where the objects go back."""
    text = "1,0,0 34 0 p0 BBCMB p0 p0 MK"
    with pytest.raises(castlerules.RulesError, match="the answer cannot have been grabbed"):
        castlerules.make("vlotte-geesten", players=3).state_from_text(text)
    old = make_stored("vlotte-geesten", {"players": 3, "first_player": 0})
    assert old.state_to_text(old.state_from_text(text)) == text


def test_stored_options_that_name_the_reading_keep_it() -> None:
    for options in ({"readings": {"multi-grab": "refused"}},
                    {"readings": {"vg.interp.multi-grab": "put-back"}},
                    {"readings": {"ties": "draw"}, "players": 2}):
        game = make_stored("vlotte-geesten", options)
        named = options["readings"]
        expected = next(iter(named.values())) if "ties" not in named else "all-taken"
        assert game.reading("multi-grab") == expected
    with pytest.raises(castlerules.RulesError):
        make_stored("vlotte-geesten", {"readings": "multi-grab"})
