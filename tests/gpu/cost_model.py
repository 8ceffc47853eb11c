# env: KILN_DEVICE=auto:sim
# env: KILN_SIM_PROFILE=bandwidth=2e10,launch=1e-5,rate=1e11,compile=0
# The cost model (`backend::gpu::cost`) choosing, entry by entry, between the CPU
# tiers and a device of known speeds (the simulated device standing for a fake one
# with 20 GB/s copies, 10 us launches and 10^11 iterations a second): a nest of a
# few hundred iterations costs less than one launch on the CPU and stays there; a
# gemm of a million iterations goes to the device. `cpu`: no entry ran there.
import numpy as np


def vadd(a, b, out):
    for i in range(a.shape[0]):  # gpu: cpu refused(the cost model chose the CPU tiers)
        out[i] = a[i] + b[i]


def gemm(A, B, C):
    n, m = C.shape
    for i in range(n):  # gpu: sim
        for j in range(m):
            s = 0.0
            for k in range(A.shape[1]):
                s += A[i, k] * B[k, j]
            C[i, j] = s


a = np.arange(300.0)
b = np.ones(300)
out = np.zeros(300)
for rep in range(30):
    vadd(a, b, out)
print(out.sum())

n = 100
A = (np.arange(n * n, dtype=np.float64).reshape(n, n) % 11) / 7.0
B = np.ones((n, n)) * 0.5 - np.eye(n)
for rep in range(3):
    C = np.zeros((n, n))
    gemm(A, B, C)
    print(C.sum(), C[3, :3])
