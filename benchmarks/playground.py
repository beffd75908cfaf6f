"""The Play page's budgets, measured in Debian's headless Chromium: what the page adds to the site,
the time from opening the page to ``ready``, and the time of a bot's move in the page.

    python benchmarks/playground.py docs/_build/html [--runs 3]

The site is served from 127.0.0.1 by ``python -m http.server``; every request elsewhere is refused.
Bot times are the worker's own figures (``p1 (mcts) played ... in N ms``) with a 1 s MCTS budget.
"""

from __future__ import annotations

import argparse
import gzip
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
GAMES = ("vlotte-geesten", "splut", "spookslot", "kasteel")


def added_files(site: Path) -> list[Path]:
    return sorted([p for p in (site / "_play").rglob("*") if p.is_file()]
                  + list((site / "_static").glob("playground*")))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built html folder")
    parser.add_argument("--runs", type=int, default=3, help="page loads to time")
    parser.add_argument("--moves", type=int, default=4, help="MCTS moves to time per game")
    args = parser.parse_args()
    files = added_files(args.site)
    raw = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), 9)) for p in files)
    print(f"added to the site: {len(files)} files, {raw / 1e6:.1f} MB ({packed / 1e6:.1f} MB gzipped)")
    for p in files:
        print(f"  {p.relative_to(args.site)}: {p.stat().st_size:,} bytes")

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "-d", str(args.site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    base = f"http://127.0.0.1:{port}/"
    time.sleep(1)
    from playwright.sync_api import sync_playwright

    resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
            context = browser.new_context()
            context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
            page = context.new_page()
            loads = []
            for _ in range(args.runs):
                start = time.perf_counter()
                page.goto(base + "play.html?game=splut&moves=p0%20Tf2-f3")
                page.wait_for_function("document.getElementById('status').textContent === 'ready'",
                                       timeout=300_000)  # fmt: skip
                loads.append(time.perf_counter() - start)
            print(f"open to ready: median {statistics.median(loads):.1f} s "
                  f"({', '.join(f'{t:.1f}' for t in loads)})")  # fmt: skip
            for game in GAMES:
                page.goto(base + f"play.html?game={game}&players=2&seats=random,mcts&auto=1")
                page.wait_for_function("document.getElementById('status').textContent === 'ready'",
                                       timeout=300_000)  # fmt: skip
                times: dict[str, list[int]] = {"random": [], "mcts": []}
                seen = ""
                deadline = time.perf_counter() + 120
                while len(times["mcts"]) < args.moves and time.perf_counter() < deadline:
                    page.wait_for_timeout(50)
                    text = str(page.text_content("#activity") or "")
                    if text != seen and " played " in text and " in " in text:
                        seen = text
                        kind = "mcts" if "(mcts)" in text else "random"
                        times[kind].append(int(text.rsplit(" in ", 1)[1].split()[0]))
                print(f"{game}: random bot {times['random']} ms, MCTS bot (1 s budget) {times['mcts']} ms")
            browser.close()
    finally:
        server.terminate()


if __name__ == "__main__":
    main()
