import numpy as np
a = np.array([1, 2, 3])
b = np.array([[10], [20]])
print(repr(a + b), repr(a - b), repr(a * b), repr(b / a), repr(b // a), repr(b % a), repr(a ** 2))
print(repr(-a), repr(abs(-a)), repr(+a))
print(repr(a + 1.5), repr(2 * a), repr(1 - a), repr(10 / a), repr(7 // a), repr(7 % a))
f = np.array([-3.5, -1.0, 0.5, 2.5])
print(repr(f // 2), repr(f % 2), repr(f // -2), repr(f % -2), repr(-f))
i8 = np.array([100, 120], dtype=np.int8)
print(repr(i8 + i8), repr(i8 * 2), repr(i8 + 1))
print(repr(np.array([1, 2], np.uint8) - np.array([2, 1], np.uint8)))
print(repr(np.array([1, 2], np.int8) + np.array([1, 2], np.uint8)))
print(repr(np.array([1, 2], np.int32) + np.array([1.5], np.float32)))
print(repr(np.array([1, 2], np.int16) * np.float32(2)))
print(repr(np.array([1.5], np.float32) * 2.0), repr(np.array([True, False]) + np.array([True, True])))
print(repr(np.array([-7, 7]) // np.array([2, -2])), repr(np.array([-7, 7]) % np.array([2, -2])))
print(repr(np.array([2, 3]) ** np.array([3, 2])), repr(np.array([2.0]) ** 0.5))
x = np.arange(4)
x += 3
x *= 2
print(repr(x))
y = np.ones(3)
y /= 4
print(repr(y))
try:
    x += 1.5
except TypeError as e:
    print(type(e).__name__, e)
try:
    np.array([1, 2]) + np.array([1, 2, 3])
except ValueError as e:
    print(type(e).__name__, e)
try:
    np.array([1, 2], np.int8) + 300
except OverflowError as e:
    print(type(e).__name__, e)
try:
    np.array([2]) ** -1
except ValueError as e:
    print(type(e).__name__, e)
