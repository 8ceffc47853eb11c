# What stays on the CPU, and the report's reason.
import numpy as np


def small(a, out):
    for i in range(a.shape[0]):  # gpu: refused(uint8 array)
        out[i] = a[i] // 2


def mixed32(a, out):
    # `e` is a Python float on entry to each iteration and a float32 after `+=`: the
    # CPU tiers hold it as a double; the GPU tier does not build that.
    for i in range(a.shape[0]):  # gpu: refused(numpy.float32 value)
        e = 0.0
        e += a[i]
        out[i] = e


def total(a):
    s = 0.0
    for i in range(a.shape[0]):  # gpu: refused(reduction)
        s += a[i]
    return s


def logs(a, out):
    for i in range(a.shape[0]):  # gpu: refused(on the GPU)
        out[i] = np.log(a[i] + 1.0)


a = np.arange(100, dtype=np.uint8)
for rep in range(3):
    out = np.zeros(100, dtype=np.uint8)
    small(a, out)
    print(out.sum())
for rep in range(3):
    out = np.zeros(100, dtype=np.float32)
    mixed32(np.arange(100, dtype=np.float32) / 3, out)
    print(out.sum())
for rep in range(3):
    print(total(np.arange(100.0)))
for rep in range(3):
    out = np.zeros(100)
    logs(np.arange(100.0), out)
    print(out.sum())
