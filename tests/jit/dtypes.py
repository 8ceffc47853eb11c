import numpy as np

def fill(a):
    n = a.shape[0]
    for i in range(n):  # jit: compiled, deopts
        a[i] = (i * 37) % 251 - 60
    return a

for dt in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.float32, np.float64, np.bool_]:
    try:
        a = fill(np.zeros(300, dtype=dt))
        print(dt.__name__, a[:6], a[-3:], a.sum())
    except OverflowError as e:
        print(dt.__name__, "OverflowError:", e)

def mix(a, b, out):
    for i in range(a.shape[0]):  # jit: compiled
        for j in range(a.shape[1]):  # jit: compiled
            out[i][j] = a[i, j] * b[-1 - i, j] + a[i][-1 - j]
    return out

for da, db in [(np.int8, np.int16), (np.uint8, np.int8), (np.float32, np.int32), (np.int32, np.float64), (np.uint16, np.uint32)]:
    a = (np.arange(60).reshape(6, 10) % 11).astype(da)
    b = (np.arange(60).reshape(6, 10) % 5).astype(db)
    out = np.zeros((6, 10), dtype=np.result_type(da, db))
    r = mix(a, b, out)
    print(da.__name__, db.__name__, r.dtype, r.sum(), r[2])

c = np.zeros(300, dtype=np.uint8)
try:
    for i in range(300):  # jit: compiled, deopts
        c[i] = i
except OverflowError as e:
    print("OverflowError:", e, i)
print(c[250:])
