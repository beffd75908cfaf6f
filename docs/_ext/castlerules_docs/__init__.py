"""Sphinx extension that generates the castlerules pages: per game (introduction and notation, how
to play, worked examples, rulebook, interpretations, theorems, what each reading changes), and for
all games (overview, traceability, random play, the mutation table, the command line, the
adapters' figures, the limits on untrusted input), plus the API pages.

Everything it writes is computed from the packaged rulebook data (``castlerules.core.spec``), the
``@clause``/``@reads`` registry, the ``@pytest.mark.clause`` markers under ``tests/``, the worked
examples, the theorem runs and the committed data in ``docs/data/``, for every game
``castlerules.games()`` lists, so a new game appears without hand edits, and a game that is half
written still gets the pages of what works.

Theorem status is real: the runs are read from the JSON of ``castlerules verify --json`` when the
environment variable ``CASTLERULES_VERIFY_JSON`` names such a file, and otherwise the build runs
the theorems itself (showing its progress). Generated reStructuredText goes to ``generated/``.

Clauses, interpretations and theorems are objects of the standard domain (``clause``,
``interpretation``, ``theorem``), so the search box finds them by id and lands on their card.

Why not sphinx-needs: its need ids cannot contain dots (``id.part`` addresses a need *part*), so
the stable clause ids (``splut.trol.werpen``) would have to be rewritten; its configuration names
changed within its 9.x series (deprecation warnings, which fail a ``-W`` build); and it brings some
ten more packages. The matrix needs one table per game, which a few lines of reStructuredText do.
"""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from castlerules_docs import (
    api,
    combinations_page,
    envs_pages,
    game_pages,
    reach_page,
    readings_page,
    site_pages,
    solve_page,
)
from castlerules_docs.data import OUT_DIR, GameDoc, load_runs
from castlerules_docs.rst import (
    CODE_LINKS,
    clause_ref,
    code_target,
    interp_ref,
    set_known,
    theorem_ref,
    write,
)

logger = logging.getLogger(__name__)

#: The roles that mark kinds, verdicts and gaps (each an inline span with that class).
ROLES = (
    "uncovered", "default", "not-playable", "nl-heading",
    "kind-rule", "kind-setup", "kind-physical", "kind-flavour",
    "verdict-proved", "verdict-finding", "verdict-unknown", "verdict-unexpected", "verdict-notrun",
)  # fmt: skip
#: Object types of the standard domain, found by the search.
OBJECT_TYPES = {"clause": "clause", "interpretation": "interpretation", "theorem": "theorem"}


def generate(srcdir: Path, tests_root: Path) -> list[GameDoc]:
    """Write every generated page under ``srcdir/generated``; return what was documented."""
    import castlerules

    root = srcdir.parent
    names = list(castlerules.games())
    runs = load_runs(names)
    docs = [GameDoc(name, tests_root, runs) for name in names]
    known: dict[str, str] = {}
    for gd in docs:
        known.update({c.id: clause_ref(c.id) for c in gd.spec.clauses})
        known.update({i.id: interp_ref(i.id) for i in gd.spec.interpretations})
        known.update({t.id: theorem_ref(t.id) for t in gd.theorems})
    set_known(known)
    game_pages.LINKED_CODE.clear()
    CODE_LINKS.clear()
    out = srcdir / OUT_DIR
    for gd in docs:
        base = out / gd.slug
        # pages that may add problems first; the introduction (which lists them) last
        pages = {
            "examples.rst": game_pages.page_examples(gd, base),
            "theorems.rst": game_pages.page_theorems(gd, base),
            "readings.rst": readings_page.page_readings(gd, root, base),
            "interpretations.rst": game_pages.page_interpretations(gd),
            "rulebook.rst": game_pages.page_rulebook(gd),
            "how-to-play.rst": game_pages.page_how_to_play(gd),
        }
        pages["index.rst"] = game_pages.page_intro(gd, base)
        for page, lines in pages.items():
            write(base / page, lines)
    write(out / "parts" / "adapters-openspiel.rst", site_pages.part_adapter_figures(docs, "openspiel"))
    write(out / "parts" / "adapters-pettingzoo.rst", site_pages.part_adapter_figures(docs, "pettingzoo"))
    write(out / "parts" / "adapter-spaces.rst", site_pages.part_spaces(docs))
    write(out / "random-play.rst", site_pages.page_random_play(docs))
    write(out / "games.rst", site_pages.page_games(docs))
    write(out / "traceability.rst", site_pages.page_traceability(docs))
    write(out / "parts" / "mutants.rst", site_pages.part_mutants(root, docs))
    write(out / "parts" / "mutants-heldout.rst", site_pages.part_mutants(root, docs, "heldout"))
    write(out / "parts" / "readings-summary.rst", site_pages.part_readings_summary(root, docs))
    write(out / "parts" / "combinations.rst", combinations_page.part_combinations(names))
    write(out / "parts" / "reach.rst", reach_page.part_reach(root, names))
    write(out / "parts" / "game-limits.rst", site_pages.part_game_limits(docs))
    write(out / "cli.rst", site_pages.page_cli())
    solve_page.generate(root, out)
    envs_pages.generate(out)
    write(out / "api" / "index.rst", api.page_api_index(docs))
    write(out / "api" / "castlerules.rst", api.page_api_top())
    write(out / "api" / "strategies.rst", api.page_api_strategies())
    write(out / "api" / "games.rst", api.page_api_games(docs))
    write(out / "api" / "adapters.rst", api.page_api_adapters())
    api.NEEDED.clear()
    api.NEEDED.update(code_target(q) for q in game_pages.LINKED_CODE)
    api.NEEDED.update(CODE_LINKS)
    write(out / "code" / "index.rst", api.page_code(api.NEEDED, [gd.package for gd in docs]))
    copy_schemas(out / "_extra" / "schemas")
    return docs


def copy_schemas(folder: Path) -> None:
    """The shipped JSON Schemas, copied into the site as ``schemas/<game>.schema.json``."""
    import castlerules

    folder.mkdir(parents=True, exist_ok=True)
    for path in sorted((Path(castlerules.__file__).parent / "schemas").glob("*.schema.json")):
        target = folder / path.name
        if not target.exists() or target.read_bytes() != path.read_bytes():
            shutil.copyfile(path, target)


# -- Sphinx hooks ---------------------------------------------------------------------------------


def on_builder_inited(app: Sphinx) -> None:
    srcdir = Path(app.srcdir)
    tests_root = Path(app.config.castlerules_tests_root or srcdir.parent / "tests")
    api.PUBLIC.clear()
    api.PUBLIC.update(api.public_names())
    docs = generate(srcdir, tests_root)
    extra = str(srcdir / OUT_DIR / "_extra")
    if extra not in app.config.html_extra_path:
        app.config.html_extra_path = [*app.config.html_extra_path, extra]
    for gd in docs:
        for problem in gd.problems:
            logger.warning(f"{gd.name}: {problem}", type="castlerules", subtype="game")


def on_missing_reference(app: Sphinx, env: BuildEnvironment, node: Any, contnode: Any) -> Any:
    """Links to castlerules code: a public object named where it is defined
    (``castlerules.core.record.Record``) goes to its public entry (``castlerules.Record``); a type
    variable or an internal type in a signature of the reference pages is shown as text; any other
    link to castlerules code from a page must resolve (a warning names it)."""
    target = str(node.get("reftarget", ""))
    refdoc = str(node.get("refdoc", ""))
    if node.get("refdomain") != "py" or not target.startswith("castlerules"):
        return None
    public = api.public_target(target)
    if public is not None and public != target:
        domain = env.domains["py"] if hasattr(env.domains, "__getitem__") else env.get_domain("py")
        found = domain.resolve_xref(env, refdoc, app.builder, node.get("reftype", "obj"), public,
                                    node, contnode)  # fmt: skip
        if found is not None:
            return found
    in_reference = refdoc.startswith((f"{OUT_DIR}/api/", f"{OUT_DIR}/code/"))
    if in_reference and (api.is_type_variable(target) or node.get("reftype") in ("class", "obj")):
        return contnode  # internal or a type variable: its name, as text
    logger.warning(
        f"link to {target} does not resolve: the object is in neither the API reference nor the "
        "code the rulebooks link to", location=node, type="castlerules", subtype="link",
    )  # fmt: skip
    return None


def span_role(name: str) -> Any:
    def role(typ: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None,
             content: Any = None) -> tuple[list[nodes.Node], list[Any]]:  # fmt: skip
        return [nodes.inline(rawtext, text, classes=[name])], []

    return role


def value_role(typ: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None,
               content: Any = None) -> tuple[list[nodes.Node], list[Any]]:  # fmt: skip
    """``:castlerules-value:`castlerules.core.jsonio.MAX_DEPTH``` — the constant's value, from the
    code (integers with thousands separators)."""
    module_name, _, name = text.strip().rpartition(".")
    try:
        value = getattr(importlib.import_module(module_name), name)
    except (ImportError, AttributeError, ValueError):
        message = inliner.reporter.warning(f"castlerules-value: no constant {text!r}", line=lineno)
        return [nodes.literal(rawtext, f"{text} (missing)")], [message]
    shown = f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else repr(value)
    return [nodes.literal(rawtext, shown, classes=["castlerules-value"])], []


def test_value_role(typ: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None,
                    content: Any = None) -> tuple[list[nodes.Node], list[Any]]:  # fmt: skip
    """``:castlerules-test-value:`tests/core/test_untrusted.py:MESSAGE_LIMIT``` — a constant of a
    test module, read from its source (tests are not importable modules)."""
    import ast

    env = inliner.document.settings.env
    path, _, name = text.strip().partition(":")
    file = Path(env.srcdir).parent / path
    value: Any = None
    try:
        for node in ast.parse(file.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                value = ast.literal_eval(node.value)
    except (OSError, SyntaxError, ValueError):
        value = None
    if value is None:
        message = inliner.reporter.warning(f"castlerules-test-value: no constant {text!r}", line=lineno)
        return [nodes.literal(rawtext, f"{text} (missing)")], [message]
    shown = f"{value:,}" if isinstance(value, int) else repr(value)
    return [nodes.literal(rawtext, shown, classes=["castlerules-value"])], []


class ObjectDirective(Directive):
    """``.. castlerules-object:: KIND ID`` — register ``ID`` as a searchable object of the standard
    domain, pointing at the label ``KIND-ID`` that precedes it (clause, interpretation, theorem)."""

    required_arguments = 2
    has_content = False

    def run(self) -> list[nodes.Node]:
        kind, name = self.arguments
        env = self.state.document.settings.env
        anchor = nodes.make_id(f"{'interp' if kind == 'interpretation' else kind}-{name}")
        std = env.domains.standard_domain if hasattr(env.domains, "standard_domain") else env.get_domain("std")
        std.note_object(kind, name, anchor, location=(env.docname, self.lineno))
        return []


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("castlerules_tests_root", "", "env")
    for name in ROLES:
        app.add_role(name, span_role(name))
    app.add_role("castlerules-value", value_role)
    app.add_role("castlerules-test-value", test_value_role)
    for kind, label in OBJECT_TYPES.items():
        app.add_object_type(kind, kind, objname=label, indextemplate=f"pair: {label}; %s")
    app.add_directive("castlerules-object", ObjectDirective)
    app.connect("builder-inited", on_builder_inited)
    app.connect("autodoc-process-docstring", api.on_process_docstring)
    app.connect("autodoc-process-signature", api.on_process_signature)
    app.connect("missing-reference", on_missing_reference)
    app.connect("doctree-read", api.on_doctree_read)
    app.setup_extension("castlerules_docs.playground")
    return {"version": "2.0", "parallel_read_safe": True, "parallel_write_safe": True}
