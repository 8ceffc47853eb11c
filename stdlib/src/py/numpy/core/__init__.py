"""numpy.core: the old home of the array type, kept for code that imports from it."""

from . import multiarray  # noqa: F401
