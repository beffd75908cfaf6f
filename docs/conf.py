"""Sphinx configuration of the castlerules documentation.

The per-game pages, the overview, the traceability matrix, the adapters' figures, the command-line
reference and the API pages are generated into ``generated/`` by the local extension
``_ext/castlerules_docs/`` when the build starts. Theorem results come from the JSON file named by
``CASTLERULES_VERIFY_JSON`` (the output of ``castlerules verify --json``) or, when it is not set,
from running the theorems during the build; those runs are kept under ``generated/_cache`` with a
key that hashes the package's source files and specs, so a build after an unchanged source reuses
them instead of proving everything again. The "what each reading changes" pages read the
committed ``data/readings/<game>.json`` (made by ``tools/readings_report.py``).
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
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
    "castlerules_docs",
]

# generated/parts holds page fragments that hand-written pages include.
exclude_patterns = ["_build", "data", "generated/_extra", "generated/parts"]
language = "en"
# The Dutch clauses are quoted verbatim: no typographic rewriting of quotes, dashes or dots.
smartquotes = False
root_doc = "index"
# Literal blocks (the notation grammars, positions) are text; code blocks name their language.
highlight_language = "none"
# Every cross-reference must resolve (``sphinx-build -n``): names of Python, attrs and Hypothesis go
# to their documentation through intersphinx; the inventories are small files shipped here
# (``docs/_inventories``, written by ``tools/inventories.py``), so the build needs no network.
nitpicky = True
_INVENTORIES = Path(__file__).parent / "_inventories"
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", str(_INVENTORIES / "python.inv")),
    "attrs": ("https://www.attrs.org/en/stable", str(_INVENTORIES / "attrs.inv")),
    "hypothesis": ("https://hypothesis.readthedocs.io/en/latest", str(_INVENTORIES / "hypothesis.inv")),
}
# Types of the optional frameworks the adapters name in their signatures: shown as text (their
# projects' inventories are not shipped).
nitpick_ignore_regex = [
    ("py:class", r"(numpy|np|gymnasium|pettingzoo|pyspiel|PIL|rich|z3|dask|distributed)(\..*)?"),
    ("py:class", r"AECEnv|ParallelEnv|ObsType|ActionType|AgentID"),
]

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

python_use_unqualified_type_names = True
add_module_names = False

# Copy buttons copy the code, not the prompts or the output.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_exclude = ".linenos, .gp, .go"
