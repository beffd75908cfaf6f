"""Readings in combination: the covering array covers every pair (and triple) of options of
different interpretations, or lists what ``make`` refuses with ``make``'s reason; the plan runs,
under each configuration and at each player count it allows, the theorems that depend on the
readings; and the pairwise plan reaches the Spookslot bug that only lived in a pair."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from typing import Any

import pytest
from cli_runner import run as run_cli

import castlerules
from castlerules.core.combinations import CoveringArray, covering_array
from castlerules.core.errors import RulesError
from castlerules.core.plan import combination_plan, player_counts
from castlerules.core.spec import load_spec
from castlerules.core.theorem import Status, run
from castlerules.spookslot import board as spookslot_board


def _factor_ids(name: str) -> list[str]:
    """Every interpretation with two or more playable options but the player count, in spec
    order: read from the spec here."""
    return [i.id for i in load_spec(name).interpretations
            if sum(o.playable for o in i.options) >= 2 and i.keyword != "players"]


def _covers_or_refuses(array: CoveringArray) -> int:
    """Asserts every tuple of levels of different factors is in a configuration or holds a
    refused set; returns how many tuples there are."""
    configurations = [set(c.levels) for c in array.configurations]
    refused = [set(r.levels) for r in array.refused]
    count = 0
    for chosen in itertools.combinations(array.factors, array.strength):
        for levels in itertools.product(*(f.levels for f in chosen)):
            count += 1
            wanted = set(levels)
            assert any(wanted <= c for c in configurations) or any(
                r <= wanted for r in refused), [lv.short for lv in levels]
    return count


@pytest.mark.parametrize(("name", "strength"), [("spookslot", 2), ("splut", 2), ("splut", 3)])
def test_every_tuple_is_in_a_configuration_or_refused(name: str, strength: int) -> None:
    array = covering_array(name, strength)
    assert [f.interpretation for f in array.factors] == _factor_ids(name)
    assert _covers_or_refuses(array) == array.tuples
    assert array.covered + sum(
        1 for chosen in itertools.combinations(array.factors, strength)
        for levels in itertools.product(*(f.levels for f in chosen))
        if any(set(r.levels) <= set(levels) for r in array.refused)
    ) == array.tuples
    # a covering array, not every combination
    assert len(array.configurations) < 60


def test_every_configuration_is_made_at_exactly_its_player_counts() -> None:
    array = covering_array("spookslot", 2)
    for config in array.configurations:
        for n in player_counts("spookslot"):
            try:
                game = castlerules.make("spookslot", players=n, readings=config.readings(),
                                        **config.options())
            except RulesError:
                assert n not in config.players
                continue
            assert n in config.players
            assert all(game.reading(lv.interpretation) == lv.option for lv in config.levels)
    # the options that need a parameter are in some configuration, with their value
    shown = {lv.short for c in array.configurations for lv in c.levels}
    assert {"die-faces=custom", "trap-weights=custom", "board=custom",
            "first-player=given"} <= shown


def test_a_pair_make_refuses_is_listed_with_makes_reason_and_in_no_configuration() -> None:
    pair = {"route-choice": "bounce-safe", "bounce-at-fork": "short"}
    with pytest.raises(RulesError) as refused:
        castlerules.make("spookslot", readings=pair)
    array = covering_array("spookslot", 2)
    wanted = {f"{k}={v}" for k, v in pair.items()}
    found = [r for r in array.refused if {lv.short for lv in r.levels} == wanted]
    assert len(found) == 1
    assert found[0].reason == " ".join(str(refused.value).split())
    assert not any(wanted <= {lv.short for lv in c.levels} for c in array.configurations)
    listed = json.loads(json.dumps(array.to_data()))["refused"]
    assert {lv["option"] for r in listed for lv in r["levels"]} >= {"bounce-safe", "short"}


@pytest.mark.slow
def test_the_array_is_the_same_whatever_the_hash_seed() -> None:
    """Deterministic: the same array in another process with another string-hash seed."""
    here = json.dumps(covering_array("splut", 2).to_data(), sort_keys=True)
    code = ("import json; from castlerules.core.combinations import covering_array; "
            "print(json.dumps(covering_array('splut', 2).to_data(), sort_keys=True))")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    there = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True).stdout.strip()
    assert there == here


def test_the_plan_runs_what_depends_on_the_readings_at_every_allowed_count() -> None:
    plan = combination_plan("spookslot", 2, only=["spookslot.pawn-choice",
                                                  "spookslot.player-counts"])
    assert len(plan.members) == len(plan.array.configurations)
    # player-counts depends on no reading: the default run's, not the configurations'
    assert {t.id for t in plan.theorems} == {"spookslot.pawn-choice"}
    for config, members in zip(plan.array.configurations, plan.members):
        assert {plan.theorems[i].players for i in members} == set(config.players)
        for i in members:
            readings = dict(plan.theorems[i].readings)
            for lv in config.levels:
                if lv.interpretation.split(".interp.")[-1] in ("forced-move", "start-line"):
                    assert readings.get(lv.interpretation, lv.option) == lv.option


def test_the_pairwise_plan_finds_the_lead_pawn_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bug that lived only in the pair forced-move = lead-pawn, start-line = line-square:
    with the old distance (behind the line as near as the line) the plan's statement under that
    pair fails; under each reading alone it holds."""
    old = spookslot_board.Board.distance_to_exit

    def as_before(self: spookslot_board.Board, line_square: bool = False) -> dict[str, int]:
        out = old(self)
        out["line"] = out["start"]
        return out

    monkeypatch.setattr(spookslot_board.Board, "distance_to_exit", as_before)
    plan = combination_plan("spookslot", 2, only=["spookslot.pawn-choice"])
    both = [t for t in plan.theorems if t.players == 2
            and {("spookslot.interp.forced-move", "lead-pawn"),
                 ("spookslot.interp.start-line", "line-square")} <= set(t.readings)]
    assert both
    assert run(both[0]).result.status is Status.COUNTEREXAMPLE
    alone = castlerules.make("spookslot", readings={"forced-move": "lead-pawn"})
    theorem = next(t for t in alone.theorems() if t.id == "spookslot.pawn-choice")
    assert run(theorem).result.status is Status.PROVED


def test_verify_combinations_json_lists_configurations_and_results(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run_cli(capsys, "verify", "splut", "--combinations", "2", "--theorem",
                           "splut.start", "--jobs", "1", "--json")
    assert code == 0
    (data,) = json.loads(out)["combinations"]
    assert data["game"] == "splut" and data["strength"] == 2
    assert data["configurations"] and data["tuples"] > 400
    for config in data["configurations"]:
        assert set(config) >= {"readings", "options", "players", "results"}
        assert {r["players"] for r in config["results"]} == set(config["players"])
        for r in config["results"]:
            assert r["id"] == "splut.start" and r["ok"]
    reasons = [r["reason"] for r in data["refused"]]
    assert any("last-thrower" in reason for reason in reasons)
    code, out, _ = run_cli(capsys, "verify", "splut", "--combinations", "2", "--theorem",
                           "splut.start", "--jobs", "1")
    assert code == 0 and "configurations cover" in out and "refused by make" in out
    code, _, err = run_cli(capsys, "verify", "splut", "--combinations", "2", "--reading",
                           "winner=last-thrower")
    assert code == 2 and "--combinations" in err


def test_verify_json_lists_what_went_wrong_at_the_top_with_its_configurations(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pairwise failure is not only inside a configuration's results: the top of the JSON
    lists every unexpected result with what it ran under and the configurations that hold it."""
    from castlerules.core import execute as ex
    from castlerules.core.theorem import Result, Run

    real = ex.run

    def broken_under_clockwise(t: Any) -> Run:
        done = real(t)
        if dict(t.readings).get("splut.interp.seating") == "seating-order":
            return Run(t, Result.refuted("x", "broken on purpose"), done.seconds)
        return done

    monkeypatch.setattr(ex, "run", broken_under_clockwise)
    code, out, _ = run_cli(capsys, "verify", "splut", "--combinations", "2", "--theorem",
                           "splut.start", "--jobs", "1", "--json")
    data = json.loads(out)
    assert code == 1 and data["unexpected"]
    (array,) = data["combinations"]
    for bad in data["unexpected"]:
        assert bad["id"] == "splut.start" and bad["status"] == "COUNTEREXAMPLE"
        assert bad["readings"]["splut.interp.seating"] == "seating-order" and bad["under"]
        assert bad["configurations"], "the configurations that hold it"
        for held in bad["configurations"]:
            config = array["configurations"][held["configuration"]]
            assert held["game"] == "splut" and held["readings"] == config["readings"]
            assert any(not r["ok"] and r["players"] == bad["players"] for r in config["results"])
    # every failing result of every configuration is among them
    failing = {(r["players"], json.dumps(r["readings"], sort_keys=True))
               for c in array["configurations"] for r in c["results"] if not r["ok"]}
    assert failing == {(b["players"], json.dumps(b["readings"], sort_keys=True))
                       for b in data["unexpected"]}


def _outcomes(results: list[dict[str, object]]) -> list[tuple[object, ...]]:
    return sorted((r["id"], r["players"], r["status"], r["ok"]) for r in results)


def test_all_readings_with_combinations_runs_a_shared_theorem_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--all-readings --combinations 2`` gives what the two runs give apart, and runs a
    theorem that both hold under the same values of what it depends on once (CI runs it so)."""
    args = ("verify", "splut", "--theorem", "splut.start", "--jobs", "1", "--json")
    code, alone, err = run_cli(capsys, *args, "--all-readings")
    assert code == 0
    singles = json.loads(alone)["runs"]
    ran = err.count("splut.start: ")
    code, pairs, err = run_cli(capsys, *args, "--combinations", "2")
    assert code == 0
    (array,) = json.loads(pairs)["combinations"]
    ran += err.count("splut.start: ")
    code, both, err = run_cli(capsys, *args, "--all-readings", "--combinations", "2")
    assert code == 0
    data = json.loads(both)
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in data["runs"]] == [
        {k: v for k, v in r.items() if k != "seconds"} for r in singles]
    (joined,) = data["combinations"]
    assert len(joined["configurations"]) == len(array["configurations"])
    for config, alone_config in zip(joined["configurations"], array["configurations"]):
        assert config["readings"] == alone_config["readings"]
        assert _outcomes(config["results"]) == _outcomes(alone_config["results"])
    # the pairs share some of their runs with the single readings: fewer runs in all
    assert len(singles) < err.count("splut.start: ") < ran
