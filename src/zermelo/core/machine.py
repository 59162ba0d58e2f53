"""What this machine offers, for bounds that follow it: cores, memory, whole numbers typed by
a user (ASCII digits only: ``"²".isdigit()`` is true, ``int("²")`` fails)."""

from __future__ import annotations

import os

from zermelo.core.errors import OptionError


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def proc_bytes(path: str, key: str) -> int | None:
    """A ``KEY: N kB`` figure of a Linux ``/proc`` file in bytes, None where it is not shown."""
    try:
        with open(path, encoding="ascii") as info:
            for line in info:
                if line.startswith(f"{key}:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def available_memory() -> int:
    """Bytes of memory the system can give without swapping (``MemAvailable``), or 4 GiB
    where it is not shown."""
    shown = proc_bytes("/proc/meminfo", "MemAvailable")
    return 4 << 30 if shown is None else shown


def whole_number(text: str, most_digits: int = 18) -> int | None:
    """``text`` as a whole number when it is ASCII digits only (at most ``most_digits``), else
    None."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= most_digits else None


def check_processes(count: int, what: str, each: int, per_core: int = 1) -> None:
    """Refuse ``count`` processes or threads (``what``, e.g. ``"jobs"``) beyond ``per_core``
    a core of this machine, or whose ``each`` bytes apiece do not fit in its available
    memory, in one line."""
    most = per_core * cores()
    if count > most:
        raise OptionError(f"{what} {count}: this machine has {cores()} cores, at most {most}")
    memory = available_memory()
    if count * each > memory:
        raise OptionError(f"{what} {count}: {count} x {each / 2**20:,.0f} MiB needs "
                          f"{count * each / 2**30:.1f} GiB, {memory / 2**30:.1f} GiB available")


def check_allocation(size: int, what: str) -> None:
    """Refuse an array of ``size`` bytes (``what`` names it) that does not fit in the
    available memory, in one line."""
    memory = available_memory()
    if size > memory:
        raise OptionError(f"{what}: {size / 2**30:.1f} GiB needed, {memory / 2**30:.1f} GiB "
                          f"available")
