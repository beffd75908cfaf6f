"""The documentation builds with warnings as errors and shows what it promises, for every game.

The build reads the theorem results of this test session (the ``theorem_runs`` fixture) as the JSON
of ``castlerules verify --json``, so the theorems are not run twice. Each test reads the built HTML
and checks it against the library: every rule clause on its rulebook page with its code, the
English of every rule on the "how to play" page, every theorem with its verdict, every worked
example drawn, the notation and the schema of every game, the limits on untrusted input as the
code has them, the adapters' figures, searchable clauses, copy buttons, and no constant tables.
"""

from __future__ import annotations

import doctest
import html
import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from docutils.nodes import make_id

import castlerules
from castlerules.core.examples import load_examples
from castlerules.core.spec import load_spec
from castlerules.core.theorem import Run

# one worker builds the docs (into the checkout's docs/generated), the other builds none
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("checkout-builds")]

DOCS = Path(__file__).resolve().parents[2] / "docs"
VERDICT_CLASS = {"proved": "proved", "expected finding": "finding", "unknown": "unknown",
                 "unexpected": "unexpected"}  # fmt: skip


@pytest.fixture(scope="module")
def site(theorem_runs: dict[str, Run], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML site, built once for this module with ``-W`` (warnings are errors), or the one
    ``CASTLERULES_DOCS_SITE`` names (CI builds it once, with ``-W``, from its verify JSON)."""
    given = os.environ.get("CASTLERULES_DOCS_SITE", "").strip()
    if given:
        assert (Path(given) / "generated" / "games.html").is_file(), f"{given}: not the whole site"
        return Path(given)
    tmp = tmp_path_factory.mktemp("docs")
    verify = tmp / "verify.json"
    verify.write_text(json.dumps([theorem_runs[k].to_data() for k in theorem_runs if "@" not in k]),
                      encoding="utf-8")
    out, warnings = tmp / "html", tmp / "warnings.txt"
    env = {**os.environ, "CASTLERULES_VERIFY_JSON": str(verify)}
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"]
    command += ["-d", str(tmp / "doctrees"), "-w", str(warnings), str(DOCS), str(out)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    problems = warnings.read_text(encoding="utf-8") if warnings.exists() else ""
    assert done.returncode == 0, f"the docs build failed:\n{problems}\n{done.stderr[-4000:]}"
    return out


@pytest.fixture(scope="module")
def shown_runs(site: Path, theorem_runs: dict[str, Run]) -> dict[str, dict[str, Any]]:
    """Theorem id -> the run the site shows (``Run.to_data()``): for a given site, the runs of the
    verify JSON it was built from (``CASTLERULES_VERIFY_JSON``: a counterexample z3 finds may
    differ from one process to another); else this session's, which the site was built from."""
    given = os.environ.get("CASTLERULES_VERIFY_JSON", "").strip()
    if os.environ.get("CASTLERULES_DOCS_SITE", "").strip() and given:
        sys.path.insert(0, str(DOCS / "_ext"))
        from castlerules_docs.data import runs_from_verify_json

        theorems = {t.id: t for n in castlerules.games() for t in castlerules.make(n).theorems()}
        return runs_from_verify_json(Path(given), theorems)  # type: ignore[no-any-return]
    return {k: theorem_runs[k].to_data() for k in theorem_runs if "@" not in k}


def page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def blocks(text: str, kind: str) -> dict[str, str]:
    """The ``<div class="{kind} ...">`` cards of a page, by the id in their heading."""
    found = {}
    for part in re.split(rf'<div class="{kind}[ "]', text)[1:]:
        match = re.search(r'<span class="pre">([^<]+)</span>', part)
        assert match, f"a {kind} card without an id"
        found[html.unescape(match.group(1))] = part
    return found


def text_of(fragment: str) -> str:
    """The visible text of an HTML fragment, whitespace collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def plain(fragment: str) -> str:
    """The text of an HTML fragment with its tags dropped (links and code spans run into the words
    around them, as they read), whitespace collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def squash(text: str) -> str:
    return " ".join(text.split())


def test_the_docs_build_with_warnings_as_errors(site: Path) -> None:
    for name in ("index.html", "generated/traceability.html", "generated/games.html",
                 "tutorial.html", "notation.html", "untrusted.html", "verification.html",
                 "adapters/openspiel.html", "adapters/pettingzoo.html", "generated/cli.html",
                 "searchindex.js"):  # fmt: skip
        assert (site / name).is_file(), name


@pytest.mark.parametrize("name", castlerules.games())
def test_every_rule_clause_is_on_its_rulebook_page_with_code(site: Path, name: str) -> None:
    text = page(site, f"generated/{name}/rulebook.html")
    shown = blocks(text, "clause")
    spec = load_spec(name)
    assert list(shown) == [c.id for c in spec.clauses], "every clause, in rulebook order"
    code = page(site, "generated/code/index.html")
    for c in spec.clauses:
        assert squash(c.nl) in text_of(shown[c.id]), f"{c.id}: the Dutch text, verbatim"
        if c.heading_en:
            assert squash(c.heading_en.splitlines()[-1]) in text_of(text), f"{c.id}: its English heading"
        if c.kind != "rule":
            continue
        targets = re.findall(r'href="\.\./code/index\.html#(castlerules\.[^"]+)"', shown[c.id])
        assert targets, f"{c.id}: no link to the code that enforces it"
        for target in targets:
            assert f'id="{target}"' in code, f"{c.id}: the link to {target} leads nowhere"


@pytest.mark.parametrize("name", castlerules.games())
def test_how_to_play_tells_every_rule_in_english_in_rulebook_order(site: Path, name: str) -> None:
    spec = load_spec(name)
    text = page(site, f"generated/{name}/how-to-play.html")
    assert f"{spec.title}: how to play" in text_of(text)
    body = text_of(text.split('<article role="main"', 1)[-1])
    where = -1
    for c in spec.clauses:
        if c.kind in ("physical", "flavour") or not c.en.strip():
            continue
        found = body.find(squash(c.en).rstrip("."))
        assert found > where, f"{c.id}: its English is missing or out of rulebook order"
        where = found
        assert f'href="rulebook.html#clause-{c.id.replace(".", "-")}"' in text, f"{c.id}: not linked"
    for c in spec.clauses:
        if c.kind == "flavour" and len(c.en) > 30 and not any(
            squash(c.en) in squash(r.en) for r in spec.clauses if r.kind in ("rule", "setup")
        ):
            assert squash(c.en) not in body, f"{c.id}: flavour text on the how-to-play page"


@pytest.mark.parametrize("name", castlerules.games())
def test_how_to_play_states_the_librarys_odds_and_rulings(site: Path, name: str) -> None:
    """Issue 36.3: the page's "As castlerules plays it" states every chance element with each
    outcome's exact probability, and how the library settles what the text leaves open — each
    fact as the library gives it (tests/core/test_how_to_play.py checks the library's against
    the rulebook's facts), and no probability the library does not give."""
    from castlerules.core.present import presentation_of

    shown = presentation_of(castlerules.make(name))
    text = page(site, f"generated/{name}/how-to-play.html")
    body = text_of(text.split('<article role="main"', 1)[-1])
    chances, notes = shown.chances(), shown.play_notes()
    if not chances and not notes:
        assert "As castlerules plays it" not in body
        return
    part = body.split("As castlerules plays it", 1)[1]
    given = set()
    for c in chances:
        assert squash(c.when) in part and (not c.note or squash(c.note) in part), c.name
        for label, entries in c.rows:
            assert label in part, (c.name, label)
            for face, p in entries:
                assert face in part and f"{p} (" in part, (c.name, face, p)
                given.add(str(p))
    assert set(re.findall(r"\b\d+/\d+\b", part.split("Where the text is open")[0])) <= given | {
        f"1/{n}" for c in chances for n in re.findall(r"1/(\d+) each", c.note)}
    for _, sentence in notes:
        assert squash(sentence.partition(". ")[2]) in part, sentence


@pytest.mark.parametrize("name", castlerules.games())
def test_how_to_play_shows_the_start_at_a_readable_size(site: Path, name: str) -> None:
    """The start figure is shown at its drawn size (up to the page column, not shrunk to a small
    figure), and its drawing sets no text under 12 px at that size."""
    import xml.etree.ElementTree as ET

    text = page(site, f"generated/{name}/how-to-play.html")
    figure = re.search(r'<figure class="([^"]*)"[^>]*>\s*<img[^>]*src="([^"]*start[^"]*\.svg)"', text)
    assert figure is not None, "no start figure"
    assert "board-small" not in figure.group(1).split()
    svg = (site / f"generated/{name}" / figure.group(2)).resolve().read_text(encoding="utf-8")
    root = ET.fromstring(svg)
    scale = min(1.0, 736 / float(root.get("width", "0")))  # a page column is 46em (736 px)

    def sizes(node: ET.Element, size: float) -> list[float]:
        size = float(node.get("font-size", size))
        own = [size] if node.tag.endswith("text") and "".join(node.itertext()).strip() else []
        return own + [s for child in node for s in sizes(child, size)]

    assert min(sizes(root, 16.0)) * scale >= 12


@pytest.mark.parametrize("name", castlerules.games())
def test_every_theorem_is_a_card_coloured_by_its_verdict(
    site: Path, name: str, shown_runs: dict[str, dict[str, Any]]
) -> None:
    text = page(site, f"generated/{name}/theorems.html")
    shown = blocks(text, "theorem")
    for t in castlerules.make(name).theorems():
        assert t.id in shown, f"theorem {t.id} is missing"
        card = shown[t.id]
        run = shown_runs.get(t.id)
        if run is None:
            assert "not run" in text_of(card).lower(), t.id
            continue
        verdict = VERDICT_CLASS[run["verdict"]]
        assert card.startswith(f"verdict-{verdict}"), t.id
        assert f'class="verdict-{verdict}"' in card, t.id
        assert 'href="../code/' in card, f"{t.id}: no link to its check function"
        if t.fails_with:
            # named by its test function (a reader of the site has no test paths)
            assert t.fails_with.split("::")[-1] in text_of(card), \
                f"{t.id}: the test that shows it can fail"
        if run["position"]:
            assert squash(run["position"]) in text_of(card), f"{t.id}: the counterexample's position"
            assert ".svg" in card, f"{t.id}: the counterexample is not drawn"


@pytest.mark.parametrize("name", castlerules.games())
def test_every_worked_example_is_drawn_before_and_after(site: Path, name: str) -> None:
    text = page(site, f"generated/{name}/examples.html")
    for e in load_examples(name):
        anchor = f'id="{make_id(f"example-{name}-{e.id}")}"'
        assert anchor in text, e.id
        part = text.split(anchor, 1)[1]
        for svg in re.findall(r'<img [^>]*src="([^"]+\.svg)"', part)[:2]:
            assert (site / "generated" / name / svg).is_file(), svg
        assert squash(e.before) in text_of(part), f"{e.id}: the position before"
        assert squash(e.after) in text_of(part), f"{e.id}: the position after"


@pytest.mark.parametrize("name", castlerules.games())
def test_each_game_page_has_its_notation_start_position_and_schema(site: Path, name: str) -> None:
    game = castlerules.make(name)
    text = page(site, f"generated/{name}/index.html")
    start = game.state_to_text(game.initial_state())
    assert squash(start) in text_of(text), "the start position's text"
    assert 'id="position-notation"' in text
    schema = f"../../schemas/{name}.schema.json"
    assert f'href="{schema}"' in text
    shipped = json.loads((site / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    assert shipped["properties"]["game"] == game.json_schema()["properties"]["game"]


@pytest.mark.parametrize("name", castlerules.games())
def test_every_option_of_every_interpretation_is_listed(site: Path, name: str) -> None:
    text = page(site, f"generated/{name}/interpretations.html")
    shown = blocks(text, "interpretation")
    for i in load_spec(name).interpretations:
        assert i.id in shown, i.id
        card = plain(shown[i.id])
        for o in i.options:
            assert o.id in card, f"{i.id}: option {o.id}"
            if not o.playable:
                assert squash(o.reason) in card, f"{i.id}: why {o.id} cannot be played"
        if i.keyword:
            assert i.keyword in card


@pytest.mark.parametrize("name", castlerules.games())
def test_what_each_reading_changes_says_where_its_data_stands(site: Path, name: str) -> None:
    text = text_of(page(site, f"generated/{name}/readings.html"))
    assert "what each reading changes" in text
    data = DOCS / "data" / "readings" / f"{name}.json"
    if not data.is_file():
        assert "No data yet" in text
        return
    made = json.loads(data.read_text(encoding="utf-8"))
    assert made["generated"] in text and made["command"] in text
    for entry in made["readings"]:
        if entry.get("perft", {}).get("count") is not None:
            assert f"{entry['perft']['count']:,}" in text, entry["label"]


def test_the_untrusted_input_page_shows_the_limits_of_the_code(site: Path) -> None:
    from castlerules.core import errors, game, jsonio, record, source

    text = plain(page(site, "untrusted.html"))
    for value in (jsonio.MAX_STATE_CHARS, jsonio.MAX_DEPTH, record.MAX_RECORD_CHARS, record.MAX_PLIES,
                  record.MAX_ACTION_CHARS, game.MAX_POSITION_CHARS, source.MAX_BOARD_BYTES,
                  errors.QUOTE_LIMIT):  # fmt: skip
        assert f"{value:,}" in text
    assert "CASTLERULES_FUZZ" in text and "deserialize_game_and_state" in text


def test_the_adapter_pages_show_each_games_figures(site: Path) -> None:
    from castlerules.adapters.common import Observer

    openspiel = plain(page(site, "adapters/openspiel.html"))
    pettingzoo = plain(page(site, "adapters/pettingzoo.html"))
    for name in castlerules.games():
        game = castlerules.make(name)
        size = len(game.action_universe())
        assert f"{size + game.num_players:,}" in openspiel, name
        assert f"Discrete({size})" in pettingzoo, name
        assert f"({Observer(game).size},)" in pettingzoo, name
    assert "--player2=human" in openspiel and "agent_iter()" in pettingzoo


def test_the_verification_page_has_the_mutation_kit(site: Path) -> None:
    text = text_of(page(site, "verification.html"))
    results = DOCS.parent / "mutants" / "results.json"
    if results.is_file():
        for game, data in json.loads(results.read_text(encoding="utf-8")).items():
            assert f"{data['killed']} / {data['total']}" in text, game
    else:
        assert "mutants/results.json" in text


def test_the_solved_page_shows_the_committed_figures_and_the_fork_pictures(site: Path) -> None:
    """The headline figures are those of ``docs/data/solve/spookslot.json`` (made by
    ``tools/solve_report.py``, checked against a fresh solve in the slow tier); the race table and
    one picture per fork are computed by the build."""
    text = text_of(page(site, "solved.html"))
    data = json.loads((DOCS / "data" / "solve" / "spookslot.json").read_text(encoding="utf-8"))
    for model in ("optimal", "against-random", "random"):
        for value in data["start"][model]:
            assert f"{100 * value:.4f} %" in text
    assert f"{data['positions']:,} turn starts" in text
    assert "earlier version of the rules" not in text  # the committed figures are current
    board = castlerules.make("spookslot").board
    for fork in board.forks:
        svg = site / "_images" / f"fork-{fork}.svg"
        assert svg.is_file() and "the short route is right" in svg.read_text(encoding="utf-8")
    assert "race-table" in page(site, "solved.html")
    assert f"{data['three_players']['positions']:,} turn starts" in text


def test_the_games_overview_shows_every_game_with_a_picture(site: Path) -> None:
    text = page(site, "generated/games.html")
    pictures = re.findall(r'<img [^>]*class="game-thumb[^"]*" src="([^"]+)"', text)
    assert len(pictures) == len(castlerules.games())
    for src in pictures:
        assert (site / "generated" / src).resolve().is_file(), src
    for name in castlerules.games():
        low, high = castlerules.game_class(name).players_range
        assert (f"{low}–{high} players" if low != high else f"{low} players") in text_of(text)


def test_clauses_interpretations_and_theorems_are_searchable(site: Path) -> None:
    raw = page(site, "searchindex.js")
    index = json.loads(raw[raw.index("(") + 1 : raw.rindex(")")])
    kinds = set(index["objtypes"].values())
    assert {"std:clause", "std:interpretation", "std:theorem"} <= kinds
    objects = index["objects"]
    clause = load_spec("splut").clause("splut.trol.werpen")
    prefix, _, last = clause.id.rpartition(".")
    assert any(entry[4] == last and "clause-splut-trol-werpen" in entry[3] for entry in objects[prefix])


def test_code_blocks_have_copy_buttons_and_constant_tables_stay_hidden(site: Path) -> None:
    assert "copybutton.js" in page(site, "tutorial.html")
    for api in (site / "generated" / "api").glob("*.html"):
        pattern = r'<span class="p"><span class="pre">=</span></span>(.*?)<a class="headerlink"'
        for value in re.findall(pattern, api.read_text(encoding="utf-8")):
            assert len(text_of(value)) <= 80, f"{api.name}: a long value is shown: {text_of(value)[:80]}"


@pytest.mark.parametrize("document", ["tutorial.rst", "notation.rst"])
def test_the_examples_in_the_docs_run(document: str) -> None:
    result = doctest.testfile(
        str(DOCS / document),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert result.failed == 0 and result.attempted > 8


def console_examples(document: Path) -> list[tuple[str, list[str]]]:
    """(command, expected lines) of every ``$ castlerules ...`` line in the ``console`` blocks of a
    page; ``...`` in the expected lines stands for any lines."""
    found: list[tuple[str, list[str]]] = []
    inside = False
    for line in document.read_text(encoding="utf-8").splitlines():
        if line.startswith(".. code-block::"):
            inside = line.split("::", 1)[1].strip() == "console"
            continue
        if inside and line.strip() and not line.startswith("   "):
            inside = False
        if not inside or not line.strip():
            continue
        text = line[3:]
        if text.startswith("$ "):
            found.append((text[2:], []))
        elif found:
            found[-1][1].append(text)
    return found


@pytest.mark.parametrize("document", ["tutorial.rst"])
def test_the_command_line_examples_in_the_docs_print_what_they_show(
    document: str, tmp_path: Path
) -> None:
    examples = console_examples(DOCS / document)
    assert examples, "no console examples"
    python = f'"{sys.executable}" -m castlerules'
    for command, expected in examples:
        assert "castlerules" in command
        runnable = re.sub(r"(^|\| )castlerules\b", lambda m: m.group(1) + python, command)
        done = subprocess.run(["bash", "-c", runnable], cwd=tmp_path, capture_output=True,
                              text=True, timeout=120)  # fmt: skip
        output = [squash(line) for line in (done.stdout + done.stderr).splitlines()]
        at = 0
        for want in (squash(w) for w in expected):
            if want == "...":
                continue
            assert want in output[at:], f"{command}: {want!r} not in the output:\n{done.stdout}"
            at = output.index(want, at) + 1


def runnable_blocks(document: Path) -> list[str]:
    """The Python code blocks of a page marked ``:class: runnable`` (complete programs)."""
    blocks: list[str] = []
    lines = document.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line.strip() == ".. code-block:: python" and i + 1 < len(lines) and "runnable" in lines[i + 1]:
            body = []
            for more in lines[i + 2 :]:
                if more.strip() and not more.startswith("   "):
                    break
                body.append(more[3:])
            blocks.append("\n".join(body).strip() + "\n")
    return blocks


@pytest.mark.parametrize("document", ["adapters/openspiel.rst", "adapters/pettingzoo.rst"])
def test_the_adapter_examples_run(document: str, tmp_path: Path) -> None:
    pytest.importorskip("pyspiel" if "openspiel" in document else "pettingzoo")
    blocks = runnable_blocks(DOCS / document)
    assert blocks, "no runnable example"
    for k, code in enumerate(blocks):
        script = tmp_path / f"example_{k}.py"
        script.write_text(code, encoding="utf-8")
        done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                              text=True, timeout=300)  # fmt: skip
        assert done.returncode == 0, f"example {k} of {document} fails:\n{done.stderr[-3000:]}"


@pytest.mark.parametrize("name", castlerules.games())
def test_each_notation_docstring_is_valid_restructuredtext(name: str) -> None:
    """The game's page shows its notation module's docstring; a broken one is shown as plain text
    (the build degrades instead of failing), and this test names it."""
    import importlib
    import io

    import docutils.core

    from castlerules.core.catalog import info

    package = info(name).package
    doc = importlib.import_module(f"{package}.notation").__doc__ or ""
    plain = re.sub(r":(?:[\w-]+:)?[\w-]+:`([^`]*)`", r"``\1``", doc)
    stream = io.StringIO()
    docutils.core.publish_doctree(plain, settings_overrides={"warning_stream": stream, "report_level": 2})
    assert not stream.getvalue(), f"{package}.notation: {stream.getvalue()[:500]}"


def test_the_api_reference_is_the_public_surface(site: Path) -> None:
    """The API reference documents ``castlerules.__all__``, the strategies and each game's
    ``__all__`` under their public names, and nothing of ``castlerules.core``; every method of the
    Game protocol has an entry with an example."""
    pages = {p.name: p.read_text(encoding="utf-8") for p in (site / "generated" / "api").glob("*.html")}
    ids = {i for text in pages.values() for i in re.findall(r'<dt class="sig[^"]*" id="([^"]+)"', text)}
    for name in castlerules.__all__:
        assert f"castlerules.{name}" in ids, name
    for name in ("games", "states", "actions", "records"):
        assert f"castlerules.strategies.{name}" in ids, name
    for game in castlerules.games():
        package = importlib.import_module(castlerules.game_class(game).__module__.rsplit(".", 1)[0])
        for name in package.__all__:
            assert f"{package.__name__}.{name}" in ids, (game, name)
    assert not [i for i in ids if i.startswith("castlerules.core.")]
    assert len(ids) < 400, f"{len(ids)} entries: internals are listed"
    top = pages["castlerules.html"]
    for method in ("initial_state", "is_terminal", "winners", "is_chance", "chance_outcomes",
                   "actors", "legal_actions", "violation", "is_legal", "apply", "play",
                   "action_to_str", "parse_action", "state_to_text", "state_from_text",
                   "state_to_json", "state_from_json", "outcome", "num_players", "render"):
        entry = top.split(f'id="castlerules.Game.{method}"', 1)[1].split('<dt class="sig', 1)[0]
        assert "&gt;&gt;&gt;" in entry or "highlight-pycon" in entry or "doctest" in entry, method
