# zip_pearson: Pearson correlation and least-squares line computed with zip over two arrays.
# Exercises: for x, y in zip(a, b) accumulating five sums, math.sqrt, a second zip pass for residuals.
import math
import numpy as np


def pearson(xs, ys):
    n = 0
    sx = sy = sxx = syy = sxy = 0.0
    for x, y in zip(xs, ys):  # hot
        n += 1
        sx += x
        sy += y
        sxx += x * x
        syy += y * y
        sxy += x * y
    cov = sxy - sx * sy / n
    vx = sxx - sx * sx / n
    vy = syy - sy * sy / n
    r = cov / math.sqrt(vx * vy)
    slope = cov / vx
    icpt = (sy - slope * sx) / n
    return r, slope, icpt


def residual_max(xs, ys, slope, icpt):
    worst = 0.0
    for x, y in zip(xs, ys):  # hot
        worst = max(worst, abs(y - (slope * x + icpt)))
    return worst


def main():
    xs = np.linspace(0.0, 10.0, 900)
    ys = 2.5 * xs + 1.0 + ((np.arange(900) * 13) % 17 - 8.0) / 10.0
    r, slope, icpt = pearson(xs, ys)
    print(repr(r), repr(slope), repr(icpt))
    print(repr(residual_max(xs, ys, slope, icpt)))


main()
