"""Numba's type objects, as scripts use them: in signatures (`float64(float64[:],
int64)`, `"void(f8[:, ::1], i8)"`), as `typed.Dict.empty(key_type=..., ...)`
arguments and as `jitclass` specs. kiln specialises on the values it sees, so these
objects only carry what a signature says: the dtype a `vectorize` computes in, the
arrays a `guvectorize` allocates."""

import numpy as _np


class Type:
    """A numba type; `name` is what numba prints."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name

    def __str__(self):
        return self.name

    def __eq__(self, other):
        return isinstance(other, Type) and repr(self) == repr(other)

    def __hash__(self):
        return hash(repr(self))

    def __call__(self, *args):
        """`float64(int64, float64[:])`: the signature returning this type."""
        return Signature(self, args)


class Scalar(Type):
    """A number type; `dtype` is the numpy dtype it is (None for `void`, `none`)."""

    def __init__(self, name, dtype):
        Type.__init__(self, name)
        self.dtype = None if dtype is None else _np.dtype(dtype)

    def __getitem__(self, dims):
        """`float64[:]`, `float64[:, ::1]`, `float64[::1, :]`: array types."""
        if not isinstance(dims, tuple):
            dims = (dims,)
        for d in dims:
            if not isinstance(d, slice) or d.start is not None or d.stop is not None:
                raise TypeError("array types take `:` or `::1` per dimension, as in float64[:, ::1]")
        steps = [d.step for d in dims]
        if all(s is None for s in steps):
            layout = "A"
        elif steps[-1] == 1 and all(s is None for s in steps[:-1]):
            layout = "C"
        elif steps[0] == 1 and all(s is None for s in steps[1:]):
            layout = "F"
        else:
            raise TypeError("only the last (C order) or the first (F order) dimension may be `::1`")
        return Array(self, len(dims), layout)


class Array(Type):
    """`Array(float64, 2, 'C')`: an ndarray type."""

    def __init__(self, dtype, ndim, layout="A", readonly=False):
        self.dtype = dtype
        self.ndim = ndim
        self.layout = layout
        self.readonly = readonly
        Type.__init__(self, "array(%s, %dd, %s)" % (dtype, ndim, layout))

    def __repr__(self):
        return "Array(%s, %d, '%s', %s, aligned=True)" % (
            self.dtype, self.ndim, self.layout, self.readonly)


class Signature:
    """`return_type(arg_types...)`; `return_type` is None for a signature given as its
    argument types only (`(float64[:], int64)`)."""

    def __init__(self, return_type, args):
        self.return_type = return_type
        self.args = tuple(args)

    def __repr__(self):
        return "(%s) -> %s" % (", ".join(repr(a) for a in self.args), self.return_type)


class UniTuple(Type):
    def __init__(self, dtype, count):
        self.dtype = dtype
        self.count = count
        Type.__init__(self, "UniTuple(%s x %d)" % (dtype, count))


class Tuple(Type):
    def __init__(self, types):
        self.types = tuple(types)
        Type.__init__(self, "Tuple(%s)" % ", ".join(str(t) for t in self.types))


class ListType(Type):
    def __init__(self, item_type):
        self.item_type = item_type
        Type.__init__(self, "ListType[%s]" % item_type)


class DictType(Type):
    def __init__(self, key_type, value_type):
        self.key_type = key_type
        self.value_type = value_type
        Type.__init__(self, "DictType[%s,%s]<iv=None>" % (key_type, value_type))


class Optional(Type):
    def __init__(self, type):
        self.type = type
        Type.__init__(self, "OptionalType(%s)" % type)


optional = Optional
List = ListType

boolean = bool_ = b1 = Scalar("bool", "bool")
int8 = i1 = byte = Scalar("int8", "int8")
int16 = i2 = short = Scalar("int16", "int16")
int32 = i4 = intc = Scalar("int32", "int32")
int64 = i8 = intp = int_ = long_ = longlong = ssize_t = Scalar("int64", "int64")
uint8 = u1 = uchar = char = Scalar("uint8", "uint8")
uint16 = u2 = ushort = Scalar("uint16", "uint16")
uint32 = u4 = uintc = Scalar("uint32", "uint32")
uint64 = u8 = uintp = uint = ulong = ulonglong = size_t = Scalar("uint64", "uint64")
float32 = f4 = Scalar("float32", "float32")
float64 = f8 = double = Scalar("float64", "float64")
complex64 = c8 = Scalar("complex64", "complex128")
complex128 = c16 = Scalar("complex128", "complex128")
void = none = Scalar("none", None)
unicode_type = Type("unicode_type")
string = unicode_type
pyobject = Type("pyobject")

_by_dtype = {t.dtype: t for t in (boolean, int8, int16, int32, int64, uint8, uint16,
                                  uint32, uint64, float32, float64, complex128)}


def from_dtype(dtype):
    """The numba scalar type of a numpy dtype (`numba.from_dtype(np.float64)`)."""
    d = _np.dtype(dtype)
    try:
        return _by_dtype[d]
    except KeyError:
        raise NotImplementedError("numba type for dtype %s" % d) from None


def _contiguous(shape, strides, itemsize):
    step = itemsize
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1 and s != step:
            return False
        step *= n
    return True


def typeof(value):
    """The type numba infers for a value (`numba.typeof(np.zeros(3))`)."""
    if isinstance(value, _np.ndarray):
        c = _contiguous(value.shape, value.strides, value.itemsize)
        f = value.ndim > 1 and _contiguous(value.shape[::-1], value.strides[::-1],
                                           value.itemsize)
        layout = "C" if c else ("F" if f else "A")
        return Array(from_dtype(value.dtype), value.ndim, layout)
    if isinstance(value, bool) or isinstance(value, _np.bool_):
        return boolean
    if isinstance(value, _np.generic):
        return from_dtype(value.dtype)
    if isinstance(value, int):
        return int64
    if isinstance(value, float):
        return float64
    if isinstance(value, complex):
        return complex128
    if isinstance(value, str):
        return unicode_type
    if isinstance(value, tuple):
        types = [typeof(v) for v in value]
        if types and all(t == types[0] for t in types):
            return UniTuple(types[0], len(types))
        return Tuple(types)
    if value is None:
        return none
    raise ValueError("cannot determine Numba type of %r" % (type(value),))


def parse_signature(sig):
    """A signature given as a string (`"float64(float64, f8[:])"`), a Signature, or a
    tuple of argument types."""
    if isinstance(sig, Signature):
        return sig
    if isinstance(sig, tuple):
        return Signature(None, sig)
    if isinstance(sig, str):
        names = {k: v for k, v in globals().items() if isinstance(v, Type)}
        try:
            parsed = eval(sig, {"__builtins__": {}}, names)
        except Exception as e:
            raise TypeError("invalid signature %r: %s" % (sig, e)) from None
        return parse_signature(parsed)
    raise TypeError("a signature is a string such as 'float64(float64[:])', "
                    "a type called with argument types, or a tuple of types; got %r" % (sig,))
