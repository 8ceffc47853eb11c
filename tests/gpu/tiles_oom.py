# env: KILN_SIM_MEMORY=256k
# A device with less memory than it was thought to have (an injected out-of-memory
# error: the simulated device holds 256 KiB, the planner believes it has its 2 GiB):
# the first allocation that finds no room makes the run try again in twice as many
# tiles, and again, until they fit; the results are the CPU's.
import numpy as np


def scaled(a, out, k):
    for i in range(a.shape[0]):  # gpu: sim tiles(2)
        out[i] = a[i] * k + 1.0


a = np.sin(np.arange(100_000) * 0.01)
for rep in range(3):
    out = np.zeros(100_000)
    scaled(a, out, rep + 0.5)
    print(out.sum(), out[:3], out[-2:])
