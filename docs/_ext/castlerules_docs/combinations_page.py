"""The verification page's part on readings in combination: per game, the covering arrays that
``castlerules verify --combinations 2`` and ``3`` check, computed here from the code
(``castlerules.core.combinations``), never kept by hand."""

from __future__ import annotations

import json

from castlerules_docs.rst import details, esc, list_table, literal


def _value(level: object) -> str:
    """A parameter level's representative, short: its rule in words, or its value."""
    rule = getattr(level, "rule", "")
    if rule:
        return esc(rule)
    text = json.dumps(json.loads(level.value), ensure_ascii=False)
    return literal(text if len(text) <= 70 else text[:67] + "…")


def part_combinations(names: list[str]) -> list[str]:
    """A summary table of both strengths for every game, then per game the representatives,
    what ``make`` refuses, and every configuration of the pairwise array."""
    from castlerules.core.combinations import covering_array

    arrays = {(name, t): covering_array(name, t) for name in names for t in (2, 3)}
    rows = []
    for name in names:
        pairs, triples = arrays[(name, 2)], arrays[(name, 3)]
        rows.append([
            esc(name), str(len(pairs.factors)),
            f"{pairs.tuples} ({pairs.covered} covered)", str(len(pairs.configurations)),
            f"{triples.tuples} ({triples.covered} covered)", str(len(triples.configurations)),
        ])
    out = list_table(["Game", "Interpretations", "Pairs", "Configurations (pairs)", "Triples",
                      "Configurations (triples)"], rows, classes="combinations")
    for name in names:
        array = arrays[(name, 2)]
        body: list[str] = []
        params = [lv for f in array.factors for lv in f.levels if lv.keyword]
        if params:
            body += ["Options that need a parameter enter with these representatives:", ""]
            body += list_table(["Option", "Keyword", "Representative"],
                               [[literal(lv.short), literal(lv.keyword), _value(lv)]
                                for lv in params])
        if array.refused:
            body += ["Refused by ``make`` (a constraint of the array: no configuration holds "
                     "them):", ""]
            body += [f"- {' with '.join(literal(lv.short) for lv in r.levels)}: {esc(r.reason)}"
                     for r in array.refused]
            body.append("")
        rows = [[str(i + 1),
                 ", ".join(literal(lv.short) for lv in c.levels if not lv.default)
                 or "the default readings",
                 ", ".join(map(str, c.players))]
                for i, c in enumerate(array.configurations)]
        body += list_table(["#", "Options other than the default", "Player counts"], rows,
                           classes="combinations")
        out += details(f"{name}: the {len(array.configurations)} configurations of the "
                       "pairwise run", body)
    return out
