# The package `sudoku`: the extension module `sudoku.sudoku` re-exported
# (its docstring is the package's). This file exists for one name:
# `sudoku.print` is the command's `sudoku print`, the same function as
# `sudoku.print_book`, and it is left out of `__all__` so that
# `from sudoku import *` never hides the builtin `print`.

from . import sudoku as _native
from .sudoku import *  # noqa: F401,F403 (every name of __all__)
from .sudoku import __all__, __version__  # noqa: F401
from .sudoku import print  # noqa: F401,A004 (not in __all__, see above)

__doc__ = _native.__doc__
