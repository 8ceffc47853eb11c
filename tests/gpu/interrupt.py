# Ctrl-C during a long nest that launches a kernel per step (a time loop that stays
# serial around loops that run on the device, a launch per loop and step):
# KeyboardInterrupt within a second.
import os
import signal
import threading
import time

import numpy as np
from numba import njit

sent = []


def interrupt_soon():
    def send():
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Timer(0.5, send).start()


@njit
def relax(a, b, steps):
    for t in range(steps):
        for i in range(1, a.shape[0] - 1):  # gpu: sim
            b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0
        for i in range(1, a.shape[0] - 1):  # gpu: sim
            a[i] = b[i]


a = np.zeros(64)
a[32] = 1.0
b = a.copy()
relax(a, b, 50)
print(a.sum(), a[30:35])

interrupt_soon()
try:
    relax(a, b, 10**9)
except KeyboardInterrupt:
    late = time.perf_counter() - sent[0]
    print("KeyboardInterrupt within a second:", late < 1.0)
