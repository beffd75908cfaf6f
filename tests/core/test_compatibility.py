"""Records and state JSON written by earlier versions keep loading and replaying.

``tests/corpus/<version>/<game>.jsonl`` holds, one JSON object a line, records of seeded random games
(with the final state each reached) and states sampled from them, exactly as that version wrote them.
``tools/corpus.py`` writes the current version's corpus; run it once per version, never edit an old one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import castlerules
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
        made = castlerules.make(record.game, **record.options_dict())
        assert states[-1] == made.state_from_json(entry["final"])
    else:
        made = castlerules.make(game, **entry["options"])
        state = made.state_from_json(entry["json"])
        assert made.state_from_json(made.state_to_json(state)) == state
        assert made.state_from_text(made.state_to_text(state)) == state
        if "text" in entry:  # a version with the position notation wrote its text too
            assert made.state_from_text(entry["text"]) == state
