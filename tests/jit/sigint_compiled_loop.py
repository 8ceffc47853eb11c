import os
import signal
import threading

def interrupt_soon():
    threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()

def spin():
    x = 0
    i = 0
    while True:  # jit: compiled, deopts
        x = (x + i) % 1000003
        i += 1

interrupt_soon()
try:
    spin()
except KeyboardInterrupt:
    print("KeyboardInterrupt in the while loop")

interrupt_soon()
try:
    for k in range(10 ** 15):  # jit: compiled, deopts
        x = k * 2
except KeyboardInterrupt:
    print("KeyboardInterrupt in the for loop")

# The variables are where the compiled loop had got to when it stopped, not where it
# entered compiled code (the interrupt may land before or after `s += k`).
interrupt_soon()
s = 0
try:
    for k in range(10 ** 15):  # jit: compiled, deopts
        s += k
except KeyboardInterrupt:
    consistent = s in (k * (k + 1) // 2, k * (k - 1) // 2)
    print("KeyboardInterrupt with the sum consistent:", consistent, "and past 10000:", k > 10000)
