import numpy as np, struct
a = np.arange(6, dtype=np.int32).reshape(2, 3)
m = memoryview(a)
print(m.format, m.itemsize, m.shape, m.strides, m.ndim, m.nbytes, m.readonly, m.tolist())
print(bytes(a[0]))
print(bytes(a[:, ::-1]), bytes(a.T))
print(bytes(np.array([1.5, -2.0])))
m[1, 1] = 40
print(a)
print(bytearray(np.array([1, 2], dtype=np.uint8)))
print(struct.unpack("3i", a[1]))
r = a[::-1, ::-1]
print(memoryview(r).tolist(), bytes(r))
print(memoryview(np.array(3.5)).shape, bytes(np.array(3.5)))
print(memoryview(np.array([True, False])).tolist(), memoryview(np.arange(3, dtype=np.uint16)).format)
print(memoryview(np.zeros((2, 0))).tolist())
b = bytearray(b"\x01\x00\x02\x00\x03\x00")
f = np.frombuffer(b, dtype=np.int16)
print(f, f.dtype)
f[0] = 7
print(b)
try:
    b.append(1)
except BufferError as e:
    print("BufferError", e)
print(np.frombuffer(b"\x00\x00\x80\x3f\x00\x00\x00\x40", dtype=np.float32))
print(np.frombuffer(b"abcdefgh", dtype=np.uint8, count=3, offset=2))
for args in [(b"abc", np.int16), ]:
    try: np.frombuffer(*args)
    except ValueError as e: print("ValueError", e)
try: np.frombuffer(b"abcd", np.uint8, count=5)
except ValueError as e: print("ValueError", e)
try: np.frombuffer(b"abcd", np.uint8, offset=5)
except ValueError as e: print("ValueError", e)
g = np.arange(4.0)
h = np.frombuffer(g, dtype=np.float64)
h[1] = 10
print(g, np.frombuffer(g[::2].copy()))
print(np.frombuffer(b""))
