"""Type objects of the no-op numba shim.

They only need to look like numba's: `float64[:]`, `float64[:, ::1]` make array
types, calling a type makes a signature (`float64(float64[:], int64)`), and
`.dtype` names the numpy dtype (used for vectorize/guvectorize outputs).
"""
import numpy as _np


class Type:
    def __init__(self, name, dtype=None):
        self.name = name
        self.dtype = None if dtype is None else _np.dtype(dtype)

    def __getitem__(self, index):
        ndim = len(index) if isinstance(index, tuple) else 1
        return Array(self, ndim)

    def __call__(self, *args):
        return Signature(self, args)

    def __repr__(self):
        return self.name

    __str__ = __repr__

    def __eq__(self, other):
        return isinstance(other, Type) and repr(self) == repr(other)

    def __hash__(self):
        return hash(repr(self))


class Array(Type):
    def __init__(self, dtype, ndim, layout="A"):
        if not isinstance(dtype, Type):
            dtype = Type(str(dtype), dtype)
        super().__init__("array(%s, %dd, %s)" % (dtype.name, ndim, layout), dtype.dtype)
        self.ndim = ndim
        self.layout = layout


class Signature:
    def __init__(self, return_type, args):
        self.return_type = return_type
        self.args = tuple(args)

    def __repr__(self):
        return "%r(%s)" % (self.return_type, ", ".join(map(repr, self.args)))


def _scalar(name, dtype=None):
    return Type(name, dtype)


float64 = f8 = double = _scalar("float64", _np.float64)
float32 = f4 = _scalar("float32", _np.float32)
int64 = i8 = intp = int_ = _scalar("int64", _np.int64)
int32 = i4 = intc = _scalar("int32", _np.int32)
int16 = i2 = _scalar("int16", _np.int16)
int8 = i1 = _scalar("int8", _np.int8)
uint64 = u8 = uintp = _scalar("uint64", _np.uint64)
uint32 = u4 = _scalar("uint32", _np.uint32)
uint16 = u2 = _scalar("uint16", _np.uint16)
uint8 = u1 = _scalar("uint8", _np.uint8)
boolean = b1 = bool_ = _scalar("bool", _np.bool_)
complex128 = c16 = _scalar("complex128", _np.complex128)
complex64 = c8 = _scalar("complex64", _np.complex64)
void = none = _scalar("none")
unicode_type = string = _scalar("unicode_type")


def ListType(item_type):
    return Type("ListType[%r]" % (item_type,))


def DictType(key_type, value_type):
    return Type("DictType[%r,%r]" % (key_type, value_type))


def UniTuple(dtype, count):
    return Type("UniTuple(%r x %d)" % (dtype, count))


def Tuple(types):
    return Type("Tuple(%s)" % ", ".join(map(repr, types)))


_NAMES = {t.name: t for t in (float64, float32, int64, int32, int16, int8, uint64,
                              uint32, uint16, uint8, boolean, complex128, complex64, void)}
_NAMES.update({"f8": float64, "f4": float32, "i8": int64, "i4": int32, "i2": int16,
               "i1": int8, "u8": uint64, "u4": uint32, "u2": uint16, "u1": uint8,
               "b1": boolean, "c16": complex128, "c8": complex64, "intp": int64,
               "uintp": uint64, "double": float64, "boolean": boolean, "void": void,
               "none": void})


def _split_top(text):
    """Split `text` on commas that are not inside brackets or parentheses."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def parse_type(text):
    """'float64' -> float64, 'float64[:, :]' -> 2-d array of float64."""
    if isinstance(text, Type):
        return text
    text = text.strip()
    if "[" in text:
        base, rest = text.split("[", 1)
        return Array(_NAMES[base.strip()], rest.count(":") - rest.count("::"))
    return _NAMES[text]


def parse_signature(sig):
    """A signature string or object -> (return type, [arg types])."""
    if isinstance(sig, Signature):
        return parse_type(sig.return_type), [parse_type(a) for a in sig.args]
    if isinstance(sig, Type):
        return sig, []
    sig = sig.strip()
    head, rest = sig.split("(", 1)
    rest = rest.rsplit(")", 1)[0]
    return parse_type(head), [parse_type(a) for a in _split_top(rest)]
