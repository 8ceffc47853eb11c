# np_scalar_rounding: numpy's rounding, inverse-hyperbolic and test functions on scalars inside jitted loops: binning, angle conversion, masking NaNs and infinities.
# Exercises: @njit; np.hypot, np.arctan2; np.floor, np.ceil, np.trunc, np.rint, np.cbrt, np.exp2, np.arcsinh, np.arccosh, np.arctanh, np.deg2rad, np.rad2deg, np.square on scalars; np.isnan, np.isinf, np.isfinite, np.signbit of floats, float32 and ints; `from numpy import isnan, floor`.
import numpy as np
from numba import njit
from numpy import floor, isnan


@njit
def bin_counts(x, width, nbins):
    counts = np.zeros(nbins, dtype=np.int64)
    skipped = 0
    for i in range(x.shape[0]):  # hot
        v = x[i]
        if isnan(v) or np.isinf(v):
            skipped += 1
            continue
        k = int(floor(v / width))
        if 0 <= k < nbins:
            counts[k] += 1
    return counts, skipped


@njit
def rounding(x):
    s = 0.0
    for i in range(x.shape[0]):  # hot
        v = x[i]
        s += np.ceil(v) - np.trunc(v) + 2.0 * np.rint(v) + np.square(v) - np.cbrt(v)
    return s


@njit
def angles(deg):
    out = np.empty_like(deg)
    back = 0.0
    for i in range(deg.shape[0]):  # hot
        r = np.deg2rad(deg[i])
        out[i] = np.exp2(np.sin(r)) + np.arcsinh(r)
        back += np.rad2deg(r)
    return out, back


@njit
def hyperbolic(x):
    s = 0.0
    for i in range(x.shape[0]):  # hot
        t = x[i] / 2.0
        s += np.arctanh(t / (1.0 + abs(t))) + np.arccosh(1.0 + t * t)
    return s


@njit
def polar(xs, ys):
    r_sum = 0.0
    phi_sum = 0.0
    for i in range(xs.shape[0]):  # hot
        r_sum += np.hypot(xs[i], ys[i])
        phi_sum += np.arctan2(ys[i], xs[i]) * (i % 3 - 1)
    return r_sum, phi_sum, np.arctan2(-0.0, -1), np.hypot(3, 4)


@njit
def signs(x, ints):
    neg = 0
    fin = 0
    for i in range(x.shape[0]):  # hot
        if np.signbit(x[i]):
            neg += 1
        if np.isfinite(x[i]) and not np.isnan(ints[i]) and not np.signbit(ints[i]):
            fin += 1
    return neg, fin


def main():
    x = np.linspace(-3.7, 41.3, 901)
    x[5], x[17], x[400] = np.nan, np.inf, -np.inf
    counts, skipped = bin_counts(x, 2.5, 12)
    print(counts, skipped)
    y = np.linspace(-5.25, 5.25, 43)
    print(rounding(y), rounding(y[::-3].copy()))
    deg = np.linspace(-180.0, 180.0, 73)
    out, back = angles(deg)
    print(out[::9], back)
    print(hyperbolic(np.linspace(-4.0, 4.0, 81)))
    t = np.linspace(0.0, 6.0, 97)
    print(*[float(v) for v in polar(np.cos(3.0 * t) * t, np.sin(2.0 * t) - 0.5)])
    z = np.linspace(-2.0, 2.0, 41)
    z[3], z[20] = np.nan, -0.0
    print(signs(z, np.arange(-20, 21)))
    print(signs(z.astype(np.float32), np.arange(-20, 21).astype(np.int32)))


main()
