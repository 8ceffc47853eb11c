# vectorize_nosig: lazily typed ufuncs without signatures: Collatz stopping times of integers and a piecewise tent map on floats.
# Exercises: bare @vectorize (no signature, types from the call), a while loop inside the ufunc, integer // and %, float piecewise function, iterating a ufunc on its own output.
import numpy as np
from numba import vectorize


@vectorize
def collatz_steps(n):  # hot
    steps = 0
    while n != 1:  # hot
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@vectorize
def tent(x):  # hot
    if x < 0.5:
        return 2.0 * x
    return 2.0 - 2.0 * x


def main():
    ns = np.arange(1, 61, dtype=np.int64)
    st = collatz_steps(ns)
    print(st[:20])
    print(st.max(), int(np.argmax(st)) + 1, st.sum())
    x = np.arange(1, 17) / 17.0
    for it in range(6):
        x = tent(x)
    print(x[:8])
    print(collatz_steps(np.array([27, 97, 871], dtype=np.int64)))


main()
