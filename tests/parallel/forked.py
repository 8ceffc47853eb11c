# A process forked after tier 2 started its worker threads has none of them: its
# parallel nests run serially (and give the same results) instead of waiting for
# threads that are not there. (Python warns that forking a process with threads may
# deadlock: kiln's workers are threads; the warning is not what this test is about.)
import os
import warnings

import numpy as np


def scale(a, out, k):
    for i in range(a.shape[0]):  # tier2: parallel
        for j in range(a.shape[1]):
            out[i, j] = a[i, j] * k + i - j
    return out


a = np.arange(60 * 40).reshape(60, 40) * 0.5
out = np.zeros_like(a)
for rep in range(3):
    scale(a, out, 1.5)
print("parent", out.sum())

warnings.simplefilter("ignore", DeprecationWarning)
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    os.close(r)
    for rep in range(3):
        scale(a, out, 2.5)
    os.write(w, repr(float(out.sum())).encode())
    os._exit(0)
os.close(w)
got = os.read(r, 100).decode()
os.waitpid(pid, 0)
print("child", got)
