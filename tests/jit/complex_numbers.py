# Complex numbers in compiled loops (issue 17): Python complex and np.complex128
# scalars and complex128 arrays, held as pairs of floats. Each operation must give the
# interpreter's bits, signed zeros, infinities and NaNs included: RustPython's
# mixed-mode arithmetic for a Python complex meeting a real number, numpy's
# (the real number made complex first) for a complex128, Annex G's recovery of a
# product of two NaNs, and the hand-backs where the interpreter raises or warns.
import numpy as np

SPECIALS = [0.0, -0.0, 1.5, -2.25, 7.0, 1e-310, -3e9]
VALUES = np.array([complex(a, b) for a in SPECIALS for b in SPECIALS])


def bits(z):
    if isinstance(z, complex):
        return f"{type(z).__name__}({z.real.hex()},{z.imag.hex()})"
    if isinstance(z, float):
        return f"{type(z).__name__}({z.hex()})"
    return f"{type(z).__name__}({z!r})"


def show(label, values):
    print(label, " ".join(bits(v) for v in values))


def python_ops(a, r):
    out = np.zeros((9, a.shape[0]), dtype=np.complex128)
    for i in range(a.shape[0]):  # jit: compiled, clean
        x = complex(a[i].real, a[i].imag)
        y = complex(a[i - 3].imag, a[i - 5].real)
        f = float(r[i])
        out[0, i] = x + y - f
        out[1, i] = x * y
        out[2, i] = f - x * 2
        out[3, i] = -x.conjugate() + 1j
        out[4, i] = f * x + 2.5j * y
        out[5, i] = x / 4.0
        if y != 0:
            out[6, i] = x / y
        if x != 0:
            out[7, i] = f / x
        out[8, i] = complex(f) + complex(i, -f)
    return out


def numpy_ops(a, r):
    out = np.zeros((8, a.shape[0]), dtype=np.complex128)
    # 3.0 / (0 + 1e-310j) overflows in Smith's algorithm: numpy warns, handed back.
    for i in range(a.shape[0]):  # jit: compiled, deopts
        out[0, i] = a[i] + a[i - 3] - r[i]
        out[1, i] = a[i] * a[i - 5]
        out[2, i] = r[i] - a[i] * 2
        out[3, i] = np.conj(a[i]) * 0.5j
        out[4, i] = r[i] * a[i] + a[i - 1]
        if a[i - 2] != 0:
            out[5, i] = a[i] / a[i - 2]
            out[6, i] = 3.0 / a[i - 2]
        out[7, i] = np.exp(a[i] * 1e-3)
    return out


def reals(a):
    n1 = 0.0
    n2 = 0.0
    eq = 0
    for i in range(a.shape[0]):  # jit: compiled, clean
        z = a[i]
        n1 += abs(z) + np.abs(z)
        n2 += (z * np.conj(z)).real - z.imag
        x = complex(z.real, z.imag)
        n1 += abs(x) * x.real
        if z == a[i - 1] or x == 1.5:
            eq += 1
        if x != x.real:
            eq += 10
    return n1, n2, eq


def accumulate(a, k):
    # `s` starts as a Python complex and becomes a complex128 where an element is
    # added: arithmetic that differs between the two follows what it holds.
    out = np.zeros((4, a.shape[0]), dtype=np.complex128)
    for i in range(a.shape[0]):  # jit: compiled
        s = -0j
        if i % k == 0:
            s += a[i]
        out[0, i] = s / 3
        out[1, i] = s * 2.0 - 1.5
        out[2, i] = 2.5 / (s + 1)
        out[3, i] = s + a[i] * 0.5
    return out


def rotate(z, turns):
    return z * np.exp(1j * turns)


def rotations(a):
    out = np.zeros(a.shape[0], dtype=np.complex128)
    for i in range(a.shape[0]):  # jit: compiled, clean
        out[i] = rotate(a[i], 0.25 * i) + rotate(complex(1.0, -0.0), 0.5)
    return out


def scale_rows(m, w):
    for i in range(m.shape[0]):  # jit: compiled, clean
        for j in range(m.shape[-1]):
            m[i, j] *= w
            m[i, j] += m[i, j - 1].imag
    return m


def escape(c, limit):
    z = 0j
    for it in range(limit):  # jit: compiled
        z = z * z + c
        if abs(z) > 2.0:
            return it, z
    return limit, z


def huge(a):
    # A complex128 product that overflows warns in numpy: handed back.
    out = np.zeros(a.shape[0], dtype=np.complex128)
    for i in range(a.shape[0]):  # jit: compiled, deopts
        out[i] = a[i] * a[i]
    return out


def divide_by_zero(x, ys):
    total = 0j
    for y in range(ys):  # jit: compiled, deopts
        total += x / (ys - 1 - y)
    return total


r = np.linspace(-3.0, 3.0, VALUES.shape[0])
for rep in range(3):
    p = python_ops(VALUES, r)
    q = numpy_ops(VALUES, r)
for k in range(p.shape[0]):
    show("python%d" % k, p[k].tolist())
for k in range(q.shape[0]):
    show("numpy%d" % k, q[k].tolist())
show("reals", reals(VALUES))
acc = accumulate(VALUES, 2)
for k in range(acc.shape[0]):
    show("accumulate%d" % k, acc[k].tolist())
show("rotations", rotations(VALUES).tolist())
m = VALUES[:42].reshape(6, 7).copy()
show("scale_rows", scale_rows(m, 0.5 - 2j).ravel().tolist())
grid = np.linspace(-2.0, 0.5, 9)[None, :] + 1j * np.linspace(-1.0, 1.0, 7)[:, None]
print([escape(c, 30)[0] for c in grid.ravel().tolist()])
show("escape", [escape(np.complex128(0.25 + 0.5j), 50)[1], escape(-1 + 0j, 40)[1]])
show("huge", huge(np.array([1 + 1j] * 30 + [1e200 + 1e200j, 2 - 1j])).tolist())
try:
    divide_by_zero(1 + 2j, 40)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
