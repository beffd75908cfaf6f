"""The local worker pool (``castlerules.core.parallel.worker_pool``): its workers leave when the
process that started them is gone, however it went (killed, hung up on), instead of finishing
their tasks for nobody."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

STARTER = """
import os, signal, sys, time
from castlerules.core.parallel import worker_pool
signal.signal(signal.SIGHUP, signal.SIG_DFL)  # (a run under nohup would hand down SIGHUP ignored)
with worker_pool(2) as pool:
    busy = [pool.submit(time.sleep, 120) for _ in range(2)]
    while len(pool._processes) < 2:
        time.sleep(0.05)
    time.sleep(float(sys.argv[1]))  # 0: while the workers start; 1: once they have their tasks
    print(" ".join(map(str, pool._processes)), flush=True)
    time.sleep(120)
"""


def _alive(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status")
    try:
        state = next(line for line in status.read_text().splitlines() if line.startswith("State:"))
    except (FileNotFoundError, StopIteration, ProcessLookupError):
        return False
    return "zombie" not in state


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGHUP])
@pytest.mark.parametrize("settle", ["0", "1"])
def test_workers_leave_with_the_process_that_started_them(how: signal.Signals, settle: str) -> None:
    starter = subprocess.Popen([sys.executable, "-c", STARTER, settle], stdout=subprocess.PIPE,
                               text=True)
    try:
        assert starter.stdout is not None
        workers = [int(p) for p in starter.stdout.readline().split()]
        assert len(workers) == 2
        os.kill(starter.pid, how)
        starter.wait(10)
        deadline = time.monotonic() + 30
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [p for p in workers if _alive(p)]
        assert left == [], "workers still running their tasks after their parent was gone"
    finally:
        starter.kill()
        for p in workers if "workers" in locals() else []:
            with contextlib.suppress(ProcessLookupError):
                os.kill(p, signal.SIGKILL)
