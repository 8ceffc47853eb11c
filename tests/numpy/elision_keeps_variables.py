# Temporary elision (an operation writing into an operand nobody else holds) must not
# take a variable: since RustPython 0.6 (and CPython 3.14) `x` in `x * 7` is pushed as a
# borrowed reference, so its count alone looks like a temporary's. Arrays here pass
# numpy's 256 KiB elision threshold.
import numpy as np

N = 60000


def in_function(n):
    i = np.arange(n)
    price = 5.0 + 25.0 * ((i * 7) % 101) / 101.0
    strike = 1.0 + 99.0 * ((i * 13) % 97) / 97.0
    return i[:4], price[:3], strike[:3], float(strike.sum())


print(in_function(N))


def operands_both_variables(n):
    a = np.ones(n)
    b = np.full(n, 2.0)
    c = a + b
    d = -a
    return a[:2], b[:2], c[:2], d[:2], (a * b + a)[:2], a[:2]


print(operands_both_variables(N))


def nested(n):
    x = np.arange(n, dtype=np.float64)

    def inner():
        y = x * 2.0
        return y + y
    return inner()[:3], x[:3]


print(nested(N))

# Module level: a comprehension's variable is a hidden fast local of the module frame.
print([(v * 2 + v)[:2].tolist() for v in (np.arange(N) for _ in range(2))])


class Body:
    w = np.arange(N)
    z = (w * 3) % 5
    print(w[:3], z[:3])


t = np.arange(N, dtype=np.float64)
u = t * 2 + 1
print(t[:3], u[:3])
