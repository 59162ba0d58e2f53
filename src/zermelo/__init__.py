"""zermelo: solve and play board games.

Games live in :mod:`zermelo.games`, each knowing only its rules; search algorithms in
:mod:`zermelo.search` and the tables of solved positions in :mod:`zermelo.tablebase` know only
the game protocol of :mod:`zermelo.core.game`; each game's own solvers, databases and engines sit
in :mod:`zermelo.solvers`; the command line (:mod:`zermelo.cli`) uses public APIs only.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("zermelo")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__"]
