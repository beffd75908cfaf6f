"""The Play page's files: the Pyodide runtime, the castlerules wheel and attrs' wheel, copied into the
built site under ``_play/`` so the page runs the library offline, from any static server.

Pyodide comes from the npm package ``pyodide`` pinned in ``docs/package.json`` and its lock file:
when ``docs/node_modules`` does not hold that version, the build runs ``npm ci`` there (node and npm
are needed to build the docs, not to read them). The castlerules wheel is built from this checkout
(``pip wheel --no-deps``); attrs' wheel (pure Python, the only dependency play needs — z3 and rich
are imported by the theorems and the terminal, never by play) is downloaded at the installed version,
or, without a network, packed from the installed distribution. The page itself is ``play.rst`` with
``_static/playground.js`` and the web worker ``_static/playground-worker.js``.

Pyodide compiles every module it imports from source (it writes no bytecode), so the build compiles
the runtime's standard library and the wheels with the runtime's own Python (``precompile.mjs``,
run by node; the standard library once per Pyodide version, kept in ``docs/generated/_cache``):
about half the CPU time to "ready". Files that never change are named by their contents: the runtime sits in ``_play/pyodide-<hash>/``
and each wheel is ``_play/wheels/<name>.<hash>.whl``, so a host may let browsers keep them for good.
``_play/manifest.json`` (small, read afresh) names them and carries what the page's menus need
before Python runs (``castlerules.playground.page_data``: the catalog of games and readings).

``try_it(...)`` writes the "try it" links of the worked examples and the counterexamples: a URL of
the page's contract with the set-up in the address's hash
(``play.html#game=G&players=N&readings=ID=OPT,...&position=TEXT&moves=M1;M2``). On every other page
a small script opens those links in one named window, so a second link while the Play page is open
only changes its hash: the page keeps Python running and opens the new set-up.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from castlerules.core.files import write_atomic

logger = logging.getLogger(__name__)

#: Where the page finds its files in the built site.
SITE_DIR = "_play"
#: The files of the npm package the page loads (the rest are type declarations and consoles).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")  # fmt: skip
#: The make() options a link may carry in the URL besides players and readings.
URL_OPTIONS_SKIPPED = ("players", "readings")
#: The name of the window every "try it" link opens in.
PLAY_WINDOW = "castlerules-play"
#: On every page but the Play page itself: "try it" links open in the one Play window.
TRY_IT_SCRIPT = (
    "document.addEventListener('DOMContentLoaded', () => {"
    " if (/(^|\\/)play\\.html$/.test(location.pathname)) return;"
    " for (const a of document.querySelectorAll('a[href*=\"play.html#\"]'))"
    f" a.target = '{PLAY_WINDOW}';"
    " });"
)


def docs_dir(app: Sphinx) -> Path:
    """The ``docs`` folder of the checkout (its ``package.json``; its parent is built as the
    wheel), wherever the Sphinx source folder is."""
    return Path(__file__).resolve().parents[2]


def pinned_version(docs: Path) -> str:
    """The pyodide version the lock file pins."""
    lock = json.loads((docs / "package-lock.json").read_text(encoding="utf-8"))
    version: str = lock["packages"]["node_modules/pyodide"]["version"]
    return version


def pyodide_dir(docs: Path) -> Path:
    """``docs/node_modules/pyodide`` at the pinned version, running ``npm ci`` when it is not."""
    folder = docs / "node_modules" / "pyodide"
    want = pinned_version(docs)

    def installed() -> str:
        try:
            return str(json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"])
        except (OSError, ValueError, KeyError):
            return ""

    if installed() != want or not all((folder / f).is_file() for f in PYODIDE_FILES):
        npm = shutil.which("npm")
        if npm is None:
            raise ExtensionError(f"the Play page needs pyodide {want}: install node and npm, "
                                 "then run 'npm ci --prefix docs'")  # fmt: skip
        logger.info(f"castlerules: npm ci (pyodide {want}) in {docs}")
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=docs,
                              capture_output=True, text=True, timeout=900)  # fmt: skip
        if done.returncode != 0 or installed() != want:
            raise ExtensionError(f"npm ci in docs/ failed:\n{done.stderr[-2000:]}")
    return folder


def build_castlerules_wheel(checkout: Path, out: Path) -> Path:
    """The castlerules wheel of this checkout."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(checkout)],
        capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    found = sorted(out.glob("castlerules-*.whl"))
    if done.returncode != 0 or not found:
        raise ExtensionError(f"building the castlerules wheel failed:\n{done.stderr[-2000:]}")
    return found[-1]


def attrs_wheel(out: Path) -> Path:
    """attrs' wheel at the installed version: downloaded, or packed from the installed files."""
    from importlib.metadata import distribution

    dist = distribution("attrs")
    version = dist.version
    done = subprocess.run(
        [sys.executable, "-m", "pip", "download", f"attrs=={version}", "--no-deps",
         "--only-binary=:all:", "-q", "-d", str(out)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    found = sorted(out.glob(f"attrs-{version}-*.whl"))
    if done.returncode == 0 and found:
        return found[-1]
    logger.info("castlerules: attrs' wheel packed from the installed distribution")
    target = out / f"attrs-{version}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for file in dist.files or ():
            if "__pycache__" in file.parts or file.suffix == ".pyc":
                continue
            path = Path(str(file.locate()))
            if path.is_file() and not str(file).startswith(".."):
                wheel.write(path, str(file))
    return target


def content_hash(*paths: Path) -> str:
    """The first 12 hex digits of the SHA-256 of the files' SHA-256 digests, in order."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:12]


def hashed_name(path: Path) -> str:
    """``castlerules-0.2.0-py3-none-any.<hash>.whl`` for a wheel, the hash the first 12 hex digits
    of the SHA-256 of its contents: a name its contents give."""
    return f"{path.stem}.{hashlib.sha256(path.read_bytes()).hexdigest()[:12]}{path.suffix}"


def page_data() -> dict[str, Any]:
    """What the page's menus need before Python runs, from the library this build documents."""
    from castlerules.playground import page_data as data

    found: dict[str, Any] = data()
    return found


#: The version of what ``precompile.mjs`` makes of the runtime's standard library (a new one
#: compiles it afresh).
PRECOMPILED = "pyc-1"
#: The parts of the castlerules wheel the page never imports: shipped as sources only.
NOT_PLAYED = r"/theorems/|/adapters/|/envs/|^castlerules/cli/|^castlerules/(__pycache__/)?(terminal|simulate|__main__)\."


def cache_dir(docs: Path) -> Path:
    """Where the build keeps what it made once (beside the theorem runs' cache)."""
    folder = docs / "generated" / "_cache" / "play"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _room_for_webassembly() -> None:
    """In the node process: the address space up to the hard limit (WebAssembly reserves far more
    address space than it uses; a capped parent, such as the test suite, would starve it)."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def precompile(runtime: Path, wheels: list[Path], out: Path, cache: Path) -> tuple[Path, list[Path]]:
    """The runtime's standard library and ``wheels`` compiled to bytecode by the runtime's own
    Python (``precompile.mjs``, run by node): the page then imports without compiling. The
    standard library is compiled once per Pyodide version and kept in ``cache``."""
    node = shutil.which("node")
    if node is None:
        raise ExtensionError("the Play page needs node to compile its Python (install node and npm)")
    key = hashlib.sha256((runtime / "python_stdlib.zip").read_bytes() + PRECOMPILED.encode()).hexdigest()[:16]
    stdlib = cache / f"python_stdlib-{key}.zip"
    command = [node, str(Path(__file__).with_name("precompile.mjs")), str(runtime), str(out), "--skip", NOT_PLAYED]
    if not stdlib.is_file():
        command.append("--stdlib")
    done = subprocess.run([*command, *map(str, wheels)], capture_output=True, text=True, timeout=1200,
                          preexec_fn=_room_for_webassembly)  # fmt: skip
    if done.returncode != 0:
        raise ExtensionError(f"compiling the Play page's Python failed:\n{done.stderr[-3000:]}")
    if not stdlib.is_file():
        shutil.move(out / "python_stdlib.zip", stdlib)
    return stdlib, [out / w.name for w in wheels]


def on_build_finished(app: Sphinx, exc: Exception | None) -> None:
    """Copy the runtime (its standard library compiled) and the wheels (compiled) into
    ``<site>/_play/`` under names their contents give, with the manifest the page and its worker
    read."""
    if exc is not None or app.builder.format != "html":
        return
    docs = docs_dir(app)
    runtime = pyodide_dir(docs)
    site = Path(app.outdir) / SITE_DIR
    site.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        built = Path(tmp) / "built"
        compiled = Path(tmp) / "compiled"
        built.mkdir()
        compiled.mkdir()
        sources = [build_castlerules_wheel(docs.parent, built), attrs_wheel(built)]
        stdlib, wheels = precompile(runtime, sources, compiled, cache_dir(docs))
        files = {name: (stdlib if name == "python_stdlib.zip" else runtime / name) for name in PYODIDE_FILES}
        folder = f"pyodide-{content_hash(*files.values())}"
        for old in site.glob("pyodide*"):
            if old.name != folder:
                shutil.rmtree(old) if old.is_dir() else old.unlink()
        if not (site / folder / PYODIDE_FILES[-1]).is_file():
            (site / folder).mkdir(exist_ok=True)
            for name, source in files.items():
                shutil.copyfile(source, site / folder / name)
        shipped = site / "wheels"
        if shipped.exists():
            shutil.rmtree(shipped)
        shipped.mkdir()
        names = []
        for wheel in wheels:
            names.append(hashed_name(wheel))
            shutil.copyfile(wheel, shipped / names[-1])
    manifest = {"pyodide": pinned_version(docs), "runtime": f"{folder}/",
                "wheels": [f"wheels/{name}" for name in names], "tables": solved_tables(site),
                **page_data()}  # fmt: skip
    write_atomic(site / "manifest.json", json.dumps(manifest, indent=1) + "\n")
    logger.info(f"castlerules: the Play page's files are in {site}")


def solved_tables(site: Path) -> list[str]:
    """The solved tables the page ships, as JSON (no numpy in the page): Spookslot's last-pawn
    race (``castlerules_docs.solve_page.race_solution``), named by its contents."""
    from castlerules.solve import table_to_json
    from castlerules_docs.solve_page import race_solution

    folder = site / "tables"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    path = folder / "spookslot-race.json"
    path.write_text(table_to_json(race_solution().table), encoding="utf-8")
    named = folder / hashed_name(path)
    path.rename(named)
    return [f"tables/{named.name}"]


def on_builder_inited(app: Sphinx) -> None:
    """Fail early, before the pages are written, when Pyodide cannot be had."""
    if app.builder.format == "html":
        pyodide_dir(docs_dir(app))


# -- "try it" links -------------------------------------------------------------------------------


def try_it_url(game: Any, position: str | None = None, moves: tuple[str, ...] = (),
               options: dict[str, Any] | None = None) -> str:  # fmt: skip
    """The playground URL (relative to the site's root) that opens ``game`` (its player count,
    readings and other options) at ``position`` and plays ``moves``: the set-up in the hash, so a
    Play page already open reads it without starting Python again."""
    opts = dict(game.options if options is None else options)
    parts = [f"game={quote(game.name)}", f"players={game.num_players}"]
    readings = opts.get("readings") or {}
    if readings:
        parts.append("readings=" + quote(",".join(f"{k}={v}" for k, v in sorted(readings.items())), safe="=,"))
    rest = {k: v for k, v in opts.items() if k not in URL_OPTIONS_SKIPPED}
    if rest:
        parts.append("options=" + quote(json.dumps(rest, sort_keys=True, separators=(",", ":")), safe=""))
    if position:
        parts.append("position=" + quote(position, safe=""))
    if moves:
        parts.append("moves=" + ";".join(quote(m, safe="") for m in moves))
    # "_" is left as %5F: a reStructuredText link target ending in "_" would name a reference
    return "play.html#" + "&".join(parts).replace("_", "%5F")


def try_it(game: Any, position: str | None, moves: tuple[str, ...] = (), depth: int = 2,
           at: str = "") -> list[str]:  # fmt: skip
    """reStructuredText: a paragraph linking the playground at ``position`` (and, with ``moves``,
    a second link with them played), for a page ``depth`` folders below the site's root."""
    up = "../" * depth
    line = f"{at}`Try it in the playground <{up}{try_it_url(game, position)}>`__"
    if moves:
        line += f" (or `with the moves played <{up}{try_it_url(game, position, moves)}>`__)"
    return [line + ".", ""]


def try_it_inline(name: str, example: Any, depth: int = 2) -> str:
    """`` (`try it <URL>`__)`` for a worked example, or "" if its game cannot be made."""
    from castlerules import make

    try:
        game = make(name, **example.options_dict())
    except Exception:  # the examples page reports it
        return ""
    return f" (`try it <{'../' * depth}{try_it_url(game, example.before)}>`__)"


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", on_builder_inited)
    app.connect("build-finished", on_build_finished)
    app.add_js_file(None, body=TRY_IT_SCRIPT)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
