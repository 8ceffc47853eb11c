import numpy as np

x = np.array([[0.0, 2.0], [1.0, 1.0], [2.0, 0.0]]).T
print(repr(np.cov(x)), repr(np.cov(x, bias=True)), repr(np.cov(x, ddof=0)))
a = np.array([-2.1, -1.0, 4.3])
b = np.array([3.0, 1.1, 0.12])
print(repr(np.cov(a, b)), repr(np.cov(np.vstack((a, b)).T, rowvar=False)), repr(np.cov(a)))
m = (np.arange(20.0).reshape(4, 5) ** 1.5) % 7
print(repr(np.cov(m)), repr(np.corrcoef(m)))
print(repr(np.corrcoef(a, b)), repr(np.corrcoef(a)))
print(repr(np.cov(a, fweights=np.array([1, 2, 1]))), repr(np.cov(a, aweights=np.array([0.5, 1.0, 2.0]))))
