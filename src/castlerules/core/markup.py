"""Text made safe inside SVG and HTML: ``escape`` (``&``, ``<`` and ``>``, as XML needs; quotes are
left: the pictures put only validated names in attributes). The standard library's ``html`` does it
without the import cost of ``xml.sax`` (which brings in ``urllib``)."""

from __future__ import annotations

import html


def escape(text: str) -> str:
    """``text`` with ``&``, ``<`` and ``>`` escaped."""
    return html.escape(text, quote=False)
