import numpy as np
for t in [np.bool_, np.int8, np.uint16, np.int64, np.uint64, np.float32, np.float64, np.complex128]:
    a = np.array([[1, 0], [2, 3]], dtype=t)
    l = a.tolist()
    print(np.dtype(t).name, l, type(l[0][0]).__name__, repr(a.item(3)), type(a[1, 1].item()).__name__)
print(np.array(2.5).tolist(), type(np.array(2.5).tolist()).__name__, np.zeros((2, 0)).tolist(), np.array([0.1], np.float32).tolist())
print(np.float32(0.1).item(), np.int8(-1).item(), np.array([[7]]).item(), np.float64(3.5).tolist())
