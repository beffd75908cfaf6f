"""reStructuredText helpers for the generated pages: escaping, titles, references, code blocks."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

_SPECIAL = re.compile(r"([\\*`_|\[\]<>])")


def esc(text: object) -> str:
    """``text`` as inline reStructuredText: markup characters escaped, whitespace collapsed."""
    out = re.sub(r"\s+", " ", str(text)).strip()
    out = _SPECIAL.sub(r"\\\1", out)
    # a paragraph that starts like a list, an enumeration or a directive must stay a paragraph
    if re.match(r"^([-+*#>:.]|\d+[.)]|[A-Za-z][.)]\s)", out):
        out = "\\" + out
    return out


def line_block(text: str, indent: str = "") -> list[str]:
    """Verbatim prose (Dutch text) as a line block, keeping its line breaks."""
    lines = str(text).strip().splitlines() or [""]
    out = []
    for line in lines:
        line = _SPECIAL.sub(r"\\\1", line.rstrip())
        out.append(f"{indent}| {line}" if line.strip() else f"{indent}|")
    return out


def literal(text: object) -> str:
    """An inline literal (for ids, notation and test node ids)."""
    text = re.sub(r"\s+", " ", str(text)).strip()
    if not text:
        return "—"
    return f"``{text}``" if "``" not in text and not text.endswith("`") else esc(text)


def code_block(text: str, language: str = "text", indent: str = "") -> list[str]:
    body = [f"{indent}   {line}" if line.strip() else "" for line in str(text).splitlines()]
    return [f"{indent}.. code-block:: {language}", "", *body, ""]


def literal_block(text: str, indent: str = "") -> list[str]:
    return code_block(text, "text", indent)


def indent(lines: Iterable[str], by: str = "   ") -> list[str]:
    return [f"{by}{line}" if line.strip() else "" for line in lines]


def title(text: str, char: str, overline: bool = False) -> list[str]:
    text = esc(text)
    rule = char * max(len(text), 3)
    return [rule, text, rule, ""] if overline else [text, rule, ""]


def details(summary: str, body: list[str], indent_by: str = "") -> list[str]:
    """A collapsed HTML block (``<details>``) around reStructuredText ``body``."""
    from html import escape

    return [
        f"{indent_by}.. raw:: html",
        "",
        f"{indent_by}   <details class=\"castlerules\"><summary>{escape(summary)}</summary>",
        "",
        *body,
        f"{indent_by}.. raw:: html",
        "",
        f"{indent_by}   </details>",
        "",
    ]


def clause_label(cid: str) -> str:
    return f"clause-{cid}"


def clause_ref(cid: str) -> str:
    return f":ref:`{cid} <{clause_label(cid)}>`"


def theorem_ref(tid: str, text: str | None = None) -> str:
    return f":ref:`{text or tid} <theorem-{tid}>`"


def interp_ref(iid: str, text: str | None = None) -> str:
    return f":ref:`{text or iid} <interp-{iid}>`"


def code_target(qualname: str) -> str:
    """The documented object for a registered function (a closure links to its parent)."""
    return qualname.split(".<locals>", 1)[0]


#: Every object a page links to with ``code_ref`` (the internal code page documents each).
CODE_LINKS: set[str] = set()


def code_ref(qualname: str, keep: int = 2) -> str:
    """A link to the entry of ``qualname`` on the code page, shown without
    ``castlerules.<package>``."""
    target = code_target(qualname)
    CODE_LINKS.add(target)
    parts = target.split(".")
    shown = ".".join(parts[keep:]) if len(parts) > keep else target
    return f":py:obj:`{shown} <{target}>`"


def joined(items: Iterable[str], empty: str = "—") -> str:
    found = list(items)
    return ", ".join(found) if found else empty


#: id -> reference markup for every clause, interpretation and theorem (filled by ``generate``).
KNOWN_IDS: dict[str, str] = {}
_KNOWN_PATTERN: list[re.Pattern[str]] = []


def set_known(ids: dict[str, str]) -> None:
    KNOWN_IDS.clear()
    KNOWN_IDS.update(ids)
    _KNOWN_PATTERN.clear()
    if ids:
        alternatives = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
        _KNOWN_PATTERN.append(re.compile(rf"(?<![\w.-])({alternatives})(?![\w-]|\.\w)"))


def linkify(text: str) -> str:
    """``text`` (already escaped) with every known clause, interpretation or theorem id linked."""
    if not _KNOWN_PATTERN:
        return text
    return _KNOWN_PATTERN[0].sub(lambda m: KNOWN_IDS[m.group(1)], text)


def prose(text: object) -> str:
    return linkify(esc(text))


def write(path: Path, lines: list[str] | str) -> None:
    """Write only when the text changed, so Sphinx re-reads only what is new."""
    text = lines if isinstance(lines, str) else "\n".join(lines).rstrip() + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def list_table(
    header: list[str],
    rows: Iterable[list[str]],
    *,
    caption: str = "",
    classes: str = "",
    widths: str = "",
    indent_by: str = "",
) -> list[str]:
    """A ``list-table`` with a header row; each cell is one line of inline markup."""
    out = [f"{indent_by}.. list-table::{(' ' + esc(caption)) if caption else ''}"]
    out.append(f"{indent_by}   :header-rows: 1")
    if classes:
        out.append(f"{indent_by}   :class: {classes}")
    if widths:
        out.append(f"{indent_by}   :widths: {widths}")
    out.append("")
    for row in [header, *rows]:
        first, *rest = row
        out.append(f"{indent_by}   * - {first or ' '}")
        out += [f"{indent_by}     - {cell or ' '}" for cell in rest]
    return [*out, ""]


_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+.:_])\1{2,}\s*$")


def demote_sections(text: str, levels: str) -> str:
    """``text`` (reStructuredText) with its section adornments replaced, in order of first use, by
    the characters of ``levels`` (so a docstring's sections nest under the page's)."""
    lines = text.splitlines()
    seen: list[str] = []
    out = list(lines)
    for i, line in enumerate(lines):
        if i == 0 or not _UNDERLINE.match(line) or not lines[i - 1].strip():
            continue
        above = lines[i - 1]
        if _UNDERLINE.match(above) or above.startswith(" ") or len(line.rstrip()) < len(above.rstrip()):
            continue
        if i + 1 < len(lines) and _UNDERLINE.match(lines[i + 1]):
            continue
        char = line[0]
        if char not in seen:
            seen.append(char)
        level = seen.index(char)
        new = levels[min(level, len(levels) - 1)]
        out[i] = new * max(len(above.rstrip()), 3)
    return "\n".join(out)
