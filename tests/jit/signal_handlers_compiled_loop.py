# Python signal handlers other than SIGINT's run while a compiled loop runs, within a
# poll of the loop: an alarm (SIGALRM from setitimer) whose handler raises stops a
# loop that would run for ever; a SIGUSR1 handler that sets a flag the loop reads lets
# it finish; a handler installed again (signal.signal reinstalls the C handler) still
# reaches compiled code. (Outside-tester report: the alarm never stopped the loop.)
import os
import signal
import threading

import numpy as np
from numba import njit


class Alarm(Exception):
    pass


def on_alarm(signum, frame):
    raise Alarm(signum)


def spin_for():
    x = 0
    for i in range(10 ** 15):  # jit: compiled, deopts
        x += i % 7
    return x


@njit
def spin_whole():
    # Compiled whole: its loop is inside a loop of one iteration, and polls all the
    # same (it did not: the alarm never stopped it).
    x = 0
    for i in range(10 ** 15):
        x += i % 5
    return x


def spin_while(stop):
    n = 0
    while stop[0] == 0:  # jit: compiled, deopts
        n = (n + 3) % 1000003
    return n


for attempt in range(2):
    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        spin_for()
    except Alarm as e:
        print("the alarm handler raised in the for loop:", e.args[0] == signal.SIGALRM)

for attempt in range(2):
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        spin_whole()
    except Alarm as e:
        print("the alarm handler raised in a function compiled whole:", e.args[0] == signal.SIGALRM)

stop = np.zeros(1, dtype=np.int64)
seen = []


def on_usr1(signum, frame):
    seen.append(signum)
    stop[0] = 1


signal.signal(signal.SIGUSR1, on_usr1)
threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGUSR1)).start()
spin_while(stop)
print("the SIGUSR1 handler ran and the while loop saw its flag:", seen == [signal.SIGUSR1])
