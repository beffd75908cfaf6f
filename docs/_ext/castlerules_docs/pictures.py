"""Board pictures: the library's own SVG, written next to the page that shows it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from castlerules_docs.rst import esc, write

_SAFE = re.compile(r"[^a-z0-9-]+")


def slug(text: str) -> str:
    return _SAFE.sub("-", text.lower()).strip("-") or "picture"


def figure(
    folder: Path,
    filename: str,
    svg: str,
    alt: str,
    caption: str = "",
    *,
    text_picture: bool = False,
    indent_by: str = "",
    width_class: str = "",
) -> list[str]:
    """Write ``svg`` to ``folder/filename`` and return the ``figure`` markup that shows it (the
    path is relative to the page in ``folder``)."""
    write(folder / filename, svg)
    classes = "board-text" if text_picture else "board"
    if width_class:
        classes += f" {width_class}"
    out = [
        f"{indent_by}.. figure:: {filename}",
        f"{indent_by}   :alt: {esc(alt)}",
        f"{indent_by}   :figclass: {classes}",
        "",
    ]
    if caption:
        out += [f"{indent_by}   {caption}", ""]
    return out


def render(game: Any, state: Any, highlight: tuple[str, ...] = ()) -> str:
    """``game.render_svg(state, highlight)``, falling back to no highlight for a game whose
    ``render_svg`` refuses one of the squares."""
    try:
        return str(game.render_svg(state, highlight=tuple(highlight)))
    except TypeError:
        return str(game.render_svg(state))
