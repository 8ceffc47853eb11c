"""coulomb: Coulombic potential on an n x n grid slice from n atoms (Parboil's cp).

unPython/jit4GPU's CP benchmark: single precision, the atoms stored as an array of
structures (x, y, z, charge in one float32 row per atom). Each grid point sums
q / r over all atoms; both grid loops are parallel.

Arithmetic follows NumPy 2: an expression mixing a float32 array element with Python
floats stays float32. Numba types such scalars as NumPy 1 did (promoting to float64),
so its checksum differs in the last float32 digits: hence NUMBA_RTOL below.
"""

import math
import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 6
TABLE_N = 60
LARGE_N = 160
NUMBA_RTOL = 1e-4


def inputs(n):
    k = np.arange(n)
    atoms = np.zeros((n, 4), dtype=np.float32)
    atoms[:, 0] = ((k * 7) % 31) / 31.0 * n * 0.5
    atoms[:, 1] = ((k * 11) % 29) / 29.0 * n * 0.5
    atoms[:, 2] = 0.5 + ((k * 5) % 7) / 7.0
    atoms[:, 3] = ((k * 3) % 5) / 5.0 - 0.4
    energy = np.zeros((n, n), dtype=np.float32)
    return atoms, energy, 0.5, 0.0


def coulomb(atoms, energy, spacing, z):
    for i in range(energy.shape[0]):
        y = spacing * i
        for j in range(energy.shape[1]):
            x = spacing * j
            e = 0.0
            for k in range(atoms.shape[0]):
                dx = x - atoms[k, 0]
                dy = y - atoms[k, 1]
                dz = z - atoms[k, 2]
                e += atoms[k, 3] / math.sqrt(dx * dx + dy * dy + dz * dz)
            energy[i, j] += e
    return energy


def checksum(energy):
    return float(energy.astype(np.float64).sum()) + float(energy[::3].astype(np.float64).sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = coulomb(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
