"""numba.core of the no-op shim (only `numba.core.types`)."""
from . import types  # noqa: F401
