import numpy as np
# Scalar math result types and values (numpy 2, NEP 50): numpy scalars of each kind
# against each other and against Python numbers, and Python numbers against the
# float scalars.
scalars = [np.int8(100), np.uint8(200), np.int16(-5), np.int32(7), np.int64(-3),
           np.uint64(5), np.float32(1.5), np.float64(-2.25)]
python = [3, -2, 2.5, True]
for x in scalars:
    for y in scalars + python:
        for op in ("+", "-", "*", "/", "<", "=="):
            try:
                r = eval("x %s y" % op)
                print(repr(x), op, repr(y), "->", repr(r))
            except Exception as e:
                print(repr(x), op, repr(y), "!", type(e).__name__, e)
for x in python:
    for y in (np.float32(1.5), np.float64(-2.25)):
        for op in ("+", "-", "*", "/", "<"):
            print(repr(x), op, repr(y), "->", repr(eval("x %s y" % op)))
