import numpy as np
a = np.array([1, 2, 3], np.int8)
print(repr(a + 1), repr(a * -2), repr(a // 2), repr(a - 100), repr(a + 2.5))
print(repr(np.float32(1.5) + 1), repr(np.float32(1.5) * 2.0), repr(np.int8(5) + 3), repr(np.uint8(3) * 2))
print(repr(np.int64(7) / 2), repr(np.int64(7) // 2), repr(np.float64(7) // 2), repr(np.int64(2) ** 3), repr(7 % np.int64(3)))
print(repr(np.int8(3) + 2.5), repr(np.bool_(True) + 1), repr(np.bool_(True) + np.bool_(True)), repr(1.5 * np.float32(2)))
print(repr(np.array(1, np.uint8) + 1), repr(np.array([1], np.float32) + np.float64(1)), repr(np.float64(1) + np.array([1], np.float32)))
for e in ["np.array([1], np.uint8) + 256", "np.array([1], np.int8) - 129", "np.uint8(1) + 300", "np.array([1], np.uint8) + -1"]:
    try:
        print(e, repr(eval(e)))
    except OverflowError as ex:
        print(e, type(ex).__name__, ex)
