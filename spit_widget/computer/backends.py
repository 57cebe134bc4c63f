"""Where seeded games run: this process, local processes, or a Dask cluster.

Every game of a tournament or a league is a pure function of its task (the
variant, the strategies' names, the deal), so it does not matter where it
runs: the results come back in task order and are the same, game for game,
on one core, on several processes or on a cluster.

* ``processes``: this process (``jobs=1``) or a pool of ``jobs`` local
  processes. Strategies must then be built-in names or ``module:function``
  names, since a function typed into a notebook cannot travel to a process.
* ``dask``: a ``dask.distributed`` cluster at ``scheduler`` (an address such
  as ``tcp://10.0.0.5:8786``, or a ``distributed.Client``), or without one a
  local cluster of ``jobs`` worker processes. Functions travel by
  cloudpickle, so a strategy from a notebook cell may run there too; each
  worker needs ``spit-widget`` installed (the same version as here).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, TypeVar

BACKENDS = ("processes", "dask")
"""The names ``--backend`` accepts."""

CHUNK = 64
"""Games per task sent to a process or a Dask worker: few enough messages that
the transport costs little next to the games."""

CONNECT_TIMEOUT = "15s"
"""How long to try reaching a Dask scheduler before giving up."""

T = TypeVar("T")
R = TypeVar("R")


def check_backend(backend: str, scheduler: object = None) -> None:
    """Refuse an unknown backend, or a scheduler without Dask, by name."""
    if backend not in BACKENDS:
        raise ValueError(f"Unknown backend {backend!r}; choose {' or '.join(BACKENDS)}.")
    if scheduler is not None and backend != "dask":
        raise ValueError("A scheduler address goes with backend='dask'.")


@contextmanager
def run_tasks(fn: Callable[[T], R], tasks: Sequence[T], *, jobs: int = 1,
              backend: str = "processes", scheduler: object = None) -> Iterator[Iterator[R]]:
    """``map(fn, tasks)`` on the chosen backend, in task order, as a context
    whose exit releases the processes or the cluster connection."""
    check_backend(backend, scheduler)
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs!r}")
    if backend == "dask":
        with _dask_client(scheduler, jobs) as client:
            yield _dask_map(client, fn, tasks)
    elif jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            yield pool.map(fn, tasks, chunksize=CHUNK)
    else:
        yield map(fn, tasks)


def _chunk(fn: Callable[[T], R], chunk: Sequence[T]) -> list[R]:
    return [fn(task) for task in chunk]


def _dask_map(client: Any, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
    chunks = [tasks[i:i + CHUNK] for i in range(0, len(tasks), CHUNK)]
    # pure=False: two equal chunks (a league's pairs share deals) are still two tasks.
    futures = client.map(_chunk, [fn] * len(chunks), chunks, pure=False)
    try:
        for future in futures:
            yield from future.result()
    finally:
        client.cancel(futures)


def _dask_client(scheduler: object, jobs: int) -> AbstractContextManager[Any]:
    try:
        from distributed import Client, LocalCluster
    except ImportError as missing:
        raise ImportError("The dask backend needs dask.distributed: "
                          "pip install 'spit-widget[dask]'.") from missing
    if isinstance(scheduler, Client):
        return nullcontext(scheduler)  # the caller's client: the caller closes it
    if scheduler is None:
        return _local_cluster(LocalCluster, Client, jobs)
    try:
        return Client(str(scheduler), timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except OSError as unreachable:
        raise ConnectionError(f"Could not reach the Dask scheduler at {scheduler}: "
                              f"{unreachable}") from unreachable


@contextmanager
def _local_cluster(cluster_type: Any, client_type: Any, jobs: int) -> Iterator[Any]:
    with cluster_type(n_workers=jobs, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as cluster, client_type(cluster) as client:
        yield client
