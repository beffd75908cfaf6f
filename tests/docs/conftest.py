"""The Play page's browser fixtures: a site with the page (built by the docs' own extension, or
``CASTLERULES_DOCS_SITE``), served from 127.0.0.1, and Debian's headless Chromium.

Besides the site the server answers ``/links.html``: a page of "try it" links as the docs write
them (``castlerules_docs.playground.try_it_url``), with the script the docs add to every page."""

from __future__ import annotations

import functools
import http.server
import os
import resource
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip

CONF = """
import sys
sys.path.insert(0, {ext!r})
project = "castlerules"
extensions = ["castlerules_docs.playground"]
html_theme = "furo"
html_static_path = [{static!r}]
smartquotes = False
suppress_warnings = ["ref.doc"]
"""


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("CASTLERULES_DOCS_SITE", "").strip()
    if given:
        assert (Path(given) / "play.html").is_file(), f"{given} has no play.html"
        return Path(given)
    if shutil.which("chromium") is None:
        pytest.fail("Chromium is needed: apt-get install chromium")
    src = tmp_path_factory.mktemp("play-src")
    (src / "conf.py").write_text(CONF.format(ext=str(DOCS / "_ext"), static=str(DOCS / "_static")))
    (src / "index.rst").write_text("castlerules\n===========\n\n.. toctree::\n\n   play\n")
    shutil.copyfile(DOCS / "play.rst", src / "play.rst")
    out = src.parent / (src.name + "-html")
    command = [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src), str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-4000:]
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm", ".js": "text/javascript"}  # fmt: skip
    #: Extra pages by path (``/links.html``), served as HTML.
    pages: ClassVar[dict[str, str]] = {}

    def do_GET(self) -> None:
        page = self.pages.get(self.path.split("?")[0])
        if page is None:
            super().do_GET()
            return
        body = page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


def links_page() -> str:
    """Two worked examples' "try it" links, as a docs page shows them."""
    from castlerules_docs.playground import TRY_IT_SCRIPT, try_it_url

    import castlerules

    splut = castlerules.make("splut")
    kasteel = castlerules.make("kasteel")
    first = try_it_url(splut, None, ("p0 Tf2-f3",))
    second = try_it_url(kasteel, None, ("skull d10", "skull e11", "skull f9"))
    return (f"<!doctype html><html><head><meta charset='utf-8'><script>{TRY_IT_SCRIPT}</script></head>"
            f"<body><p><a id='first' href='{first}'>first</a> <a id='second' href='{second}'>second</a></p>"
            "</body></html>")  # fmt: skip


@pytest.fixture(scope="session")
def base(site: Path) -> Iterator[str]:
    Handler.pages = {"/links.html": links_page()}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    # conftest caps the address space of the tests; a browser (and WebAssembly) needs more.
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
    try:
        manager = sync_playwright().start()
        chromium = manager.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    yield chromium
    chromium.close()
    manager.stop()
