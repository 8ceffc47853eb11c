import numpy as np

def copy2d(src, dst):
    for i in range(src.shape[0]):  # jit: compiled
        for j in range(src.shape[1]):  # jit: compiled
            dst[i, j] = src[i, j] * 2 + 1

a = np.arange(60.0).reshape(6, 10)
out = np.zeros((6, 10))
copy2d(a, out)
print(out.sum())
t = np.zeros((6, 10))
copy2d(a.T, t.T)
print(t[3], t.sum())
v = np.zeros((3, 5))
copy2d(a[::2, ::2], v)
print(v)
r = np.zeros((6, 10))
copy2d(a[::-1, ::-1], r)
print(r[0, :4], r[5, 6:])
big = np.arange(40000.0).reshape(200, 200)
res = np.zeros((100, 200))
copy2d(big[::2], res)
print(res.sum())
# src and dst alias the same memory: the serial order decides.
s = np.arange(30.0).reshape(5, 6)
copy2d(s[:, :5], s[:, 1:])
print(s)
