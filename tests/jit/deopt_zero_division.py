import numpy as np

def steps(n, d):
    q = 0
    r = 0
    k = 0
    for k in range(n):  # jit: compiled, deopts
        q += (k - 50) // (d - k)
        r += (k - 50) % (d - k)
    return q, r, k

print(steps(40, 1000))
try:
    print(steps(2000, 1000))
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)

def ratio(a, b):
    out = 0.0
    for i in range(a.shape[0]):  # jit: compiled, deopts
        out += a[i] / b[i]
    return out

x = np.arange(1.0, 61.0)
y = np.ones(60)
print(ratio(x, y))
y[45] = 0.0
print(ratio(x, y))

f = 1.0
try:
    for j in range(200):  # jit: compiled, deopts
        f = f + 1.0 / (150 - j)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e, j, f)
