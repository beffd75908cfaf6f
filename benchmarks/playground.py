"""The Play page's budgets, measured in Debian's headless Chromium: what the page adds to the site,
the time from opening the page to ``ready`` (cold: a fresh browser profile each time; warm: the
same profile again, its cache filled), where that time goes, and the time of a bot's move.

    python benchmarks/playground.py docs/_build/html [--runs 3]

The site is served from 127.0.0.1 by ``python -m http.server``; every request elsewhere is refused.
A machine shared with other work stretches wall times, so each load is also measured in CPU
seconds: the user and system time of the browser's processes (all of them, from ``/proc``) while
the page loaded — the figure that does not depend on how busy the machine is. The page's own
split (Pyodide's runtime, unpacking the wheels, importing castlerules) comes from its worker.
Bot times are the worker's own figures (``p1 (mcts) played ... in N ms``) with a 1 s MCTS budget.
"""

from __future__ import annotations

import argparse
import gzip
import os
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
TICKS = os.sysconf("SC_CLK_TCK")


def added_files(site: Path) -> list[Path]:
    return sorted([p for p in (site / "_play").rglob("*") if p.is_file()]
                  + list((site / "_static").glob("playground*")))  # fmt: skip


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def cpu_seconds(pids: list[int]) -> float:
    """User plus system time of the processes (seconds; those that ended are not counted)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def open_to_ready(page: object, url: str) -> tuple[float, float, str]:
    """Wall seconds and browser CPU seconds from opening ``url`` to ``ready``, and the page's split."""
    pids = descendants(os.getpid())
    before = cpu_seconds(pids)
    start = time.perf_counter()
    page.goto(url)  # type: ignore[attr-defined]
    page.wait_for_function("document.getElementById('status').textContent === 'ready'",  # type: ignore[attr-defined]
                           timeout=300_000)  # fmt: skip
    wall = time.perf_counter() - start
    cpu = cpu_seconds(descendants(os.getpid())) - before
    activity = str(page.text_content("#activity") or "")  # type: ignore[attr-defined]
    split = activity[activity.find("(") + 1 : activity.rfind(")")] if "(" in activity else activity
    return wall, cpu, split


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
    print(f"load average at the start: {', '.join(f'{x:.1f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
            link = base + "play.html?game=splut&moves=p0%20Tf2-f3"
            for kind in ("cold", "warm"):
                walls, cpus = [], []
                context = browser.new_context()
                context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
                page = context.new_page()
                for run in range(args.runs):
                    if kind == "cold" and run:
                        context.close()
                        context = browser.new_context()
                        context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
                        page = context.new_page()
                    elif kind == "warm" and run == 0:
                        open_to_ready(page, link)  # fill the cache
                    wall, cpu, split = open_to_ready(page, link)
                    walls.append(wall)
                    cpus.append(cpu)
                    print(f"  {kind} load {run + 1}: {wall:.1f} s wall, {cpu:.1f} s browser CPU; {split}")
                print(f"open to ready, {kind}: median {statistics.median(walls):.1f} s wall, "
                      f"{statistics.median(cpus):.1f} s browser CPU (load average now "
                      f"{os.getloadavg()[0]:.1f})")  # fmt: skip
                context.close()
            context = browser.new_context()
            context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
            page = context.new_page()
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
                    if text != seen and " played " in text and " ms" in text:
                        seen = text
                        kind = "mcts" if "(mcts)" in text else "random"
                        times[kind].append(int(text.split(" in ", 1)[1].split(" ms", 1)[0]))
                print(f"{game}: random bot {times['random']} ms, MCTS bot (1 s budget) {times['mcts']} ms")
            browser.close()
    finally:
        server.terminate()


if __name__ == "__main__":
    main()
