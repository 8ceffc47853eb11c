import math
import numpy as np

# `e` starts as a Python float and becomes a float32 when a float32 is added to it:
# compiled code keeps it as a double and remembers which of the two it is.
def potential(atoms, out, z):
    for i in range(out.shape[0]):  # jit: compiled
        for j in range(out.shape[1]):  # jit: compiled
            e = 0.0
            for k in range(atoms.shape[0]):  # jit: compiled
                dx = j * 0.5 - atoms[k, 0]
                dz = z - atoms[k, 2]
                e += atoms[k, 3] / math.sqrt(dx * dx + dz * dz + 1.0)
            out[i, j] += e
            last = e
    return out, last

k = np.arange(50)
atoms = np.zeros((50, 4), dtype=np.float32)
atoms[:, 0] = (k * 7 % 31) / 31.0 * 10
atoms[:, 2] = 0.5 + (k % 7) / 7.0
atoms[:, 3] = (k % 5) / 5.0 - 0.4
out, last = potential(atoms, np.zeros((6, 7), dtype=np.float32), 0.25)
print(out.astype(np.float64).sum(), repr(last))
out, last = potential(atoms[:0], np.zeros((3, 3), dtype=np.float32), 0.25)
print(out.sum(), repr(last))

def pick(a, flag):
    best = 0.5
    for i in range(a.shape[0]):  # jit: compiled
        v = a[i] if flag else 1.5
        best = max(best, v)
        if i % 2:
            best = min(best, 2.0)
    return best

print(repr(pick(np.arange(30, dtype=np.float32) / 7, True)), repr(pick(np.ones(30, dtype=np.float32), False)))
