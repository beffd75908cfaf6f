"""Where the theorems reach: every rule clause and every playable option of a multi-option
interpretation names a theorem that states it, and the default run covers every player count."""

from __future__ import annotations

import pytest

import castlerules
from castlerules.core.plan import clause_theorems, option_theorems, plan, player_counts
from castlerules.core.spec import load_spec


@pytest.mark.parametrize("name", castlerules.games())
def test_every_rule_clause_names_a_theorem(name: str) -> None:
    stated = clause_theorems(name)
    missing = [c.id for c in load_spec(name).clauses if c.kind == "rule" and not stated.get(c.id)]
    assert missing == []


@pytest.mark.parametrize("name", castlerules.games())
def test_every_playable_option_names_a_theorem(name: str) -> None:
    stated = option_theorems(name)
    missing = [
        f"{i.short_id}={o.id}"
        for i in load_spec(name).interpretations if len(i.options) > 1
        for o in i.options if o.playable and not stated.get((i.id, o.id))
    ]
    assert missing == []


@pytest.mark.parametrize("name", castlerules.games())
def test_the_default_run_covers_every_player_count(name: str) -> None:
    counts = {t.players for t in plan(name)}
    assert counts == set(player_counts(name))


def test_a_theorem_runs_once_per_value_of_what_it_depends_on() -> None:
    runs = plan("splut")
    keys = [(t.id, t.players if "players" in t.depends_on else None) for t in runs]
    assert len(keys) == len(set(keys))
    assert {t.players for t in runs if "players" not in t.depends_on} == {2}


def test_all_readings_runs_each_options_statements_under_it() -> None:
    """Each run of --all-readings depends on what deviates: the interpretation, or — for an
    option that needs a value, run at its documented value — the keyword that gives it."""
    from castlerules.core.spec import load_spec

    spec = load_spec("kasteel")
    runs = plan("kasteel", all_readings=True)
    deviations = {r for t in runs for r in t.readings}
    documented = set()
    for t in runs:
        for interp, _ in t.readings:
            keyword = spec.interpretation(interp).keyword
            assert interp in t.depends_on or (keyword and keyword in t.depends_on), (t.id, interp)
        documented |= {k for k, _ in t.options}
    # the documented values of skulls, passes and skull_squares are among the runs
    assert {"skulls", "passes", "skull_squares"} <= documented
    stated = option_theorems("kasteel")
    for interp, option in deviations:
        assert stated[(interp, option)]


def test_a_player_count_the_game_refuses_fails_the_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that refuses a player count its rulebook names is a failure of the run, never a
    count silently left out."""
    from castlerules.core.errors import InvalidOptionError
    from castlerules.vlotte_geesten import VlotteGeesten

    real = VlotteGeesten.__init__

    def refuse_eight(self: object, *args: object, **kwargs: object) -> None:
        if kwargs.get("players") == 8:
            raise InvalidOptionError("players: at most 7")
        real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(VlotteGeesten, "__init__", refuse_eight)
    with pytest.raises(InvalidOptionError):
        plan("vlotte-geesten")


def test_a_reading_that_fixes_the_player_count_leaves_the_others_out() -> None:
    runs = plan("splut", {"player-count": "4"})
    assert {t.players for t in runs} == {4}
