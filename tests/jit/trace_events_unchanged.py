# With a trace or profile function set, a program sees exactly the events it sees under
# KILN_JIT=0: loops stay interpreted while one is set (compiled code makes no line or
# call events), and a for loop over a range makes no extra `exception` event when it
# ends. Loops that compiled before the tracer was set, `while` loops, nested loops,
# `break`/`else`, a tracer set and cleared inside a loop, and sys.setprofile (which
# must not see the calls the rewritten loops make into kiln's runtime).
# (Outside-tester report: an extra StopIteration event, other line events for while.)
import sys

import numpy as np


def total(a):
    s = 0.0
    for i in range(len(a)):  # jit: compiled
        s += a[i] * 2
    return s


def countdown(n):
    k = 0
    while n > 0:  # jit: compiled
        n -= 3
        k += 1
    return k


def nested(m):
    t = 0
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):  # jit: compiled
            if m[i, j] > 4:
                break
            t += m[i, j]
        else:
            t -= 1
    return t


def helper(x):
    return x * 2


def calls(n):
    s = 0
    for i in range(n):  # jit: compiled
        s += helper(i)
    return s


a = np.arange(300.0)
m = (np.arange(40) % 7).reshape(8, 5)
warm = [total(a), countdown(1000), nested(m), calls(300)]

events = []


def tracer(frame, event, arg):
    if frame.f_code.co_filename == __file__:
        detail = arg[0].__name__ if event == "exception" else None
        events.append((frame.f_code.co_name, event, frame.f_lineno, detail))
    return tracer


sys.settrace(tracer)
traced = [total(a[:4]), countdown(10), nested(m[:3]), calls(3)]
sys.settrace(None)
print(warm == [total(a), countdown(1000), nested(m), calls(300)], traced)
for e in events:
    print(*e)

# A tracer set and cleared inside a loop (which the calls keep interpreted).
events.clear()
s = 0
for i in range(400):
    s += i
    if i == 300:
        sys.settrace(tracer)
    if i == 303:
        sys.settrace(None)
print(s, events)

calls_seen = []
sys.setprofile(lambda frame, event, arg: calls_seen.append((frame.f_code.co_name, event)))
calls(3)
sys.setprofile(None)
print([c for c in calls_seen if c[0] in ("calls", "helper")])
