import numpy as np

def last(n):
    first = -1
    for i in range(n):  # jit: compiled
        x = i * 2
        y = x + 1
        if i == 0:
            first = y
    return i, x, y, first

print(last(500))
try:
    print(last(0))
except UnboundLocalError as e:
    print("UnboundLocalError:", e)

def keep(n):
    i = "before"
    for i in range(n):  # jit: compiled
        pass
    return i

print(keep(0), keep(700))

def search(a, target):
    found = -1
    for k in range(a.shape[0] - 1, -1, -2):  # jit: compiled
        if a[k] == target:
            found = k
            break
        if a[k] < 0:
            continue
        found = -2
    else:
        print("no break", k)
    return found, k

a = np.arange(1000) % 97
print(search(a, 13), search(a, 1000))

def collatz(n):
    steps = 0
    while n != 1:  # jit: compiled
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps, n

print([collatz(k) for k in (27, 97, 871)])

def acc(a):
    s = 0.0
    p = 1
    for i in range(a.shape[0]):  # jit: compiled
        s += a[i]
        p, q = p + 1, p * 2
    return s, type(s).__name__, p, q

print(acc(np.ones(300)))
print(acc(np.ones(0, dtype=np.float32)) if False else acc(np.ones(5)))
