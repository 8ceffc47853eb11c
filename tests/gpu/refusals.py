# What stays on the CPU, and the report's reason.
import numpy as np


def single(a, out):
    for i in range(a.shape[0]):  # gpu: refused(float32)
        out[i] = a[i] * 2.0


def total(a):
    s = 0.0
    for i in range(a.shape[0]):  # gpu: refused(reduction)
        s += a[i]
    return s


def logs(a, out):
    for i in range(a.shape[0]):  # gpu: refused(on the GPU)
        out[i] = np.log(a[i] + 1.0)


a = np.arange(100, dtype=np.float32)
for rep in range(3):
    out = np.zeros(100, dtype=np.float32)
    single(a, out)
    print(out.sum())
for rep in range(3):
    print(total(np.arange(100.0)))
for rep in range(3):
    out = np.zeros(100)
    logs(np.arange(100.0), out)
    print(out.sum())
