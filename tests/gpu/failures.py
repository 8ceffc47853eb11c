# A check that fails on the device gives the nest to the CPU tiers, which fail where
# the interpreter fails, after the stores it makes: nothing the device computed is
# kept.
import warnings

import numpy as np


def gather(a, idx, out):
    for i in range(idx.shape[0]):  # gpu: failed
        out[i] = a[idx[i]] * 2.0


def divide(a, b, out):
    for i in range(a.shape[0]):  # gpu: failed
        out[i] = 1.0 / b[i] + a[i]


def numpy_warns(a, b, out):
    for i in range(a.shape[0]):  # gpu: failed
        out[i] = a[i] / b[i]


def overflow(xs, out):
    for i in range(xs.shape[0]):  # gpu: failed
        out[i] = xs[i] * 4611686018427387904


a = np.arange(50.0)
idx = np.arange(50, dtype=np.int64)
for rep in range(3):
    out = np.zeros(50)
    if rep == 2:
        idx[30] = 50
    try:
        gather(a, idx, out)
    except IndexError as e:
        print("IndexError", e)
    print(out.sum(), out[29], out[30], out[31])

b = np.ones(50)
for rep in range(3):
    out = np.zeros(50)
    if rep == 2:
        b = np.ones(50)
        b[17] = 0.0
    try:
        divide(a, b, out)
    except ZeroDivisionError as e:
        print("ZeroDivisionError", e)
    print(out.sum(), out[16], out[17])

with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    for rep in range(3):
        out = np.zeros(50)
        bb = np.ones(50)
        if rep == 2:
            bb[40] = 0.0
        numpy_warns(a, bb, out)
        print(out.sum(), out[40])
    print([str(w.message) for w in seen])

xs = np.zeros(40, dtype=np.int64)
for rep in range(3):
    out = np.zeros(40, dtype=np.int64)
    if rep == 2:
        xs[25] = 3
    try:
        overflow(xs, out)
    except OverflowError as e:
        print("OverflowError")
    print(out.sum())
