"""Numba's exception and warning classes, so scripts can filter and catch them."""


class NumbaWarning(Warning):
    pass


class NumbaPerformanceWarning(NumbaWarning):
    pass


class NumbaDeprecationWarning(NumbaWarning, DeprecationWarning):
    pass


class NumbaPendingDeprecationWarning(NumbaWarning, PendingDeprecationWarning):
    pass


class NumbaParallelSafetyWarning(NumbaWarning):
    pass


class NumbaTypeSafetyWarning(NumbaWarning):
    pass


class NumbaExperimentalFeatureWarning(NumbaWarning):
    pass


class NumbaError(Exception):
    pass


class TypingError(NumbaError):
    pass


class UnsupportedError(NumbaError):
    pass


class LoweringError(NumbaError):
    pass


class CompilerError(NumbaError):
    pass


class NumbaValueError(TypingError, ValueError):
    pass


class NumbaTypeError(TypingError, TypeError):
    pass


class NumbaNotImplementedError(NumbaError, NotImplementedError):
    pass
