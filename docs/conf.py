"""Sphinx configuration of the castlerules documentation.

The per-game pages, the traceability matrix and the API pages are generated into ``generated/`` by
the local extension ``_ext/castlerules_docs.py`` when the build starts. Theorem results come from
the JSON file named by ``CASTLERULES_VERIFY_JSON`` (the output of ``castlerules verify --json``) or,
when it is not set, from running the theorems during the build.
"""

from __future__ import annotations

import sys
from pathlib import Path

import castlerules

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "castlerules"
author = "the castlerules authors"
copyright = "the castlerules authors"
release = version = castlerules.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "castlerules_docs",
]

exclude_patterns = ["_build"]
language = "en"
# The Dutch clauses are quoted verbatim: no typographic rewriting of quotes, dashes or dots.
smartquotes = False
root_doc = "index"
nitpicky = False

# API objects stay out of the navigation tree: the theme would copy hundreds of entries per page.
toc_object_entries = False
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autoclass_content = "class"
python_maximum_signature_line_length = 88

html_theme = "furo"
html_title = "castlerules"
html_static_path = ["_static"]
html_css_files = ["castlerules.css"]
html_show_sourcelink = False
html_theme_options = {
    "navigation_with_keys": True,
}

# Roles the generated pages use to mark kinds, statuses and gaps (styled in castlerules.css).
rst_prolog = "\n".join(
    f".. role:: {name}"
    for name in (
        "uncovered",
        "default",
        "kind-rule",
        "kind-setup",
        "kind-physical",
        "kind-flavour",
        "status-proved",
        "status-counterexample",
        "status-unknown",
    )
)
python_use_unqualified_type_names = True
add_module_names = False
