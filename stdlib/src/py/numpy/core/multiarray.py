"""numpy.core.multiarray: where some benchmark suites import ndarray from."""

from numpy import ndarray, dtype, array, zeros, empty, arange, concatenate, where  # noqa: F401
