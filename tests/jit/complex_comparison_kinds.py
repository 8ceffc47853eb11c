# Comparisons of complex numbers whose kinds change at run time (issue 17): `s` is a
# Python complex or an np.complex128, `e` a float or an np.float64. A numpy number
# makes it numpy's comparison (an np.bool), except an np.float64 right of a Python
# complex (a float to `complex`'s own operator): compiled code picks per iteration.
import numpy as np
def k(A, a, n):
    out = []
    t = 0
    for i in range(n):  # jit: compiled, clean
        s = A[i % 3] if i % 2 else complex(A[i % 3].real, A[i % 3].imag)
        e = a[i % 3] if i % 5 else float(a[i % 3])
        r1 = s == e
        r2 = e != s
        r3 = s == A[0]
        r4 = s == 1.5
        t += int(r1) + 2 * int(r2) + 4 * int(r3) + 8 * int(r4)
    return t, r1, r2, r3, r4
A = np.array([1.5 + 0j, 3j, -0.0 - 0j])
a = np.array([1.5, 0.0, -0.0])
for n in (300, 301, 302, 303, 305, 306):
    r = k(A, a, n)
    print(r[0], [type(x).__module__ for x in r[1:]])


# Both parts of a compared product are computed, as numpy computes the whole product
# first: its imaginary part overflows (numpy warns) even where the real parts already
# differ (differential tester, seed 71).
def overflowing(q, r, n):
    m = 0.0
    for k in range(n):  # jit: compiled, deopts
        if -((1.5 - 0.5j) * q[k % q.shape[0]]) != r[k % r.shape[0]]:
            m += 1.0
    return m


import warnings

q = np.array([1 + 1j, 2 - 1j, 1e308 - 1e308j, 0.5j])
with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    print(overflowing(q, np.zeros(3, dtype=np.complex128), 60))
print(len(seen), sorted({str(w.message) for w in seen}))
