"""kiln's `numba`: Numba-decorated scripts run unmodified.

kiln compiles hot loops and functions on its own, whether they are decorated or not,
so `njit`/`jit` return the function itself, marked with the options given
(`__kiln_numba__`; `fastmath=True` grants the reassociation the semantics contract
allows for that function). `prange` is `range`: its iterations run in order until
kiln's parallel tier takes them. `vectorize`, `guvectorize` and `stencil` build
callables with numba's semantics (broadcasting, `out=`, dtypes from the signatures,
a zero border). What kiln cannot provide (`cfunc`, hand-written CUDA kernels) raises
NotImplementedError naming it."""

import sys as _sys

from numba.core import config, errors, types
from numba.core.errors import (  # noqa: F401
    NumbaWarning, NumbaPerformanceWarning, NumbaDeprecationWarning,
    NumbaPendingDeprecationWarning, NumbaParallelSafetyWarning, NumbaError,
    TypingError,
)
from numba.core.types import (  # noqa: F401
    boolean, bool_, b1, int8, i1, byte, int16, i2, short, int32, i4, intc, int64, i8,
    intp, int_, long_, longlong, ssize_t, uint8, u1, uchar, char, uint16, u2, ushort,
    uint32, u4, uintc, uint64, u8, uintp, uint, ulong, ulonglong, size_t, float32, f4,
    float64, f8, double, complex64, c8, complex128, c16, void, none, optional,
    from_dtype, typeof,
)
from numba._ufuncs import vectorize, guvectorize  # noqa: F401
from numba._stencil import stencil  # noqa: F401

_sys.modules["numba.types"] = types
_sys.modules["numba.config"] = config
_sys.modules["numba.errors"] = errors

__version__ = "0.68.1"
version_info = (0, 68, 1)

# Numba's decorator options (`numba.core.options`); an unknown one is numba's KeyError.
_OPTIONS = frozenset([
    "nopython", "nogil", "forceobj", "looplift", "parallel", "fastmath", "error_model",
    "boundscheck", "inline", "forceinline", "debug", "no_cpython_wrapper",
    "no_cfunc_wrapper", "no_rewrites", "_nrt", "_dbg_extend_lifetimes", "_dbg_optnone",
])
# Options of the decorator itself rather than of compilation.
_DECORATOR_ARGS = frozenset(["cache", "locals", "target", "pipeline_class", "signature_or_function"])

prange = range


def _signatures(sigs):
    if sigs is None:
        return []
    if isinstance(sigs, (list, tuple)) and not (
            sigs and isinstance(sigs, tuple) and isinstance(sigs[0], types.Type)):
        return [types.parse_signature(s) for s in sigs]
    return [types.parse_signature(sigs)]


def _check_options(options):
    unknown = set(options) - _OPTIONS - _DECORATOR_ARGS
    if unknown:
        raise KeyError("Unrecognized options: %s. Known options are %s"
                       % (unknown, sorted(_OPTIONS)))
    if options.get("error_model", "python") not in ("python", "numpy"):
        raise ValueError("error_model must be 'python' or 'numpy', not %r"
                         % (options["error_model"],))
    inline = options.get("inline", "never")
    if not (inline in ("never", "always") or callable(inline)):
        raise ValueError("inline must be 'never', 'always' or a callable, not %r" % (inline,))


def _mark(func, options, sigs):
    if not callable(func):
        raise TypeError("The decorated object is not a function (got type %s)." % type(func))
    marks = dict(options)
    try:
        func.__kiln_numba__ = marks
        func.py_func = func
        func.signatures = sigs
    except (AttributeError, TypeError):
        pass  # a builtin or a class: nothing to mark, it runs as it is
    return func


def jit(signature_or_function=None, locals=None, cache=False, pipeline_class=None,
        boundscheck=None, **options):
    """`@jit`, `@jit(nopython=True, fastmath=True)`, `@jit("f8(f8[:])")`: returns the
    function itself; kiln compiles it when it is hot."""
    if options.get("forceobj") and options.get("nopython"):
        raise ValueError("Only one of 'nopython' or 'forceobj' can be True.")
    options = dict(options)
    options["cache"] = cache
    if boundscheck is not None:
        options["boundscheck"] = boundscheck
    if "target" in options and options["target"] not in ("cpu", "parallel"):
        raise NotImplementedError(
            "numba target %r: kiln compiles for the CPU here; its GPU tier needs no target"
            % (options["target"],))
    _check_options(options)
    if callable(signature_or_function) and not isinstance(signature_or_function, types.Type):
        return _mark(signature_or_function, options, [])
    sigs = _signatures(signature_or_function)
    return lambda func: _mark(func, options, sigs)


def njit(*args, **options):
    """`@njit`: `@jit(nopython=True)`."""
    if "nopython" in options or "forceobj" in options:
        import warnings
        warnings.warn("nopython is set for njit and is ignored", RuntimeWarning)
        options.pop("nopython", None)
        options.pop("forceobj", None)
    return jit(*args, nopython=True, **options)


def generated_jit(*args, **kwargs):
    raise NotImplementedError("numba.generated_jit was removed in Numba 0.59; use numba.extending.overload")


def cfunc(*args, **kwargs):
    raise NotImplementedError(
        "numba.cfunc: kiln cannot make C callbacks (no `.address`/`.ctypes`); "
        "call the function from Python instead")


def jit_module(**options):
    """Marks every function of the calling module as `jit(**options)` would."""
    _check_options(options)
    caller = _sys._getframe(1).f_globals
    for name, value in list(caller.items()):
        if callable(value) and getattr(value, "__module__", None) == caller.get("__name__") \
                and type(value).__name__ == "function":
            _mark(value, dict(options, nopython=True), [])


class objmode:
    """`with objmode(y='float64'):` runs its body in the interpreter, as everything
    kiln does not compile does."""

    def __init__(self, *args, **types_):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def literal_unroll(container):
    return container


def literally(value):
    return value


_num_threads = [config.NUMBA_NUM_THREADS]


def set_num_threads(n):
    n = int(n)
    if not 1 <= n <= config.NUMBA_NUM_THREADS:
        raise ValueError("The number of threads must be between 1 and %s"
                         % config.NUMBA_NUM_THREADS)
    _num_threads[0] = n


def get_num_threads():
    return _num_threads[0]


def get_thread_id():
    return 0


def threading_layer():
    return "kiln"


_chunksize = [0]


def set_parallel_chunksize(n):
    n = int(n)
    if n < 0:
        raise ValueError("chunksize must be greater than or equal to zero")
    old = _chunksize[0]
    _chunksize[0] = n
    return old


def get_parallel_chunksize():
    return _chunksize[0]


def pndindex(*shape):
    """`numba.pndindex(*shape)`: the indices of an array of that shape, in C order."""
    import itertools
    if len(shape) == 1 and isinstance(shape[0], tuple):
        shape = shape[0]
    return itertools.product(*(range(n) for n in shape))


from numba import typed, experimental, extending  # noqa: E402,F401
