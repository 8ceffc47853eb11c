import numpy as np
a = np.array([0, 1, 2, 3])
print(repr(a ** 0), repr(a ** 1), repr(a ** a), repr(2 ** a), repr(np.power(a, 2)), repr(a ** 2.0))
print(repr(np.array([2], np.int8) ** 7), repr(np.array([2], np.int8) ** 8), repr(np.array([3], np.uint8) ** 5))
print(repr(np.array([2.0, 4.0]) ** -1), repr(np.array([8.0]) ** (1 / 3)), repr(np.array([0.0]) ** 0))
print(repr(np.power(np.array([[1], [2]]), np.array([1, 2, 3]))), repr(np.array([True, False]) ** np.array([2, 2])))
print(repr(np.array([2], np.float32) ** 10), repr(np.float64(2) ** 0.5), repr(np.int64(2) ** 10))
print(repr(np.array([4.0, 9.0]) ** 0.5), repr(np.array([-2.0]) ** 3), repr(np.array([-2.0]) ** -2), repr(np.array([-1]) ** 3))
for expr in ["np.array([2]) ** -1", "np.power(np.array([3]), np.array([-2]))", "np.int64(2) ** -1", "np.array([2]) ** np.array([-1.0])"]:
    try:
        print(expr, repr(eval(expr)))
    except ValueError as e:
        print(expr, type(e).__name__, e)
