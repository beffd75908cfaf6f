"""The playground session (``castlerules.playground``), which the docs' Play page drives under
Pyodide: it plays what the library plays, names the clause of an illegal move, clicks map onto the
squares of the game's SVG, and a stranger's position or record only ever gives an error back."""

from __future__ import annotations

import json
import re

import pytest

import castlerules
from castlerules.playground import Session, catalog, parse_readings


def test_the_catalog_lists_every_game_with_its_player_counts_and_readings() -> None:
    found = {g["name"]: g for g in catalog()}
    assert list(found) == list(castlerules.games())
    assert found["splut"]["players"] == [2, 4] and found["kasteel"]["players"] == [2, 2]
    levitate = [i for i in found["splut"]["interpretations"] if i["short_id"] == "levitate-behind"]
    assert levitate and {"forbidden"} <= {o["id"] for o in levitate[0]["options"]}
    json.dumps(found)  # the page receives it as JSON


def test_a_move_plays_what_the_library_plays() -> None:
    session = Session("splut", players=2)
    assert session.play("p0 Tf2-f3") == {"played": "p0 Tf2-f3"}
    game = castlerules.make("splut", players=2)
    assert session.view()["position"] == game.state_to_text(game.play(game.initial_state(), "p0 Tf2-f3"))


def test_an_illegal_move_names_its_clause_in_dutch_and_english_and_changes_nothing() -> None:
    session = Session("splut")
    before = session.view()["position"]
    error = session.play("p0 Tf2-f4")["error"]
    assert error["clause"] == "splut.beweging.orthogonaal"
    assert error["nl"].startswith("Alle stukken bewegen één vak") and "f2-f4" in error["en"]
    assert session.view()["position"] == before and session.view()["moves"] == []
    assert session.play("p0 hop")["error"]["kind"] == "ParseError"


def test_a_click_that_is_no_legal_move_is_answered_with_its_clause() -> None:
    session = Session("splut")
    found = session.attempt(["f2", "e2"])  # the troll onto its own dwarf
    assert found["error"]["clause"] == "splut.beweging.bezet"
    assert session.attempt(["f2", "f4"])["error"]["clause"] == "splut.beweging.orthogonaal"
    kasteel = Session("kasteel", options={"skull_squares": []})
    assert kasteel.attempt(["f1", "a1"])["error"]["clause"].startswith("kasteel.")


@pytest.mark.parametrize("name", ["splut", "kasteel", "spookslot"])
def test_every_clickable_move_names_squares_of_the_picture(name: str) -> None:
    session = Session(name, seed=3)
    for _ in range(30):
        view = session.view()
        if view["terminal"]:
            break
        if view["chance"]:
            session.roll()
            continue
        drawn = set(re.findall(r'data-square="([^"]+)"', view["svg"]))
        game, state = session.game, session.state
        assert sorted(m["text"] for m in view["legal"]) == sorted(
            game.action_to_str(state, a) for a in game.legal_actions(state))
        for move in view["legal"]:
            assert set(move["squares"]) <= drawn, move
        session.bot(view["actors"][0])


def test_chance_is_drawn_from_the_outcomes_with_their_probability() -> None:
    session = Session("spookslot", seed=5)
    game = castlerules.make("spookslot")
    outcomes = {game.action_to_str(game.initial_state(), a): p
                for a, p in game.chance_outcomes(game.initial_state())}  # fmt: skip
    done = session.roll()
    assert done["played"] in outcomes and done["probability"] == str(outcomes[done["played"]])
    assert "error" in Session("splut").roll()  # not a chance node


def test_undo_takes_back_to_before_the_last_human_move() -> None:
    session = Session("splut", seed=1)
    session.play("p0 Tf2-f3")
    session.bot(1)
    assert session.undo(keep_from=[0]) and session.view()["moves"] == []
    assert not session.undo()


def test_a_pasted_position_is_validated_by_the_library() -> None:
    session = Session("vlotte-geesten", players=3)
    assert session.set_position("0,0,0 35 0 p0 BBCMX - - -")["error"]["kind"] == "ParseError"
    assert session.set_position("0,0,1 35 0 p0 - - - -")["error"]["kind"] == "InvalidStateError"
    assert session.set_position("0,0,0 35 0 p0 BBCMB - - -") == {}
    assert session.play("p1 grab mouse") == {"played": "p1 grab mouse"}
    assert session.view()["position"] == "0,1,0 34 0 p1 - - - -"
    assert "error" in session.record_json()  # a record has no start position but the game's


def test_a_record_round_trips_and_a_bad_one_names_its_ply() -> None:
    session = Session("kasteel", seed=2)
    while session.view()["chance"]:
        session.roll()
    session.play(session.view()["legal"][0]["text"])
    text = session.record_json()["record"]
    assert Session.from_record(text).view()["position"] == session.view()["position"]
    data = json.loads(text)
    data["actions"][-1] = "a1-a19"
    with pytest.raises(castlerules.RecordError, match="ply"):
        Session.from_record(json.dumps(data))
    with pytest.raises(castlerules.RulesError):
        Session.from_record('{"game": "splut", "options": {"board": "/etc/passwd"}, "actions": []}')


def test_readings_come_as_the_url_writes_them() -> None:
    assert parse_readings("levitate-behind=forbidden, a=b") == {"levitate-behind": "forbidden", "a": "b"}
    with pytest.raises(castlerules.RulesError):
        parse_readings("levitate-behind")
    session = Session("splut", readings="levitate-behind=forbidden")
    assert session.game.reading("levitate-behind") == "forbidden"
    with pytest.raises(castlerules.RulesError):
        Session("splut", readings="levitate-behind=nonsense")
