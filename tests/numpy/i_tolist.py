import numpy as np
print(np.arange(6).reshape(2, 3).tolist(), np.array([1.5, 2.0]).tolist(), np.array([True]).tolist())
print(np.array(5).tolist(), type(np.array(5).tolist()).__name__, np.array(2.5).tolist())
print(np.zeros((2, 0)).tolist(), np.zeros((0,)).tolist(), np.array([1 + 2j]).tolist())
t = np.arange(4, dtype=np.uint8).tolist()
print(t, type(t[0]).__name__, type(np.array([1.0], dtype=np.float32).tolist()[0]).__name__)
print(np.arange(8).reshape(2, 2, 2)[:, ::-1].tolist(), np.arange(6).reshape(2, 3).T.tolist())
print(type(np.array([True]).tolist()[0]).__name__, type(np.array([1j]).tolist()[0]).__name__)
