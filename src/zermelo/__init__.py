"""zermelo: solve and play board games.

Games live in :mod:`zermelo.games`, each knowing only its rules; search algorithms in
:mod:`zermelo.search` and solvers in :mod:`zermelo.solve` know only the game protocol of
:mod:`zermelo.core.game`; the command line (:mod:`zermelo.cli`) uses public APIs only.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("zermelo")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__"]
