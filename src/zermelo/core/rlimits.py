"""Limits a process puts on itself before running what it does not trust (a worker of the
server, a trial load of an OpenSpiel game): its private memory (``RLIMIT_DATA``: read-only maps
of tables do not count), its CPU time (``RLIMIT_CPU``) and its life (ended with its parent)."""

from __future__ import annotations

import contextlib
import math
import resource
import signal

from zermelo.core.machine import proc_bytes


def private_bytes() -> int | None:
    """This process's private writable memory (``VmData``), where Linux shows it."""
    return proc_bytes("/proc/self/status", "VmData")


def limit_memory(extra: int) -> None:
    """Let this process add at most ``extra`` bytes of private memory to what it holds now (an
    allocation beyond fails: ``MemoryError`` in Python, an error or a crash in native code)."""
    held = private_bytes()
    if held is not None:
        hard = resource.getrlimit(resource.RLIMIT_DATA)[1]
        soft = held + extra if hard == resource.RLIM_INFINITY else min(held + extra, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))


def limit_cpu(seconds: float) -> None:
    """Let this process spend at most ``seconds`` more CPU seconds (then SIGXCPU ends it)."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    soft = math.ceil(used.ru_utime + used.ru_stime + seconds)
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def die_with_parent() -> None:
    """Have Linux end this process when the process that started it ends (no orphan worker
    outlives a killed server, whose forkserver then ends too)."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
