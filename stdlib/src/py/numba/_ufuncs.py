"""`vectorize` and `guvectorize`: callables with numba's semantics built
around a Python scalar (or core) function.

A `vectorize` picks the first signature whose argument types the inputs cast to
safely (numpy's ufunc type resolution), casts the inputs to it, broadcasts them, and
applies the function element by element; without signatures it computes in the
inputs' dtypes and takes the result dtype from the first value. Elements are passed
as numpy scalars, so integer and float arithmetic keeps numpy's (and numba's) types."""

import itertools as _itertools

import numpy as _np

from numba.core import types as _types


def _dtype(t):
    if isinstance(t, _types.Array):
        return t.dtype.dtype
    if isinstance(t, _types.Scalar):
        return t.dtype
    raise TypeError("%r is not a type vectorize can compute in" % (t,))


def _choose(sigs, arrays, name):
    """The first signature the inputs cast to safely."""
    for sig in sigs:
        if len(sig.args) != len(arrays):
            continue
        if all(_np.can_cast(a.dtype, _dtype(t), "safe") for a, t in zip(arrays, sig.args)):
            return sig
    raise TypeError("ufunc '%s' not supported for the input types, and the inputs could "
                    "not be safely coerced to any supported types according to the "
                    "casting rule ''safe''" % name)


def _as_arrays(args):
    out = []
    for a in args:
        if isinstance(a, bool):
            out.append(_np.asarray(a))
        elif isinstance(a, int):
            out.append(_np.asarray(a, dtype=_np.int64))
        elif isinstance(a, float):
            out.append(_np.asarray(a, dtype=_np.float64))
        else:
            out.append(_np.asarray(a))
    return out


def _ndindex(shape):
    return _itertools.product(*(range(n) for n in shape))


class Vectorized:
    """A ufunc-like callable (numba's `DUFunc`)."""

    def __init__(self, func, sigs, identity=None):
        self.py_func = func
        self._sigs = [_types.parse_signature(s) for s in sigs]
        self.__name__ = func.__name__
        self.__doc__ = func.__doc__
        self.identity = identity
        code = getattr(func, "__code__", None)
        self.nin = code.co_argcount if code is not None else len(self._sigs[0].args)
        self.nout = 1
        self.nargs = self.nin + 1
        self.ntypes = len(self._sigs)
        self._loops = _element_loops(self.__name__)

    @property
    def types(self):
        def ch(t):
            return _dtype(t).char
        return ["".join(ch(a) for a in s.args) + "->" + ch(s.return_type) for s in self._sigs]

    def __repr__(self):
        return "<numba._DUFunc '%s'>" % self.__name__

    def __call__(self, *args, out=None, **kwargs):
        if len(args) == self.nin + 1 and out is None:
            args, out = args[:-1], args[-1]
        if len(args) != self.nin:
            raise TypeError("%s() takes %d positional arguments but %d were given"
                            % (self.__name__, self.nin, len(args)))
        arrays = _as_arrays(args)
        if self._sigs:
            sig = _choose(self._sigs, arrays, self.__name__)
            arrays = [a.astype(_dtype(t)) for a, t in zip(arrays, sig.args)]
            dtype = _dtype(sig.return_type)
        else:
            dtype = None
        shape = _np.broadcast_shapes(*(a.shape for a in arrays))
        flat = [_np.broadcast_to(a, shape).ravel() for a in arrays]
        n = 1
        for d in shape:
            n *= d
        f = self.py_func
        if dtype is None:
            if n == 0:
                dtype = _np.result_type(*arrays)
            else:
                dtype = _np.asarray(f(*(x[0] for x in flat))).dtype
        result = _np.empty(n, dtype=dtype)
        _apply(self._loops, f, flat, result, n)
        result = result.reshape(shape)
        if out is not None:
            out[...] = result
            return out
        if not shape:
            return result[()]
        return result

    def reduce(self, array, axis=0, dtype=None, initial=None):
        if self.nin != 2:
            raise ValueError("reduce only supported for binary functions")
        a = _np.asarray(array)
        if axis is None:
            a = a.ravel()
            axis = 0
        a = _to_front(a, axis)
        if a.shape[0] == 0:
            if initial is None and self.identity is None:
                raise ValueError("zero-size array to reduction operation %s which has "
                                 "no identity" % self.__name__)
            return initial if initial is not None else self.identity
        acc = a[0] if initial is None else self(initial, a[0])
        for k in range(1, a.shape[0]):
            acc = self(acc, a[k])
        return acc

    def accumulate(self, array, axis=0):
        a = _to_front(_np.asarray(array), axis)
        out = _np.empty_like(a)
        if a.shape[0]:
            out[0] = a[0]
            for k in range(1, a.shape[0]):
                out[k] = self(out[k - 1], a[k])
        perm = _front_perm(out.ndim, axis)
        return out.transpose([perm.index(d) for d in range(out.ndim)])

    def outer(self, a, b):
        a = _np.asarray(a)
        b = _np.asarray(b)
        return self(a.reshape(a.shape + (1,) * b.ndim), b)


def _front_perm(ndim, axis):
    axis = axis + ndim if axis < 0 else axis
    return [axis] + [d for d in range(ndim) if d != axis]


def _to_front(a, axis):
    return a.transpose(_front_perm(a.ndim, axis))


# The element loops, compiled through kiln's compile path (this package is frozen into
# kiln, and frozen code has no loop sites): each vectorize gets loops of its own, which
# inline its scalar function once hot, as loops in user code do.
_LOOPS = """
def apply1(f, x, result, n):
    for k in range(n):
        result[k] = f(x[k])


def apply2(f, x, y, result, n):
    for k in range(n):
        result[k] = f(x[k], y[k])


def apply3(f, x, y, z, result, n):
    for k in range(n):
        result[k] = f(x[k], y[k], z[k])
"""


def _element_loops(name):
    try:
        import _kiln
        code = _kiln.compile_file(_LOOPS.encode(), "<vectorize %s>" % name)
    except ImportError:
        code = compile(_LOOPS, "<vectorize %s>" % name, "exec")
    loops = {}
    exec(code, loops)
    return loops


def _apply(loops, f, flat, result, n):
    if 1 <= len(flat) <= 3:
        loops["apply%d" % len(flat)](f, *flat, result, n)
    else:
        for k in range(n):
            result[k] = f(*(x[k] for x in flat))


def vectorize(ftylist_or_function=(), **kws):
    """`@vectorize`, `@vectorize(["float64(float64, float64)"])`,
    `@vectorize("f8(f8)", target="cpu")`."""
    target = kws.get("target", "cpu")
    if target not in ("cpu", "parallel"):
        raise NotImplementedError("numba.vectorize(target=%r): kiln builds CPU ufuncs "
                                  "only; its GPU tier offloads hot loops by itself" % (target,))
    identity = kws.get("identity")
    if callable(ftylist_or_function) and not isinstance(ftylist_or_function, _types.Type):
        return Vectorized(ftylist_or_function, [], identity)
    sigs = ftylist_or_function
    if isinstance(sigs, (str, _types.Signature)):
        sigs = [sigs]
    return lambda f: Vectorized(f, list(sigs), identity)


def _parse_layout(layout):
    """`"(m,n),(n)->(m)"` as ([('m','n'), ('n',)], [('m',)])."""
    text = layout.replace(" ", "")
    if "->" not in text:
        raise ValueError("a guvectorize layout has the form '(n),()->(n)', not %r" % layout)
    ins, outs = text.split("->")

    def groups(s):
        res = []
        for g in s.split(")")[:-1]:
            g = g.lstrip(",").lstrip("(")
            res.append(tuple(d for d in g.split(",") if d))
        return res
    return groups(ins), groups(outs)


class GUVectorized:
    """A generalized ufunc (numba's `GUFunc`): the core function runs once per index of
    the broadcast loop dimensions, on views of its core dimensions."""

    def __init__(self, func, sigs, layout, writable_args=()):
        self.py_func = func
        self._sigs = [_types.parse_signature(s) for s in sigs]
        self._ins, self._outs = _parse_layout(layout)
        self.__name__ = func.__name__
        self.__doc__ = func.__doc__
        self.nin = len(self._ins)
        self.nout = len(self._outs)
        self.signature = layout

    def __repr__(self):
        return "<numba._GUFunc '%s'>" % self.__name__

    def __call__(self, *args, out=None):
        nin = self.nin
        outs = list(args[nin:])
        if out is not None:
            outs = list(out) if isinstance(out, tuple) else [out]
        arrays = _as_arrays(args[:nin])
        sig = None
        if self._sigs:
            sig = _choose([_types.Signature(s.return_type, s.args[:nin]) for s in self._sigs],
                          arrays, self.__name__)
            sig = self._sigs[[s.args[:nin] for s in self._sigs].index(sig.args)]
            arrays = [a.astype(_dtype(t)) for a, t in zip(arrays, sig.args)]
        sizes = {}
        loops = []
        for a, core in zip(arrays, self._ins):
            if a.ndim < len(core):
                raise ValueError("%s: input operand has %d dimension(s), its core "
                                 "dimensions %r need %d" % (self.__name__, a.ndim, core, len(core)))
            k = a.ndim - len(core)
            for name, n in zip(core, a.shape[k:]):
                if sizes.setdefault(name, n) != n:
                    raise ValueError("%s: core dimension %s is %d in one operand and %d in "
                                     "another" % (self.__name__, name, sizes[name], n))
            loops.append(a.shape[:k])
        for o, core in zip(outs, self._outs):
            k = o.ndim - len(core)
            for name, n in zip(core, o.shape[k:]):
                sizes.setdefault(name, n)
            loops.append(o.shape[:k])
        loop = _np.broadcast_shapes(*loops)
        allocated = not outs
        if allocated:
            for j, core in enumerate(self._outs):
                if sig is not None:
                    dtype = _dtype(sig.args[nin + j])
                else:
                    dtype = _np.result_type(*arrays)
                try:
                    core_shape = tuple(sizes[d] for d in core)
                except KeyError as e:
                    raise ValueError("%s: output dimension %s is not given by any input"
                                     % (self.__name__, e)) from None
                outs.append(_np.zeros(loop + core_shape, dtype=dtype))
        ins = [_np.broadcast_to(a, loop + a.shape[a.ndim - len(c):])
               for a, c in zip(arrays, self._ins)]
        for index in _ndindex(loop):
            call = []
            for a in ins:
                call.append(a[index])
            views = []
            for o, core in zip(outs, self._outs):
                v = o[index] if index else o
                if not core:
                    v = o[index + (_np.newaxis,)] if index else o.reshape(o.shape + (1,))
                views.append(v)
            self.py_func(*call, *views)
        if not allocated:
            return None
        res = [o[()] if o.ndim == 0 else o for o in outs]
        return res[0] if len(res) == 1 else tuple(res)


def guvectorize(ftylist=None, signature=None, target="cpu", identity=None, **kws):
    """`@guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)")`."""
    if target not in ("cpu", "parallel"):
        raise NotImplementedError("numba.guvectorize(target=%r): kiln builds CPU gufuncs "
                                  "only" % (target,))
    if signature is None:
        if isinstance(ftylist, str) and "->" in ftylist:
            ftylist, signature = [], ftylist
        else:
            raise TypeError("guvectorize needs a layout such as '(n),()->(n)'")
    sigs = [ftylist] if isinstance(ftylist, (str, _types.Signature)) else list(ftylist or [])
    return lambda f: GUVectorized(f, sigs, signature, kws.get("writable_args", ()))
