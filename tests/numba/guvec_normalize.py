# guvec_normalize: generalized ufunc that rescales each row to a target peak and clips it, with a per-row scalar parameter.
# Exercises: @guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)", nopython=True); two passes over the core dimension; broadcasting a 1-D array of per-row scalars against 2-D rows.
import numpy as np
from numba import guvectorize


@guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)", nopython=True)
def rescale_clip(row, peak, out):  # hot
    m = 0.0
    for i in range(row.shape[0]):  # hot
        if abs(row[i]) > m:
            m = abs(row[i])
    scale = peak / m if m > 0.0 else 0.0
    for i in range(row.shape[0]):  # hot
        v = row[i] * scale
        if v > 1.0:
            v = 1.0
        out[i] = v


def main():
    n = 24
    i = np.arange(n).reshape(n, 1)
    j = np.arange(16).reshape(1, 16)
    X = ((i * 3 + j * 7) % 13 - 6) / 4.0
    peaks = 0.5 + (np.arange(n) % 4) / 2.0
    Y = rescale_clip(X, peaks)
    print(Y.shape)
    print(Y[0])
    print(Y[3, :8])
    print(Y[n - 1, 8:])
    Z = rescale_clip(X, 2.0)
    print(int((Z == 1.0).sum()), Z.min())


main()
