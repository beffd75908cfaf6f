"""What ``castlerules verify`` says, for a reader: each theorem's statement, what it ranged over,
the clauses it states and its verdict; a summary per game naming its headline theorems; a key.

The text is wrapped here, to the console's width (80 when piped, unless ``COLUMNS`` says
otherwise), and never cut: ids and clause ids are never broken, a word longer than the line
stays whole. Colour only on a terminal. The verify run loop hands the finished runs to
``print_report``; ``castlerules theorem`` (and ``castlerules rules GAME THEOREM-ID``) show one
theorem without running it through ``print_theorem``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

from castlerules.core.catalog import info
from castlerules.core.spec import load_spec
from castlerules.core.styled import Console, Text
from castlerules.core.theorem import Run, Status, Theorem, scope_parts

METHOD_TEXT = {
    "z3": "z3 (every value, symbolically)",
    "exhaustive": "exhaustive (every case of the family named, enumerated)",
    "search": "search (a witness looked for, and found or not)",
}

#: The key printed under the report: each term and what it means.
KEY: tuple[tuple[str, str], ...] = (
    ("proved", "the statement holds in every case it ranges over: never a sample."),
    ("z3", "z3 found the statement's negation unsatisfiable: a proof for every value."),
    ("exhaustive", "every case of the finite family the result names was enumerated."),
    ("search", "a search for a witness; it can only find one, so it is used for findings."),
    ("basis code", "the statement is about the functions the game runs."),
    ("basis model", "the statement is about a separate z3 model of a rule, tied to the rules "
                    "by the refinement test it names, which its check runs first."),
    ("expected finding", "the theorem expects a counterexample: a position the Dutch text does "
                         "not settle; its finding says what castlerules decided (--verbose "
                         "shows the board)."),
    ("unexpected", "the check disagrees with the theorem: verify exits 1."),
    ("unknown", "z3 gave up or the check crashed or ran out of time: no conclusion."),
)
DOCS = ("More: 'castlerules theorem GAME ID' tells one theorem (its statement, what it is "
        "checked under, how to run it alone); the page 'How the rules are verified' of the "
        "castlerules documentation tells the method.")

VERDICT_STYLE = {
    "proved": "green",
    "expected finding": "cyan",
    "unknown": "yellow",
    "unexpected": "bold red",
}


# -- wrapping -----------------------------------------------------------------------------------


def width_of(out: Console) -> int:
    """The width text is wrapped to: the console's (the terminal's, or ``COLUMNS``, or 80 when
    piped), at least 40 and at most 120."""
    return max(40, min(out.width, 120))


def wrap(text: str, width: int, first: str = "", rest: str | None = None) -> list[str]:
    """``text`` (its whitespace made single spaces) as lines of at most ``width`` characters,
    the first indented by ``first``, the others by ``rest`` (default: ``first``). Words are never
    broken, at hyphens or anywhere: ids stay whole."""
    lines = textwrap.wrap(
        " ".join(text.split()), width, initial_indent=first,
        subsequent_indent=first if rest is None else rest,
        break_long_words=False, break_on_hyphens=False,
    )
    return lines or [first.rstrip()]


def _print(out: Console, lines: Iterable[str], style: str = "") -> None:
    for line in lines:
        out.print(line, style=style, wrap=False)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _counts(numbers: Sequence[int]) -> str:
    """``2-8`` for a run of numbers, ``2, 4 and 6`` otherwise."""
    ns = sorted(set(numbers))
    if len(ns) > 2 and ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]}-{ns[-1]}"
    shown = [str(n) for n in ns]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


# -- one theorem --------------------------------------------------------------------------------


def _groups(runs: Sequence[Run]) -> list[list[Run]]:
    """The runs of each theorem id together, in the order ids first appear."""
    by_id: dict[str, list[Run]] = {}
    for r in runs:
        by_id.setdefault(r.theorem.id, []).append(r)
    return list(by_id.values())


def verdict_of(runs: Sequence[Run]) -> str:
    """One theorem's verdict over its runs: the worst of them, with how many runs had it."""
    order = ("unexpected", "unknown", "expected finding", "proved")
    worst = min((r.verdict for r in runs), key=order.index)
    same = sum(r.verdict == worst for r in runs)
    if len(runs) == 1:
        return worst
    return f"{worst} ({same} of {len(runs)} runs)" if same < len(runs) else f"{worst} ({same} runs)"


def clauses_line(t: Theorem) -> str:
    return f"states: {', '.join(t.clauses)}"


def how_line(t: Theorem) -> str:
    basis = (f"model, tied to the rules by {t.refinement}" if t.basis == "model" else "code")
    return f"method: {METHOD_TEXT[t.method]}; basis: {basis}"


def under_parts(t: Theorem) -> list[str]:
    """What a theorem was made under, part by part, as the command line takes each
    (``core.theorem.scope_parts``)."""
    return scope_parts(t)


def compact(theorems: Sequence[Theorem]) -> str:
    """The configurations of several runs of one theorem, each set of readings and options once
    with its player counts: ``2-8 players; 2-8 players, grab-phase=regrab``."""
    by_rest: dict[tuple[str, ...], list[int]] = {}
    for t in theorems:
        rest = tuple(p for p in under_parts(t) if not p.endswith(" players"))
        by_rest.setdefault(rest, []).append(t.players)
    shown = []
    for rest, counts in by_rest.items():
        players = [f"{_counts(counts)} players"] if any(counts) else []
        shown.append(", ".join(players + list(rest)))
    return "; ".join(shown)


def common_parts(runs: Sequence[Run]) -> list[str]:
    """The readings and option values every run shares (the player count aside)."""
    if not runs:
        return []
    first = under_parts(runs[0].theorem)
    return [p for p in first if not p.endswith(" players")
            and all(p in under_parts(r.theorem) for r in runs[1:])]


def scope_line(r: Run, common: Sequence[str] = ()) -> str:
    """What one run ranged over: what it ran under (player count, readings, option values other
    than ``common``) and what its check reports it covered (or found)."""
    t = r.theorem
    under = ", ".join(p for p in under_parts(t) if p not in common) or "the game's options"
    detail = " ".join(r.result.detail.split())
    for own in (f"{t.players} players: ", f"{t.players} players, "):
        if detail.startswith(own):  # the check says the count too: once is enough
            detail = detail[len(own):]
    if r.result.status is Status.COUNTEREXAMPLE:
        detail = f"found: {detail}" if detail else "found a counterexample"
    elif r.result.status is Status.UNKNOWN:
        detail = f"no answer: {detail}" if detail else "no answer"
    return f"{under}: {detail}" if detail else under


def _header(out: Console, width: int, tid: str, verdict: str, style: str) -> None:
    line = f"{tid}: {verdict}"
    if len(line) <= width and out.is_terminal:
        text = Text(tid, style="bold")
        text.append(": ")
        text.append(verdict, style=style)
        out.print(text, wrap=False)
    elif out.is_terminal:
        _print(out, [tid], style="bold")
        _print(out, wrap(verdict, width, "  "), style=style)
    else:
        _print(out, wrap(line, width, "", "  "))


def print_group(out: Console, runs: Sequence[Run], width: int, common: Sequence[str] = ()) -> None:
    """The block of one theorem: id and verdict, statement, what each run ranged over (beside
    the game's ``common`` readings and options), the clauses, method and basis."""
    t = runs[0].theorem
    worst = verdict_of(runs)
    _header(out, width, t.id, worst, VERDICT_STYLE[worst.split(" (")[0]])
    _print(out, wrap(t.statement, width, "  "))
    if len({r.theorem.statement for r in runs}) > 1:
        _print(out, wrap(f"(as stated for {t.players} players; each run states it for its own "
                         "player count)", width, "  "), style="dim")
    if len(runs) == 1:
        _print(out, wrap(f"checked for {scope_line(runs[0], common)}", width, "  ", "    "))
    else:
        _print(out, ["  checked for:"])
        for r in sorted(runs, key=lambda r: r.theorem.players):
            mark = "" if r.verdict == runs[0].verdict and r.ok else f" [{r.verdict}]"
            _print(out, wrap(scope_line(r, common) + mark, width, "    ", "      "))
    _print(out, wrap(clauses_line(t), width, "  ", "    "))
    seconds = sum(r.seconds for r in runs)
    _print(out, wrap(f"{how_line(t)}; {seconds:.2f}s", width, "  ", "    "), style="dim")


# -- the report ---------------------------------------------------------------------------------


def headline_lines(game: str, runs: Sequence[Run]) -> list[tuple[str, str]]:
    """(text, verdict) for each headline of ``game`` whose theorems ran: the claim, whether every
    run of its theorems came out as expected and under what (the readings and options every run
    shares, or the default ones), and each theorem's verdict."""
    out = []
    shared = common_parts(runs)
    under = f"under {', '.join(shared)}" if shared else "under the default readings"
    for claim, ids in info(game).headlines:
        mine = [r for r in runs if r.theorem.id in ids]
        if not mine:
            continue
        parts = []
        for tid in ids:
            these = [r for r in mine if r.theorem.id == tid]
            if these:
                parts.append(f"{tid} {verdict_of(these)}")
        held = all(r.ok for r in mine)
        verdict = "holds" if held else "NOT established"
        out.append((f"{claim}: {verdict} {under} ({'; '.join(parts)})",
                    "proved" if held else "unexpected"))
    return out


def print_key(out: Console, width: int) -> None:
    _print(out, ["Key"], style="bold")
    for term, meaning in KEY:
        _print(out, wrap(f"{term}: {meaning}", width, "  ", "    "))
    _print(out, wrap(DOCS, width, "  ", "    "))


def print_report(
    out: Console, runs: Sequence[Run], names: Sequence[str], *, verbose: bool = False,
    wall: float | None = None,
) -> int:
    """The whole report of a verify run: per game its headlines and one block per theorem, the
    counterexamples (unexpected ones always, expected ones with ``verbose``), the key and the
    closing line, which gives the run's wall time (``wall`` seconds) and, where the checks ran
    side by side, their time added up. Returns the exit status (1 if any result was
    unexpected)."""
    width = width_of(out)
    for name in names:
        mine = [r for r in runs if r.theorem.game == name]
        if not mine:
            continue
        title = f"{load_spec(name).title} ({name})"
        groups = _groups(mine)
        counts = f"{_plural(len(groups), 'theorem')}, {_plural(len(mine), 'run')}"
        head = wrap(f"{title}: {counts}", width, "", "  ")
        _print(out, head, style="bold")
        _print(out, ["=" * min(width, max(len(line) for line in head))], style="dim")
        common = common_parts(mine)
        if common:
            _print(out, wrap(f"every run under: {', '.join(common)}", width, "", "  "))
        for text, verdict in headline_lines(name, mine):
            _print(out, wrap(text, width, "* ", "  "), style=VERDICT_STYLE[verdict])
        out.print()
        for group in groups:
            print_group(out, group, width, common)
            out.print()
    for r in runs:
        if r.result.counterexample and (verbose or not r.ok):
            _print(out, wrap(f"{r.theorem.id} ({r.verdict}, {r.theorem.under}): counterexample",
                             width), style="bold")
            out.print(r.result.counterexample, wrap=False)
            if r.result.position:
                _print(out, wrap(f"position: {r.result.position}", width, "", "  "))
            if r.theorem.finding:
                _print(out, wrap(f"finding: {r.theorem.finding}", width, "", "  "))
            out.print()
    print_key(out, width)
    out.print()
    bad = [r for r in runs if not r.ok]
    findings = [r for r in runs if r.verdict == "expected finding"]
    secs = sum(r.seconds for r in runs)
    took = f"in {secs:.1f} s" if wall is None else f"in {wall:.1f} s of wall time"
    if wall is not None and secs > 1.05 * wall:
        took += f" ({secs:.1f} s of checks side by side)"
    summary = f"{len(runs) - len(bad)} of {len(runs)} as expected {took}"
    if findings:
        summary += f" ({len(findings)} expected findings"
        summary += "; --verbose shows their boards)" if not verbose else ")"
    _print(out, wrap(summary, width, "", "  "), style="bold red" if bad else "bold")
    for r in bad:
        _print(out, wrap(
            f"unexpected: {r.theorem.id} ({r.theorem.under}): {r.result.status.value} "
            f"(expected {r.theorem.expected.value}) {r.result.detail}", width, "", "  "),
            style="red")
    return 1 if bad else 0


# -- one theorem, not run -----------------------------------------------------------------------


def theorem_data(name: str, configurations: Sequence[Theorem],
                 default: Sequence[Theorem]) -> dict[str, Any]:
    """What ``castlerules theorem GAME ID --json`` prints: the theorem as first made, and the
    configurations the default run and ``--all-readings`` check it under."""
    t = (list(default) or list(configurations))[0]
    return {
        "id": t.id,
        "game": name,
        "statement": " ".join(t.statement.split()),
        "clauses": list(t.clauses),
        "method": t.method,
        "basis": t.basis,
        "refinement": t.refinement,
        "expected": t.expected.value,
        "finding": t.finding,
        "deep": t.deep,
        "depends_on": list(t.depends_on),
        "all_options_of": list(t.all_options_of),
        "fails_with": t.fails_with,
        "check": t.source,
        "default_run": [c.under for c in default],
        "all_readings_run": [c.under for c in configurations if c not in default],
        "run_alone": f"castlerules verify {name} --theorem {t.id}",
    }


def print_theorem(out: Console, name: str, configurations: Sequence[Theorem],
                  default: Sequence[Theorem]) -> None:
    """One theorem, for a reader: statement, clauses, method and basis, what it expects, the
    configurations it is checked under, the test that shows it can fail, how to run it alone, the
    function that checks it."""
    data = theorem_data(name, configurations, default)
    width = width_of(out)
    t = (list(default) or list(configurations))[0]

    def para(text: str) -> None:
        _print(out, wrap(text, width, "  ", "    "))

    _print(out, wrap(f"{t.id} ({name})", width), style="bold")
    _print(out, wrap(t.statement, width, "  "))
    if len({c.statement for c in default}) > 1:
        _print(out, wrap(f"(as stated for {t.players} players; each player count's run states "
                         "it for its own count)", width, "  "), style="dim")
    para(clauses_line(t))
    para(how_line(t))
    if t.expected is Status.PROVED:
        para("expects: a proof")
    else:
        para(f"expects: a counterexample (a finding): {' '.join(t.finding.split())}")
    if default:
        where = "castlerules verify" + (" --deep" if t.deep else "")
        para(f"{where} checks it for: {compact(default)}")
    extra = [c for c in configurations if c not in default]
    if extra:
        para(f"--all-readings also checks it for: {compact(extra)}")
    if t.fails_with:
        para(f"the test that shows it can fail: {t.fails_with}")
    para(f"run it alone: {data['run_alone']}")
    para(f"check: {data['check']}")
