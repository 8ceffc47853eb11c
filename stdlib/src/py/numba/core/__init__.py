"""numba.core: the type objects, errors and configuration kiln's numba shares with
scripts that reach them by their long names (`from numba.core import types`)."""
