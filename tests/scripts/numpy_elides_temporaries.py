# expected-from: kiln
# numpy's temporary elision: an expression's intermediate result that nobody holds is
# reused for the next operation, so `a * b + c` over 1 MiB arrays allocates one result
# buffer, not two; a variable is never reused, even when only its frame holds it
# (RustPython 0.6 pushes locals as borrowed references).
import numpy as np
import _kiln_numpy

N = 2**17  # 1 MiB of float64, above numpy's 256 KiB threshold


def allocated(f):
    before = _kiln_numpy.bytes_allocated()
    out = f()
    return (_kiln_numpy.bytes_allocated() - before) // (N * 8), out


def in_function():
    a = np.ones(N)
    b = np.full(N, 2.0)
    c = np.full(N, 3.0)
    buffers, r = allocated(lambda: a * b + c)
    print("a * b + c:", buffers, "buffer(s)", r[:2], a[:2], b[:2], c[:2])
    buffers, r = allocated(lambda: (a + b) * (b + c) - a)
    print("(a + b) * (b + c) - a:", buffers, "buffer(s)", r[:2])
    x = a * 2.0
    before = _kiln_numpy.bytes_allocated()
    y = x + 1.0
    print("x + 1.0 with x a variable:", (_kiln_numpy.bytes_allocated() - before) // (N * 8),
          "buffer(s)", x[:2], y[:2])


in_function()
