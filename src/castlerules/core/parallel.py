"""Where castlerules' parallel work runs: how many processes it starts, and the one Dask set-up.

Nothing castlerules starts is unbounded:

- ``processes(asked, tasks, oversubscribe=...)`` is how many worker processes a run starts: what
  was asked (default: one per CPU), never more than there are tasks, and never more than the CPUs
  this process may use unless ``oversubscribe`` says so (the command line's ``--oversubscribe``).
- ``worker_pool(jobs)`` is the one pool of local worker processes (``verify --jobs``, ``simulate
  --workers``): started afresh (spawned: a parent's threads and z3 state stay in the parent), and
  each worker leaves as soon as the process that started it is gone — killed, hung up on or
  interrupted — instead of finishing its task for nobody.
- ``dask_client(...)`` is the one way ``verify --backend dask`` and ``simulate --backend dask``
  get a Dask client: a client given by the caller (used, never closed), a ``LocalCluster`` of
  single-threaded worker processes (capped as above), or the scheduler at an address. An address
  is ``tcp://HOST:PORT`` (or ``HOST:PORT``); before a client is made the scheduler must answer
  Dask's identity request within ``timeout`` seconds, so an address that accepts a connection
  and never answers, a service that is not Dask, or a refused connection is one ``RulesError``
  line, never a hang or a traceback. Other protocols are refused with the reason: ``tls://``
  needs the cluster's certificates (connect a ``dask.distributed.Client`` with its ``Security``
  and pass it as ``client``), ``ucx://`` and the others need transports castlerules does not set
  up.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib
import multiprocessing
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from castlerules.core.errors import InvalidOptionError, quote

#: How long a scheduler may take to answer before the run is refused (seconds).
SCHEDULER_TIMEOUT = 30.0


def cpus() -> int:
    """The CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def processes(asked: int | None, tasks: int, *, oversubscribe: bool = False) -> int:
    """How many worker processes to start for ``tasks`` tasks (see the module docstring)."""
    if asked is not None and (not isinstance(asked, int) or isinstance(asked, bool) or asked < 1):
        raise InvalidOptionError(f"jobs must be at least 1, got {quote(asked)}")
    count = cpus() if asked is None else asked
    if not oversubscribe:
        count = min(count, cpus())
    return max(1, min(count, tasks))


#: How often a worker looks whether the process that started it is still there (seconds).
PARENT_POLL = 0.5


def worker_pool(jobs: int) -> concurrent.futures.ProcessPoolExecutor:
    """A pool of ``jobs`` spawned worker processes that end with the process that started them
    (see the module docstring). Use it as a context manager."""
    return concurrent.futures.ProcessPoolExecutor(
        max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
        initializer=_leave_with_parent,
    )


def _leave_with_parent() -> None:
    """In a worker: a daemon thread that ends the worker once its parent is gone (the worker is
    then adopted, and its parent's id changes)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(1)

    threading.Thread(target=watch, name="castlerules-parent-watch", daemon=True).start()


def distributed_module() -> Any:
    """``dask.distributed``, or ``MissingExtraError`` naming the extra that brings it."""
    from castlerules.core.extras import require

    return require("dask.distributed", "the dask backend")


def scheduler_address(address: Any) -> str:
    """``address`` as a ``tcp://`` address, or the reason it cannot be one."""
    if not isinstance(address, str) or not address.strip():
        raise InvalidOptionError(
            f"--scheduler: expected a scheduler's address such as tcp://HOST:8786, got "
            f"{quote(address)}"
        )
    text = address.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "tcp", text
    if scheme == "tls":
        raise InvalidOptionError(
            f"--scheduler {quote(text)}: a tls:// scheduler needs the cluster's certificates, "
            "which the command line does not take; connect a dask.distributed Client with its "
            "Security yourself and pass it as client= (or use a tcp:// address)"
        )
    if scheme != "tcp":
        raise InvalidOptionError(
            f"--scheduler {quote(text)}: castlerules connects to a scheduler over tcp:// only "
            f"({scheme}:// needs a transport it does not set up)"
        )
    host, colon, port = rest.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise InvalidOptionError(
            f"--scheduler {quote(text)}: expected tcp://HOST:PORT, such as tcp://10.0.0.5:8786"
        )
    return f"tcp://{rest}"


def _identity(distributed: Any, address: str, timeout: float) -> Any:
    """What the service at ``address`` answers to Dask's identity request (bounded in time)."""
    comm_module = importlib.import_module("distributed.comm")

    async def ask() -> Any:
        # connecting gives up a little sooner, so a refused connection says so, not "no answer"
        comm = await comm_module.connect(address, timeout=0.8 * timeout)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    async def bounded() -> Any:
        return await asyncio.wait_for(ask(), timeout)

    return asyncio.run(bounded())


def _why(exc: BaseException) -> str:
    """The first line of an error's message (at most 200 characters), or its type's name."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    lines = str(exc).strip().splitlines()
    return lines[0][:200] if lines else type(exc).__name__


def check_scheduler(distributed: Any, address: str, timeout: float | None = None) -> None:
    """Refuse, in one line, an address where no Dask scheduler answers within ``timeout``
    seconds (default ``SCHEDULER_TIMEOUT``)."""
    timeout = SCHEDULER_TIMEOUT if timeout is None else timeout
    try:
        answer = _identity(distributed, address, timeout)
    except TimeoutError:
        raise InvalidOptionError(
            f"--scheduler {quote(address)}: no Dask scheduler answered within {timeout:g} s"
        ) from None
    except OSError as exc:
        raise InvalidOptionError(
            f"--scheduler {quote(address)}: cannot reach a Dask scheduler: {_why(exc)}"
        ) from None
    except Exception:  # a service that is not Dask answers anything at all
        answer = None
    if not (isinstance(answer, dict) and answer.get("type") == "Scheduler"):
        raise InvalidOptionError(
            f"--scheduler {quote(address)}: the service there is not a Dask scheduler"
        )


@contextmanager
def dask_client(*, workers: int, scheduler: str | None = None, client: Any = None,
                timeout: float | None = None) -> Iterator[tuple[Any, Any]]:
    """``(dask.distributed, client)`` for the block: ``client`` itself if one is given, else a
    client of the scheduler at ``scheduler``, else of a new ``LocalCluster`` of ``workers``
    single-threaded processes (the caller caps ``workers``); what is made here is closed after."""
    distributed = distributed_module()
    if client is not None:
        yield distributed, client
        return
    cluster = None
    if scheduler is not None:
        address = scheduler_address(scheduler)
        timeout = SCHEDULER_TIMEOUT if timeout is None else timeout
        check_scheduler(distributed, address, timeout)
        try:
            client = distributed.Client(address, timeout=f"{timeout}s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise InvalidOptionError(
                f"--scheduler {quote(address)}: cannot reach a Dask scheduler: {_why(exc)}"
            ) from None
    else:
        cluster = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
            silence_logs=40,
        )
        client = distributed.Client(cluster)
    try:
        yield distributed, client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
