import numpy as np

a = np.arange(100.0)
b = np.zeros(100)
s = 0.0
i = -1
try:
    for i in range(150):  # jit: compiled, deopts
        b[i] = a[i] * 2.0
        s += b[i]
except IndexError as e:
    print("IndexError:", e)
print(i, s, b.sum(), b[99])

def neg(a, n):
    t = 0
    for k in range(n):  # jit: compiled, deopts
        t += a[-k - 1]
    return t

print(neg(np.arange(10), 10))
try:
    print(neg(np.arange(10), 11))
except IndexError as e:
    print("IndexError:", e)

m = np.zeros((4, 5), dtype=np.int32)
try:
    for r in range(4):
        for c in range(6):
            m[r][c] = r * 10 + c
except IndexError as e:
    print("IndexError:", e, r, c)
print(m)
