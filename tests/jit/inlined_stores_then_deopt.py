# A check that fails after a call inlined into the statement has stored into an array
# hands the statement back to the interpreter, which makes the call again: compiled
# code first undoes the call's stores, newest first, so each store happens once.
# (Outside-tester report: `c[0] += 1` in the callee ran twice, 201 calls counted of 200.)
import numpy as np


def h(c, i):
    c[0] += 1
    return i * 2 ** 56  # leaves 64 bits at i = 128: the check fails after the store


def issue_reproducer(c):
    s = 0
    for i in range(200):  # jit: compiled, deopts
        s += h(c, i) % 7
    return s


def twice(c, x, i):
    c[i % 3] += x
    c[i % 3] *= 2
    if x > 1:
        c[3] = c[i % 3] - 1.5
    return x


def divide_after(c, a):
    s = 0.0
    for i in range(len(a)):  # jit: compiled, deopts
        s += twice(c, a[i], i) / a[i]  # a[i] == 0 raises after twice() stored
    return s


def nested(c, i):
    c[i % 3] += 1
    return bump(c, i)


def bump(c, i):
    c[i % 3 + 1] += 10
    return 100 // (i - 40)  # zero divisor at i == 40


def through_nesting(c):
    t = 0
    for i in range(60):  # jit: compiled, deopts
        t += nested(c, i)
    return t


def count(c, v):
    c[0] += 1
    return v


def in_conditions(c, a):
    n = 0
    for i in range(len(a)):  # jit: compiled, deopts
        if count(c, a[i]) * 2 ** 61 > 0:
            n += 1
    return n


def in_while(c, a):
    i = 0
    while count(c, i) < len(a) and a[i] // (i - 100) < 5:  # jit: compiled, deopts
        i += 1
    return i


def put(c, k, v):
    c[k] = v
    return 1


def same_element(c):
    for i in range(len(c)):  # jit: compiled
        # Python reads c[i] before it calls put(), which stores into c[i]: the sum is
        # the old value plus one, not 101. (The differential tester found it.)
        c[i] += put(c, i, 100)
    return c


c = np.zeros(1, dtype=np.int64)
print(issue_reproducer(c), c)
print(same_element(np.arange(50)).tolist())
c = np.zeros(4)
a = np.arange(1.0, 301.0) % 100
try:
    print(divide_after(c, a))
except ZeroDivisionError as e:
    print("ZeroDivisionError")
print(c)
c = np.zeros(5, dtype=np.int32)
try:
    print(through_nesting(c))
except ZeroDivisionError as e:
    print("ZeroDivisionError")
print(c)
c = np.zeros(1, dtype=np.int16)
print(in_conditions(c, np.arange(300) % 9), c)
c = np.zeros(1, dtype=np.uint8)
try:
    print(in_while(c, np.arange(300)))
except ZeroDivisionError as e:
    print("ZeroDivisionError")
print(c)
