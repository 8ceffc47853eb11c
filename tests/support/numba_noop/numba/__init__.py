"""A no-op stand-in for numba, so that tests/numba/ runs unmodified under CPython.

Put tests/support/numba_noop on PYTHONPATH: `njit`/`jit` (every form) return the
function itself, `prange` is `range`, `vectorize` is `np.vectorize`, `guvectorize`
loops the kernel over the broadcast outer dimensions, `stencil` applies the kernel at
every interior point with a constant border, `jitclass` returns the class. The
output of a program under CPython with this shim is the reference for kiln.
"""
import ast as _ast
import inspect as _inspect
import itertools as _itertools
import os as _os
import textwrap as _textwrap

import numpy as _np

from . import _types
from ._types import (  # noqa: F401  (re-exported like numba's top level)
    b1, bool_, boolean, c8, c16, complex64, complex128, double, f4, f8, float32, float64,
    i1, i2, i4, i8, int8, int16, int32, int64, intc, intp, none, u1, u2, u4, u8, uint8,
    uint16, uint32, uint64, uintp, void,
)

__version__ = "0.0+noop"

prange = range


def _is_target(obj):
    """True when `obj` is the decorated function (bare `@njit`), not an option."""
    return callable(obj) and not isinstance(obj, (_types.Type, _types.Signature))


def jit(*args, **options):
    if len(args) == 1 and not options and _is_target(args[0]):
        return args[0]
    if args and _is_target(args[0]):          # jit(func, nopython=True)
        return args[0]
    return lambda func: func


njit = jit
generated_jit = jit
cfunc = jit


def _first_signature(sigs):
    if isinstance(sigs, (list, tuple)):
        return sigs[0] if sigs else None
    return sigs


def vectorize(*args, **options):
    if len(args) == 1 and _is_target(args[0]):
        return _np.vectorize(args[0])
    sigs = args[0] if args else options.get("signatures")
    sig = _first_signature(sigs)

    def wrap(func):
        if sig is None:
            return _np.vectorize(func)
        ret, _ = _types.parse_signature(sig)
        return _np.vectorize(func, otypes=[ret.dtype])
    return wrap


def _parse_layout(layout):
    """'(n),()->(n)' -> ([('n',), ()], [('n',)])."""
    def specs(text):
        return [tuple(d.strip() for d in part.split(",") if d.strip())
                for part in text.strip()[1:-1].split("),(")] if text.strip() else []
    ins, outs = layout.replace(" ", "").split("->")
    return specs(ins), specs(outs)


class _GUFunc:
    def __init__(self, func, sig, layout):
        self.func = func
        self.in_specs, self.out_specs = _parse_layout(layout)
        _, self.arg_types = _types.parse_signature(sig)
        self.__name__ = getattr(func, "__name__", "gufunc")
        self.__doc__ = getattr(func, "__doc__", None)

    def __call__(self, *args):
        nin, nout = len(self.in_specs), len(self.out_specs)
        ins = [_np.asarray(a) for a in args[:nin]]
        outs = list(args[nin:nin + nout])
        sizes = {}
        loops = []
        for arr, spec in zip(ins, self.in_specs):
            core = arr.shape[arr.ndim - len(spec):] if spec else ()
            for name, size in zip(spec, core):
                if sizes.setdefault(name, size) != size:
                    raise ValueError("gufunc: mismatch in core dimension %s" % name)
            loops.append(arr.shape[:arr.ndim - len(spec)])
        for arr, spec in zip(outs, self.out_specs[:len(outs)]):
            loops.append(arr.shape[:arr.ndim - len(spec)])
        loop_shape = _np.broadcast_shapes(*loops)
        for k in range(len(outs), nout):
            dtype = self.arg_types[nin + k].dtype
            core = tuple(sizes[name] for name in self.out_specs[k])
            outs.append(_np.empty(loop_shape + core, dtype=dtype))
        ins = [_np.broadcast_to(arr, loop_shape + arr.shape[arr.ndim - len(spec):])
               for arr, spec in zip(ins, self.in_specs)]
        for index in _np.ndindex(*loop_shape):
            call = []
            for k, (arr, spec) in enumerate(zip(ins + outs, self.in_specs + self.out_specs)):
                if spec:
                    call.append(arr[index])
                elif isinstance(self.arg_types[k], _types.Array):
                    # a scalar passed as a 1-element array view (numba's `out[0] = ...`)
                    call.append(arr[index + (_np.newaxis,)])
                else:
                    call.append(arr[index])
            self.func(*call)
        return outs[0] if nout == 1 else tuple(outs)


def guvectorize(*args, **options):
    sigs = args[0] if args else options.get("signatures")
    layout = args[1] if len(args) > 1 else options.get("layout")
    if layout is None and isinstance(sigs, str) and "->" in sigs:
        raise NotImplementedError("numba shim: guvectorize needs explicit signatures")
    sig = _first_signature(sigs)
    return lambda func: _GUFunc(func, sig, layout)


def _relative_offsets(func):
    """Offsets of the relative indexes of the kernel's array arguments, per dimension."""
    source = _textwrap.dedent(_inspect.getsource(func))
    tree = _ast.parse(source)
    fdef = next(n for n in _ast.walk(tree) if isinstance(n, _ast.FunctionDef))
    params = {a.arg for a in fdef.args.args}

    def const(node):
        if isinstance(node, _ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, _ast.UnaryOp) and isinstance(node.op, (_ast.USub, _ast.UAdd)):
            value = const(node.operand)
            return None if value is None else (-value if isinstance(node.op, _ast.USub) else value)
        return None

    found = []
    for node in _ast.walk(fdef):
        if isinstance(node, _ast.Subscript) and isinstance(node.value, _ast.Name) \
                and node.value.id in params:
            parts = node.slice.elts if isinstance(node.slice, _ast.Tuple) else [node.slice]
            offs = [const(p) for p in parts]
            if None in offs:
                raise NotImplementedError("numba shim: stencil index is not a constant; "
                                          "pass neighborhood=")
            found.append(offs)
    ndim = max(len(o) for o in found)
    return [(min(o[d] for o in found if len(o) > d), max(o[d] for o in found if len(o) > d))
            for d in range(ndim)]


class _Relative:
    __slots__ = ("arr", "center")

    def __init__(self, arr, center):
        self.arr = arr
        self.center = center

    def __getitem__(self, offset):
        if not isinstance(offset, tuple):
            offset = (offset,)
        return self.arr[tuple(c + o for c, o in zip(self.center, offset))]


class _Stencil:
    def __init__(self, func, options):
        self.func = func
        self.cval = options.get("cval", 0)
        self.neighborhood = options.get("neighborhood")
        self._hood = None
        self.__name__ = getattr(func, "__name__", "stencil")

    def __call__(self, *args, out=None):
        arrays = [a for a in args if isinstance(a, _np.ndarray)]
        shape = arrays[0].shape
        if self._hood is None:
            self._hood = self.neighborhood or _relative_offsets(self.func)
        hood = self._hood
        ranges = [range(-lo if lo < 0 else 0, n - hi if hi > 0 else n)
                  for (lo, hi), n in zip(hood, shape)]
        result = out
        for center in _itertools.product(*ranges):
            call = [_Relative(a, center) if isinstance(a, _np.ndarray) else a for a in args]
            value = self.func(*call)
            if result is None:
                result = _np.full(shape, self.cval, dtype=_np.asarray(value).dtype)
            result[center] = value
        if result is None:
            result = _np.full(shape, self.cval, dtype=arrays[0].dtype)
        return result


def stencil(*args, **options):
    if len(args) == 1 and _is_target(args[0]) and not options:
        return _Stencil(args[0], {})
    if args and isinstance(args[0], str):       # stencil('constant', cval=...)
        options = dict(options, func_or_mode=args[0])
    return lambda func: _Stencil(func, options)


class _Config:
    NUMBA_NUM_THREADS = _os.cpu_count() or 1
    NUMBA_DEFAULT_NUM_THREADS = NUMBA_NUM_THREADS
    DISABLE_JIT = True
    THREADING_LAYER = "default"


config = _Config()
_num_threads = [config.NUMBA_NUM_THREADS]


def set_num_threads(n):
    if not 1 <= n <= config.NUMBA_NUM_THREADS:
        raise ValueError("The number of threads must be between 1 and %d"
                         % config.NUMBA_NUM_THREADS)
    _num_threads[0] = int(n)


def get_num_threads():
    return _num_threads[0]


def get_thread_id():
    return 0


def threading_layer():
    return "workqueue"


def literal_unroll(container):
    return container


def typeof(value):
    raise NotImplementedError("numba shim: typeof")


from . import core, experimental, typed, types  # noqa: E402,F401
