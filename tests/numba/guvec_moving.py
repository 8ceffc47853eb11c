# guvec_moving: generalized ufunc computing a trailing moving average per row, broadcast over a batch of series.
# Exercises: @guvectorize(["void(float64[:], int64, float64[:])"], "(n),()->(n)") with an output allocated by the call, a running window sum, calling on 1-D and 2-D inputs.
import numpy as np
from numba import guvectorize


@guvectorize(["void(float64[:], int64, float64[:])"], "(n),()->(n)")
def moving_mean(x, w, out):  # hot
    acc = 0.0
    for i in range(x.shape[0]):  # hot
        acc += x[i]
        if i >= w:
            acc -= x[i - w]
            out[i] = acc / w
        else:
            out[i] = acc / (i + 1)


def main():
    t = np.arange(64, dtype=np.float64)
    x = (t * 5) % 17 / 8.0
    m1 = moving_mean(x, 4)
    print(m1[:8])
    print(m1[-4:])
    batch = np.stack([x * (k + 1) for k in range(30)])
    m2 = moving_mean(batch, 8)
    print(m2.shape)
    print(m2[0, 6:12])
    print(m2[29, -3:])
    print(np.array_equal(m2[0], moving_mean(x, 8)))


main()
