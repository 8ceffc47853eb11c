"""kiln's numpy: the ndarray and API of numpy 2, native underneath (_kiln_numpy)."""

import builtins as _b
import math as _math

import _kiln_numpy as _core
from _kiln_numpy import ndarray, dtype

__version__ = "2.4.6"

newaxis = None
pi = _math.pi
e = _math.e
inf = float("inf")
nan = float("nan")
euler_gamma = 0.5772156649015329


class AxisError(ValueError, IndexError):
    pass


class UFuncTypeError(TypeError):
    pass


class ComplexWarning(RuntimeWarning):
    pass


_core.AxisError = AxisError
_core.UFuncTypeError = UFuncTypeError
_core.ComplexWarning = ComplexWarning


class exceptions:
    AxisError = AxisError
    UFuncTypeError = UFuncTypeError
    ComplexWarning = ComplexWarning

    class RankWarning(RuntimeWarning):
        """Issued by polyfit when the Vandermonde matrix is rank deficient."""


# --- scalar types -----------------------------------------------------------


class generic:
    __slots__ = ()

    @property
    def dtype(self):
        return dtype(self._kiln_dtype)

    @property
    def shape(self):
        return ()

    @property
    def ndim(self):
        return 0

    @property
    def size(self):
        return 1

    @property
    def itemsize(self):
        return dtype(self._kiln_dtype).itemsize

    def __repr__(self):
        return _core.scalar_text(self._kiln_dtype, self.item(), True)

    def __str__(self):
        return _core.scalar_text(self._kiln_dtype, self.item(), False)

    def __format__(self, spec):
        return format(self.item(), spec)

    def astype(self, t):
        return array(self).astype(t)[()]

    def tolist(self):
        return self.item()


# Native methods: a Python-level method would cost a frame per scalar operation.
for _name, _method in _core.scalar_methods().items():
    setattr(generic, _name, _method)
# divmod is floor division and remainder, each with numpy's result type.
generic.__divmod__ = lambda self, other: (self // other, self % other)
generic.__rdivmod__ = lambda self, other: (other // self, other % self)
generic.__neg__ = lambda self: _core.scalar_unary("negative", self)
generic.__pos__ = lambda self: _core.scalar_unary("positive", self)
generic.__abs__ = lambda self: _core.scalar_unary("absolute", self)
generic.__invert__ = lambda self: _core.scalar_unary("invert", self)


class number(generic):
    __slots__ = ()

    def __round__(self, ndigits=None):
        # numpy: `round(x)` is a Python int, `round(x, n)` keeps the scalar's type.
        if ndigits is None:
            return _b.round(self.item())
        return asarray(round(self, ndigits)).astype(self._kiln_dtype)[()]


class integer(number):
    __slots__ = ()


class signedinteger(integer):
    __slots__ = ()


class unsignedinteger(integer):
    __slots__ = ()


class inexact(number):
    __slots__ = ()


class floating(inexact):
    __slots__ = ()


class complexfloating(inexact):
    __slots__ = ()


def _int_type(name, base):
    def new(cls, value=0):
        if type(value) is _b.int and not (_lo[name] <= value <= _hi[name]):
            raise OverflowError(f"Python integer {value} out of bounds for {name}")
        v = _b.int(value)
        return _b.int.__new__(cls, _core.array([v]).astype(name)[0].item() if not (_lo[name] <= v <= _hi[name]) else v)

    def item(self):
        return _b.int(self)

    cls = type(name, (base, _b.int), {
        "__slots__": (), "_kiln_dtype": name, "__new__": new, "item": item,
        "__hash__": _b.int.__hash__, "__index__": _b.int.__index__, "__module__": "numpy",
    })
    return cls


_lo = {}
_hi = {}
for _bits in (8, 16, 32, 64):
    _lo["int%d" % _bits] = -(1 << (_bits - 1))
    _hi["int%d" % _bits] = (1 << (_bits - 1)) - 1
    _lo["uint%d" % _bits] = 0
    _hi["uint%d" % _bits] = (1 << _bits) - 1

int8 = _int_type("int8", signedinteger)
int16 = _int_type("int16", signedinteger)
int32 = _int_type("int32", signedinteger)
int64 = _int_type("int64", signedinteger)
uint8 = _int_type("uint8", unsignedinteger)
uint16 = _int_type("uint16", unsignedinteger)
uint32 = _int_type("uint32", unsignedinteger)
uint64 = _int_type("uint64", unsignedinteger)


def _float_type(name, base, pytype):
    def new(cls, value=0.0):
        return pytype.__new__(cls, value)

    def item(self):
        return pytype(self)

    return type(name, (base, pytype), {
        "__slots__": (), "_kiln_dtype": name, "__new__": new, "item": item,
        "__hash__": pytype.__hash__, "__module__": "numpy",
    })


float64 = _float_type("float64", floating, _b.float)
complex128 = _float_type("complex128", complexfloating, _b.complex)


class float32(floating, _core.Float32Base):
    """float32 scalars hold their value rounded to single precision (natively)."""
    __slots__ = ()
    _kiln_dtype = "float32"

    def __int__(self):
        return _b.int(self.item())

    def __bool__(self):
        return self.item() != 0.0

    def __hash__(self):
        return hash(self.item())


class bool_(generic):
    __slots__ = ("_v",)
    _kiln_dtype = "bool"

    def __new__(cls, value=False):
        value = _b.bool(value)
        cached = _bools.get(value)
        if cached is not None:
            return cached
        self = object.__new__(cls)
        self._v = value
        return self

    def item(self):
        return self._v

    def __bool__(self):
        return self._v

    def __int__(self):
        return _b.int(self._v)

    def __float__(self):
        return _b.float(self._v)

    def __hash__(self):
        return hash(self._v)


bool_.__name__ = "bool"
bool_.__qualname__ = "bool"
_bools = {}
True_ = bool_(True)
_bools[True] = True_
False_ = bool_(False)
_bools[False] = False_

for _t in (int8, int16, int32, int64, uint8, uint16, uint32, uint64, float64, complex128, float32, bool_):
    _t.__module__ = "numpy"

_core._scalar_types = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
                       float32, float64, complex128)

# `.real`, `.imag` and `conjugate()` keep the scalar's type, as numpy's do (the Python
# types they derive from would give Python numbers, or nothing for float32 and bool_).
for _t in (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64):
    _t.real = property(lambda self: self)
    _t.imag = property(lambda self: type(self)(0))
    _t.conjugate = lambda self: self
complex128.real = property(lambda self: float64(_b.complex.real.__get__(self)))
complex128.imag = property(lambda self: float64(_b.complex.imag.__get__(self)))
complex128.conjugate = lambda self: complex128(_b.complex.conjugate(self))

int_ = intp = int64
uint = uintp = uint64
double = float64
single = float32
cdouble = complex_ = complex128
byte = int8
ubyte = uint8
short = int16
ushort = uint16
intc = int32
uintc = uint32
longlong = int64
ulonglong = uint64


# --- ufuncs -----------------------------------------------------------------


class ufunc:
    def __init__(self, name, nin):
        self.__name__ = name
        self.nin = nin
        self.nout = 1

    def __repr__(self):
        return "<ufunc '%s'>" % self.__name__

    def __call__(self, *args, out=None, where=True, **kwargs):
        if len(args) == self.nin + 1 and out is None:
            args, out = args[:-1], args[-1]
        if len(args) != self.nin:
            raise TypeError("%s() takes from %d to %d positional arguments but %d were given"
                            % (self.__name__, self.nin, self.nin + 1, len(args)))
        if self.nin == 1:
            result = _core.unary(self.__name__, args[0])
        else:
            result = _core.binary(self.__name__, args[0], args[1])
        if isinstance(out, tuple):
            if len(out) != 1:
                raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
            out = out[0]
        if out is None and where is True:
            return result
        result = asarray(result)
        if out is None:
            out = zeros(result.shape, result.dtype)
        elif not can_cast(result.dtype, out.dtype, "same_kind"):
            raise UFuncTypeError(
                f"Cannot cast ufunc '{self.__name__}' output from {result.dtype!r} to "
                f"{out.dtype!r} with casting rule 'same_kind'")
        if where is True:
            out[...] = result
        else:
            mask = broadcast_to(asarray(where, dtype=bool_), out.shape)
            out[mask] = broadcast_to(result, out.shape)[mask]
        return out

    def reduce(self, a, axis=0, dtype=None, keepdims=False):
        methods = {"add": "sum", "multiply": "prod", "maximum": "max", "minimum": "min",
                   "logical_and": "all", "logical_or": "any"}
        if self.__name__ not in methods:
            raise NotImplementedError("kiln: %s.reduce is not supported yet" % self.__name__)
        return getattr(asarray(a), methods[self.__name__])(axis=axis, keepdims=keepdims)

    def accumulate(self, a, axis=0):
        if self.__name__ == "add":
            return asarray(a).cumsum(axis=axis)
        if self.__name__ == "multiply":
            return asarray(a).cumprod(axis=axis)
        raise NotImplementedError("kiln: %s.accumulate is not supported yet" % self.__name__)

    def outer(self, a, b):
        a = asarray(a)
        b = asarray(b)
        return self(a.reshape(a.shape + (1,) * b.ndim), b)


for _n in ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "fmod", "power",
           "maximum", "minimum", "fmax", "fmin", "arctan2", "hypot", "bitwise_and", "bitwise_or", "bitwise_xor",
           "left_shift", "right_shift", "equal", "not_equal", "less", "less_equal", "greater",
           "greater_equal", "logical_and", "logical_or", "logical_xor"]:
    globals()[_n] = ufunc(_n, 2)
for _n in ["negative", "positive", "absolute", "sqrt", "cbrt", "exp", "exp2", "expm1", "log",
           "log2", "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
           "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "floor", "ceil", "trunc", "rint",
           "sign", "isnan", "isinf", "isfinite", "logical_not", "invert", "square", "conjugate",
           "deg2rad", "rad2deg", "signbit"]:
    globals()[_n] = ufunc(_n, 1)
true_divide = divide
mod = remainder
abs = absolute
conj = conjugate
bitwise_not = invert
radians = deg2rad
degrees = rad2deg


# --- creation ---------------------------------------------------------------


def array(obj, dtype=None, copy=True, ndmin=0):
    a = _core.array(obj, dtype)
    while a.ndim < ndmin:
        a = a.reshape((1,) + a.shape)
    return a


def asarray(obj, dtype=None):
    if isinstance(obj, ndarray) and (dtype is None or obj.dtype == dtype):
        return obj
    return _core.array(obj, dtype)


asanyarray = asarray
ascontiguousarray = asarray


def zeros(shape, dtype=None):
    return _core.zeros(shape, dtype)


def empty(shape, dtype=None):
    return _core.zeros(shape, dtype)


def ones(shape, dtype=None):
    return _core.full(shape, 1, float64 if dtype is None else dtype)


def full(shape, fill_value, dtype=None):
    return _core.full(shape, fill_value, dtype)


def zeros_like(a, dtype=None, shape=None):
    a = asarray(a)
    return zeros(a.shape if shape is None else shape, a.dtype if dtype is None else dtype)


empty_like = zeros_like


def ones_like(a, dtype=None, shape=None):
    a = asarray(a)
    return ones(a.shape if shape is None else shape, a.dtype if dtype is None else dtype)


def full_like(a, fill_value, dtype=None, shape=None):
    a = asarray(a)
    return full(a.shape if shape is None else shape, fill_value,
                a.dtype if dtype is None else dtype)


def arange(start=None, stop=None, step=1, dtype=None):
    if stop is None:
        if start is None:
            raise TypeError("arange() requires stop to be specified.")
        start, stop = 0, start
    elif start is None:
        start = 0
    return _core.arange(start, stop, step, dtype)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None):
    num = _b.int(num)
    if num < 0:
        raise ValueError("Number of samples, %d, must be non-negative." % num)
    div = (num - 1) if endpoint else num
    delta = stop - start
    y = arange(0, num) * 1.0
    step = delta / div if div > 0 else nan
    if div > 0:
        if step == 0:
            y = y / div * delta
        else:
            y = y * step
    else:
        y = y * delta
    y = y + start
    if endpoint and num > 1:
        y[-1] = stop
    if dtype is not None:
        y = y.astype(dtype)
    return (y, step) if retstep else y


def eye(N, M=None, k=0, dtype=float64):
    M = N if M is None else M
    out = zeros((N, M), dtype)
    for i in range(N):
        j = i + k
        if 0 <= j < M:
            out[i, j] = 1
    return out


def identity(n, dtype=None):
    return eye(n, dtype=float64 if dtype is None else dtype)


def fromfunction(function, shape, dtype=float64, **kwargs):
    grids = indices(shape, dtype)
    return function(*grids, **kwargs)


def indices(dimensions, dtype=int64):
    dimensions = tuple(dimensions)
    out = []
    for k, n in enumerate(dimensions):
        shape = [1] * len(dimensions)
        shape[k] = n
        out.append(broadcast_to(arange(n, dtype=dtype).reshape(shape), dimensions).copy())
    return out


def copy(a):
    return array(a)


def frombuffer(buffer, dtype=float64, count=-1, offset=0):
    return _core.frombuffer(buffer, dtype, count, offset)


def broadcast_shapes(*args):
    shapes = [(s,) if isinstance(s, int) else tuple(s) for s in args]
    ndim = _b.max([len(s) for s in shapes], default=0)
    result = [1] * ndim
    owner = [0] * ndim
    for arg, shape in enumerate(shapes):
        for axis, n in enumerate(shape, ndim - len(shape)):
            if n == 1 or n == result[axis]:
                continue
            if result[axis] != 1:
                raise ValueError(
                    "shape mismatch: objects cannot be broadcast to a single shape.  "
                    f"Mismatch is between arg {owner[axis]} with shape "
                    f"{shapes[owner[axis]]} and arg {arg} with shape {shape}.")
            result[axis], owner[axis] = n, arg
    return tuple(result)


class iinfo:
    """Limits of an integer dtype."""

    def __init__(self, int_type):
        dt = dtype(int_type)
        if dt.kind not in "iu":
            raise ValueError(f"Invalid integer data type {dt.kind!r}.")
        self.dtype = dt
        self.kind = dt.kind
        self.bits = dt.itemsize * 8
        self.min = 0 if dt.kind == "u" else -(1 << (self.bits - 1))
        self.max = (1 << self.bits) - 1 if dt.kind == "u" else (1 << (self.bits - 1)) - 1

    def __repr__(self):
        return f"iinfo(min={self.min}, max={self.max}, dtype={self.dtype})"

    def __str__(self):
        rule = "-" * 63
        return (f"Machine parameters for {self.dtype}\n{rule}\nmin = {self.min}\n"
                f"max = {self.max}\n{rule}\n")


class finfo:
    """Limits of a floating dtype (float32 or float64; complex gives its part's)."""

    _params = {
        "float64": (2.220446049250313e-16, 1.7976931348623157e+308,
                    2.2250738585072014e-308, 15),
        "float32": (1.1920928955078125e-07, 3.4028234663852886e+38,
                    1.1754943508222875e-38, 6),
    }

    def __init__(self, dtype_):
        dt = dtype(dtype_)
        name = "float64" if dt.name == "complex128" else dt.name
        if name not in self._params:
            raise ValueError(f"data type {dt!r} not inexact")
        scalar = float64 if name == "float64" else float32
        eps, big, tiny, precision = self._params[name]
        self.dtype = dtype(name)
        self.bits = self.dtype.itemsize * 8
        self.eps = scalar(eps)
        self.max = scalar(big)
        self.min = scalar(-big)
        self.tiny = self.smallest_normal = scalar(tiny)
        self.precision = precision
        self.resolution = scalar(10.0 ** -precision)

    def __repr__(self):
        return (f"finfo(resolution={self.resolution!s}, min={self.min!s}, "
                f"max={self.max!s}, dtype={self.dtype})")


def broadcast_to(a, shape):
    return _core.broadcast_to(asarray(a), shape)


def meshgrid(*xi, indexing="xy", sparse=False, copy=True):
    arrays = [asarray(x).ravel() for x in xi]
    n = len(arrays)
    shape = [len(x) for x in arrays]
    if indexing == "xy" and n > 1:
        shape[0], shape[1] = shape[1], shape[0]
    out = []
    for k, x in enumerate(arrays):
        s = [1] * n
        axis = k
        if indexing == "xy" and n > 1 and k < 2:
            axis = 1 - k
        s[axis] = len(x)
        grid = x.reshape(s) if sparse else broadcast_to(x.reshape(s), shape)
        out.append(grid.copy() if copy else grid)
    return tuple(out)


def concatenate(arrays, axis=0):
    if axis is None:
        return _core.concatenate([asarray(a).ravel() for a in arrays], 0)
    return _core.concatenate(list(arrays), axis)


def stack(arrays, axis=0):
    arrays = [asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("need at least one array to stack")
    shape = arrays[0].shape
    for a in arrays:
        if a.shape != shape:
            raise ValueError("all input arrays must have the same shape")
    nd = len(shape) + 1
    if axis < 0:
        axis += nd
    expanded = [a.reshape(shape[:axis] + (1,) + shape[axis:]) for a in arrays]
    return concatenate(expanded, axis)


def atleast_1d(a):
    a = asarray(a)
    return a.reshape(1) if a.ndim == 0 else a


def atleast_2d(a):
    a = asarray(a)
    if a.ndim == 0:
        return a.reshape(1, 1)
    if a.ndim == 1:
        return a.reshape(1, a.shape[0])
    return a


def atleast_3d(a):
    a = asarray(a)
    if a.ndim == 0:
        return a.reshape(1, 1, 1)
    if a.ndim == 1:
        return a.reshape(1, a.shape[0], 1)
    if a.ndim == 2:
        return a.reshape(a.shape + (1,))
    return a


def ix_(*args):
    out = []
    nd = len(args)
    for k, seq in enumerate(args):
        seq = asarray(seq)
        if seq.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if seq.size == 0:
            seq = seq.astype(intp)
        if seq.dtype == dtype(bool_):
            seq = seq.nonzero()[0]
        out.append(seq.reshape((1,) * k + (seq.size,) + (1,) * (nd - k - 1)))
    return tuple(out)


class _IndexExpression:
    """`np.s_` and `np.index_exp`: write an index once, use it as an object."""

    def __init__(self, maketuple):
        self._maketuple = maketuple

    def __getitem__(self, item):
        if self._maketuple and not isinstance(item, tuple):
            return (item,)
        return item


s_ = _IndexExpression(False)
index_exp = _IndexExpression(True)


def vstack(tup):
    return concatenate([atleast_2d(a) for a in tup], 0)


def hstack(tup):
    arrs = [atleast_1d(a) for a in tup]
    return concatenate(arrs, 0 if arrs and arrs[0].ndim == 1 else 1)


def column_stack(tup):
    arrs = [asarray(a) for a in tup]
    return concatenate([a.reshape(a.shape[0], 1) if a.ndim == 1 else a for a in arrs], 1)


# --- functions over arrays --------------------------------------------------


def shape(a):
    return asarray(a).shape


def ndim(a):
    return asarray(a).ndim


def size(a):
    return asarray(a).size


def reshape(a, shape, order="C"):
    return asarray(a).reshape(shape, order=order)


def ravel(a, order="C"):
    return asarray(a).ravel(order)


def transpose(a, axes=None):
    return asarray(a).transpose(axes)


def swapaxes(a, a1, a2):
    return asarray(a).swapaxes(a1, a2)


def squeeze(a, axis=None):
    a = asarray(a)
    if axis is None:
        return a.reshape(tuple(d for d in a.shape if d != 1))
    axes = (axis,) if isinstance(axis, _b.int) else tuple(axis)
    axes = [x % a.ndim for x in axes]
    for x in axes:
        if a.shape[x] != 1:
            raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    return a.reshape(tuple(d for k, d in enumerate(a.shape) if k not in axes))


def expand_dims(a, axis):
    a = asarray(a)
    if axis < 0:
        axis += a.ndim + 1
    return a.reshape(a.shape[:axis] + (1,) + a.shape[axis:])


def sum(a, axis=None, dtype=None, out=None, keepdims=False):
    return asarray(a).sum(axis=axis, dtype=dtype, out=out, keepdims=keepdims)


def prod(a, axis=None, dtype=None, out=None, keepdims=False):
    return asarray(a).prod(axis=axis, dtype=dtype, out=out, keepdims=keepdims)


def max(a, axis=None, out=None, keepdims=False):
    return asarray(a).max(axis=axis, out=out, keepdims=keepdims)


def min(a, axis=None, out=None, keepdims=False):
    return asarray(a).min(axis=axis, out=out, keepdims=keepdims)


amax = max
amin = min


def any(a, axis=None, keepdims=False):
    return asarray(a).any(axis=axis, keepdims=keepdims)


def all(a, axis=None, keepdims=False):
    return asarray(a).all(axis=axis, keepdims=keepdims)


def argmax(a, axis=None):
    return asarray(a).argmax(axis)


def argmin(a, axis=None):
    return asarray(a).argmin(axis)


def cumsum(a, axis=None):
    return asarray(a).cumsum(axis)


def cumprod(a, axis=None):
    return asarray(a).cumprod(axis)


def _count(a, axis):
    if axis is None:
        return a.size
    axes = (axis,) if isinstance(axis, _b.int) else tuple(axis)
    n = 1
    for x in axes:
        n *= a.shape[x]
    return n


def mean(a, axis=None, dtype=None, out=None, keepdims=False):
    a = asarray(a)
    if dtype is None and a.dtype.kind in "biu":
        dtype = float64
    total = a.sum(axis=axis, dtype=dtype, keepdims=keepdims)
    n = _count(a, axis)
    if n == 0:
        import warnings
        warnings.warn("Mean of empty slice.", RuntimeWarning, stacklevel=2)
    return divide(total, n)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    a = asarray(a)
    if dtype is None and a.dtype.kind in "biu":
        dtype = float64
    n = _count(a, axis)
    arrmean = divide(a.sum(axis=axis, dtype=dtype, keepdims=True), n)
    x = subtract(a, arrmean)
    if x.dtype.kind == "c":
        x = multiply(x, conjugate(x)).real
    else:
        x = multiply(x, x)
    # A 0-d input's products come back as numpy scalars.
    ret = asarray(x).sum(axis=axis, dtype=dtype, keepdims=keepdims)
    return divide(ret, _b.max(n - ddof, 0))


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return sqrt(var(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims))


def average(a, axis=None, weights=None):
    if weights is None:
        return mean(a, axis)
    a = asarray(a)
    w = asarray(weights)
    return divide(multiply(a, w).sum(axis=axis), w.sum(axis=axis))


def median(a, axis=None):
    a = asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    s = sort(a, axis)
    n = s.shape[axis]
    lo = take(s, (n - 1) // 2, axis)
    hi = take(s, n // 2, axis)
    return mean(stack([lo, hi]), axis=0)


def take(a, index, axis=None):
    a = asarray(a)
    if axis is None:
        return a.ravel()[index]
    key = [slice(None)] * a.ndim
    key[axis] = index
    return a[tuple(key)]


def _shape_text(shape):
    return "(%d,)" % shape if len(shape) == 1 else "(" + ",".join(map(str, shape)) + ")"


def dot(a, b):
    a = asarray(a)
    b = asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return multiply(a, b)
    b_axis = _b.max(b.ndim - 2, 0)
    if a.shape[-1] != b.shape[b_axis]:
        raise ValueError(
            f"shapes {_shape_text(a.shape)} and {_shape_text(b.shape)} not aligned: "
            f"{a.shape[-1]} (dim {a.ndim - 1}) != {b.shape[b_axis]} (dim {b_axis})")
    if a.ndim <= 2 and b.ndim <= 2:
        return _core.matmul(a, b)
    # Sum over a's last axis and b's second-to-last: a.shape[:-1] + b.shape[:-2] +
    # b.shape[-1:], as one matrix product of a's rows and b's moved axis.
    order = (b.ndim - 2,) + tuple(range(b.ndim - 2)) + (b.ndim - 1,)
    rows = a.reshape(-1, a.shape[-1])
    cols = b.transpose(order).reshape(b.shape[-2], -1)
    return _core.matmul(rows, cols).reshape(a.shape[:-1] + b.shape[:-2] + b.shape[-1:])


def matmul(a, b):
    return _core.matmul(asarray(a), asarray(b))


def vdot(a, b):
    a = asarray(a).ravel()
    if a.dtype.kind == "c":
        a = conjugate(a)
    return dot(a, asarray(b).ravel())


def inner(a, b):
    return dot(a, b)


def outer(a, b):
    a = asarray(a).ravel()
    b = asarray(b).ravel()
    return multiply(a.reshape(a.shape[0], 1), b.reshape(1, b.shape[0]))


def where(condition, x=None, y=None):
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    return _core.where_(condition, x, y)


def nonzero(a):
    return _core.nonzero(asarray(a))


def argwhere(a):
    return transpose(array(nonzero(a)))


def count_nonzero(a, axis=None):
    return (asarray(a) != 0).sum(axis=axis)


def clip(a, a_min, a_max, out=None):
    result = asarray(a)
    if a_min is not None:
        result = maximum(result, a_min)
    if a_max is not None:
        result = minimum(result, a_max)
    if out is not None:
        out[...] = result
        return out
    return result


def round(a, decimals=0, out=None):
    a = asarray(a)
    if a.dtype.kind == "c":
        # numpy rounds the real and imaginary parts separately.
        result = zeros(a.shape, dtype=a.dtype)
        result.real = round(a.real, decimals)
        result.imag = round(a.imag, decimals)
    elif a.dtype.kind in "biu" and decimals >= 0:
        result = a.copy()
    elif decimals == 0:
        result = rint(a)
    else:
        f = 10.0 ** decimals
        result = divide(rint(multiply(a, f)), f)
    if out is not None:
        out[...] = result
        return out
    return result[()] if a.ndim == 0 and isinstance(result, ndarray) else result


around = round


_SORT_KINDS = (None, "quicksort", "mergesort", "heapsort", "stable")


def _sort_options(kind, order):
    # Every kind sorts stably here: a stable sort is a valid result of each of them.
    if kind not in _SORT_KINDS:
        raise ValueError("sort kind must be one of 'quick', 'heap', or 'stable' (got %r)" % (kind,))
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")


def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    _sort_options(kind, order)
    a = asarray(a)
    if axis is None:
        return _core.sort(a.ravel(), 0, False)
    return _core.sort(a, axis, False)


def _sort_inplace(a, axis=-1, kind=None, order=None, *, stable=None):
    _sort_options(kind, order)
    a[...] = _core.sort(a, axis, False)


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    _sort_options(kind, order)
    a = asarray(a)
    if axis is None:
        return _core.sort(a.ravel(), 0, True)
    return _core.sort(a, axis, True)


def roll(a, shift, axis=None):
    """Elements shifted along an axis, those past the end coming back at the start."""
    a = asarray(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    shifts = shift if isinstance(shift, (tuple, list)) else (shift,)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if len(shifts) == 1:
        shifts = tuple(shifts) * len(axes)
    if len(axes) == 1:
        axes = tuple(axes) * len(shifts)
    if len(shifts) != len(axes):
        raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
    total = [0] * a.ndim
    for sh, ax in zip(shifts, axes):
        if not -a.ndim <= ax < a.ndim:
            raise AxisError("axis %d is out of bounds for array of dimension %d" % (ax, a.ndim))
        total[ax % a.ndim] += int(sh)
    result = a
    for ax, sh in enumerate(total):
        n = a.shape[ax]
        if n == 0 or sh % n == 0:
            continue
        k = sh % n
        head = (slice(None),) * ax + (slice(n - k, None),)
        tail = (slice(None),) * ax + (slice(0, n - k),)
        result = concatenate([result[head], result[tail]], axis=ax)
    return result.copy() if result is a else result


def fill_diagonal(a, val, wrap=False):
    """Writes `val` (repeated as needed) on the main diagonal of `a`, in place."""
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if a.ndim > 2 and len(set(a.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    n = min(a.shape)
    if a.ndim == 2 and wrap and a.shape[0] > a.shape[1]:
        rows = [r for r in range(a.shape[0]) if r % (a.shape[1] + 1) != a.shape[1]]
        cols = [r % (a.shape[1] + 1) for r in rows]
    else:
        rows = list(range(n))
        cols = rows
    vals = asarray(val).ravel()
    if vals.size == 0:
        return
    for k, (r, c) in enumerate(zip(rows, cols)):
        a[(r,) + (c,) * (a.ndim - 1)] = vals[k % vals.size]


def unique(ar, return_counts=False):
    s = sort(asarray(ar).ravel())
    if s.size == 0:
        return (s, zeros(0, int64)) if return_counts else s
    keep = concatenate([array([True]), s[1:] != s[:-1]])
    if s.dtype.kind == "f":
        # numpy 2's equal_nan: the NaNs, sorted last, are one value.
        keep[1:] &= ~(isnan(s[1:]) & isnan(s[:-1]))
    u = s[keep]
    if not return_counts:
        return u
    idx = concatenate([nonzero(keep)[0], array([s.size])])
    return u, idx[1:] - idx[:-1]


def seterr(all=None, divide=None, over=None, under=None, invalid=None):
    return _core.seterr(all=all, divide=divide, over=over, under=under, invalid=invalid)


def geterr():
    return _core.geterr()


class errstate:
    """Floating-point error handling inside a `with` block (or a decorated function)."""

    def __init__(self, *, call=None, all=None, divide=None, over=None, under=None,
                 invalid=None):
        self._settings = dict(all=all, divide=divide, over=over, under=under,
                              invalid=invalid)

    def __enter__(self):
        self._saved = seterr(**self._settings)

    def __exit__(self, *exc_info):
        _core.seterr(**self._saved)

    def __call__(self, func):
        def wrapper(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        wrapper.__name__ = getattr(func, "__name__", "wrapper")
        wrapper.__doc__ = getattr(func, "__doc__", None)
        return wrapper


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    a = asarray(a)
    b = asarray(b)
    with_inf = logical_or(isinf(a), isinf(b))
    with errstate(invalid="ignore"):
        close = less_equal(absolute(subtract(a, b)), add(atol, multiply(rtol, absolute(b))))
    close = logical_and(close, logical_not(with_inf))
    close = logical_or(close, logical_and(with_inf, equal(a, b)))
    if equal_nan:
        close = logical_or(close, logical_and(isnan(a), isnan(b)))
    return close


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _b.bool(all(isclose(a, b, rtol, atol, equal_nan)))


def array_equal(a1, a2, equal_nan=False):
    a1 = asarray(a1)
    a2 = asarray(a2)
    if a1.shape != a2.shape:
        return False
    eq = equal(a1, a2)
    if equal_nan:
        eq = logical_or(eq, logical_and(isnan(a1), isnan(a2)))
    return _b.bool(all(eq))


def divmod(x1, x2):
    return floor_divide(x1, x2), remainder(x1, x2)


def array_equiv(a1, a2):
    a1 = asarray(a1)
    a2 = asarray(a2)
    try:
        broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return _b.bool(all(equal(a1, a2)))


def isposinf(x):
    return logical_and(isinf(x), logical_not(signbit(x)))


def isneginf(x):
    return logical_and(isinf(x), signbit(x))


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    x = array(x) if copy else asarray(x)
    if x.dtype.kind not in "fc":
        return x
    parts = [x.real, x.imag] if x.dtype.kind == "c" else [x]
    info = finfo(x.dtype)
    for part in parts:
        part[isnan(part)] = nan
        part[isposinf(part)] = info.max if posinf is None else posinf
        part[isneginf(part)] = info.min if neginf is None else neginf
    return x[()] if x.ndim == 0 else x


def shares_memory(a, b, max_work=None):
    return isinstance(a, ndarray) and isinstance(b, ndarray) and a._kiln_overlaps(b, True)


def may_share_memory(a, b, max_work=None):
    return isinstance(a, ndarray) and isinstance(b, ndarray) and a._kiln_overlaps(b, False)


def promote_types(a, b):
    return concatenate([zeros(1, a), zeros(1, b)]).dtype


_KIND_RANK = {"b": 0, "u": 1, "i": 2, "f": 3, "c": 4}


def can_cast(from_, to, casting="safe"):
    if isinstance(from_, ndarray):
        from_ = from_.dtype
    from_, to = dtype(from_), dtype(to)
    if casting in ("no", "equiv"):
        return from_ == to
    if casting == "unsafe":
        return True
    safe = promote_types(from_, to) == to
    if casting == "safe":
        return safe
    if casting == "same_kind":
        return safe or _KIND_RANK[from_.kind] <= _KIND_RANK[to.kind]
    raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'")


def result_type(*arrays_and_dtypes):
    if not arrays_and_dtypes:
        raise ValueError("at least one array or dtype is required")

    def operand(x):
        if type(x) in (int, float, complex, bool):
            return x  # weak, as numpy 2 takes Python scalars
        if isinstance(x, (ndarray, generic)):
            return zeros((), x.dtype)
        return zeros((), dtype(x))

    result = operand(arrays_and_dtypes[0])
    for x in arrays_and_dtypes[1:]:
        result = _core.binary("add", result, operand(x))
    return asarray(result).dtype


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     suppress=None, nanstr=None, infstr=None, formatter=None, sign=None,
                     floatmode=None, *, legacy=None):
    if formatter is not None:
        raise NotImplementedError("kiln: set_printoptions(formatter=...) is not supported yet")
    kwargs = dict(precision=precision, threshold=threshold, edgeitems=edgeitems,
                  linewidth=linewidth, suppress=suppress, nanstr=nanstr, infstr=infstr,
                  sign=sign, floatmode=floatmode)
    if legacy is not None:
        kwargs["legacy"] = legacy
    _core.set_printoptions(**kwargs)


def get_printoptions():
    return _core.get_printoptions()


class printoptions:
    def __init__(self, *args, **kwargs):
        self._args = args
        self._kwargs = kwargs

    def __enter__(self):
        self._saved = get_printoptions()
        set_printoptions(*self._args, **self._kwargs)
        return get_printoptions()

    def __exit__(self, *exc):
        saved = dict(self._saved)
        saved.pop("formatter", None)
        legacy = saved.pop("legacy")
        set_printoptions(legacy=legacy, **saved)


def array_repr(a):
    return repr(asarray(a))


def array_str(a):
    return str(asarray(a))


def array2string(a, separator=" "):
    return str(asarray(a))


def isscalar(x):
    return isinstance(x, (generic, _b.int, _b.float, _b.complex, _b.bool, _b.str, _b.bytes))


def iscomplexobj(x):
    return asarray(x).dtype.kind == "c"


def real(a):
    return asarray(a).real


def imag(a):
    return asarray(a).imag


def diff(a, n=1, axis=-1):
    a = asarray(a)
    for _ in range(n):
        k = [slice(None)] * a.ndim
        j = [slice(None)] * a.ndim
        k[axis] = slice(1, None)
        j[axis] = slice(None, -1)
        a = subtract(a[tuple(k)], a[tuple(j)])
    return a


def trace(a):
    a = asarray(a)
    n = _b.min(a.shape[0], a.shape[1])
    return sum(array([a[i, i] for i in range(n)], a.dtype))


def diag(v, k=0):
    v = asarray(v)
    if v.ndim == 1:
        n = v.shape[0] + _b.abs(k)
        out = zeros((n, n), v.dtype)
        for i in range(v.shape[0]):
            if k >= 0:
                out[i, i + k] = v[i]
            else:
                out[i - k, i] = v[i]
        return out
    n = _b.min(v.shape[0], v.shape[1])
    return array([v[i, i + k] for i in range(n) if 0 <= i + k < v.shape[1]], v.dtype)


def tobytes(a):
    return asarray(a).tobytes()


from ._twodim import (  # noqa: E402
    bincount,
    diag_indices,
    diag_indices_from,
    flip,
    fliplr,
    flipud,
    mgrid,
    moveaxis,
    ogrid,
    repeat,
    searchsorted,
    tile,
    tri,
    tril,
    tril_indices,
    tril_indices_from,
    triu,
    triu_indices,
    triu_indices_from,
)
from ._stats import (  # noqa: E402
    corrcoef,
    cov,
    histogram,
    percentile,
    polyfit,
    polyval,
    quantile,
    vander,
)
def show_config(mode="stdout"):
    """How this numpy was built: kiln's own, in Rust, with numpy's interface."""
    import sys as _sys

    config = {
        "Compilers": {"rust": {"name": "rustc", "linker": "kiln"}},
        "Machine Information": {"host": {"system": _sys.platform}},
        "Build Dependencies": {
            "blas": {"name": "matrixmultiply (a Rust crate, in kiln)", "found": True},
            "lapack": {"name": "none: numpy.linalg is kiln's own", "found": False},
        },
        "Python Information": {"path": _sys.executable, "version": _sys.version.split()[0]},
        "kiln": {"numpy API": __version__},
    }
    if mode == "dicts":
        return config
    if mode != "stdout":
        raise AttributeError("Invalid `mode`, use one of: stdout, dicts")
    for section, items in config.items():
        print(section + ":")
        for key, value in items.items():
            if isinstance(value, dict):
                print("  %s:" % key)
                for k, v in value.items():
                    print("    %s: %s" % (k, v))
            else:
                print("  %s: %s" % (key, value))


from ._einsum import einsum  # noqa: E402
from ._more import (  # noqa: E402
    append,
    array_split,
    convolve,
    cross,
    delete,
    dstack,
    flatnonzero,
    insert,
    interp,
    isin,
    kron,
    logspace,
    nanmax,
    nanmean,
    nanmin,
    nanprod,
    nansum,
    ptp,
    split,
    trapezoid,
)
from ._io import (  # noqa: E402
    NpzFile,
    genfromtxt,
    load,
    loadtxt,
    save,
    savetxt,
    savez,
    savez_compressed,
)
from . import linalg, random, testing  # noqa: E402

__all__ = [n for n in globals() if not n.startswith("_")]
