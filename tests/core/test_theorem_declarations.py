"""Theorems are declared beside their checks (``@theorem``) and collected per game in the order of
the package's ``ORDER``; ``castlerules theorem`` names the check."""

from __future__ import annotations

import importlib
import inspect
import json

import pytest
from cli_runner import run

import castlerules
from castlerules.core.catalog import info, player_counts
from castlerules.core.errors import SpecError
from castlerules.core.spec import load_spec
from castlerules.core.theorem import Result, Status, declared_theorems, theorem

GAMES = castlerules.games()


def _resolve(source: str) -> object:
    module, _, name = source.partition(":")
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize("name", GAMES)
def test_every_theorem_is_declared_on_a_check_of_its_games_theorems_package(name: str) -> None:
    package = f"{info(name).package}.theorems"
    known = load_spec(name).clause_ids()
    for n in player_counts(name):
        made = castlerules.make(name, players=n).theorems()
        ids = [t.id for t in made]
        assert len(ids) == len(set(ids)), f"{name}, {n} players: an id made twice"
        for t in made:
            module = t.source.partition(":")[0]
            assert module.startswith(package + "."), f"{t.id}: declared on {t.source}"
            check = _resolve(t.source)
            assert inspect.isfunction(check) and check.__module__ == module
            assert t.id in {d.id for d in check.__theorems__}  # type: ignore[attr-defined]
            assert set(t.clauses) <= known, f"{t.id} names a clause its spec does not have"


@pytest.mark.parametrize("name", GAMES)
def test_the_order_lists_every_declared_theorem_once(name: str) -> None:
    package = importlib.import_module(f"{info(name).package}.theorems")
    order = package.ORDER
    assert len(order) == len(set(order))
    made = [t.id for t in castlerules.make(name).theorems()]
    assert made == [tid for tid in order if tid in made]  # the order of reports and pages


# -- the decorator on a toy package (this module) --------------------------------------------------
@theorem("vg.toy-stacked", lambda game: f"For {game}: the check holds.", clauses=("vg.spel.worp",),
         method="exhaustive", depends_on=lambda game: ("players",) if game > 2 else ())
@theorem("vg.toy-finding", "Only for games over 2: a finding.", clauses=("vg.spel.worp",),
         method="exhaustive", call=lambda check, game: check(game, broken=True),
         when=lambda game: game > 2,
         vary=lambda game: {"expected": Status.COUNTEREXAMPLE, "finding": "the toy is broken"})
def check_toy(game: int, broken: bool = False) -> Result:
    return Result.refuted("broken") if broken else Result.proved(f"{game}")


def test_stacked_declarations_made_per_game() -> None:
    order = ("vg.toy-finding", "vg.toy-stacked")
    (only,) = declared_theorems(__name__, 2, "vlotte-geesten", order)
    assert only.id == "vg.toy-stacked" and only.statement == "For 2: the check holds."
    assert only.depends_on == () and only.check().status is Status.PROVED
    assert only.source == f"{__name__}:check_toy"
    finding, stacked = declared_theorems(__name__, 3, "vlotte-geesten", order)
    assert (finding.id, finding.expected, finding.finding) == (
        "vg.toy-finding", Status.COUNTEREXAMPLE, "the toy is broken")
    assert finding.check().status is Status.COUNTEREXAMPLE  # called with broken=True
    assert stacked.depends_on == ("players",) and stacked.check().detail == "3"


def test_an_order_that_misses_a_declared_theorem_is_refused() -> None:
    with pytest.raises(ValueError, match=r"vg\.toy-finding"):
        declared_theorems(__name__, 3, "vlotte-geesten", ("vg.toy-stacked",))
    with pytest.raises(ValueError, match=r"vg\.toy-absent"):
        declared_theorems(__name__, 3, "vlotte-geesten",
                          ("vg.toy-stacked", "vg.toy-finding", "vg.toy-absent"))


def test_a_declaration_naming_an_unknown_clause_is_refused() -> None:
    with pytest.raises(SpecError):
        theorem("vg.toy-bad", "A statement.", clauses=("vg.no-such-clause",), method="z3")
    with pytest.raises(TypeError):
        theorem("vg.toy-bad", "A statement.", clauses=("vg.spel.worp",), method="z3",
                no_such_field=1)


# -- castlerules theorem ID --------------------------------------------------------------------
def test_the_theorem_command_names_the_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "theorem", "kasteel", "kasteel.stuck-rule", "kasteel.line-rule")
    assert code == 0
    lines = [line.strip() for line in out.splitlines() if line.strip().startswith("check: ")]
    assert [line.removeprefix("check: ").split(":")[1] for line in lines] == [
        "check_stuck_rule", "check_line_rule"]
    for line in lines:
        check = _resolve(line.removeprefix("check: "))
        assert inspect.isfunction(check) and check.__module__.startswith(
            "castlerules.kasteel.theorems.")
    code, out, _ = run(capsys, "theorem", "splut", "splut.own-pieces")
    assert "check: castlerules.splut.theorems.pieces:check_clause" in out
    code, out, _ = run(capsys, "theorem", "kasteel", "kasteel.stuck-rule", "--json")
    assert json.loads(out)[0]["check"] == "castlerules.kasteel.theorems.end:check_stuck_rule"
