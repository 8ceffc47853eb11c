import numpy as np

x = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0])
y = np.array([0.0, 0.8, 0.9, 0.1, -0.8, -1.0])
for deg in (1, 2, 3):
    p = np.polyfit(x, y, deg)
    print(deg, (np.round(p, 9) + 0.0).tolist(), np.round(np.polyval(p, 2.2), 9) + 0.0)
print(repr(np.polyval([3, 0, 1], 5)), repr(np.polyval([3.0, 0.0, 1.0], np.array([1.0, 2.0]))), repr(np.polyval(np.array([1, -2]), np.arange(3))))
xs = np.linspace(-1.0, 1.0, 21)
ys = 2.0 * xs ** 3 - xs + 0.5
print((np.round(np.polyfit(xs, ys, 3), 9) + 0.0).tolist())
p, res, rank, sv, rc = np.polyfit(xs, ys + 0.01 * np.cos(7 * xs), 2, full=True)
print((np.round(p, 9) + 0.0).tolist(), (np.round(res, 9) + 0.0).tolist(), rank, (np.round(sv, 9) + 0.0).tolist(), rc)
two = np.polyfit(x, np.vstack((y, 2 * y)).T, 1)
print(two.shape, (np.round(two, 9) + 0.0).tolist())
print((np.round(np.polyfit(x, y, 1, w=np.array([1.0, 1.0, 2.0, 2.0, 1.0, 1.0])), 9) + 0.0).tolist())
for bad in (lambda: np.polyfit(x, y, -1), lambda: np.polyfit(x, y[:3], 1), lambda: np.polyfit(np.zeros((2, 2)), y, 1)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
V = np.vander(np.array([1, 2, 3]), 4)
print(repr(V), repr(np.vander(np.array([1.0, 2.0]), increasing=True)))
A = np.array([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0], [1.0, 4.0]])
sol, res, rk, s = np.linalg.lstsq(A, np.array([6.0, 5.0, 7.0, 10.0]), rcond=None)
print((np.round(sol, 9) + 0.0).tolist(), (np.round(res, 9) + 0.0).tolist(), rk, (np.round(s, 9) + 0.0).tolist())
