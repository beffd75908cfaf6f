"""The rulebooks as data: every spec parses, partitions its Dutch source, and is tied to code."""

from __future__ import annotations

from importlib import resources

import pytest

import castlerules
from castlerules.core import registry
from castlerules.core.catalog import PACKAGED, game_class, infos
from castlerules.core.errors import SpecError
from castlerules.core.spec import load_spec, parse_spec, partition_mismatch
from castlerules.core.trace import import_game

SPECS = sorted(
    p.name.removesuffix(".toml")
    for p in resources.files("castlerules.specs").iterdir()
    if p.name.endswith(".toml")
)


def test_all_four_rulebooks_are_shipped() -> None:
    assert SPECS == ["kasteel", "splut", "spookslot", "vlotte-geesten"]


@pytest.mark.parametrize("game", SPECS)
def test_clauses_partition_the_dutch_text_exactly(game: str) -> None:
    spec = load_spec(game)
    assert spec.game == game
    assert partition_mismatch(spec) is None


@pytest.mark.parametrize("game", SPECS)
def test_clauses_end_at_sentence_or_line_boundaries(game: str) -> None:
    source = load_spec(game).source_text()
    for c in load_spec(game).clauses:
        # a clause never starts or ends inside a word of the source
        start = source.find(c.nl)
        assert start >= 0, f"{c.id}: its text is not a contiguous piece of the source"
        end = start + len(c.nl)
        assert end == len(source) or not source[end].isalnum(), c.id


@pytest.mark.parametrize("game", SPECS)
def test_every_non_rule_has_a_reason_and_every_rule_an_english_summary(game: str) -> None:
    for c in load_spec(game).clauses:
        assert c.en
        if c.kind in ("physical", "flavour"):
            assert c.reason.strip()


@pytest.mark.parametrize("game", castlerules.games())
def test_every_rule_clause_is_implemented(game: str) -> None:
    import_game(game)
    missing = [
        c.id
        for c in load_spec(game).clauses
        if c.kind == "rule" and not registry.implementations(c.id)
    ]
    assert missing == []


@pytest.mark.parametrize("game", castlerules.games())
def test_interpretation_keywords_are_options_of_make(game: str) -> None:
    import inspect

    accepted = set(inspect.signature(game_class(game)).parameters)
    assert {"readings", "ruleset", "players"} <= accepted
    for interp in load_spec(game).interpretations:
        if interp.keyword:
            assert interp.keyword in accepted, interp.id


def test_every_linked_id_is_a_clause() -> None:
    for game in castlerules.games():
        import_game(game)
    known = {c.id for g in SPECS for c in load_spec(g).clauses}
    # A game a test registered and removed again (tests/extension/nim) keeps its links in this
    # process; the packaged games' links are the ones that must name their rulebooks' clauses.
    prefixes = {info.prefix for info in infos() if info.package in PACKAGED}
    linked = {cid for cid in registry.linked_clause_ids() if cid.split(".")[0] in prefixes}
    assert {cid.split(".")[0] for cid in linked} == prefixes
    assert linked <= known


def test_citing_an_unknown_clause_fails_at_once() -> None:
    with pytest.raises(SpecError):
        registry.clause("vg.no-such-clause")


GOOD = """
game = "x"
title = "X"
attribution = "a"
source = "s"
[[clause]]
id = "vg.a"
nl = "Tekst."
en = "Text."
kind = "rule"
[[interpretation]]
id = "vg.interp.a"
clauses = ["vg.a"]
question = "q"
default = "one"
[[interpretation.option]]
id = "one"
text = "One."
[[interpretation.option]]
id = "two"
text = "Two."
playable = false
reason = "It cannot be played."
[[ruleset]]
id = "literal"
title = "Literal"
description = "The text as written."
readings = { "vg.interp.a" = "one" }
"""


def test_a_well_formed_spec_parses() -> None:
    spec = parse_spec(GOOD)
    assert [c.id for c in spec.clauses] == ["vg.a"]
    interp = spec.interpretations[0]
    assert interp.default == "one" and interp.short_id == "a"
    assert [o.id for o in interp.options] == ["one", "two"]
    assert not interp.option("two").playable and interp.option("two").reason
    assert spec.ruleset("literal").readings_dict() == {"vg.interp.a": "one"}


@pytest.mark.parametrize(
    ("old", "new", "complaint"),
    [
        ('kind = "rule"', 'kind = "law"', "kind"),
        ('kind = "rule"', 'kind = "flavour"', "reason"),
        ('default = "one"', 'default = "three"', "default"),
        ('clauses = ["vg.a"]', 'clauses = ["vg.b"]', "unknown clauses"),
        ('id = "vg.a"', 'id = "VG A"', "malformed"),
        ('nl = "Tekst."', "", "nl"),
        ("[[clause]]", "[[clause", "TOML"),
        ('id = "two"', 'id = "one"', "repeated option"),
        ('id = "two"', 'id = "Two Words"', "slug"),
        ('reason = "It cannot be played."', "", "needs a reason"),
        ('default = "one"', 'default = "two"', "playable"),
        ('readings = { "vg.interp.a" = "one" }', 'readings = { "vg.interp.a" = "two" }', "not playable"),
        ('readings = { "vg.interp.a" = "one" }', 'readings = { "vg.interp.b" = "one" }', "not an interpretation"),
    ],
)
def test_a_malformed_spec_is_rejected_with_the_reason(old: str, new: str, complaint: str) -> None:
    with pytest.raises(SpecError, match=complaint):
        parse_spec(GOOD.replace(old, new))


def _with_fact(fact: str) -> str:
    from castlerules.core.spec import read_text

    return read_text("kasteel.toml") + "\n[[fact]]\n" + fact


def test_a_fact_is_read_with_its_quote() -> None:
    from castlerules.core.spec import parse_spec

    spec = parse_spec(_with_fact(
        'id = "a-test-fact"\nvalue = "yellow"\nclauses = ["kasteel.spel.geel-eerst"]\n'
        'quote = "De eerste zet is geel"\n'
    ))
    assert spec.fact("a-test-fact") == "yellow"


@pytest.mark.parametrize("fact", [
    # a quote that is not in its clause
    'id = "x"\nvalue = 1\nclauses = ["kasteel.spel.geel-eerst"]\nquote = "rood begint"\n',
    # neither a quote nor a source
    'id = "x"\nvalue = 1\nclauses = ["kasteel.spel.geel-eerst"]\n',
    # a clause of no game
    'id = "x"\nvalue = 1\nclauses = ["kasteel.nowhere"]\nquote = "De eerste zet is geel"\n',
    # a source that is no interpretation
    'id = "x"\nvalue = 1\nclauses = ["kasteel.spel.geel-eerst"]\nsource = "kasteel.interp.none"\n',
])
def test_a_fact_without_a_valid_quote_or_source_is_refused(fact: str) -> None:
    from castlerules.core.errors import SpecError
    from castlerules.core.spec import parse_spec

    with pytest.raises(SpecError):
        parse_spec(_with_fact(fact))
