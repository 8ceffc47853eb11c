# conv2d_prange: 3x3 image convolution and a box blur parallelised over rows with prange.
# Exercises: import numba as nb, @nb.njit(parallel=True), for i in nb.prange(...), nested serial loops inside prange body, nb.set_num_threads / nb.get_num_threads.
import numpy as np
import numba as nb


@nb.njit(parallel=True)
def conv2d(img, k):
    n, m = img.shape
    out = np.zeros((n - 2, m - 2))
    for i in nb.prange(n - 2):  # hot
        for j in range(m - 2):  # hot
            s = 0.0
            for a in range(3):  # hot
                for b in range(3):  # hot
                    s += k[a, b] * img[i + a, j + b]
            out[i, j] = s
    return out


@nb.njit(parallel=True)
def box_blur(img):
    n, m = img.shape
    out = img.copy()
    for i in nb.prange(1, n - 1):  # hot
        for j in range(1, m - 1):  # hot
            out[i, j] = (img[i - 1, j] + img[i + 1, j] + img[i, j - 1] + img[i, j + 1] + img[i, j]) / 5.0
    return out


def main():
    nb.set_num_threads(min(2, nb.config.NUMBA_NUM_THREADS))
    threads = nb.get_num_threads()
    n = 40
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    img = ((i * 3 + j * 5) % 16) / 4.0
    sobel = np.array([[1.0, 0.0, -1.0], [2.0, 0.0, -2.0], [1.0, 0.0, -1.0]])
    gx = conv2d(img, sobel)
    gy = conv2d(img, sobel.T.copy())
    print(gx[0, :8])
    print(gy[5, 30:])
    print(float(np.abs(gx).sum()), float(np.abs(gy).sum()))
    lap = conv2d(img, np.array([[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]]))
    print(lap[10, :8], float(lap.sum()))
    b = img
    for rep in range(3):
        b = box_blur(b)
    print(b[1, :6])
    print(b[20, 18:22])
    print(threads >= 1)


main()
