import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(a.item(4)), repr(a.item(-1)), repr(a.item(0)))
print(repr(np.array(2.5).item()), repr(np.array([[True]]).item()), repr(np.array(3 + 4j).item()))
print(type(np.int32(3).item()).__name__, type(np.float32(1.5).item()).__name__, type(np.array([1], dtype=np.uint8).item()).__name__)
print(repr(np.float64(0.1).item()), repr(np.float32(0.1).item()), repr(np.bool_(True).item()))
print(repr(a[1, 2].item()), repr(a[0][1].item()), repr(a[1:, 2:].item()))
