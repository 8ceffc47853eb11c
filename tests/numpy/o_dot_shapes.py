import numpy as np
v = np.array([1, 2, 3])
w = np.array([4.0, 5.0, 6.0])
m = np.arange(6).reshape(2, 3)
n = np.arange(6).reshape(3, 2)
print(repr(np.dot(v, w)), repr(v @ v), repr(np.matmul(v, w)), repr(v.dot(v)), type(v @ v).__name__)
print(repr(m @ v), repr(np.dot(m, w)), repr(v @ n), repr(np.dot(w, n)))
print(repr(m @ n), repr(n @ m), repr(np.dot(n, m)), repr(m.dot(n)))
print(repr(np.dot(3, v)), repr(np.dot(m, 2.0)), repr(np.dot(np.array(2), np.array(3))))
print(repr(np.array([1, 2], np.int8) @ np.array([100, 100], np.int8)), repr(np.array([1.5], np.float32) @ np.array([2], np.int32)))
print(repr(np.ones((2, 0)) @ np.ones((0, 3))), repr(np.zeros(0) @ np.zeros(0)))
x = np.array([[1.0, 2.0], [3.0, 4.0]])
x @= np.eye(2) * 2
print(repr(x))
