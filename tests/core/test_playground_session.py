"""The playground session (``castlerules.playground``), which the docs' Play page drives under
Pyodide: it plays what the library plays, names the clause of an illegal move, clicks map onto the
squares of the game's SVG, and a stranger's position or record only ever gives an error back."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import FUZZ_SCALE

import castlerules
from castlerules.playground import Host, Session, catalog, parse_readings


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


# -- the third boundary campaign (issue 31): what a stranger's link or request may hold -----------


def spookslot_at_move(seed: int, wanted: Any) -> Session:
    """A Spookslot session played by random bots until ``wanted(session)`` holds at a move."""
    session = Session("spookslot", seed=seed)
    for _ in range(400):
        view = session.view()
        if view["chance"]:
            session.roll()
        elif wanted(session):
            return session
        else:
            session.bot(view["actors"][0])
    raise AssertionError("no such position in 400 plies")


def test_a_click_on_any_spookslot_square_is_answered_never_a_crash() -> None:
    """A square that starts no legal move once raised KeyError: the squares of an illegal route
    were found by applying it. Every square of the picture clicked, at several positions: an
    answer each time, and a click on the other player's pawn says whose turn it is."""
    session = spookslot_at_move(2, lambda s: s.view()["actors"] == [0] and s.state.pawns[1] != ("start", "start"))
    host = Host()
    host.session = session
    drawn = set(re.findall(r'data-square="([^"]+)"', session.view()["svg"]))
    for square in sorted(drawn):
        answer = session.attempt([square])
        assert answer == {} or answer["error"]["message"], (square, answer)
        through_host = json.loads(host.handle(json.dumps({"cmd": "attempt", "args": {"squares": [square]}})))
        assert through_host.get("error", {}).get("kind") != "RequestError", (square, through_host)
    theirs = next(q for q in session.state.pawns[1] if q != "start")
    found = session.attempt([theirs])
    assert found["move"].startswith("p1 ") and "player 0's turn" in found["error"]["en"]
    assert found["error"]["clause"].startswith("spookslot.")


def test_the_host_answers_every_request_with_json_even_a_deep_or_huge_one() -> None:
    host = Host()
    for request in ["[" * 100_000, "{" * 50_000, '{"cmd": "catalog", "args": ' + "[" * 5000 + "]" * 5000 + "}"]:
        answer = json.loads(host.handle(request))
        assert "nested more than" in answer["error"]["message"]
    json.loads(host.handle(json.dumps({"cmd": "new", "args": {"game": "splut"}})))
    answer = json.loads(host.handle(json.dumps({"cmd": "bot", "args": {"player": 0, "seconds": 10**400}})))
    assert answer.get("played"), answer  # the thinking time is clamped without a float overflow
    answer = json.loads(host.handle(json.dumps({"cmd": "bot", "args": {"player": 1, "seconds": "long"}})))
    assert "seconds: expected a number" in answer["error"]["message"]


def test_the_host_turns_a_recursion_or_overflow_anywhere_into_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    host = Host()
    json.loads(host.handle(json.dumps({"cmd": "new", "args": {"game": "splut"}})))
    for exc in (RecursionError("deep"), OverflowError("big"), MemoryError()):
        def boom(self: Any, exc: BaseException = exc) -> Any:
            raise exc
        monkeypatch.setattr(Session, "view", boom)
        answer = json.loads(host.handle(json.dumps({"cmd": "view"})))
        assert answer["error"]["kind"] == "RequestError", exc


def test_json_is_measured_before_it_is_decoded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deep JSON overflows a small native stack inside the decoder (a browser's WebAssembly fails
    before Python can raise RecursionError), so the one reader refuses it without decoding: the
    decoder is never called on it — for the page's options, records and state JSON alike."""
    import castlerules.core.jsonio as jsonio

    decoded: list[str] = []
    real = jsonio.json.loads
    monkeypatch.setattr(jsonio.json, "loads", lambda text, **kw: decoded.append(text) or real(text, **kw))
    deep_objects = '{"a":' * 1600 + "1" + "}" * 1600
    deep_arrays = "[" * 5000 + "]" * 5000
    answer = json.loads(Host().handle(json.dumps({"cmd": "new", "args": {"game": "splut", "options": deep_objects}})))
    assert answer["error"]["kind"] == "InvalidOptionError" and "nested" in answer["error"]["message"]
    record = '{"game": "splut", "options": ' + "[" * 3000 + "]" * 3000 + ', "actions": []}'
    with pytest.raises(castlerules.RecordError, match="nested more than"):
        castlerules.Record.from_json(record)
    with pytest.raises(castlerules.InvalidStateError, match="nested more than"):
        castlerules.make("splut").state_from_json(deep_arrays)
    assert decoded and not {deep_objects, record, deep_arrays} & set(decoded)  # only the request was


def depth_of(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    return 0


JSON_TEXT = st.text(alphabet='[]{}"\\,:ab ', max_size=6)
JSON_VALUES = st.recursive(
    st.none() | st.integers() | JSON_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(JSON_TEXT, inner, max_size=3),
    max_leaves=40,
)


@given(JSON_VALUES)
def test_the_depth_measured_is_the_depth_decoded(value: Any) -> None:
    from castlerules.core.jsonio import nesting_bound

    text = json.dumps(value)
    assert nesting_bound(text, 100) == depth_of(json.loads(text))


@pytest.mark.parametrize("text", ["[" * 40, "]" * 5 + "[" * 40, "[" * 33 + "]" * 33, '["' + "[" * 40 + '"]'])
def test_unbalanced_or_deep_text_is_bounded_not_decoded(text: str) -> None:
    from castlerules.core.jsonio import MAX_DEPTH, nesting_bound

    bound = nesting_bound(text)
    if text.startswith('["'):
        assert bound == 1  # brackets inside a string are text
    else:
        assert bound > MAX_DEPTH


@pytest.mark.parametrize("players", ["100000", "1e20", "1e400", 10**30, -1, True, "2.0"])
def test_a_player_count_from_a_link_is_refused_with_the_games_counts(players: Any) -> None:
    answer = json.loads(Host().handle(json.dumps({"cmd": "new", "args": {"game": "splut", "players": players}})))
    message = answer["error"]["message"]
    assert "players" in message and len(message) < 200
    assert ("2, 3, 4" in message) or "whole number" in message


def test_players_and_readings_given_twice_must_agree() -> None:
    def new(**args: Any) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(Host().handle(json.dumps({"cmd": "new", "args": {"game": "splut", **args}})))
        return answer

    clash = new(players=3, options=json.dumps({"players": 4}))["error"]
    assert clash["kind"] == "InvalidOptionError" and "players=3" in clash["message"] and "players=4" in clash["message"]
    assert new(players=3, options=json.dumps({"players": 3}))["view"]["players"] == 3
    clash = new(readings="levitate-behind=forbidden", options=json.dumps({"readings": {"levitate-behind": "allowed"}}))["error"]
    assert "'levitate-behind'" in clash["message"] and "'forbidden'" in clash["message"] and "'allowed'" in clash["message"]
    both = new(readings="levitate-behind=forbidden", options=json.dumps({"readings": {"levitate-ahead": "forbidden"}}))
    assert both["view"]["options"]["readings"] == {"levitate-behind": "forbidden",
                                                   "levitate-ahead": "forbidden"}  # fmt: skip
    twice = new(readings="levitate-behind=forbidden,levitate-behind=allowed")["error"]
    assert twice["kind"] == "ParseError" and "given twice" in twice["message"]
    assert "view" in new(readings="levitate-behind=forbidden,levitate-behind=forbidden")


def test_a_seat_is_a_seat_number_quoted_short() -> None:
    session = Session("splut")
    for player in ("0", "x" * 100_000, 1.0, None if False else True, [0], 7, -1):
        error = session.play("p0 Tf2-f3", player=player)["error"]  # type: ignore[arg-type]
        assert error["message"].startswith("player: expected a seat number from 0 to 1"), error
        assert len(error["message"]) < 160
        assert "this seat" not in error["message"]
    assert session.view()["moves"] == []
    assert session.play("p0 Tf2-f3", player=0) == {"played": "p0 Tf2-f3"}
    assert "this seat is p0" in session.play("p1 Sf8-f7", player=0)["error"]["message"]


# -- what the page shows in words -------------------------------------------------------------


def test_a_vlotte_geesten_round_keeps_its_answer_until_it_is_settled() -> None:
    from castlerules.vlotte_geesten.rules import answer_of

    session = Session("vlotte-geesten", players=3, seed=4)
    session.roll()
    dice = session.state.dice
    answer = answer_of(dice).name.lower()
    view = session.view()
    assert "answer" not in view["svg"] and "situation" not in view["svg"]
    assert all("answer" not in m["said"] for m in view["moves"])
    assert view["race"] and [o["name"] for o in view["objects"]] == ["chair", "ghost", "mouse", "bottle", "book"]
    assert {m["object"] for m in view["legal"] if m["player"] == 0 and "object" in m} == set(
        o["name"] for o in view["objects"])
    wrong = next(o["name"] for o in view["objects"] if o["name"] != answer)
    session.play(f"p1 grab {wrong}", player=1)
    assert "answer" not in session.view()["svg"] and not session.view()["round"]
    session.play(f"p0 grab {answer}", player=0)
    round_line = session.view()["round"]
    assert round_line.startswith(f"The answer was the {answer} (situation ")
    assert f"p1 grabbed the {wrong}: wrong" in round_line and f"p0 grabbed the {answer}: right" in round_line
    assert "supply 35 → 34" in round_line and session.view()["moves"][-1]["said"] == round_line


def test_spookslot_moves_say_where_they_land_and_the_ghost_ball_what_it_did() -> None:
    session = Session("spookslot", seed=1)
    session.roll()
    view = session.view()
    game, state = session.game, session.state
    for move in view["legal"]:
        dest = game.moves(state)[game.parse_action(state, move["text"])]
        assert move["label"].endswith(f"→ {dest.upper() if dest == 'exit' else dest}"), move
        assert move["label"].startswith(move["text"].split()[-1])  # the pawn's letter
    # a ghost ball that sends pawns back: its words name the trap and each pawn's way back
    found = None
    for seed in range(200):
        s = Session("spookslot", players=3, seed=seed)
        for _ in range(300):
            v = s.view()
            if v["terminal"]:
                break
            before = s.state
            if v["chance"]:
                s.roll()
            else:
                s.bot(v["actors"][0])
            if s.texts[-1].startswith("ball ") and before.pawns != s.state.pawns:
                found = (before, s.state, s.texts[-1], s.view()["moves"][-1]["said"])
                break
        if found:
            break
    assert found is not None
    before, after, text, said = found
    assert text.split()[1] in said  # the trap
    for p, (old, new) in enumerate(zip(before.pawns, after.pawns)):
        for k, (a, b) in enumerate(zip(old, new)):
            if a != b:
                assert f"p{p}{'ab'[k]} {a} → {b}" in said, (said, p, k, a, b)


def test_kasteel_skulls_are_said_in_words() -> None:
    session = Session("kasteel", seed=3)
    session.roll()
    square = session.texts[-1].split()[-1]
    assert session.view()["moves"][-1]["said"] == f"a skull falls on {square}"


# -- the session's requests fuzzed (CASTLERULES_FUZZ=1: 20 times as many) -------------------------

HOSTILE = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([10**400, -1, 0, 1, 2, 7, 1e308, -0.0, 0.5]),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30),
    st.sampled_from(["x" * 100_000, "<script>alert(1)</script>", "p0 Tf2-f3", "splut", "kasteel", "mcts",
                     "levitate-behind=forbidden", '{"players": 3}', "[" * 3000, "f2", "start", "0"]),
    st.lists(st.text(max_size=8), max_size=5), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)  # fmt: skip
ARGUMENTS = ("game", "players", "readings", "options", "position", "moves", "seed", "text", "player",
             "squares", "kind", "seconds", "humans", "extra")  # fmt: skip


@settings(max_examples=40 * FUZZ_SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from([*Host.COMMANDS, "nope", "__init__", "handle"]),
                          st.dictionaries(st.sampled_from(ARGUMENTS), HOSTILE, max_size=4)), max_size=6))  # fmt: skip
def test_hostile_requests_are_answered_with_json_and_a_short_error(requests: list[tuple[str, dict[str, Any]]]) -> None:
    host = Host()
    json.loads(host.handle(json.dumps({"cmd": "new", "args": {"game": "spookslot", "seed": 1}})))
    for command, args in requests:
        if args.get("kind") == "mcts":
            args["seconds"] = 0.05
        request = json.dumps({"cmd": command, "args": args}, allow_nan=False)
        answer = json.loads(host.handle(request))
        if "error" in answer:
            error = answer["error"]
            assert set(error) <= {"kind", "message", "clause", "nl", "en", "ply", "move"}, error
            assert len(error["message"]) <= 600, error
            assert error["kind"].endswith("Error"), error
        if "view" in answer:
            assert isinstance(answer["view"]["position"], str)


def test_a_random_bot_reaches_for_one_object_to_the_end_of_a_round() -> None:
    """Once the others have acted the bot is the only one left, and still grabs as a person does:
    one object or none (a grab of several is always wrong)."""
    for seed in range(30):
        session = Session("vlotte-geesten", players=3, seed=seed)
        session.roll()
        session.play("p0 pass")
        while session.view()["actors"]:
            session.bot(session.view()["actors"][0], "random")
        assert all("+" not in t for t in session.texts), session.texts


# -- issue 36: what a visitor met ------------------------------------------------------------------


def test_the_page_hears_what_chance_does_whose_seat_is_whose_and_what_undo_took() -> None:
    session = Session("kasteel")
    view = session.view()
    assert view["chance_said"].startswith("chance: skull 1 of 4 falls on one of the 57 free")
    assert view["names"] == ["yellow", "red"]
    refused = session.play("f1-f4")["error"]  # a move where chance acts first: what chance does
    assert refused["message"].startswith("chance acts first here: skull 1 of 4") and "clause" not in refused
    for _ in range(4):
        session.roll()
    assert session.view()["chance_said"] == ""
    clicked = session.attempt(["f1", "g2"])  # no move of the game starts so: the squares, no move
    assert clicked["clicked"] == "f1 then g2" and "move" not in clicked
    illegal = session.play("h2-h9")["error"]
    assert illegal["rule"] == next(c.en for c in session.game.spec.clauses if c.id == illegal["clause"])
    session.play("f1-f4")
    assert session.undo([0]) == ["f1-f4"] and session.undo([0]) == []  # what undo took back


def test_splut_moves_are_explained_in_words() -> None:
    words = {g["word"] for g in Session("splut").view()["glossary"]}
    assert {"pull", "lev", "throw"} <= words


def test_a_settled_round_keeps_its_dice_in_the_picture_and_a_race_hides_who_was_wrong() -> None:
    session = Session("vlotte-geesten", players=3, seed=3)
    session.roll()
    game, state = session.game, session.state
    from castlerules.vlotte_geesten.rules import answer_of

    wrong = next(o for o in ("chair", "ghost", "mouse", "bottle", "book")
                 if o != answer_of(state.dice).name.lower())
    session.play(f"p0 grab {wrong}")
    assert "grabbed wrongly" not in session.view()["svg"] and "done" in session.view()["svg"]
    session.play("p1 pass")
    session.play("p2 pass")
    svg = session.view()["svg"]
    assert game.is_chance(session.state) and "Last roll" in svg and ">?<" not in svg


def test_a_link_with_moves_is_read_as_its_version_wrote_it() -> None:
    """A 0.2 link (no multi-grab reading named) with a grab of several objects replays as played
    then; a link written now names the reading."""
    moves = ["roll bottle bottle chair mouse bottle", "p0 grab mouse+book", "p1 grab mouse"]
    host = Host()
    old = json.loads(host.handle(json.dumps({"cmd": "new", "args": {
        "game": "vlotte-geesten", "players": 3, "moves": moves}})))
    assert old["played"] == 2 and "already been grabbed" in old["error"]["message"]
    now = json.loads(host.handle(json.dumps({"cmd": "new", "args": {
        "game": "vlotte-geesten", "players": 3, "readings": "multi-grab=put-back", "moves": moves}})))
    assert now["played"] == 3 and now["view"]["options"]["readings"] == {"multi-grab": "put-back"}
    fresh = json.loads(host.handle(json.dumps({"cmd": "new", "args": {"game": "vlotte-geesten"}})))
    assert fresh["view"]["options"]["readings"] == {"multi-grab": "put-back"}
