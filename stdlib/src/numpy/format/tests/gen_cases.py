"""Writes cases.txt: printing cases with the exact output of real numpy 2.

Run with the reference CPython (tests/setup installs numpy 2.4.6):

    bash tests/ref-python stdlib/src/numpy/format/tests/gen_cases.py

With KILN_FORMAT_RANDOM=SEED:COUNT it writes COUNT random cases to
$KILN_FORMAT_CASES (default /tmp/kiln-format-random.txt) instead, which the
ignored test `numpy_random_cases` checks:

    KILN_FORMAT_CASES=/tmp/kiln-format-random.txt \
        cargo test --release -p kiln-stdlib numpy_random_cases -- --ignored

Each case is one header line and the expected text, ended by a line `~~~`:

    > KIND key=value ...
    expected output (any number of lines)
    ~~~

KIND is `repr`/`str`/`both`/`a2s` (an array: dtype, shape, values; print
options `opt.NAME`; for a2s also sep/prefix/suffix; `both` expects the repr, a
line `~~~ str`, then the str), `srepr`/`sstr` (a scalar: dtype,
value) or `fpos`/`fsci` (np.format_float_positional/_scientific of a float32 or
float64 value with the keyword arguments given). Values are exact: floats as the
hex of their float64 bits, complex as two of those joined by `,`. Every value and
option is percent-encoded, so it holds no spaces.
"""

import os
import struct
import sys
from urllib.parse import quote

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.txt")
DEFAULTS = np.get_printoptions()
lines = []


def enc(v):
    return quote(str(v), safe="")


def fbits(x):
    return "%016x" % struct.unpack("<Q", struct.pack("<d", float(x)))[0]


def ftoken(x):
    """Integral floats as `123.`, others as their bits."""
    x = float(x)
    if x == int(x) if np.isfinite(x) else False:
        if abs(x) < 2.0**53 and not (x == 0 and np.signbit(x)):
            return "%d." % x
    return fbits(x)


def value_token(dtype, v):
    k = np.dtype(dtype).kind
    if k == "b":
        return "1" if v else "0"
    if k in "iu":
        return str(int(v))
    if k == "f":
        return ftoken(v)
    return ftoken(v.real) + "," + ftoken(v.imag)


def emit(header, text):
    assert "\n~~~\n" not in "\n" + text + "\n"
    lines.append("> " + header)
    lines.append(text)
    lines.append("~~~")


def options_tokens(opts):
    return ["opt.%s=%s" % (k, enc(v)) for k, v in sorted(opts.items())]


def array_case(kind, a, opts=None, **kw):
    """kind: repr/str/both/a2s. kw for a2s: sep, prefix, suffix."""
    opts = opts or {}
    a = np.asarray(a)
    np.set_printoptions(**opts)
    try:
        if kind == "both":
            text = repr(a) + "\n~~~ str\n" + str(a)
        elif kind == "repr":
            text = repr(a)
        elif kind == "str":
            text = str(a)
        else:
            text = np.array2string(
                a, separator=kw.get("sep", " "), prefix=kw.get("prefix", ""),
                suffix=kw.get("suffix", ""))
    finally:
        np.set_printoptions(**{k: v for k, v in DEFAULTS.items()
                               if k not in ("legacy", "override_repr")},
                            legacy=False)
    toks = [kind, "dtype=" + a.dtype.name,
            "shape=" + ",".join(str(d) for d in a.shape)]
    toks += options_tokens(opts)
    for k in ("sep", "prefix", "suffix"):
        if k in kw:
            toks.append("%s=%s" % (k, enc(kw[k])))
    flat = a.ravel()
    toks.append("values=" + ";".join(value_token(a.dtype, v) for v in flat))
    emit(" ".join(toks), text)


def both(a, opts=None):
    array_case("both", a, opts)


def scalar_case(x, legacy=None):
    if legacy:
        np.set_printoptions(legacy=legacy)
    try:
        r, s = repr(x), str(x)
    finally:
        np.set_printoptions(legacy=False)
    toks = ["dtype=" + x.dtype.name, "value=" + value_token(x.dtype, x)]
    if legacy:
        toks.append("opt.legacy=" + enc(legacy))
    emit(" ".join(["srepr"] + toks), r)
    emit(" ".join(["sstr"] + toks), s)


def float_case(kind, x, **kw):
    f = np.format_float_positional if kind == "fpos" else np.format_float_scientific
    text = f(x, **kw)
    toks = [kind, "dtype=" + np.asarray(x).dtype.name, "value=" + fbits(x)]
    toks += ["%s=%s" % (k, enc(v)) for k, v in sorted(kw.items())]
    emit(" ".join(toks), text)


F64 = np.float64
F32 = np.float32
nan, inf = np.nan, np.inf

# ---------------------------------------------------------------- scalars
float_values = [
    0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 1.5, 100.0, 123456.789,
    1e15, 9999999999999998.0, 1e16, 1.0000000000000002e16, 1e17, 1e22, 1e23,
    1e-4, 0.00010000000000000002, 9.999999999999999e-05, 1e-5, 1.5e-5, 1e-10,
    5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, np.pi, np.e,
    -np.pi * 1e8, 2.0**53, 2.0**53 + 2, 2.0**63, 2.0**64, 0.5, 0.25, 0.125,
    1234.5678, -98765.4321, 3.0e-310, nan, -nan, inf, -inf, 1e100, 1e-100,
    12345678.9, 0.1 + 0.2, 1.1, 2.675, 4.35, 1e300 * 10,
]
for v in float_values:
    scalar_case(F64(v))
float32_values = [
    0.0, -0.0, 1.0, 0.1, 0.2, 1 / 3, 1.5, 100.0, 999999.0, 1e6, 1234567.0,
    16777216.0, 16777217.0, 1e-4, 1.5e-4, 9e-5, 1e-5, 3.4028235e38, 1e-45,
    1.1754944e-38, np.pi, -2.5, 65504.0, 0.3, 123456.79, nan, inf, -inf,
    7.0e-3, 2.0**24, 1e10,
]
for v in float32_values:
    scalar_case(F32(v))
for t in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
          np.uint32, np.uint64):
    info = np.iinfo(t)
    for v in (0, 1, info.max, info.min, 7 if info.min == 0 else -7):
        scalar_case(t(v))
for v in (True, False):
    scalar_case(np.bool_(v))
complex_values = [
    0j, 1 + 2j, 2j, -2j, complex(-0.0, 2), complex(0.0, -0.0),
    complex(-0.0, -0.0), complex(1, -0.0), 1.5 - 2.5j, complex(1e20, 1e-5),
    complex(nan, inf), complex(inf, nan), complex(-inf, -inf), complex(nan, nan),
    complex(0, nan), complex(0, inf), complex(1e16, 1), complex(0.1, 0.2),
    complex(1 / 3, -1 / 3), complex(3, 0), complex(-3, 0), complex(1e-5, 1e-5),
    complex(nan, 1), complex(1, -nan),
]
for v in complex_values:
    scalar_case(np.complex128(v))
for legacy in ("1.13", "1.25", "2.2", "2.1"):
    for x in (F64(1.5), F32(1e7), F32(0.1), np.int8(3), np.bool_(True),
              np.complex128(1 + 2j), np.complex128(2j), F64(1e16)):
        scalar_case(x, legacy)

# ------------------------------------------- format_float_positional/scientific
for x in (F64(np.pi), F32(np.pi), F64(0.1), F32(0.1), F64(1.0), F64(-0.0),
          F64(123456.0), F64(1e-7), F64(0.5), F64(1.05), F64(2.5), F64(0.0),
          F64(1e300), F32(1e-40), F64(9.995), F64(0.9999), F64(99.99)):
    float_case("fpos", x)
    float_case("fsci", x)
    for p in (0, 1, 2, 3, 5, 10):
        float_case("fpos", x, precision=p)
        float_case("fsci", x, precision=p)
        float_case("fpos", x, precision=p, unique=False)
        float_case("fsci", x, precision=p, unique=False)
        if p:
            float_case("fpos", x, precision=p, fractional=False)
            float_case("fpos", x, precision=p, fractional=False, unique=False)
    for trim in "k.0-":
        float_case("fpos", x, trim=trim)
        float_case("fsci", x, trim=trim)
        float_case("fpos", x, precision=2, unique=False, trim=trim)
        float_case("fsci", x, precision=2, unique=False, trim=trim)
    float_case("fpos", x, sign=True)
    float_case("fsci", x, sign=True)
    float_case("fpos", x, pad_left=5, pad_right=6)
    float_case("fsci", x, pad_left=5)
    float_case("fsci", x, exp_digits=3)
    float_case("fsci", x, exp_digits=1)
    float_case("fpos", x, min_digits=5)
    float_case("fsci", x, min_digits=5)
    float_case("fpos", x, precision=4, min_digits=2)
    float_case("fpos", x, min_digits=3, fractional=False)
    float_case("fpos", x, precision=30, unique=False)
for x in (F64(nan), F64(inf), F64(-inf), F32(nan)):
    float_case("fpos", x)
    float_case("fsci", x, sign=True)
    float_case("fpos", x, pad_left=5, pad_right=4)
float_case("fsci", F32(1.23e24), unique=False, precision=15)
float_case("fsci", F32(1.23e24), exp_digits=4)
float_case("fsci", F64(1.0), exp_digits=0)
float_case("fsci", F64(-0.0), exp_digits=0, precision=3, unique=False)
float_case("fsci", F64(1e5), exp_digits=0)
float_case("fsci", F64(1e-123), exp_digits=0)
float_case("fpos", F64(0.3), precision=0)
float_case("fpos", F64(0.7), precision=0)
float_case("fpos", F64(0.5), precision=0)
float_case("fpos", F64(1.5), precision=0)
float_case("fpos", F64(2.5), precision=0, unique=False)
float_case("fpos", F64(1e-3), precision=2)
float_case("fpos", F64(5e-3), precision=2)
float_case("fpos", F64(5.0000001e-3), precision=2)
float_case("fpos", F64(1e23))
float_case("fpos", F64(1e23), unique=False, precision=0)
float_case("fpos", F64(2.0**-1074), unique=False, precision=1100)
float_case("fsci", F64(2.0**-1074), unique=False, precision=60)

# ---------------------------------------------------------------- arrays
both(np.array([1, 2, 3]))
both(np.array([1.0, 2.0, 3.0]))
both(np.array([1.5, 2.25, 3.125]))
both(np.array([0.1, 0.2, 0.3]))
both(np.array([1 / 3, 2 / 3, 1.0]))
both(np.array([1e-4, 1e-3]))
both(np.array([9.99e-5, 1e-3]))
both(np.array([1.0, 1000.0]))
both(np.array([1.0, 1000.1]))
both(np.array([1.0, 1e8]))
both(np.array([1.0, 99999999.0]))
both(np.array([0.0, 1e-20]))
both(np.array([1e16, 1.0]))
both(np.array([1e16]))
both(np.array([1e15]))
both(np.array([123456789.0]))
both(np.array([12345678.0]))
both(np.array([-1.5, 2.0, -0.0]))
both(np.array([-0.0, 0.0]))
both(np.array([0.0, 0.0]))
both(np.array([nan, 1.0]))
both(np.array([nan, inf, -inf]))
both(np.array([nan]))
both(np.array([inf]))
both(np.array([-inf, 1e10]))
both(np.array([nan, 1e-10, 1.0]))
both(np.array([1e100, 1e-100]))
both(np.array([1e300, -1e-300, 1.0]))
both(np.array([3.14159265358979, 2.718281828459045]))
both(np.array([1.123456789012, 2.0]))
both(np.array([1.0000000001, 2.0]))
both(np.array([0.1 + 0.2]))
both(np.array([5e-324, 1.0]))
both(np.linspace(0, 1, 11))
both(np.linspace(-1, 1, 7))
both(np.arange(12).reshape(3, 4))
both(np.arange(24).reshape(2, 3, 4))
both(np.arange(24).reshape(2, 3, 4) * 1.5)
both(np.arange(16).reshape(2, 2, 2, 2))
both(np.arange(6.0).reshape(1, 1, 6))
both(np.arange(3).reshape(3, 1))
both(np.array([-1, 10, -100, 1000]))
both(np.array([-9223372036854775808, 9223372036854775807]))
both(np.array([0, 18446744073709551615], dtype=np.uint64))
both(np.array([-128, 127], dtype=np.int8))
both(np.array([1, 2, 3], dtype=np.int8))
both(np.array([1, 2, 3], dtype=np.int16))
both(np.array([1, 2, 3], dtype=np.int32))
both(np.array([1, 2, 3], dtype=np.uint8))
both(np.array([1, 2, 3], dtype=np.uint16))
both(np.array([1, 2, 3], dtype=np.uint32))
both(np.array([True, False, True]))
both(np.array([[True, False], [False, False]]))
both(np.array([False]))
both(np.array(True))
both(np.array(False))
both(np.array(5))
both(np.array(-5, dtype=np.int8))
both(np.array(1.5))
both(np.array(1 / 3))
both(np.array(1e20))
both(np.array(nan))
both(np.array(-0.0))
both(np.array(1.5, dtype=np.float32))
both(np.array(0.1, dtype=np.float32))
both(np.array(1 + 2j))
both(np.array(2j))
both(np.array(np.uint64(2**64 - 1)))
both(np.array([], dtype=np.float64))
both(np.array([], dtype=np.int64))
both(np.array([], dtype=np.int8))
both(np.array([], dtype=bool))
both(np.zeros((0, 3)))
both(np.zeros((2, 0)))
both(np.zeros((3, 0, 2), dtype=np.int32))
both(np.zeros((0,), dtype=np.complex128))
# float32
both(np.array([0.1, 0.2, 0.3], dtype=np.float32))
both(np.array([1 / 3, 2.5], dtype=np.float32))
both(np.array([1e-4, 1e-3], dtype=np.float32))
both(np.array([9.9e-5, 1e-3], dtype=np.float32))
both(np.array([1e6, 1.0], dtype=np.float32))
both(np.array([999999.0, 1.0], dtype=np.float32))
both(np.array([1e6], dtype=np.float32))
both(np.array([1e20, 2.5, 3], dtype=np.float32))
both(np.array([16777217.0], dtype=np.float32))
both(np.array([3.4028235e38, 1.0], dtype=np.float32))
both(np.array([nan, inf, 1.5], dtype=np.float32))
both(np.arange(10, dtype=np.float32) / 7)
both(np.array([1.0, 1001.0], dtype=np.float32))
# complex
both(np.array([1 + 2j, 3 - 4j]))
both(np.array([1.5 + 2j, -3.25 - 4j]))
both(np.array([0j, 1j]))
both(np.array([complex(nan, 1), complex(1, nan)]))
both(np.array([complex(nan, nan), complex(inf, -inf)]))
both(np.array([complex(1e10, 1), complex(1, 1e-10)]))
both(np.array([complex(0.1, 1e5), complex(1, 2)]))
both(np.array([complex(-0.0, -0.0), complex(0.0, 0.0)]))
both(np.array([[1 + 1j, 2 + 2j], [3 + 3j, 4 + 4j]]))
both(np.arange(30).reshape(5, 6) * (1 + 1j) / 3)
# wrapping
both(np.arange(30))
both(np.arange(40))
both(np.arange(100))
both(np.arange(26.0))
both(np.arange(30.0))
both(np.linspace(0, 1, 20))
both(np.linspace(0, 100, 17))
both(np.arange(60).reshape(3, 20))
both(np.arange(60.0).reshape(3, 20) / 7)
both(np.arange(120).reshape(2, 3, 20))
both(np.arange(100, dtype=np.int8))
both(np.array([True, False] * 20))
both(np.arange(20) * (1 + 2j))
both(np.arange(15, dtype=np.float32) / 3)
both(np.array([-1, 1] * 20) * 123456789)
# summarisation
both(np.arange(1001))
both(np.arange(1000))
both(np.arange(2000.0))
both(np.arange(1001) * 1e-5)
both(np.arange(3000).reshape(30, 100))
both(np.arange(3000).reshape(100, 30))
both(np.arange(3000.0).reshape(10, 10, 30))
both(np.arange(2000).reshape(2, 1000))
both(np.arange(2000).reshape(1000, 2))
both(np.arange(8000).reshape(20, 20, 20))
both(np.arange(1100, dtype=np.int8))
both(np.arange(1100, dtype=np.float32))
both(np.linspace(0, 1, 1001))
both(np.zeros(1001, dtype=bool))
both(np.arange(1001) * (1 + 1j))
both(np.zeros((2000, 0)))
# the summarised part decides the layout
big = np.ones(2000)
big[1000] = 1e10
both(big)
big = np.arange(2000)
big[1000] = -10**12
both(big)

# ---------------------------------------------------------------- options
x = np.array([1.123456789, 22.5, -333.0])
for opts in (
    dict(precision=3), dict(precision=0), dict(precision=1), dict(precision=12),
    dict(floatmode="fixed"), dict(floatmode="unique"),
    dict(floatmode="maxprec_equal"), dict(floatmode="fixed", precision=2),
    dict(floatmode="maxprec_equal", precision=3), dict(sign="+"),
    dict(sign=" "), dict(linewidth=20), dict(linewidth=10),
):
    both(x, opts)
    both(x.reshape(3, 1), opts)
    both(np.array([1e-6, 1.0, 1e6]), opts)
    both(np.array([nan, -inf, 0.5]), opts)
    both(np.array([1, -2, 30]), opts)
    both(np.array([3 + 1j, -0.5j]), opts)
    both(np.array([0.5, 0.25], dtype=np.float32), opts)
for opts in (
    dict(suppress=True), dict(suppress=True, precision=3),
    dict(suppress=True, floatmode="fixed"),
):
    both(np.array([1e-9, 1.0, 2.5]), opts)
    both(np.array([1e-20, 1e5]), opts)
    both(np.array([1e9, 1.0]), opts)
    both(np.array([-1e-10, 1.0]), opts)
both(np.array([1.0, nan]), dict(nanstr="NaN"))
both(np.array([1.0, nan]), dict(nanstr="not-a-number"))
both(np.array([1.0, -inf]), dict(infstr="Infinity"))
both(np.array([1.0, inf]), dict(infstr="∞"))
both(np.array([nan, inf]), dict(nanstr="N", infstr="I"))
both(np.array([complex(nan, inf)]), dict(nanstr="NaN", infstr="Inf"))
both(np.array([1, 2, 3]), dict(sign=" "))
both(np.array([1, -2, 3]), dict(sign=" "))
both(np.array([1, -2, 3]), dict(sign="+"))
both(np.array([0.5, 1.5]), dict(sign=" "))
both(np.array([-0.5, 1.5]), dict(sign=" "))
both(np.array([nan, 1.5]), dict(sign="+"))
both(np.array([inf, 1.5]), dict(sign=" "))
both(np.arange(10), dict(threshold=5))
both(np.arange(10), dict(threshold=9))
both(np.arange(10), dict(threshold=10))
both(np.arange(10), dict(threshold=5, edgeitems=1))
both(np.arange(10), dict(threshold=5, edgeitems=4))
both(np.arange(10), dict(threshold=5, edgeitems=5))
both(np.arange(10), dict(threshold=5, edgeitems=0))
both(np.arange(10), dict(threshold=0))
both(np.arange(10.0), dict(threshold=-1))
both(np.array(5), dict(threshold=0))
both(np.arange(100).reshape(10, 10), dict(threshold=10, edgeitems=2))
both(np.arange(60).reshape(3, 4, 5), dict(threshold=10, edgeitems=1))
both(np.arange(60).reshape(3, 4, 5), dict(threshold=10, edgeitems=0))
both(np.linspace(0, 10, 10), dict(precision=2, suppress=True, threshold=5))
both(np.arange(50), dict(linewidth=30))
both(np.arange(50), dict(linewidth=1))
both(np.arange(50), dict(linewidth=0))
both(np.arange(12.0).reshape(3, 4) / 3, dict(linewidth=30))
both(np.arange(24).reshape(2, 3, 4), dict(linewidth=15))
both(np.arange(1200).reshape(2, 3, 200), dict(linewidth=100))
both(np.arange(20, dtype=np.int8), dict(linewidth=40))
both(np.array([1.5, 2.5], dtype=np.float32), dict(legacy="2.2"))
both(np.array([1e7, 1.0], dtype=np.float32), dict(legacy="2.2"))
both(np.array([1e7, 1.0], dtype=np.float32))
both(np.arange(2000), dict(legacy="2.1"))
both(np.arange(2000), dict(legacy="2.2"))
both(np.arange(2000), dict(legacy="1.25"))
both(np.array(1.5), dict(legacy="1.25"))

# numpy 1.13's layout
legacy_arrays = [
    np.array([1.5, 2.0, -3.0]), np.array([1e-9, 1.0]), np.array([0.5, 0.25]),
    np.array(1.5), np.array(0.1, dtype=np.float32), np.array(True),
    np.array(3, dtype=np.int8), np.array(1 + 2j), np.array([True, False]),
    np.arange(2000), np.arange(2000.0), np.array([1 + 2j, 3.5 - 1j]),
    np.array([complex(nan, 1), 2j]), np.arange(40.0), np.arange(30).reshape(3, 10) * 1000,
    np.arange(3000).reshape(30, 100), np.arange(8000.0).reshape(20, 20, 20),
    np.array([], dtype=np.int8), np.zeros((0, 3)), np.array([nan, inf, -1.0]),
    np.array([1e10, -1.0]), np.array([0.1, 0.2], dtype=np.float32),
    np.linspace(0, 1, 7), np.arange(24).reshape(2, 3, 4),
]
for a in legacy_arrays:
    both(a, dict(legacy="1.13"))
both(np.arange(50.0), dict(legacy="1.13", linewidth=20))
both(np.arange(2000), dict(legacy="1.13", linewidth=20))
both(np.array([-1.5, 2.0]), dict(legacy="1.13", sign="+"))
for v in (0.1, 1 / 3, 1e16, 1e-5, 123456789.123, -0.0, nan, -inf, 1e300, 5e-324,
          3 / 2**24, 2.0**60, 0.3, 100.0):
    scalar_case(F64(v), "1.13")
    scalar_case(F32(v), "1.13")
for v in (1 + 2j, 2j, complex(nan, inf), complex(1, -inf), complex(-0.0, 1),
          complex(1 / 3, -1e-20), complex(0, nan)):
    scalar_case(np.complex128(v), "1.13")

# ---------------------------------------------------------------- array2string
for a in (np.arange(5), np.arange(40.0), np.arange(12).reshape(3, 4) - 6,
          np.array([1.5, nan]), np.array([[True, False]])):
    array_case("a2s", a, sep=", ")
    array_case("a2s", a, sep=",")
    array_case("a2s", a, sep=" | ")
    array_case("a2s", a, sep=", ", prefix="ab(")
    array_case("a2s", a, sep=" ", prefix="xxxxxxxxxx", suffix="yyyyyyyyyy")
    array_case("a2s", a, sep="\t")



def random_cases(seed, count):
    """Random arrays, options and floats, for a wider search than the fixed list
    (written elsewhere; see `numpy_random_cases` in mod.rs)."""
    rng = np.random.default_rng(seed)
    dtypes = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8,
              np.uint16, np.uint32, np.uint64, np.float32, np.float64,
              np.complex128]

    def floats(n):
        mag = 10.0 ** rng.uniform(-12, 22, n)
        style = rng.integers(0, 6)
        if style == 0:
            mag = 10.0 ** rng.uniform(-3, 4, n)
        elif style == 1:
            mag = np.round(mag, rng.integers(0, 5))
        elif style == 2:
            mag = np.floor(10.0 ** rng.uniform(0, 6, n))
        elif style == 3:
            mag = rng.integers(0, 4, n) / 4.0
        v = mag * rng.choice([-1.0, 1.0], n)
        special = rng.random(n) < 0.05 * rng.integers(0, 3)
        v[special] = rng.choice([np.nan, np.inf, -np.inf, 0.0, -0.0],
                                special.sum())
        return v

    def values(dtype, shape):
        n = int(np.prod(shape))
        if dtype is np.bool_:
            return rng.random(n) < 0.5
        if np.issubdtype(dtype, np.integer):
            info = np.iinfo(dtype)
            bits = int(rng.integers(1, info.bits + 1))
            lo = max(int(info.min), -(2 ** (bits - 1)))
            hi = min(int(info.max), 2 ** bits - 1)
            return rng.integers(lo, hi, n, endpoint=True, dtype=dtype)
        if dtype is np.complex128:
            c = np.empty(n, dtype=np.complex128)
            c.real, c.imag = floats(n), floats(n)
            return c
        return floats(n).astype(dtype)

    for _ in range(count):
        dtype = dtypes[rng.integers(len(dtypes))]
        ndim = rng.integers(0, 5)
        if ndim == 1 and rng.random() < 0.2:
            shape = (int(rng.integers(990, 1500)),)
        else:
            shape = tuple(int(d) for d in rng.integers(0, 7 - ndim, ndim))
            if rng.random() < 0.1:
                shape = tuple(d + 1 for d in shape)
        with np.errstate(all="ignore"):
            a = np.asarray(values(dtype, shape), dtype=dtype).reshape(shape)
        opts = {}
        if rng.random() < 0.5:
            for name, pick in (
                ("precision", lambda: int(rng.integers(0, 13))),
                ("floatmode", lambda: str(rng.choice(
                    ["fixed", "unique", "maxprec", "maxprec_equal"]))),
                ("suppress", lambda: bool(rng.random() < 0.5)),
                ("sign", lambda: str(rng.choice(["-", "+", " "]))),
                ("linewidth", lambda: int(rng.integers(5, 130))),
                ("threshold", lambda: int(rng.integers(0, 60))),
                ("edgeitems", lambda: int(rng.integers(0, 5))),
                ("nanstr", lambda: str(rng.choice(["nan", "NaN", "N/A!"]))),
                ("infstr", lambda: str(rng.choice(["inf", "Infinity", "I"]))),
                ("legacy", lambda: str(rng.choice(
                    ["1.13", "1.21", "1.25", "2.1", "2.2"]))),
            ):
                if rng.random() < 0.3:
                    opts[name] = pick()
        try:
            if rng.random() < 0.15:
                array_case("a2s", a, opts,
                           sep=str(rng.choice([", ", ",", " ; "])),
                           prefix="p" * int(rng.integers(0, 12)),
                           suffix="s" * int(rng.integers(0, 5)))
            else:
                both(a, opts)
        except TypeError:
            # numpy cannot print some combinations (legacy='1.13' with
            # floatmode='unique' in scientific notation): no case.
            pass
        x = values(dtype, (1,))[0]
        scalar_case(np.asarray(x, dtype=dtype)[()],
                    opts.get("legacy") if rng.random() < 0.5 else None)
        kind = np.float32 if rng.random() < 0.3 else np.float64
        f = kind(floats(1)[0])
        kw = {}
        for name, pick in (
            ("precision", lambda: int(rng.integers(0, 20))),
            ("unique", lambda: bool(rng.random() < 0.5)),
            ("trim", lambda: str(rng.choice(list("k.0-")))),
            ("sign", lambda: bool(rng.random() < 0.5)),
            ("pad_left", lambda: int(rng.integers(0, 8))),
            ("min_digits", lambda: int(rng.integers(0, 20))),
        ):
            if rng.random() < 0.4:
                kw[name] = pick()
        if not kw.get("unique", True) and "precision" not in kw:
            kw["precision"] = 3
        if kw.get("min_digits", 0) > kw.get("precision", 99):
            del kw["min_digits"]
        sci_kw = dict(kw)
        if rng.random() < 0.3:
            sci_kw["exp_digits"] = int(rng.integers(0, 6))
        float_case("fsci", f, **sci_kw)
        if rng.random() < 0.4:
            kw["fractional"] = False
            if kw.get("precision") == 0:
                kw["precision"] = 1
        if rng.random() < 0.3:
            kw["pad_right"] = int(rng.integers(0, 8))
        float_case("fpos", f, **kw)


if os.environ.get("KILN_FORMAT_RANDOM"):
    seed, count = map(int, os.environ["KILN_FORMAT_RANDOM"].split(":"))
    lines.clear()
    random_cases(seed, count)
    OUT = os.environ.get("KILN_FORMAT_CASES", "/tmp/kiln-format-random.txt")

np.set_printoptions(legacy=False)
with open(OUT, "w") as f:
    f.write("# Generated by gen_cases.py with numpy %s; do not edit.\n"
            % np.__version__)
    f.write("\n".join(lines) + "\n")
print("%d cases written to %s" % (sum(l.startswith("> ") for l in lines), OUT),
      file=sys.stderr)
