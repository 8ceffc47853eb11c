import numpy as np

n = 200000
a = np.zeros(n)
total = 0.0
for i in range(n):  # jit: compiled
    a[i] = (i % 13) * 0.5
    total += a[i]
print(total, a[-1], i)

x = 0
k = 0
while k < 300000:  # jit: compiled
    x = (x + k * k) % 1000003
    k += 1
print(x, k)
