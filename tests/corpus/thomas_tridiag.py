# thomas_tridiag: Thomas algorithm for tridiagonal systems, repeated as an implicit heat solver.
# Exercises: forward sweep c_[i] = c[i] / (b[i] - a[i] * c_[i - 1]) over arrays, backward sweep, outer time loop.
import numpy as np


def thomas(a, b, c, d):
    n = len(d)
    cp = np.zeros(n)
    dp = np.zeros(n)
    cp[0] = c[0] / b[0]
    dp[0] = d[0] / b[0]
    for i in range(1, n):  # hot
        m = b[i] - a[i] * cp[i - 1]
        cp[i] = c[i] / m
        dp[i] = (d[i] - a[i] * dp[i - 1]) / m
    x = np.zeros(n)
    x[-1] = dp[-1]
    for i in range(n - 2, -1, -1):  # hot
        x[i] = dp[i] - cp[i] * x[i + 1]
    return x


def implicit_heat(u, r, nsteps):
    n = len(u)
    a = np.full(n, -r)
    b = np.full(n, 1.0 + 2.0 * r)
    c = np.full(n, -r)
    a[0] = 0.0
    c[-1] = 0.0
    for step in range(nsteps):
        u = thomas(a, b, c, u)
    return u


def main():
    n = 200
    x = np.linspace(0.0, 1.0, n)
    u = np.where(np.abs(x - 0.5) < 0.2, 1.0, 0.0)
    u = implicit_heat(u, 2.0, 8)
    print(u[::20])
    print(repr(u.max()), repr(u[100]))


main()
